"""How long a whole match's review takes: ``python benchmarks/review.py``.

For each game, ``--matches`` matches are played by the seats given (``--seats``, seat 1
first; by default the expert and the heuristic in partnership against each other, as in
configs/chiva-bots.toml), from match seeds 0, 1, 2, ..., and each whole match is reviewed
for every seat at ``--level`` (the review's default: ``normal``), timed alone in this one
process. The baseline, run in the same process on the same decisions, is the expert
deciding each of them once at its own ``normal`` level, so the ratio says how many of the
expert's own decisions a review costs.

Printed per match: the hands, the decisions judged, the review's seconds, milliseconds a
decision, the share of decisions searched again near a mark, and the ratio to the
baseline; then per game the median and the longest review. docs/review.md has the table.

``--noise`` measures instead how much a review depends on its seed: every match is
reviewed with seeds 0 and 1, and printed per game are the percentiles of the difference
between the two losses of each decision and how many decisions are marked differently
(docs/review.md, Thresholds).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from capicua.core.driver import play_match
from capicua.core.match import Match
from capicua.core.rng import seat_stream
from capicua.players.expert import analyse
from capicua.plugins import load_plugins
from capicua.review import LEVELS, review_match
from capicua.review.judge import REFINE, is_decision

VARIANTS = ("chiva", "double-nine-100")
SEATS = "expert,heuristic,expert,heuristic"


def played(plugins, variant: str, seats: list[str], seed: int) -> Match:
    """A whole match of ``seats`` from ``seed``."""
    v = plugins.variants.create(variant)
    players = {
        s: plugins.players.create(seats[s - 1], seat_stream(seed, s)) for s in range(1, v.seats + 1)
    }
    return play_match(v, players, seed)


def baseline(match: Match) -> float:
    """Seconds the expert takes to decide, once each at its ``normal`` level, every decision
    the review judges."""
    walk = match.variant.new_match(match.seed, match.dealer.used())
    took = 0.0
    for seat, action in match.moves:
        if walk.phase == "play":
            view = walk.view(seat)
            if is_decision(view):
                start = time.perf_counter()
                analyse(view, random.Random(0), level="normal")
                took += time.perf_counter() - start
        walk.apply(action)
    return took


def noise(plugins, variant: str, seats: list[str], matches: int, level: str) -> None:
    """The seed-to-seed spread of the losses over ``matches`` matches of ``variant``."""
    diffs: list[float] = []
    differ = marked = 0
    for seed in range(matches):
        m = played(plugins, variant, seats, seed)
        a = review_match(m, level=level, seed=0, with_hindsight=False)
        b = review_match(m, level=level, seed=1, with_hindsight=False)
        for x, y in zip(a.decisions, b.decisions, strict=True):
            diffs.append(abs(x.judgement.loss - y.judgement.loss))
            differ += x.judgement.mark != y.judgement.mark
            marked += x.judgement.mark is not None
    diffs.sort()

    def q(p: float) -> float:
        return diffs[min(len(diffs) - 1, int(p * len(diffs)))]

    print(
        f"{variant:<16} {len(diffs):>9} {q(0.5):>6.3f} {q(0.9):>6.3f} {q(0.95):>6.3f} "
        f"{q(0.99):>6.3f} {diffs[-1]:>6.3f} {marked:>6} {differ:>6}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3, help="matches per game")
    parser.add_argument("--variant", default=",".join(VARIANTS), help="games, comma-separated")
    parser.add_argument("--level", default="normal", choices=tuple(LEVELS))
    parser.add_argument("--seats", default=SEATS, help="the player in each seat, comma-separated")
    parser.add_argument("--noise", action="store_true", help="the losses' spread between seeds")
    args = parser.parse_args(argv)
    plugins = load_plugins(third_party=False)
    seats = args.seats.split(",")
    for name in seats:
        if name not in plugins.players:
            parser.error(f"unknown player {name!r}")
    variants = args.variant.split(",")
    for variant in variants:
        if variant not in plugins.variants:
            parser.error(f"unknown variant {variant!r}")
    if args.noise:
        print(
            f"{'variant':<16} {'decisions':>9} {'p50':>6} {'p90':>6} {'p95':>6} {'p99':>6} "
            f"{'max':>6} {'marked':>6} {'differ':>6}"
        )
        for variant in variants:
            noise(plugins, variant, seats, args.matches, args.level)
        return
    print(
        f"{'variant':<16} {'seed':>4} {'hands':>5} {'decisions':>9} {'seconds':>8} "
        f"{'ms/decision':>11} {'again':>6} {'x expert':>8}"
    )
    for variant in variants:
        times = []
        for seed in range(args.matches):
            m = played(plugins, variant, seats, seed)
            start = time.perf_counter()
            review = review_match(m, level=args.level)
            took = time.perf_counter() - start
            times.append(took)
            n = len(review.decisions)
            base = baseline(m)
            # A decision searched again holds (1 + REFINE) times the level's samples.
            again = sum(1 for d in review.decisions if d.judgement.samples > review.samples)
            print(
                f"{variant:<16} {seed:>4} {len(m.hands_log):>5} {n:>9} {took:>8.2f} "
                f"{1000 * took / max(n, 1):>11.1f} {again / max(n, 1):>6.0%} "
                f"{took / base if base else 0:>8.1f}"
            )
        print(
            f"{variant:<16} median {statistics.median(times):.2f} s, longest {max(times):.2f} s "
            f"a match (level {args.level}, {LEVELS[args.level]} deals a decision, "
            f"x{1 + REFINE} near a mark)"
        )


if __name__ == "__main__":
    main()
