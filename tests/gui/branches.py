"""A layout of a game's own that branches, for the table's tests: every double played on an
arm closes that arm and opens three new ones from it, so the open ends multiply.

Written as a plugin author would from docs/plugins.md: the layout says how it runs
(:meth:`~capicua.core.layout.Layout.origin`, :meth:`~capicua.core.layout.Layout.arms`) and
the table draws it without knowing the game.
"""

from __future__ import annotations

from dataclasses import dataclass

from capicua.core.actions import arm
from capicua.core.layout import Arm, Layout
from capicua.core.tiles import Tile
from capicua.core.variant import Variant


@dataclass(frozen=True, slots=True)
class Branches(Layout):
    """The first tile opens arms ``a1`` (its high number) and ``a2`` (its low number); a
    double played on an arm closes it and opens three new arms from the double (to both
    sides and straight on), each showing its number."""

    lead: tuple[int, int] | None = None
    runs: tuple[Arm, ...] = ()

    @property
    def placed(self) -> int:
        return (1 if self.lead else 0) + sum(len(a.tiles) for a in self.runs)

    def pairs(self) -> tuple[tuple[int, int], ...]:
        own = tuple(p for a in self.runs for p in a.tiles)
        return (self.lead, *own) if self.lead else own

    def origin(self) -> tuple[int, int] | None:
        return self.lead

    def arms(self) -> tuple[Arm, ...]:
        return self.runs

    def open_ends(self) -> tuple[tuple[str, int], ...]:
        return tuple((a.end, a.open) for a in self.runs if a.end is not None and a.open is not None)

    def play(self, tile: Tile, end: str, shows: int | None = None) -> Branches:
        if self.lead is None:
            first = (Arm(arm(1), (), tile.hi), Arm(arm(2), (), tile.lo))
            return Branches((tile.hi, tile.lo), first)
        runs = list(self.runs)
        k = next((i for i, a in enumerate(runs) if a.end == end), None)
        if k is None or runs[k].open is None or not tile.has(runs[k].open):
            raise ValueError(f"{tile} does not fit the {end} end of {self}")
        a, n = runs[k], runs[k].open
        laid = (*a.tiles, (n, tile.other(n)))
        if tile.is_double:  # arms are numbered without end, as many as a game needs
            runs[k] = Arm(None, laid, None, a.at)
            runs += [Arm(arm(len(runs) + j), (), n, (k, len(laid) - 1)) for j in (1, 2, 3)]
        else:
            runs[k] = Arm(a.end, laid, tile.other(n), a.at)
        return Branches(self.lead, tuple(runs))


class BranchesGame(Variant):
    """Two players, double-six, seven tiles each, a block game on :class:`Branches`."""

    name = "branches-test"
    title = "Branches (test)"
    max_pip = 6
    hand_size = 7
    seats = 2
    teams = ((1,), (2,))

    def new_layout(self, number: int) -> Layout:
        return Branches()

    def block_winner(self, hands):
        counts = {s: sum(t.pips for t in ts) for s, ts in hands.items()}
        low = min(counts.values())
        lowest = [s for s, c in counts.items() if c == low]
        return self.team_of[lowest[0]] if len(lowest) == 1 else None

    def next_scores(self, scores, team, points):
        return tuple(s + (1 if t == team else 0) for t, s in enumerate(scores, 1))

    def match_winner(self, scores):
        return next((t for t, s in enumerate(scores, 1) if s >= 3), None)


#: A deal on which doubles branch three times in the first eight plays.
HANDS = {1: "6-6 6-5 5-5 5-1 2-2 4-4 0-0", 2: "6-4 6-1 5-3 5-4 6-2 3-3 4-2"}
