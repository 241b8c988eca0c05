"""Mexican Train as a capicua variant plugin: double-twelve, 2 to 8 players, 13 rounds.

This distribution is written the way anyone outside the project would write one: it imports
only capicua's public modules, and ``[project.entry-points.capicua]`` in its
``pyproject.toml`` points at this module, whose ``capicua_register_variants`` hook adds the
:class:`MexicanTrain` variant. Once installed, ``mexican-train`` is in ``capicua plugins``
and ``capicua rules mexican-train`` prints :data:`RULES`.

The engine deals, draws, keeps the records and undoes; the class below owns the rules of
play. The layout is capicua's :class:`~capicua.core.layout.Trains` (a hub, one personal train
per seat, the Mexican train, markers and the one unsatisfied double), and the methods say
who may play where (:meth:`MexicanTrain.open_to`), what a turn may be
(:meth:`MexicanTrain.legal_plays`), what a pass does (:meth:`MexicanTrain.next_layout`), who
moves after a double (:meth:`MexicanTrain.next_turn`), when a round is blocked
(:meth:`MexicanTrain.blocked`), and how rounds and the match are scored
(:meth:`MexicanTrain.score_hand`, :meth:`MexicanTrain.winners`).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import TYPE_CHECKING, ClassVar

from capicua.core.actions import DRAW, MEXICAN, PASS, Action, Play, train
from capicua.core.layout import Layout, Trains
from capicua.core.options import Option
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import (
    HandResult,
    Hands,
    NameOf,
    Variant,
    and_names,
    double_first,
    score_dash,
    str_seat,
    str_team,
)
from capicua.hookspecs import hookimpl

if TYPE_CHECKING:
    from capicua.core.position import Position

__all__ = ["RULES", "MexicanTrain", "capicua_register_variants"]

#: The highest number of the set, and so the engine of the first round.
TOP = 12

RULES = """\
Mexican Train (double-twelve, 2 to 8 players, 13 rounds)

Set: the double-twelve set, 91 tiles, numbers 0 to 12. Every player plays for themselves;
the number of players is an option (2 to 8, 4 unless chosen otherwise).

Rounds: a match is 13 rounds (option: 1 to 13). The engine of round r is the double
(13 - r)-(13 - r): 12-12 in the first round, 11-11 in the second, down to 0-0 in the
thirteenth. Before the deal the engine is taken out of the set and placed in the hub.

Deal: 2 to 4 players get 15 tiles each, 5 or 6 players 12 each, 7 or 8 players 10 each.
The rest is the boneyard, face down. Round r is led by seat ((r - 1) mod n) + 1: seat 1
leads the first round, seat 2 the second, and so on around the table. The leader may play
any tile that fits; the leader's first turn is an ordinary turn.

Trains: every player has a personal train that starts at the hub, and there is one public
Mexican train, also starting at the hub. The first tile of any train must match the
engine's number. A personal train is private: only its owner plays on it, until the owner
puts a marker on it. A marked train is open to everyone, empty or not, until its owner
plays on it again, which takes the marker off. The Mexican train is always open to
everyone, and anyone may start it at any time.

A turn: play one tile on your own train, on the Mexican train or on any marked train. You
must play if you can. If you cannot, draw one tile from the boneyard (if there is any): if
it fits, you must play it; if it does not, or if the boneyard is empty, you pass, which
puts a marker on your own train, and your turn ends. Playing the drawn tile puts no
marker, and a marker already on your train stays unless you play on your own train.

Doubles: a player who plays a double must play again, on that double (satisfying it). If
they cannot, they draw one tile (even if they drew earlier in the same turn) and play it
on the double if it fits; otherwise they keep it, mark their own train, and the turn
passes. While a double is unsatisfied, every player must play on that double and nowhere
else, whatever train it lies on; a player who cannot draws one tile, plays it on the
double if it fits, and otherwise keeps it and marks their own train. A double played as a
player's last tile ends the round without being satisfied.

End of a round: a player who plays their last tile ends the round. The round is blocked,
at once, when the boneyard is empty and no tile in any hand matches the open end of any
train, counting every personal train as marked; while a double is unsatisfied, when no
tile in any hand matches that double.

Scoring: at the end of each round every player adds the pips left in their own hand to
their score; lower is better. After the last round the lowest total wins the match;
players with equal lowest totals share the win.
"""


class MexicanTrain(Variant):
    """Mexican Train: trains from a hub double, drawing one tile at a time, doubles that
    must be satisfied, and each player's own pips added up over the rounds (lowest wins)."""

    name = "mexican-train"
    title = "Mexican Train"
    summary = (
        "Double-twelve, 2 to 8 players: personal trains and the Mexican train from a hub, "
        "13 rounds, the lowest total wins."
    )
    rules = RULES
    max_pip = TOP
    # The class's own metadata are those of the default four players; configure() sets
    # them for the number chosen.
    seats = 4
    hand_size = 15
    teams: tuple[tuple[int, ...], ...] = ((1,), (2,), (3,), (4,))
    drawing = True
    # Pips against each player: the computer players play for the lowest score.
    low_score_wins = True
    options: ClassVar[dict[str, Option]] = {
        "seats": Option(int, 4, "number of players", min=2, max=8),
        "rounds": Option(int, 13, "rounds in a match (round r's engine is 13-r)", min=1, max=13),
    }
    #: Rounds in a match (the option of the same name).
    rounds: int = 13
    # A block still needs a winning team for the result's outcome; the lightest hand is the
    # round's natural winner (equal lightest: a tie). Scoring does not depend on it.
    block_winner = Variant.block_by_lowest_count
    # Only used by tools that reason about one winner's points; the engine scores a round
    # with score_hand (every seat adds its own pips).
    next_scores = Variant.add_points

    def configure(self) -> None:
        # Every player is a team of one; the deal shrinks as the table grows.
        self.teams = tuple((seat,) for seat in range(1, self.seats + 1))
        self.hand_size = 15 if self.seats <= 4 else 12 if self.seats <= 6 else 10

    # -- the round's set-up ----------------------------------------------------------------

    @staticmethod
    def engine(number: int) -> int:
        """The engine's number in round ``number`` (1-based): 12 in the first, 0 in the
        thirteenth."""
        return TOP + 1 - number

    def set_aside(self, number: int) -> tuple[Tile, ...]:
        engine = self.engine(number)
        return (Tile.of(engine, engine),)

    def new_layout(self, number: int) -> Layout:
        return Trains.start(self.engine(number), self.seats)

    def hand_leader(
        self, number: int, previous: HandResult | None, hands: Hands
    ) -> tuple[int, Tile | None]:
        # The lead goes round the table, one seat a round; any tile may open.
        return (number - 1) % self.seats + 1, None

    # -- the rules of play -----------------------------------------------------------------

    @staticmethod
    def trains(layout: Layout) -> Trains:
        """``layout`` as the trains it always is in this game."""
        if not isinstance(layout, Trains):
            raise TypeError(f"Mexican Train is played on trains, not on {type(layout).__name__}")
        return layout

    def open_to(self, layout: Layout, seat: int) -> Collection[str]:
        trains = self.trains(layout)
        if trains.pending is not None:
            # An unsatisfied double takes every play, whoever's train it lies on.
            return (trains.pending,)
        own = train(seat)
        return tuple(t.end for t in trains if t.end in (own, MEXICAN) or t.marker)

    def why_not(self, layout: Layout, seat: int, tile: Tile) -> str | None:
        trains = self.trains(layout)
        if trains.pending is None:
            return None
        own = train(seat)
        mine = {t.end for t in trains if t.end in (own, MEXICAN) or t.marker}
        if any(end in mine and end != trains.pending for end in trains.fits(tile)):
            # It fits a train of the seat's the unsatisfied double closes for now: say the
            # rule, not only the number open on the double.
            number = trains.number(trains.pending)
            assert number is not None  # the pending end is open: the double lies there
            return double_first(tile, number)
        return None

    def legal_plays(self, pos: Position) -> list[Action]:
        seat = pos.turn
        layout = self.trains(pos.layout)
        allowed = self.open_to(layout, seat)
        legal: list[Action] = [
            Play.of(t, end) for t in pos.hands[seat] for end in layout.fits(t) if end in allowed
        ]
        if legal:
            # Right after a draw only the drawn tile can be among these: the seat drew
            # because nothing else fitted, and a draw changes no train.
            return legal
        if pos.drew_last(seat):
            # One draw a time: a drawn tile that does not fit ends the turn with a marker.
            return [PASS]
        return [DRAW] if self.can_draw(pos) else [PASS]

    def lacking(self, pos: Position) -> frozenset[Tile]:
        # What legal_plays would make with the whole set in hand, said directly: a tile
        # fits a train where it shows the train's open number. The default makes every
        # play of the 91 tiles at each draw and pass, over half a match's time.
        trains = self.trains(pos.layout)
        allowed = self.open_to(trains, pos.turn)
        numbers = {n for end, n in trains.open_ends() if end in allowed}
        return frozenset(t for t in tile_set(self.max_pip) if t.hi in numbers or t.lo in numbers)

    def next_layout(self, layout: Layout, seat: int, action: Action) -> Layout:
        trains = self.trains(layout)
        own = train(seat)
        if isinstance(action, Play):
            trains = trains.play(action.tile, action.end)
            if action.end == own and trains.train(own).marker:
                trains = trains.marked(own, False)  # the owner is back on its own train
            return trains
        if action is PASS:
            return trains.marked(own, True)
        return trains  # a draw changes no train

    def next_turn(self, pos: Position, seat: int, action: Action) -> int:
        if action is DRAW or (isinstance(action, Play) and action.tile.is_double):
            # The drawn tile is played or the turn passes with a marker; a double is
            # satisfied by the same player first.
            return seat
        return seat % self.seats + 1

    def blocked(self, pos: Position) -> bool:
        if self.can_draw(pos):
            return False
        trains = self.trains(pos.layout)
        if trains.pending is not None:
            wanted = {trains.number(trains.pending)}
        else:
            # Every personal train counted as marked: whoever holds a tile for any open end
            # gets to play it once the others have passed.
            wanted = {n for _, n in trains.open_ends()}
        return not any(
            t.hi in wanted or t.lo in wanted
            for seat in range(1, self.seats + 1)
            for t in pos.hands[seat]
        )

    # -- scoring ---------------------------------------------------------------------------

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        """What the round's winner adds to its own score: the pips it still holds (none
        after going out; the lightest hand after a block)."""
        if team is None:
            return 0
        return sum(t.pips for seat in self.teams[team - 1] for t in hands[seat])

    def score_hand(
        self, scores: tuple[int, ...], outcome: str, team: int | None, remaining: Hands
    ) -> tuple[int, tuple[int, ...]]:
        # Every player, winner or not, adds the pips left in their own hand.
        added = self.team_pips(remaining)
        after = tuple(score + added[t] for t, score in enumerate(scores, 1))
        return self.points(outcome, team, remaining), after

    def match_winner(self, scores: tuple[int, ...]) -> int | None:
        """Never decided by the scores alone: the match ends after its last round
        (:meth:`winners`), however far apart the totals are."""
        return None

    def winners(self, scores: tuple[int, ...], hands: int) -> tuple[int, ...] | None:
        if hands < self.rounds:
            return None
        low = min(scores)
        return tuple(team for team, score in enumerate(scores, 1) if score == low)

    # -- words -----------------------------------------------------------------------------

    def score_words(self, scores: tuple[int, ...], team: int) -> str:
        pips = scores[team - 1]
        return f"{pips} {'pip' if pips == 1 else 'pips'} · lowest total wins"

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        counts = {seat: sum(t.pips for t in tiles) for seat, tiles in result.remaining.items()}
        low = min(counts.values())
        lightest = [seat_name(seat) for seat, pips in counts.items() if pips == low]
        return f"The round is blocked; the lightest hand: {and_names(lightest)} with {low} pips."

    def explain_score(
        self, result: HandResult, before: tuple[int, ...], team_name: NameOf = str_team
    ) -> str:
        return (
            "Every player adds the pips left in their hand: "
            f"{score_dash(before)} → {score_dash(result.scores)}."
        )


@hookimpl
def capicua_register_variants(registry) -> None:
    """Add Mexican Train to capicua's variants."""
    registry.add(MexicanTrain)
