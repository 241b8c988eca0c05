"""Matador as a capicua variant plugin: two to four players, double-six, to 100.

This distribution is written the way anyone outside the project would write one: it imports
only capicua's public modules, and ``[project.entry-points.capicua]`` in its
``pyproject.toml`` points at this module, whose ``capicua_register_variants`` hook adds the
:class:`Matador` variant. Once installed, ``matador`` is in ``capicua plugins``, at the
table (``capicua play --variant matador``) and in tournament configs
(``variant = "matador"``).

Matador differs from the block game in three ways, and each is one thing said to capicua:

- **Tiles join by sevens**, not by equal numbers: :class:`SevensLine` is a
  :class:`~capicua.core.line.Line` with its own matching (:meth:`SevensLine.ways`, which
  the line's ``play`` and the engine follow);
- **a matador goes on any end either way round**: the same ``ways`` answers two numbers for
  it, and :attr:`Matador.plays_turn` has the engine offer both plays (``6-1L/6`` and
  ``6-1L/1``);
- **a player may draw while holding a play**: :attr:`Matador.draws_at_will` has the engine
  offer ``draw`` beside the plays while the boneyard holds more than its last two tiles
  (:attr:`Matador.boneyard_keeps`).

The rest (the lead by the highest double, the block, the scoring, the match to 100) is said
by the class below where Matador differs from the engine's defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from capicua.core.actions import LEFT, RIGHT
from capicua.core.layout import Layout
from capicua.core.line import Line
from capicua.core.options import Option
from capicua.core.tiles import Tile
from capicua.core.variant import HandResult, Hands, NameOf, Variant, str_seat, str_team
from capicua.hookspecs import hookimpl

if TYPE_CHECKING:
    from capicua.registries import VariantRegistry

__all__ = ["MATADORS", "RULES", "Matador", "SevensLine", "capicua_register_variants"]

RULES = """\
Matador (double-six, two to four players, to 100)

Players: two, three or four, each on their own (the option "seats"; two unless chosen).
Seats take turns in order: 1, 2, ... and back to 1.

Set and deal: the double-six set, 28 tiles. With two players each gets seven tiles; with
three or four, five each. The rest stays face down as the boneyard.

Who leads:
  1. The first hand of a match, and the hand after a tie: the player holding the highest
     double leads, and must lead it. If nobody holds a double, all the tiles are shuffled
     and dealt again.
  2. After a won hand: the winner leads, any tile.
The lead's two numbers are the line's two open ends. The lead is the hand's first move:
nobody draws or passes before it.

Joining by sevens: a tile goes on an open end showing a number when one of its numbers
makes seven with it; that number touches the end and the tile's other number becomes the
new open end. 6-2 goes on a 1 and leaves 2 open. A double counts as one number: 4-4 goes on
a 3 and leaves 4 open.

Blanks: an open end showing 0 (a blank) takes only a matador.

Matadors: 6-1, 5-2, 4-3 (each makes seven) and 0-0. A matador goes on any open end,
whatever it shows, and either way round: you choose which of its numbers touches the end,
and so which number stays open there (0-0 leaves 0 open). Written as a move, the number
left open follows a slash: 6-1L/6 lays 6-1 on the left end leaving 6 open.

Your turn: you either play a tile or draw one from the boneyard, even when you hold a tile
that could be played, as long as the boneyard holds more than two tiles: its last two are
never drawn. After a draw it is your turn again. With no tile to play and nothing you may
draw, you pass. The others see that you drew and how many tiles you hold, never which.

Domino: a player who plays their last tile wins the hand and scores the pips left in every
other player's hand (a double counts both halves: 6-6 is 12). The boneyard never counts.

Block: when nobody can play and the boneyard holds two tiles or fewer, the hand is blocked
at once. The player with the lowest pip count wins it and scores the pips of all the other
hands (their own pips are not taken off). If two or more players share the lowest count,
it is a tie: nobody scores, and the next hand is led as a match's first (rule 1).

Match: scores add up; the first player with 100 or more after a hand wins the match (the
option "goal" sets another target, from 50 to 500).
"""

#: The tiles that go on any end either way round: the three that make seven, and 0-0.
MATADORS = frozenset({Tile.of(6, 1), Tile.of(5, 2), Tile.of(4, 3), Tile.of(0, 0)})
#: The sum a tile's touching number makes with the end it joins.
SEVEN = 7
_BOTH, _LEFT, _RIGHT = (LEFT, RIGHT), (LEFT,), (RIGHT,)


class SevensLine(Line):
    """Matador's line: a :class:`~capicua.core.line.Line` whose tiles join by sevens.

    A tile lies as ``(left number, right number)`` like any line's, so the numbers that
    touch make seven (or one of them is a matador's) rather than being equal: ``5|3 4|4``
    is 5-3 with 4-4 on its 3. Only :meth:`ways` and :meth:`fits` differ from the block
    game's line; laying a tile is the line's own :meth:`~capicua.core.line.Line.play`.
    """

    __slots__ = ()

    def ways(self, tile: Tile, end: str) -> tuple[int, ...]:
        """The numbers ``tile`` may leave open on ``end``: a matador either of its numbers
        (one for 0-0), on any end; another tile the number other than the one that makes
        seven with the end's, and none on a blank."""
        tiles = self.tiles
        if not tiles:
            return (tile.hi,) if end == LEFT else ()
        n = tiles[0][0] if end == LEFT else tiles[-1][1] if end == RIGHT else None
        if n is None:
            return ()
        if tile in MATADORS:
            return (tile.hi,) if tile.is_double else (tile.hi, tile.lo)
        if n == 0 or not tile.has(SEVEN - n):
            return ()
        return (tile.other(SEVEN - n),)

    def fits(self, tile: Tile) -> tuple[str, ...]:
        """The ends ``tile`` may go on (on an empty line ``left`` alone: the lead): what
        :meth:`ways` allows, said directly, as the rules and the players' look-ahead ask it
        for every tile at every turn."""
        tiles = self.tiles
        if not tiles:
            return (LEFT,)
        if tile in MATADORS:
            return _BOTH
        left, right = tiles[0][0], tiles[-1][1]
        on_left = left != 0 and tile.has(SEVEN - left)
        on_right = right != 0 and tile.has(SEVEN - right)
        if on_left:
            return _BOTH if on_right else _LEFT
        return _RIGHT if on_right else ()


def has_double(hands: Hands) -> bool:
    """True when some hand holds a double: what the lead of a first hand needs."""
    return any(t.is_double for tiles in hands.values() for t in tiles)


class Matador(Variant):
    """Matador: tiles join by sevens, matadors go anywhere, drawing at will; to 100."""

    name = "matador"
    title = "Matador"
    summary = (
        "Two to four players, double-six; tiles join by sevens, matadors go on any end, "
        "draw at will; to 100."
    )
    rules = RULES
    max_pip = 6
    # The class's metadata are those of the default table, two players; configure() sets
    # them for the seats chosen.
    seats = 2
    hand_size = 7
    teams: tuple[tuple[int, ...], ...] = ((1,), (2,))
    drawing = True
    boneyard_keeps = 2
    draws_at_will = True
    plays_turn = True
    goal = 100
    options = {
        "seats": Option(int, 2, "players at the table, each on their own", min=2, max=4),
        "goal": Option(int, 100, "points that win the match", min=50, max=500),
    }

    def configure(self) -> None:
        # Nobody has a partner: each seat is a team of one, numbered as the seat.
        self.teams = tuple((seat,) for seat in range(1, self.seats + 1))
        self.hand_size = 7 if self.seats == 2 else 5

    def new_layout(self, number: int) -> Layout:
        """Every hand is played on a line joined by sevens."""
        return SevensLine()

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
        start and after a tie, otherwise the winner of the last hand, any tile."""
        if previous is None or previous.team is None:
            double = max((t for ts in hands.values() for t in ts if t.is_double), key=_high)
            seat = next(s for s, tiles in hands.items() if double in tiles)
            return seat, double
        # A team is a single seat: the winner of a domino or of a block.
        return self.teams[previous.team - 1][0], None

    # Nobody has partners: the lowest single count is the lowest team, and the winner
    # scores every other hand's pips, its own not taken off (domino and block alike). The
    # common rules, which the computer players' simulator plays without calling back.
    block_winner = Variant.block_by_lowest_count
    points = Variant.score_opponents_pips
    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        # Told in Matador's own words, in the table's result panel and ``capicua replay``.
        counts = {seat: sum(t.pips for t in tiles) for seat, tiles in result.remaining.items()}
        low = min(counts.values())
        if result.team is None:
            return f"The lowest count ({low}) is held twice: a tie, nobody scores."
        winner = self.teams[result.team - 1][0]
        return (
            f"The lowest count wins the block: {seat_name(winner)} with {low} scores the "
            f"others' pips, {result.points}."
        )


def _high(tile: Tile) -> int:
    """How a double ranks for the lead: by its number."""
    return tile.hi


@hookimpl
def capicua_register_variants(registry: VariantRegistry) -> None:
    """Add Matador to capicua's variants."""
    registry.add(Matador)
