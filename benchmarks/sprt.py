"""The sequential test's error rates and length on simulated pairs of known strength.

    python benchmarks/sprt.py                                   # elo0=0 elo1=40, 2,000 runs
    python benchmarks/sprt.py --elo1 20 --runs 1000 --beta 0.05

Pairs are drawn from a domino-shaped pentanomial distribution (no drawn games, 60% split
pairs at equal strength), tilted to the per-game score of the true Elo. The test runs at
the true strength elo0 (where accepting H1 is an error) and elo1 (where accepting H0 is),
``--runs`` times each from one seed, and prints how often it was wrong, against the stated
``alpha`` and ``beta`` with a 95% Wilson interval, and how many pairs it took on average,
against the pairs a fixed-length test with the same error rates needs at that variance.
"""

from __future__ import annotations

import argparse
import random
import time

from capicua.tournament.sprt import Sprt, constrained, fixed_pairs, score_of_elo
from capicua.tournament.stats import wilson

SHAPE = (0.2, 1e-12, 0.6, 1e-12, 0.2)


def distribution(elo: float) -> list[float]:
    q = constrained(SHAPE, score_of_elo(elo))
    return [x / sum(q) for x in q]


def one_run(sprt: Sprt, p: list[float], rng: random.Random, most: int) -> tuple[str | None, int]:
    counts = [0] * 5
    edges = [sum(p[: i + 1]) for i in range(5)]
    for n in range(1, most + 1):
        u = rng.random()
        counts[next(i for i, e in enumerate(edges) if u < e or i == 4)] += 1
        decision = sprt.decide(sprt.llr(counts))
        if decision:
            return decision, n
    return None, most


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--elo0", type=float, default=0.0)
    parser.add_argument("--elo1", type=float, default=40.0)
    parser.add_argument("--alpha", type=float, default=0.05)
    parser.add_argument("--beta", type=float, default=0.1)
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--most", type=int, default=100_000, help="pairs at most per run")
    args = parser.parse_args()
    sprt = Sprt(args.elo0, args.elo1, args.alpha, args.beta)
    print(
        f"SPRT elo0={sprt.elo0:g} elo1={sprt.elo1:g} alpha={sprt.alpha:g} beta={sprt.beta:g}, "
        f"{args.runs} runs per truth, seed {args.seed}"
    )
    for truth, elo, stated in (("H0", sprt.elo0, sprt.alpha), ("H1", sprt.elo1, sprt.beta)):
        rng = random.Random(args.seed)
        p = distribution(elo)
        start = time.perf_counter()
        results = [one_run(sprt, p, rng, args.most) for _ in range(args.runs)]
        wrong = sum(1 for d, _ in results if d != truth)
        lo, hi = wilson(wrong, args.runs)
        mean = sum(n for _, n in results) / args.runs
        fixed = fixed_pairs(sprt, [round(10_000 * x) for x in p])
        print(
            f"true Elo {elo:g}: wrong {wrong / args.runs:.3f} [{lo:.3f}-{hi:.3f}] "
            f"(stated {stated:g}); mean pairs {mean:.0f}, fixed-length test {fixed}, "
            f"ratio {mean / fixed:.2f}; {time.perf_counter() - start:.1f} s"
        )


if __name__ == "__main__":
    main()
