"""``capicua review``: the expert's verdict on every decision of a recorded match.

Each decision of the chosen seats is judged from that seat's own view
(:mod:`capicua.review`); the marked ones (mistakes and blunders) are told with the figures,
the reason and, on a line of its own, what the revealed hands show. ``--all`` lists every
decision judged, ``--json`` prints the whole review for scripts. The same record, level and
seed give the same review.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Annotated

import typer

from ..core.jsonin import MAX_FILE_MIB
from ..i18n import N_, _, ngettext
from ..review import DEFAULT_LEVEL, LEVELS, MatchReview, review_match
from ..review.words import decision_lines, header, summary_line
from .common import Command, duration_words, err, fail, filled, out
from .record_file import MaxSize, Picked, entry_name, match_end, one_match


def _levels() -> str:
    return ", ".join(
        # Translators: a review level ({level}: fast, normal, strong, not translated) and
        # the deals it samples for each decision (English says "deals" for 1 too).
        ngettext(
            "{level} ({samples} deals a decision)", "{level} ({samples} deals a decision)", n
        ).format(level=k, samples=n)
        for k, n in LEVELS.items()
    )


def review_command(
    file: Annotated[
        Path,
        typer.Argument(help=N_("Records (.jsonl), one record (.json) or the table's save.")),
    ],
    match: Annotated[
        int | None,
        typer.Option("--match", "-m", help=N_("The N-th match of the file (default: the first).")),
    ] = None,
    seat: Annotated[
        list[int] | None,
        typer.Option(
            "--seat", metavar="SEAT", help=N_("Only this seat's decisions (repeat for several).")
        ),
    ] = None,
    hand: Annotated[
        list[int] | None,
        typer.Option("--hand", metavar="HAND", help=N_("Only this hand (repeat for several).")),
    ] = None,
    level: Annotated[
        str,
        typer.Option(
            "--level",
            help=filled(N_("How hard the expert looks: {levels}."), levels=_levels),
        ),
    ] = DEFAULT_LEVEL,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help=N_("Seed of the review's sampling."), min=0)
    ] = 0,
    every: Annotated[
        bool, typer.Option("--all", help=N_("List every decision judged, not only the marked."))
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print the review as JSON."))] = False,
    max_size: MaxSize = MAX_FILE_MIB,
) -> None:
    """``capicua review``: the help is given in :func:`register`."""
    if level not in LEVELS:
        fail(
            _("--level is one of {levels}, not {level!r}").format(
                levels=", ".join(LEVELS), level=level
            )
        )
    picked = one_match(file, match, max_size)
    m = picked.match
    n = m.variant.seats
    for s in seat or ():
        if not 1 <= s <= n:
            fail(
                _("--seat {seat}: {title} has seats 1 to {seats}").format(
                    seat=s, title=_(m.variant.title), seats=n
                )
            )
    dealt = len(m.hands_log)
    for h in hand or ():
        if not 1 <= h <= dealt:
            fail(
                _("--hand {hand}: {where} has hands 1 to {hands}").format(
                    hand=h, where=picked.where, hands=dealt
                )
            )
    review = _run(picked, seat, hand, level, seed)
    if as_json:
        body = {"file": str(file), "match": picked.number, "matches": picked.of}
        body["players"] = {str(s): picked.seats[s] for s in range(1, n + 1)}
        body.update(review.to_json())
        out.print(json.dumps(body, ensure_ascii=False, indent=1), markup=False, soft_wrap=True)
        return
    _print(picked, review, every)


#: Decisions judged before the review says how long the rest takes.
JUDGED = 10


def _run(
    picked: Picked, seats: list[int] | None, hands: list[int] | None, level: str, seed: int
) -> MatchReview:
    """The review, with a progress bar on a terminal (it takes seconds to minutes); on
    anything else, one line once the first decisions are judged, saying about how long the
    rest takes at their pace."""
    if not err.is_terminal:
        start = time.perf_counter()

        def estimate(done: int, total: int) -> None:
            if done == JUDGED < total:
                rest = (time.perf_counter() - start) / done * (total - done)
                # Translators: printed once, after the first decisions of a review, e.g.
                # "about 2 minutes more for 290 decisions (the pace of the first 10)".
                line = ngettext(
                    "{time} more for {decisions:,} decisions (the pace of the first {first})",
                    "{time} more for {decisions:,} decisions (the pace of the first {first})",
                    total - done,
                )
                fields = {"time": duration_words(rest), "decisions": total - done, "first": done}
                err.print(line.format(**fields), markup=False)

        return review_match(
            picked.match, seats=seats, hands=hands, level=level, seed=seed, progress=estimate
        )
    from rich.progress import Progress

    with Progress(console=err, transient=True) as bar:
        task = bar.add_task(_("reviewing"), total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return review_match(
            picked.match, seats=seats, hands=hands, level=level, seed=seed, progress=progress
        )


def _print(picked: Picked, review: MatchReview, every: bool) -> None:
    say = lambda text: out.print(text, markup=False)  # noqa: E731 - one short alias
    say(match_end(picked.where, picked.match, picked.of))
    say(header(review))
    current = None
    for d in review.decisions:
        if not every and d.judgement.mark is None:
            continue
        if d.hand != current:
            current = d.hand
            say("")
            say(_("Hand {hand}").format(hand=d.hand))
        lines = decision_lines(d, _("seat {seat}").format(seat=d.seat), figures=every)
        mark = d.judgement.symbol
        say(
            _("  {mark} move {move}: {judgement}").format(
                mark=f"{mark:<2}", move=d.move + 1, judgement=lines[0]
            )
        )
        for line in lines[1:]:
            say(f"       {line}")
    if current is None:
        say("")
        say(
            _("No decision to judge.")
            if every
            else _("No decision is marked: no mistake, no blunder.")
        )
    say("")
    names = picked.seats
    for s in review.seats:
        who = _("seat {seat} ({player})").format(seat=s, player=entry_name(names[s]))
        say(summary_line(review, s, who))


def register(app: typer.Typer) -> None:
    app.command(
        "review",
        cls=Command,
        help=N_(
            "Review a recorded match: each decision judged by the expert from the seat's "
            "view.\n\nExit status 2 for a file that is not a usable record, a seat or hand "
            "the match has not."
        ),
    )(review_command)
