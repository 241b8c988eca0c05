"""``capicua match A B --variant V [--sprt ...]``: is A better than B, in as few games as
the statistics allow.

A plays B in duplicate pairs (:mod:`capicua.tournament.versus`); with ``--sprt`` the match
stops as soon as the sequential test accepts either hypothesis, printing the running
log-likelihood ratio, its bounds and the estimate with its interval as pairs finish. Like a
tournament it is kept in a database as it goes: Ctrl-C stops with exit status 130 and the
command that resumes; bad input is one line and exit status 2.
"""

from __future__ import annotations

import functools
import textwrap
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..i18n import N_, _, ngettext
from ..players.command import DEFAULT_TIME_LIMIT
from ..tournament.export import check_target
from ..tournament.export import write as write_csv
from ..tournament.runner import open_tournament, play
from ..tournament.sprt import fixed_pairs
from ..tournament.versus import (
    MatchSettings,
    Sequential,
    evaluate,
    finished,
    resolve_match,
)
from . import completion
from .common import Command, duration_words, err, filled, out, plugins, print_errors
from .game_options import GameOptions, described, parse_options
from .kit import ClockOption, CsvOption, DealsOption, LogBots
from .running import (
    TIMED,
    Records,
    Repair,
    Scheduler,
    Workers,
    backend,
    bad_input_fails,
    kept_in,
    report,
    resume_command,
    stopping_cleanly,
    time_line,
    warn_uncontained,
    where_played,
)
from .tables import percent


def match(
    first: Annotated[
        str,
        typer.Argument(
            autocompletion=completion.players,
            help=N_("Player A, the one tested: a name, or name:option=value,..."),
        ),
    ],
    second: Annotated[
        str,
        typer.Argument(
            autocompletion=completion.players, help=N_("Player B, the reference (same form).")
        ),
    ],
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            autocompletion=completion.variants,
            help=N_("The game (capicua rules lists them)."),
        ),
    ] = None,
    option: GameOptions = None,
    sprt: Annotated[
        str | None,
        typer.Option(
            "--sprt",
            help=N_(
                "Stop when the sequential test decides: elo0=0,elo1=5,alpha=0.05,beta=0.05 "
                "(any of them; the rest take these defaults)."
            ),
        ),
    ] = None,
    pairs: Annotated[
        int | None,
        typer.Option(
            "--pairs",
            "-n",
            help=N_(
                "Duplicate pairs to play (default 100); with --sprt the most to play "
                "(default 20000)."
            ),
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help=N_("The match seed."))] = None,
    workers: Workers = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            help=filled(
                N_("Seconds per decision; a player that overruns loses that game (default: {s})."),
                s=lambda: f"{DEFAULT_TIME_LIMIT:g}",
            ),
        ),
    ] = None,
    records: Records = None,
    db: Annotated[
        Path | None,
        typer.Option("--db", help=N_("The match database (default: match-VARIANT-A-B.sqlite).")),
    ] = None,
    resume: Annotated[
        bool, typer.Option("--resume", help=N_("Continue the match in the database."))
    ] = False,
    repair: Repair = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the result as JSON."))] = False,
    scheduler: Scheduler = None,
    clock: ClockOption = None,
    log_bots: LogBots = None,
    deals: DealsOption = None,
    csv_file: CsvOption = None,
) -> None:
    """``capicua match``: the help is given in :func:`register`."""
    loaded = plugins()
    chosen = {}
    if variant is not None and variant in loaded.variants:
        chosen = parse_options(loaded.variants.get(variant), option)
    with bad_input_fails():
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
            clock=clock,
            log_bots=log_bots,
            deals=deals,
            options=chosen,
        )
        game = loaded.variants.create(settings.variant, settings.variant_options)
        if csv_file is not None:
            check_target(csv_file)  # before any game: a file it may not replace
        teams = game.teams
        settings, store = open_tournament(
            settings, resume, repair=repair, plugins=loaded, finished=finished(teams)
        )
    resume_with = resume_words(
        first, second, settings, pairs, seed, records, db, scheduler, log_bots, deals
    )
    log = _Log(settings, quiet=False)
    kept = lambda interrupted: _("the finished games are kept in {db}").format(  # noqa: E731
        db=store.path
    )
    with stopping_cleanly(store, kept, resume_with):
        state = Sequential(settings, store, teams, on_pair=log)
        pool = backend(settings, loaded)
        a, b = _labels(settings)
        fields = {"title": described(game), "first": a, "second": b, "pairs": settings.pairs}
        left = where_played(pool, not finished(teams)(settings, store))
        fields.update(seed=settings.seed, backend=left)
        fields["kept"] = kept_in(settings, resume, store.count())
        if settings.sprt:
            # Translators: English says "pairs" for 1 too; {backend} is where the games
            # run ("4 worker processes"), {kept} where they are kept.
            line = ngettext(
                "{title}: {first} against {second}, until the test decides (at most {pairs:,} "
                "pairs), seed {seed}, {backend}; {kept}",
                "{title}: {first} against {second}, until the test decides (at most {pairs:,} "
                "pairs), seed {seed}, {backend}; {kept}",
                settings.pairs,
            )
        else:
            # Translators: English says "pairs" for 1 too.
            line = ngettext(
                "{title}: {first} against {second}, {pairs:,} pairs, seed {seed}, {backend}; "
                "{kept}",
                "{title}: {first} against {second}, {pairs:,} pairs, seed {seed}, {backend}; "
                "{kept}",
                settings.pairs,
            )
        err.print(line.format(**fields), markup=False)
        warn_uncontained(settings.seats, loaded)
        start = time.perf_counter()
        played_now = play(settings.job(), settings, store, pool, loaded, watch=state.watch)
        took = time.perf_counter() - start
        state = evaluate(settings, store, teams)
    if csv_file is not None:
        with bad_input_fails():
            write_csv(csv_file, store, game)
    store.close()
    summary = state.summary()
    summary["title"] = described(game)
    show = functools.partial(print_result, summary, settings, took, played_now)
    report(summary, as_json, show, errors_fail=True)


def _labels(settings: MatchSettings) -> list[str]:
    from ..tournament.config import entry_label

    return [entry_label(p, settings.names) for p in settings.players]


def resume_words(
    first: str,
    second: str,
    settings: MatchSettings,
    pairs: int | None,
    seed: int | None,
    records: Path | None,
    db: Path | None,
    scheduler: str | None,
    log_bots: Path | None = None,
    deals: Path | None = None,
) -> str:
    words = ["capicua", "match", first, second, "--variant", settings.variant]
    for key, value in sorted(settings.variant_options.items()):
        words += ["--option", f"{key}={str(value).lower() if isinstance(value, bool) else value}"]
    if settings.sprt is not None:
        s = settings.sprt
        words += ["--sprt", f"elo0={s.elo0:g},elo1={s.elo1:g},alpha={s.alpha:g},beta={s.beta:g}"]
    words += ["--seed", str(settings.seed), "--resume"]
    return resume_command(
        words,
        [
            ("--pairs", pairs),
            ("--time-limit", settings.time_limit),
            ("--db", db),
            ("--records", records),
            ("--scheduler", scheduler),
            ("--clock", settings.clock),
            ("--log-bots", log_bots),
            ("--deals", deals),
        ],
    )


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
        self.start = time.perf_counter()
        self.played = 0

    def __call__(self, state: Sequential) -> None:
        n = state.pairs
        self.played += 1
        if not self.quiet and self.played == TIMED and n < self.settings.pairs:
            self.estimate(n)
        if self.quiet or n == self.last or not (_logged(n) or state.decision):
            return
        self.last = n
        e = state.summary()["estimate"]
        fields = {"pair": n, "score": _score(e), "elo": _elo(e)}
        fields["counts"] = "-".join(map(str, state.counts))
        if self.settings.sprt is not None:
            lower, upper = self.settings.sprt.bounds()
            fields.update(llr=_ratio(state.llr), lower=lower, upper=upper)
            line = _(
                "pair {pair:,}, LLR {llr} ({lower:+.2f}, {upper:+.2f}), score {score}, "
                "Elo {elo}, pairs {counts}"
            )
        else:
            line = _("pair {pair:,}, score {score}, Elo {elo}, pairs {counts}")
        err.print(line.format(**fields), markup=False)

    def estimate(self, n: int) -> None:
        """About how long the rest of the match takes at the pace of its first pairs; with a
        test, the most it can take."""
        left = self.settings.pairs - n
        rest = duration_words((time.perf_counter() - self.start) / self.played * left)
        fields = {"time": rest, "pairs": left, "first": self.played}
        if self.settings.sprt is not None:
            # Translators: printed once, after the first pairs of a test, e.g. "at most about
            # 2 h 05 min more for 19,996 pairs (the pace of the first 4); fewer once ...".
            line = ngettext(
                "at most {time} more for {pairs:,} pairs (the pace of the first {first}); "
                "less once the test decides",
                "at most {time} more for {pairs:,} pairs (the pace of the first {first}); "
                "less once the test decides",
                left,
            )
        else:
            # Translators: printed once, after the first pairs of a match.
            line = ngettext(
                "{time} more for {pairs:,} pairs (the pace of the first {first})",
                "{time} more for {pairs:,} pairs (the pace of the first {first})",
                left,
            )
        err.print(line.format(**fields), markup=False)


def _ratio(llr: float) -> str:
    text = f"{llr:+.2f}"
    return "+0.00" if text == "-0.00" else text


def _score(e: dict) -> str:
    return "-" if e["score"] is None else percent(e["score"], e["score_ci"], unit="%")


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


def print_result(
    s: dict,
    settings: MatchSettings,
    took: float,
    played_now: int,
    console: Console | None = None,
) -> None:
    """The match's figures, as text: the verdict, the test, the score and Elo, the pairs,
    the errors and the time."""
    console = console or out
    a, b = s["players"]
    e = s["estimate"]
    test = s.get("sprt")
    pairs, games = s["pairs"], 2 * s["pairs"] + 2 * s["void_pairs"]
    fields = {"first": a, "second": b, "pairs": pairs, "matches": games}
    if test is None:
        # Translators: English says "pairs" for 1 too.
        verdict = ngettext("{pairs:,} pairs played", "{pairs:,} pairs played", pairs)
    elif test["decision"] == "H1":
        fields.update(elo0=test["elo0"], elo1=test["elo1"])
        # Translators: English says "pairs" and "matches" for 1 too.
        verdict = ngettext(
            "H1 accepted after {pairs:,} pairs ({matches:,} matches): {first} is stronger than "
            "{second} (Elo >= {elo1:g} rather than <= {elo0:g})",
            "H1 accepted after {pairs:,} pairs ({matches:,} matches): {first} is stronger than "
            "{second} (Elo >= {elo1:g} rather than <= {elo0:g})",
            pairs,
        )
    elif test["decision"] == "H0":
        fields.update(elo0=test["elo0"], elo1=test["elo1"])
        # Translators: English says "pairs" and "matches" for 1 too.
        verdict = ngettext(
            "H0 accepted after {pairs:,} pairs ({matches:,} matches): {first} is not {elo1:g} "
            "Elo stronger than {second} (Elo <= {elo0:g} rather than >= {elo1:g})",
            "H0 accepted after {pairs:,} pairs ({matches:,} matches): {first} is not {elo1:g} "
            "Elo stronger than {second} (Elo <= {elo0:g} rather than >= {elo1:g})",
            pairs,
        )
    else:
        # Translators: English says "pairs" for 1 too.
        verdict = ngettext(
            "no decision after {pairs:,} pairs, the most this match may play (--pairs)",
            "no decision after {pairs:,} pairs, the most this match may play (--pairs)",
            pairs,
        )
    line = _("{first} against {second}, {title}, seed {seed}: {verdict}").format(
        first=a, second=b, title=s["title"], seed=s["seed"], verdict=verdict.format(**fields)
    )
    console.print(line, markup=False)
    if "seating" in s:
        _print_seating(console, s["seating"], len(settings.arranged))
    if test is not None:
        line = _(
            "SPRT elo0={elo0:g} elo1={elo1:g} alpha={alpha:g} beta={beta:g}: LLR {llr}, "
            "bounds ({lower:+.2f}, {upper:+.2f})"
        ).format(
            elo0=test["elo0"],
            elo1=test["elo1"],
            alpha=test["alpha"],
            beta=test["beta"],
            llr=_ratio(test["llr"]),
            lower=test["lower"],
            upper=test["upper"],
        )
        console.print(line, markup=False)
    line = _("{first} scores {score} per game (95% CI), Elo {elo}")
    console.print(line.format(first=a, score=_score(e), elo=_elo(e)), markup=False)
    counts = " ".join(str(c) for c in s["pentanomial"])
    if s["void_pairs"]:
        # Translators: English says "void" of pairs for 1 too.
        line = ngettext(
            "pairs by {first}'s points (0, ½, 1, 1½, 2 of 2): {counts}; {void} void (a game "
            "ended in an error)",
            "pairs by {first}'s points (0, ½, 1, 1½, 2 of 2): {counts}; {void} void (a game "
            "ended in an error)",
            s["void_pairs"],
        )
    else:
        line = _("pairs by {first}'s points (0, ½, 1, 1½, 2 of 2): {counts}")
    console.print(line.format(first=a, counts=counts, void=s["void_pairs"]), markup=False)
    print_errors(s["errors"], s["error_list"], console)
    if test is not None and test["decision"] is not None and settings.sprt is not None:
        fixed = fixed_pairs(settings.sprt, s["pentanomial"])
        if fixed is not None:
            console.print(
                # Translators: English says "pairs" for 1 too.
                ngettext(
                    "decided in {played:,} pairs, where a fixed-length test with the same error "
                    "rates would play about {pairs:,} at this variance",
                    "decided in {played:,} pairs, where a fixed-length test with the same error "
                    "rates would play about {pairs:,} at this variance",
                    fixed,
                ).format(played=sum(s["pentanomial"]), pairs=fixed),
                markup=False,
            )
    console.print(time_line(took, played_now, s), markup=False)


def _print_seating(console: Console, seating: list[str], count: int) -> None:
    """How A and B share the seats of a game of more than two sides, folded to 80
    columns: each pair's first game, seat by seat, and that each is played swapped too."""
    # Translators: {seating} lists seatings seat by seat, as "ABA, AAB, BAA"; A and B are
    # the two players, as the command's help names them.
    line = ngettext(
        "seats by deal: {seating}, then with A and B exchanged ({games} game a deal), so "
        "each sits in every seat",
        "seats by deal: {seating}, then with A and B exchanged ({games} games a deal), so "
        "each sits in every seat",
        2 * count,
    ).format(seating=", ".join(seating), games=2 * count)
    for folded in textwrap.wrap(line, width=80, subsequent_indent="  ", break_on_hyphens=False):
        console.print(folded, markup=False)


def register(app: typer.Typer) -> None:
    app.command(
        "match",
        cls=Command,
        help=N_(
            "Play A against B in duplicate pairs and say which is better, with its interval."
            "\n\nEach deal is played twice with the seats exchanged, so the luck of the deal "
            "cancels. With --sprt the match stops at the first pair after which the test "
            "accepts H1 (A is at least elo1 Elo stronger) or H0 (at most elo0)."
        ),
    )(match)
