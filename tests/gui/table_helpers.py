"""Shared setup for the GUI tests: explicit deals, sessions, and computers that must not be
asked."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.core.variant import Variant
from capicua.gui.model import Session
from capicua.plugins import load_plugins
from deals import (  # noqa: F401 (re-exported)
    DOMINO_BY_1,
    DOMINO_BY_1_PLAY,
    LOWEST_SEAT_2,
    LOWEST_SHARED_ACROSS_TEAMS,
    deal,
    draw,
)

PLUGINS = load_plugins(third_party=False)
SEATS = {1: "human", 2: "heuristic", 3: "heuristic", 4: "heuristic"}

# Chiva: seat 1 leads 6-6; after "1:6-6L 2:6-5L 3:6-4R 4:pass" the ends are 5 and 4 and
# seat 1 holds 5-4 (fits both ends), 5-0 (left only), 4-1 (right only), and three tiles
# that fit nowhere.
CHOICES = {
    1: "6-6 5-4 5-0 4-1 2-2 1-1 0-0",
    2: "6-5 6-0 6-1 5-5 5-1 5-2 4-4",
    3: "6-4 6-2 6-3 4-0 4-2 4-3 5-3",
    4: "3-3 3-2 3-1 3-0 2-1 2-0 1-0",
}
# Chiva: after "1:6-6L 2:6-5L 3:6-4R 4:5-3L" seat 1 has no 3 or 4 and must pass.
FORCED_PASS = {
    1: "6-6 2-2 2-1 1-1 1-0 0-0 2-0",
    2: "6-5 6-0 6-1 5-5 4-4 3-3 5-4",
    3: "6-4 6-2 6-3 4-0 4-1 4-2 4-3",
    4: "5-3 5-0 5-1 5-2 3-0 3-1 3-2",
}
# Double-nine: seat 1 holds five doubles (a redeal claim is open to it).
FIVE_DOUBLES = {
    1: "0-0 1-1 2-2 3-3 4-4 9-8 9-7 9-6 9-5 9-4",
    2: "9-3 9-2 9-1 9-0 8-7 8-6 8-5 8-4 8-3 8-2",
    3: "8-1 8-0 7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-5",
    4: "6-4 6-3 6-2 6-1 6-0 5-4 5-3 5-2 5-1 5-0",
}


class MustNotBeAsked:
    """A computer that fails the test if anyone asks it for a decision."""

    name = "must-not-be-asked"

    def act(self, view):
        raise AssertionError(f"seat {view.seat} was asked to decide again")


def variant(name: str):
    return PLUGINS.variants.create(name)


def session(
    name: str = "chiva",
    hands: dict[int, str] | None = None,
    seed: int = 1,
    seats: dict[int, str] | None = None,
    steps: str = "",
    script=None,
) -> Session:
    """A session on ``hands`` (an explicit first deal) after the ``steps`` given."""
    v = variant(name)
    if script is None:
        script = [deal(v, hands)] if hands else []
    s = Session(Match(v, seed, script), dict(seats or SEATS), PLUGINS.players)
    run(s, steps)
    return s


def run(s: Session, steps: str) -> None:
    """Apply ``"1:6-6L 2:6-1L ..."`` through the session, checking whose turn it is."""
    for seat, action in re.findall(r"(\d+):(.+?)(?=\s+\d+:|\s*$)", steps.strip()):
        assert s.match.turn == int(seat), f"{seat}:{action}: it is seat {s.match.turn}'s turn"
        s.apply(parse_action(action))
        if s.held_draw is not None:  # a written position goes on past the draw's display
            s.proceed()


def double_nine_at_claim(seed: int = 1) -> Session:
    """Double-nine after the draw (seat 1 wins with 9-9) and seat 1 choosing to lead, with
    seat 1 holding five doubles."""
    v = variant("double-nine-100")
    script = [draw(v, "9-9", "1-0"), deal(v, FIVE_DOUBLES)]
    return session("double-nine-100", seed=seed, script=script, steps="1:draw 0 2:draw 0 1:lead 1")


def drive(s: Session, limit: int = 2000) -> None:
    """Let the computers (and automatic passes) move until the person must decide, asking
    them as the table does (:meth:`Session.decision_job`)."""
    for _ in range(limit):
        m = s.match
        if m.over or s.held_hand is not None:
            return
        if s.held_draw is not None:
            s.proceed()
            continue
        auto = s.automatic()
        if s.is_human(m.turn) and auto is None:
            return
        if auto is not None:
            s.apply(auto)
        else:
            decision = s.decision_job(m.turn)()
            s.apply(decision.action, decision.stream)
    raise AssertionError("the computers never stopped")


# Chiva blocks after ten tiles (the same deals as tests/variants/test_chiva.py): with
# TIE_REST the team totals are equal, with TEAM1_REST team 1 is lighter (39 against 51).
BLOCK_LINE = "1:6-6L 2:6-1L 3:6-2R 4:1-0L 1:3-2R 2:6-0L 3:6-3R 4:6-4R 1:5-4R 2:6-5R"
SIXES = {1: "6-6 3-2 5-4", 2: "6-1 6-0 6-5", 3: "6-2 6-3", 4: "1-0 6-4"}
TIE_REST = {
    1: "0-0 5-5 2-0 5-3",
    2: "2-2 3-3 4-0 2-1",
    3: "1-1 4-4 3-0 5-2 4-1",
    4: "5-0 3-1 5-1 4-2 4-3",
}
TEAM1_REST = {
    1: "0-0 2-2 2-0 5-3",
    2: "5-5 3-3 4-0 2-1",
    3: "1-1 4-4 3-0 5-2 4-1",
    4: "5-0 3-1 5-1 4-2 4-3",
}


def chiva_block(rest: dict[int, str]) -> Session:
    """Chiva's first hand blocked by BLOCK_LINE, with ``rest`` completing the hands."""
    hands = {s: f"{SIXES[s]} {rest[s]}" for s in range(1, 5)}
    return session(hands=hands, steps=BLOCK_LINE)


def double_nine_block(hands: dict[int, str]) -> Session:
    """Double-nine's first hand: team 1 wins the draw, seat 3 leads 9-9 and it blocks
    (with tests/deals.py's LOWEST_SEAT_2 team 2 scores 143 and wins, a Tripollúa; with
    LOWEST_SHARED_ACROSS_TEAMS it is a tie)."""
    v = variant("double-nine-100")
    return session(
        "double-nine-100",
        script=[draw(v, "8-8", "1-0"), deal(v, hands)],
        steps="1:draw 0 2:draw 0 1:lead 3 3:9-9L",
    )


def double_nine_dealt(hands: dict[int, str], leader: int = 1, seed: int = 1) -> Session:
    """Double-nine's first hand on ``hands``: team 1 wins the draw and ``leader`` leads."""
    v = variant("double-nine-100")
    return session(
        "double-nine-100",
        seed=seed,
        script=[draw(v, "8-8", "1-0"), deal(v, hands)],
        steps=f"1:draw 0 2:draw 0 1:lead {leader}",
    )


class Scripted:
    """A computer that plays a written hand: the answer to a view is the step of the script
    at the position of the hand so far (forced moves the table makes itself just pass by)."""

    name = "scripted"

    def __init__(self, steps: str) -> None:
        self.steps = [
            (int(seat), parse_action(a))
            for seat, a in re.findall(r"(\d+):(.+?)(?=\s+\d+:|\s*$)", steps.strip())
        ]

    def act(self, view):
        seat, action = self.steps[len(view.history)]
        assert seat == view.seat, f"the script has seat {seat} at step {len(view.history)}"
        return action


class Cutthroat(Variant):
    """A three-seat, every-player-for-themselves test variant: the table is not only for
    four seats in two teams."""

    name = "cutthroat-test"
    title = "Cutthroat (test)"
    max_pip = 6
    hand_size = 7
    seats = 3
    teams = ((1,), (2,), (3,))

    def block_winner(self, hands):
        counts = {s: sum(t.pips for t in ts) for s, ts in hands.items()}
        low = min(counts.values())
        lowest = [s for s, c in counts.items() if c == low]
        return self.team_of[lowest[0]] if len(lowest) == 1 else None

    def next_scores(self, scores, team, points):
        return tuple(s + (1 if t == team else 0) for t, s in enumerate(scores, 1))

    def match_winner(self, scores):
        return next((t for t, s in enumerate(scores, 1) if s >= 3), None)


def cutthroat(seed: int = 1) -> Session:
    return Session(
        Match(Cutthroat(), seed), {1: "human", 2: "random", 3: "random"}, PLUGINS.players
    )


def settle(app: Any, until: Callable[[], Any], what: str = "the table", rounds: int = 5000) -> None:
    """Run a table's event loop until ``until()`` holds (the computers think in a thread)."""
    for _ in range(rounds):
        app.root.update()
        if until():
            return
        time.sleep(0.001)
    raise AssertionError(f"{what} never got there")
