"""What a joined window draws from the host's messages alone: a spectator sees every seat's
tiles face down, counted; nobody is shown the host's secret seed."""

from __future__ import annotations

import random
from types import SimpleNamespace

from capicua.core.view import build_view
from capicua.gui.controller import Controller
from capicua.gui.scene import Ui, build_scene
from capicua.gui.status import panel_lines
from capicua.gui.texts import log_lines
from capicua.net import wire as W
from capicua.net.remote import SHOWN, RemoteSession
from capicua.protocol import messages as M

from .helpers import PLUGINS


def told(seat: int | None) -> tuple[RemoteSession, object]:
    """A window's session at seat ``seat`` (``None``: a spectator) of a Chiva match, fed
    the messages a host sends it on joining."""
    variant = PLUGINS.variants.create("chiva")
    match = variant.new_match(7)
    seats = [
        {"seat": s, "kind": "computer", "name": "", "present": False, "taken": False}
        for s in range(1, 5)
    ]
    session = RemoteSession(SimpleNamespace(client=None), PLUGINS.variants)  # type: ignore[arg-type]
    session.absorb(W.welcome("t", seat, "spectator" if seat is None else "person", seats, 60, 1))
    rules = M.rules_metadata(variant)
    if seat is None:
        new = {"type": "new_match", "match": 1, "variant": rules, "seat": None, "team": None}
        session.absorb({**new, "options": {}, "seed": 0})
    else:
        session.absorb(M.new_match(rules, seat, {}, 5, 1))
    session.absorb(W.update(build_view(match, seat or 1), 0, None, spectator=seat is None))
    return session, match


def test_a_spectator_sees_every_seats_tiles_face_down():
    session, match = told(None)
    sc = build_scene(session, Controller(), Ui())  # type: ignore[arg-type]
    assert all(s.tiles is None for s in sc.seats)
    assert [s.count for s in sc.seats] == [len(match.held(s)) for s in range(1, 5)]
    assert sc.seats[0].count == 7  # the bottom seat too


def test_a_seat_sees_its_own_hand_face_up_and_the_others_face_down():
    session, match = told(2)
    seats = {s.seat: s for s in build_scene(session, Controller(), Ui()).seats}  # type: ignore[arg-type]
    assert seats[2].tiles == tuple(match.held(2)) or set(seats[2].tiles) == set(match.held(2))
    assert all(seats[s].tiles is None for s in (1, 3, 4))


def test_a_spectators_window_shows_a_finished_hand_a_while_then_follows_the_next():
    session, match = told(None)
    rng = random.Random(4)
    while len(match.hands_log) < 2 or not match.legal_actions():
        match.apply(rng.choice(match.legal_actions()))
    view = build_view(match, 1)
    session.absorb(M.hand_ended(view.past[0]))
    session.absorb(W.update(view, len(match.actions), None, spectator=True))
    assert session.held_hand == 1  # the finished hand on show, every hand revealed
    assert not session.tick(session.held_since + SHOWN / 2)
    assert session.tick(session.held_since + SHOWN + 0.1) and session.held_hand is None
    sc = build_scene(session, Controller(), Ui())  # type: ignore[arg-type]
    assert all(s.tiles is None for s in sc.seats)  # the next hand, face down
    assert [s.count for s in sc.seats] == [len(match.held(s)) for s in range(1, 5)]


def test_a_persons_window_keeps_the_finished_hand_until_continue():
    session, _match = told(1)
    session.held_hand, session.held_since = 1, 0.0
    assert not session.tick(1000.0) and session.held_hand == 1


def test_a_joined_window_shows_no_seed():
    for seat in (None, 1):
        session, _match = told(seat)
        panel = [text for text, _style in panel_lines(session, session.view(), Ui(), None)]  # type: ignore[arg-type]
        log = log_lines(session)  # type: ignore[arg-type]
        assert not any("seed" in line for line in panel + log), (panel, log)
        assert any(line.startswith("Hand 1") for line in panel)


def named(seat: int | None, away: float | None = None) -> tuple[RemoteSession, object]:
    """:func:`told`, at a table where Ana plays seat 1 and Maximiliana Ortiz seat 3 (away,
    her seat held ``away`` seconds, when given), and the match played on to Ana's second
    turn, so the strip lists what seats 2, 3 and 4 did since her first."""
    session, match = told(seat)
    seats = [
        {"seat": 1, "kind": "person", "name": "Ana", "present": True, "taken": True},
        {"seat": 2, "kind": "computer", "name": "", "present": False, "taken": False},
        {"seat": 3, "kind": "person", "name": "Maximiliana Ortiz", "taken": True}
        | {"present": away is None}
        | ({"away": away} if away is not None else {}),
        {"seat": 4, "kind": "computer", "name": "", "present": False, "taken": False},
    ]
    session.absorb({"type": "seats", "seats": seats})
    played = 0
    while played < 2 or match.turn != 1:  # type: ignore[attr-defined]
        actions = match.legal_actions()  # type: ignore[attr-defined]
        played += match.turn == 1  # type: ignore[attr-defined]
        match.apply(actions[0])  # type: ignore[attr-defined]
    view = build_view(match, seat or 1)  # type: ignore[arg-type]
    session.absorb(W.update(view, len(match.actions), None, spectator=seat is None))  # type: ignore[attr-defined]
    return session, match


def test_the_strip_names_people_at_a_host_as_the_felt_does():
    """The strip says "Maximil…" (her first name, cut to fit) where the felt says her name,
    and "S2" for a computer; never "S3" for a person known by name."""
    from capicua.gui.texts import label_name, round_strip

    session, _match = named(1)
    strip = round_strip(session, session.view())  # type: ignore[arg-type]
    assert strip is not None and strip.startswith("Since your turn: ")
    assert "Maximil… " in strip and "S3" not in strip and "S2 " in strip, strip
    assert label_name(session, 3) == "Maximiliana Ortiz (partner)"  # type: ignore[arg-type]


def test_a_spectators_strip_names_the_person_it_is_seen_from():
    from capicua.gui.texts import round_strip

    session, _match = named(None)
    strip = round_strip(session, session.view())  # type: ignore[arg-type]
    assert strip is not None and strip.startswith("Since Ana's turn: "), strip
    assert "your" not in strip and "Maximil… " in strip
    sc = build_scene(session, Controller(), Ui())  # type: ignore[arg-type]
    assert sc.legend is None or "your" not in sc.legend


def test_an_away_persons_seat_label_counts_the_hold_down_on_the_felt():
    session, _match = named(2, away=52)
    sc = build_scene(session, Controller(), Ui())  # type: ignore[arg-type]
    label = next(s.name for s in sc.seats if s.seat == 3)
    assert label in ("Maximiliana Ortiz · away 0:52", "Maximiliana Ortiz · away 0:51"), label
    assert next(s.name for s in sc.seats if s.seat == 1) == "Ana"  # present: the name alone
