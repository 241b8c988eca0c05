"""Engine speed: random-vs-random hands and actions per second, per variant, on one core.

Three figures per variant:

* ``engine``: the match state machine alone, the way a search would use it
  (``legal_actions`` + ``apply`` with a seeded uniform choice; no views, hooks or records);
* ``players``: the full framework as a tournament plays a match — the driver builds each
  seat's view and asks the ``random`` player plugin (hooks and records off);
* ``hooks+records``: as ``players``, with the plugin manager's observer hooks called and
  the match record built at the end.

Run: ``python benchmarks/engine.py [--seconds 3]``. Timings are wall clock on whatever the
machine is doing, so run it on a quiet machine and take the best of the repeats it prints.
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
    print(f"{'variant':18} {'mode':14} {'hands/s':>10} {'actions/s':>11}")
    for name in ("chiva", "double-nine-100"):
        variant = plugins.variants.create(name)
        modes = {
            "engine": lambda s, v=variant: engine_only(v, s),
            "players": lambda s, v=variant: with_players(plugins, v, s, False),
            "hooks+records": lambda s, v=variant: with_players(plugins, v, s, True),
        }
        for mode, fn in modes.items():
            best = max((measure(fn, args.seconds) for _ in range(args.repeat)), key=lambda r: r[0])
            print(f"{name:18} {mode:14} {best[0]:10,.0f} {best[1]:11,.0f}", flush=True)


if __name__ == "__main__":
    main()
