"""The heuristic player's rules, each pinned on an explicit position."""

from __future__ import annotations

import random

import pytest
from deals_for_players import chiva_deal, shuffle_for

from capicua.core.actions import REDEAL, ChooseLeader, parse_action
from capicua.core.match import Match
from capicua.core.tiles import tile_set
from capicua.core.variant import Variant
from capicua.players.heuristic import (
    HeuristicPlayer,
    explain,
    pips_scored,
    public_scorer,
    score_plays,
)
from capicua.players.knowledge import knowledge
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100
from deals import deal, play


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


class OpenFewest(Variant):
    """Two players, the whole double-six set dealt (each sees the other's hand as unseen):
    a block goes to the one holding fewer tiles, pips breaking a tie; a point a hand."""

    name, title, seats, teams, hand_size, max_pip = "open-fewest", "Open", 2, ((1,), (2,)), 14, 6
    goal = 3
    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal

    def block_winner(self, hands):
        held = {self.team_of[s]: (len(t), sum(x.pips for x in t)) for s, t in hands.items()}
        low = min(held.values())
        winners = [team for team, key in held.items() if key == low]
        return winners[0] if len(winners) == 1 else None

    def points(self, outcome, team, hands):
        return 1


class OpenLowest(OpenFewest):
    """The same game with double-nine's block rule: the lowest count wins."""

    name = "open-lowest"
    block_winner = Variant.block_by_lowest_count


OPEN_DEAL = {
    1: "5-5 2-2 1-1 5-4 2-0 0-0 3-1 2-1 5-2 1-0 6-6 4-3 3-0 5-1",
    2: "6-3 6-1 4-4 6-5 6-0 6-2 3-2 3-3 6-4 4-0 5-0 5-3 4-2 4-1",
}
OPEN_PLAY = (
    "1:6-6L 2:6-5L 1:5-1L 2:6-1R 1:2-1L 2:3-2L 1:3-1R 2:5-3R 1:5-5R 2:3-3L 1:5-4R 2:6-4R "
    "1:3-0L 2:6-0L 1:pass 2:6-3R 1:4-3R 2:4-0R 1:2-0R"
)


def open_position(variant) -> Match:
    # Seat 2 to move on 6|2 with 6-2 4-2 4-4 4-1 5-0: 6-2 on the right makes 6|6, and no
    # six is left anywhere, so the hand is blocked. Seat 2 then holds 4 tiles (24 pips),
    # seat 1 five (14 pips).
    m = Match(variant, 1, script=[deal(variant, OPEN_DEAL)])
    play(m, OPEN_PLAY)
    assert m.turn == 2 and m.ends == (6, 2)
    return m


def test_a_block_is_judged_by_the_games_own_block_rule():
    # Fewer tiles win the block: seat 2 blocks. By the lowest count it would lose: it plays on.
    assert best(open_position(OpenFewest())) == "6-2R"
    assert best(open_position(OpenLowest())) == "4-2R"
    words = explain(open_position(OpenFewest()).view(2), parse_action("6-2R"))
    assert "blocks the hand, which your side wins" in words


def test_pips_are_shed_harder_only_where_the_game_scores_the_losers_pips():
    from capicua_block import Block

    assert pips_scored(DoubleNine100()) and pips_scored(Block())
    assert not pips_scored(Chiva()) and not pips_scored(OpenFewest())


def test_a_game_without_partners_has_no_partner_terms():
    view = open_position(OpenFewest()).view(2)
    for scored in score_plays(view):
        assert not [t for t in scored.terms if "partner" in t.words], scored
    # The same seat count with partners has them: Chiva's seat 1 after 6-6 (tests above).
    assert any(
        "partner" in t.words
        for s in score_plays(chiva_after("6-6L", "6-5R", "pass", "6-4L").view(1))
        for t in s.terms
    )
