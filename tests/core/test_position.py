"""The rules' own state machine (core.position.step): the built-in games played through it
give the very records the engine's fast path gives, and a variant's rule methods are what
decide a hand there."""

from __future__ import annotations

import pytest

from capicua.core.actions import DRAW, PASS, Play, parse_action
from capicua.core.driver import play_match
from capicua.core.line import Line
from capicua.core.position import Position, step
from capicua.core.records import dumps, to_record
from capicua.core.rng import derive_seed, seat_stream
from capicua.core.tiles import Tile
from capicua.core.variant import BLOCK, DOMINO, Variant
from capicua.plugins import load_plugins
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


def by_rules(cls: type[Variant]) -> type[Variant]:
    """``cls`` with a rule method overridden by the same rule: the engine then plays its
    hands through position.step instead of its fast path."""

    class ByRules(cls):  # type: ignore[valid-type, misc]
        def next_turn(self, pos, seat, action):
            return super().next_turn(pos, seat, action)

    return ByRules


def records(variant: Variant, player: str, matches: int) -> list[str]:
    plugins = load_plugins()
    out = []
    for i in range(matches):
        seed = derive_seed(11, i)
        players = {
            s: plugins.players.create(player, seat_stream(seed, s))
            for s in range(1, variant.seats + 1)
        }
        match = play_match(variant, players, seed)
        out.append(dumps(to_record(match, dict.fromkeys(players, player))))
    return out


# Chiva's sixty matches take most of a second: the quick loop keeps double-nine's.
@pytest.mark.slow  # plays whole matches both ways
@pytest.mark.parametrize("cls", [Chiva, DoubleNine100])
def test_the_rules_path_plays_the_built_in_games_as_the_fast_path_does(cls):
    # The random player chooses from the legal actions alone (the computer players choose
    # by their own paths in games with rules of their own), so the two records must match.
    assert cls.plays_fast()
    slow = by_rules(cls)
    assert not slow.plays_fast()
    assert records(slow(), "random", 60) == records(cls(), "random", 60)


def test_a_variant_that_draws_is_played_by_its_rules():
    class Drawing(Chiva):
        drawing = True

    assert not Drawing.plays_fast()


def position(hands: dict[int, str], boneyard: str = "", variant: Variant | None = None):
    v = variant or by_rules(Chiva)()
    return Position(
        v,
        1,
        [[]] + [[Tile.parse(t) for t in hands[s].split()] for s in range(1, v.seats + 1)],
        [Tile.parse(t) for t in boneyard.split()],
        Line(),
        (0,) * len(v.teams),
        1,
        1,
    )


def test_a_step_plays_the_tile_and_passes_the_turn():
    pos = position({1: "6-6 6-5", 2: "5-5", 3: "1-0", 4: "2-0"})
    assert step(pos, parse_action("6-6L")) is None
    assert pos.layout == Line(((6, 6),))
    assert pos.hands[1] == [Tile.of(6, 5)]
    assert pos.turn == 2
    assert pos.history == [(1, parse_action("6-6L"))]


def test_a_step_that_empties_the_hand_is_a_domino():
    pos = position({1: "6-6", 2: "5-5", 3: "1-0", 4: "2-0"})
    ending = step(pos, parse_action("6-6L"))
    assert ending == (DOMINO, 1, 1)


def test_a_step_after_which_nobody_fits_is_a_block():
    pos = position({1: "6-6 3-3", 2: "5-5", 3: "1-0", 4: "2-0"})
    ending = step(pos, parse_action("6-6L"))
    assert ending is not None and ending.outcome == BLOCK


def test_a_seat_that_cannot_play_draws_while_the_boneyard_has_tiles():
    class Drawing(Chiva):
        drawing = True
        boneyard_keeps = 1

    v = Drawing()
    pos = position({1: "6-6 3-3", 2: "5-5", 3: "6-1 1-1", 4: "2-0 0-0"}, "6-2 4-4", v)
    step(pos, parse_action("6-6L"))
    assert v.legal_plays(pos) == [DRAW]
    step(pos, DRAW)
    assert pos.hands[2] == [Tile.of(5, 5), Tile.of(6, 2)]
    assert pos.turn == 2  # the drawer plays the drawn tile
    assert v.legal_plays(pos) == [Play.of(Tile.of(6, 2), "left"), Play.of(Tile.of(6, 2), "right")]
    step(pos, parse_action("6-2L"))
    step(pos, parse_action("6-1R"))
    # Seat 4 holds 2-0, which fits the 2: it plays; the boneyard keeps its last tile.
    assert v.legal_plays(pos) == [parse_action("2-0L")]
    step(pos, parse_action("2-0L"))
    assert pos.turn == 1 and v.legal_plays(pos) == [PASS]


def test_an_option_named_as_a_method_leaves_the_method_and_is_read_with_option():
    from capicua.core.options import Option

    class WithPartners(Chiva):
        options = {"partners": Option(bool, True, "play in partnerships")}

    v = WithPartners(partners=False)
    assert v.partners(1) == (1, 3)  # the base class's method, not the option's value
    assert v.option("partners") is False


def test_a_record_carries_the_options_a_game_was_played_with():
    from capicua.core.options import Option
    from capicua.core.records import replay

    class ShortChiva(Chiva):
        name = "short-chiva"
        options = {"goal": Option(int, 4, "wins in a row", min=1, max=4)}

    class Registry:
        def create(self, name: str):
            assert name == "short-chiva"
            return ShortChiva()

    match = play_match(
        ShortChiva(goal=1),
        {s: load_plugins().players.create("random", seat_stream(5, s)) for s in range(1, 5)},
        5,
    )
    record = to_record(match, dict.fromkeys(range(1, 5), "random"))
    assert record["options"] == {"goal": 1}
    assert len(match.hands_log) >= 1 and replay(record, Registry()).winner == match.winner
    assert "options" not in to_record(Chiva().new_match(5), dict.fromkeys(range(1, 5), "x"))


class _MatadorLine(Line):
    """A line on which 6-1 goes on any end either way round, as Matador's matadors do."""

    __slots__ = ()

    def ways(self, tile, end):
        if tile is Tile.of(6, 1) and self.tiles:
            return (6, 1)
        return Line.ways(self, tile, end)

    def fits(self, tile):
        if tile is Tile.of(6, 1) and self.tiles:
            return ("left", "right")
        return Line.fits(self, tile)


def test_a_game_whose_plays_turn_is_offered_each_way_round():
    class Turning(Chiva):
        plays_turn = True

        def new_layout(self, number):
            return _MatadorLine()

    v = Turning()
    assert not Turning.plays_fast()
    pos = position({1: "3-3 5-5", 2: "6-1 3-2", 3: "1-0", 4: "2-0"}, variant=v)
    pos.layout = _MatadorLine()
    step(pos, parse_action("3-3L"))
    assert [str(a) for a in v.legal_plays(pos)] == [
        "6-1L/6",
        "6-1L/1",
        "6-1R/6",
        "6-1R/1",
        "3-2L",
        "3-2R",
    ]
    step(pos, parse_action("6-1L/6"))
    assert pos.layout.tiles == ((6, 1), (3, 3))


def test_a_game_that_draws_at_will_offers_a_draw_beside_the_plays_once_the_hand_is_led():
    class AtWill(Chiva):
        drawing = True
        draws_at_will = True

    v = AtWill()
    pos = position({1: "6-6 6-5", 2: "6-4 1-1", 3: "1-0", 4: "2-0"}, "3-3 4-4", v)
    assert v.legal_plays(pos) == [parse_action("6-6L"), parse_action("6-5L")]  # the lead
    step(pos, parse_action("6-6L"))
    assert v.legal_plays(pos) == [parse_action("6-4L"), parse_action("6-4R"), DRAW]
    step(pos, DRAW)
    assert pos.turn == 2 and pos.hands[2][-1] == Tile.of(3, 3)
