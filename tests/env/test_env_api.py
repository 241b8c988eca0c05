"""PettingZoo's own checks of the environment: its API test and its seed test, on every
installed variant: capicua's own games, the example plugins (Block, and the games with rules
of their own: Draw, All Fives, Mexican Train) and any other installed, and on the tables of
other sizes the games with a seat count as an option can have."""

from __future__ import annotations

import pytest

pytest.importorskip(
    "pettingzoo", reason="the environment needs the rl extra: pip install 'capicua[rl]'"
)

from pettingzoo.test import api_test, seed_test

from capicua.core.variant import Variant
from capicua.env import make
from capicua.plugins import default_plugins

#: The games the repository ships, each tested (or skipped, saying what to install) even
#: where it is missing; any other installed variant is tested as well.
SHIPPED = {
    "chiva": "capicua",
    "double-nine-100": "capicua",
    "block": "examples/capicua-block",
    "draw": "examples/capicua-draw",
    "all-fives": "examples/capicua-fives",
    "mexican-train": "examples/capicua-mexican-train",
    "matador": "examples/capicua-matador",
}
INSTALLED = default_plugins().variants.names()
VARIANTS = [*SHIPPED, *(name for name in INSTALLED if name not in SHIPPED)]
#: Options that keep a long match short where the API test plays it out many times.
SHORT = {"mexican-train": {"rounds": 2}}
#: Tables of other sizes: a game's options, as its rules allow them.
TABLES = [
    ("draw", {"seats": 3}),
    ("draw", {"seats": 4}),
    ("all-fives", {"seats": 3}),
    ("all-fives", {"seats": 4}),
    ("all-fives", {"seats": 4, "partners": False}),
    ("mexican-train", {"seats": 2, "rounds": 1}),
    ("mexican-train", {"seats": 6, "rounds": 1}),
    ("mexican-train", {"seats": 8, "rounds": 1}),
]


def variant(name: str, options: dict | None = None) -> Variant:
    """The installed variant ``name`` with ``options`` (its short ones by default); the test
    skips, saying what to install, where it is not installed."""
    if name not in INSTALLED:
        pytest.skip(f"{name} is not installed: pip install ./{SHIPPED[name]}")
    chosen = SHORT.get(name, {}) if options is None else options
    return default_plugins().variants.create(name, chosen)


# PettingZoo warns where a dict observation is not a plain array, as it is for every game
# with an action mask; those notes are its own, not failures.
@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.slow  # 8 s at load average 18 (--durations): over 0.5 s alone
def test_pettingzoo_api_test_passes(name):
    api_test(make(variant(name)), num_cycles=1000)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", VARIANTS)
def test_pettingzoo_api_test_passes_with_every_reward_and_forced_moves_skipped(name):
    env = make(variant(name), rewards={"hand": 1.0, "points": 0.1, "match": 2.0}, skip_forced=True)
    api_test(env, num_cycles=1000)


@pytest.mark.parametrize("name", VARIANTS)
def test_pettingzoo_seed_test_passes(name):
    game = variant(name)
    seed_test(lambda: make(game), num_cycles=500)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", VARIANTS)
def test_an_episode_cut_after_one_hand_passes_the_api_test(name):
    api_test(make(variant(name), max_hands=1, rewards={"hand": 1.0}), num_cycles=200)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(
    ("name", "options"), TABLES, ids=[f"{n}-{'-'.join(map(str, o.values()))}" for n, o in TABLES]
)
@pytest.mark.slow  # 8 s at load average 18 (--durations): over 0.5 s alone
def test_tables_of_every_size_pass_the_api_and_seed_tests(name, options):
    game = variant(name, options)
    api_test(make(game, rewards={"hand": 1.0, "points": 0.1, "match": 1.0}), num_cycles=500)
    seed_test(lambda: make(game), num_cycles=200)
