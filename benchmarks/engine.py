"""Engine speed: random-vs-random hands and actions per second, per variant, on one core.

Three figures per variant:

* ``engine``: the match state machine alone, the way a search would use it
  (``legal_actions`` + ``apply`` with a seeded uniform choice; no views, hooks or records);
* ``players``: the full framework as a tournament plays a match — the driver builds each
  seat's view and asks the ``random`` player plugin (hooks and records off);
* ``hooks+records``: as ``players``, with the plugin manager's observer hooks called and
  the match record built at the end;
* ``env``: the PettingZoo environment (``capicua.env``, the ``rl`` extra) stepped by an
  agent loop (``last()``, a seeded uniform choice among the actions its mask allows,
  ``step()``) over every decision, forced ones included; its ``actions/s`` are environment
  steps per second. A line after it gives them as ratios to ``players`` (the decision
  path: a view built and a player asked) and to ``engine``, measured in the same process.

Run: ``python benchmarks/engine.py [--seconds 3]``. Timings are wall clock on whatever the
machine is doing, so run it on a quiet machine; each figure is the best of the repeats.
"""

from __future__ import annotations

import argparse
import random
import time

from capicua.core.driver import play_match
from capicua.core.match import Match
from capicua.core.records import to_record
from capicua.core.rng import seat_stream
from capicua.plugins import load_plugins


def engine_only(variant, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    m = Match(variant, seed)
    actions = 0
    while m.turn is not None:
        legal = m.legal_actions()
        m.apply(legal[int(rng.random() * len(legal))])
        actions += 1
    return len(m.hands_log), actions


def with_players(plugins, variant, seed: int, hooks: bool) -> tuple[int, int]:
    players = {
        s: plugins.players.create("random", seat_stream(seed, s))
        for s in range(1, variant.seats + 1)
    }
    m = play_match(variant, players, seed, hook=plugins.hook if hooks else None)
    if hooks:
        to_record(m, {s: "random" for s in players})
    return len(m.hands_log), len(m.actions)


def env_steps(env, seed: int) -> tuple[int, int]:
    """One episode (a match) of the environment with uniform choices from the masks."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0]
        env.step(legal[int(rng.random() * len(legal))])
        steps += 1
    return len(env.match.hands_log), steps


def measure(fn, seconds: float) -> tuple[float, float]:
    hands = actions = 0
    seed = 0
    start = time.perf_counter()
    while True:
        h, a = fn(seed)
        hands += h
        actions += a
        seed += 1
        took = time.perf_counter() - start
        if took >= seconds:
            return hands / took, actions / took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--repeat", type=int, default=3, help="repeats; the best is kept")
    args = parser.parse_args()
    plugins = load_plugins()
    try:
        from capicua.env import make
    except ImportError:
        make = None
    print(f"{'variant':18} {'mode':14} {'hands/s':>10} {'actions/s':>11}")
    for name in ("chiva", "double-nine-100"):
        variant = plugins.variants.create(name)
        modes = {
            "engine": lambda s, v=variant: engine_only(v, s),
            "players": lambda s, v=variant: with_players(plugins, v, s, False),
            "hooks+records": lambda s, v=variant: with_players(plugins, v, s, True),
        }
        try:
            env = make(variant) if make is not None else None
        except ImportError:  # pettingzoo or gymnasium missing: the extra is not installed
            env = None
        if env is not None:
            modes["env"] = lambda s, e=env: env_steps(e, s)
        # The modes take turns, repeat after repeat, so that a change in what else the
        # machine is doing touches them alike and the ratios hold.
        best: dict[str, tuple[float, float]] = {}
        for _ in range(args.repeat):
            for mode, fn in modes.items():
                got = measure(fn, args.seconds)
                if mode not in best or got[1] > best[mode][1]:
                    best[mode] = got
        for mode, (hands, acts) in best.items():
            print(f"{name:18} {mode:14} {hands:10,.0f} {acts:11,.0f}", flush=True)
        actions = {mode: acts for mode, (_, acts) in best.items()}
        if env is None:
            print(f"{name:18} {'env':14} (needs the rl extra: pip install 'capicua[rl]')")
        else:
            print(
                f"{name:18} {'':14} env steps/s = {actions['env'] / actions['players']:.2f} x "
                f"players, {actions['env'] / actions['engine']:.2f} x engine",
                flush=True,
            )


if __name__ == "__main__":
    main()
