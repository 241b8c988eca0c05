"""benchmarks/engine.py's reference engine of the drawing games: capicua's records of Draw
and All Fives, played through it, come out the same action for action and hand for hand."""

from __future__ import annotations

import copy
import json

import pytest
from benchmark_scripts import load_benchmark

from capicua.core.driver import play_match
from capicua.core.records import dumps, to_record
from capicua.core.rng import derive_seed, seat_stream
from capicua.plugins import default_plugins

bench = load_benchmark("engine")

#: Every seat count of both games, and All Fives' four seats each on their own.
TABLES = [
    ("draw", {"seats": 2}),
    ("draw", {"seats": 3}),
    ("draw", {"seats": 4}),
    ("all-fives", {"seats": 2}),
    ("all-fives", {"seats": 3}),
    ("all-fives", {"seats": 4}),
    ("all-fives", {"seats": 4, "partners": False}),
]


def records(name: str, options: dict, matches: int, seed: int = 1) -> list[dict]:
    """``capicua simulate``'s records of ``matches`` random matches, as read from a file."""
    plugins = default_plugins()
    variant = plugins.variants.create(name, options)
    seats = {s: "random" for s in range(1, variant.seats + 1)}
    out = []
    for i in range(matches):
        mseed = derive_seed(seed, i)
        players = {s: plugins.players.create("random", seat_stream(mseed, s)) for s in seats}
        match = play_match(variant, players, mseed)
        out.append(json.loads(dumps(to_record(match, seats))))
    return out


def game_of(name: str, options: dict):
    return bench.drawing_game(name, options["seats"], options.get("partners", True))


@pytest.mark.parametrize(("name", "options"), [TABLES[0], TABLES[5]])
def test_a_match_of_records_plays_the_same_through_the_reference(name, options):
    for record in records(name, options, 1, seed=3):
        assert bench.check_drawing_record(game_of(name, options), record) >= 1


@pytest.mark.slow
def test_thousands_of_hands_of_every_table_play_the_same_through_the_reference():
    hands = 0
    for name, options in TABLES:
        game = game_of(name, options)
        for record in records(name, options, 60):
            hands += bench.check_drawing_record(game, record)
    assert hands >= 2000


def test_the_reference_refuses_a_record_that_breaks_its_rules():
    name, options = TABLES[3]
    game = game_of(name, options)
    (record,) = records(name, options, 1, seed=5)
    bench.check_drawing_record(game, record)
    wrong_points = copy.deepcopy(record)
    wrong_points["hands"][0]["result"]["points"] += 5
    with pytest.raises(AssertionError, match="points"):
        bench.check_drawing_record(game, wrong_points)
    # A hand's actions with the first two plays swapped: the second is not legal first.
    swapped = copy.deepcopy(record)
    acts = swapped["hands"][0]["actions"]
    acts[0], acts[1] = acts[1], acts[0]
    with pytest.raises(AssertionError):
        bench.check_drawing_record(game, swapped)
    wrong_leader = copy.deepcopy(record)
    wrong_leader["hands"][0]["leader"] = 3 - wrong_leader["hands"][0]["leader"]
    with pytest.raises(AssertionError, match="leader"):
        bench.check_drawing_record(game, wrong_leader)


@pytest.mark.parametrize(("name", "options"), TABLES)
def test_the_reference_plays_whole_matches_of_every_table(name, options):
    hands, actions = bench.drawing_match(game_of(name, options), 7)
    assert hands >= 1 and actions >= 2 * hands
