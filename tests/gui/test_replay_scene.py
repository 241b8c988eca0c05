"""The viewer's frames as plain values, without Tk: what a replay shows at a position."""

from __future__ import annotations

from dataclasses import replace

from table_helpers import CHOICES, PLUGINS

from capicua.core.match import Match
from capicua.gui.controller import Controller
from capicua.gui.playback import Playback, table_seats
from capicua.gui.replay_scene import Watching, replay_scene
from capicua.gui.reviewing import Reviews
from capicua.gui.scene import Ui
from capicua.review import review_match
from capicua.variants.chiva import Chiva
from deals import deal, play

SEATS = {1: "expert", 2: "heuristic", 3: "expert", 4: "random"}
STEPS = "1:6-6L 2:6-5L 3:6-4R 4:pass"


def playback(steps: str = STEPS) -> Playback:
    v = Chiva()
    m = Match(v, 1, [deal(v, CHOICES)])
    play(m, steps)
    return Playback(m, SEATS)


def scene(pb: Playback, reviews: Reviews | None = None, **state):
    watching = replace(Watching("test.jsonl, match 1 of 1", False, 1.0, None), **state)
    return replay_scene(pb, Controller(), Ui(), reviews or Reviews(), watching)


def test_every_hand_is_face_up_unless_one_seat_is_chosen():
    pb = playback()
    pb.goto(len(pb.frames) - 1)
    sc = scene(pb)
    for s in sc.seats:
        assert sorted(s.tiles) == sorted(pb.match.hands[s.seat]) and s.count == len(s.tiles)
    pb.show_only(3)
    sc = scene(pb)
    assert [s.seat for s in sc.seats if s.tiles is not None] == [3]
    assert next(s for s in sc.seats if s.position == 1).seat == 3
    assert sc.legend is None or "seat 3's last turn" in sc.legend


def test_the_buttons_say_where_the_cursor_is_and_what_plays():
    pb = playback()
    at_start = {b.name: b for b in scene(pb).buttons}
    assert not at_start["back"].enabled and at_start["forward"].enabled
    assert at_start["play"].label == "Play" and at_start["speed"].label == "1 s a move"
    pb.goto(len(pb.frames) - 1)
    playing = {b.name: b for b in scene(pb, playing=True, speed=0.5, reviewing=1).buttons}
    assert not playing["forward"].enabled and playing["back"].enabled
    assert playing["play"].label == "Pause" and playing["speed"].label == "0.5 s a move"
    assert playing["review"].label == "Reviewing…" and not playing["review"].enabled
    panel = [text for text, _style in scene(pb).panel]
    assert "Move 4 of 4 · hand 1 of 1" in panel and "The end of the record." in panel
    assert "Team 1: seat 1 (expert), seat 3 (expert)" in panel


def test_a_reviewed_move_is_told_on_the_felt_and_in_the_panel():
    pb = playback()
    reviews = Reviews()
    whole = pb.whole()
    reviews.add(whole, 1, review_match(whole, hands=(1,), level="fast"))
    decision = next(iter(reviews.decisions(pb.match).values()))
    pb.goto(next(i for i, f in enumerate(pb.frames) if f.played == decision.move + 1))
    sc = scene(pb, reviews)
    assert sc.banner[0].startswith(f"Seat {decision.seat} played ")
    assert any(text.startswith("Review: ") for text, _style in sc.panel)


def test_the_seats_of_a_table_played_on_keep_the_computers_installed_here():
    seats = table_seats(
        {1: "human", 2: {"player": "expert", "level": "fast"}, 3: "no-such-bot", 4: "random"},
        4,
        PLUGINS.players,
    )
    assert seats == {1: "expert", 2: {"player": "expert", "level": "fast"}, 3: "expert", 4: "human"}
