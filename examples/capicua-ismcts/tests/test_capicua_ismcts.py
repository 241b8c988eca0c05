"""The ISMCTS player on explicit deals: its registration, legal and repeatable play in every
installed game, and choices that depend on its seat's view alone."""

from __future__ import annotations

import random
import re

import pytest
from capicua_ismcts import ISMCTSPlayer, search

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.plugins import load_plugins
from capicua.testing import check_player
from capicua.variants.chiva import Chiva


def deal(variant, hands: dict[int, str], rest_first: str = "") -> list[Tile]:
    """The shuffle that deals ``hands`` (seat -> tiles); seats left out get the remaining
    tiles in set order (``rest_first`` first), and what is left is unused or the boneyard."""
    given = {t for text in hands.values() for t in map(Tile.parse, text.split())}
    first = [Tile.parse(t) for t in rest_first.split()]
    rest = iter(first + [t for t in tile_set(variant.max_pip) if t not in given | set(first)])
    order: list[Tile] = []
    for seat in range(1, variant.seats + 1):
        if seat in hands:
            order += [Tile.parse(t) for t in hands[seat].split()]
        else:
            order += [next(rest) for _ in range(variant.hand_size)]
    return order + list(rest)


def play(match: Match, steps: str) -> None:
    """Apply ``"1:6-6L 2:pass ..."``, checking that each seat is the one to move."""
    for seat, action in re.findall(r"(\d):(\S+)", steps):
        assert match.turn == int(seat)
        match.apply(parse_action(action))


CHIVA = {
    1: "6-6 0-0 1-1 2-2 3-3 4-4 5-5",
    2: "6-1 6-5 6-4 5-0 4-0 3-0 2-1",
    3: "1-0 2-0 6-0 6-2 6-3 4-1 3-1",
    4: "5-1 3-2 4-2 5-2 4-3 5-3 5-4",
}


def test_ismcts_is_registered_from_its_own_distribution():
    entry = load_plugins().players.entries["ismcts"]
    assert entry.cls is ISMCTSPlayer
    assert (entry.plugin, entry.distribution) == ("ismcts", "capicua-ismcts")


def test_the_same_information_set_gets_the_same_choice_in_chiva():
    # Seat 2 answers the 6-6 having seen nothing else: seats 3 and 4 swapping their hands
    # changes nothing it may see, so with the same stream it must choose the same.
    v = Chiva()
    swapped = {**CHIVA, 3: CHIVA[4], 4: CHIVA[3]}
    views = []
    for hands in (CHIVA, swapped):
        m = Match(v, 1, script=[deal(v, hands)])
        play(m, "1:6-6L")
        views.append(m.view(2))
    assert views[0] == views[1]
    choices = [search(view, random.Random(7), 150)[0] for view in views]
    assert choices[0] is choices[1]


def test_the_same_information_set_gets_the_same_choice_in_a_game_with_a_boneyard():
    # Draw for three: seat 1 opens with its 6-6 (the highest double), seat 2 holds two
    # sixes. Seat 3's hand and the boneyard trade tiles: seat 2 cannot tell.
    v = load_plugins().variants.create("draw", {"seats": 3})
    hands = {1: "6-6 6-5 6-4 1-0 2-0", 2: "6-3 6-2 3-3 3-0 4-0", 3: "5-5 5-0 4-4 4-1 3-1"}
    views = []
    for seat3, rest_first in (
        (hands[3], ""),
        ("5-4 5-3 5-2 5-1 2-2", "5-5 5-0 4-4 4-1 3-1"),
    ):
        m = Match(v, 1, script=[deal(v, {**hands, 3: seat3}, rest_first)])
        play(m, "1:6-6L")
        assert m.turn == 2 and len(m.legal_actions()) > 1
        views.append(m.view(2))
    assert views[0] == views[1]
    choices = [search(view, random.Random(3), 100)[0] for view in views]
    assert choices[0] is choices[1]


def test_simulations_fix_the_choice_and_every_move_is_searched():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, CHIVA)])
    play(m, "1:6-6L")
    view = m.view(2)
    a, visits = search(view, random.Random(11), 200)
    b, again = search(view, random.Random(11), 200)
    assert a is b and visits == again
    # Each of the three sixes is tried, the visits add up, the choice is the most visited.
    assert set(visits) == set(view.legal) and sum(visits.values()) == 200
    assert min(visits.values()) > 0 and visits[a] == max(visits.values())


def test_a_wall_clock_budget_searches_at_least_once():
    v = Chiva()
    m = Match(v, 1, script=[deal(v, CHIVA)])
    play(m, "1:6-6L")
    a, visits = search(m.view(2), random.Random(0), seconds=1e-9)
    assert a in m.view(2).legal and sum(visits.values()) >= 1


@pytest.mark.slow
def test_ismcts_always_answers_a_legal_action_in_every_variant():
    # Every installed variant, built-in and third-party: legal answers, repeatable from
    # the streams, never an error. Untimed: the suite never asserts on wall time.
    # A few simulations and the first 80 decisions of a match keep it to seconds.
    report = check_player(
        ISMCTSPlayer, options={"simulations": 8}, time_limit=None, matches=1, max_decisions=80
    )
    assert report.decisions > 100
