"""The Draw game as a capicua variant plugin: two to four players, double-six, to 100.

This distribution is written the way anyone outside the project would write one: it imports
only capicua's public modules, and ``[project.entry-points.capicua]`` in its
``pyproject.toml`` points at this module, whose ``capicua_register_variants`` hook adds the
:class:`Draw` variant. Once installed, ``draw`` is in ``capicua plugins``, in the GUI
(``capicua play --variant draw``) and usable in tournament configs (``variant = "draw"``).

Draw is the block game with a boneyard: a player who cannot play draws until a tile fits.
The engine does the drawing itself once the class says so (:attr:`Draw.drawing`, with the
last two tiles kept by :attr:`Draw.boneyard_keeps`); the class below answers the rest where
Draw differs from the engine's defaults: how many play and how many tiles each gets, a deal
with no double to lead, who wins a block, what a hand scores and when the match is won.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from capicua.core.options import Option
from capicua.core.tiles import Tile
from capicua.core.variant import (
    BLOCK,
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

__all__ = ["RULES", "Draw", "capicua_register_variants"]

RULES = """\
Draw (double-six, two to four players, to 100)

Players: two, three or four, each on their own (the option "seats"; two unless chosen).
Seats take turns in order: 1, 2, ... and back to 1.

Set and deal: the double-six set, 28 tiles. With two players each gets seven tiles; with
three or four, five each. The rest stays face down as the boneyard.

Who leads:
  1. The first hand of a match, and the hand after a tie: the player holding the highest
     double leads, and must lead it. If nobody holds a double, all the tiles are shuffled
     and dealt again.
  2. After a won hand: the winner leads, any tile (no new deal for want of a double).

The line: one line with two open ends. A double is an ordinary tile of the line.

Your turn: if you hold a tile that matches an open end you must play one (you choose which
tile and which end). If you hold none, you draw from the boneyard, one tile at a time,
until you draw one that fits; then you must play it. The last two tiles of the boneyard
are never drawn: if you cannot play and only two tiles are left, you pass. The others see
that you drew and how many tiles you hold, never which.

Domino: a player who plays their last tile wins the hand and scores the pips left in every
other player's hand. The boneyard never counts.

Block: when nobody can play and nobody can draw, the hand is blocked at once. The player
with the lowest pip count wins it and scores the pips of all the other hands, less their
own pips (taken off once, however many other players there are). If two or more players
share the lowest count, it is a tie: nobody scores, and the next hand is led as a match's
first (rule 1).

Match: scores add up; the first player with 100 or more after a hand wins the match (the
option "goal" sets another target, from 50 to 500).
"""


def has_double(hands: Hands) -> bool:
    """True when some hand holds a double: what the lead of a first hand needs."""
    return any(t.is_double for tiles in hands.values() for t in tiles)


class Draw(Variant):
    """Draw: the block game with a boneyard to draw from, two to four players, to 100."""

    name = "draw"
    title = "Draw"
    summary = "Two to four players, double-six; draw from the boneyard until a tile fits; to 100."
    rules = RULES
    max_pip = 6
    # The class's metadata are those of the default table, two players; configure() sets
    # them for the seats chosen.
    seats = 2
    hand_size = 7
    teams: tuple[tuple[int, ...], ...] = ((1,), (2,))
    drawing = True
    boneyard_keeps = 2
    goal = 100
    options = {
        "seats": Option(int, 2, "players at the table, each on their own", min=2, max=4),
        "goal": Option(int, 100, "points that win the match", min=50, max=500),
    }

    def configure(self) -> None:
        # Nobody has a partner: each seat is a team of one, numbered as the seat.
        self.teams = tuple((seat,) for seat in range(1, self.seats + 1))
        self.hand_size = 7 if self.seats == 2 else 5

    def hand_leader(
        self, number: int, previous: HandResult | None, hands: Hands
    ) -> tuple[int, Tile | None] | None:
        # A hand led by the highest double (a match's first, or after a tie) needs a double
        # dealt; without one the tiles are dealt again. After a won hand any deal will do.
        if (previous is None or previous.team is None) and not has_double(hands):
            return None
        return self.leader(previous, hands)

    def leader(self, previous: HandResult | None, hands: Hands) -> tuple[int, Tile | None]:
        """Who leads a hand, and the tile they must lead: the highest double at a match's
        start and after a tie (the deal has one: :meth:`hand_leader` saw to it), otherwise
        the winner of the last hand, any tile."""
        if previous is None or previous.team is None:
            double = max((t for ts in hands.values() for t in ts if t.is_double), key=_high)
            seat = next(s for s, tiles in hands.items() if double in tiles)
            return seat, double
        # A team is a single seat: the winner of a domino or of a block.
        return self.teams[previous.team - 1][0], None

    # Nobody has partners, so the lowest single count is the lowest team: the common rule,
    # which the computer players' simulator also plays without calling back.
    block_winner = Variant.block_by_lowest_count

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        """A domino scores every other hand's pips; a won block the same less the
        winner's own pips, once."""
        if team is None:
            return 0
        theirs = self.opponents_pips(team, hands)
        if outcome == BLOCK:
            return theirs - self.team_pips(hands)[team]
        return theirs

    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        # Told in Draw's own words, in the GUI's result panel and ``capicua replay``.
        counts = {seat: sum(t.pips for t in tiles) for seat, tiles in result.remaining.items()}
        low = min(counts.values())
        if result.team is None:
            return f"The lowest count ({low}) is held twice: a tie, nobody scores."
        winner = self.teams[result.team - 1][0]
        return (
            f"The lowest count wins the block: {seat_name(winner)} with {low} scores the "
            f"others' pips less its own, {result.points}."
        )


def _high(tile: Tile) -> int:
    """How a double ranks for the lead: by its number."""
    return tile.hi


@hookimpl
def capicua_register_variants(registry: VariantRegistry) -> None:
    """Add Draw to capicua's variants."""
    registry.add(Draw)
