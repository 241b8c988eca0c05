"""Doubles Spinners: a line game written from docs/plugins.md alone, as a stranger's plugin.

Three players each for themselves, double-six, six tiles each and the rest in the boneyard.
Every double becomes a spinner once tiles lie on both of its sides along its line, so the
layout can have far more than four open ends: the game brings its own layout
(:class:`Crossroads`). A player who cannot play draws one tile and plays it if it fits, or
passes (the draw ends the turn). A domino scores the other hands' pips; a block goes to the
lowest count and scores the others' pips too (equal lowest: nobody scores). First to 61 wins.

The module holds what a plugin distribution would (the layout, the variant and the hook that
registers it) and its tests: the rules on explicit deals, capicua's conformance kit, and a
seeded tournament in which every built-in computer player takes a seat.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from capicua.core.actions import (
    DOWN,
    DRAW,
    LEFT,
    PASS,
    RIGHT,
    UP,
    Action,
    Play,
    parse_action,
)
from capicua.core.driver import play_match
from capicua.core.layout import Layout
from capicua.core.match import Match
from capicua.core.position import Position
from capicua.core.records import read_records, replay
from capicua.core.tiles import Tile, tile_set
from capicua.core.variant import Variant
from capicua.hookspecs import hookimpl
from capicua.players.base import Player
from capicua.plugins import Plugins, VariantRegistry, load_plugins
from capicua.testing import check_player, check_simulator, check_variant
from capicua.tournament.config import Overrides, resolve
from capicua.tournament.play import Job, play_game
from capicua.tournament.runner import open_tournament, run

Pairs = tuple[tuple[int, int], ...]

CROSS_ENDS = (UP, DOWN, "t1", "t2", "t3", "t4", "t5", "t6", "t7", "t8")
"""The names of the spinners' cross ends, two per spinner in the order the doubles spin.

capicua's actions can name thirteen ends (``capicua.core.actions.ALL_ENDS``); ``left`` and
``right`` are the line's and ``mexican`` is left unused, so five doubles can spin.
"""

RULES = """\
Doubles Spinners: three players, each for themselves, with a double-six set.

The deal: six tiles each; the other ten are the boneyard, face down.

The lead: the highest double dealt opens the first hand and the hand after a tie; after a won
hand the winner leads with any tile.

Spinners: every double is a spinner. Once tiles lie on both of its sides along its line, it
opens two more ends across it, which show its number. The first double to spin opens Up and
Down, the next ones T1 and T2, T3 and T4, and so on: at most five doubles spin (the table has
no more names for ends); a sixth or seventh double lies in its line like any other tile.

Play: in turn, each player plays a tile that matches an open end. A player who cannot play
draws one tile from the boneyard; if it fits, they must play it, otherwise they pass: the draw
was their turn. With the boneyard empty, a player who cannot play passes.

The end of a hand: a player who plays their last tile wins the hand (a domino) and scores the
pips left in the other two hands. When nobody can play and the boneyard is empty, the hand is
blocked: the player with the lowest count wins it and scores the pips left in the other two
hands; when two players share the lowest count nobody scores.

The match: the first player to 61 points or more wins.
"""


@dataclass(frozen=True)
class Arm:
    """One branch of the layout: its end's name, the number it grows from, and its tiles.

    ``base`` is the number the arm starts at (a side of the lead tile, or a spinner's number);
    ``tiles`` lie outward as ``(a, b)``, ``a`` touching the tile before, ``b`` left open.
    """

    end: str
    base: int
    tiles: Pairs = ()

    @property
    def number(self) -> int:
        """The number open at the arm's end."""
        return self.tiles[-1][1] if self.tiles else self.base


@dataclass(frozen=True)
class Crossroads(Layout):
    """A line in which every double spins: the layout of Doubles Spinners, as a value.

    ``lead`` is the first tile as it lies (its left number first); ``arms`` are the
    ``left`` and ``right`` arms of the line and then, two by two, the cross arms of each
    double that has spun, in the order they opened (:data:`CROSS_ENDS`).
    """

    lead: tuple[int, int] | None = None
    arms: tuple[Arm, ...] = ()

    def open_ends(self) -> tuple[tuple[str, int], ...]:
        """Every open end as ``(end, number)``: the line's two, then the cross ends."""
        return tuple((arm.end, arm.number) for arm in self.arms)

    def pairs(self) -> Pairs:
        """Every tile on the table as it lies, the lead first."""
        if self.lead is None:
            return ()
        return (self.lead, *(pair for arm in self.arms for pair in arm.tiles))

    @property
    def placed(self) -> int:
        """How many tiles lie on the table."""
        return len(self.pairs())

    def spinners(self) -> tuple[int, ...]:
        """The numbers of the doubles that have spun, in the order they did."""
        return tuple(arm.base for arm in self.arms[2::2])

    def play(self, tile: Tile, end: str) -> Crossroads:
        """The layout after ``tile`` goes on ``end`` (ValueError if it does not fit)."""
        if self.lead is None:
            if end != LEFT:
                raise ValueError(f"the first tile opens on {LEFT}, not on {end}")
            return Crossroads((tile.hi, tile.lo), (Arm(LEFT, tile.hi), Arm(RIGHT, tile.lo)))
        arms = list(self.arms)
        at = next((i for i, arm in enumerate(arms) if arm.end == end), None)
        if at is None:
            raise ValueError(f"there is no open end {end!r}")
        arm = arms[at]
        if not tile.has(arm.number):
            raise ValueError(f"{tile} does not fit {end}, which shows {arm.number}")
        arms[at] = Arm(arm.end, arm.base, (*arm.tiles, (arm.number, tile.other(arm.number))))
        spun = self._double_closed_by(arm)
        cross = len(arms) - 2
        if spun is not None and cross + 2 <= len(CROSS_ENDS):
            arms += [Arm(CROSS_ENDS[cross], spun), Arm(CROSS_ENDS[cross + 1], spun)]
        return Crossroads(self.lead, tuple(arms))

    def _double_closed_by(self, arm: Arm) -> int | None:
        """The number of the double whose second side along its line a tile played on
        ``arm`` (as it was before the play) takes, or ``None``."""
        if arm.tiles:
            a, b = arm.tiles[-1]
            return a if a == b else None
        assert self.lead is not None
        a, b = self.lead
        if a != b or arm.end not in (LEFT, RIGHT):
            return None  # a cross arm grows from a double that has spun already
        other = self.arms[1] if arm.end == LEFT else self.arms[0]
        return a if other.tiles else None

    def __str__(self) -> str:
        if self.lead is None:
            return "(empty)"
        parts = [f"{self.lead[0]}|{self.lead[1]}"]
        for arm in self.arms:
            tiles = " ".join(f"{a}|{b}" for a, b in arm.tiles) or "-"
            parts.append(f"{arm.end} from {arm.base}: {tiles}")
        return "; ".join(parts)


class DoublesSpinners(Variant):
    """Doubles Spinners: every double spins, draw one tile, three players to 61."""

    name = "doubles-spinners"
    title = "Doubles Spinners"
    summary = "Three players, double-six, six tiles each; every double spins; draw one; to 61."
    rules = RULES
    max_pip, hand_size, seats = 6, 6, 3
    teams = ((1,), (2,), (3,))  # each player a team of one: team numbers are seat numbers
    goal = 61
    drawing = True
    boneyard_keeps = 0

    block_winner = Variant.block_by_lowest_count
    points = Variant.score_opponents_pips  # a domino and a block alike
    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal

    def new_layout(self, number: int) -> Layout:
        """Every hand starts from an empty crossroads."""
        return Crossroads()

    def next_turn(self, pos: Position, seat: int, action: Action) -> int:
        """After a draw the drawer plays on only if the drawn tile fits; otherwise the draw
        was their turn (the pass is part of it) and the next seat moves.

        The pass is not an action of its own here: with a ``pass`` after the draw (``can_draw``
        false for a seat that has just drawn), the default ``blocked`` ends the hand as soon as
        the drawer and nobody else can play, tiles left in the boneyard or not, and
        ``check_variant`` fails such a hand ("nobody can play or draw but the hand is not
        over"): both read "nobody can draw" as "the seat to move cannot draw".
        """
        if action is DRAW and not any(pos.layout.fits(t) for t in pos.hands[seat]):
            return super().next_turn(pos, seat, PASS)
        return super().next_turn(pos, seat, action)


@hookimpl
def capicua_register_variants(registry: VariantRegistry) -> None:
    """The plugin's hook: what the distribution's entry point would point at."""
    registry.add(DoublesSpinners)


# --- helpers ----------------------------------------------------------------------------


def deal(*hands: str, boneyard: str = "") -> list[Tile]:
    """A script's shuffle: seat 1's hand first, then the others', then the boneyard in the
    order it is drawn, then every other tile in set order."""
    tiles = [Tile.parse(t) for text in (*hands, boneyard) for t in text.split()]
    return tiles + [t for t in tile_set(6) if t not in tiles]


def start(*hands: str, boneyard: str = "") -> Match:
    """A match whose first hand is dealt as given."""
    return DoublesSpinners().new_match(seed=1, script=[deal(*hands, boneyard=boneyard)])


def play(match: Match, actions: str) -> None:
    """Apply actions written in capicua's notation, each for the seat to move."""
    for text in actions.split():
        match.apply(parse_action(text))


def legal(match: Match) -> set[str]:
    """The legal actions now, in notation."""
    return {str(a) for a in match.legal_actions()}


def ends(match: Match) -> tuple[tuple[str, int], ...]:
    """The open ends of the hand in play."""
    return match.layout.open_ends()


def our_plugins() -> Plugins:
    """capicua's plugins, with ours registered by its own hook as if it were installed."""
    plugins = load_plugins()
    if "doubles-spinners" not in plugins.variants.names():
        capicua_register_variants(plugins.variants)
    return plugins


COMPUTER_PLAYERS: dict[str, dict[str, object]] = {
    "random": {},
    "heuristic": {},
    "expert": {"level": "fast"},
}
"""Every built-in computer player, with the options the tests seat it with."""


# --- the layout -------------------------------------------------------------------------


def test_the_layout_is_a_value_with_ends_that_plays_name() -> None:
    empty = Crossroads()
    assert not empty and empty.placed == 0 and empty.open_ends() == ()
    assert empty.fits(Tile.parse("6-6")) == (LEFT,)
    layout = empty.play(Tile.parse("6-6"), LEFT).play(Tile.parse("6-2"), RIGHT)
    assert layout == Crossroads().play(Tile.parse("6-6"), LEFT).play(Tile.parse("6-2"), RIGHT)
    assert layout.placed == 2 and layout.pairs() == ((6, 6), (6, 2))
    assert layout.open_ends() == ((LEFT, 6), (RIGHT, 2))
    assert layout.fits(Tile.parse("6-1")) == (LEFT,) and layout.number(RIGHT) == 2
    with pytest.raises(ValueError):
        layout.play(Tile.parse("5-4"), LEFT)
    with pytest.raises(ValueError):
        layout.play(Tile.parse("6-4"), UP)  # the 6-6 has a side free: no cross ends yet


SIX_DOUBLES = "6-6L 6-5L 6-4R 5-5L 5-3L 4-4R 4-2R 3-3L 3-1L 2-2R 2-0R 1-1L 1-0L"


def test_only_five_doubles_spin_because_thirteen_end_names_are_all_there_is() -> None:
    layout = Crossroads()
    for text in SIX_DOUBLES.split():
        action = parse_action(text)
        assert isinstance(action, Play)
        layout = layout.play(action.tile, action.end)
    assert layout.spinners() == (6, 5, 4, 3, 2)  # the 1-1 found no names left
    assert layout.open_ends() == (
        (LEFT, 0), (RIGHT, 0), (UP, 6), (DOWN, 6), ("t1", 5), ("t2", 5),
        ("t3", 4), ("t4", 4), ("t5", 3), ("t6", 3), ("t7", 2), ("t8", 2),
    )  # fmt: skip


# --- the rules on explicit deals ----------------------------------------------------------

SPINNING = (
    "6-6 5-5 2-1 3-0 1-0 2-0",
    "6-5 5-3 1-1 2-2 0-0 4-1",
    "6-4 4-4 3-3 6-3 5-1 4-0",
)


def test_a_double_spins_once_tiles_lie_on_both_of_its_sides() -> None:
    m = start(*SPINNING)
    assert legal(m) == {"6-6L"}  # the highest double dealt opens
    play(m, "6-6L 6-5L")
    assert ends(m) == ((LEFT, 5), (RIGHT, 6))  # one side of the 6-6 is free: no spinner yet
    play(m, "6-4R")
    assert ends(m) == ((LEFT, 5), (RIGHT, 4), (UP, 6), (DOWN, 6))
    play(m, "5-5L")
    assert ends(m) == ((LEFT, 5), (RIGHT, 4), (UP, 6), (DOWN, 6))  # the 5-5 is open outward


def test_a_second_double_opens_two_more_ends_six_in_all() -> None:
    m = start(*SPINNING)
    play(m, "6-6L 6-5L 6-4R 5-5L 5-3L")
    assert ends(m) == (
        (LEFT, 3), (RIGHT, 4), (UP, 6), (DOWN, 6), ("t1", 5), ("t2", 5),
    )  # fmt: skip
    assert m.to_move == 3
    assert {"6-3U", "6-3D", "6-3L", "5-1T1", "5-1T2", "4-0R", "4-4R", "3-3L"} == legal(m)
    play(m, "5-1T2")
    assert m.layout.number("t2") == 1 and m.layout.number("t1") == 5


DOMINO = (
    "3-1 6-4 3-3 6-5 4-1 6-2",
    "3-0 0-0 5-4 1-0 5-3 4-3",
    "4-4 6-3 5-1 3-2 6-0 1-1",
)


def test_a_double_on_a_cross_arm_spins_and_a_domino_scores_the_other_hands() -> None:
    m = start(*DOMINO)
    assert m.to_move == 3  # 4-4 is the highest double dealt
    play(m, "4-4L 4-1L 4-3R 5-1L 6-5L 3-0R 6-0L 6-4D 5-4U 6-3D 3-3D 1-0L 1-1L 3-1D")
    assert ends(m) == (
        (LEFT, 1), (RIGHT, 0), (UP, 5), (DOWN, 1), ("t1", 3), ("t2", 3),
    )  # fmt: skip  # the 3-3 on the down arm spun
    play(m, "5-3T1 3-2T2")
    result = m.hands_log[0].result
    assert result is not None
    assert (result.outcome, result.seat, result.team) == ("domino", 3, 3)
    assert result.remaining[1] == (Tile.parse("6-2"),) and result.remaining[2] == (
        Tile.parse("0-0"),
    )
    assert result.points == 8 and result.scores == (0, 0, 8)  # 6-2 and a blank 0-0
    assert m.hand_number == 2 and m.to_move == 3  # the winner leads with any tile
    assert m.view(3).required is None


DRAWING = (
    "6-6 5-5 2-1 3-0 1-0 2-0",
    "5-4 5-3 1-1 2-2 0-0 4-1",
    "4-4 3-3 5-1 4-0 3-1 3-2",
)


def test_a_player_who_cannot_play_draws_one_tile_then_passes() -> None:
    m = start(*DRAWING, boneyard="4-2 6-1")
    play(m, "6-6L")
    assert m.legal_actions() == [DRAW]  # seat 2 holds no six
    m.apply(DRAW)  # the 4-2 does not fit either: that was seat 2's turn
    assert Tile.parse("4-2") in m.held(2) and Tile.parse("4-2") in m.view(2).hand
    assert len(m.boneyard) == 9 and m.view(1).boneyard == 9  # nine left, no second draw
    assert m.to_move == 3 and m.legal_actions() == [DRAW]


def test_a_drawn_tile_that_fits_must_be_played() -> None:
    m = start(*DRAWING, boneyard="4-2 6-1")
    play(m, "6-6L draw draw")
    assert m.to_move == 3 and Tile.parse("6-1") in m.held(3)
    assert legal(m) == {"6-1L", "6-1R"}  # neither a pass nor another draw
    play(m, "6-1R")
    assert ends(m) == ((LEFT, 6), (RIGHT, 1))


# Ten tiles close every number on the table to a blank: the 0-0 leads and spins, and all
# seven blanks are played; then the ten tiles of the boneyard are drawn, none fitting.
CHAIN = "0-0L 3-0R 4-3R 4-0R 5-0R 6-5R 6-0R 2-0L 2-1L 1-0L"
LOCKED = (
    "0-0 4-0 6-0 1-0 3-1 4-1",
    "3-0 5-0 2-0 5-1 6-1 3-2",
    "4-3 6-5 2-1 4-2 5-2 6-2",
)


def block(boneyard: str) -> Match:
    """The locked deal played to its end: the chain, then ten draws, none of them fitting."""
    m = start(*LOCKED, boneyard=boneyard)
    play(m, CHAIN)
    assert ends(m) == ((LEFT, 0), (RIGHT, 0), (UP, 0), (DOWN, 0))
    for seat in (2, 3, 1) * 3 + (2,):
        assert m.hands_log[0].result is None
        assert m.to_move == seat and m.legal_actions() == [DRAW]
        m.apply(DRAW)
    return m


def test_a_block_goes_to_the_lowest_count_and_scores_the_other_hands() -> None:
    m = block("1-1 2-2 3-3 4-4 5-5 6-6 5-3 6-3 5-4 6-4")
    result = m.hands_log[0].result
    assert result is not None and result.outcome == "block"
    counts = {seat: sum(t.pips for t in tiles) for seat, tiles in result.remaining.items()}
    assert counts == {1: 36, 2: 46, 3: 44}
    assert (result.team, result.points, result.scores) == (1, 90, (90, 0, 0))
    assert m.over and m.outcome is not None and m.outcome.winner == 1  # 90 reaches 61


def test_a_block_with_two_lowest_counts_scores_nothing() -> None:
    m = block("1-1 2-2 5-5 4-4 3-3 6-6 5-3 6-3 5-4 6-4")
    result = m.hands_log[0].result
    assert result is not None and result.outcome == "tie"  # a block nobody wins
    counts = {seat: sum(t.pips for t in tiles) for seat, tiles in result.remaining.items()}
    assert counts == {1: 40, 2: 46, 3: 40}
    assert (result.team, result.points, result.scores) == (None, 0, (0, 0, 0))
    assert not m.over and m.hand_number == 2
    dealt = m.hands_log[1].deal
    highest = max((t for s in (1, 2, 3) for t in dealt[s] if t.is_double), key=lambda t: t.hi)
    assert highest in dealt[m.to_move] and legal(m) == {f"{highest}L"}  # it opens after a tie


def test_the_match_goes_to_the_first_player_at_61() -> None:
    game = DoublesSpinners()
    assert game.match_winner((60, 58, 12)) is None
    assert game.match_winner((12, 61, 40)) == 2
    assert game.next_scores((10, 20, 30), 3, 31) == (10, 20, 61)
    assert game.block_winner({1: [Tile.parse("6-6")], 2: [Tile.parse("1-0")], 3: []}) == 3


# --- capicua's conformance kit ------------------------------------------------------------


@pytest.mark.slow  # five whole matches through the conformance kit
def test_doubles_spinners_keeps_capicuas_invariants() -> None:
    report = check_variant(DoublesSpinners)
    assert report.matches == 5 and report.hands > 5


def test_the_players_simulator_plays_doubles_spinners_by_its_rules() -> None:
    report = check_simulator(DoublesSpinners)
    assert report.playouts > 0


@pytest.mark.parametrize(
    "name",
    # The expert's match takes seconds: the quick loop leaves it to the whole suite.
    [pytest.param(n, marks=[pytest.mark.slow] * (n == "expert")) for n in sorted(COMPUTER_PLAYERS)],
)
def test_every_built_in_computer_player_answers_legally(name: str) -> None:
    player: type[Player] = our_plugins().players.get(name)
    report = check_player(
        player, [DoublesSpinners], options=COMPUTER_PLAYERS[name], matches=1, time_limit=5.0
    )
    assert report.decisions > 0


# --- played by every computer player ------------------------------------------------------


class InProcess:
    """A tournament backend that plays each game here, with plugins given as objects.

    capicua's own pool starts worker processes that load plugins from installed
    distributions only, where this test module's variant is not.
    """

    def __init__(self, plugins: Plugins) -> None:
        self.plugins = plugins

    def describe(self) -> str:
        return "in process"

    def run(self, job: Job, indices: Iterable[int], deliver: Callable[[dict], None]) -> None:
        for index in indices:
            deliver(play_game(job, index, plugins=self.plugins))


@pytest.mark.slow  # a tournament of every computer player
def test_a_seeded_tournament_seats_every_built_in_computer_player(tmp_path: Path) -> None:
    plugins = our_plugins()
    config = tmp_path / "doubles.toml"
    config.write_text(
        'variant = "doubles-spinners"\n'
        "[seats]\n"
        '1 = "random"\n'
        '2 = "heuristic"\n'
        '3 = { player = "expert", level = "fast" }\n'
        "[tournament]\n"
        "matches = 3\n"
        "seed = 61\n"
        'records = "doubles.jsonl"\n',
        encoding="utf-8",
    )
    settings = resolve(config, Overrides(db=tmp_path / "doubles.sqlite"), plugins)
    settings, store = open_tournament(settings, False, plugins=plugins)
    assert run(settings, store, backend=InProcess(plugins), plugins=plugins) == 3
    records = [record for _, record in read_records(tmp_path / "doubles.jsonl")]
    assert len(records) == 3
    for record in records:
        match = replay(record, plugins.variants)  # every rule checked again on the way
        assert match.over and match.outcome is not None
        assert max(match.outcome.scores) >= 61


@pytest.mark.slow  # whole matches, every computer player in every seat
def test_every_computer_player_finishes_matches_in_every_seat() -> None:
    plugins = our_plugins()
    names = sorted(COMPUTER_PLAYERS)
    for shift in range(len(names)):
        seats = {seat: names[(seat - 1 + shift) % len(names)] for seat in (1, 2, 3)}
        specs = {seat: {"player": name, **COMPUTER_PLAYERS[name]} for seat, name in seats.items()}
        players = {
            seat: plugins.players.create(spec, random.Random(seat * 7 + shift))
            for seat, spec in specs.items()
        }
        m = play_match(DoublesSpinners(), players, seed=100 + shift, seats=specs)
        assert m.over and m.outcome is not None and max(m.outcome.scores) >= 61
