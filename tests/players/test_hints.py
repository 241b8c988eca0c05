"""Hints: the move a computer would make from the human's own view, with words."""

from __future__ import annotations

import pytest
from deals_for_players import chiva_deal

from capicua.core.actions import PASS, parse_action
from capicua.core.match import Match
from capicua.players.hints import Hint, hint
from capicua.variants.chiva import Chiva
from deals import SEAT_2_HAS_NO_SIX, deal
from sevens import SEVENS_HANDS, Sevens


def chiva_after(*actions: str) -> Match:
    m = Match(Chiva(), 1, script=[chiva_deal()])
    for a in actions:
        m.apply(parse_action(a))
    return m


def test_hint_names_the_move_and_why_and_leaves_the_match_alone():
    m = chiva_after("6-6L", "6-5R", "pass", "6-4L")
    before = m.actions
    h = hint(m.view(1), "fast")
    assert isinstance(h, Hint) and h.action in m.legal_actions()
    assert h.reason.startswith(f"play {h.action.tile} on the {h.action.end}: ")
    assert "sampled deals" in h.reason
    assert m.actions == before and m.turn == 1


def test_heuristic_hint_gives_its_rules_in_words():
    m = chiva_after("6-6L", "6-5R", "pass", "6-4L")
    h = hint(m.view(1), "heuristic")
    assert h.action is parse_action("5-3R")
    assert "pips" in h.reason or "opponent" in h.reason


def test_hint_is_the_same_when_asked_twice():
    m = chiva_after("6-6L", "6-5R", "pass", "6-4L")
    assert hint(m.view(1), "fast") == hint(m.view(1), "fast")


def test_a_forced_pass_is_explained():
    m = chiva_after("6-6L", "6-5R")
    h = hint(m.view(3), "fast")
    assert h.action is PASS and h.reason == "pass: you hold no sixes or fives"


def test_hint_refuses_out_of_turn_and_unknown_levels():
    m = chiva_after("6-6L")
    with pytest.raises(ValueError, match="not seat 1's turn"):
        hint(m.view(1))
    with pytest.raises(ValueError, match="hint level"):
        hint(m.view(2), "grandmaster")


def test_hint_says_when_the_deals_were_drawn_to_fit_the_plays():
    # Seats 2 and 4 have chosen plays, so the expert draws its sampled deals to fit them
    # and the share it quotes is not one of all the deals the passes allow: the words say so.
    m = chiva_after("6-6L", "6-5R", "pass", "6-4L")
    assert "sampled deals, dealt to fit the plays made" in hint(m.view(1), "fast").reason
    # After the forced 6-6 lead nobody has chosen anything yet: a plain share.
    first = hint(chiva_after("6-6L").view(2), "fast").reason
    assert "sampled deals" in first and "dealt to fit" not in first


def test_a_forced_pass_hint_names_the_numbers_the_rules_say_it_lacks():
    v = Sevens()
    m = Match(v, 1, script=[deal(v, SEVENS_HANDS)])
    m.apply(parse_action("6-6L"))
    assert m.legal_actions() == [PASS]
    # Seat 2 holds four sixes: it passes for want of a one, which joins a 6 here.
    assert hint(m.view(2), "heuristic").reason == "pass: you hold no ones"


def test_a_forced_pass_hint_on_the_block_games_line_names_its_ends():
    m = Match(Chiva(), 1, script=[deal(Chiva(), SEAT_2_HAS_NO_SIX)])
    m.apply(parse_action("6-6L"))
    assert hint(m.view(2), "heuristic").reason == "pass: you hold no sixes"
