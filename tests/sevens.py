"""A tiny game for tests where tiles join when the touching numbers sum to seven.

What a pass tells there differs from the block game: a seat that passes on a 6 end shows it
holds no tile with a 1, and says nothing of its sixes. The tests of passes, hints and the
table's words play it to prove they ask the rules rather than the numbers at the ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from capicua.core.actions import LEFT, RIGHT
from capicua.core.line import Line
from capicua.core.tiles import Tile
from capicua.core.variant import Variant


@dataclass(frozen=True, slots=True)
class SevensLine(Line):
    """A two-ended line where a tile goes on an end showing n by its side showing 7 - n."""

    def fits(self, tile: Tile) -> tuple[str, ...]:
        if not self.tiles:
            return (LEFT,)
        left, right = self.tiles[0][0], self.tiles[-1][1]
        return tuple(e for e, n in ((LEFT, left), (RIGHT, right)) if tile.has(7 - n))

    def play(self, tile: Tile, end: str) -> SevensLine:
        if not self.tiles:
            return SevensLine(((tile.hi, tile.lo),))
        if end not in self.fits(tile):
            raise ValueError(f"{tile} does not join the {end} end of {self}")
        if end == LEFT:
            touch = 7 - self.tiles[0][0]
            return SevensLine(((tile.other(touch), touch), *self.tiles))
        touch = 7 - self.tiles[-1][1]
        return SevensLine((*self.tiles, (touch, tile.other(touch))))


class Sevens(Variant):
    """The block game on a :class:`SevensLine`, four seats in two teams, to 100."""

    name = "sevens"
    title = "Sevens"
    goal = 100
    block_winner = Variant.block_by_team_total
    points = Variant.score_opponents_pips
    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal

    def new_layout(self, number: int) -> SevensLine:
        return SevensLine()


#: Seat 1 leads the 6-6; seat 2 holds sixes but no one, so nothing of it joins a 6.
SEVENS_HANDS = {
    1: "6-6 6-5 5-5 5-4 4-4 4-3 3-3",
    2: "6-4 6-3 6-2 6-0 5-3 5-2 5-0",
    3: "6-1 5-1 4-1 3-1 2-1 1-1 1-0",
    4: "4-2 4-0 3-2 3-0 2-2 2-0 0-0",
}
