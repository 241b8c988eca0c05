"""``capicua tournament``: a seeded bot tournament from a TOML config, with its figures.

The settings come from one :func:`capicua.tournament.config.resolve` (defaults < TOML <
flags). Bad input is one line and exit status 2; Ctrl-C stops cleanly with exit status 130
and prints the command that resumes; player errors are results, counted in the summary.
"""

from __future__ import annotations

import json
import shlex
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from ..tournament.config import ConfigError, Overrides, resolve
from ..tournament.runner import open_tournament, run
from ..tournament.stats import summarize
from ..tournament.store import StorageError
from .common import Command, err, fail, out, plugins
from .running import (
    MatchProgress,
    Records,
    Repair,
    Scheduler,
    Workers,
    backend,
    kept_in,
    matches_kept,
    stopping_cleanly,
)


def tournament(
    config: Annotated[
        Path,
        typer.Argument(
            help="The tournament's TOML config: a file, or the name of an example "
            "(capicua configs lists them)."
        ),
    ],
    matches: Annotated[int | None, typer.Option("--matches", "-n", help="Matches to play.")] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Tournament seed.")] = None,
    workers: Workers = None,
    records: Records = None,
    db: Annotated[
        Path | None,
        typer.Option(
            "--db", help="The tournament database (default: CONFIG's name with .sqlite, here)."
        ),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the tournament in the database.")
    ] = False,
    repair: Repair = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as JSON for scripts.")
    ] = False,
    scheduler: Scheduler = None,
) -> None:
    """Play a seeded tournament between players and print who wins, with 95% intervals."""
    loaded = plugins()
    given = Overrides(matches, seed, workers, records, db, scheduler)
    try:
        settings = resolve(config, given, loaded)
        settings, store = open_tournament(settings, resume, repair=repair, plugins=loaded)
    except (ConfigError, StorageError) as exc:
        fail(str(exc))
    variant = loaded.variants.create(settings.variant)
    with stopping_cleanly(
        store, matches_kept(store, settings.matches), _resume_command(config, given)
    ):
        pool = backend(settings, loaded)
        already = len([i for i in store.done() if i < settings.matches])
        deals = (
            f" ({settings.matches // 2} deals, each played twice with the teams swapped)"
            if settings.swap_teams
            else ""
        )
        err.print(
            f"{variant.title} tournament: {settings.matches} matches{deals}, seed {settings.seed}, "
            f"{pool.describe()}; {kept_in(settings, resume, already)}",
            markup=False,
        )
        start = time.perf_counter()
        with MatchProgress(already, settings.matches) as advance:
            played_now = run(settings, store, pool, loaded, advance)
        took = time.perf_counter() - start
    header = {
        "config": str(settings.config),
        "seed": settings.seed,
        "swap_teams": settings.swap_teams,
        "time_limit": settings.time_limit,
        "db": str(settings.db),
        "records": None if settings.records is None else str(settings.records),
    }
    try:
        summary = summarize(store.facts(settings.matches), variant, settings.matches, header)
    except StorageError as exc:
        fail(str(exc))
    finally:
        store.close()
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
        return
    _print_summary(summary, variant, took, played_now)


def _resume_command(config: Path, given: Overrides) -> str:
    words = ["capicua", "tournament", str(config), "--resume"]
    for flag, value in (
        ("--matches", given.matches),
        ("--seed", given.seed),
        ("--db", given.db),
        ("--records", given.records),
        ("--scheduler", given.scheduler),
    ):
        if value is not None:
            words += [flag, str(value)]
    return shlex.join(words)


def _pct(r: dict) -> str:
    if not r["of"]:
        return "-"
    lo, hi = r["ci"]
    return f"{100 * r['rate']:.1f} [{100 * lo:.1f}-{100 * hi:.1f}]"


def _print_summary(s: dict, variant: Any, took: float, played_now: int) -> None:
    labels = list(s["labels"])
    points = any("points_per_hand" in row for row in s["teams"])
    title = (
        f"{variant.title}: {s['played']} of {s['planned']} matches played, seed {s['seed']}"
        + (", teams swapped" if s["swap_teams"] else "")
        + "; won % [95% interval]"
    )
    table = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("")
    table.add_column("matches", justify="right")
    table.add_column("matches won", justify="right")
    table.add_column("hands won", justify="right")
    for label in labels:
        table.add_column(variant.label_name(label, plural=True), justify="right")
    if points:
        table.add_column("pts/hand", justify="right")
    table.add_column("ms/move (max)", justify="right")
    table.add_column("errors", justify="right")
    for row in s["teams"]:
        cells = [
            f"team {row['team']} ({'+'.join(map(str, row['seats']))})",
            str(row["matches"]["of"]),
            _pct(row["matches"]),
            _pct(row["hands"]),
        ]
        cells += [str(row["labels"][k]) for k in labels]
        if points:
            cells.append(_num(row.get("points_per_hand")))
        table.add_row(*cells, "", "")
    table.add_section()
    for row in s["players"]:
        ms = row["decision_ms"]
        cells = [row["entry"], str(row["matches"]["of"]), _pct(row["matches"]), _pct(row["hands"])]
        cells += [str(row["labels"][k]) for k in labels]
        if points:
            cells.append(_num(row.get("points_per_hand")))
        cells.append(f"{ms['mean']:.3f} ({ms['max']:.0f})" if ms["mean"] is not None else "-")
        cells.append(str(row["errors"]))
        table.add_row(*cells)
    # A pipe or a file has no width to fit: don't fold the figures into 80 columns.
    wide = out if out.is_terminal else Console(file=out.file, width=160, highlight=False)
    wide.print(table)
    for row in s["players"]:
        if row["mirror"]:
            out.print(
                f"{row['entry']} sat in both teams in {row['mirror']} matches; those are "
                f"not counted for it",
                markup=False,
            )
    h = s["hands_per_match"]
    if h["mean"] is not None:
        ci = f" [{h['ci'][0]:.2f}-{h['ci'][1]:.2f}]" if h["ci"] else ""
        outcomes = ", ".join(f"{k} {n}" for k, n in s["outcomes"].items())
        out.print(f"hands per match {h['mean']:.2f}{ci}; hands: {outcomes}", markup=False)
    if s["errors"]:
        out.print(f"errors: {s['errors']} matches ended by a player error", markup=False)
        for e in s["error_list"][:5]:
            who = f"seat {e['seat']} ({e['player']})" if e["seat"] else "no seat"
            out.print(f"  match {e['game'] + 1}: {who}: {e['reason']}", markup=False)
        if s["errors"] > 5:
            out.print("  ... (--json lists up to 20)", markup=False)
    rate = f", {played_now / took:,.1f} matches/s" if took > 0 and played_now else ""
    out.print(
        f"time {took:.1f} s{rate}; database {s['db']}"
        + (f"; records {s['records']}" if s["records"] else ""),
        markup=False,
    )


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def register(app: typer.Typer) -> None:
    app.command("tournament", cls=Command)(tournament)
