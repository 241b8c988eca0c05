"""What a playout costs in each installed variant: ``python benchmarks/simulator.py``.

The expert's hot path is :func:`capicua.players.sim.playout`, which scores each hand by
the variant's own ``block_winner`` and ``points``. Where a variant takes one of the rules
the base class names (``Variant.block_by_team_total``, ``block_by_lowest_count``,
``score_opponents_pips``, the default ``points``), the simulator plays its own twin of it
on the ints; any other rule is called back with the hands as tiles, once per playout.

For every installed variant (third-party plugins included) this plays the same random
positions (matches played at random to a play decision, as the expert meets them) out
with the variant's rules, and prints the time per playout and per tile played. For a
variant whose rules are named it also plays them with the simulator made to call the
variant back instead, interleaved in the same process, and prints the ratio: what the
fast path saves. The figures are medians of ``--rounds`` rounds.

Examples::

    python benchmarks/simulator.py
    python benchmarks/simulator.py --variant block --positions 400
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import replace

from capicua.players.sim import ASK_BLOCK, ASK_POINTS, Rules, held_counts, playout, rules_for
from capicua.plugins import load_plugins

Position = tuple[list[list[int]], list[int], int, int, int]


def positions(variant, count: int, seed: int) -> list[Position]:
    """``count`` positions of ``variant``: matches played at random to a play decision."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        m = variant.new_match(rng.getrandbits(32))
        stop = rng.random()
        while m.turn is not None:
            legal = m.legal_actions()
            if m.phase == "play" and len(legal) > 1 and m.line and rng.random() < stop / 3:
                hands = [[t.index for t in m.hands[s]] for s in range(1, variant.seats + 1)]
                left, right = m.ends or (-1, -1)
                out.append((hands, held_counts(hands, variant.max_pip), left, right, m.turn - 1))
                break
            m.apply(legal[int(rng.random() * len(legal))])
    return out


def timed(rules: Rules, pos: list[Position]) -> tuple[float, int]:
    """Seconds to play every position out once, and the tiles played."""
    tiles = 0
    start = time.perf_counter()
    for hands, held, left, right, turn in pos:
        hs = [h[:] for h in hands]
        playout(hs, held[:], left, right, turn, rules)
        tiles += sum(map(len, hands)) - sum(map(len, hs))
    return time.perf_counter() - start, tiles


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--variant", help="one installed variant (default: all of them)")
    p.add_argument("--positions", type=int, default=300)
    p.add_argument("--rounds", type=int, default=30)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args(argv)
    loaded = load_plugins()
    names = [args.variant] if args.variant else loaded.variants.names()
    for name in names:
        if name not in loaded.variants:
            print(
                f"error: unknown variant {name!r}; installed: {', '.join(loaded.variants.names())}",
                file=sys.stderr,
            )
            return 2
    for name in names:
        variant = loaded.variants.create(name)
        if not variant.plays_fast():
            # Its playouts run through the engine's own rules (capicua.players.general).
            print(f"{name:18s} rules of its own: played out by the engine's rules", flush=True)
            continue
        pos = positions(variant, args.positions, args.seed)
        rules = rules_for(variant)
        asked = replace(rules, block=ASK_BLOCK, points=ASK_POINTS)
        named = rules != asked
        own, back = [], []
        tiles = 0
        for _ in range(args.rounds):
            seconds, tiles = timed(rules, pos)
            own.append(seconds)
            if named:
                back.append(timed(asked, pos)[0])
        per = statistics.median(own)
        line = (
            f"{name:18s} {1e6 * per / len(pos):7.2f} us a playout, "
            f"{1e6 * per / max(tiles, 1):5.2f} us a tile"
        )
        if named:
            ratio = statistics.median(b / o for b, o in zip(back, own, strict=True))
            line += f"; calling the variant back instead: {ratio:.2f} times as long"
        else:
            line += "; its own rules, called back"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
