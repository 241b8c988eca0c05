"""``capicua review``: the expert's verdict on every decision of a recorded match.

Each decision of the chosen seats is judged from that seat's own view
(:mod:`capicua.review`); the marked ones (mistakes and blunders) are told with the figures,
the reason and, on a line of its own, what the revealed hands show. ``--all`` lists every
decision judged, ``--json`` prints the whole review for scripts. The same record, level and
seed give the same review.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from ..review import DEFAULT_LEVEL, LEVELS, MatchReview, review_match
from ..review.words import decision_lines, header, summary_line
from .common import Command, err, fail, out
from .record_file import Picked, entry_name, one_match


def review_command(
    file: Annotated[
        Path,
        typer.Argument(help="Records (.jsonl), one record (.json) or the table's save."),
    ],
    match: Annotated[
        int | None,
        typer.Option("--match", "-m", help="The N-th match of the file (default: the first)."),
    ] = None,
    seat: Annotated[
        list[int] | None,
        typer.Option(
            "--seat", metavar="SEAT", help="Only this seat's decisions (repeat for several)."
        ),
    ] = None,
    hand: Annotated[
        list[int] | None,
        typer.Option("--hand", metavar="HAND", help="Only this hand (repeat for several)."),
    ] = None,
    level: Annotated[
        str,
        typer.Option(
            "--level",
            help="How hard the expert looks: "
            + ", ".join(f"{k} ({n} deals a decision)" for k, n in LEVELS.items())
            + ".",
        ),
    ] = DEFAULT_LEVEL,
    seed: Annotated[
        int, typer.Option("--seed", "-s", help="Seed of the review's sampling.", min=0)
    ] = 0,
    every: Annotated[
        bool, typer.Option("--all", help="List every decision judged, not only the marked.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
) -> None:
    """Review a recorded match: each decision judged by the expert from the seat's view.

    Exit status 2 for a file that is not a usable record, a seat or hand the match has not.
    """
    if level not in LEVELS:
        fail(f"--level is one of {', '.join(LEVELS)}, not {level!r}")
    picked = one_match(file, match)
    m = picked.match
    n = m.variant.seats
    for s in seat or ():
        if not 1 <= s <= n:
            fail(f"--seat {s}: {m.variant.title} has seats 1 to {n}")
    dealt = len(m.hands_log)
    for h in hand or ():
        if not 1 <= h <= dealt:
            fail(f"--hand {h}: {picked.where} has hands 1 to {dealt}")
    review = _run(picked, seat, hand, level, seed)
    if as_json:
        body = {"file": str(file), "match": picked.number, "matches": picked.of}
        body["players"] = {str(s): picked.seats[s] for s in range(1, n + 1)}
        body.update(review.to_json())
        out.print(json.dumps(body, ensure_ascii=False, indent=1), markup=False, soft_wrap=True)
        return
    _print(picked, review, every)


def _run(
    picked: Picked, seats: list[int] | None, hands: list[int] | None, level: str, seed: int
) -> MatchReview:
    """The review, with a progress line on a terminal (it takes seconds)."""
    if not err.is_terminal:
        return review_match(picked.match, seats=seats, hands=hands, level=level, seed=seed)
    from rich.progress import Progress

    with Progress(console=err, transient=True) as bar:
        task = bar.add_task("reviewing", total=None)

        def progress(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return review_match(
            picked.match, seats=seats, hands=hands, level=level, seed=seed, progress=progress
        )


def _print(picked: Picked, review: MatchReview, every: bool) -> None:
    m = picked.match
    outcome = m.outcome
    end = (
        f"team {outcome.winner} wins" + (f", a {outcome.label}" if outcome.label else "")
        if outcome
        else "unfinished"
    )
    hands = len(m.hands_log)
    of = f" of {picked.of}" if picked.of > 1 else ""
    say = lambda text: out.print(text, markup=False)  # noqa: E731 - one short alias
    say(
        f"{picked.where}{of}: {m.variant.title}, seed {m.seed}, {hands} hand"
        f"{'' if hands == 1 else 's'}, {end}"
    )
    say(header(review))
    current = None
    for d in review.decisions:
        if not every and d.judgement.mark is None:
            continue
        if d.hand != current:
            current = d.hand
            say("")
            say(f"Hand {d.hand}")
        lines = decision_lines(d, f"seat {d.seat}", figures=every)
        mark = d.judgement.symbol
        say(f"  {mark:<2} move {d.move + 1}: {lines[0]}")
        for line in lines[1:]:
            say(f"       {line}")
    if current is None:
        say("")
        say("No decision to judge." if every else "No decision is marked: no mistake, no blunder.")
    say("")
    names = picked.seats
    for s in review.seats:
        say(summary_line(review, s, f"seat {s} ({entry_name(names[s])})"))


def register(app: typer.Typer) -> None:
    app.command("review", cls=Command)(review_command)
