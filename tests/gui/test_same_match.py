"""The same seed plays the same match at the table: straight through, resumed from a save,
and after going back (undo, restart) and playing the same moves again.

The computers here draw from their streams at every decision (``random``, and the heuristic
with noise), so a stream that restarted or ran on would show in their answers at once.
"""

from __future__ import annotations

import pytest
from table_helpers import PLUGINS, variant

from capicua.core.actions import Action, Pick
from capicua.core.match import Match
from capicua.core.records import to_record
from capicua.gui import save
from capicua.gui.model import Session

NOISY = {"player": "heuristic", "noise": 4.0}
COMPUTERS = {1: "random", 2: NOISY, 3: "random", 4: NOISY}
WITH_PERSON = {1: "human", 2: "random", 3: NOISY, 4: "random"}


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def person(s: Session) -> Action:
    """The person's choice: a fixed rule of the position, so it is the same when repeated."""
    legal = s.match.legal_actions()
    return legal[len(s.match.actions) % len(legal)]


def play(s: Session, until: int | None = None) -> None:
    """Play on as the table does (the person by :func:`person`) until ``until`` actions have
    been made, or to the end of the match."""
    while not s.match.over and (until is None or len(s.match.actions) < until):
        if s.held_hand is not None:
            s.proceed()
            continue
        auto = s.automatic()
        if auto is not None:
            s.apply(auto)
        elif s.is_human(s.match.turn):
            s.apply(person(s))
        else:
            decision = s.decision_job(s.match.turn)()
            s.apply(decision.action, decision.stream)


def chosen(s: Session) -> list[tuple[int, object]]:
    """Every action with the seat that took it, each draw for first lead as just "draw": a
    record keeps the tile drawn, not which face-down tile was picked (docs/records.md), so a
    resumed match's draws before the save are picked again as the first face-down tile.
    The record compares the tiles drawn."""
    return [(seat, "draw" if isinstance(a, Pick) else a) for seat, a in s.match.moves]


def fresh(name: str, seats: dict, seed: int) -> Session:
    return Session(Match(variant(name), seed), dict(seats), PLUGINS.players)


def resumed(s: Session) -> Session:
    """``s`` saved and taken up again, as the table does on start."""
    save.write(s.match, s.seats, s.streams)
    loaded = save.load(PLUGINS.variants)
    assert loaded.damaged is None and loaded.match is not None
    return Session(loaded.match, loaded.seats, PLUGINS.players, loaded.streams)


@pytest.mark.parametrize(
    "name, seats, seed",
    [
        ("chiva", COMPUTERS, 11),
        ("chiva", WITH_PERSON, 12),
        ("double-nine-100", COMPUTERS, 13),
        ("double-nine-100", WITH_PERSON, 14),
    ],
)
def test_a_match_saved_and_resumed_twice_is_the_match_played_straight_through(
    data, name, seats, seed
):
    straight = fresh(name, seats, seed)
    play(straight)
    assert straight.match.over
    s = fresh(name, seats, seed)
    play(s, until=17)
    s = resumed(s)
    play(s, until=len(straight.match.actions) // 2)
    s = resumed(s)
    play(s)
    assert chosen(s) == chosen(straight)
    assert to_record(s.match, seats) == to_record(straight.match, seats)


def test_undo_then_the_same_moves_again_get_the_same_answers():
    straight = fresh("chiva", WITH_PERSON, 21)
    play(straight, until=90)
    s = fresh("chiva", WITH_PERSON, 21)
    play(s, until=60)
    for _ in range(3):  # three of the person's decisions back, and every reply to them
        s.undo()
    play(s, until=90)
    assert s.match.moves == straight.match.moves


def test_after_trying_another_move_undo_and_the_first_move_get_the_first_answers():
    straight = fresh("chiva", WITH_PERSON, 22)
    play(straight, until=80)
    s = fresh("chiva", WITH_PERSON, 22)
    play(s, until=50)
    s.undo()
    fork = len(s.match.actions)
    others = [a for a in s.match.legal_actions() if a is not person(s)]
    assert others, "the person needs a choice to try another move"
    s.apply(others[0])
    play(s, until=fork + 12)  # the computers answer the other move
    while len(s.match.actions) > fork:  # back to the choice, past any later decisions
        s.undo()
    assert len(s.match.actions) == fork
    play(s, until=80)
    assert s.match.moves == straight.match.moves


def test_restart_then_the_same_deal_played_again_is_the_same_hand():
    straight = fresh("chiva", WITH_PERSON, 23)
    play(straight, until=70)
    s = fresh("chiva", WITH_PERSON, 23)
    play(s, until=60)
    s.restart()
    play(s, until=70)
    assert s.match.moves == straight.match.moves


def test_undo_past_the_point_a_match_was_resumed_at_keeps_the_streams_of_that_point(data):
    s = fresh("chiva", WITH_PERSON, 24)
    play(s, until=30)
    again = resumed(s)
    at_resume = again.streams
    play(again, until=40)
    while again.undo_span():
        again.undo()
    assert len(again.match.actions) < 30
    assert again.streams == at_resume  # the save holds no earlier states
