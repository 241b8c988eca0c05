"""Strength and speed of two players, measured in duplicate: ``python benchmarks/strength.py``.

Player A plays player B in matches of each variant: any installed variant and player,
third-party plugins included. Every match seed is played once with A as each team (in the
four-player games: A in seats 1+3, then in seats 2+4; in a two-player game A at seat 1, then
at seat 2), B in the other seats; the chance stream of a match depends only on its seed,
never on the players, so these matches deal the same tiles to the same seats hand by hand
and the luck of the deal cancels (as far as the matches run alike: who leads the next
hand, and how long a match lasts, depend on the play). Pairs of matches are played, in seed
order, until the hands played reach the deals asked for times the number of teams (each
seed is played once with A in each team): the last pair usually goes past that number, and
the report gives the hands and pairs actually played.

Printed per variant: hands won per side (of all hands, ties included) and A's share of the
decided hands, matches won per side, each with its 95% Wilson interval, ties; the hands
split by the side that led, with each side's wins by domino and by block (where a player
wins and loses its hands); and each player's decision times (median, 90th and 99th
percentile, maximum; only real decisions, forced moves are not asked). Runs on every core
with spawned worker processes; the results do not depend on the number of workers. While
it runs it writes a line to standard error at every tenth of the deals (how many are done,
the time so far and A's share of the hands so far), so a long run started in the
background shows how far it is; ``--quiet`` leaves them out.

Examples::

    python benchmarks/strength.py --a heuristic --b random --deals 2000
    python benchmarks/strength.py --a expert --b heuristic --variant chiva --deals 2000
    python benchmarks/strength.py --a "expert:level=fast" --b "expert:samples=400"
    python benchmarks/strength.py --a expert --b heuristic --variant block --deals 1000
    python benchmarks/strength.py --a oracle --b heuristic --variant chiva --deals 300

``oracle`` is not a player but a measuring device: the expert shown every hand (its
samples are all the real deal), so ``oracle`` against B says what the hidden information
is worth to this search, a ceiling for the expert's reading of the view. ``oracle-stock``
(shown the unused tiles of double-nine), ``oracle-partner`` (shown its partner's hand) and
``oracle-team`` (shown both: all but the opponents' hands) sample the rest as the expert
does: they split that worth by where it lies (the last two only in games with partners).
These three take the expert's ``level`` (``oracle-partner:level=strong``), to tell the
worth of what they are shown from the search's budget.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

#: The variants ``--variant`` leaves out plays: the built-in games.
VARIANTS = ("chiva", "double-nine-100")


def parse_spec(text: str) -> Any:
    """``"expert:samples=400,level=fast"`` -> ``{"player": "expert", "samples": 400, ...}``."""
    name, _, rest = text.partition(":")
    if not rest:
        return name
    spec: dict[str, Any] = {"player": name}
    for part in rest.split(","):
        key, _, raw = part.partition("=")
        value: Any = raw
        for kind in (int, float):
            try:
                value = kind(raw)
                break
            except ValueError:
                continue
        if raw in ("true", "false"):
            value = raw == "true"
        spec[key.strip()] = value
    return spec


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    i = min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))
    return s[i]


_PLUGINS = None


#: The measuring devices: what each is shown of the hidden tiles.
ORACLES = {
    "oracle": "every hand and the unused tiles",
    "oracle-stock": "the unused tiles (double-nine) only",
    "oracle-partner": "its partner's hand only",
    "oracle-team": "its partner's hand and the unused tiles: all but the opponents' hands",
}


class Oracle:
    """The ``oracle`` measuring devices: the expert's search, shown part or all of what is
    hidden (:data:`ORACLES`). It is told the match by :class:`_Watch` when the match
    starts (a player never is). ``oracle`` searches the real deal; the partial ones sample
    the rest as the expert does, with its reading and at ``level`` (``normal`` unless the
    spec names one), so against the expert at that level they say what that part of the
    hidden information is worth."""

    def __init__(self, rng: Any, shows: str = "oracle", level: str = "normal") -> None:
        from capicua.players.expert import ExpertPlayer

        self.expert = ExpertPlayer(rng)
        self.name = self.shows = shows
        self.level = level
        self.match: Any = None

    def act(self, view: Any) -> Any:
        from capicua.players.expert import analyse
        from capicua.players.general import analyse_rules

        if view.phase != "play":
            return self.expert.act(view)
        if self.shows == "oracle" and not view.variant.variant().plays_fast():
            # A game with rules of its own: the real hands and the boneyard in the order it
            # will be drawn, so the playouts draw what the match will.
            return analyse_rules(view, self.expert.rng, samples=1, deal=self._whole_deal).best
        if self.shows == "oracle":
            hands = [
                [t.index for t in self.match.hands[s]] for s in range(1, view.variant.seats + 1)
            ]
            # One sample is enough: every sample would be the same deal, and the playouts
            # are deterministic.
            return analyse(
                view,
                self.expert.rng,
                samples=1,
                reading=0.0,
                deal=lambda k, rng: [h[:] for h in hands],
            ).best
        deal = {
            "oracle-stock": self._stock_deal,
            "oracle-partner": self._partner_deal,
            "oracle-team": self._team_deal,
        }[self.shows]
        return analyse(view, self.expert.rng, deal=deal, level=self.level).best

    def _whole_deal(self, view: Any, rng: Any) -> tuple[list[list[Any]], list[Any]]:
        m = self.match
        hands = [[] if s == 0 else list(m.hands[s]) for s in range(view.variant.seats + 1)]
        return hands, list(m.boneyard)

    def _stock_deal(self, k: Any, rng: Any) -> list[list[int]]:
        from capicua.players.knowledge import sample_deal

        stock = {t.index for t in self.match.unused}
        return sample_deal(
            replace(k, unseen=[t for t in k.unseen if t not in stock], unused=0), rng
        )

    def _partner_deal(self, k: Any, rng: Any) -> list[list[int]]:
        from capicua.players.chain import consistent_deal

        partner, real, k = self._without_partner(k)
        hands = consistent_deal(k, rng)
        hands[partner] = real
        return hands

    def _team_deal(self, k: Any, rng: Any) -> list[list[int]]:
        partner, real, k = self._without_partner(k)
        hands = self._stock_deal(k, rng)
        hands[partner] = real
        return hands

    def _without_partner(self, k: Any) -> tuple[int, list[int], Any]:
        """The partner's seat index and real tiles, and ``k`` with them taken out."""
        teams = self.match.variant.teams
        partner = next(s - 1 for team in teams if k.me + 1 in team for s in team if s != k.me + 1)
        real = [t.index for t in self.match.hands[partner + 1]]
        counts = list(k.counts)
        counts[partner] = 0
        shown = set(real)
        return (
            partner,
            real,
            replace(k, counts=counts, unseen=[t for t in k.unseen if t not in shown]),
        )


#: The measuring device that plays a game by other rules than its own.
CHIVA_RULES = "expert-chiva-rules"


class ChivaRules:
    """The ``expert-chiva-rules`` measuring device: the expert (at ``level``) told Chiva's
    block and scoring rules in place of the game's, whatever the game (a block goes to the
    lower team total, a won hand scores nothing, no goal to reckon the match from: a hand
    won is worth 1, a tie 1/2), its heuristic prior too. Against the expert it says what
    playing a game by that game's own rules is worth."""

    def __init__(self, rng: Any, level: str = "normal") -> None:
        from capicua.players.expert import ExpertPlayer

        self.expert = ExpertPlayer(rng)
        self.name = CHIVA_RULES
        self.level = level

    def act(self, view: Any) -> Any:
        from capicua.core.variant import Variant
        from capicua.players.expert import analyse

        if view.phase != "play":
            return self.expert.act(view)
        info = view.variant
        told = _TOLD.get(info.cls)
        if told is None:  # one told class per game (the players' caches key on it)
            told = _TOLD[info.cls] = type(
                f"{info.cls.__name__}ByChivasRules",
                (info.cls,),
                {
                    "block_winner": Variant.block_by_team_total,
                    "points": Variant.points,
                    "goal": None,
                },
            )
        told_view = replace(view, variant=replace(info, cls=told))
        return analyse(told_view, self.expert.rng, level=self.level).best


#: The game classes told Chiva's rules, by the game's own class.
_TOLD: dict[Any, Any] = {}


class _Watch:
    """A stand-in hook relay for ``play_match`` that hands the match to the oracles."""

    def __init__(self, oracles: list[Oracle]) -> None:
        self.oracles = oracles

    def capicua_match_started(self, match: Any, seats: Any) -> None:
        for o in self.oracles:
            o.match = match

    def capicua_action_applied(self, **_: Any) -> None:
        pass

    def capicua_hand_ended(self, **_: Any) -> None:
        pass

    def capicua_match_ended(self, **_: Any) -> None:
        pass


def _is_oracle(spec: Any) -> bool:
    """A measuring device, by name or with options (``{"player": "oracle-partner", ...}``)."""
    name = spec.get("player") if isinstance(spec, dict) else spec
    return name in ORACLES or name == CHIVA_RULES


def check_oracle(spec: Any) -> str | None:
    """What is wrong with a measuring device's options, or None: the partial ones take
    the expert's ``level``; ``oracle`` searches the one real deal and takes none."""
    from capicua.players.expert import LEVELS

    if not isinstance(spec, dict):
        return None
    name = spec["player"]
    allowed = () if name == "oracle" else ("level",)  # the others, CHIVA_RULES too
    for key, value in spec.items():
        if key == "player":
            continue
        if key not in allowed:
            takes = f"its option: {', '.join(allowed)}" if allowed else "it takes no options"
            return f"measuring device {name!r} has no option {key!r} ({takes})"
        if value not in LEVELS:
            return (
                f"measuring device {name!r}: option 'level' must be one of "
                f"{', '.join(LEVELS)}, not {value!r}"
            )
    return None


def _make(spec: Any, rng: Any) -> Any:
    name = spec.get("player") if isinstance(spec, dict) else spec
    if name == CHIVA_RULES:
        return ChivaRules(rng, spec.get("level", "normal") if isinstance(spec, dict) else "normal")
    if _is_oracle(spec):
        if isinstance(spec, dict):
            return Oracle(rng, spec["player"], spec.get("level", "normal"))
        return Oracle(rng, spec)
    return _PLUGINS.players.create(spec, rng)


def play_pair(task: tuple[Any, ...]) -> dict:
    """Worker: the matches of one seed, A in each team in turn (first in team 1)."""
    global _PLUGINS
    from capicua.core.driver import play_match
    from capicua.core.rng import seat_stream
    from capicua.plugins import load_plugins

    if _PLUGINS is None:
        _PLUGINS = load_plugins()
    name, a, b, seed, *rest = task  # the game's options last, where it has any
    options = rest[0] if rest else None
    variant = _PLUGINS.variants.create(name, options)
    out = {
        "score": [0.0, 0, 0.0, 0],  # per team and hand: A's sum and count, then B's
        # Per hand, A's score less the other teams' mean: the count, sum and sum of squares.
        "edge": [0, 0.0, 0.0],
        "hands": [0, 0],
        "ties": 0,
        "matches": [0, 0],
        "times": [[], []],
        "deals": 0,
        "how": Counter(),
    }
    for a_team in range(1, len(variant.teams) + 1):
        seats = {}
        side_of = {}
        for seat in range(1, variant.seats + 1):
            side = 0 if variant.team_of[seat] == a_team else 1
            side_of[seat] = side
            seats[seat] = _make(a if side == 0 else b, seat_stream(seed, seat))
        timings: dict[int, list[float]] = {}
        oracles = [p for p in seats.values() if isinstance(p, Oracle)]
        m = play_match(
            variant, seats, seed, timings=timings, hook=_Watch(oracles) if oracles else None
        )
        before = (0,) * len(variant.teams)
        for log in m.hands_log:
            r = log.result
            if r is None:
                continue
            # What each team scored in the hand (during play and at its end).
            mine, theirs = 0.0, []
            for team, (was, now) in enumerate(zip(before, r.scores, strict=True), 1):
                side = 0 if team == a_team else 1
                out["score"][2 * side] += now - was
                out["score"][2 * side + 1] += 1
                if side == 0:
                    mine = now - was
                else:
                    theirs.append(now - was)
            edge = mine - sum(theirs) / len(theirs)
            out["edge"][0] += 1
            out["edge"][1] += edge
            out["edge"][2] += edge * edge
            before = r.scores
            out["deals"] += 1
            if r.team is None:
                out["ties"] += 1
            else:
                out["hands"][0 if r.team == a_team else 1] += 1
            # Which side led and how the hand ended: where a side wins and loses hands.
            key = (
                side_of[log.leader],
                r.outcome,
                None if r.team is None else 0 if r.team == a_team else 1,
            )
            out["how"][key] += 1
        out["matches"][0 if m.winner == a_team else 1] += 1
        for seat, ts in timings.items():
            out["times"][side_of[seat]].extend(ts)
    return out


def run(
    variant: str,
    a: Any,
    b: Any,
    deals: int,
    seed: int,
    workers: int,
    progress: Callable[[str], None] | None = None,
    options: dict[str, Any] | None = None,
) -> dict:
    """Play sets of matches until ``deals`` deals have each been played once with A in each
    team; ``progress``, if given, receives a line at every tenth of them."""
    from capicua.core.rng import derive_seed
    from capicua.plugins import load_plugins

    game = load_plugins().variants.create(variant, options)
    plays = len(game.teams)  # each deal, once per team

    total = {
        "score": [0.0, 0, 0.0, 0],
        "edge": [0, 0.0, 0.0],
        "low_wins": game.low_score_wins,
        "hands": [0, 0],
        "ties": 0,
        "matches": [0, 0],
        "times": [[], []],
        "deals": 0,
        "pairs": 0,
        "how": Counter(),
    }
    tasks = ((variant, a, b, derive_seed(seed, variant, i), options) for i in range(10**9))
    ctx = multiprocessing.get_context("spawn")
    start = time.perf_counter()
    tenth = max(1, deals // 10)
    next_report = tenth
    with ctx.Pool(workers) as pool:
        # imap keeps the seed order, so the set of pairs played is a prefix of the seeds and
        # the figures repeat with the same seed whatever the number of workers.
        for res in pool.imap(play_pair, tasks):
            total["pairs"] += 1
            total["deals"] += res["deals"]
            total["ties"] += res["ties"]
            total["how"].update(res["how"])
            for i in range(4):
                total["score"][i] += res["score"][i]
            for i in range(3):
                total["edge"][i] += res["edge"][i]
            for i in (0, 1):
                total["hands"][i] += res["hands"][i]
                total["matches"][i] += res["matches"][i]
                total["times"][i].extend(res["times"][i])
            if total["deals"] >= plays * deals:
                pool.terminate()
                break
            done = total["deals"] // plays
            if progress is not None and done >= next_report:
                share = total["hands"][0] / total["deals"]
                progress(
                    f"{variant}: {done} of {deals} deals, "
                    f"{time.perf_counter() - start:.0f} s, A has won {share:.1%} of "
                    f"the hands so far"
                )
                next_report = (done // tenth + 1) * tenth
    total["seconds"] = time.perf_counter() - start
    total["plays"] = plays
    total["asked"] = deals
    return total


def report(variant: str, a: Any, b: Any, t: dict) -> str:
    names = (_label(a), _label(b))
    hands = t["deals"]
    lines = [
        f"{variant}: A = {names[0]}, B = {names[1]}; {t['pairs']} match pairs, {hands} hands "
        f"(--deals {t['asked']}: pairs until {t['plays']} x {t['asked']} hands, each seed "
        f"with A in each team), {t['seconds']:.0f} s"
    ]
    for i, side in enumerate("AB"):
        lo, hi = wilson(t["hands"][i], hands)
        lines.append(
            f"  hands won    {side} {t['hands'][i]:6d}  {t['hands'][i] / hands:6.1%}"
            f"  (95% CI {lo:.1%} to {hi:.1%})"
        )
    lines.append(f"  ties           {t['ties']:6d}  {t['ties'] / hands:6.1%}")
    decided = hands - t["ties"]
    lo, hi = wilson(t["hands"][0], decided)
    lines.append(
        f"  A's share of decided hands {t['hands'][0] / decided:6.1%}"
        f"  (95% CI {lo:.1%} to {hi:.1%})"
    )
    lines.extend(_how(t["how"]))
    score = t["score"]
    if score[1] and score[3]:
        better = "lower" if t["low_wins"] else "higher"
        lines.append(
            f"  mean score a hand, per team: A {score[0] / score[1]:.2f}, "
            f"B {score[2] / score[3]:.2f} ({better} is better)"
        )
        n, total, squares = t["edge"]
        if n > 1:
            # Hands within a match are not independent: the interval is a little narrow.
            mean = total / n
            spread = math.sqrt(max(0.0, (squares - n * mean * mean) / (n - 1)) / n)
            lines.append(
                f"  A's score less B's, a hand: {mean:+.2f} "
                f"(95% CI {mean - 1.96 * spread:+.2f} to {mean + 1.96 * spread:+.2f})"
            )
    matches = sum(t["matches"])
    for i, side in enumerate("AB"):
        lo, hi = wilson(t["matches"][i], matches)
        lines.append(
            f"  matches won  {side} {t['matches'][i]:6d}  {t['matches'][i] / matches:6.1%}"
            f"  (95% CI {lo:.1%} to {hi:.1%})"
        )
    for i, side in enumerate("AB"):
        ts = [x * 1000 for x in t["times"][i]]
        lines.append(
            f"  decision ms  {side} median {percentile(ts, 0.5):7.3f}  p90 "
            f"{percentile(ts, 0.9):7.3f}  p99 {percentile(ts, 0.99):7.3f}  max "
            f"{max(ts, default=float('nan')):7.3f}  ({len(ts)} decisions)"
        )
    return "\n".join(lines)


def _how(how: dict) -> list[str]:
    """The hands split by the side that led, and each side's wins by domino and by block."""
    lines = []
    for led, side in enumerate("AB"):
        n = sum(v for (who, _, _), v in how.items() if who == led)
        if not n:
            continue
        parts = []
        for won, name in enumerate("AB"):
            dom = how.get((led, "domino", won), 0)
            blk = how.get((led, "block", won), 0)
            parts.append(
                f"{name} won {(dom + blk) / n:6.1%} (domino {dom / n:5.1%}, block {blk / n:5.1%})"
            )
        lines.append(f"  {side} led {n:6d}: " + "; ".join(parts))
    return lines


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _label(spec: Any) -> str:
    if isinstance(spec, str):
        return spec
    opts = ", ".join(f"{k}={v}" for k, v in spec.items() if k != "player")
    return f"{spec['player']} ({opts})"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    devices = "; ".join(f"{name}: the expert shown {shows}" for name, shows in ORACLES.items())
    p.add_argument(
        "--a",
        default="heuristic",
        help=f"player A, e.g. expert or expert:samples=400, or a measuring device "
        f"({devices}; {CHIVA_RULES}: the expert told Chiva's block and scoring rules in "
        f"place of the game's; all but oracle take a level: oracle-team:level=strong)",
    )
    p.add_argument("--b", default="random", help="player B, same form")
    p.add_argument(
        "--variant",
        default="both",
        help="an installed variant (capicua plugins lists them), or both built-in games "
        "(default: both)",
    )
    p.add_argument("--deals", type=int, default=2000, help="deals per variant (each played twice)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option of --variant, e.g. seats=2 (an int where it reads as one)",
    )
    p.add_argument("--seed", type=int, default=20240601)
    p.add_argument("--workers", type=int, default=multiprocessing.cpu_count())
    p.add_argument(
        "--quiet", action="store_true", help="no progress lines on standard error, only the report"
    )
    args = p.parse_args(argv)
    from capicua.plugins import load_plugins

    loaded = load_plugins()
    registry = loaded.players
    names = VARIANTS if args.variant == "both" else (args.variant,)
    for name in names:
        if name not in loaded.variants:
            known = ", ".join(loaded.variants.names())
            print(f"error: unknown variant {name!r}; installed: {known}", file=sys.stderr)
            return 2
    options: dict[str, Any] = {}
    for item in args.option:
        key, sep, value = item.partition("=")
        if not sep or len(names) != 1:
            print("error: --option takes KEY=VALUE, with one --variant", file=sys.stderr)
            return 2
        options[key] = int(value) if value.lstrip("-").isdigit() else value
    try:
        loaded.variants.create(names[0], options)
    except (TypeError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    a, b = parse_spec(args.a), parse_spec(args.b)
    for spec in (a, b):
        if _is_oracle(spec):
            problem = check_oracle(spec)
            device = spec["player"] if isinstance(spec, dict) else spec
            if problem is None and device in ("oracle-partner", "oracle-team"):
                lone = [n for n in names if not loaded.variants.get(n)().partnerships]
                if lone:
                    problem = f"measuring device {device!r} needs partners; {lone[0]} has none"
            if problem:
                print(f"error: {problem}", file=sys.stderr)
                return 2
            continue
        try:
            registry.parse_spec(spec)
            # Made once here too: a player that cannot be made (a policy whose weights do
            # not load) is one line now, not a traceback from a worker process.
            registry.create(spec, random.Random(0))
        except Exception as exc:  # noqa: BLE001 - any plugin's refusal is one error line
            print(f"error: {exc}", file=sys.stderr)
            return 2
    for variant in names:
        t = run(
            variant,
            a,
            b,
            args.deals,
            args.seed,
            args.workers,
            progress=None if args.quiet else _to_stderr,
            options=options,
        )
        print(report(variant, a, b, t), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
