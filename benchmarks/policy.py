"""The expert's playout policy against other weights: ``python benchmarks/policy.py``.

The expert plays every candidate out to the end of the hand with :func:`capicua.players.sim.
playout`'s quick policy, so how well that policy plays bounds how well the expert judges
(though a stronger policy does not always make a stronger expert: docs/players.md,
Design notes).
This script plays the policy with weights A (``tempo,partner,keep``, see
:data:`capicua.players.sim.POLICY`) against weights B inside the simulator, on random deals
from a random leader, every deal twice with the teams swapped, and prints A's share of the
hands (a tie counts half) with a 95% interval, and the cost of a playout. It measures the
policy alone, without search: a few seconds per thousand deals, so weights can be compared
over tens of thousands.

Examples::

    python benchmarks/policy.py                          # shipped weights vs the tempo rule alone
    python benchmarks/policy.py --a 60,20,6 --b 0,0,0 --deals 20000
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from capicua.core.tiles import ALL_TILES
from capicua.players.sim import POLICY, held_counts, playout, rules_for
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

sys.path.insert(0, str(Path(__file__).resolve().parent))  # the sibling script, also when imported
from strength import wilson

VARIANTS = {"chiva": (Chiva(), 7), "double-nine-100": (DoubleNine100(), 10)}


def weights(text: str) -> tuple[float, float, float]:
    """``"60,20,6"`` -> ``(60.0, 20.0, 6.0)``: tempo, partner, keep."""
    parts = text.split(",")
    if len(parts) != 3:
        raise argparse.ArgumentTypeError(f"{text!r}: give three numbers, tempo,partner,keep")
    try:
        return tuple(float(p) for p in parts)  # type: ignore[return-value]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: give three numbers, tempo,partner,keep"
        ) from None


def duel(
    variant: str,
    a: tuple[float, float, float],
    b: tuple[float, float, float],
    deals: int,
    seed: int,
) -> tuple[float, int, float]:
    """``(A's hands won, hands, microseconds per playout)`` over ``deals`` deals, each twice."""
    game, per_hand = VARIANTS[variant]
    rules = rules_for(game.info())
    tiles = [t.index for t in ALL_TILES if t.hi <= game.max_pip]
    rng = random.Random(seed)
    won = 0.0
    elapsed = 0.0
    for _ in range(deals):
        rng.shuffle(tiles)
        deal = [tiles[i * per_hand : (i + 1) * per_hand] for i in range(rules.seats)]
        leader = rng.randrange(rules.seats)
        for a_team, policy in ((1, {1: a, 2: b}), (2, {1: b, 2: a})):
            hands = [h[:] for h in deal]
            start = time.perf_counter()
            team, _ = playout(
                hands, held_counts(hands, game.max_pip), -1, -1, leader, rules, policy=policy
            )
            elapsed += time.perf_counter() - start
            won += 1.0 if team == a_team else 0.5 if team == 0 else 0.0
    return won, 2 * deals, elapsed / (2 * deals) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--a",
        type=weights,
        default=POLICY,
        help="weights of A: tempo,partner,keep (default: the shipped ones)",
    )
    parser.add_argument(
        "--b",
        type=weights,
        default=(30.0, 0.0, 0.0),
        help="weights of B (default 30,0,0: the tempo rule alone)",
    )
    parser.add_argument("--variant", choices=(*VARIANTS, "both"), default="both")
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20240601)
    args = parser.parse_args(argv)
    names = tuple(VARIANTS) if args.variant == "both" else (args.variant,)
    print(
        f"A = {','.join(f'{w:g}' for w in args.a)}   B = {','.join(f'{w:g}' for w in args.b)}"
        "   (tempo, partner, keep)"
    )
    for name in names:
        won, hands, micros = duel(name, args.a, args.b, args.deals, args.seed)
        low, high = wilson(round(won), hands)
        print(
            f"{name:16s} A wins {won / hands:6.1%} of {hands:,} hands "
            f"(95% CI {low:.1%}-{high:.1%}); {micros:.0f} us per playout"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
