"""How long the expert takes per decision at each level: ``python benchmarks/levels.py``.

The positions are real decisions from heuristic self-play (every ``--stride``-th decision
with more than one legal play, from match seeds 0, 1, 2, ...), the same for every level,
so the levels are compared on the same positions. Each decision is timed alone, in this
one process, with the expert's default reading; printed per variant (every installed one,
third-party ones included; ``--variant`` for one) and level: median, 90th and 99th
percentile and maximum in milliseconds, and the mean number of sampled deals.

The levels count work, not seconds, so their choices are the same on any machine, and the
times are wall clock: run this on a quiet machine (nothing else busy on the cores), and
say so with the figures; ``--cpu`` times each decision in the process's CPU time instead,
which a loaded machine inflates much less. docs/players.md has the table this prints.

``--player SPEC`` (repeatable) times another installed player on the same positions
after the levels, e.g. ``--player ismcts:simulations=800``: how an opponent's budget
compares with the expert's time, measured in one process (its mean column is blank).

``--costs`` prints instead what the parts of a decision cost on this machine, on the same
positions: a tile played out (the work unit), a play read by the reading, a proposal of
the deal chain, a play weighed again in a sampled deal by the heuristic's terms about the
rest of the hand, each in microseconds and in units, beside the costs the expert charges
(``READ_COST``, ``PROPOSAL_COST``, ``HAND_COST``), so the budget can be checked against
the clock. For a game with rules of its own (``--variant``, e.g. ``draw``) it prints what an
action played out through the engine's rules and a tile dealt by the expert's sampler cost,
in microseconds and in units (a tile played out in Chiva, measured in the same run), beside
the charge per action (``ACTION_COST`` in capicua.players.general).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from strength import parse_spec

from capicua.core.actions import Play
from capicua.core.rng import seat_stream
from capicua.players.chain import DealChain
from capicua.players.expert import (
    HAND_COST,
    LEVELS,
    PROPOSAL_COST,
    READ_COST,
    analyse,
    tuned_reading,
)
from capicua.players.general import (
    ACTION_COST,
    SCORED_COST,
    deal_read,
    hand_slots,
    play_out,
    position_of,
)
from capicua.players.inference import Reading
from capicua.players.knowledge import knowledge
from capicua.plugins import load_plugins


def positions(plugins, variant_name: str, count: int, stride: int, options=None) -> list:
    """``count`` views of real play decisions from heuristic self-play, in a fixed order."""
    variant = plugins.variants.create(variant_name, options)
    views = []
    seen = 0
    seed = 0
    while len(views) < count:
        players = {
            s: plugins.players.create("heuristic", seat_stream(seed, s))
            for s in range(1, variant.seats + 1)
        }
        m = variant.new_match(seed)
        while m.turn is not None and len(views) < count:
            legal = m.legal_actions()
            view = m.view(m.turn)
            if m.phase == "play" and len(legal) > 1 and len(view.hand) > 1:
                seen += 1
                if seen % stride == 0:
                    views.append(view)
            m.apply(legal[0] if len(legal) == 1 else players[m.turn].act(view))
        seed += 1
    return views


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile, as benchmarks/strength.py reports them."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


def costs(views: list) -> tuple[float, float, float, float]:
    """Microseconds per tile played out, per play read, per chain proposal and per play
    weighed by the terms about the hand (in a sampled deal) on ``views``."""
    unit_time = read_time = chain_time = hand_time = 0.0
    units = reads = proposals = weighed = 0
    for i, view in enumerate(views):
        k = knowledge(view)
        start = time.perf_counter()
        result = analyse(view, random.Random(i), samples=50, reading=0.0)
        unit_time += time.perf_counter() - start
        # Uniform deals: the playouts and one unit per tile dealt (expert.analyse's count).
        units += result.samples * (len(result.candidates) * sum(k.counts) + len(k.unseen))
        start = time.perf_counter()
        model = Reading(view, k, tuned_reading(view.variant))
        read_time += time.perf_counter() - start
        reads += len(model.steps)
        if model:
            chain = DealChain(k, model, random.Random(i))
            start = time.perf_counter()
            chain.run(2000)
            chain_time += time.perf_counter() - start
            proposals += 2000
            deals = [chain.sample() for _ in range(20)]
            start = time.perf_counter()
            for hands in deals:
                model.hand_ratio(hands)
            hand_time += time.perf_counter() - start
            weighed += 20 * len(model.steps)
    return (
        1e6 * unit_time / max(units, 1),
        1e6 * read_time / max(reads, 1),
        1e6 * chain_time / max(proposals, 1),
        1e6 * hand_time / max(weighed, 1),
    )


def rules_costs(views: list) -> tuple[float, float, float]:
    """For a game with rules of its own: microseconds per action played out through the
    engine's rules and per tile dealt by the expert's sampler, on ``views`` (ten deals
    each, every candidate played out on each), and the units the expert charges per action
    (``ACTION_COST``, and ``SCORED_COST`` per play its policy weighs by points)."""
    play_time = deal_time = 0.0
    actions = tiles = weighed = 0
    for i, view in enumerate(views):
        rng = random.Random(i)
        slots = hand_slots(view)
        cands = [a for a in view.legal if isinstance(a, Play)] or list(view.legal)
        for _ in range(10):
            start = time.perf_counter()
            hands, boneyard = deal_read(view, rng, slots)
            deal_time += time.perf_counter() - start
            tiles += len(boneyard) + sum(len(h) for h in hands)
            base = position_of(view, hands, boneyard)
            for action in cands:
                pos = base.copy()
                start = time.perf_counter()
                _, played, scored = play_out(pos, action, rng)
                play_time += time.perf_counter() - start
                actions += played
                weighed += scored
    charged = (ACTION_COST * actions + SCORED_COST * weighed) / max(actions, 1)
    return 1e6 * play_time / max(actions, 1), 1e6 * deal_time / max(tiles, 1), charged


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=120, help="positions per variant")
    parser.add_argument(
        "--stride", type=int, default=7, help="take every n-th decision of the self-play"
    )
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated levels")
    parser.add_argument("--variant", help="one variant (default: every installed one)")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option of --variant, e.g. seats=8 (an int where it reads as one)",
    )
    parser.add_argument(
        "--costs",
        action="store_true",
        help="print what a unit, a play read, a chain proposal and a play weighed by the hand cost",
    )
    parser.add_argument(
        "--player",
        action="append",
        default=[],
        metavar="SPEC",
        help="also time this player on the same positions, e.g. ismcts:simulations=800",
    )
    parser.add_argument(
        "--cpu",
        action="store_true",
        help="time each decision in this process's CPU time, not wall clock (a loaded machine)",
    )
    args = parser.parse_args(argv)
    # On a machine busy with other work the wall clock counts the waits for a core; the
    # process's CPU time counts only the decision's own work, about what an idle machine's
    # wall clock would show.
    clock = time.process_time if args.cpu else time.perf_counter
    plugins = load_plugins()  # third-party variants too: the expert plays them all
    installed = sorted(plugins.variants.names())
    if args.variant is not None and args.variant not in installed:
        parser.error(f"no variant {args.variant!r}; installed: {', '.join(installed)}")
    variants = [args.variant] if args.variant else installed
    options: dict[str, object] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or args.variant is None:
            parser.error("--option takes KEY=VALUE, with --variant")
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    try:
        plugins.variants.create(variants[0], options)
    except (TypeError, ValueError) as exc:
        parser.error(str(exc))
    levels = [x.strip() for x in args.levels.split(",") if x.strip()]
    unknown = [x for x in levels if x not in LEVELS]
    if unknown:
        parser.error(f"unknown level {unknown[0]!r}; the levels: {', '.join(LEVELS)}")
    specs = [parse_spec(text) for text in args.player]
    for spec in specs:
        try:
            plugins.players.create(spec, random.Random(0))
        except Exception as exc:  # noqa: BLE001 - any plugin's refusal is one error line
            parser.error(str(exc))
    if args.costs and not plugins.variants.create(variants[0], options).plays_fast():
        # The unit, a tile played out in Chiva, measured in the same run: the charges are
        # set against it.
        unit = costs(positions(plugins, "chiva", args.decisions, args.stride))[0]
        print(f"a unit (a tile played out in Chiva): {unit:.2f} us")
        print(
            f"{'variant':24} {'action us':>9} {'units':>6} {'charged':>8} "
            f"{'tile us':>8} {'units':>6}"
        )
        for name in variants:
            views = positions(plugins, name, args.decisions, args.stride, options)
            label = name + "".join(f" {k}={v}" for k, v in options.items())
            action, tile, charged = rules_costs(views)
            print(
                f"{label:24} {action:9.2f} {action / unit:6.1f} {charged:8.1f} "
                f"{tile:8.2f} {tile / unit:6.1f}",
                flush=True,
            )
        return
    if args.costs:
        print(
            f"{'variant':16} {'unit us':>8} {'read us':>8} {'units':>6} {'charged':>8} "
            f"{'prop us':>8} {'units':>6} {'charged':>8} "
            f"{'hand us':>8} {'units':>6} {'charged':>8}"
        )
        for name in variants:
            unit, read, proposal, hand = costs(
                positions(plugins, name, args.decisions, args.stride)
            )
            print(
                f"{name:16} {unit:8.2f} {read:8.1f} {read / unit:6.0f} {READ_COST:8} "
                f"{proposal:8.2f} {proposal / unit:6.2f} {PROPOSAL_COST:8} "
                f"{hand:8.2f} {hand / unit:6.2f} {HAND_COST:8}",
                flush=True,
            )
        return
    print(
        f"{'variant':16} {'level':7} {'median':>8} {'p90':>8} {'p99':>8} {'max':>8} "
        f"{'samples':>8}  (ms, {args.decisions} decisions each)"
    )
    for name in variants:
        views = positions(plugins, name, args.decisions, args.stride, options)
        label = name + "".join(f" {k}={v}" for k, v in options.items())
        for level in levels:
            times, samples = [], []
            for i, view in enumerate(views):
                start = clock()
                result = analyse(view, random.Random(i), level=level)
                times.append(1000 * (clock() - start))
                samples.append(result.samples)
            print(
                f"{label:16} {level:7} {statistics.median(times):8.1f} "
                f"{percentile(times, 0.9):8.1f} {percentile(times, 0.99):8.1f} "
                f"{max(times):8.1f} {statistics.mean(samples):8.0f}",
                flush=True,
            )
        for text, spec in zip(args.player, specs, strict=True):
            times = []
            for i, view in enumerate(views):
                player = plugins.players.create(spec, random.Random(i))
                start = clock()
                player.act(view)
                times.append(1000 * (clock() - start))
            print(
                f"{label:16} {text}: median {statistics.median(times):.1f}, p90 "
                f"{percentile(times, 0.9):.1f}, p99 {percentile(times, 0.99):.1f}, max "
                f"{max(times):.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
