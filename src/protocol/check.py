"""``capicua bot-check``: put a bot program through every kind of message, say what is wrong.

The program is started and greeted; then it plays whole matches in every seat at once (one
process per seat), so that it meets each kind of decision: a match of every installed game
it plays, at the game's default seats (or the options given), the draw for first lead, the
choice of the leader, and a five-doubles deal written for it (whose claim capicua makes
for every computer seat: the bot sees it in ``shown``). Every message
it gets is one of the protocol's, and so is every event a bot may follow
(``hand_ended``, ``match_ended``); before its first match it is also sent a message of a
type it cannot know, which a bot must ignore. Checked, each as one finding:

* the hello: the protocol's version, a name and version, well-declared options, the
  variants it plays, whether it can be reset;
* each match: every answer in time, legal, answering the decision it was asked (a bot that
  breaks any of this loses the match there, and the finding says how, with its stderr);
* the same seed twice: the same choices (a bot must draw its randomness from
  ``new_match``'s seed, or tournaments cannot be repeated); for a bot that can be reset the
  second match is played by the same processes, which checks the reset too;
* quitting: every process exits with status 0 soon after ``quit``.

:func:`check_bot` returns a :class:`Report`; the command prints it.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.actions import DRAW, Action, Play
from ..core.driver import play_match
from ..core.errors import PlayerError, PlayerFault
from ..core.match import Match
from ..core.rng import seat_stream
from ..core.tiles import Tile, tile_set
from ..core.variant import Variant
from ..core.view import View
from ..players.command import DEFAULT_TIME_LIMIT, CommandPlayer
from . import messages as M
from .limits import Confinement
from .process import QUIT_GRACE, BotFault, BotPool, BotProcess

OK, WARN, FAIL = "ok", "warn", "FAIL"
#: The seeds of the checking matches (fixed: a check repeats exactly).
SEED = 20240601
CLAIM_SEED = 7


@dataclass(frozen=True)
class Finding:
    status: str  # OK, WARN or FAIL
    check: str
    detail: str


@dataclass
class Report:
    """What :func:`check_bot` found, in order."""

    argv: list[str]
    findings: list[Finding] = field(default_factory=list)
    hello: M.BotHello | None = None
    stderr: list[str] = field(default_factory=list)
    decisions: Counter[str] = field(default_factory=Counter)

    @property
    def failed(self) -> int:
        return sum(1 for f in self.findings if f.status == FAIL)

    def add(self, status: str, check: str, detail: str) -> None:
        self.findings.append(Finding(status, check, detail))

    def to_json(self) -> dict[str, Any]:
        return {
            "argv": self.argv,
            "bot": None
            if self.hello is None
            else {"name": self.hello.name, "version": self.hello.version},
            "passed": self.failed == 0,
            "findings": [f.__dict__ for f in self.findings],
            "decisions": dict(self.decisions),
            "stderr": self.stderr,
        }


#: The report's names of the play decisions counted apart (:class:`_Timed`).
TURNED = "play with a tile either way round"
AT_WILL = "play with a draw beside the plays"


class _Timed:
    """A seat's player, with every decision's kind and time noted for the report."""

    def __init__(self, player: CommandPlayer, kinds: Counter[str], times: list[float]) -> None:
        self.player = player
        self.name = player.label
        self.kinds, self.times = kinds, times

    def act(self, view: View) -> Action:
        start = time.perf_counter()
        action = self.player.act(view)
        self.times.append(time.perf_counter() - start)
        self.kinds[view.phase] += 1
        # The plays a v1 bot meets only in some games, each answered as any other: a tile
        # laid either way round (6-1L/6) and a draw offered beside plays (Matador's).
        plays = [a for a in view.legal if isinstance(a, Play)]
        if any(a.shows is not None for a in plays):
            self.kinds[TURNED] += 1
        if plays and DRAW in view.legal:
            self.kinds[AT_WILL] += 1
        return action


def claim_script(variant: Variant) -> list[tuple[Tile, ...]]:
    """Shuffles that deal seat 1 five doubles and every other seat fewer, for the first
    few chance events (the draw for first lead takes them too: any order does there)."""
    tiles = tile_set(variant.max_pip)
    doubles = [t for t in tiles if t.is_double]
    others = [t for t in tiles if not t.is_double]
    need, size = variant.redeal_doubles or 5, variant.hand_size
    order = doubles[:need] + others[: size - need]
    spare_d, spare_o = doubles[need:], others[size - need :]
    for _ in range(2, variant.seats + 1):
        take = min(need - 1, len(spare_d), size)
        hand = spare_d[:take] + spare_o[: size - take]
        spare_d, spare_o = spare_d[take:], spare_o[size - take :]
        order += hand
    order += spare_d + spare_o
    return [tuple(order)] * 8


def check_bot(
    argv: Sequence[str],
    plugins: Any,
    *,
    cwd: str | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    variants: Sequence[str] = (),
    options: Mapping[str, Any] | None = None,
    on_line: Callable[[int, str, bytes], None] | None = None,
) -> Report:
    """Check the program ``argv``; ``variants`` limits the games played (default: every
    installed game it plays, each at its default seats), ``options`` are the game options
    of each (checked already); ``on_line(process, direction, line)`` hears every line."""
    report = Report(list(argv))
    counter = [0]

    def hook_for() -> Callable[[str, bytes], None] | None:
        # A process is numbered when it first says or hears a line, so the numbers follow
        # the processes that ran (a player given a kept process starts none of its own).
        if on_line is None:
            return None
        number = 0

        def hear(direction: str, line: bytes) -> None:
            nonlocal number
            if not number:
                counter[0] += 1
                number = counter[0]
            on_line(number, direction, line)

        return hear

    try:
        first = BotProcess(argv, cwd, on_line=hook_for())
    except BotFault as exc:
        report.add(FAIL, "start", str(exc))
        return report
    pool = BotPool(most=16)
    try:
        _hello(report, first, plugins)
        hello = report.hello
        if hello is None:
            report.stderr = first.stderr_tail(10)
            return report
        chosen = _variants(report, hello, plugins, variants)
        if not chosen:
            return report
        try:  # a message of a type no bot can know: it must be ignored
            first.send({"type": "x_capicua_check", "note": "ignore me"}, time.monotonic() + 1)
        except BotFault as exc:
            report.add(FAIL, "unknown message", str(exc))
            return report
        key = (tuple(argv), cwd or "", Confinement())  # CommandPlayer.key()
        pool.give(key, first)
        made: list[CommandPlayer] = []

        def player(seat: int, seed: int) -> CommandPlayer:
            p = CommandPlayer(seat_stream(seed, seat), argv=list(argv), cwd=cwd or "")
            p.on_line, p.limit = hook_for(), time_limit
            made.append(p)
            return p

        main = plugins.variants.create(chosen[0], options)
        first_run = _play(report, main, SEED, (), player, pool, "match", first_match=True)
        if first_run is not None:
            again = _play(report, main, SEED, (), player, pool, "the same seed again")
            _same(report, hello, first_run, again)
        for name in chosen:
            other = plugins.variants.create(name, options)
            if other.redeal_doubles:  # a deal that gives seat 1 a claim
                _play(report, other, CLAIM_SEED, claim_script(other), player, pool, "match")
            elif name != chosen[0]:
                _play(report, other, SEED, (), player, pool, "match")
        seen = set(report.decisions)
        kinds = [k for k in ("draw", "lead", "play", TURNED, AT_WILL) if k in seen]
        if kinds:
            report.add(OK, "decisions", ", ".join(f"{report.decisions[k]} {k}" for k in kinds))
        _quit(report, pool, made)
        report.stderr = first.stderr_tail(10)
    finally:
        pool.close()
        first.close(quit=False)
    return report


def _hello(report: Report, bot: BotProcess, plugins: Any) -> None:
    try:
        start = time.perf_counter()
        hello = bot.handshake()
        took = time.perf_counter() - start
    except BotFault as exc:
        report.add(FAIL, "hello", str(exc))
        return
    except M.BotGaveUp as exc:
        report.add(FAIL, "hello", f"answered hello with an error: {exc}")
        return
    report.hello = hello
    options = ", ".join(
        f"{k} ({M.option_json(o)['type']}, default {json.dumps(o.default)})"
        for k, o in hello.options.items()
    )
    report.add(
        OK,
        "hello",
        f"{hello.name} {hello.version}, {M.PROTOCOL}, answered in {took * 1000:.0f} ms; "
        f"plays {', '.join(hello.variants)}; {'can' if hello.reset else 'cannot'} be reset; "
        f"options: {options or 'none'}",
    )


def _variants(report: Report, hello: M.BotHello, plugins: Any, asked: Sequence[str]) -> list[str]:
    known = plugins.variants.names()
    if asked:
        missing = [v for v in asked if v not in known]
        if missing:
            report.add(FAIL, "variants", f"no variant {missing[0]!r} (known: {', '.join(known)})")
            return []
        refused = [v for v in asked if not hello.supports(v)]
        if refused:
            report.add(FAIL, "variants", f"its hello does not list {', '.join(refused)}")
            return []
        return list(asked)
    # Every installed game the bot plays, capicua's own first (the first is played twice).
    own = [v for v in known if plugins.variants.builtin(v) and hello.supports(v)]
    playable = own + [v for v in known if v not in own and hello.supports(v)]
    if not playable:
        report.add(
            FAIL,
            "variants",
            f"it plays {', '.join(hello.variants)}; none is installed ({', '.join(known)})",
        )
    return playable


def _play(
    report: Report,
    variant: Variant,
    seed: int,
    script: Sequence[Sequence[Tile]],
    make: Callable[[int, int], CommandPlayer],
    pool: BotPool,
    what: str,
    first_match: bool = False,
) -> list[str] | None:
    """One match with the bot in every seat; its actions, or ``None`` if it failed."""
    label = f"{what}: {variant.name} ({variant.seats} seats)" + (
        ", a five-doubles deal" if script else ""
    )
    players: dict[int, CommandPlayer] = {}
    kinds: Counter[str] = Counter()
    times: list[float] = []
    match: Match | None = None
    try:
        for s in range(1, variant.seats + 1):
            players[s] = make(s, seed)
            try:
                players[s].begin(variant, s, seed, pool)
            except PlayerFault as exc:
                after = " (after a message of an unknown type)" if first_match and s == 1 else ""
                report.add(FAIL, label, f"new_match in seat {s}{after}: {exc}")
                return None
        seats = {s: _Timed(p, kinds, times) for s, p in players.items()}
        try:
            match = play_match(variant, seats, seed, script=script)
        except PlayerError as exc:
            report.add(FAIL, label, f"seat {exc.seat}: {exc.reason}")
            return None
    finally:
        for s, p in players.items():
            p.finish(match.view(s) if match is not None else None, None)
        for p in players.values():  # a bot not kept quits now; _quit() reads how
            if p.bot is not None:
                p.close()
    report.decisions.update(kinds)
    slow = max(times) if times else 0.0
    mean = sum(times) / len(times) if times else 0.0
    report.add(
        OK,
        label,
        f"{len(times)} decisions answered legally, {len(match.hands_log)} hands; "
        f"{mean * 1000:.2f} ms a decision on average, slowest {slow * 1000:.1f} ms",
    )
    return [f"{s}:{a}" for s, a in match.moves]


def _same(
    report: Report, hello: M.BotHello, first: list[str] | None, again: list[str] | None
) -> None:
    if first is None or again is None:
        return
    how = "in the same processes, reset" if hello.reset else "in new processes"
    if first == again:
        report.add(OK, "repeatable", f"the same seed gave the same choices ({how})")
        return
    k = next((i for i, (a, b) in enumerate(zip(first, again, strict=False)) if a != b), 0)
    report.add(
        FAIL if hello.reset else WARN,
        "repeatable",
        f"the same seed gave other choices ({how}) from action {k + 1}: "
        f"{first[k]} then {again[k]}"
        + (
            "; a new_match must start the bot afresh"
            if hello.reset
            else "; draw randomness from new_match's seed so that tournaments repeat"
        ),
    )


def _quit(report: Report, pool: BotPool, made: list[CommandPlayer]) -> None:
    """Every process the check started, asked to quit: each must exit with status 0."""
    for p in made:
        p.close()  # those not kept (no reset) quit after their match: this keeps their exit
    ended = [p.ended for p in made if p.ended is not None]
    ended += [bot.quit(QUIT_GRACE) for bot in pool.drain()]
    killed = sum(1 for status, _ in ended if status is None)
    failed = [status for status, _ in ended if status not in (None, 0)]
    if killed:
        report.add(
            FAIL,
            "quit",
            f"{killed} of {len(ended)} processes did not exit within "
            f"{QUIT_GRACE:g} s of quit and were killed",
        )
    elif failed:
        report.add(FAIL, "quit", f"a process exited with status {failed[0]} after quit")
    elif ended:
        slowest = max(took for _, took in ended)
        report.add(
            OK,
            "quit",
            f"{len(ended)} processes exited with status 0, within {slowest * 1000:.0f} ms",
        )
