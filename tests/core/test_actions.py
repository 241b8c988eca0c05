"""Actions: notation round trip, interning, bad notation."""

from __future__ import annotations

import pickle

import pytest

from capicua.core.actions import (
    ALL_ENDS,
    ANY_END,
    DRAW,
    KEEP,
    LEFT,
    MEXICAN,
    PASS,
    REDEAL,
    RIGHT,
    UP,
    ChooseLeader,
    Pick,
    Play,
    arm,
    is_end,
    parse_action,
    train,
)
from capicua.core.tiles import Tile


@pytest.mark.parametrize(
    "text",
    [
        "6-4L",
        "6-4R",
        "0-0L",
        "6-4U",
        "6-4D",
        "12-3T8",
        "5-0T1",
        "6-4A12",
        "6-4A128",
        "6-1L/6",
        "6-1R/1",
        "4-3A5/3",
        "9-9M",
        "pass",
        "draw",
        "pick 0",
        "pick 54",
        "lead 3",
        "keep",
        "redeal",
    ],
)
def test_notation_round_trips(text):
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) is action


def test_play_notation_accepts_either_tile_order():
    assert parse_action("4-6r") is Play.of(Tile.of(6, 4), RIGHT)


def test_actions_are_interned_and_survive_pickling():
    for action in (
        Play.of(Tile.of(3, 2), LEFT),
        Play.of(Tile.of(3, 2), train(5)),
        PASS,
        DRAW,
        KEEP,
        REDEAL,
        Pick.of(7),
        ChooseLeader.of(2),
    ):
        assert pickle.loads(pickle.dumps(action)) is action


def test_play_names_any_end_of_any_layout():
    assert parse_action("6-4u") is Play.of(Tile.of(6, 4), UP)
    assert parse_action("6-4 t3") is Play.of(Tile.of(6, 4), train(3))
    assert parse_action("6-4m") is Play.of(Tile.of(6, 4), MEXICAN)
    assert {Play.of(Tile.of(6, 4), end).end for end in ALL_ENDS} == set(ALL_ENDS)


def test_draw_from_the_boneyard_is_not_the_draw_for_first_lead():
    assert parse_action("draw") is DRAW
    assert parse_action("pick 7") is Pick.of(7)


def test_the_draw_for_first_leads_older_notation_still_reads():
    # Records and bots of capicua-bot/1 wrote the draw for first lead as "draw N".
    assert parse_action("draw 7") is Pick.of(7)


@pytest.mark.parametrize(
    "text",
    ["", "6-4", "6-4X", "6-4T9", "6-4T0", "6-4A0", "6-1L/5", "6-1L/", "pick", "draw x", "lead"],
)
def test_bad_notation_names_the_text(text):
    with pytest.raises(ValueError, match="not an action"):
        parse_action(text)


def test_a_play_that_names_its_way_round_is_another_action():
    one_way = Play.of(Tile.of(6, 1), LEFT)
    leaves_six = Play.of(Tile.of(6, 1), LEFT, 6)
    assert one_way.shows is None and leaves_six.shows == 6
    assert leaves_six is not one_way
    assert Play.of(Tile.of(6, 1), LEFT, 6) is leaves_six
    assert pickle.loads(pickle.dumps(leaves_six)) is leaves_six


def test_a_play_cannot_leave_open_a_number_its_tile_lacks():
    with pytest.raises(ValueError, match="6-1 can leave 6 or 1 open, not 5"):
        Play.of(Tile.of(6, 1), LEFT, 5)


def test_arms_are_numbered_as_far_as_a_game_needs():
    play = Play.of(Tile.of(6, 4), arm(100))
    assert play.end == "a100" and str(play) == "6-4A100"
    assert parse_action("6-4a100") is play
    assert is_end("a100") and not is_end("a0") and not is_end("b1")
    assert "a100" in ANY_END and "left" in ANY_END and "nowhere" not in ANY_END
