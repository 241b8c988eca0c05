"""examples/learning/train_chiva.py: it trains, repeatably, and its agent plays as the
``policy`` player, in benchmarks/strength.py's duplicate pairs too."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

pytest.importorskip(
    "pettingzoo", reason="the example needs the rl extra: pip install 'capicua[rl]'"
)

import numpy as np

from capicua.core.errors import PluginError
from capicua.env.player import PolicyPlayer
from capicua.plugins import load_plugins
from capicua.testing import check_player
from capicua.variants.chiva import Chiva

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "examples" / "learning" / "train_chiva.py"


def load_script(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def example():
    return load_script(SCRIPT, "train_chiva")


@pytest.fixture(scope="module")
def weights(example, tmp_path_factory):
    w = example.train(30, seed=3, log=lambda line: None)
    path = tmp_path_factory.mktemp("agent") / "agent.npz"
    example.save(path, w)
    return path, w


@pytest.mark.slow
def test_training_moves_the_weights_and_repeats_with_the_same_seed(example, weights):
    _, w = weights
    assert w.shape == (len(example.FEATURES),) and np.abs(w).sum() > 0
    assert np.array_equal(example.train(30, seed=3, log=lambda line: None), w)


@pytest.mark.slow  # trains the agent first (the weights fixture)
def test_the_trained_agent_plays_legal_actions_as_the_policy_player(weights):
    path, _ = weights
    options = {"policy": f"{SCRIPT}:load", "weights": str(path)}
    report = check_player(PolicyPlayer, [Chiva], options=options, matches=2, time_limit=None)
    assert report.decisions > 50


@pytest.mark.slow  # trains the agent first (the weights fixture)
def test_the_agent_plays_the_legal_play_of_highest_score(example, weights):
    path, w = weights
    policy = example.load(path)
    from capicua.env import make

    env = make("chiva", skip_forced=True)
    env.reset(seed=1)
    obs, *_ = env.last()
    legal, x = example.Features(env.encoding).rows(obs["observation"], obs["action_mask"])
    assert policy(obs["observation"], obs["action_mask"]) == legal[int(np.argmax(x @ w))]


def test_weights_of_another_agent_are_refused_naming_the_file(example, tmp_path):
    path = tmp_path / "other.npz"
    np.savez(path, variant="chiva", weights=np.zeros(3))
    entry = {"player": "policy", "policy": f"{SCRIPT}:load", "weights": str(path)}
    with pytest.raises(PluginError, match="holds 3 weights; this agent has"):
        load_plugins(third_party=False).players.create(entry, None)


@pytest.mark.slow  # trains the agent first (the weights fixture)
def test_the_strength_benchmark_plays_the_agent_in_duplicate(weights):
    path, _ = weights
    strength = load_script(ROOT / "benchmarks" / "strength.py", "strength_for_the_agent")
    spec = strength.parse_spec(f"policy:policy={SCRIPT}:load,weights={path}")
    assert spec == {"player": "policy", "policy": f"{SCRIPT}:load", "weights": str(path)}
    out = strength.play_pair(("chiva", spec, "random", 11, {}))  # no game options
    assert sum(out["matches"]) == 2 and out["deals"] > 0


@pytest.mark.slow  # trains for a few matches
def test_training_says_how_long_the_rest_takes_after_its_first_matches(example, monkeypatch):
    monkeypatch.setattr(example, "TIMED", 3)
    said: list[str] = []
    example.train(5, seed=3, log=said.append)
    assert len(said) == 1, said
    assert re.fullmatch(
        r"about \d+ minutes? more for 2 matches \(the pace of the first 3\)", said[0]
    )
