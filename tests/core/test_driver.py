"""The driver: what it takes for a seat without asking, and the redeal every computer demands."""

from __future__ import annotations

import random

import pytest

from capicua.core.actions import KEEP, REDEAL, Action
from capicua.core.driver import imposed, play_match
from capicua.core.match import Match
from capicua.core.view import View
from capicua.players.random_player import RandomPlayer
from capicua.variants.double_nine import DoubleNine100
from deals import deal, draw, play

# Seat 2 holds five doubles; seat 4 six in the deal after the redeal.
FIVE_DOUBLES_SEAT_2 = {
    1: "9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0 8-7",
    2: "0-0 1-1 2-2 3-3 4-4 8-6 8-5 8-4 8-3 8-2",
    3: "8-1 8-0 7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-5",
    4: "6-4 6-3 6-2 6-1 6-0 5-4 5-3 5-2 5-1 5-0",
}
SIX_DOUBLES_SEAT_4 = {
    1: "9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0 8-7",
    2: "8-6 8-5 8-4 8-3 8-2 8-1 8-0 7-6 7-5 7-4",
    3: "7-3 7-2 7-1 7-0 6-5 6-4 6-3 6-2 6-1 6-0",
    4: "0-0 1-1 2-2 3-3 4-4 5-5 5-4 5-3 5-2 5-1",
}


class Keeper:
    """A third-party computer player that would keep every hand it may claim a redeal for."""

    name = "keeper"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: View) -> Action:
        return KEEP if KEEP in view.legal else view.legal[0]


class Person(Keeper):
    """A person at the table (``interactive``): keeping such a hand is theirs to choose."""

    interactive = True


def at_the_claim() -> Match:
    v = DoubleNine100()
    m = Match(
        v,
        1,
        script=[draw(v, "6-6", "1-0"), deal(v, FIVE_DOUBLES_SEAT_2), deal(v, SIX_DOUBLES_SEAT_4)],
    )
    play(m, "1:draw 0 2:draw 0 1:lead 1")
    assert m.phase == "claim" and m.turn == 2
    return m


def test_a_computer_seat_with_five_doubles_demands_the_redeal_whatever_its_player_says():
    m = at_the_claim()
    assert imposed(m, Keeper(random.Random(0))) is REDEAL


def test_a_person_with_five_doubles_is_asked_to_keep_or_redeal():
    m = at_the_claim()
    assert imposed(m, Person(random.Random(0))) is None


def test_the_driver_redeals_for_every_computer_seat_that_may_claim():
    v = DoubleNine100()
    script = [draw(v, "6-6", "1-0"), deal(v, FIVE_DOUBLES_SEAT_2), deal(v, SIX_DOUBLES_SEAT_4)]
    players = {s: Keeper(random.Random(s)) for s in range(1, 5)}
    m = play_match(v, players, 1, script=script)
    first = m.hands_log[0]
    assert [r.claimant for r in first.redeals] == [2, 4]


@pytest.mark.parametrize("seed", range(6))
def test_no_hand_is_played_with_five_doubles_in_a_random_players_hand(seed):
    v = DoubleNine100()
    players = {s: RandomPlayer(random.Random(seed * 10 + s)) for s in range(1, 5)}
    m = play_match(v, players, seed)
    for log in m.hands_log:
        for s in range(1, 5):
            assert sum(1 for t in log.deal[s] if t.is_double) < 5, (log.number, s)
