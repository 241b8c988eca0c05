"""What the weights by the rest of the hand say about the deal: ``python benchmarks/reading.py``.

The expert draws its sampled deals with a chain that reads the other seats' plays by the
heuristic's public terms, then in Chiva weighs each sample by the terms about the rest of
each hand (:meth:`capicua.players.inference.Reading.hand_ratio`; each variant's
``Tuning.hand_terms`` says where the expert does so). This script measures, on real
decisions from heuristic self-play (every ``--stride``-th decision with a play to read,
one per match), two things per variant:

* the effective sample size of the weights, as a share of the samples (1: every sample
  counts fully; the weights waste the rest), median over the positions;
* where the true deal's weight falls among the sampled deals' weights (the share of
  samples weighing less), on average: 50% if the weights said nothing about the deal,
  more the better they point at it.

The seats are heuristic players, whose choices the terms describe exactly; against other
players the figures say how well the model fits them, not how well the expert plays.
"""

from __future__ import annotations

import argparse
import random
import statistics

from capicua.core.rng import seat_stream
from capicua.players.chain import DealChain
from capicua.players.expert import tuned_reading
from capicua.players.inference import Reading
from capicua.players.knowledge import knowledge
from capicua.plugins import load_plugins

VARIANTS = ("chiva", "double-nine-100")


def measure(
    plugins, name: str, positions: int, samples: int, stride: int
) -> tuple[float, float, int]:
    """(median effective sample share, mean true-deal percentile, positions measured)."""
    variant = plugins.variants.create(name)
    shares, ranks = [], []
    seed = 0
    while len(shares) < positions:
        players = {
            s: plugins.players.create("heuristic", seat_stream(seed, s))
            for s in range(1, variant.seats + 1)
        }
        m = variant.new_match(seed)
        seen = 0
        while m.turn is not None and m.hand_number == 1:
            legal = m.legal_actions()
            view = m.view(m.turn)
            if m.phase == "play" and len(legal) > 1:
                seen += 1
                if seen == stride:
                    break
            m.apply(legal[0] if len(legal) == 1 else players[m.turn].act(view))
        seed += 1
        if m.turn is None or m.hand_number != 1 or seen != stride:
            continue
        k = knowledge(view)
        model = Reading(view, k, tuned_reading(view.variant))
        if not model:
            continue
        chain = DealChain(k, model, random.Random(seed))
        weights = [model.hand_ratio(chain.sample()) for _ in range(samples)]
        true = model.hand_ratio(
            [[t.index for t in m.hands[s]] for s in range(1, variant.seats + 1)]
        )
        shares.append(sum(weights) ** 2 / sum(w * w for w in weights) / samples)
        ranks.append(sum(1 for w in weights if w < true) / samples)
    return statistics.median(shares), statistics.mean(ranks), len(shares)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=40, help="positions per variant")
    parser.add_argument("--samples", type=int, default=200, help="sampled deals per position")
    parser.add_argument(
        "--stride", type=int, default=12, help="the n-th decision of each match's first hand"
    )
    parser.add_argument("--variant", choices=VARIANTS, help="one variant (default: both)")
    args = parser.parse_args(argv)
    if min(args.positions, args.samples, args.stride) < 1:
        parser.error("--positions, --samples and --stride must be at least 1")
    plugins = load_plugins(third_party=False)
    print(f"{'variant':16} {'positions':>9} {'ess share':>10} {'true deal':>10}")
    for name in [args.variant] if args.variant else VARIANTS:
        share, rank, n = measure(plugins, name, args.positions, args.samples, args.stride)
        print(f"{name:16} {n:9} {share:10.0%} {rank:10.0%}", flush=True)


if __name__ == "__main__":
    main()
