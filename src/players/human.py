"""The human player: a person at the Tk table, registered like any other player plugin.

A person is not asked through :meth:`act` the way a computer is: the table (``capicua
play``) shows the position, the person taps a tile and an end, and the table hands the
chosen action to this object with :meth:`HumanPlayer.submit`. :meth:`act` then gives it back
to whoever drives the match (:func:`capicua.core.driver.ask` in the GUI too), so a person's
decision passes the very same legality check as a computer's.

``interactive = True`` tells tournament configs to refuse this player: with nobody at the
table, :meth:`act` has nothing to answer and says so instead of guessing.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.actions import Action
from ..core.view import View
from ..hookspecs import hookimpl
from ..i18n import N_
from .base import Player


class NoDecision(RuntimeError):
    """The person has not chosen yet (``act`` was called with nothing submitted)."""


class HumanPlayer(Player):
    """A person choosing at the table; the GUI submits each decision before it is asked."""

    name = "human"
    description = N_("a person at the table (capicua play); not for tournaments")
    interactive = True

    def __init__(self, rng: random.Random, **options: Any) -> None:
        super().__init__(rng, **options)
        self._chosen: Action | None = None

    def submit(self, action: Action) -> None:
        """The person's choice for the decision about to be asked."""
        self._chosen = action

    @property
    def waiting(self) -> bool:
        """True until the person has submitted a choice."""
        return self._chosen is None

    def act(self, view: View) -> Action:
        """The submitted choice (used once); NoDecision when the person has not chosen."""
        action, self._chosen = self._chosen, None
        if action is None:
            raise NoDecision(f"seat {view.seat} is a person at the table and has not chosen yet")
        return action


@hookimpl
def capicua_register_players(registry) -> None:
    registry.add(HumanPlayer)
