"""A game that scores during play says so when it happens, and its end-of-hand sums add up.

All Fives on an explicit two-seat deal, without Tk: the points a play scores (the variant's
``play_points``, as the engine scored them) in the last move's sentence (the panel), the
log and the last-round strip, in every language; the end of the hand told as the points
scored during play, then the hand's own, each with scores that add up; and a tile that fits
three ends offered as one sentence.
"""

from __future__ import annotations

import re
from itertools import pairwise

import pytest

from capicua.core.actions import LEFT, RIGHT, UP, parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile
from capicua.core.variant import score_dash
from capicua.gui.controller import Controller, where_to
from capicua.gui.model import Session
from capicua.gui.scene import Ui, build_scene
from capicua.gui.texts import (
    end_words,
    hand_play_points,
    last_move,
    log_lines,
    result_lines,
    round_strip,
)
from capicua.i18n import in_language
from capicua.plugins import load_plugins
from deals import deal

# Seat 1 leads the spinner 6-6 (the count is 12); seat 2's 6-3 on the left leaves the ends
# 3 and 6-6: 15, five's multiple, scored at once. Later 3-0 fits the 3 ends on both sides
# and the 0 on the up arm.
DEAL = {1: "6-6 6-1 6-0 2-2 4-4 5-5 5-4", 2: "6-3 1-3 3-0 2-1 2-0 5-0 4-0"}
LANGUAGES = ("de", "uk", "es")


@pytest.fixture(scope="module")
def plugins():
    pytest.importorskip("capicua_fives", reason="an example plugin under examples/")
    return load_plugins()


def fives(plugins, steps: str, human: int = 1) -> Session:
    v = plugins.variants.create("all-fives", {"seats": 2})
    seats = {s: "human" if s == human else "random" for s in (1, 2)}
    s = Session(Match(v, 1, [deal(v, DEAL)]), seats, plugins.players)
    for step in steps.split():
        seat, action = step.split(":")
        assert s.match.turn == int(seat)
        s.apply(parse_action(action))
    return s


def test_a_play_that_scores_says_who_scored_what_and_why(plugins):
    s = fives(plugins, "1:6-6L 2:6-3L")
    said = "Seat 2 scores 15 (the ends add up to 15)."
    assert (
        last_move(s.view(), s) == f"Seat 2 played 6-3 on the 6 end (L), which now shows 3. {said}"
    )
    assert any(line.endswith(said) for line in log_lines(s))
    # The strip of the person's turn, and the panel's last move.
    assert round_strip(s, s.view()) == "Since your turn: S2 6-3 scores 15"
    scene = build_scene(s, Controller(), Ui())
    assert any(said in text for text, _style in scene.panel)
    # A play that scores nothing says nothing of points.
    s = fives(plugins, "1:6-6L 2:6-3L 1:6-1R")
    assert "score" not in last_move(s.view(), s)


def test_the_persons_own_points_are_told_to_them(plugins):
    s = fives(plugins, "1:6-6L 2:6-3L", human=2)
    assert last_move(s.view(), s).endswith("You score 15 (the ends add up to 15).")
    assert round_strip(s, s.view()) is None  # the person's own play ends the strip's round
    s = fives(plugins, "1:6-6L 2:6-3L 1:6-1R", human=2)
    assert round_strip(s, s.view()) == "Since your turn: S1 6-1"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_scoring_is_told_in_every_language(plugins, lang):
    s = fives(plugins, "1:6-6L 2:6-3L")
    english = last_move(s.view(), s)
    strip = round_strip(s, s.view())
    with in_language(lang):
        said = last_move(s.view(), s)
        short = round_strip(s, s.view())
    assert said != english and "15" in said.split(".")[-2]  # its own sentence, with 15
    assert short != strip and short.endswith("15")


def finished(plugins) -> Session:
    s = fives(plugins, "1:6-6L 2:6-3L 1:6-1R 2:1-3R 1:6-0U")
    while s.match.hands_log[0].result is None:
        s.apply(s.match.legal_actions()[0])
    return s


def test_the_end_of_a_hand_tells_the_points_of_play_apart_and_its_sums_add_up(plugins):
    s = finished(plugins)
    view = s.view()
    past = view.past[0]
    during = hand_play_points(s.variant, 1, past.history)
    assert during == (0, 20)  # 15 for 6-3, 5 for 2-0: the engine's own sum
    assert past.result.scores == (0, 20 + past.result.points)
    lines = result_lines(past, view, s)
    assert "Scored during play: seat 2: 20 (0–0 → 0–20)." in lines
    end = f"Seat 2 scores {past.result.points}: 0–20 → {score_dash(past.result.scores)}."
    assert end in lines
    # Every "was → now" on the way adds up: each starts where the one before ended, from
    # the scores before the hand to the scores after it.
    steps = [re.search(r"(\d+)–(\d+) → (\d+)–(\d+)", line) for line in lines]
    chain = [tuple(map(int, m.groups())) for m in steps if m]
    assert chain[0][:2] == (0, 0) and chain[-1][2:] == past.result.scores
    assert all(a[2:] == b[:2] for a, b in pairwise(chain))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_end_of_hand_sums_are_told_in_every_language(plugins, lang):
    s = finished(plugins)
    past = s.view().past[0]
    english = result_lines(past, s.view(), s)
    with in_language(lang):
        lines = result_lines(past, s.view(), s)
        sums = f"{score_dash((0, 0))} → {score_dash((0, 20))}"
    assert len(lines) == len(english)
    assert lines[1] != english[1] and sums in lines[1] and "20" in lines[1].split("(")[0]


def test_a_tile_that_fits_three_ends_is_offered_in_one_sentence(plugins):
    s = fives(plugins, "1:6-6L 2:6-3L 1:6-1R 2:1-3R 1:6-0U")
    view = s.match.view(2)
    assert where_to(view, Tile.parse("3-0")) == (
        "3-0: tap the 3 end (L), the 3 end (R) or the 0 on the up arm (U) to play it"
    )
    english = where_to(view, Tile.parse("3-0"))
    for lang in LANGUAGES:
        with in_language(lang):
            said = where_to(view, Tile.parse("3-0"))
            ends = [end_words(LEFT, 3), end_words(RIGHT, 3), end_words(UP, 0)]
        at = [said.find(e) for e in ends]
        assert said != english and -1 not in at and at == sorted(at), said
        # Set apart: something stands between one end and the next.
        assert all(at[k] + len(ends[k]) < at[k + 1] for k in range(2)), said
