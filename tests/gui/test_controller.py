"""The input state machine without Tk: taps preview, a second tap plays, drags drop, keys."""

from __future__ import annotations

import pytest
from table_helpers import CHOICES, double_nine_at_claim, run, session

from capicua.core.actions import KEEP, REDEAL, ChooseLeader, Pick, Play, parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile
from capicua.gui.controller import (
    DRAG_THRESHOLD,
    Controller,
    legal_ends,
    playable,
    where_to,
    why_not,
)
from capicua.gui.model import Session
from capicua.i18n import in_language
from capicua.plugins import load_plugins

T = Tile.parse


def my_view():
    """Seat 1 to play on ends 5 and 4 with 5-4 (both), 5-0 (left), 4-1 (right) and three
    tiles that fit nowhere."""
    return session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass").view()


def tap(ctl: Controller, target: str, view, x: float = 100, y: float = 100):
    ctl.press(target, x, y)
    return ctl.release(target, x, y, view)


def test_a_tap_on_a_tile_previews_it_and_lights_its_legal_ends():
    view = my_view()
    ctl = Controller()
    r = tap(ctl, "tile:5-4", view)
    assert r.action is None and r.changed
    assert ctl.selected is T("5-4") and ctl.lit_ends(view) == ("left", "right")


def test_a_tile_that_fits_one_end_still_waits_for_the_tap_on_that_end():
    view = my_view()
    ctl = Controller()
    assert tap(ctl, "tile:5-0", view).action is None
    assert ctl.lit_ends(view) == ("left",)
    assert tap(ctl, "end:left", view).action is parse_action("5-0L")
    assert ctl.selected is None


def test_an_end_the_picked_tile_does_not_fit_says_so_and_plays_nothing():
    view = my_view()
    ctl = Controller()
    tap(ctl, "tile:5-0", view)
    r = tap(ctl, "end:right", view)
    assert r.action is None and "does not fit the 4 end (R)" in r.message
    assert ctl.selected is T("5-0")


def test_a_tile_that_cannot_be_played_is_not_selected_and_says_why():
    view = my_view()
    ctl = Controller()
    r = tap(ctl, "tile:2-2", view)
    assert ctl.selected is None and r.action is None
    assert r.message == "2-2 does not fit: the open ends are 5 or 4"
    assert why_not(view, T("5-4")) is None


def test_tiles_of_the_person_say_wait_when_it_is_not_their_turn():
    view = session(hands=CHOICES, steps="1:6-6L").view()
    assert why_not(view, T("5-4")) == "wait: it is seat 2's turn"
    ctl = Controller()
    assert tap(ctl, "tile:5-4", view).message == "wait: it is seat 2's turn"


def test_the_opening_tile_must_be_the_one_the_rules_require():
    view = session(hands=CHOICES).view()
    assert why_not(view, T("5-4")) == "this hand must be opened with 6-6"
    assert playable(view) == (T("6-6"),) and legal_ends(view, T("6-6")) == ("left",)


def test_tapping_the_picked_tile_again_puts_it_back():
    view = my_view()
    ctl = Controller()
    tap(ctl, "tile:5-4", view)
    tap(ctl, "tile:5-4", view)
    assert ctl.selected is None


def test_an_end_before_any_tile_asks_for_a_tile_first():
    ctl = Controller()
    r = tap(ctl, "end:left", my_view())
    assert r.action is None and "pick a tile first" in r.message


def test_a_tap_on_the_felt_drops_the_selection():
    view = my_view()
    ctl = Controller()
    tap(ctl, "tile:5-4", view)
    tap(ctl, "felt", view)
    assert ctl.selected is None


def test_a_small_wobble_is_still_a_tap_and_a_longer_move_is_a_drag():
    view = my_view()
    ctl = Controller()
    ctl.press("tile:4-1", 100, 100)
    ctl.motion(100 + DRAG_THRESHOLD - 1, 100, "tile:4-1", view)
    assert not ctl.dragging
    r = ctl.release("tile:4-1", 100 + DRAG_THRESHOLD - 1, 100, view)
    assert ctl.selected is T("4-1") and r.action is None
    ctl.press("tile:5-0", 100, 100)
    ctl.motion(140, 60, None, view)
    assert ctl.dragging and ctl.selected is T("5-0")


def test_dropping_a_dragged_tile_on_a_lit_end_plays_it_on_release():
    view = my_view()
    ctl = Controller()
    ctl.press("tile:5-4", 300, 600)
    assert ctl.motion(320, 500, None, view).changed
    ctl.motion(200, 300, "end:right", view)
    assert ctl.drag_over == "end:right"
    r = ctl.release("end:right", 200, 300, view)
    assert r.action is parse_action("5-4R") and not ctl.dragging


def test_a_tile_dropped_off_the_ends_stays_picked_up():
    view = my_view()
    ctl = Controller()
    ctl.press("tile:4-1", 300, 600)
    ctl.motion(300, 450, "felt", view)
    r = ctl.release("felt", 300, 450, view)
    assert r.action is None and ctl.selected is T("4-1") and not ctl.dragging


def test_dropping_on_an_end_the_tile_does_not_fit_plays_nothing():
    view = my_view()
    ctl = Controller()
    ctl.press("tile:4-1", 300, 600)
    ctl.motion(200, 300, "end:left", view)
    assert ctl.drag_over is None
    assert ctl.release("end:left", 200, 300, view).action is None


def test_a_tile_that_cannot_be_played_cannot_be_dragged():
    view = my_view()
    ctl = Controller()
    ctl.press("tile:0-0", 300, 600)
    ctl.motion(200, 300, "end:left", view)
    assert not ctl.dragging
    r = ctl.release("end:left", 200, 300, view)
    assert r.action is None and r.message == "0-0 does not fit: the open ends are 5 or 4"


def test_pressing_one_thing_and_releasing_on_another_is_not_a_tap():
    view = my_view()
    ctl = Controller()
    ctl.press("tile:5-4", 100, 100)
    r = ctl.release("tile:5-0", 102, 100, view)
    assert r.action is None and ctl.selected is None and r.message is None


def test_arrow_keys_walk_the_playable_tiles_and_enter_needs_a_second_confirm():
    view = my_view()
    ctl = Controller()
    ctl.key("Right", view, [])
    assert ctl.selected is T("4-1")  # hand order: the first tile that can be played
    ctl.key("Right", view, [])
    assert ctl.selected is T("5-0")
    ctl.key("Left", view, [])
    ctl.key("Left", view, [])
    assert ctl.selected is T("5-4")  # wraps around
    assert ctl.key("Return", view, []).action is None  # the focus moves to the end
    assert ctl.focus == "end:left"
    ctl.key("Right", view, [])
    assert ctl.focus == "end:right"
    assert ctl.key("Return", view, []).action is parse_action("5-4R")


def test_escape_steps_back_from_the_end_to_the_tile_and_then_drops_it():
    view = my_view()
    ctl = Controller()
    ctl.key("Right", view, [])
    ctl.key("Up", view, [])
    assert ctl.focus == "end:right"
    ctl.key("Escape", view, [])
    assert ctl.focus == "tile:4-1" and ctl.selected is T("4-1")
    ctl.key("Escape", view, [])
    assert ctl.selected is None and ctl.focus is None


def test_keys_move_over_the_choices_of_a_decision_and_enter_takes_it():
    s = double_nine_at_claim()
    view = s.view()
    ctl = Controller()
    choices = ["choice:keep", "choice:redeal"]
    ctl.key("Right", view, choices)
    assert ctl.focus == "choice:keep"
    ctl.key("Right", view, choices)
    assert ctl.key("Return", view, choices).action is REDEAL


def test_choices_are_actions_when_they_parse_and_table_commands_otherwise():
    s = double_nine_at_claim()
    ctl = Controller()
    assert tap(ctl, "choice:keep", s.view()).action is KEEP
    assert tap(ctl, "choice:continue", None).button == "continue"
    assert tap(ctl, "button:undo", None).button == "undo"


def test_a_choice_that_is_not_the_persons_to_make_is_refused():
    s = double_nine_at_claim()
    r = tap(Controller(), "choice:lead_3", s.view())
    assert r.action is None and r.message == "that is not your decision now"


def test_a_face_down_tile_is_a_draw_and_a_leader_choice_has_no_space_in_its_tag():
    from table_helpers import session as make
    from table_helpers import variant

    from deals import draw

    v = variant("double-nine-100")
    s = make("double-nine-100", script=[draw(v, "9-9", "1-0")])
    assert tap(Controller(), "facedown:12", s.view()).action is Pick.of(12)
    s.apply(Pick.of(0))
    s.apply(Pick.of(0))
    assert tap(Controller(), "choice:lead_3", s.view()).action is ChooseLeader.of(3)


def test_a_hint_preview_picks_the_tile_and_points_at_its_end_but_plays_nothing():
    view = my_view()
    ctl = Controller()
    ctl.preview(Play.of(T("5-4"), "right"))
    assert ctl.selected is T("5-4") and ctl.hinted == "end:right" == ctl.focus
    assert ctl.key("Return", view, []).action is parse_action("5-4R")


PANEL = ["button:hint", "button:undo", "button:new", "button:settings"]


def test_a_tile_picked_by_key_says_where_it_goes_as_a_tap_does():
    view = my_view()
    by_key, by_tap = Controller(), Controller()
    by_key.key("Right", view, [], PANEL)
    r = by_key.key("Right", view, [], PANEL)
    assert by_key.selected is T("5-0")
    assert r.message == tap(by_tap, "tile:5-0", view).message
    assert r.message == "5-0: tap the 5 end (L) to play it"


def test_tab_walks_on_from_the_last_tile_through_the_panels_buttons_and_back():
    view = my_view()
    ctl = Controller()
    for tile in ("4-1", "5-0", "5-4"):
        ctl.key("Tab", view, [], PANEL)
        assert ctl.focus == f"tile:{tile}"
    for button in PANEL:
        ctl.key("Tab", view, [], PANEL)
        assert ctl.focus == button and ctl.selected is None
    assert ctl.key("Return", view, [], PANEL).button == "settings"
    ctl.key("Tab", view, [], PANEL)
    assert ctl.focus == "tile:4-1" and ctl.selected is T("4-1")  # round again
    ctl.key("ISO_Left_Tab", view, [], PANEL)
    assert ctl.focus == "button:settings"  # Shift+Tab from the first tile: the last button


def test_tab_reaches_the_panel_when_it_is_not_the_persons_move():
    ctl = Controller()
    ctl.key("Tab", None, [], PANEL)
    assert ctl.focus == "button:hint"
    ctl.key("Tab", None, ["choice:continue"], PANEL)
    assert ctl.focus == "button:undo"
    assert ctl.key("Return", None, [], PANEL).button == "undo"


def test_a_tile_the_unsatisfied_double_shuts_out_is_told_the_rule_and_trains_by_the_felt():
    pytest.importorskip("capicua_mexican_train", reason="Mexican Train is an example plugin")
    plugins = load_plugins()
    v = plugins.variants.create("mexican-train", {"seats": 2})
    s = Session(Match(v, 3, []), {1: "human", 2: "heuristic"}, plugins.players)
    # Seat 1 plays 1-1 on its own train: the double must be satisfied before anything else.
    run(s, "1:12-7T1 2:12-8T2 1:7-1T1 2:8-8T2 2:8-6T2 1:1-1T1")
    view = s.view()
    fits_mexican = Tile.parse("12-9")
    assert fits_mexican in view.hand
    assert why_not(view, fits_mexican) == (
        "12-9 cannot be played: the double 1-1 must be satisfied first, with a 1 on it"
    )
    on_double = next(a.tile for a in view.legal if isinstance(a, Play))
    assert where_to(view, on_double) == f"{on_double}: tap your train to play it"
    with in_language("de"):
        assert "deinen Zug" in where_to(view, on_double)
