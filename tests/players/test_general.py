"""The expert of games with rules of their own (capicua.players.general), on explicit deals:
what a seat's passes and draws tell of each of its tiles, the deals sampled to fit it, the
match equity a playout is valued in, and the levels' one work budget.

A deal is written seat by seat, then the boneyard's first tiles in the order they are
drawn (the rest of the set follows in set order), as the example games' own tests write it.
"""

from __future__ import annotations

import random
import re

from capicua_draw import Draw

from capicua.core.actions import Play, parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.players.general import (
    Worth,
    analyse_rules,
    deal_read,
    deal_unseen,
    explain_rules,
    hand_gains,
    hand_slots,
    heuristic_scores,
)
from capicua.players.hints import hint
from capicua.players.levels import LEVELS


def tiles(text: str) -> list[Tile]:
    return [Tile.parse(t) for t in text.split()]


def deal(*hands: str, boneyard: str = "") -> list[Tile]:
    dealt = [t for hand in hands for t in tiles(hand)] + tiles(boneyard)
    return dealt + [t for t in tile_set(6) if t not in dealt]


def play(match: Match, steps: str) -> None:
    for seat, action in re.findall(r"(\d):(\S+)", steps):
        assert match.turn == int(seat)
        match.apply(parse_action(action))


# Two players of Draw: seat 1 holds every double, seat 2 no six. Seat 1 leads 6-6; seat 2
# draws 1-0 and 2-1, which do not fit, then 6-3, which it must play.
DOUBLES = "6-6 5-5 4-4 3-3 2-2 1-1 0-0"
NO_SIX = "5-4 5-3 5-2 5-1 5-0 4-3 4-2"
DRAWN = "1:6-6L 2:draw 2:draw 2:draw 2:6-3R"


def drawn_three() -> Match:
    m = Draw(seats=2).new_match(seed=1, script=[deal(DOUBLES, NO_SIX, boneyard="1-0 2-1 6-3")])
    play(m, DRAWN)
    return m


SIXES = frozenset(t for t in tile_set(6) if t.has(6))


def test_every_tile_a_seat_held_or_drew_before_its_last_draw_is_known_to_lack_the_sixes():
    view = drawn_three().view(1)
    slots = hand_slots(view)
    # Seven dealt and three drawn, the last played: each of the nine it holds was in its
    # hand at one of the draws on 6 (the first two drawn at the next draw).
    assert list(slots) == [2] and len(slots[2]) == 9
    assert all(lack >= SIXES for lack in slots[2])
    # The view's own reading forgets at a draw what the seat showed before it.
    assert view.lacks()[2] == frozenset()


def test_the_sampled_deals_never_give_a_six_to_the_seat_that_drew_for_want_of_one():
    view = drawn_three().view(1)
    slots = hand_slots(view)
    rng = random.Random(3)
    for _ in range(200):
        hands, boneyard = deal_read(view, rng, slots)
        assert len(hands[2]) == 9 and len(boneyard) == 11
        assert not SIXES & set(hands[2])
        assert sorted(hands[2] + boneyard) == sorted(view.unseen())


def test_a_drawn_tile_played_at_once_leaves_what_the_hand_showed_before_the_draw():
    # Seat 2 draws 6-3 at once and plays it: its seven dealt tiles lacked the sixes.
    m = Draw(seats=2).new_match(seed=1, script=[deal(DOUBLES, NO_SIX, boneyard="6-3")])
    play(m, "1:6-6L 2:draw 2:6-3R")
    slots = hand_slots(m.view(1))
    assert len(slots[2]) == 7 and all(lack >= SIXES for lack in slots[2])
    # Seat 1's own passes are nobody's business here: only the other seats have entries.
    assert 1 not in slots


def test_the_pass_only_sampler_is_left_as_it_is_for_other_players():
    view = drawn_three().view(1)
    rng = random.Random(3)
    sixes = 0
    for _ in range(200):
        hands, _ = deal_unseen(view, rng)
        sixes += bool(SIXES & set(hands[2]))
    assert sixes > 0  # View.lacks forgets at a draw: ISMCTS's sampler does not read it


def test_a_typical_hand_won_is_worth_one_lost_nothing_and_the_match_more():
    rules = Draw(seats=2)
    steps = hand_gains(rules)
    assert steps and abs(sum(q for _, q in steps) - 1.0) < 1e-9
    typical = max(1, round(sum(p * q for p, q in steps)))
    worth = Worth(rules, 1, (40, 40))
    assert abs(worth.of((40 + typical, 40), None) - 1.0) < 1e-9
    assert abs(worth.of((40, 40 + typical), None) - 0.0) < 1e-9
    assert worth.of((100, 40), None) > worth.of((99, 40), None) > 1.0
    assert worth.of((40, 100), None) < 0.0
    # Near the goal a hand's points matter less than winning it: 5 points won at 95 all
    # is worth nearly what 20 are (either wins the match), unlike at 0 all.
    near, far = Worth(rules, 1, (95, 95)), Worth(rules, 1, (0, 0))
    assert near.of((115, 95), None) - near.of((100, 95), None) < 0.01
    assert far.of((20, 0), None) - far.of((5, 0), None) > 0.3


def test_a_game_without_a_goal_values_the_points():
    rules = Draw(seats=2)
    rules.goal = None  # as Mexican Train: no race to reckon
    worth = Worth(rules, 1, (0, 0))
    assert worth.table is None
    assert 0.5 < worth.of((10, 0), None) < worth.of((20, 0), None) < 1.0


def test_the_budget_is_the_levels_and_samples_fix_the_deals(monkeypatch):
    m = drawn_three()
    play(m, "1:3-3R")  # seat 2 to move: 5-3 and 4-3 fit
    view = m.view(m.turn)
    assert sum(isinstance(a, Play) for a in view.legal) > 1
    fixed = analyse_rules(view, random.Random(1), samples=7)
    assert fixed.samples == 7
    # The levels' budgets, made small: four times the work buys more deals.
    monkeypatch.setitem(LEVELS, "fast", (1_000, 150))
    monkeypatch.setitem(LEVELS, "normal", (4_000, 150))
    fast = analyse_rules(view, random.Random(1), level="fast")
    normal = analyse_rules(view, random.Random(1), level="normal")
    assert 2 <= fast.samples < normal.samples <= 150
    assert {c.action for c in normal.candidates} <= set(view.legal)
    # The same seed gives the same search.
    assert analyse_rules(view, random.Random(1), level="fast").best == fast.best


# Two players of All Fives: 6-6, 6-5 on its left, 6-4 on its right and 6-0 up leave 5, 4
# and 0 open (9), so seat 1's 6-1 down counts 10 and its 0-0 up counts 9 again.
FIVES = ("6-6 6-1 6-2 6-3 6-4 0-0 1-0", "6-5 6-0 5-5 4-4 3-3 2-2 2-1")


def test_the_hints_give_the_terms_the_heuristic_scores_a_game_by():
    from capicua_fives import AllFives

    m = AllFives(seats=2).new_match(seed=1, script=[deal(*FIVES)])
    play(m, "1:6-6L 2:6-5L 1:6-4R 2:6-0U")
    view = m.view(1)
    rules = view.variant.variant()
    scoring = 0
    for action in view.legal:
        assert isinstance(action, Play)
        points = rules.play_points(rules.next_layout(view.layout, 1, action), 1, action)
        words = explain_rules(view, action, most=5)
        assert (f"scores {points} points" in words) == (points > 0)
        assert not any("fit the line" in w for w in words)  # the block game's words
        scoring += points > 0
        if action.tile.is_double:
            assert "plays a double while it still fits" in words
    assert scoring
    # The hint says them too.
    best = max(heuristic_scores(view), key=lambda x: x[0])[1]
    assert all(w in hint(view, "heuristic").reason for w in explain_rules(view, best))
