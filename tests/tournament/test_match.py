"""``capicua match``: duplicate pairs until the sequential test decides, the same decision
and records on any number of workers, resumable, and one line for bad input."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

from capicua.players.command import DEFAULT_TIME_LIMIT
from capicua.tournament.config import ConfigError
from capicua.tournament.pairs import arrangements, game_points, lineup, sides
from capicua.tournament.play import play_game
from capicua.tournament.runner import open_tournament, play
from capicua.tournament.sprt import Sprt, fixed_pairs
from capicua.tournament.versus import parse_player, resolve_match

from .conftest import read_jsonl

SPRT = "elo0=0,elo1=40,alpha=0.05,beta=0.05"


def match(cli, tmp_path, *args, name="m", status=0):
    records = tmp_path / f"{name}.jsonl"
    result = cli(
        "match", *args, "--db", tmp_path / f"{name}.sqlite", "--records", records, "--json"
    )
    assert result.exit_code == status, result.output
    summary = json.loads(result.stdout)
    return summary, records


@pytest.mark.slow
def test_a_match_stops_when_the_test_decides_the_same_on_any_number_of_workers(cli, tmp_path):
    base = ("heuristic", "random", "--variant", "chiva", "--sprt", SPRT, "--seed", 5)
    one, r1 = match(cli, tmp_path, *base, "--workers", 1, name="one")
    two, r2 = match(cli, tmp_path, *base, "--workers", 2, name="two")
    assert one["sprt"]["decision"] == "H1"
    for key in ("pairs", "pentanomial", "sprt", "estimate"):
        assert one[key] == two[key]
    assert r1.read_bytes() == r2.read_bytes()
    # The records hold exactly the pairs that decided, in order, A in team 1 first.
    recs = read_jsonl(r1)
    assert len(recs) == 2 * one["pairs"]
    assert recs[0]["seats"] == {"1": "heuristic", "2": "random", "3": "heuristic", "4": "random"}
    assert recs[1]["seats"]["1"] == "random" and recs[0]["seed"] == recs[1]["seed"]
    assert one["sprt"]["llr"] >= one["sprt"]["upper"]
    assert one["estimate"]["score"] > 0.8 and one["estimate"]["elo_ci"][0] > 40
    # Well before a fixed-length test with the same error rates would be as sure.
    fixed = fixed_pairs(Sprt.parse(SPRT), one["pentanomial"])
    assert fixed is not None and one["pairs"] < fixed / 3


@pytest.mark.slow
def test_the_log_shows_the_ratio_bounds_and_estimate_as_pairs_finish(cli, tmp_path):
    result = cli(
        "match", "heuristic", "random", "--variant", "chiva", "--sprt", SPRT, "--seed", 5,
        "--db", tmp_path / "m.sqlite",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    log = result.stderr.splitlines()
    assert log[0].startswith("Chiva: heuristic against random, until the test decides")
    assert log[1].startswith("pair 1, LLR +") and "(-2.94, +2.94), score " in log[1]
    assert any(line.startswith("pair 10, LLR") for line in log)
    # After the first four pairs, the most the test can take at their pace.
    assert log.index(next(line for line in log if line.startswith("pair 4,"))) == 5, log
    assert re.fullmatch(
        r"at most (under a minute|about .+) more for 19,996 pairs \(the pace of the first 4\); "
        r"less once the test decides",
        log[4],
    ), log
    assert "H1 accepted after" in result.stdout
    # The comparison reads as the test's gain, not as a shortfall.
    decided = re.search(r"H1 accepted after (\d+) pairs", result.stdout)
    assert decided and f"decided in {decided[1]} pairs, where a fixed-length test" in result.stdout


@pytest.mark.slow  # plays six pairs
def test_a_match_of_fixed_length_says_how_long_the_rest_takes(cli, tmp_path):
    result = cli(
        "match", "heuristic", "random", "--variant", "chiva", "--pairs", 6, "--seed", 5,
        "-w", 1, "--db", tmp_path / "m.sqlite",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    log = result.stderr.splitlines()
    assert log[5].startswith("pair 4,"), log
    assert re.fullmatch(
        r"(under a minute|about .+) more for 2 pairs \(the pace of the first 4\)", log[4]
    ), log


def test_the_help_gives_the_time_limit_a_match_has_without_the_option(cli):
    result = cli("match", "-h")
    assert result.exit_code == 0, result.output
    help_text = " ".join(result.output.replace("│", " ").split())
    assert f"(default: {DEFAULT_TIME_LIMIT:g})" in help_text, result.output


@pytest.mark.slow
def test_without_a_test_a_match_plays_its_pairs(cli, tmp_path):
    s, records = match(cli, tmp_path, "random", "random", "--variant", "chiva", "--pairs", 4)
    assert s["pairs"] == 4 and sum(s["pentanomial"]) == 4 and "sprt" not in s
    assert len(read_jsonl(records)) == 8
    # Random against itself: every pair's two games are mirror images of one deal.
    assert 0.0 <= s["estimate"]["score"] <= 1.0


@pytest.mark.slow
def test_games_that_ended_in_an_error_are_reported_and_decide_nothing(
    cli, tmp_path, testplayers, monkeypatch
):
    args = ("raiser:rate=1.0,after=0", "random", "--variant", "chiva", "--pairs", 3)
    s, _ = match(cli, tmp_path, *args, status=1)
    assert s["pentanomial"] == [0, 0, 0, 0, 0] and s["estimate"]["score"] is None
    assert s["void_pairs"] == 3 and s["errors"] == 6
    first = s["error_list"][0]
    assert first["game"] == 0 and first["seat"] in (1, 3) and "raiser gives up" in first["reason"]
    from capicua.commands import common

    monkeypatch.setattr(common.out, "width", 80)  # an 80-column terminal
    text = cli("match", *args, "--db", tmp_path / "t.sqlite")
    assert text.exit_code == 1 and "Traceback" not in text.output
    words = " ".join(text.stdout.split())  # the error lines fold at 80 columns
    assert "errors: 6 matches ended in an error; nothing is decided from them" in words
    assert "\n  match 1: seat " in text.stdout and "the raiser gives up" in words
    assert "3 void (a game ended in an error)" in words
    errors = text.stdout[text.stdout.index("errors:") : text.stdout.index("time ")]
    assert all(len(line) <= 80 for line in errors.splitlines()), errors


@pytest.mark.slow
def test_an_sprt_match_never_decides_from_error_games(cli, tmp_path, testplayers):
    # The raiser errs in about half its matches: the test decides from the others alone.
    args = ("heuristic", "raiser:rate=0.5,after=0", "--variant", "chiva", "--sprt", SPRT)
    s, _ = match(cli, tmp_path, *args, "--seed", 3, "--pairs", 40, status=1)
    assert s["errors"] > 0 and s["void_pairs"] > 0
    assert sum(s["pentanomial"]) + s["void_pairs"] == s["games"] // 2


@pytest.mark.slow
def test_a_two_seat_game_from_a_plugin_is_played_one_against_one(cli, tmp_path, testplayers):
    _, records = match(cli, tmp_path, "random", "random", "--variant", "duel", "--pairs", 2)
    assert read_jsonl(records)[0]["seats"] == {"1": "random", "2": "random"}


class _Interrupted:
    """A backend that plays ``games`` games, then is interrupted as by Ctrl-C."""

    def __init__(self, plugins, games):
        self.plugins, self.games = plugins, games

    def run(self, job, indices, deliver):
        for n, index in enumerate(indices):
            if n == self.games:
                raise KeyboardInterrupt
            deliver(play_game(job, index, plugins=self.plugins))


@pytest.mark.slow
def test_an_interrupted_match_resumes_to_the_same_decision_and_records(cli, tmp_path, plugins):
    args = ("heuristic", "random", "--variant", "chiva", "--sprt", SPRT, "--seed", 6)
    whole, whole_records = match(cli, tmp_path, *args, name="whole")
    db, records = tmp_path / "part.sqlite", tmp_path / "part.jsonl"
    settings = resolve_match(
        "heuristic", "random", "chiva", plugins, sprt=SPRT, seed=6, db=db, records=records
    )
    settings, store = open_tournament(settings, resume=False)
    with pytest.raises(KeyboardInterrupt):
        play(settings.job(), settings, store, _Interrupted(plugins, 7))
    store.close()
    again = cli(
        "match", *args, "--db", db, "--records", records, "--resume", "--json"
    )  # fmt: skip
    assert again.exit_code == 0, again.output
    resumed = json.loads(again.stdout)
    assert resumed["pairs"] == whole["pairs"] and resumed["sprt"] == whole["sprt"]
    assert records.read_bytes() == whole_records.read_bytes()
    # The decided match opens again without --resume and shows the same result.
    shown = cli("match", *args, "--db", db, "--json")
    assert shown.exit_code == 0 and json.loads(shown.stdout)["sprt"] == whole["sprt"]


@pytest.mark.parametrize(
    "args, message",
    [
        (("heuristic", "random"), "--variant is needed"),
        (("heuristic", "random", "--variant", "poker"), "unknown variant 'poker'"),
        (("grandmaster", "random", "--variant", "chiva"), "player A: unknown player"),
        (("heuristic", "human", "--variant", "chiva"), "player B: 'human' is a person"),
        (("heuristic:noise=nan", "random", "--variant", "chiva"), "must be a finite number"),
        (("heuristic:noise", "random", "--variant", "chiva"), "options are key=value"),
        (("heuristic", "random", "--variant", "chiva", "--sprt", "elo1=-3"), "elo0 must be"),
        (("heuristic", "random", "--variant", "chiva", "--pairs", 0), "--pairs must be at least"),
        (("heuristic", "random", "--variant", "chiva", "--time-limit", 0), "--time-limit must"),
        (("heuristic", "random", "--variant", "draw", "-o", "chairs=3"), "no option 'chairs'"),
        (("heuristic", "random", "--variant", "draw", "-o", "seats=9"), "at most 4, not 9"),
        (("heuristic", "random", "--variant", "draw", "-o", "seats"), "takes KEY=VALUE"),
    ],
)
def test_bad_input_is_one_line(cli, tmp_path, args, message):
    result = cli("match", *args, "--db", tmp_path / "m.sqlite")
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], result.stderr


def test_players_on_the_command_line_take_typed_options():
    assert parse_player("expert") == "expert"
    assert parse_player("expert:samples=200,level=fast,reading=0.5") == {
        "player": "expert",
        "samples": 200,
        "level": "fast",
        "reading": 0.5,
    }


def test_duplicate_lineups_need_two_equal_teams():
    chiva = SimpleNamespace(name="chiva", teams=((1, 3), (2, 4)))
    assert lineup(chiva, "a", "b") == {1: "a", 2: "b", 3: "a", 4: "b"}
    three = SimpleNamespace(name="cutthroat", teams=((1,), (2,), (3,)))
    with pytest.raises(ConfigError, match="two teams of equal size; cutthroat has teams"):
        lineup(three, "a", "b")


def test_a_game_scores_for_the_first_player_and_an_error_says_nothing():
    teams = ((1, 3), (2, 4))
    assert game_points({"winner": 1}, None, 1, teams) == 1.0
    assert game_points({"winner": 2}, None, 1, teams) == 0.0
    assert game_points({"winner": None}, None, 2, teams) == 0.5
    assert game_points({}, {"seat": 3, "reason": "raised"}, 1, teams) is None
    assert game_points({}, {"seat": 4, "reason": "raised"}, 1, teams) is None
    assert game_points({}, {"seat": None, "reason": "engine"}, 1, teams) is None


def test_a_game_of_more_sides_seats_a_and_b_in_turn_and_rotates_them():
    def game(*teams):
        return SimpleNamespace(name="g", teams=teams)

    assert arrangements(game((1, 3), (2, 4))) == ((1, 3),)
    assert arrangements(game((1,), (2,), (3,))) == ((1, 3), (1, 2), (2, 3))
    assert arrangements(game((1,), (2,), (3,), (4,))) == ((1, 3),)
    assert len(arrangements(game(*((s,) for s in range(1, 6))))) == 5
    assert arrangements(game((1, 4), (2, 5), (3, 6))) == ((1, 3, 4, 6), (1, 2, 4, 5), (2, 3, 5, 6))
    with pytest.raises(ConfigError, match="teams of equal size; g has teams"):
        arrangements(game((1, 3), (2,)))
    teams = ((1,), (2,), (3,))
    assert [sides(teams, ((1, 3), (1, 2)), i) for i in range(4)] == [
        {1, 3}, {2}, {1, 2}, {3}
    ]  # fmt: skip


def test_a_win_shared_across_both_players_is_a_draw():
    assert game_points({"winner": 3}, None, frozenset({1, 3}), ()) == 1.0
    assert game_points({"winner": 2}, None, frozenset({1, 3}), ()) == 0.0
    shared = {"winner": None, "winners": [1, 2]}
    assert game_points(shared, None, frozenset({1, 3}), ()) == 0.5
    assert game_points(shared, None, frozenset({1, 2}), ()) == 1.0


def each_seat_by_deal(records, first):
    """For each deal (seed), how often ``first`` sat in each seat."""
    seen: dict[int, dict[str, int]] = {}
    for rec in records:
        counts = seen.setdefault(rec["seed"], {})
        for seat, entry in rec["seats"].items():
            counts[seat] = counts.get(seat, 0) + (entry == first)
    return seen


@pytest.mark.parametrize(
    "variant, options, seating",
    [
        ("draw", ["-o", "seats=3"], ["ABA", "AAB", "BAA"]),
        (
            "mexican-train",
            ["-o", "seats=5", "-o", "rounds=1"],
            ["ABABA", "AABAB", "BAABA", "ABAAB", "BABAA"],
        ),
    ],
)
@pytest.mark.slow  # 12 s at load average 18 (--durations): over 0.5 s alone
def test_a_match_of_more_sides_plays_each_deal_with_each_in_every_seat(
    cli, tmp_path, variant, options, seating
):
    args = ("heuristic", "random", "--variant", variant, *options, "--seed", 3, "--workers", 1)
    summary, records = match(cli, tmp_path, *args, "--pairs", 2 * len(seating))
    assert summary["seating"] == seating
    assert summary["variant_options"]["seats"] == len(seating[0])
    recs = read_jsonl(records)
    assert len(recs) == 4 * len(seating) == 2 * summary["pairs"]
    by_deal = each_seat_by_deal(recs, "heuristic")
    assert len(by_deal) == 2  # two whole deals, each game of one seating
    for counts in by_deal.values():  # each player in each seat half the deal's games
        assert set(counts.values()) == {len(seating)}
    text = cli("match", *args, "--pairs", 2 * len(seating), "--db", tmp_path / "m.sqlite")
    assert text.exit_code == 0, text.output
    lines = text.stdout.splitlines()
    told = lines.index(next(line for line in lines if line.startswith("seats by deal: ")))
    assert f"seats by deal: {seating[0]}, {seating[1]}" in lines[told]
    assert len(lines[told]) <= 80 and len(lines[told + 1]) <= 80


def test_a_match_of_more_sides_plays_whole_deals_by_default(plugins):
    settings = resolve_match("heuristic", "random", "draw", plugins, options={"seats": 3})
    assert settings.pairs == 102 and settings.arranged == ((1, 3), (1, 2), (2, 3))
    assert settings.db.name == "match-draw-seats3-heuristic-random.sqlite"
    chiva = resolve_match("heuristic", "random", "chiva", plugins)
    assert chiva.pairs == 100 and "variant_options" not in chiva.identity()


@pytest.mark.slow  # 12 s at load average 18 (--durations): over 0.5 s alone
def test_tournament_mds_match_of_three_sides_prints_what_the_doc_shows(cli, tmp_path, monkeypatch):
    from pathlib import Path

    doc = (Path(__file__).parents[2] / "docs" / "tournament.md").read_text(encoding="utf-8")
    command = "capicua match heuristic random --variant draw --option seats=3"
    block = doc.split(f"```console\n$ {command}", 1)[1].split("```", 1)[0]
    words, *shown = block.splitlines()
    shown = [line for line in shown if line != "..."]  # the header, on stderr
    args = words.replace(" 2>/dev/null", "").split()
    monkeypatch.chdir(tmp_path)  # the match's database, named after it, is made here
    result = cli("match", *command.split()[2:], *args, "--workers", 1)
    assert result.exit_code == 0, result.output
    printed = result.stdout.splitlines()
    # All but the time, which is the machine's.
    assert [line for line in printed if not line.startswith("time ")] == [
        line for line in shown if not line.startswith("time ")
    ]
    assert printed[-1].endswith("database match-draw-seats3-heuristic-random.sqlite")


def test_the_command_that_resumes_a_match_repeats_its_options(plugins):
    from capicua.commands.match import resume_words

    settings = resolve_match("heuristic", "random", "draw", plugins, options={"seats": 3}, seed=4)
    words = resume_words("heuristic", "random", settings, None, 4, None, None, None)
    assert "--variant draw --option seats=3 --seed 4 --resume" in words
