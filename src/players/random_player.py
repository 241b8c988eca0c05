"""The random baseline: a uniform choice over the legal actions, from the seat's own stream."""

from __future__ import annotations

from ..core.actions import Action
from ..core.view import View
from ..hookspecs import hookimpl
from ..i18n import N_
from .base import Player


class RandomPlayer(Player):
    """Picks uniformly among the legal actions (draws, leaders and claims included)."""

    name = "random"
    description = N_("uniform over the legal actions; the baseline every bot should beat")

    def act(self, view: View) -> Action:
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]


@hookimpl
def capicua_register_players(registry) -> None:
    registry.add(RandomPlayer)
