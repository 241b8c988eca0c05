"""The ``policy`` player: a policy from a module or a file plays legal actions, sees what the
environment shows, sits in a tournament and at the table, and bad specs are one line."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

pytest.importorskip(
    "numpy", reason="the policy player needs the rl extra: pip install 'capicua[rl]'"
)

import numpy as np
from typer.testing import CliRunner

from capicua.cli import app
from capicua.core.driver import play_match
from capicua.core.errors import PlayerError, PluginError
from capicua.core.match import Match
from capicua.core.records import replay
from capicua.core.rng import seat_stream
from capicua.env.player import PolicyPlayer, load_object, make_policy
from capicua.gui.model import Session
from capicua.plugins import load_plugins
from capicua.testing import check_player
from capicua.tournament.config import load_config
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

HERE = Path(__file__).resolve().parent
POLICIES = HERE / "policies.py"


def spec(name: str, **options) -> dict:
    return {"player": "policy", "policy": f"{POLICIES}:{name}", **options}


@pytest.fixture(scope="module")
def registry():
    return load_plugins(third_party=False).players


def test_the_default_policy_plays_legal_actions_in_both_games():
    report = check_player(PolicyPlayer, [Chiva, DoubleNine100], matches=1, time_limit=None)
    assert report.decisions > 100


@pytest.mark.slow  # 2 s at load average 18 (--durations): over 0.5 s alone
def test_a_policy_from_a_file_passes_the_conformance_kit():
    options = {"policy": f"{POLICIES}:first"}
    check_player(PolicyPlayer, [Chiva, DoubleNine100], options=options, time_limit=None)


def test_a_policy_from_a_module_passes_the_conformance_kit():
    options = {"policy": "capicua.env.policies:uniform"}
    check_player(PolicyPlayer, [Chiva], options=options, matches=1, time_limit=None)


def test_a_policy_that_takes_a_stream_gets_the_seats_own(registry):
    calls = load_object(f"{POLICIES}:calls")
    calls.clear()
    rng = seat_stream(3, 2)
    player = registry.create(spec("seeded"), rng)
    others = {s: registry.create("random", seat_stream(3, s)) for s in (1, 3, 4)}
    play_match(Chiva(), {**others, 2: player}, 3)
    assert calls and all(r is rng for _, _, r in calls)


def test_the_policy_is_given_what_the_environment_shows_the_seat(registry):
    pytest.importorskip("pettingzoo", reason="the environment needs the rl extra")
    from capicua.env import make

    calls = load_object(f"{POLICIES}:calls")
    calls.clear()
    env = make("double-nine-100")
    env.reset(seed=12)
    player = registry.create(spec("seeded"), random.Random(1))
    for _ in range(150):
        obs, _, done, _, _ = env.last()
        if done:
            break
        seat = env.match.turn
        view = env.match.view(seat)
        before = len(calls)
        action = player.act(view)
        if len(calls) > before:  # asked: more than one legal action
            seen, mask, _ = calls[-1]
            assert np.array_equal(seen, obs["observation"])
            assert np.array_equal(mask, obs["action_mask"])
        env.step(env.encoding.action_index(action, seat))


def test_a_weights_file_is_given_to_the_loader_once_per_process(registry, tmp_path):
    weights = tmp_path / "agent.npz"
    weights.write_bytes(b"weights")
    loaded = load_object(f"{POLICIES}:loaded")
    loaded.clear()
    make_policy.cache_clear()
    for s in range(1, 5):
        registry.create(spec("load", weights=str(weights)), seat_stream(1, s))
    assert loaded == [str(weights)]


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            {"policy": "no_such_module.agents:act"},
            "option 'policy': cannot import 'no_such_module.agents': no module named "
            "'no_such_module'",
        ),
        ({"policy": "capicua.env.policies:nothing"}, "'capicua.env.policies' has no 'nothing'"),
        (
            {"policy": "act"},
            "'act' does not name a policy: write module:name or path/to/file.py:name",
        ),
        ({"policy": "missing/agent.py:act"}, "no file 'missing/agent.py'"),
        (
            {"policy": f"{HERE / 'broken_policy.py'}:act"},
            "raised RuntimeError: this policy file is broken",
        ),
        ({"policy": 7}, "option 'policy' must be str, not 7"),
        ({"weights": "no-such-agent.npz"}, "option 'weights': no file 'no-such-agent.npz'"),
    ],
)
def test_a_spec_that_cannot_work_is_refused_when_the_config_is_read(registry, entry, message):
    with pytest.raises(PluginError, match="player 'policy': ") as caught:
        registry.parse_spec({"player": "policy", **entry})
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("NOT_CALLABLE", "is not callable: a policy is policy(observation, mask)"),
        ("refuse", "agent.npz is not a weights file of mine"),
    ],
)
def test_a_policy_that_cannot_be_made_says_why(registry, tmp_path, name, message):
    weights = tmp_path / "agent.npz"
    weights.write_bytes(b"")
    entry = spec(name, weights=str(weights)) if name == "refuse" else spec(name)
    with pytest.raises(PluginError, match="player 'policy': ") as caught:
        registry.create(entry, random.Random(0))
    assert message in str(caught.value)


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        (
            "illegal",
            "raised ValueError: the policy answered action 0 (0-0L), which is not legal now",
        ),
        ("not_a_number", "raised ValueError: the policy answered '6-6L', not an action number"),
    ],
)
def test_a_policy_that_answers_wrong_loses_the_match_as_its_seats_error(registry, name, reason):
    players = {
        s: registry.create(spec(name) if s == 3 else "random", seat_stream(5, s))
        for s in range(1, 5)
    }
    with pytest.raises(PlayerError) as caught:
        play_match(Chiva(), players, 5)
    assert caught.value.seat == 3
    assert reason in str(caught.value)


@pytest.mark.slow
def test_a_tournament_seats_policy_players_in_its_worker_processes(tmp_path):
    config = tmp_path / "policy.toml"
    config.write_text(
        "\n".join(
            [
                'variant = "chiva"',
                "[seats]",
                f'1 = {{ player = "policy", policy = "{POLICIES}:first" }}',
                '2 = "random"',
                f'3 = {{ player = "policy", policy = "{POLICIES}:first" }}',
                '4 = "random"',
                "[tournament]",
                "matches = 4",
                "seed = 2",
                "workers = 2",
            ]
        ),
        encoding="utf-8",
    )
    records = tmp_path / "r.jsonl"
    args = [
        "tournament",
        str(config),
        "--db",
        str(tmp_path / "t.sqlite"),
        "--records",
        str(records),
    ]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    recs = [json.loads(line) for line in records.read_text(encoding="utf-8").splitlines()]
    assert len(recs) == 4
    # The teams swap seats from one match to the next: the policy plays 1+3 or 2+4.
    entries = [r["seats"][str(s)] for r in recs for s in (1, 2)]
    assert {e["player"] for e in entries if isinstance(e, dict)} == {"policy"}
    assert "policy" in result.output
    plugins = load_plugins()
    for r in recs:
        assert replay(r, plugins.variants).over


@pytest.mark.slow  # 1.2 s at load average 9 (-n 2): over 0.5 s alone
def test_a_tournament_config_naming_a_missing_policy_is_one_line(tmp_path):
    config = tmp_path / "bad.toml"
    config.write_text(
        'variant = "chiva"\n[seats]\n1 = { player = "policy", policy = "nowhere:act" }\n'
        '2 = "random"\n3 = "random"\n4 = "random"\n[tournament]\nmatches = 2\n',
        encoding="utf-8",
    )
    result = CliRunner().invoke(
        app, ["tournament", str(config), "--db", str(tmp_path / "t.sqlite")]
    )
    assert result.exit_code == 2
    assert "cannot import 'nowhere': no module named 'nowhere'" in result.output
    assert "Traceback" not in result.output


def test_a_policy_player_sits_at_the_table_with_a_person(registry):
    match = Match(Chiva(), 4)
    seats = {1: "human", 2: spec("first"), 3: spec("seeded"), 4: spec("first")}
    session = Session(match, seats, registry)
    played = 0
    while not session.waiting_for_person:
        seat = match.turn
        action = session.automatic()
        if action is not None:
            session.apply(action)
            continue
        decision = session.decision_job(seat)()
        assert match.is_legal(decision.action)
        session.apply(decision.action, decision.stream)
        played += 1
    assert match.turn == 1 and played + len(match.actions) > 0


def test_a_configs_policy_file_and_weights_are_found_from_the_configs_folder(tmp_path, monkeypatch):
    # As every path in a config: the config's folder, wherever the command runs.
    folder = tmp_path / "agents"
    folder.mkdir()
    (folder / "agent.py").write_text(POLICIES.read_text())
    (folder / "agent.npz").write_bytes(b"weights")
    config = folder / "policy.toml"
    config.write_text(
        'variant = "chiva"\n[seats]\n'
        '1 = { player = "policy", policy = "agent.py:load", weights = "agent.npz" }\n'
        '2 = "random"\n3 = { player = "policy", policy = "capicua.env.policies:uniform" }\n'
        '4 = "random"\n'
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    table = load_config(config, load_plugins(third_party=False))
    assert table.seats[1]["policy"] == f"{folder / 'agent.py'}:load"
    assert table.seats[1]["weights"] == str(folder / "agent.npz")
    assert table.seats[3]["policy"] == "capicua.env.policies:uniform"  # a module stays one
