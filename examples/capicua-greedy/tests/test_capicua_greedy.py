"""The greedy player's choices on explicit deals, its registration, and the conformance kit."""

from __future__ import annotations

import random
import re

import pytest
from capicua_greedy import GreedyPlayer

from capicua.core.actions import REDEAL, ChooseLeader, Pick, parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.plugins import load_plugins
from capicua.testing import check_player
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


def deal(variant, hands: dict[int, str]) -> list[Tile]:
    """The shuffle that deals ``hands`` (seat -> tiles); seats left out get the remaining
    tiles in set order, and what is left after the last seat is unused."""
    given = {t for text in hands.values() for t in map(Tile.parse, text.split())}
    rest = iter([t for t in tile_set(variant.max_pip) if t not in given])
    order: list[Tile] = []
    for seat in range(1, variant.seats + 1):
        if seat in hands:
            order += [Tile.parse(t) for t in hands[seat].split()]
        else:
            order += [next(rest) for _ in range(variant.hand_size)]
    return order + list(rest)


def play(match: Match, steps: str) -> None:
    """Apply ``"1:6-6L 2:pass 1:draw 0 ..."``, checking that each seat is the one to move."""
    for seat, action in re.findall(r"(\d):((?:draw|lead) \d+|\S+)", steps):
        assert match.turn == int(seat)
        match.apply(parse_action(action))


def greedy() -> GreedyPlayer:
    return GreedyPlayer(random.Random(0))


CHIVA = {
    1: "6-6 0-0 1-1 2-2 3-3 4-4 5-5",
    2: "1-0 2-0 3-0 4-0 5-0 2-1 3-1",
    3: "6-0 6-1 6-2 6-3 6-4 6-5 4-1",
    4: "5-1 3-2 4-2 5-2 4-3 5-3 5-4",
}


def test_greedy_is_registered_from_its_own_distribution():
    entry = load_plugins().players.entries["greedy"]
    assert entry.cls is GreedyPlayer
    assert (entry.plugin, entry.distribution) == ("greedy", "capicua-greedy")


def test_greedy_plays_its_heaviest_tile():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, CHIVA)])
    play(m, "1:6-6L 2:pass")
    # Seat 3 can play any of its sixes; 6-5 is the heaviest.
    assert str(greedy().act(m.view(3))) == "6-5L"


def test_greedy_prefers_a_double_among_equally_heavy_tiles():
    # Double-nine: seat 1 wins the draw (9-9 against 0-0), names itself and leads any tile.
    # Its heaviest tiles are 9-7 and 8-8, sixteen pips each: the double goes first.
    v = DoubleNine100()
    draw = [Tile.of(9, 9), Tile.of(0, 0)]
    hands = {1: "9-7 8-8 0-0 1-0 2-0 3-0 4-0 5-0 6-0 7-0"}
    m = Match(v, 2, script=[draw + [t for t in tile_set(9) if t not in draw], deal(v, hands)])
    play(m, "1:draw 0 2:draw 0 1:lead 1")
    assert m.turn == 1 and m.phase == "play"
    assert str(greedy().act(m.view(1))) == "8-8L"


def test_greedy_leaves_open_the_number_it_can_follow():
    v = Chiva()
    hands = {
        1: "6-6 5-5 4-4 2-2 1-1 0-0 5-4",
        2: "6-1 6-5 6-4 5-0 4-0 3-0 3-3",
        3: "3-1 3-2 5-3 4-3 5-2 4-2 5-1",
        4: "6-3 6-2 6-0 4-1 2-1 1-0 2-0",
    }
    m = Match(v, 1, script=[deal(v, hands)])
    play(m, "1:6-6L 2:6-1R 3:3-1R")
    # Ends 6 and 3: seat 4's heaviest tile 6-3 fits both. On the right it leaves a 6 open,
    # which seat 4 can follow twice (6-2, 6-0); on the left it would leave a 3 (none left).
    assert str(greedy().act(m.view(4))) == "6-3R"


def test_greedy_draws_the_first_tile_and_names_itself_leader():
    m = Match(DoubleNine100(), 5)
    while m.phase == "draw":
        action = greedy().act(m.view(m.turn))
        assert action is Pick.of(0)
        m.apply(action)
    chooser = m.turn
    assert greedy().act(m.view(chooser)) is ChooseLeader.of(chooser)


def test_greedy_always_demands_a_redeal_with_five_doubles():
    v = DoubleNine100()
    draw = [Tile.of(9, 9), Tile.of(0, 0)]
    hands = {1: "9-9 8-8 7-7 6-6 5-5 9-0 8-0 7-0 6-0 5-0"}
    m = Match(v, 5, script=[draw + [t for t in tile_set(9) if t not in draw], deal(v, hands)])
    play(m, "1:draw 0 2:draw 0 1:lead 1")
    assert (m.phase, m.turn) == ("claim", 1)
    assert greedy().act(m.view(1)) is REDEAL


@pytest.mark.slow  # 2.7 s at load average 9 (-n 2): over 0.5 s alone
def test_greedy_always_answers_a_legal_action_in_every_variant():
    # Every installed variant: the built-ins and any third-party one, Block included.
    # Untimed: capicua's own suite never asserts on wall time (time_limit=1.0 is the
    # default for plugin authors).
    report = check_player(GreedyPlayer, time_limit=None)
    assert report.decisions > 100
