"""What a frame shows, without Tk: hidden hands stay hidden, finished hands are revealed."""

from __future__ import annotations

from table_helpers import (
    CHOICES,
    FORCED_PASS,
    LOWEST_SEAT_2,
    TEAM1_REST,
    chiva_block,
    double_nine_at_claim,
    double_nine_block,
    session,
    variant,
)

from capicua.core.actions import REDEAL, Pick
from capicua.core.tiles import Tile
from capicua.gui.controller import Controller
from capicua.gui.scene import Choice, Ui, build_scene, draw_slots, position_of
from deals import draw

T = Tile.parse


def scene(s, ctl=None, ui=None):
    return build_scene(s, ctl or Controller(), ui or Ui())


def by_seat(sc):
    return {seat.seat: seat for seat in sc.seats}


def test_during_play_only_the_persons_hand_is_face_up():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    seats = by_seat(scene(s))
    assert seats[1].tiles == s.view().hand
    assert all(seats[k].tiles is None for k in (2, 3, 4))
    assert [seats[k].count for k in (2, 3, 4)] == [6, 6, 7]


def test_the_tiles_that_cannot_be_played_are_left_out_of_the_playable_set():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    sc = scene(s)
    assert sc.playable == {T("5-4"), T("5-0"), T("4-1")}
    assert sc.ends == ("left", "right") and sc.lit == ()


def test_a_picked_tile_lights_only_the_ends_it_fits():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    ctl = Controller()
    ctl.selected = T("4-1")
    sc = scene(s, ctl)
    assert sc.selected is T("4-1") and sc.lit == ("right",)


def test_nothing_is_offered_to_the_person_while_a_computer_is_to_play():
    s = session(hands=CHOICES, steps="1:6-6L")
    sc = scene(s, ui=Ui(thinking=2))
    assert sc.playable is None and sc.lit == ()
    seats = by_seat(sc)
    assert seats[2].turn and seats[2].thinking
    assert ("Seat 2 is thinking…", "status") in sc.panel


def test_a_pass_is_shown_at_the_seat_with_the_numbers_it_lacks():
    s = session(hands=FORCED_PASS, steps="1:6-6L 2:6-5L 3:6-4R 4:5-3L 1:pass")
    seats = by_seat(scene(s))
    assert seats[1].passed and seats[1].voids == (3, 4)
    assert ("You passed on 3, 4.", "muted") in scene(s).panel


def test_the_end_of_a_hand_reveals_all_four_hands_and_explains_the_result():
    s = chiva_block(TEAM1_REST)
    assert s.held_hand == 1
    sc = scene(s)
    result = s.match.hands_log[0].result
    for seat in sc.seats:
        assert seat.tiles is not None
        assert sorted(seat.tiles) == sorted(result.remaining[seat.seat])
    assert sc.banner[0].startswith("Hand 1 is blocked")
    assert sc.choices == (
        Choice("choice:continue", "Continue"),
        Choice("choice:review", "Review this hand"),
    )
    assert sc.ends == ()  # nothing to play on while the result is shown


def test_the_end_of_the_match_names_the_winner_and_offers_a_new_match():
    s = double_nine_block(LOWEST_SEAT_2)
    sc = scene(s)
    assert s.match.over
    assert sc.banner[-1] == "Team 2 (seat 2 and seat 4) wins the match 143–0: a Tripollúa!"
    assert sc.choices == (
        Choice("choice:new", "New match"),
        Choice("choice:review", "Review this hand"),
    )


def test_seats_are_placed_from_the_persons_seat():
    assert [position_of(s, 1, 4) for s in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert [position_of(s, 3, 4) for s in (1, 2, 3, 4)] == [3, 4, 1, 2]
    s = session(hands=CHOICES, seats={1: "random", 2: "random", 3: "human", 4: "random"})
    seats = by_seat(scene(s))
    assert seats[3].position == 1 and seats[3].tiles is not None and seats[1].tiles is None


def test_the_draw_for_first_lead_leaves_holes_where_tiles_were_drawn():
    v = variant("double-nine-100")
    s = session("double-nine-100", script=[draw(v, "9-9", "1-0")])
    sc = scene(s)
    assert sc.facedown == tuple(range(55)) and sc.slots == 55
    assert sc.focusable()[:2] == ["facedown:0", "facedown:1"]
    s.apply(Pick.of(3))
    slots, total = draw_slots(s, s.view())
    assert total == 55 and 3 not in slots and slots[3] == 4
    assert by_seat(scene(s))[1].drawn is not None


def test_the_entitled_person_chooses_the_leader_blind():
    v = variant("double-nine-100")
    s = session("double-nine-100", script=[draw(v, "9-9", "1-0")], steps="1:draw 0 2:draw 0")
    sc = scene(s)
    assert [c.target for c in sc.choices] == ["choice:lead_1", "choice:lead_3"]
    assert [c.label for c in sc.choices] == ["I lead", "Seat 3 (partner) leads"]
    assert all(seat.tiles is None for seat in sc.seats)  # nobody has seen the deal yet
    assert "you drew 9-9 (18), seat 2 drew 1-0 (1)" in sc.banner[0]


def test_five_doubles_offer_keep_or_redeal_with_the_hand_in_view():
    s = double_nine_at_claim()
    sc = scene(s)
    assert [c.target for c in sc.choices] == ["choice:keep", "choice:redeal"]
    assert sc.banner[0] == "You hold 5 doubles (0-0 1-1 2-2 3-3 4-4)."
    assert by_seat(sc)[1].tiles == s.view().hand


def test_a_question_of_the_table_replaces_the_banner_and_stops_the_person_playing():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    ask = ("Resume it?", (Choice("choice:resume", "Resume"), Choice("choice:new", "New match")))
    sc = scene(s, ui=Ui(question=ask))
    assert sc.banner == ("Resume it?",) and sc.playable is None
    assert sc.focusable() == ["choice:resume", "choice:new"]


def test_the_score_panel_says_how_far_each_team_is_from_winning():
    s = chiva_block(TEAM1_REST)
    panel = [text for text, _ in scene(s).panel]
    assert "Series 1 · 3 more for a chiva" in panel
    assert "Series 0 · 4 wins in a row for a chiva" in panel
    d9 = double_nine_at_claim()
    panel = [text for text, _ in scene(d9).panel]
    assert "0 of 100 · 100 to go" in panel
    assert panel[0] == "Double-nine 100"


def test_a_table_of_computers_offers_nothing_to_play():
    s = session(
        hands=CHOICES,
        seats={1: "random", 2: "random", 3: "random", 4: "random"},
        steps="1:6-6L 2:6-5L 3:6-4R 4:pass",
    )
    sc = scene(s)
    assert sc.playable is None and sc.lit == () and sc.choices == ()
    assert by_seat(sc)[1].name == "Seat 1"


def test_a_three_seat_variant_seats_the_others_right_and_left():
    from table_helpers import cutthroat

    sc = scene(cutthroat())
    assert [(s.seat, s.position) for s in sc.seats] == [(1, 1), (2, 2), (3, 3)]
    assert [s.name for s in sc.seats] == ["You", "Seat 2", "Seat 3"]


def test_the_seat_to_move_says_paused_not_thinking_while_a_side_window_is_open():
    s = session(hands=CHOICES, steps="1:6-6L")
    seats = by_seat(scene(s, ui=Ui(thinking=2, paused=True, paused_by=("rules",))))
    assert seats[2].paused and not seats[2].thinking
    assert ("Paused: the computers wait while Rules is open.", "status") in scene(
        s, ui=Ui(paused=True, paused_by=("rules",))
    ).panel


def test_the_last_pass_is_marked_at_its_seat_instead_of_the_last_tile():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    sc = scene(s)
    assert by_seat(sc)[4].last and by_seat(sc)[4].passed and not sc.last_play
    assert sc.strip == "Since your turn: S2 6-5 · S3 6-4 · S4 pass"
    assert sc.legend is not None and sc.ends == ("left", "right")


def test_a_finished_round_of_the_draw_is_held_with_both_tiles_and_their_totals():
    v = variant("double-nine-100")
    s = session("double-nine-100", script=[draw(v, "9-9", "1-0")])
    s.apply(Pick.of(0))
    s.apply(Pick.of(0))
    assert s.held_draw == 1
    sc = scene(s)
    assert [(d.name, str(d.tile), d.total, d.wins) for d in sc.drawn] == [
        ("You", "9-9", 18, True),
        ("Seat 2", "1-0", 1, False),
    ]
    assert sc.choices == (Choice("choice:continue", "Continue"),) and sc.facedown is None
    s.proceed()
    assert scene(s).drawn == ()


def test_step_mode_puts_next_on_the_felt_with_the_keyboard_on_it():
    s = session(hands=CHOICES, steps="1:6-6L")
    sc = scene(s, ui=Ui(step_wait=2))
    assert sc.choices == (Choice("choice:next", "Next"),) and sc.focus == "choice:next"
    assert any("seat 2 moves when you tap Next" in line for line in sc.banner)


def test_a_forced_pass_greys_every_tile_while_it_shows_and_the_strip_keeps_the_round():
    s = session(hands=FORCED_PASS, steps="1:6-6L 2:6-5L 3:6-4R 4:5-3L")
    sc = scene(s)
    assert s.automatic() is not None  # seat 1 has no 3 or 4: "you cannot play: you pass"
    assert sc.playable == frozenset()  # every tile greyed, none offered
    assert sc.strip == "Since your turn: S2 6-5 · S3 6-4 · S4 5-3"
    s.apply(s.automatic())  # the pass is made: the round before it is still readable
    assert scene(s).strip == "Since your turn: S2 6-5 · S3 6-4 · S4 5-3 · You pass"
    assert by_seat(scene(s))[1].passed  # and agrees with the PASS at the person's seat


def test_the_pass_legend_says_the_numbers_a_seat_really_shows():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    sc = scene(s)
    assert by_seat(sc)[4].voids == (4, 5)
    assert sc.legend == "PASS: passed since your last turn · passed on 4, 5: holds none of 4, 5"
    assert "3, 5" not in sc.legend  # no made-up example that reads as if real


def test_a_redeal_is_news_on_the_felt_until_the_person_plays_in_the_new_deal():
    s = double_nine_at_claim()
    assert scene(s).strip is None
    s.apply(REDEAL)  # seat 1 shows its five doubles: every hand is dealt again
    sc = scene(s)
    assert sc.strip is not None
    assert sc.strip.startswith("You showed 0-0 1-1 2-2 3-3 4-4 and demanded a redeal.")
    assert "Your hand is new." in sc.strip


def test_the_blind_leader_choice_keeps_the_drawn_tiles_off_the_seats():
    v = variant("double-nine-100")
    s = session("double-nine-100", script=[draw(v, "9-9", "1-0")], steps="1:draw 0 2:draw 0")
    sc = scene(s)
    assert sc.choices and all(seat.drawn is None for seat in sc.seats)
