"""What the capicua-bot/1 protocol costs per decision: the same player in process and
through the protocol, on the same matches.

    python benchmarks/protocol.py                      # Chiva, 40 matches a row
    python benchmarks/protocol.py --variant double-nine-100 --matches 20 --repeat 3

Each row seats one player in seats 1 and 3 (the random player in 2 and 4, in process) and
plays the same seeded matches twice: once with the player in this process, once behind the
protocol. A decision's time is what the driver waits for the player, view included, as a
tournament times it; the protocol's cost is the difference of the two means, per decision.

* ``random`` and ``heuristic``: capicua's own players, in process and in the Python host
  (``isolation = "process"``: the view written as JSON, a pipe each way, the view rebuilt
  in the host, the answer back) that runs every plugin's player;
* ``pybot``: examples/bots/python/capicua_bot.py, its ``choose`` called here on the decide
  message (built from the view, the protocol's side of the cost is not counted in it) and
  the program itself through a pipe;
* ``jsbot``: examples/bots/js/bot.js through the protocol (no in-process twin: its time is
  all there is), when Node.js is installed.

Processes are started before the clock runs and kept between matches (the bots say they
can be reset), as in a tournament's worker. The best of ``--repeat`` runs is kept (the
machine is shared: the least disturbed run is the closest to the cost itself); the load
average is printed before and after.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import random
import shutil
import sys
from pathlib import Path
from typing import Any

from capicua.core.actions import Action
from capicua.core.driver import play_match
from capicua.core.rng import derive_seed, seat_stream
from capicua.core.view import View
from capicua.players.command import make_player
from capicua.plugins import default_plugins
from capicua.protocol import messages as M
from capicua.protocol.process import BotPool

BOTS = Path(__file__).resolve().parents[1] / "examples" / "bots"


def load_pybot() -> Any:
    spec = importlib.util.spec_from_file_location("capicua_bot", BOTS / "python" / "capicua_bot.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class PyBotInProcess:
    """The Python reference bot's choice, asked in this process."""

    name = "pybot"

    def __init__(self, module: Any, seed: int) -> None:
        self.module = module
        self.options = {k: v["default"] for k, v in module.OPTIONS.items()}
        self.rng = random.Random(seed)
        self.number = 0

    def act(self, view: View) -> Action:
        self.number += 1
        text, _ = self.module.choose(M.decide(view, self.number), self.options, self.rng)
        return M.action_of(text)


def run(
    variant: Any, plugins: Any, seats: dict[int, Any], seeds: list[int], pool: BotPool
) -> tuple[float, int]:
    """Seconds spent in seats 1 and 3's decisions over the matches, and their number."""
    spent, count = 0.0, 0
    for seed in seeds:
        players = {}
        for s, spec in seats.items():
            if callable(spec):
                players[s] = spec(seed, s)
            else:
                players[s] = make_player(
                    plugins.players,
                    spec,
                    seat_stream(seed, s),
                    variant=variant,
                    seat=s,
                    seed=seed,
                    pool=pool,
                )
        timings: dict[int, list[float]] = {}
        match = play_match(variant, players, seed, timings=timings)
        for s, p in players.items():
            finish = getattr(p, "finish", None)
            if finish is not None:
                finish(match.view(s))
        for s in (1, 3):
            spent += sum(timings.get(s, []))
            count += len(timings.get(s, []))
    return spent, count


def best(variant: Any, plugins: Any, seats: dict, seeds: list[int], pool: BotPool, repeat: int):
    run(variant, plugins, seats, seeds[:1], pool)  # start the processes, warm the caches
    results = [run(variant, plugins, seats, seeds, pool) for _ in range(repeat)]
    spent, count = min(results)
    return spent / count, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variant", default="chiva")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    plugins = default_plugins()
    variant = plugins.variants.create(args.variant)
    seeds = [derive_seed(args.seed, i) for i in range(args.matches)]
    pybot = load_pybot()
    pyargv = [sys.executable, str(BOTS / "python" / "capicua_bot.py")]
    print(f"load average {os.getloadavg()[0]:.2f}; Python {sys.version.split()[0]}")
    print(f"{variant.title}, {args.matches} matches a run, best of {args.repeat}")
    print(f"{'player':<10} {'decisions':>9} {'in process':>12} {'protocol':>12} {'cost':>10}")
    rows: list[tuple[str, Any, Any]] = [
        ("random", "random", {"player": "random", "isolation": "process"}),
        ("heuristic", "heuristic", {"player": "heuristic", "isolation": "process"}),
        (
            "pybot",
            lambda seed, s: PyBotInProcess(pybot, seed + s),
            {"player": "command", "argv": pyargv},
        ),
    ]
    if shutil.which("node"):
        rows.append(
            ("jsbot", None, {"player": "command", "argv": ["node", str(BOTS / "js" / "bot.js")]})
        )
    pool = BotPool()
    try:
        for label, inside, outside in rows:
            base = None
            if inside is not None:
                seats = {1: inside, 2: "random", 3: inside, 4: "random"}
                base, count = best(variant, plugins, seats, seeds, pool, args.repeat)
            seats = {1: outside, 2: "random", 3: outside, 4: "random"}
            through, count = best(variant, plugins, seats, seeds, pool, args.repeat)
            first = f"{base * 1e3:9.3f} ms" if base is not None else f"{'-':>12}"
            cost = f"{(through - base) * 1e3:7.3f} ms" if base is not None else f"{'-':>10}"
            print(f"{label:<10} {count:>9} {first:>12} {through * 1e3:9.3f} ms {cost:>10}")
    finally:
        pool.close()
    print(f"load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
