"""All Fives (Muggins) as a capicua variant plugin: a spinner, points during play, to 150.

This distribution is written the way anyone outside the project would write one: it imports
only capicua's public modules, and ``[project.entry-points.capicua]`` in its
``pyproject.toml`` points at this module, whose ``capicua_register_variants`` hook adds the
:class:`AllFives` variant. Once installed, ``all-fives`` is in ``capicua plugins``, in the
GUI (``capicua play --variant all-fives``) and usable in tournament configs
(``variant = "all-fives"``).

All Fives is Draw on a spinner, scored as it goes: after every play the open ends are
counted (:func:`count`), and a count that is a multiple of five scores at once
(:meth:`AllFives.play_points`). The engine lays the tiles on capicua's
:class:`~capicua.core.layout.Spinner` (the first double played opens up and down once both
of its sides are taken), draws from the boneyard, and ends the match the moment a side
reaches the goal during a hand; the class below answers the rest in All Fives' terms.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from capicua.core.actions import DOWN, UP, Play
from capicua.core.layout import Layout, Spinner
from capicua.core.options import Option
from capicua.core.tiles import Tile
from capicua.core.variant import (
    HandResult,
    Hands,
    NameOf,
    Variant,
    str_seat,
    str_team,
)
from capicua.hookspecs import hookimpl

if TYPE_CHECKING:
    from capicua.registries import VariantRegistry

__all__ = ["RULES", "AllFives", "capicua_register_variants", "count", "nearest_five"]

RULES = """\
All Fives, also called Muggins (double-six, two to four players, to 150)

Players: two, three or four (the option "seats"; two unless chosen). With four, partners
sit opposite, seats 1 and 3 against seats 2 and 4, and a team keeps one score (the option
"partners", on unless switched off; it means nothing with two or three players). Seats
take turns in order: 1, 2, ... and back to 1.

Set and deal: the double-six set, 28 tiles. With two players each gets seven tiles; with
three or four, five each. The rest stays face down as the boneyard.

Who leads:
  1. The first hand of a match, and the hand after a tie: the player holding the highest
     double leads, and must lead it. If nobody holds a double, all the tiles are shuffled
     and dealt again.
  2. After a won hand, the winner leads, any tile: the player who went out, or, when
     partners win a block, the partner with fewer pips (equal pips: the lower seat).

The spinner: the first double played in a hand, led or played later, is the spinner. Tiles
go on it first along the line, on its two sides (a spinner played onto the line already
has one side taken, by the tile it joins). Once both sides are taken, tiles may also go on
it up and down, across the line, so the table has up to four open ends. Every other double
is an ordinary tile, laid crosswise.

Your turn: if you hold a tile that matches an open end you must play one (you choose which
tile and which end). If you hold none, you draw from the boneyard, one tile at a time,
until you draw one that fits; then you must play it. The last two tiles of the boneyard
are never drawn: if you cannot play and only two tiles are left, you pass.

The count, after every play, adds up the open ends:
  - with one tile alone on the table, its pip total (5-5 led: 10; 6-4 led: 10);
  - otherwise each open end counts the number it shows, and a double at an open end
    counts both halves;
  - the spinner counts both halves, as one end, while one of its sides along the line is
    free (5-5 with 5-3 on one side: 10 + 3 = 13); once both are taken it counts nothing
    itself, and each arm across it counts nothing while empty and, once a tile lies there,
    the open end of its outermost tile (both halves if that tile is a double).

Scoring during play: when the count after your play is 5, 10, 15 or any multiple of five,
you (or your team) score it at once. A side that reaches the goal wins the match there and
then, even in the middle of a hand, also when the play was its last tile (the hand is not
scored).

Domino: a player who plays their last tile wins the hand; they (or their team) score the
pips left in the opponents' hands, rounded to the nearest five (12 scores 10, 13 scores
15). The boneyard never counts.

Block: when nobody can play and nobody can draw, the hand is blocked at once. The side with
the fewest pips (partners' pips added together) wins it and scores the pips of all the
other sides, rounded to the nearest five; its own pips are not taken off. If the fewest
pips are held by two sides or more, it is a tie: nobody scores, and the next hand is led as
a match's first (rule 1).

Match: scores add up; the first side with 150 or more wins the match (the option "goal"
sets another target, from 50 to 500).
"""


def nearest_five(pips: int) -> int:
    """``pips`` rounded to the nearest multiple of five (12 -> 10, 13 -> 15): five is odd,
    so no number lies half-way."""
    return 5 * ((pips + 2) // 5)


def _end_value(number: int, tile: tuple[int, int]) -> int:
    """What an open end showing ``number`` counts, with ``tile`` the tile at that end: both
    halves when it is a double, else the number."""
    return 2 * number if tile[0] == tile[1] else number


def count(layout: Spinner) -> int:
    """The count of the table: the sum of its open ends, by All Fives' rule (``RULES``).

    A double at a line end counts both halves, and the spinner is one of them while it still
    sits at an end of the line (one of its sides free); once crossed it is inside the line
    and counts nothing, and its cross arms count their outermost tiles, nothing while empty.
    """
    if not layout.placed:
        return 0
    if layout.placed == 1:
        a, b = layout.line[0]
        return a + b  # a lone double counts its two halves once, not once per end
    left, right = layout.line[0], layout.line[-1]
    # A line reads left to right: the left end shows a tile's first number, every other
    # end the second.
    total = _end_value(left[0], left) + _end_value(right[1], right)
    if layout.crossed:
        for end in (UP, DOWN):
            outer = layout.outer(end)
            if outer is not None:
                total += _end_value(outer[1], outer)
    return total


def scores(points: int) -> int:
    """What a count scores: itself when it is a positive multiple of five, else nothing."""
    return points if points > 0 and points % 5 == 0 else 0


class AllFives(Variant):
    """All Fives (Muggins): Draw on a spinner, multiples of five scored as they are made,
    the rest of the opponents' pips rounded to fives at the hand's end; to 150."""

    name = "all-fives"
    title = "All Fives"
    summary = (
        "Muggins: a spinner with four ends; every count that is a multiple of five scores "
        "at once; to 150."
    )
    rules = RULES
    max_pip = 6
    # The class's metadata are those of the default table, two players; configure() sets
    # them for the seats and partners chosen.
    seats = 2
    hand_size = 7
    teams: tuple[tuple[int, ...], ...] = ((1,), (2,))
    drawing = True
    boneyard_keeps = 2
    goal = 150
    options = {
        "seats": Option(int, 2, "players at the table", min=2, max=4),
        "partners": Option(
            bool, True, "with four players, seats 1 and 3 play against seats 2 and 4"
        ),
        "goal": Option(int, 150, "points that win the match", min=50, max=500),
    }
    partners_on: bool

    def configure(self) -> None:
        # "partners" is also the name of the base class's method that lists a seat's
        # partners, so the option's value is read with option() and kept under another name.
        self.partners_on = self.option("partners")
        if self.seats == 4 and self.partners_on:
            self.teams = ((1, 3), (2, 4))
        else:
            self.teams = tuple((seat,) for seat in range(1, self.seats + 1))
        self.hand_size = 7 if self.seats == 2 else 5

    def hand_leader(
        self, number: int, previous: HandResult | None, hands: Hands
    ) -> tuple[int, Tile | None] | None:
        # A hand led by the highest double (a match's first, or after a tie) needs a double
        # dealt; without one the tiles are dealt again. After a won hand any deal will do.
        if (previous is None or previous.team is None) and not any(
            t.is_double for tiles in hands.values() for t in tiles
        ):
            return None
        # The engine's default lead is All Fives' rule: the highest double at a match's
        # start and after a tie; the player who went out; on a block the winning partner
        # with fewer pips, the lower seat on equal pips.
        return self.leader(previous, hands)

    def new_layout(self, number: int) -> Layout:
        return Spinner()

    def play_points(self, layout: Layout, seat: int, action: Play) -> int:
        """The count after the play, when it is a positive multiple of five."""
        assert isinstance(layout, Spinner)  # new_layout's, played on
        return scores(count(layout))

    def table_count(self, layout: Layout) -> int | None:
        """The count of the open ends, which the table shows after every play."""
        assert isinstance(layout, Spinner)
        return count(layout)

    # Partners' pips are added together: the lowest team total wins a block.
    block_winner = Variant.block_by_team_total

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        """A domino or a won block scores the opponents' pips, rounded to the nearest five
        (the winners' own pips are not taken off)."""
        if team is None:
            return 0
        return nearest_five(self.opponents_pips(team, hands))

    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        # Told in All Fives' own words, in the GUI's result panel and ``capicua replay``.
        totals = self.team_pips(result.remaining)
        if result.team is None:
            return f"The fewest pips ({min(totals.values())}) are held twice: a tie."
        theirs = self.opponents_pips(result.team, result.remaining)
        return (
            f"The fewest pips win the block: {team_name(result.team)} with "
            f"{totals[result.team]} scores the others' {theirs}, rounded to {result.points}."
        )


@hookimpl
def capicua_register_variants(registry: VariantRegistry) -> None:
    """Add All Fives to capicua's variants."""
    registry.add(AllFives)
