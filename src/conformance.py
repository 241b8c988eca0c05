"""Every surface of capicua run on one game: the conformance matrix, in one call.

A game a plugin brings is an equal of the built-ins only if everything around the engine
plays it: the deal at every seat count its options allow, the table, the viewer, the
review, the learning environment, bots over ``capicua-bot/1``, the tournament runner,
``capicua match`` and the host. :func:`check_game` runs each of them on one installed game,
at every seat count it allows and at its options' extremes, and says in one line per
problem which surface failed on which configuration and why. The project's own test suite
runs it on every installed game (``tests/test_conformance_matrix.py``); a plugin author
runs it on theirs (docs/plugins.md, "Every surface").

Each surface asks the engine and the game, never a second copy of the rules, so a surface
that cannot show what a game declares fails here with the surface's own one-line reason.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .core.records import read_records, replay, to_record
from .core.variant import Variant

#: Every surface :func:`check_game` knows, in the order it runs them.
SURFACES = (
    "deal",
    "engine",
    "viewer",
    "review",
    "env",
    "bots",
    "tournament",
    "match",
    "host",
    "table",
)
#: The surfaces that need no bot program, no display and no subprocess.
QUICK = ("deal", "engine", "viewer", "review", "env")


@dataclass(frozen=True)
class Problem:
    """One surface that failed on one configuration of a game, and why."""

    surface: str
    options: Mapping[str, Any]
    reason: str

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items()) or "defaults"
        return f"{self.surface} ({opts}): {self.reason}"


@dataclass
class Outcome:
    """What :func:`check_game` did: each surface's configurations checked, and problems."""

    game: str
    checked: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def raise_for_problems(self) -> None:
        """Raise :class:`~capicua.testing.ConformanceError` listing every problem."""
        if self.problems:
            from .testing import ConformanceError

            lines = "\n".join(f"  {p}" for p in self.problems)
            raise ConformanceError(f"{self.game} fails on some surfaces:\n{lines}")


# -- the configurations --------------------------------------------------------------------


def configurations(cls: type[Variant]) -> list[dict[str, Any]]:
    """The option sets a game is checked at: every seat count it allows (the ``seats``
    option's whole range, or its fixed seats), then each other option at its extremes
    (an int or float option at its bounds, a bool flipped, every choice), one at a time at
    the default seats."""
    opts = dict(getattr(cls, "options", {}) or {})
    out: list[dict[str, Any]] = [{}]
    seats = opts.get("seats")
    if seats is not None and seats.min is not None and seats.max is not None:
        out += [
            {"seats": n} for n in range(int(seats.min), int(seats.max) + 1) if n != seats.default
        ]
    for name, opt in sorted(opts.items()):
        if name == "seats":
            continue
        values: list[Any] = []
        if opt.choices is not None:
            values = [c for c in opt.choices if c != opt.default]
        elif opt.type is bool:
            values = [not opt.default]
        elif opt.type in (int, float):
            values = [v for v in (opt.min, opt.max) if v is not None and v != opt.default]
            values = [opt.type(v) for v in values]
        out += [{name: v} for v in values]
    return out


def _short(cls: type[Variant], options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` with the game made as short as its options allow (a goal or a number of
    rounds at its least), unless the configuration sets that option itself: the surfaces
    are checked on whole matches, and a short match checks the same code."""
    opts = dict(getattr(cls, "options", {}) or {})
    made = dict(options)
    for name in ("rounds", "target", "goal", "hands"):
        opt = opts.get(name)
        if opt is not None and name not in made and opt.min is not None and opt.type is int:
            made[name] = int(opt.min)
    return made


# -- the surfaces --------------------------------------------------------------------------


def _deal(plugins: Any, name: str, options: dict[str, Any], seed: int) -> None:
    """The first hand's deal gives every seat tiles (a seat count an option allows that
    the set cannot deal would leave a seat with an empty hand)."""
    variant = plugins.variants.create(name, options)
    match = variant.new_match(seed)
    for _ in range(1000):
        if match.turn is None or match.phase == "play":
            break
        match.apply(match.legal_actions()[0])
    if match.phase != "play":
        raise AssertionError("the match never reached its first hand's play")
    counts = match.view(1).counts
    empty = [s for s, n in enumerate(counts, start=1) if n == 0]
    if empty:
        raise AssertionError(f"seat {empty[0]} was dealt no tile with {variant.seats} seats")


def _engine(plugins: Any, name: str, options: dict[str, Any], seed: int) -> None:
    """The engine's invariants (:func:`capicua.testing.check_variant`) over two random
    matches: whole matches at the game's defaults, where every stage of a long game (each
    round's engine of Mexican Train's thirteen) is reached, and matches made short
    (:func:`_short`) at the other configurations, which change the seats or one option and
    not the stages a match goes through."""
    from .testing import check_variant

    check_variant(lambda: plugins.variants.create(name, options), matches=2, seed=seed)


def _random_record(plugins: Any, name: str, options: dict[str, Any], seed: int) -> dict:
    from .testing import random_match

    match = random_match(lambda: plugins.variants.create(name, options), seed)
    return to_record(match, {s: {"player": "random"} for s in range(1, match.variant.seats + 1)})


def _viewer(plugins: Any, name: str, options: dict[str, Any], seed: int) -> None:
    """Step a record through the viewer's playback, checking at every frame that the
    layout it shows is the engine's own."""
    from .gui.playback import Playback

    record = _random_record(plugins, name, options, seed)
    match = replay(record, plugins.variants)
    playback = Playback(match, record.get("seats", {}))
    frames = 0
    while True:
        frame = playback.frame
        shown = playback.shown.view()
        engine = frame_view(match, frame.count)
        if shown.layout != engine.layout:
            raise AssertionError(
                f"frame {frames}: the viewer shows {shown.layout} where the engine holds "
                f"{engine.layout}"
            )
        frames += 1
        if not playback.step(1):
            break
    if frames < 2:
        raise AssertionError("the viewer stepped through no move")


def frame_view(match: Any, count: int) -> Any:
    """The engine's view (seat 1) after the first ``count`` actions of ``match``."""
    copy = match.variant.new_match(match.seed, match.dealer.used())
    for action in match.actions[:count]:
        copy.apply(action)
    return copy.view(1)


#: How many decisions in play (moves with a choice) of the reviewed seats the review
#: surface judges.
REVIEWED_DECISIONS = 4


def _review(plugins: Any, name: str, options: dict[str, Any], seed: int) -> None:
    from .core.match import PLAY
    from .review import review_match

    record = _random_record(plugins, name, options, seed)
    whole = replay(record, plugins.variants)
    # The first seat's and the last's first decisions: a seat's own numbering is what
    # differs between seats, and each decision costs a whole search (a review is asked of
    # a match so far as readily as of a finished one).
    seats = {1, whole.variant.seats}
    match = whole.variant.new_match(whole.seed, whole.dealer.used())
    decisions = 0
    for seat, action in whole.moves:
        if match.phase == PLAY and seat in seats and len(match.legal_actions()) > 1:
            decisions += 1
            if decisions > REVIEWED_DECISIONS:
                break
        match.apply(action)
    review = review_match(
        match, seats=seats, hands={1}, level="fast", seed=seed, with_hindsight=True
    )
    if not review.decisions:
        raise AssertionError("the review judged no decision")


def _env(plugins: Any, name: str, options: dict[str, Any], seed: int) -> None:
    try:
        from pettingzoo.test import api_test, seed_test

        from .env import make
    except ImportError as exc:
        raise _Skip(f"the rl extra is not installed ({exc.name})") from None
    import warnings

    variant = plugins.variants.create(name, options)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(make(variant, max_hands=1), num_cycles=200)
        seed_test(lambda: make(variant, max_hands=1), num_cycles=100)


def _config_toml(
    name: str, options: Mapping[str, Any], seats: Mapping[int, Any], **keys: Any
) -> str:
    def value(v: Any) -> str:
        if isinstance(v, bool):
            return "true" if v else "false"
        if isinstance(v, str):
            return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(v, list | tuple):
            return "[" + ", ".join(value(x) for x in v) + "]"
        if isinstance(v, dict):
            return "{" + ", ".join(f"{k} = {value(x)}" for k, x in v.items()) + "}"
        return repr(v)

    lines = [f"variant = {value(name)}", "[tournament]"]
    lines += [f"{k} = {value(v)}" for k, v in keys.items()]
    if options:
        lines.append("[variant_options]")
        lines += [f"{k} = {value(v)}" for k, v in options.items()]
    lines.append("[seats]")
    lines += [f"{s} = {value(entry)}" for s, entry in sorted(seats.items())]
    return "\n".join(lines) + "\n"


def _capicua(*args: str, cwd: str, timeout: float = 300.0) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="80", CAPICUA_LANG="en", LANGUAGE="en")
    return subprocess.run(
        [sys.executable, "-m", "capicua", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _failed(what: str, done: subprocess.CompletedProcess) -> AssertionError:
    tail = (done.stderr or done.stdout).strip().splitlines()[-3:]
    return AssertionError(f"{what} exited {done.returncode}: " + " | ".join(tail))


def _bots(
    plugins: Any, name: str, options: dict[str, Any], seed: int, bots: Sequence[Sequence[str]]
) -> None:
    from .protocol.check import check_bot

    for argv in bots:
        report = check_bot(list(argv), plugins, variants=[name], options=options or None)
        if report.failed:
            fails = [f"{f.check}: {f.detail}" for f in report.findings if f.status == "FAIL"]
            raise AssertionError(f"bot-check of {' '.join(argv)}: " + "; ".join(fails))


def _tournament(
    plugins: Any, name: str, options: dict[str, Any], seed: int, bots: Sequence[Sequence[str]]
) -> None:
    n = plugins.variants.create(name, options).seats
    players = itertools.cycle([{"player": "command", "argv": list(b)} for b in bots] or [{}])
    seats = {s: (next(players) if s % 2 == 1 else {"player": "heuristic"}) for s in range(1, n + 1)}
    seats = {s: e if e else {"player": "random"} for s, e in seats.items()}
    with tempfile.TemporaryDirectory() as tmp:
        cfg = Path(tmp, "t.toml")
        cfg.write_text(_config_toml(name, options, seats, matches=2, seed=seed, workers=1))
        done = _capicua("tournament", str(cfg), "--db", str(Path(tmp, "t.sqlite")), cwd=tmp)
        if done.returncode != 0:
            raise _failed("capicua tournament", done)


def _match(plugins: Any, name: str, options: dict[str, Any], seed: int) -> None:
    args = ["match", "heuristic", "random", "--variant", name, "--pairs", "2", "--seed", str(seed)]
    for k, v in options.items():
        args += ["--option", f"{k}={str(v).lower() if isinstance(v, bool) else v}"]
    with tempfile.TemporaryDirectory() as tmp:
        done = _capicua(*args, "--db", str(Path(tmp, "m.sqlite")), cwd=tmp)
        if done.returncode != 0:
            raise _failed("capicua match", done)


def _host(
    plugins: Any, name: str, options: dict[str, Any], seed: int, bots: Sequence[Sequence[str]]
) -> None:
    """A host's table with a connected bot in seat 1 and computers elsewhere plays a match
    to its end, on a real socket on 127.0.0.1, and its stored record replays."""
    if not bots:
        raise _Skip("no bot program given")
    from .net.config import HostConfig, TableSpec
    from .net.host import Host
    from .net.relay import Relay

    n = plugins.variants.create(name, options).seats
    seats: dict[int, Any] = {1: "bot"} | {s: "random" for s in range(2, n + 1)}

    async def play(tmp: str) -> None:
        spec = TableSpec("t", name, seats, seed=seed, options=options)
        cfg = HostConfig((spec,), port=0, pace=0.0, store=Path(tmp, "host.sqlite"))
        host = Host(cfg, plugins, log=lambda line: None)
        await host.start()
        try:
            invitation = next(inv for _t, seat, _k, inv in host.invitations() if seat == 1)
            relay = Relay(invitation, list(bots[0]))
            await asyncio.wait_for(relay.run(), 240)
            table = host.tables[0]
            record = table.record(1)
            if record is None:
                raise AssertionError("the host stored no record of the match")
            replay(record, plugins.variants)
        finally:
            await host.stop()
            host.close()

    with tempfile.TemporaryDirectory() as tmp:
        asyncio.run(play(tmp))


def _table(plugins: Any, name: str, options: dict[str, Any], seed: int, root: Any) -> None:
    from .gui.drive import play_hand_by_taps

    play_hand_by_taps(plugins, name, options, seed, size=(800, 600), root=root)


@contextlib.contextmanager
def _window(surface: str) -> Iterator[Any]:
    """One Tk window on one display for all the table's configurations (a Tk interpreter
    outliving its display would end the process); nothing for the other surfaces."""
    if surface != "table":
        yield None
        return
    import tkinter as tk

    from .gui.drive import ensure_display

    try:
        ensure_display()
        root = tk.Tk()
    except (RuntimeError, tk.TclError) as exc:
        raise _Skip(f"no display for a window ({exc})") from None
    try:
        yield root
    finally:
        root.destroy()


class _Skip(Exception):
    """A surface that cannot run here (a missing extra, no display): said, not failed."""


# -- the call ------------------------------------------------------------------------------


def check_game(
    name: str,
    *,
    plugins: Any = None,
    surfaces: Sequence[str] = SURFACES,
    bots: Sequence[Sequence[str]] = (),
    seed: int = 1,
    configs: Sequence[Mapping[str, Any]] | None = None,
) -> Outcome:
    """Run every surface in ``surfaces`` on the installed game ``name`` at each of its
    :func:`configurations` (or ``configs``), and return what was checked and every problem
    (:meth:`Outcome.raise_for_problems` turns them into one failure). ``bots`` are bot
    programs' command lines for the ``bots``, ``tournament`` and ``host`` surfaces (the
    reference bots in the repository's examples/bots are a good start); without any, the
    ``bots`` and ``host`` surfaces are skipped and the tournament seats computers only."""
    if plugins is None:
        from .plugins import load_plugins

        plugins = load_plugins()
    unknown = [s for s in surfaces if s not in SURFACES]
    if unknown:
        raise ValueError(f"no surface {unknown[0]!r}: the surfaces are {', '.join(SURFACES)}")
    cls = plugins.variants.get(name)
    # A bot's files named relative to here: the tournament and match run in a folder of
    # their own, so they are given the same files by their whole paths.
    bots = [[str(Path(a).resolve()) if Path(a).exists() else a for a in argv] for argv in bots]
    outcome = Outcome(name)
    chosen = [dict(c) for c in configs] if configs is not None else configurations(cls)
    runners: dict[str, Callable[[dict[str, Any]], None]] = {
        "deal": lambda o: _deal(plugins, name, o, seed),
        "engine": lambda o: _engine(plugins, name, _short(cls, o) if o else o, seed),
        "viewer": lambda o: _viewer(plugins, name, _short(cls, o), seed),
        "review": lambda o: _review(plugins, name, _short(cls, o), seed),
        "env": lambda o: _env(plugins, name, o, seed),
        "bots": lambda o: _bots(plugins, name, o, seed, bots),
        "tournament": lambda o: _tournament(plugins, name, _short(cls, o), seed, bots),
        "match": lambda o: _match(plugins, name, _short(cls, o), seed),
        "host": lambda o: _host(plugins, name, _short(cls, o), seed, bots),
        "table": lambda o: _table(plugins, name, _short(cls, o), seed, window),
    }
    window: Any = None
    for surface in surfaces:
        if surface in ("bots", "host") and not bots:
            outcome.skipped[surface] = "no bot program given"
            continue
        try:
            with _window(surface) as window:
                _run(surface, runners[surface], chosen, outcome)
        except _Skip as skip:
            outcome.skipped[surface] = str(skip)
    return outcome


def _run(
    surface: str,
    runner: Callable[[dict[str, Any]], None],
    chosen: Sequence[dict[str, Any]],
    outcome: Outcome,
) -> None:
    """Run one surface at every configuration, noting each as checked or a problem."""
    for options in chosen:
        try:
            runner(options)
        except Exception as exc:  # noqa: BLE001 - a surface's failure, whatever it is, is reported
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            outcome.problems.append(Problem(surface, options, reason))
        else:
            outcome.checked.setdefault(surface, []).append(options)


def installed_games(plugins: Any = None) -> Iterator[str]:
    """The names of every installed game, built-ins first."""
    if plugins is None:
        from .plugins import load_plugins

        plugins = load_plugins()
    yield from plugins.variants.names()


__all__ = [
    "QUICK",
    "SURFACES",
    "Outcome",
    "Problem",
    "check_game",
    "configurations",
    "installed_games",
    "read_records",
]
