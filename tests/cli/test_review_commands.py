"""``capicua review`` and ``capicua view`` from the command line: output, JSON, errors.

The records are a random Chiva match and an explicit position where seat 4 forces its
partner to pass (tests/players/test_review.py); the viewer's screenshot is tested with the
windows, in tests/gui/test_viewer.py.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from capicua.cli import app
from capicua.core.match import Match
from capicua.core.records import dumps, to_record
from capicua.core.rng import seat_stream, stream_state
from capicua.gui.save import write
from capicua.variants.chiva import Chiva
from deals import deal, play

runner = CliRunner()

PARTNER_PASS = {
    1: "4-1 2-0 5-3 4-0 6-5 6-6 3-1",
    2: "3-2 4-2 4-4 2-2 5-5 6-0 5-0",
    3: "3-0 4-3 5-4 6-1 2-1 1-1 6-2",
    4: "0-0 5-2 3-3 1-0 6-3 5-1 6-4",
}
PARTNER_PASS_PLAY = (
    "1:6-6L 2:6-0R 3:3-0R 4:3-3R 1:6-5L 2:5-5L 3:5-4L 4:6-4L 1:3-1R 2:pass 3:1-1R "
    "4:5-1R 1:5-3R 2:3-2R 3:2-1R 4:1-0R 1:4-0R 2:4-4R 3:4-3R 4:6-3R"
)
SEATS = {1: "expert", 2: "heuristic", 3: "expert", 4: "random"}


def invoke(*args: str):
    return runner.invoke(app, list(args))


def one_line_error(result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    text = result.output.strip()
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    return text


@pytest.fixture
def blunder(tmp_path):
    """A one-record file: Chiva's first hand up to seat 4's 6-3 on the 3 end."""
    v = Chiva()
    m = Match(v, 1, [deal(v, PARTNER_PASS)])
    play(m, PARTNER_PASS_PLAY)
    path = tmp_path / "blunder.jsonl"
    path.write_text(dumps(to_record(m, SEATS)) + "\n")
    return path


@pytest.fixture
def simulated(tmp_path):
    path = tmp_path / "two.jsonl"
    r = invoke("simulate", "chiva", "-n", "2", "-s", "3", "--records", str(path))
    assert r.exit_code == 0, r.output
    return path


@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_review_prints_the_marked_decisions_with_figures_reason_and_summary(blunder):
    r = invoke("review", str(blunder), "--seat", "4")
    assert r.exit_code == 0, r.output
    out = r.output
    assert "blunder.jsonl: match 1: Chiva, seed 1, 1 hand, unfinished" in out
    assert "Reviewed by the expert at level normal (300 sampled deals a decision" in out
    assert "?? move 20: Seat 4 played 6-3 on the 3 end (R): a blunder (" in out
    assert "6-3 on the 6 end (L) was better." in out
    assert "This play wins the hand " in out
    assert "would leave your partner without a play" in out
    assert "Had seat 4 known every hand: 6-3 on the 6 end (L) ties the hand" in out
    assert "Seat 4 (random): " in out and "1 blunder" in out
    assert "Seat 1" not in out  # --seat 4 only


@pytest.mark.slow  # 1.6 s at load average 9 (-n 2): over 0.5 s alone
def test_review_all_lists_every_decision_with_its_figures(blunder):
    r = invoke("review", str(blunder), "--seat", "4", "--all", "--level", "fast")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    verdicts = [x for x in lines if "Seat 4 played" in x]
    assert len(verdicts) >= 3  # its earlier choices too
    assert sum("This play wins the hand" in x for x in lines) == len(verdicts)


@pytest.mark.slow
def test_review_json_holds_every_decision_and_is_the_same_each_time(blunder):
    a = invoke("review", str(blunder), "--json", "--level", "fast", "--seed", "7")
    b = invoke("review", str(blunder), "--json", "--level", "fast", "--seed", "7")
    assert a.exit_code == 0, a.output
    # The JSON is stdout; stderr may say how long the review takes.
    assert a.stdout == b.stdout
    body = json.loads(a.stdout)
    assert body["level"] == "fast" and body["samples"] == 100 and body["review_seed"] == 7
    assert body["players"] == {"1": "expert", "2": "heuristic", "3": "expert", "4": "random"}
    last = body["decisions"][-1]
    assert last["seat"] == 4 and last["played"] == "6-3R" and last["best"] == "6-3L"
    assert last["mark"] == "blunder" and last["loss"] > 0.25
    assert last["hand_chance"] < last["best_hand_chance"]
    assert last["hindsight"]["outcomes"][0]["action"] == "6-3L"
    assert body["summary"]["4"]["blunders"] >= 1
    assert {d["seat"] for d in body["decisions"]} <= {1, 2, 3, 4}


@pytest.mark.slow
def test_the_same_record_level_and_seed_give_the_same_review_in_another_process(simulated):
    command = [sys.executable, "-m", "capicua", "review", str(simulated), "-m", "2"]

    def run() -> str:
        done = subprocess.run(
            [*command, "--json", "--hand", "1"],
            capture_output=True,
            text=True,
            check=True,
        )
        return done.stdout

    first = run()
    assert first == run()
    assert json.loads(first)["decisions"]


@pytest.mark.slow  # 1.9 s at load average 9 (-n 2): over 0.5 s alone
def test_review_reads_the_table_save(tmp_path):
    v = Chiva()
    m = Match(v, 1, [deal(v, PARTNER_PASS)])
    play(m, PARTNER_PASS_PLAY)
    seats = {1: "heuristic", 2: "heuristic", 3: "heuristic", 4: "human"}
    streams = {s: stream_state(seat_stream(1, s)) for s in seats}
    path = write(m, seats, streams, tmp_path / "match-chiva.json")
    r = invoke("review", str(path), "--seat", "4", "--level", "fast")
    assert r.exit_code == 0, r.output
    assert "Seat 4 (human): " in r.output and "a blunder" in r.output


@pytest.mark.slow  # 7 s at load average 18 (--durations): over 0.5 s alone
def test_review_bad_input_is_one_line_and_exit_2(tmp_path, simulated):
    assert "no such file" in one_line_error(invoke("review", str(tmp_path / "nope.jsonl")))
    junk = tmp_path / "junk.jsonl"
    junk.write_text("not json\n")
    assert "not JSON" in one_line_error(invoke("review", str(junk)))
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps({"format": "chess-pgn"}))
    assert "format is 'chess-pgn'" in one_line_error(invoke("review", str(foreign)))
    assert "has 2 matches; there is no match 3" in one_line_error(
        invoke("review", str(simulated), "-m", "3")
    )
    assert "--seat 5: Chiva has seats 1 to 4" in one_line_error(
        invoke("review", str(simulated), "--seat", "5")
    )
    assert "--hand 99" in one_line_error(invoke("review", str(simulated), "--hand", "99"))
    assert "--level is one of fast, normal, strong" in one_line_error(
        invoke("review", str(simulated), "--level", "deep")
    )


@pytest.mark.slow  # 13 s at load average 18 (--durations): over 0.5 s alone
def test_a_record_that_breaks_a_rule_is_one_line_naming_hand_and_action(simulated):
    lines = simulated.read_text().splitlines()
    record = json.loads(lines[0])
    first = record["hands"][0]["actions"]
    k = next(i for i, a in enumerate(first) if i > 0 and "tile" in a)
    first[k] = {"seat": first[k]["seat"], "pass": True}
    simulated.write_text(json.dumps(record) + "\n" + lines[1] + "\n")
    for command in ("review", "view"):
        text = one_line_error(invoke(command, str(simulated)))
        assert f"match 1 breaks a rule: hand 1, action {k}" in text
    assert invoke("review", str(simulated), "-m", "2", "--hand", "1", "--seat", "1").exit_code == 0


@pytest.mark.slow  # 15 s at load average 18 (--durations): over 0.5 s alone
def test_view_bad_input_is_one_line_and_exit_2(tmp_path, simulated, monkeypatch):
    monkeypatch.setenv("CAPICUA_DATA_DIR", str(tmp_path / "data"))
    assert "no saved Chiva match to view" in one_line_error(invoke("view"))
    assert "unknown variant 'poker'" in one_line_error(invoke("view", "--variant", "poker"))
    assert "no such file" in one_line_error(invoke("view", str(tmp_path / "nope.jsonl")))
    assert "--hand 40" in one_line_error(invoke("view", str(simulated), "--hand", "40"))
    assert "plays and passes" in one_line_error(
        invoke("view", str(simulated), "--hand", "1", "--move", "500")
    )
    assert "--seat 0" in one_line_error(invoke("view", str(simulated), "--seat", "0"))
    assert "--speed" in one_line_error(invoke("view", str(simulated), "--speed", "0"))
    assert "goes with --screenshot" in one_line_error(
        invoke("view", str(simulated), "--log-screenshot", str(tmp_path / "log.png"))
    )


@pytest.mark.parametrize(
    ("name", "options"),
    [("all-fives", {"goal": 50}), ("mexican-train", {"seats": 2, "rounds": 1})],
)
@pytest.mark.slow  # plays and reviews a whole match: seconds
def test_review_judges_a_game_with_rules_of_its_own(tmp_path, name, options):
    # A spinner's arms and trains: the review names every end and stays in a hand's worth.
    from capicua.core.driver import play_match
    from capicua.core.rng import seat_stream
    from capicua.plugins import load_plugins

    plugins = load_plugins()
    if name not in plugins.variants:
        pytest.skip(f"{name} is an example plugin under examples/")
    game = plugins.variants.create(name, options)
    seats = dict.fromkeys(range(1, game.seats + 1), "random")
    players = {s: plugins.players.create("random", seat_stream(2, s)) for s in seats}
    match = play_match(game, players, 2)
    records = tmp_path / "r.jsonl"
    records.write_text(dumps(to_record(match, seats)) + "\n")
    result = runner.invoke(app, ["review", str(records), "--seat", "1", "--json"])
    assert result.exit_code == 0, result.output
    review = json.loads(result.stdout)
    assert review["decisions"], "no decision was judged"
    for decision in review["decisions"]:
        assert 0.0 <= decision["loss"] <= 1.0
