"""A greedy computer player as a capicua player plugin: it plays its heaviest legal tile.

Written the way anyone outside the project would write one: ``[project.entry-points.capicua]``
in ``pyproject.toml`` points at this module, whose ``capicua_register_players`` hook adds
:class:`GreedyPlayer` under the name ``greedy``. Once installed it can sit in any seat of
any variant, in the GUI and in tournament configs (``1 = "greedy"``).

Its rule: shed pips as fast as possible, because the pips left in your hand are what the
other side scores (or, in Chiva, what loses a block). For every decision:

* **play**: the legal play with the heaviest tile; equal pips, a double first (a double
  follows one number only, so it is the hardest tile to get rid of), then the tile with
  the higher number. When that tile fits both ends, it goes where the number it leaves
  open is one the player holds most other tiles of, so it can follow on its next turn;
  still equal, the left end.
* **pass**: only ever offered alone; it is taken.
* **draw for first lead**: the first face-down tile. The tiles are face down and shuffled,
  so every choice is equally good and the first keeps the player deterministic.
* **choose the leader** (the entitled team's chooser, before the deal): itself. The choice
  is blind and the seats are symmetric, so no partner is better.
* **five doubles**: always demands the redeal, as capicua's rules require of a computer.

It needs no random numbers: its choices depend on the view alone.
"""

from __future__ import annotations

from capicua.core.actions import REDEAL, Action, ChooseLeader, Pick, Play
from capicua.core.view import View
from capicua.hookspecs import hookimpl
from capicua.players.base import Player

__all__ = ["GreedyPlayer", "capicua_register_players"]


class GreedyPlayer(Player):
    """Plays its heaviest legal tile (see the module docstring for every decision)."""

    name = "greedy"
    description = "plays its heaviest legal tile, doubles first; sheds pips as fast as it can"

    def act(self, view: View) -> Action:
        legal = view.legal
        plays = [a for a in legal if isinstance(a, Play)]
        if plays:
            return self.choose_play(view, plays)
        if REDEAL in legal:
            return REDEAL
        for action in legal:
            if isinstance(action, ChooseLeader) and action.seat == view.seat:
                return action
        draws = [a for a in legal if isinstance(a, Pick)]
        if draws:
            return min(draws, key=lambda a: a.index)
        # A pass (the only action when no tile fits), or a kind of decision this player
        # does not know: any legal action keeps the match going, the first is repeatable.
        return legal[0]

    def choose_play(self, view: View, plays: list[Play]) -> Play:
        """The heaviest tile, doubles first on equal pips, then the higher number; then the
        end that leaves open the number the player can follow most often."""
        best = max(plays, key=lambda a: (a.tile.pips, a.tile.is_double, a.tile.hi))
        candidates = [a for a in plays if a.tile is best.tile]
        if len(candidates) == 1 or view.ends is None:
            return candidates[0]
        rest = [t for t in view.hand if t is not best.tile]
        left, right = view.ends

        def follow_ups(play: Play) -> int:
            open_number = play.tile.other(left if play.end == "left" else right)
            return sum(1 for t in rest if t.has(open_number))

        # max() keeps the first of equals, and view.legal lists the left end first.
        return max(candidates, key=follow_ups)


@hookimpl
def capicua_register_players(registry) -> None:
    """Add the greedy player to capicua's players."""
    registry.add(GreedyPlayer)
