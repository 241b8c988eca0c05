"""The player interface: what a player plugin is given, and what it must answer.

A player is made for one seat of one match with its own random stream and its validated
options, and is asked for an action with the seat's :class:`~capicua.core.view.View`. It
gets nothing else: no match, no engine, no other seat's object (OpenSpiel's bots get a state
and an rng; ours get only the view, so hiding is structural).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ..core.actions import REDEAL, Action, ChooseLeader
from ..core.options import Option
from ..core.view import View

__all__ = ["ComputerPlayer", "Option", "Player", "other_decision"]


class Player:
    """Base class of player plugins.

    Subclasses set ``name`` (used in configs), ``description`` and ``options``, and
    implement :meth:`act`. Register with ``registry.add(MyPlayer)`` from the
    ``capicua_register_players`` hook.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    options: ClassVar[dict[str, Option]] = {}
    #: True for players that are people at the table (the GUI asks them itself).
    interactive: ClassVar[bool] = False

    def __init__(self, rng: random.Random, **options: Any) -> None:
        self.rng = rng
        for key, opt in self.options.items():
            setattr(self, key, options.get(key, opt.default))

    def act(self, view: View) -> Action:
        """The action to take, one of ``view.legal``."""
        raise TypeError(f"player {self.name!r} does not implement act()")

    @classmethod
    def config_problem(cls, options: dict[str, Any]) -> str | None:
        """What is wrong with these options taken together, beyond each option's own
        check (``None``: nothing); a config naming this player is refused with it."""
        return None


def other_decision(view: View, rng: random.Random) -> Action:
    """The draw, the leader and redeal claims, decided the same way by every computer
    player: always claim with five or more doubles (docs/rules.md), name itself as leader (the
    choice is blind), draw any face-down tile (they are alike)."""
    legal = view.legal
    if REDEAL in legal:
        return REDEAL
    if view.phase == "lead":
        own = ChooseLeader.of(view.seat)
        return own if own in legal else legal[0]
    return legal[int(rng.random() * len(legal))]


class ComputerPlayer(Player):
    """Base of the built-in computer players: a single legal action is taken as it is, the
    decisions other than plays go to :func:`other_decision`, and :meth:`choose_play`
    picks among the plays."""

    def act(self, view: View) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase != "play":
            return other_decision(view, self.rng)
        return self.choose_play(view)

    def choose_play(self, view: View) -> Action:
        """The play to make, one of ``view.legal`` (at least two to choose from)."""
        raise TypeError(f"player {self.name!r} does not implement choose_play()")
