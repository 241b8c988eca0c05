"""benchmarks/strength.py: the duplicate pairs it plays and its oracle measuring device."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from benchmark_scripts import BENCHMARKS

from capicua.core.match import Match
from capicua.players.knowledge import knowledge
from capicua.plugins import load_plugins


def test_a_pair_plays_each_deal_twice_with_the_sides_swapped(strength):
    out = strength.play_pair(("chiva", "heuristic", "random", 11))
    assert sum(out["matches"]) == 2
    assert sum(out["hands"]) + out["ties"] == out["deals"] > 0
    assert out["times"][0] and out["times"][1]


def test_the_hands_are_split_by_who_led_and_how_they_ended(strength):
    out = strength.play_pair(("double-nine-100", "heuristic", "random", 5))
    how = out["how"]
    assert sum(how.values()) == out["deals"]
    for side in (0, 1):
        assert (
            sum(
                n
                for (_, outcome, won), n in how.items()
                if won == side and outcome in ("domino", "block")
            )
            == out["hands"][side]
        )
    assert sum(n for (_, outcome, won), n in how.items() if won is None) == out["ties"]
    # The report has a line per side that led, counting the hands that side led.
    lines = strength._how(how)
    assert lines
    for line in lines:
        side, rest = line.split(" led ")
        led = 0 if side.strip() == "A" else 1
        assert int(rest.split(":")[0]) == sum(n for (who, _, _), n in how.items() if who == led)


@pytest.mark.slow
def test_the_oracle_sees_the_real_hands_and_wins_most_hands_against_random(strength):
    won = deals = 0
    for seed in (1, 2, 3):
        out = strength.play_pair(("chiva", "oracle", "random", seed))
        won += out["hands"][0]
        deals += out["deals"]
    assert won / deals > 0.7


def test_spec_parsing_reads_numbers_and_booleans(strength):
    assert strength.parse_spec("expert:samples=400,level=fast,x=true") == {
        "player": "expert",
        "samples": 400,
        "level": "fast",
        "x": True,
    }
    assert strength.parse_spec("oracle") == "oracle"


def _decision(variant_name: str, seed: int):
    """A double-nine or Chiva match played at random to a play decision in its first hand."""
    variant = load_plugins(third_party=False).variants.create(variant_name)
    rng = random.Random(seed)
    m = Match(variant, seed)
    plays = 0
    while True:
        legal = m.legal_actions()
        if m.phase == "play" and len(legal) > 1 and plays >= 6:
            return m
        plays += m.phase == "play"
        m.apply(legal[int(rng.random() * len(legal))])


def _oracle_at(strength, name: str, variant: str, seed: int):
    """A measuring device told the match of a decision, and that decision's knowledge."""
    m = _decision(variant, seed)
    oracle = strength.Oracle(random.Random(1), name)
    oracle.match = m
    return m, oracle, knowledge(m.view(m.turn))


def _sampled_opponents(m, k, deal) -> set:
    """Checks 20 deals of ``deal``: the partner gets its real hand, every seat its count.
    Returns the first opponent's sampled hands."""
    partner = (k.me + 2) % 4
    real = sorted(t.index for t in m.hands[partner + 1])
    opponent = min(s for s in range(4) if s not in (k.me, partner))
    varied = set()
    for i in range(20):
        hands = deal(k, random.Random(i))
        assert sorted(hands[partner]) == real
        assert [len(h) for h in hands] == [len(m.hands[s]) for s in range(1, 5)]
        varied.add(tuple(sorted(hands[opponent])))
    return varied


def test_the_stock_oracle_samples_hands_without_the_unused_tiles(strength):
    m, oracle, k = _oracle_at(strength, "oracle-stock", "double-nine-100", 5)
    stock = {t.index for t in m.unused}
    for i in range(20):
        hands = oracle._stock_deal(k, random.Random(i))
        dealt = [t for h in hands for t in h]
        assert not stock & set(dealt)
        assert [len(h) for h in hands] == [len(m.hands[s]) for s in range(1, 5)]


def test_the_partner_oracle_deals_the_partner_its_real_hand(strength):
    m, oracle, k = _oracle_at(strength, "oracle-partner", "chiva", 8)
    assert len(_sampled_opponents(m, k, oracle._partner_deal)) > 1  # still sampled


def test_the_team_oracle_samples_only_the_opponents_hands(strength):
    m, oracle, k = _oracle_at(strength, "oracle-team", "double-nine-100", 5)
    stock = {t.index for t in m.unused}
    assert len(_sampled_opponents(m, k, oracle._team_deal)) > 1
    for i in range(20):  # and no hand holds an unused tile
        hands = oracle._team_deal(k, random.Random(i))
        assert not stock & {t for h in hands for t in h}


@pytest.mark.slow
def test_the_partial_oracles_answer_a_legal_play(strength):
    for name, variant in (
        ("oracle-stock", "double-nine-100"),
        ("oracle-partner", "chiva"),
        ("oracle-team", "double-nine-100"),
    ):
        m = _decision(variant, 3)
        oracle = strength._make(name, random.Random(4))
        oracle.match = m
        assert oracle.act(m.view(m.turn)) in m.legal_actions()


@pytest.mark.slow
def test_a_partial_oracle_searches_at_the_level_it_is_given(strength, monkeypatch):
    # "oracle-partner:level=strong" says whether what the device is shown is worth more
    # with more search; the level must reach the search, not only the device's name.
    import capicua.players.expert as expert

    asked = []
    real = expert.analyse
    monkeypatch.setattr(expert, "analyse", lambda *a, **kw: asked.append(kw) or real(*a, **kw))
    m = _decision("double-nine-100", 3)
    for text, level in (("oracle-partner", "normal"), ("oracle-team:level=fast", "fast")):
        oracle = strength._make(strength.parse_spec(text), random.Random(4))
        oracle.match = m
        assert oracle.act(m.view(m.turn)) in m.legal_actions()
        assert asked[-1]["level"] == level


def test_a_measuring_device_with_a_wrong_option_is_an_error_naming_it(strength, capsys):
    for text, words in (
        ("oracle-partner:level=huge", "must be one of fast, normal, strong"),
        ("oracle-stock:samples=4", "has no option 'samples'"),
        ("oracle:level=fast", "takes no options"),
    ):
        assert strength.main(["--a", text, "--variant", "chiva", "--deals", "1"]) == 2
        err = capsys.readouterr().err
        assert words in err and "Traceback" not in err


@pytest.mark.slow
def test_a_player_with_options_is_measured_as_the_docstring_says(strength):
    # The docstring's "expert:level=fast" form is a dict spec, which the check for the
    # measuring devices once looked up in a dict, and the script died on it.
    out = strength.play_pair(("chiva", strength.parse_spec("expert:samples=4"), "random", 5))
    assert sum(out["matches"]) == 2
    run = subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "strength.py"),
            "--a",
            "expert:samples=4",
            "--b",
            "random",
            "--variant",
            "chiva",
            "--deals",
            "1",
            "--workers",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    assert "A = expert (samples=4)" in run.stdout


@pytest.mark.slow
def test_the_script_reports_its_progress_on_stderr_unless_quiet():
    # A 2,000-deal run of the expert takes twenty minutes; it says how far it is on the
    # way, on standard error so that the report on standard output stays the same.
    args = [
        sys.executable,
        str(BENCHMARKS / "strength.py"),
        "--a",
        "heuristic",
        "--b",
        "random",
        "--variant",
        "chiva",
        "--deals",
        "20",
        "--workers",
        "1",
    ]
    loud = subprocess.run(args, capture_output=True, text=True, timeout=300)
    quiet = subprocess.run([*args, "--quiet"], capture_output=True, text=True, timeout=300)
    assert loud.returncode == quiet.returncode == 0, loud.stderr + quiet.stderr
    lines = loud.stderr.splitlines()
    assert lines and all(" of 20 deals, " in line and "A has won" in line for line in lines)
    assert quiet.stderr == ""

    # The report itself (all but its clock readings) does not change.
    def figures(out: str) -> list[str]:
        return [line for line in out.splitlines()[1:] if "decision ms" not in line]

    assert figures(loud.stdout) == figures(quiet.stdout)
    assert "hands won    A" in loud.stdout


def test_a_plugin_variant_of_two_players_is_played_once_with_a_at_each_seat(strength):
    # Block comes from examples/capicua-block, a third-party plugin.
    out = strength.play_pair(("block", "heuristic", "random", 4))
    assert sum(out["matches"]) == 2
    assert sum(out["hands"]) + out["ties"] == out["deals"] > 0


@pytest.mark.slow
def test_an_unknown_variant_or_a_partner_device_without_partners_is_one_error_line():
    script = str(BENCHMARKS / "strength.py")
    for args, says in (
        (["--variant", "nope"], "unknown variant 'nope'"),
        (["--variant", "block", "--a", "oracle-partner"], "needs partners; block has none"),
    ):
        run = subprocess.run([sys.executable, script, *args], capture_output=True, text=True)
        assert run.returncode == 2 and says in run.stderr, run.stderr


@pytest.mark.slow
def test_the_chiva_rules_device_plays_a_game_told_chivas_rules(strength):
    from capicua.core.variant import Variant

    out = strength.play_pair(
        ("block", {"player": "expert-chiva-rules", "level": "fast"}, "random", 4)
    )
    assert sum(out["matches"]) == 2 and out["times"][0]
    from capicua_block import Block

    told = strength._TOLD[Block]
    assert issubclass(told, Block) and told.goal is None
    assert told.block_winner is Variant.block_by_team_total and told.points is Variant.points


def test_the_report_gives_the_hands_played_and_the_deals_asked_for(strength):
    # A pair is two whole matches: the last one goes past the hands asked for, so the
    # report says what was asked and what was played, not a count of deals it never had.
    pair = strength.play_pair(("chiva", "heuristic", "random", 11))  # what run() adds up
    t = {**pair, "pairs": 1, "plays": 2, "asked": 5, "seconds": 1.0, "low_wins": False}
    first = strength.report("chiva", "heuristic", "random", t).splitlines()[0]
    assert f"1 match pairs, {pair['deals']} hands (--deals 5: pairs until 2 x 5 hands" in first
    assert "deals played" not in first


def test_the_oracle_in_a_game_with_rules_of_its_own_plays_out_the_real_tiles(strength):
    variant = load_plugins().variants.create("draw")
    rng = random.Random(3)
    m = Match(variant, 3)
    while not (m.phase == "play" and len(m.legal_actions()) > 1 and m.boneyard):
        legal = m.legal_actions()
        m.apply(legal[int(rng.random() * len(legal))])
    oracle = strength.Oracle(random.Random(1), "oracle")
    oracle.match = m
    view = m.view(m.turn)
    hands, boneyard = oracle._whole_deal(view, random.Random(0))
    assert [sorted(h) for h in hands[1:]] == [sorted(m.hands[s]) for s in (1, 2)]
    assert boneyard == list(m.boneyard)  # in the order it will be drawn
    assert oracle.act(view) in view.legal
