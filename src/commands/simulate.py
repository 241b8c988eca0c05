"""``capicua simulate``: random-vs-random matches of a variant, with a summary and records."""

from __future__ import annotations

import time
from collections import Counter
from pathlib import Path
from typing import Annotated

import typer

from ..core.driver import play_match
from ..core.records import dumps, to_record
from ..core.rng import derive_seed, fresh_seed, seat_stream
from ..i18n import N_, _, ngettext
from . import completion
from .common import Command, fail, out, plugins
from .game_options import GameOptions, described, game_or_fail


def simulate(
    variant: Annotated[
        str,
        typer.Argument(
            autocompletion=completion.variants, help=N_("Variant name (capicua rules lists them).")
        ),
    ],
    matches: Annotated[
        int, typer.Option("--matches", "-n", min=1, help=N_("Matches to play."))
    ] = 10,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help=N_("Tournament seed (default: fresh)."))
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option("--records", help=N_("Write the records here (JSON Lines).")),
    ] = None,
    option: GameOptions = None,
) -> None:
    """``capicua simulate``: the help is given in :func:`register`."""
    loaded = plugins()
    v = game_or_fail(loaded.variants, variant, option)
    registry = loaded.players
    seed = fresh_seed() if seed is None else seed
    seats = {s: "random" for s in range(1, v.seats + 1)}
    try:
        sink = records.open("w", encoding="utf-8") if records else None
    except OSError as exc:
        fail(_("cannot write {path}: {problem}").format(path=records, problem=exc.strerror))
    outcomes: Counter[str] = Counter()
    wins: Counter[int] = Counter()
    labels: Counter[str] = Counter()
    hands = actions = 0
    start = time.perf_counter()
    with sink if sink else _Null():
        for i in range(matches):
            mseed = derive_seed(seed, i)
            players = {s: registry.create("random", seat_stream(mseed, s)) for s in seats}
            m = play_match(v, players, mseed)
            hands += len(m.hands_log)
            actions += len(m.actions)
            for log in m.hands_log:
                outcomes[log.result.outcome if log.result else "unfinished"] += 1
            for team in m.winners:  # play_match plays the match to its end; a shared win
                wins[team] += 1  # counts for each team that shares it
            if m.label:
                labels[m.label] += 1
            if sink:
                sink.write(dumps(to_record(m, seats)) + "\n")
    took = time.perf_counter() - start
    say = lambda text: out.print(text, markup=False)  # noqa: E731 - one short alias
    say(
        # Translators: English says "matches" for 1 too.
        ngettext(
            "{title}: {matches} matches, seed {seed}",
            "{title}: {matches} matches, seed {seed}",
            matches,
        ).format(title=described(v), matches=matches, seed=seed)
    )
    say(
        _("  hands {hands} ({per_match:.1f} per match), actions {actions}").format(
            hands=hands, per_match=hands / matches, actions=actions
        )
    )
    # The outcomes are the engine's names for how a hand ends (block, domino), as recorded.
    counts = ", ".join(f"{k} {n}" for k, n in sorted(outcomes.items()))
    say(_("  outcomes {counts}").format(counts=counts))
    counts = ", ".join(
        _("team {team} {count}").format(team=t, count=n) for t, n in sorted(wins.items())
    )
    say(_("  matches won {counts}").format(counts=counts))
    if labels:
        counts = ", ".join(f"{v.label_name(k, plural=True)} {n}" for k, n in sorted(labels.items()))
        say(_("  names {counts}").format(counts=counts))
    say(_("  time {seconds:.2f} s ({rate:,.0f} hands/s)").format(seconds=took, rate=hands / took))
    if records:
        say(_("  records written to {path}").format(path=records))


class _Null:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


def register(app: typer.Typer) -> None:
    app.command(
        "simulate",
        cls=Command,
        help=N_("Play random-vs-random matches and print a short summary."),
    )(simulate)
