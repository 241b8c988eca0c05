"""The expert: options through the registry, reproducible search, sound choices."""

from __future__ import annotations

import random

import pytest
from deals_for_players import chiva_deal
from player_positions import random_position

from capicua.core.actions import parse_action
from capicua.core.errors import PluginError
from capicua.core.match import Match
from capicua.players.expert import ExpertPlayer, analyse, candidate_plays, tuned_reading
from capicua.players.inference import Reading
from capicua.players.knowledge import knowledge
from capicua.plugins import load_plugins
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


@pytest.fixture(scope="module")
def registry():
    return load_plugins(third_party=False).players


def test_expert_and_heuristic_are_registered_and_selectable_by_name(registry):
    assert {"expert", "heuristic", "random"} <= set(registry.names())
    p = registry.create({"player": "expert", "samples": 400}, random.Random(1))
    assert isinstance(p, ExpertPlayer) and p.samples == 400 and p.level == "normal"


@pytest.mark.parametrize(
    "spec, words",
    [
        ({"player": "expert", "sample": 3}, "no option 'sample'"),
        ({"player": "expert", "samples": -1}, "'samples' must be at least"),
        ({"player": "expert", "samples": "many"}, "'samples' must be int"),
        ({"player": "expert", "level": "godlike"}, "'level' must be one of"),
        ({"player": "expert", "seconds": True}, "'seconds' must be float"),
        ({"player": "heuristic", "noise": 99.0}, "'noise' must be at most"),
    ],
)
def test_a_bad_option_is_an_error_naming_the_option(registry, spec, words):
    with pytest.raises(PluginError, match=words):
        registry.create(spec, random.Random(1))


def test_same_stream_same_choice():
    m = random_position(Chiva(), 3)
    view = m.view(m.turn)
    a = ExpertPlayer(random.Random(9), samples=20).act(view)
    b = ExpertPlayer(random.Random(9), samples=20).act(view)
    assert a is b and a in view.legal


def seat_1_after_6_4():
    """Seat 1's view of the test deal after 6-6, 6-5, a pass and 6-4: its 4-1 or 5-3."""
    m = Match(Chiva(), 1, script=[chiva_deal()])
    for a in ("6-6L", "6-5R", "pass", "6-4L"):
        m.apply(parse_action(a))
    return m.view(1)


def test_analysis_samples_every_candidate_on_the_same_deals():
    analysis = analyse(seat_1_after_6_4(), random.Random(2), samples=30)
    assert analysis.samples == 30
    assert {str(c.action) for c in analysis.candidates} == {"4-1L", "5-3R"}
    assert all(c.samples == 30 for c in analysis.candidates)
    first = analysis.candidates[0]
    assert all(first.value + 1e-9 >= c.value - 0.2 for c in analysis.candidates)


def test_equivalent_plays_on_equal_ends_are_searched_once():
    m = Match(Chiva(), 1, script=[chiva_deal()])
    m.apply(parse_action("6-6L"))  # both ends show six
    view = m.view(2)
    assert {str(a) for a in view.legal} == {"6-5L", "6-5R", "6-2L", "6-2R"}
    assert [str(a) for a in candidate_plays(view)] == ["6-5L", "6-2L"]


@pytest.mark.slow
def test_expert_wins_more_than_random_in_a_few_duplicate_hands(registry):
    # A smoke test of strength (the real figures come from benchmarks/strength.py): the
    # expert's team against random players over the same deals, seats swapped.
    from capicua.core.driver import play_match
    from capicua.core.rng import seat_stream

    v = Chiva()
    won = played = 0
    for seed in range(3):
        for expert_team in (1, 2):
            players = {
                s: registry.create(
                    {"player": "expert", "samples": 8} if v.team_of[s] == expert_team else "random",
                    seat_stream(seed, s),
                )
                for s in range(1, 5)
            }
            m = play_match(v, players, seed)
            for log in m.hands_log:
                played += 1
                won += log.result.team == expert_team
    assert won > played / 2


def test_samples_are_weighed_by_the_rest_of_the_hands_in_chiva_only():
    # Tuning.hand_terms: in Chiva each sampled deal counts as much as the rest of the hands in it
    # explains the plays (Reading.hand_ratio), so the candidates' summed weights are not
    # their sample counts; in double-nine every sample counts once.
    analysis = analyse(seat_1_after_6_4(), random.Random(2), samples=30)
    assert analysis.read
    assert all(c.samples == 30 and c.weight != pytest.approx(30) for c in analysis.candidates)
    seed = 0
    while True:  # a double-nine decision after other seats' plays that are read
        m = random_position(DoubleNine100(), seed)
        view = m.view(m.turn)
        if Reading(view, knowledge(view), tuned_reading(view.variant)).steps:
            break
        seed += 1
    analysis = analyse(view, random.Random(2), samples=30)
    assert analysis.read and analysis.samples == 30
    assert all(c.weight == c.samples for c in analysis.candidates)
