"""Spinners, trains and the boneyard in the table's scene and controller, without Tk."""

from __future__ import annotations

import pytest
from table_helpers import drive

from capicua.core.actions import DOWN, DRAW, LEFT, MEXICAN, RIGHT, UP, Play, parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile
from capicua.gui.board import board_of
from capicua.gui.controller import Controller, why_not
from capicua.gui.model import Session
from capicua.gui.scene import Ui, build_scene
from capicua.gui.texts import last_move, log_lines
from capicua.plugins import load_plugins
from deals import deal

T = Tile.parse


@pytest.fixture(scope="module")
def plugins():
    pytest.importorskip("capicua_fives", reason="an example plugin under examples/")
    pytest.importorskip("capicua_mexican_train", reason="an example plugin under examples/")
    return load_plugins()


# All Fives, two players: seat 1 leads the spinner 6-6.
FIVES = {1: "6-6 6-1 6-2 6-3 6-4 0-0 1-0", 2: "6-5 6-0 5-5 4-4 3-3 2-2 2-1"}


def fives(plugins, steps: str) -> Session:
    v = plugins.variants.create("all-fives", {"seats": 2})
    s = Session(Match(v, 1, [deal(v, FIVES)]), {1: "human", 2: "random"}, plugins.players)
    for step in steps.split():
        seat, action = step.split(":")
        assert s.match.turn == int(seat)
        s.apply(parse_action(action))
    return s


def test_a_spinner_board_knows_its_centre_its_last_tile_and_the_count(plugins):
    from capicua_fives import count

    s = fives(plugins, "1:6-6L 2:6-5L 1:6-4R 2:6-0U")
    v, view = s.variant, s.view()
    board = board_of(v, 1, view.history)
    assert board.layout == view.layout and board.layout.spinner == 1
    assert board.opening == 1  # 6-5 went on the left of the first tile
    up = board.layout.pairs()[board.last]
    assert up == (6, 0) and board.count == count(view.layout) == 5 + 4 + 0
    sc = build_scene(s, Controller(), Ui())
    assert sc.board == board and sc.line is None
    assert set(sc.ends) == {LEFT, RIGHT, UP, DOWN}
    assert sc.caption == "Count 9"


def test_a_play_that_scores_says_so_in_the_caption(plugins):
    # The ends after 1-0 on the up arm: 5, 4 and 1, the spinner's cross arm down empty.
    s = fives(plugins, "1:6-6L 2:6-5L 1:6-4R 2:6-0U 1:1-0U")
    sc = build_scene(s, Controller(), Ui())
    assert sc.board.count == 5 + 4 + 1 and sc.board.scored == 10
    assert sc.caption == "Count 10: scores 10"
    assert s.match.scores == (10, 0)


def test_a_tile_that_fits_no_arm_names_the_open_numbers(plugins):
    s = fives(plugins, "1:6-6L 2:6-5L 1:6-4R 2:6-0U 1:6-1D")
    view = s.match.view(2)  # seat 2 to play on 5, 4, 0 and 1
    assert why_not(view, T("2-1")) is None
    assert why_not(view, T("3-3")) == "3-3 does not fit: the open ends are 0, 1, 4, 5"


def mexican(plugins, seed: int = 2) -> Session:
    v = plugins.variants.create("mexican-train", {"seats": 6, "rounds": 1})
    seats = {s: "human" if s == 1 else "heuristic" for s in range(1, 7)}
    return Session(v.new_match(seed), seats, plugins.players)


def test_trains_show_heads_markers_scores_and_the_round(plugins):
    s = mexican(plugins)
    for _ in range(200):
        drive(s)
        view = s.view()
        if any(t.marker for t in view.layout if t.owner != 1):
            break
        s.apply(next((a for a in view.legal if isinstance(a, Play)), view.legal[0]))
    else:
        raise AssertionError("nobody marked a train")
    sc = build_scene(s, Controller(), Ui())
    heads = {end: (text, marked) for end, text, marked in sc.heads}
    assert heads["t1"][0] == "you" and heads[MEXICAN][0] == "Mex" and heads["t3"][0] == "3"
    for t in view.layout:
        assert heads[t.end][1] == t.marker
        if t.owner is not None:
            seat = next(x for x in sc.seats if x.seat == t.owner)
            assert seat.marked == t.marker
    assert all(x.score == "score 0" and not x.voids for x in sc.seats)
    assert sc.caption == "Round 1 of 1"
    assert sc.boneyard == view.boneyard > 0
    assert set(sc.ends) == {f"t{k}" for k in range(1, 7)} | {MEXICAN}


def test_the_person_draws_by_a_tap_on_the_boneyard_or_by_keys(plugins):
    s = mexican(plugins, 1)
    for _ in range(300):
        drive(s)
        view = s.view()
        if view.legal == (DRAW,):
            break
        s.apply(next((a for a in view.legal if isinstance(a, Play)), view.legal[0]))
    else:
        raise AssertionError("the person never had to draw")
    assert s.automatic() is None  # theirs to make
    ctl = Controller()
    sc = build_scene(s, ctl, Ui())
    assert sc.draw and sc.focusable() == ["boneyard"]
    assert "Tap the boneyard" in " ".join(text for text, _style in sc.panel)
    assert ctl.activate("boneyard", view).action is DRAW
    assert ctl.key("Tab", view, sc.focusable()).changed and ctl.focus == "boneyard"
    assert ctl.key("Return", view, sc.focusable()).action is DRAW
    # A tile tapped meanwhile says to draw.
    assert why_not(view, view.hand[0]) == f"{view.hand[0]} does not fit: draw from the boneyard"


def test_tab_goes_from_the_boneyard_to_the_side_panel_and_back(plugins):
    s = mexican(plugins, 1)
    for _ in range(300):
        drive(s)
        view = s.view()
        if view.legal == (DRAW,):
            break
        s.apply(next((a for a in view.legal if isinstance(a, Play)), view.legal[0]))
    else:
        raise AssertionError("the person never had to draw")
    ctl = Controller()
    choices = build_scene(s, ctl, Ui()).focusable()
    panel = ["button:hint", "button:settings"]
    ctl.key("Tab", view, choices, panel)
    assert ctl.focus == "boneyard"
    ctl.key("Tab", view, choices, panel)
    assert ctl.focus == "button:hint"
    ctl.key("Tab", view, choices, panel)
    ctl.key("Tab", view, choices, panel)
    assert ctl.focus == "boneyard"  # round again, past the panel's last button
    assert ctl.key("Return", view, choices, panel).action is DRAW


def test_the_log_names_each_all_fives_play_by_the_layout_it_went_on(plugins):
    s = fives(plugins, "1:6-6L 2:6-5L 1:6-4R 2:6-0U 1:1-0U 2:4-4R")
    lines = log_lines(s)
    assert lines[-7:-1] == [
        "You opened with 6-6.",
        "Seat 2 played 6-5 on the 6 end (L), which now shows 5.",
        "You played 6-4 on the 6 end (R), which now shows 4.",
        "Seat 2 played 6-0 on the 6 on the up arm (U), which now shows 0.",
        # The ends add up to 10, five's multiple: scored at once, and told.
        "You played 1-0 on the 0 on the up arm (U), which now shows 1. "
        "You score 10 (the ends add up to 10).",
        "Seat 2 played 4-4 on the 4 end (R), which now shows 4.",
    ]
    assert last_move(s.view(), s) == lines[-2]


def test_the_log_says_a_train_took_the_first_tile_of_a_round(plugins):
    s = mexican(plugins)
    drive(s)  # seat 1, the person, leads round 1 (engine 12)
    s.apply(parse_action("12-3T1"))
    drive(s)
    lines = log_lines(s)
    assert lines[lines.index("Round 1: you lead.") + 1] == (
        "You played 12-3 on your train, which now shows 3."
    )


def test_with_nobody_seated_the_mexican_train_is_nobodys(plugins):
    v = plugins.variants.create("mexican-train", {"seats": 3, "rounds": 1})
    s = Session(v.new_match(2), {1: "random", 2: "random", 3: "random"}, plugins.players)
    heads = {end: text for end, text, _marked in build_scene(s, Controller(), Ui()).heads}
    assert heads == {"t1": "1", "t2": "2", "t3": "3", MEXICAN: "Mex"}
