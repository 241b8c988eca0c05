"""Hostile players: under the default isolation none sees another hand, each loses only its
own match with a clear reason, nothing it prints reaches capicua's output, and no process
of it outlives its match.

The players are the ``capicua-testplayers`` plugin's (tests/tournament/testdist), loaded
through its entry point as any third-party plugin is. The same spies seated with
``isolation = "none"`` do find the hands, so the tests would see a spy that succeeds.
"""

from __future__ import annotations

import json
import random
import time

import pytest

from capicua.core.match import Match
from capicua.core.rng import seat_stream
from capicua.gui.model import Session
from capicua.players.command import HostedPlayer, isolated, make_player
from capicua.protocol.process import POOL
from capicua.tournament.play import Job, play_game

from .helpers import gone, marked, run_json

#: Tournaments and bot processes: seconds each, so outside the quick loop.
pytestmark = pytest.mark.slow

SPIES = ("gcspy", "framespy", "attrspy")


def spy_config(config, isolation: str):
    seats = {
        s: f'{{ player = "{name}", isolation = "{isolation}" }}'
        for s, name in zip((1, 2, 3), SPIES, strict=True)
    }
    return config(seats, matches=2)


def findings(path) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for line in path.read_text().splitlines():
        who, _, found = line.partition(": ")
        out.setdefault(who.split()[0], set()).add(found)
    return out


def test_no_spy_sees_another_hand_under_the_default_isolation(
    cli, config, tmp_path, testplayers, monkeypatch
):
    monkeypatch.setenv("CAPICUA_TEST_SPY", str(tmp_path / "spy"))
    summary, _, _ = run_json(cli, spy_config(config, "process"), tmp_path)
    assert summary["errors"] == 0 and summary["finished"] == 2
    assert findings(tmp_path / "spy") == {name: {"nothing"} for name in SPIES}


def test_the_same_spies_in_process_do_find_the_hands(
    cli, config, tmp_path, testplayers, monkeypatch
):
    monkeypatch.setenv("CAPICUA_TEST_SPY", str(tmp_path / "spy"))
    run_json(cli, spy_config(config, "none"), tmp_path)
    found = findings(tmp_path / "spy")
    assert all(f.startswith("hands of seats") for f in found["gcspy"] | found["framespy"])
    assert found["attrspy"] == {"nothing"}  # a view holds nothing of the match in any process


def test_isolation_is_the_default_for_plugins_only(testplayers):
    players = testplayers.players
    assert isolated(players, "gcspy") and isolated(players, {"player": "greedy"})
    assert not isolated(players, {"player": "gcspy", "isolation": "none"})
    assert not isolated(players, "heuristic") and not isolated(players, "human")
    assert isolated(players, {"player": "heuristic", "isolation": "process"})


@pytest.mark.parametrize("isolation", ["process", "none"])
def test_what_a_player_prints_never_reaches_the_json(cli, config, tmp_path, testplayers, isolation):
    path = config({2: f'{{ player = "printer", isolation = "{isolation}" }}'}, matches=2)
    summary, _, _ = run_json(cli, path, tmp_path)  # json.loads of the whole stdout
    assert summary["errors"] == 0 and summary["finished"] == 2


def test_sleeping_exiting_and_raising_players_lose_only_their_own_matches(
    cli, config, tmp_path, testplayers, mark
):
    path = config(
        {
            1: '{ player = "sleeper", rate = 0.3 }',
            2: '{ player = "crasher", rate = 0.3 }',
            3: '{ player = "exiter", rate = 0.3 }',
            4: '{ player = "raiser", rate = 0.3 }',
        },
        matches=10,
        extra="time_limit = 0.5",
    )
    summary, _, _ = run_json(cli, path, tmp_path)
    reasons = {
        1: "exceeded the time limit of 0.5 s for a decision",
        2: "its process ended with exit status 3",
        3: "raised SystemExit: 4",
        4: "raised ValueError: the raiser gives up",
    }
    errors = summary["error_list"]
    assert {e["seat"] for e in errors} == {1, 2, 3, 4}  # each kind happened
    for e in errors:
        assert e["reason"] == reasons[e["seat"]], e
    assert summary["finished"] == 10 - len(errors) > 0
    assert gone(mark) == []


def test_a_player_leaving_processes_behind_loses_them_with_its_match(
    testplayers, monkeypatch, mark
):
    monkeypatch.setenv("CAPICUA_TEST_MARK", "4321.75")
    job = Job("chiva", {1: "forker", 2: "random", 3: "random", 4: "random"}, 5, time_limit=5.0)
    try:
        for game in range(2):
            result = play_game(job, game, plugins=testplayers)
            assert result["error"] is None
            # The host is kept for the next match (it can be reset), and it alone.
            assert len(POOL) == 1
            left = _settled(mark)
            assert len(left) == 1 and _is_host(left[0])
    finally:
        POOL.close()
    assert gone(mark) == []


def _settled(mark: str) -> list[int]:
    """The marked processes once only hosts are left (or a few seconds have passed)."""
    stop = time.monotonic() + 3
    while True:
        left = marked(mark)
        if all(_is_host(p) for p in left) or time.monotonic() > stop:
            return left
        time.sleep(0.05)


def _is_host(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            return b"capicua.protocol.host" in f.read()
    except OSError:
        return False


def test_a_plugin_plays_the_same_behind_the_boundary_as_in_process(cli, config, tmp_path):
    inside = config({1: '{ player = "greedy", isolation = "none" }', 2: '"heuristic"'})
    outside = config({1: '"greedy"', 2: '{ player = "heuristic", isolation = "process" }'})
    _, a, _ = run_json(cli, inside, tmp_path / "a")
    _, b, _ = run_json(cli, outside, tmp_path / "b")
    assert [r["hands"] for r in a] == [r["hands"] for r in b]


def test_a_bot_partner_at_the_table_cannot_read_the_persons_hand(
    testplayers, monkeypatch, tmp_path
):
    monkeypatch.setenv("CAPICUA_TEST_SPY", str(tmp_path / "spy"))
    variant = testplayers.variants.create("chiva")
    match = Match(variant, 3)
    session = Session(
        match, {1: "human", 2: "random", 3: "gcspy", 4: "framespy"}, testplayers.players
    )
    try:
        assert isinstance(session.players[3], HostedPlayer)
        while not (tmp_path / "spy").exists() or len(findings(tmp_path / "spy")) < 2:
            seat = match.turn
            if session.is_human(seat) or session.automatic() is not None:
                session.apply(random.Random(0).choice(match.legal_actions()))
            else:
                decision = session.decision_job(seat)()
                session.apply(decision.action, decision.stream)
            session.proceed()
    finally:
        session.close()
    assert findings(tmp_path / "spy") == {"gcspy": {"nothing"}, "framespy": {"nothing"}}


def test_a_hosted_player_keeps_the_tables_undo_repeatable(testplayers):
    # The table sets a seat's stream back after an undo; across the boundary too.
    variant = testplayers.variants.create("chiva")
    spec = {"player": "random", "isolation": "process"}
    rng = seat_stream(9, 2)
    player = make_player(
        testplayers.players, spec, rng, variant=variant, seat=2, seed=9, shared_stream=True
    )
    try:
        match = Match(variant, 9)
        while match.turn != 2 or len(match.legal_actions()) < 2:
            match.apply(match.legal_actions()[0])
        view = match.view(2)
        state = rng.getstate()
        first = [player.act(view) for _ in range(12)]
        rng.setstate(state)
        again = [player.act(view) for _ in range(12)]
        assert first == again and len(set(map(str, first))) > 1
    finally:
        player.close()


def test_json_summary_of_a_hostile_tournament_parses(cli, config, tmp_path, testplayers):
    path = config({1: '"printer"', 2: '{ player = "crasher", rate = 0.5 }'}, matches=4)
    result = cli("tournament", path, "--db", tmp_path / "t.sqlite", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["planned"] == 4
