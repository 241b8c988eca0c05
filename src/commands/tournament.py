"""``capicua tournament``: a seeded bot tournament from a TOML config, with its figures.

The settings come from one :func:`capicua.tournament.config.resolve` (defaults < TOML <
flags). Bad input is one line and exit status 2; Ctrl-C stops cleanly with exit status 130
and prints the command that resumes; player errors are results, counted in the summary.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ..i18n import N_, _, ngettext, pgettext
from ..tournament.config import Overrides, resolve
from ..tournament.export import check_target
from ..tournament.export import write as write_csv
from ..tournament.runner import open_tournament
from ..tournament.stats import summarize
from . import completion
from .common import Command, err, out, plugins
from .game_options import GameOptions
from .kit import ClockOption, CsvOption, DealsOption, LogBots
from .running import (
    Records,
    Repair,
    Scheduler,
    Workers,
    backend,
    bad_input_fails,
    games_done,
    kept_in,
    matches_kept,
    play_all,
    report,
    resume_command,
    stopping_cleanly,
    time_line,
    warn_uncontained,
    where_played,
)
from .tables import Column, Figures, percent, print_figures


def tournament(
    config: Annotated[
        Path,
        typer.Argument(
            autocompletion=completion.configs,
            help=N_(
                "The tournament's TOML config: a file, or the name of an example "
                "(capicua configs lists them)."
            ),
        ),
    ],
    matches: Annotated[
        int | None, typer.Option("--matches", "-n", help=N_("Matches to play."))
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=N_("Tournament seed."))] = None,
    workers: Workers = None,
    records: Records = None,
    db: Annotated[
        Path | None,
        typer.Option(
            "--db",
            help=N_("The tournament database (default: CONFIG's name with .sqlite, here)."),
        ),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help=N_("Continue the tournament in the database."))
    ] = False,
    repair: Repair = False,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print the summary as JSON for scripts."))
    ] = False,
    scheduler: Scheduler = None,
    clock: ClockOption = None,
    log_bots: LogBots = None,
    deals: DealsOption = None,
    csv_file: CsvOption = None,
    option: GameOptions = None,
) -> None:
    """``capicua tournament``: the help is given in :func:`register`."""
    loaded = plugins()
    given = Overrides(
        matches,
        seed,
        workers,
        records,
        db,
        scheduler,
        clock=clock,
        log_bots=log_bots,
        deals=deals,
        options=tuple(option or ()),
    )
    with bad_input_fails():
        settings = resolve(config, given, loaded)
        if csv_file is not None:
            check_target(csv_file)  # before any game: a file it may not replace
        settings, store = open_tournament(settings, resume, repair=repair, plugins=loaded)
    variant = loaded.variants.create(settings.variant, settings.variant_options)
    with stopping_cleanly(
        store, matches_kept(store, settings.matches), _resume_command(config, given)
    ):
        pool = backend(settings, loaded)
        already = games_done(store, settings.matches)
        fields = {
            "title": _(variant.title),
            "matches": settings.matches,
            "seed": settings.seed,
            "backend": where_played(pool, already < settings.matches),
            "kept": kept_in(settings, resume, already),
        }
        if settings.swap_teams:
            # Translators: English says "matches" for 1 too; {backend} is where the games
            # run ("4 worker processes"), {kept} where they are kept.
            line = ngettext(
                "{title} tournament: {matches} matches (each deal played twice with the teams "
                "swapped), seed {seed}, {backend}; {kept}",
                "{title} tournament: {matches} matches (each deal played twice with the teams "
                "swapped), seed {seed}, {backend}; {kept}",
                settings.matches,
            )
        else:
            # Translators: English says "matches" for 1 too; {backend} is where the games
            # run ("4 worker processes"), {kept} where they are kept.
            line = ngettext(
                "{title} tournament: {matches} matches, seed {seed}, {backend}; {kept}",
                "{title} tournament: {matches} matches, seed {seed}, {backend}; {kept}",
                settings.matches,
            )
        err.print(line.format(**fields), markup=False)
        warn_uncontained(settings.seats, loaded)
        played_now, took = play_all(settings, store, pool, loaded, already)
    header = {
        "config": str(settings.config),
        "seed": settings.seed,
        "swap_teams": settings.swap_teams,
        "time_limit": settings.time_limit,
        "db": str(settings.db),
        "records": None if settings.records is None else str(settings.records),
    }
    try:
        with bad_input_fails():
            summary = summarize(store.facts(settings.matches), variant, settings.matches, header)
            if csv_file is not None:
                write_csv(csv_file, store, variant)
    finally:
        store.close()
    # Player errors are results, counted in the summary: the exit status stays 0.
    show = functools.partial(print_summary, summary, variant, took, played_now)
    report(summary, as_json, show, errors_fail=False)


def _resume_command(config: Path, given: Overrides) -> str:
    words = ["capicua", "tournament", str(config), "--resume"]
    for text in given.options:
        words += ["--option", text]
    return resume_command(
        words,
        [
            ("--matches", given.matches),
            ("--seed", given.seed),
            ("--db", given.db),
            ("--records", given.records),
            ("--scheduler", given.scheduler),
            ("--clock", given.clock),
            ("--log-bots", given.log_bots),
            ("--deals", given.deals),
        ],
    )


def share_won(r: dict) -> str:
    """A won share and its interval (``"-"``: nothing to count)."""
    return percent(r["rate"], r["ci"]) if r["of"] else "-"


def print_summary(
    s: dict, variant: Any, took: float, played_now: int, console: Console | None = None
) -> None:
    """The tournament's figures, as text: its table, the mirrored players, the hands, the
    errors and the time."""
    console = console or out
    labels = list(s["labels"])
    points = any("points_per_hand" in row for row in s["teams"])
    fields = {"title": _(variant.title), "played": s["played"], "planned": s["planned"]}
    fields["seed"] = s["seed"]
    if s["swap_teams"]:
        # Translators: the title of a tournament's table (English says "matches" for 1 too).
        title = ngettext(
            "{title}: {played} of {planned} matches played, seed {seed}, teams swapped; "
            "won % [95% CI]",
            "{title}: {played} of {planned} matches played, seed {seed}, teams swapped; "
            "won % [95% CI]",
            s["planned"],
        )
    else:
        # Translators: the title of a tournament's table (English says "matches" for 1 too).
        title = ngettext(
            "{title}: {played} of {planned} matches played, seed {seed}; won % [95% CI]",
            "{title}: {played} of {planned} matches played, seed {seed}; won % [95% CI]",
            s["planned"],
        )
    console.print(title.format(**fields), markup=False)
    rows = s["teams"] + s["players"]
    won = [
        Column(pgettext("column", "matches"), [str(r["matches"]["of"]) for r in rows]),
        Column(pgettext("column", "matches won"), [share_won(r["matches"]) for r in rows]),
        Column(pgettext("column", "hands won"), [share_won(r["hands"]) for r in rows]),
    ]
    more = [
        Column(variant.label_name(k, plural=True), [str(r["labels"][k]) for r in rows])
        for k in labels
    ]
    if points:
        # Translators: a column heading: points per hand, in a narrow column.
        heading = pgettext("column", "pts/hand")
        more.append(Column(heading, [_num(r.get("points_per_hand")) for r in rows]))
    teams = [""] * len(s["teams"])  # a team's decisions are its players'
    # Translators: a column heading: milliseconds a decision on average (the slowest).
    heading = pgettext("column", "ms/move (max)")
    more.append(Column(heading, teams + [_ms(r) for r in s["players"]]))
    heading = pgettext("column", "errors")
    more.append(Column(heading, teams + [str(r["errors"]) for r in s["players"]]))
    names = [
        _("team {team} ({seats})").format(team=r["team"], seats="+".join(map(str, r["seats"])))
        for r in s["teams"]
    ] + [r["entry"] for r in s["players"]]
    print_figures(Figures(names, [won, more], sections=(len(s["teams"]) - 1,)), console)
    if points and variant.low_score_wins:
        # Translators: under a tournament's table, of a game where the lowest score wins.
        console.print(_("pts/hand: points against, so the lower the better"), markup=False)
    for row in s["players"]:
        if row["mirror"]:
            console.print(
                # Translators: English says "matches" for 1 too.
                ngettext(
                    "{player} sat in both teams in {matches} matches; those are not counted for it",
                    "{player} sat in both teams in {matches} matches; those are not counted for it",
                    row["mirror"],
                ).format(player=row["entry"], matches=row["mirror"]),
                markup=False,
            )
    h = s["hands_per_match"]
    if h["mean"] is not None:
        # The outcomes are the engine's names for how a hand ends, as recorded.
        outcomes = ", ".join(f"{k} {n}" for k, n in s["outcomes"].items())
        if h["ci"]:
            line = _("hands per match {mean:.2f} [{low:.2f}–{high:.2f}]; hands: {outcomes}")
            line = line.format(mean=h["mean"], low=h["ci"][0], high=h["ci"][1], outcomes=outcomes)
        else:
            line = _("hands per match {mean:.2f}; hands: {outcomes}")
            line = line.format(mean=h["mean"], outcomes=outcomes)
        console.print(line, markup=False)
    if s["errors"]:
        console.print(
            # Translators: English says "matches" for 1 too.
            ngettext(
                "errors: {count} matches ended by a player error",
                "errors: {count} matches ended by a player error",
                s["errors"],
            ).format(count=s["errors"]),
            markup=False,
        )
        for e in s["error_list"][:5]:
            if e["seat"]:
                who = _("seat {seat} ({player})").format(seat=e["seat"], player=e["player"])
            else:
                who = _("no seat")
            # The reason is the one the database keeps (and --json prints): English.
            line = _("  match {number}: {who}: {reason}")
            console.print(line.format(number=e["match"], who=who, reason=e["reason"]), markup=False)
        if s["errors"] > 5:
            console.print(_("  ... (--json lists up to 20)"), markup=False)
    console.print(time_line(took, played_now, s), markup=False)


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _ms(row: dict) -> str:
    ms = row["decision_ms"]
    return f"{ms['mean']:.3f} ({ms['max']:.0f})" if ms["mean"] is not None else "-"


def register(app: typer.Typer) -> None:
    app.command(
        "tournament",
        cls=Command,
        help=N_(
            "Play a seeded tournament between players and print who wins, with confidence "
            "intervals (95%)."
        ),
    )(tournament)
