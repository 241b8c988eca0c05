"""``capicua league CONFIG``: a round robin or a gauntlet in duplicate pairs, with ratings.

The settings come from :func:`capicua.tournament.league.resolve_league` (defaults < the
config's ``[league]`` < flags); the games are kept in a database as they finish, like a
tournament's, so Ctrl-C stops with exit status 130 and the command that resumes, and a
larger ``--pairs`` extends a finished league. Bad input is one line and exit status 2.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console

from ..i18n import N_, _, ngettext, pgettext
from ..tournament.export import check_target
from ..tournament.export import write as write_csv
from ..tournament.league import LeagueSettings, resolve_league, standings
from ..tournament.runner import open_tournament
from . import completion
from .common import Command, err, out, plugins, print_errors
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


def league(
    config: Annotated[
        Path,
        typer.Argument(
            autocompletion=completion.configs,
            help=N_("The league's TOML config: the variant and a [league] table of players."),
        ),
    ],
    pairs: Annotated[
        int | None, typer.Option("--pairs", "-n", help=N_("Duplicate pairs per pairing."))
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=N_("The league seed."))] = None,
    workers: Workers = None,
    records: Records = None,
    db: Annotated[
        Path | None,
        typer.Option(
            "--db", help=N_("The league database (default: CONFIG's name with .sqlite, here).")
        ),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help=N_("Continue the league in the database."))
    ] = False,
    repair: Repair = False,
    as_json: Annotated[
        bool, typer.Option("--json", help=N_("Print the standings as JSON for scripts."))
    ] = False,
    scheduler: Scheduler = None,
    clock: ClockOption = None,
    log_bots: LogBots = None,
    deals: DealsOption = None,
    csv_file: CsvOption = None,
    option: GameOptions = None,
) -> None:
    """``capicua league``: the help is given in :func:`register`."""
    loaded = plugins()
    with bad_input_fails():
        settings = resolve_league(
            config,
            loaded,
            pairs=pairs,
            seed=seed,
            workers=workers,
            records=records,
            db=db,
            scheduler=scheduler,
            clock=clock,
            log_bots=log_bots,
            deals=deals,
            given=tuple(option or ()),
        )
        if csv_file is not None:
            check_target(csv_file)  # before any game: a file it may not replace
        settings, store = open_tournament(settings, resume, repair=repair, plugins=loaded)
    game = loaded.variants.create(settings.variant, settings.variant_options)
    given = {
        "--pairs": pairs,
        "--db": db,
        "--records": records,
        "--scheduler": scheduler,
        "--clock": clock,
        "--log-bots": log_bots,
        "--deals": deals,
    }
    resume_with = _resume_command(config, settings, given, option or [])
    with stopping_cleanly(store, matches_kept(store, settings.matches), resume_with):
        pool = backend(settings, loaded)
        done = games_done(store, settings.matches)
        form = _("round robin") if settings.format == "round-robin" else _("gauntlet")
        # Translators: English says "pairs" and "matches" for 1 too; {format} is round
        # robin or gauntlet, {backend} where the games run ("4 worker processes"), {kept}
        # where they are kept.
        line = ngettext(
            "{title} league: {players} players, {format}, {pairs:,} pairs per pairing "
            "({matches:,} matches), seed {seed}, {backend}; {kept}",
            "{title} league: {players} players, {format}, {pairs:,} pairs per pairing "
            "({matches:,} matches), seed {seed}, {backend}; {kept}",
            len(settings.players),
        )
        fields = {"title": _(game.title), "players": len(settings.players), "format": form}
        fields.update(pairs=settings.pairs, matches=settings.matches, seed=settings.seed)
        left = where_played(pool, done < settings.matches)
        fields.update(backend=left, kept=kept_in(settings, resume, done))
        err.print(line.format(**fields), markup=False)
        warn_uncontained(dict(enumerate(settings.players)), loaded)
        played_now, took = play_all(settings, store, pool, loaded, done)
        summary = standings(settings, store.facts(settings.matches), game.teams)
    if csv_file is not None:
        with bad_input_fails():
            write_csv(csv_file, store, game)
    store.close()
    show = functools.partial(print_standings, summary, _(game.title), took, played_now)
    report(summary, as_json, show, errors_fail=True)


def _resume_command(
    config: Path, settings: LeagueSettings, given: dict[str, Any], options: list[str]
) -> str:
    words = ["capicua", "league", str(config), "--resume", "--seed", str(settings.seed)]
    for text in options:
        words += ["--option", text]
    return resume_command(words, given.items())


def share(cell: dict | None) -> str:
    """A share of the points and its interval, whole percentages (``"-"``: no game)."""
    return "-" if cell is None else percent(cell["share"], cell["ci"], digits=0)


def print_standings(
    s: dict, title: str, took: float, played_now: int, console: Console | None = None
) -> None:
    """The league's figures, as text: the ratings, the crosstable, the void pairs, the
    errors and the time."""
    console = console or out
    names = s["crosstable"]["players"]
    console.print(
        # Translators: English says "matches" for 1 too.
        ngettext(
            "{title} league, seed {seed}, {matches:,} matches: ratings (openskill, mu ± 2 "
            "sigma) and share of the points % [95% CI]",
            "{title} league, seed {seed}, {matches:,} matches: ratings (openskill, mu ± 2 "
            "sigma) and share of the points % [95% CI]",
            s["games"],
        ).format(title=title, seed=s["seed"], matches=s["games"]),
        markup=False,
    )
    rows = s["ratings"]
    intervals = [f"{row['interval'][0]:.1f}–{row['interval'][1]:.1f}" for row in rows]
    ratings = [
        Column(pgettext("column", "player"), [r["player"] for r in rows], "left", fold=True),
        Column(pgettext("column", "rating"), [f"{r['mu']:.1f}" for r in rows]),
        Column(pgettext("column", "interval"), intervals),
        # Translators: a column heading: the share of the points a player won.
        Column(pgettext("column", "share"), [share(r["score"]) for r in rows]),
        Column(pgettext("column", "pairs"), [str(r["pairs"]) for r in rows]),
    ]
    ranks = [str(rank) for rank in range(1, len(rows) + 1)]
    print_figures(Figures(ranks, [ratings], name_justify="right"), console)
    console.print(
        _("crosstable: the row's share of the points against the column, % [95% CI]"),
        markup=False,
    )
    shares = s["crosstable"]["share"]
    cross = [
        Column(str(a + 1), ["" if a == k else share(cells[a]) for k, cells in enumerate(shares)])
        for a in range(len(names))
    ]
    half = (len(cross) + 1) // 2
    print_figures(
        Figures(
            [f"{k + 1} {name}" for k, name in enumerate(names)],
            [cross[:half], cross[half:]],
            stack_first=True,
        ),
        console,
    )
    void = sum(p["void_pairs"] for p in s["pairings"])
    if void:
        console.print(
            # Translators: English says "pairs" for 1 too.
            ngettext(
                "{void} pairs void (a game ended in an error)",
                "{void} pairs void (a game ended in an error)",
                void,
            ).format(void=void),
            markup=False,
        )
    print_errors(s["errors"], s["error_list"], console)
    console.print(time_line(took, played_now, s), markup=False)


def register(app: typer.Typer) -> None:
    app.command(
        "league",
        cls=Command,
        help=N_(
            "Play every pairing of a league in duplicate pairs; print ratings and a "
            "crosstable.\n\nRatings are openskill's (a mean with its uncertainty); the "
            "crosstable gives each player's share of the points against each other, with "
            "confidence intervals (95%)."
        ),
    )(league)
