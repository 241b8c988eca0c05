"""The core: tiles, actions, the match state machine, views, records and randomness.

Everything the GUI, the computer players and the tournament runner share. Nothing here knows
a particular game: variants (``capicua.variants``) supply the rules where games differ.
"""

from .actions import (
    ENDS,
    KEEP,
    LEFT,
    PASS,
    REDEAL,
    RIGHT,
    Action,
    ChooseLeader,
    Draw,
    Keep,
    Pass,
    Play,
    Redeal,
    parse_action,
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
from .line import Line
from .match import HandLog, Match, Outcome
from .tiles import Tile, tile_set
from .variant import BLOCK, DOMINO, TIE, HandResult, Variant, VariantInfo
from .view import PastHand, View

__all__ = [
    "BLOCK",
    "DOMINO",
    "ENDS",
    "KEEP",
    "LEFT",
    "PASS",
    "REDEAL",
    "RIGHT",
    "TIE",
    "Action",
    "CapicuaError",
    "ChooseLeader",
    "Draw",
    "HandLog",
    "HandResult",
    "IllegalAction",
    "Keep",
    "Line",
    "Match",
    "MatchOver",
    "NothingToUndo",
    "Outcome",
    "Pass",
    "PastHand",
    "Play",
    "PlayerError",
    "PlayerFault",
    "PluginError",
    "RecordError",
    "Redeal",
    "RuleViolation",
    "Tile",
    "Variant",
    "VariantInfo",
    "View",
    "parse_action",
    "tile_set",
]
