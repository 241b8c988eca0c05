"""The heuristic player's rules, each pinned on an explicit position."""

from __future__ import annotations

import random

import pytest
from deals_for_players import chiva_deal, shuffle_for

from capicua.core.actions import REDEAL, ChooseLeader, parse_action
from capicua.core.match import Match
from capicua.core.tiles import tile_set
from capicua.players.heuristic import HeuristicPlayer, explain, public_scorer, score_plays
from capicua.players.knowledge import knowledge
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


def chiva_after(*actions: str) -> Match:
    m = Match(Chiva(), 1, script=[chiva_deal()])
    for a in actions:
        m.apply(parse_action(a))
    return m


def best(m: Match) -> str:
    return str(HeuristicPlayer(random.Random(0)).act(m.view(m.turn)))


def test_sheds_the_heavier_tile_and_opens_the_suit_it_holds():
    # After 6-6, seat 2 (6-5 5-5 6-2 3-1 2-1 0-0 5-2) may play 6-5 or 6-2: 6-5 is heavier
    # and shows five, of which it keeps 5-5 and 5-2.
    m = chiva_after("6-6L")
    assert best(m) in ("6-5L", "6-5R")


def test_keeps_an_end_its_partner_can_follow():
    # Seat 3 passed on 6 and 5. Seat 1 chooses between 4-1 on the 4 (ends 1-5) and 5-3 on
    # the 5 (ends 4-3, both numbers seat 3 holds): it covers the opponent's five.
    m = chiva_after("6-6L", "6-5R", "pass", "6-4L")
    assert best(m) == "5-3R"
    reasons = explain(m.view(1), parse_action("5-3R"))
    assert any("opponent put down" in r or "pips" in r for r in reasons)


def test_prefers_a_double_to_a_single_of_the_same_weight():
    m = chiva_after("6-6L", "6-5R", "pass", "6-4L", "5-3R")
    view = m.view(2)  # seat 2: 5-5 6-2 3-1 2-1 0-0 5-2; ends 4-3
    scored = {str(s.action): s for s in score_plays(view)}
    assert set(scored) == {"3-1R"}  # only one fits here: a forced play is not asked
    m.apply(parse_action("3-1R"))
    assert m.turn == 3


def test_leads_itself_and_always_claims_a_redeal_with_five_doubles():
    v = DoubleNine100()
    # Draw: seat 1 takes 9-9 (18), seat 2 takes 0-0 (0): team 1 chooses, seat 1 leads.
    draw = (
        [t for t in tile_set(9) if t.pips == 18]
        + [t for t in tile_set(9) if t.pips == 0]
        + [t for t in tile_set(9) if 0 < t.pips < 18]
    )
    hands = {
        1: "9-9 8-8 7-7 6-6 5-5 9-0 8-0 7-0 6-0 5-0",
        2: "4-4 3-3 9-1 8-1 7-1 6-1 5-1 4-1 3-1 2-1",
        3: "2-2 1-1 9-2 8-2 7-2 6-2 5-2 4-2 3-2 0-0",
        4: "9-3 8-3 7-3 6-3 5-3 4-3 9-4 8-4 7-4 6-4",
    }
    m = Match(v, 3, script=[draw, shuffle_for(hands, 9)])
    m.apply(parse_action("draw 0"))
    m.apply(parse_action("draw 0"))
    assert m.phase == "lead" and m.turn == 1
    player = HeuristicPlayer(random.Random(0))
    assert player.act(m.view(1)) is ChooseLeader.of(1)
    m.apply(ChooseLeader.of(1))
    assert m.phase == "claim" and m.turn == 1
    assert player.act(m.view(1)) is REDEAL


def test_every_score_names_its_reasons():
    m = chiva_after("6-6L", "6-5R", "pass", "6-4L")
    for s in score_plays(m.view(1)):
        assert s.terms and all(isinstance(t.words, str) for t in s.terms)
        assert abs(s.score - sum(t.value for t in s.terms)) < 1e-9


def test_public_score_is_the_score_less_the_terms_that_need_the_rest_of_the_hand():
    # Seat 1 (after 6-6 6-5R pass 6-4L) scores 4-1 on the left and 5-3 on the right. The
    # public scorer (what another seat can reckon: the hand is unknown) keeps every term
    # but those about the tiles kept: the tiles that fit, the numbers kept, control.
    m = chiva_after("6-6L", "6-5R", "pass", "6-4L")
    view = m.view(1)
    k = knowledge(view)
    public = public_scorer(view.variant, k)
    hand_terms = ("keeps ", "leads from your long suit", "blocks the hand", "would block the hand")
    for s in score_plays(view, k):
        rest = sum(x.value for x in s.terms if x.words.startswith(hand_terms))
        assert rest > 0  # each play keeps tiles that fit, so the two scores differ
        assert public(s.action.tile.index, s.action.end) == pytest.approx(s.score - rest)
