"""The environment's observations, kept up to date action by action, against the vectors
encoded from scratch: every installed game at every seat count it allows, random episodes
from fixed seeds, every seat's observation and action mask compared at every step with
what :meth:`Encoding.encode <capicua.env.encoding.Encoding.encode>` and ``mask`` give of the
seat's view and legal actions then."""

from __future__ import annotations

import random

import pytest

pytest.importorskip(
    "pettingzoo", reason="the rl extra (pip install 'capicua[rl]') is not installed"
)

import numpy as np

from capicua.conformance import configurations
from capicua.env import CapicuaEnv
from capicua.plugins import load_plugins

PLUGINS = load_plugins()
#: Every installed game at every seat count it allows (its other options at default).
GAMES = [
    (name, options)
    for name in PLUGINS.variants.names()
    for options in configurations(PLUGINS.variants.get(name))
    if set(options) <= {"seats"}
]


def fresh(env: CapicuaEnv, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """What ``seat`` sees now, encoded from scratch: the vector of its view and the mask of
    the actions it may take."""
    m = env.match
    assert m is not None
    enc = env.encoding
    legal = env._legal(m) if m.turn == seat and not env._done else ()
    return enc.encode(m.view(seat)), enc.mask(legal, seat)


def play_and_compare(
    name: str, options: dict, seed: int, steps: int, skip: bool, often: float = 1.0
) -> int:
    """Play ``steps`` random steps (or to the episode's end), comparing at each every seat
    (or each seat with probability ``often``: a seat then catches up on several actions
    at once); the steps taken."""
    variant = PLUGINS.variants.create(name, options)
    env = CapicuaEnv(variant, skip_forced=skip, max_hands=3, plugins=PLUGINS)
    env.reset(seed=seed)
    enc = env.encoding
    choices = random.Random(seed)
    looks = random.Random(-seed)
    for step in range(steps):
        for seat in range(1, enc.seats + 1):
            if often < 1 and looks.random() >= often:
                continue
            seen = env.observe(f"seat_{seat}")
            want, mask = fresh(env, seat)
            got = seen["observation"]
            if not np.array_equal(got, want):
                wrong = [
                    f.name
                    for f in enc.fields
                    if not np.array_equal(enc.fields_of(got)[f.name], enc.fields_of(want)[f.name])
                ]
                pytest.fail(f"{name} {options}, seed {seed}, step {step}, seat {seat}: {wrong}")
            assert np.array_equal(seen["action_mask"], mask), (name, options, seed, step, seat)
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            return step
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[choices.randrange(len(legal))]))
    return steps


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_seat_sees_what_its_view_encodes_at_every_step(name, options):
    # The first sixty steps of an episode: the deal, the opening, draws and passes.
    assert play_and_compare(name, options, seed=7, steps=60, skip=False) > 0


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), GAMES)
@pytest.mark.parametrize("skip", [False, True])
def test_every_seat_sees_what_its_view_encodes_for_whole_episodes(name, options, skip):
    # Three hands of each of a few episodes: hands that end, new deals, every action kind.
    for seed in range(3):
        play_and_compare(name, options, seed=seed, steps=2000, skip=skip)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_seat_observed_now_and_then_catches_up_on_what_it_missed(name, options):
    # Each seat is observed at about one step in five: between two looks it has missed
    # plays, draws, passes, scores and whole hands, and must still see its view.
    for seed in range(2):
        play_and_compare(name, options, seed=seed, steps=400, skip=False, often=0.2)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_line_or_spinner_is_written_as_the_rules_and_the_layout_say(name, options):
    # A line's and a spinner's ends are read straight from their tiles where the rules let
    # every seat play everywhere; the general way asks the layout and the rules end by end.
    # Every layout of a few episodes, written both ways for every seat, must agree.
    variant = PLUGINS.variants.create(name, options)
    env = CapicuaEnv(variant, max_hands=2, plugins=PLUGINS)
    enc = env.encoding
    if enc.tracked or type(variant.new_layout(1)) not in enc._plain:
        pytest.skip("no line or spinner written from its tiles in this game")
    written = 0
    for seed in range(2):
        env.reset(seed=seed)
        choices = random.Random(seed)
        for _agent in env.agent_iter(150):
            pos = env.match.position if env.match is not None else None
            if pos is not None:
                for seat in range(1, enc.seats + 1):
                    plain, general = enc.blank(), enc.blank()
                    boneyard = len(pos.boneyard)
                    enc._write_layout(plain, seat, pos.layout, boneyard)
                    enc._write_any_layout(general, seat, pos.layout, boneyard)
                    assert plain == general, (name, options, seed, seat, pos.layout)
                written += type(pos.layout) in enc._plain
            obs, _, done, cut, _ = env.last()
            if done or cut:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[choices.randrange(len(legal))]))
    assert written > 0
