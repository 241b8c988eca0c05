"""``capicua match A B --variant V [--sprt ...]``: is A better than B, in as few games as
the statistics allow.

A plays B in duplicate pairs (:mod:`capicua.tournament.versus`); with ``--sprt`` the match
stops as soon as the sequential test accepts either hypothesis, printing the running
log-likelihood ratio, its bounds and the estimate with its interval as pairs finish. Like a
tournament it is kept in a database as it goes: Ctrl-C stops with exit status 130 and the
command that resumes; bad input is one line and exit status 2.
"""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path
from typing import Annotated

import typer

from ..tournament.config import ConfigError
from ..tournament.runner import open_tournament, play
from ..tournament.sprt import fixed_pairs
from ..tournament.store import StorageError
from ..tournament.versus import MatchSettings, Sequential, evaluate, finished, resolve_match
from .common import Command, err, fail, out, plugins
from .running import Records, Repair, Scheduler, Workers, backend, kept_in, stopping_cleanly


def match(
    first: Annotated[
        str, typer.Argument(help="Player A, the one tested: a name, or name:option=value,...")
    ],
    second: Annotated[str, typer.Argument(help="Player B, the reference (same form).")],
    variant: Annotated[
        str | None, typer.Option("--variant", help="The game (capicua rules lists them).")
    ] = None,
    sprt: Annotated[
        str | None,
        typer.Option(
            "--sprt",
            help="Stop when the sequential test decides: elo0=0,elo1=5,alpha=0.05,beta=0.05 "
            "(any of them; the rest take these defaults).",
        ),
    ] = None,
    pairs: Annotated[
        int | None,
        typer.Option(
            "--pairs",
            "-n",
            help="Duplicate pairs to play (default 100); with --sprt the most to play "
            "(default 20000).",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="The match seed.")] = None,
    workers: Workers = None,
    time_limit: Annotated[
        float | None, typer.Option("--time-limit", help="Seconds per decision (default: none).")
    ] = None,
    records: Records = None,
    db: Annotated[
        Path | None,
        typer.Option("--db", help="The match database (default: match-VARIANT-A-B.sqlite)."),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the match in the database.")
    ] = False,
    repair: Repair = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    scheduler: Scheduler = None,
) -> None:
    """Play A against B in duplicate pairs and say which is better, with its interval.

    Each deal is played twice with the seats exchanged, so the luck of the deal cancels.
    With --sprt the match stops at the first pair after which the test accepts H1 (A is at
    least elo1 Elo stronger) or H0 (at most elo0).
    """
    loaded = plugins()
    try:
        settings = resolve_match(
            first,
            second,
            variant,
            loaded,
            sprt=sprt,
            pairs=pairs,
            seed=seed,
            workers=workers,
            time_limit=time_limit,
            records=records,
            db=db,
            scheduler=scheduler,
        )
        game = loaded.variants.create(settings.variant)
        teams = game.teams
        settings, store = open_tournament(
            settings, resume, repair=repair, plugins=loaded, finished=finished(teams)
        )
    except (ConfigError, StorageError) as exc:
        fail(str(exc))
    resume_with = _resume_command(first, second, settings, pairs, seed, records, db, scheduler)
    log = _Log(settings, quiet=False)
    with stopping_cleanly(store, lambda interrupted: "the finished games are", resume_with):
        state = Sequential(settings, store, teams, on_pair=log)
        pool = backend(settings, loaded)
        names = " against ".join(_labels(settings))
        test = (
            f"until the test decides (at most {settings.pairs:,} pairs)"
            if settings.sprt
            else f"{settings.pairs:,} pairs"
        )
        err.print(
            f"{game.title}: {names}, {test}, seed {settings.seed}, {pool.describe()}; "
            f"{kept_in(settings, resume, store.count())}",
            markup=False,
        )
        start = time.perf_counter()
        play(settings.job(), settings, store, pool, loaded, watch=state.watch)
        took = time.perf_counter() - start
        state = evaluate(settings, store, teams)
    store.close()
    summary = state.summary()
    summary["title"] = game.title
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
        return
    _print(summary, settings, took)


def _labels(settings: MatchSettings) -> list[str]:
    from ..tournament.config import entry_label

    return [entry_label(p) for p in settings.players]


def _resume_command(
    first: str,
    second: str,
    settings: MatchSettings,
    pairs: int | None,
    seed: int | None,
    records: Path | None,
    db: Path | None,
    scheduler: str | None,
) -> str:
    words = ["capicua", "match", first, second, "--variant", settings.variant]
    if settings.sprt is not None:
        s = settings.sprt
        words += ["--sprt", f"elo0={s.elo0:g},elo1={s.elo1:g},alpha={s.alpha:g},beta={s.beta:g}"]
    words += ["--seed", str(settings.seed), "--resume"]
    for flag, value in (
        ("--pairs", pairs),
        ("--time-limit", settings.time_limit),
        ("--db", db),
        ("--records", records),
        ("--scheduler", scheduler),
    ):
        if value is not None:
            words += [flag, str(value)]
    return shlex.join(words)


def _logged(pairs: int) -> bool:
    """Log-spaced: every pair to 10, every 10th to 100, every 100th to 1000, ..."""
    step = 1
    while pairs >= 10 * step:
        step *= 10
    return pairs % step == 0


class _Log:
    """The live log on stderr: a line at log-spaced pair counts and at the decision."""

    def __init__(self, settings: MatchSettings, quiet: bool) -> None:
        self.settings = settings
        self.quiet = quiet
        self.last = 0

    def __call__(self, state: Sequential) -> None:
        n = state.pairs
        if self.quiet or n == self.last or not (_logged(n) or state.decision):
            return
        self.last = n
        e = state.summary()["estimate"]
        parts = [f"pair {n:,}"]
        if self.settings.sprt is not None:
            lower, upper = self.settings.sprt.bounds()
            parts.append(f"LLR {_ratio(state.llr)} ({lower:+.2f}, {upper:+.2f})")
        parts.append(f"score {_score(e)}")
        parts.append(f"Elo {_elo(e)}")
        parts.append("pairs " + "-".join(map(str, state.counts)))
        err.print(", ".join(parts), markup=False)


def _ratio(llr: float) -> str:
    text = f"{llr:+.2f}"
    return "+0.00" if text == "-0.00" else text


def _score(e: dict) -> str:
    if e["score"] is None:
        return "-"
    lo, hi = e["score_ci"]
    return f"{100 * e['score']:.1f}% [{100 * lo:.1f}–{100 * hi:.1f}]"


def _elo(e: dict) -> str:
    """The Elo estimate and its interval; a score of 0 or 1 is an infinite Elo."""
    if e["score"] is None:
        return "-"

    def show(elo: float | None, score: float) -> str:
        if elo is None:
            return "+∞" if score >= 1 else "-∞"
        return f"{round(elo) + 0:+d}"  # + 0: no "-0"

    (lo, hi), (slo, shi) = e["elo_ci"], e["score_ci"]
    return f"{show(e['elo'], e['score'])} [{show(lo, slo)}, {show(hi, shi)}]"


def _print(s: dict, settings: MatchSettings, took: float) -> None:
    a, b = s["players"]
    e = s["estimate"]
    test = s.get("sprt")
    pairs, games = s["pairs"], 2 * s["pairs"] + 2 * s["void_pairs"]
    if test is None:
        verdict = f"{pairs:,} pairs played"
    elif test["decision"] == "H1":
        verdict = (
            f"H1 accepted after {pairs:,} pairs ({games:,} matches): {a} is stronger than {b} "
            f"(Elo >= {test['elo1']:g} rather than <= {test['elo0']:g})"
        )
    elif test["decision"] == "H0":
        verdict = (
            f"H0 accepted after {pairs:,} pairs ({games:,} matches): {a} is not {test['elo1']:g} "
            f"Elo stronger than {b} (Elo <= {test['elo0']:g} rather than >= {test['elo1']:g})"
        )
    else:
        verdict = f"no decision after {pairs:,} pairs, the most this match may play (--pairs)"
    out.print(f"{a} against {b}, {s['title']}, seed {s['seed']}: {verdict}", markup=False)
    if test is not None:
        out.print(
            f"SPRT elo0={test['elo0']:g} elo1={test['elo1']:g} alpha={test['alpha']:g} "
            f"beta={test['beta']:g}: LLR {_ratio(test['llr'])}, bounds ({test['lower']:+.2f}, "
            f"{test['upper']:+.2f})",
            markup=False,
        )
    out.print(f"{a} scores {_score(e)} per game (95% interval), Elo {_elo(e)}", markup=False)
    out.print(
        f"pairs by {a}'s points (0, ½, 1, 1½, 2 of 2): "
        + " ".join(str(c) for c in s["pentanomial"])
        + (
            f"; {s['void_pairs']} void (a game stopped with no seat to blame)"
            if s["void_pairs"]
            else ""
        ),
        markup=False,
    )
    if test is not None and test["decision"] is not None and settings.sprt is not None:
        fixed = fixed_pairs(settings.sprt, s["pentanomial"])
        if fixed is not None:
            out.print(
                f"a fixed-length test with the same error rates would need about {fixed:,} "
                f"pairs at this variance",
                markup=False,
            )
    out.print(
        f"time {took:.1f} s; database {s['db']}"
        + (f"; records {s['records']}" if s["records"] else ""),
        markup=False,
    )


def register(app: typer.Typer) -> None:
    app.command("match", cls=Command)(match)
