"""PettingZoo's own checks of the environment: its API test and its seed test, for both games
and for a third-party variant (Block, from examples/capicua-block)."""

from __future__ import annotations

import pytest

pytest.importorskip(
    "pettingzoo", reason="the environment needs the rl extra: pip install 'capicua[rl]'"
)

from pettingzoo.test import api_test, seed_test

from capicua.env import make

VARIANTS = ["chiva", "double-nine-100", "block"]


def _installed(name: str) -> None:
    if name == "block":
        pytest.importorskip(
            "capicua_block",
            reason="Block is the example plugin: pip install ./examples/capicua-block",
        )


# PettingZoo warns where a dict observation is not a plain array, as it is for every game
# with an action mask; those notes are its own, not failures.
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", VARIANTS)
def test_pettingzoo_api_test_passes(name):
    _installed(name)
    api_test(make(name), num_cycles=1000)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", VARIANTS)
def test_pettingzoo_api_test_passes_with_every_reward_and_forced_moves_skipped(name):
    _installed(name)
    env = make(name, rewards={"hand": 1.0, "points": 0.1, "match": 2.0}, skip_forced=True)
    api_test(env, num_cycles=1000)


@pytest.mark.parametrize("name", VARIANTS)
def test_pettingzoo_seed_test_passes(name):
    _installed(name)
    seed_test(lambda: make(name), num_cycles=500)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", VARIANTS)
def test_an_episode_cut_after_one_hand_passes_the_api_test(name):
    _installed(name)
    api_test(make(name, max_hands=1, rewards={"hand": 1.0}), num_cycles=200)
