"""The core: tiles, actions, the match state machine, views, records and randomness.

Everything the GUI, the computer players and the tournament runner share. Nothing here knows
a particular game: variants (``capicua.variants``) supply the rules where games differ.
"""

from .actions import (
    ALL_ENDS,
    DOWN,
    DRAW,
    ENDS,
    KEEP,
    LEFT,
    MEXICAN,
    PASS,
    REDEAL,
    RIGHT,
    UP,
    Action,
    ChooseLeader,
    DrawTile,
    Keep,
    Pass,
    Pick,
    Play,
    Redeal,
    parse_action,
    train,
)
from .errors import (
    CapicuaError,
    IllegalAction,
    MatchOver,
    NothingToUndo,
    PlayerError,
    PlayerFault,
    PluginError,
    RecordError,
    RuleViolation,
)
from .layout import Layout, Spinner, Train, Trains
from .line import Line
from .match import HandLog, Match, Outcome, Phase
from .position import Ending, Position, step
from .tiles import Tile, tile_set
from .variant import BLOCK, DOMINO, GOAL, TIE, HandEnd, HandResult, Variant, VariantInfo
from .view import PastHand, View

__all__ = [
    "ALL_ENDS",
    "BLOCK",
    "DOMINO",
    "DOWN",
    "DRAW",
    "ENDS",
    "GOAL",
    "KEEP",
    "LEFT",
    "MEXICAN",
    "PASS",
    "REDEAL",
    "RIGHT",
    "TIE",
    "UP",
    "Action",
    "CapicuaError",
    "ChooseLeader",
    "DrawTile",
    "Ending",
    "HandEnd",
    "HandLog",
    "HandResult",
    "IllegalAction",
    "Keep",
    "Layout",
    "Line",
    "Match",
    "MatchOver",
    "NothingToUndo",
    "Outcome",
    "Pass",
    "PastHand",
    "Phase",
    "Pick",
    "Play",
    "PlayerError",
    "PlayerFault",
    "PluginError",
    "Position",
    "RecordError",
    "Redeal",
    "RuleViolation",
    "Spinner",
    "Tile",
    "Train",
    "Trains",
    "Variant",
    "VariantInfo",
    "View",
    "parse_action",
    "step",
    "tile_set",
    "train",
]
