"""The computer players' play in games with rules of their own: any layout, drawing, points.

The heuristic's terms (:mod:`capicua.players.heuristic`) and the expert's simulator
(:mod:`capicua.players.sim`) are built for the block game's two-ended line; a game whose
variant overrides its rules of play (``Variant.plays_fast()`` false: Draw, All Fives,
Mexican Train, any third party's) is played here instead, from the same view and by the
variant's own rule methods:

- :func:`heuristic_play` scores each play by what the rules say it does, one move deep:
  the points it scores now, the pips it sheds, a double got rid of, the plays it leaves its
  own hand on the ends it may use, the most an unseen tile could score in reply, and for
  trains, a marker taken off and a double it can satisfy itself;
- :func:`analyse_rules`, the expert's search (:func:`capicua.players.expert.analyse` comes
  here), deals the unseen tiles to the other hands and the boneyard many times over
  (respecting the counts and what passes and draws showed), plays each candidate and the
  rest of the hand out through :func:`capicua.core.position.step` (the engine's own rules,
  so draws, scores and ends are exactly the engine's), and ranks the candidates by their
  mean result for its side.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..core.actions import DRAW, Action, Play, train
from ..core.layout import Layout, Trains
from ..core.position import Position, step
from ..core.tiles import Tile
from ..core.variant import GOAL, Variant
from ..core.view import View
from .analysis import Analysis, Candidate

#: Weights of the heuristic's terms, in points of the game's score: a pip shed is worth
#: about a point at the hand's end; a play left to make is worth a few.
POINTS = 1.0
PIP = 0.5
DOUBLE = 4.0
MOBILITY = 2.0
DANGER = 0.6
MARKER = 6.0
SATISFY = 5.0
#: What a draw taken while holding a play costs besides its tile's pips: the turn it
#: spends, which gives the others a play.
DRAW_COST = 4.0

#: The expert's sampled deals per decision, by level (spread over the candidates), and
#: how many candidates (the heuristic's best) it weighs at most.
SAMPLES = {"fast": 48, "normal": 160, "strong": 480}
CANDIDATES = 6
#: Its work per decision, by level, in actions played out (a playout lasts about as many
#: actions as there are tiles in the hands and the boneyard): a long hand, as a Mexican
#: Train round's first turns, gets fewer samples, so a decision takes about as long.
STEPS = {"fast": 2_500, "normal": 7_000, "strong": 21_000}


def _rules(view: View) -> Variant:
    return view.variant.variant()


def _plays_after(rules: Variant, layout: Layout, seat: int, hand: Sequence[Tile]) -> int:
    allowed = rules.open_to(layout, seat)
    return sum(1 for t in hand for end in layout.fits(t) if end in allowed)


def heuristic_scores(view: View) -> list[tuple[float, Action]]:
    """Each legal action with its heuristic value (higher is better), in legal order."""
    rules = _rules(view)
    seat = view.seat
    hand = view.hand
    unseen = [t for t in view.unseen() if t not in rules.set_aside(view.hand_number)]
    scored: list[tuple[float, Action]] = []
    for action in view.legal:
        if action is DRAW and len(view.legal) > 1:
            # A draw beside plays (a game that draws at will): it sheds nothing and takes
            # on a tile of the unseen's mean pips, but adds the plays a tile may bring.
            mean = sum(t.pips for t in unseen) / len(unseen) if unseen else 0.0
            plays_now = _plays_after(rules, view.layout, seat, hand)
            scored.append((MOBILITY * min(plays_now + 1, 4) - PIP * mean - DRAW_COST, action))
            continue
        if not isinstance(action, Play):
            scored.append((0.0, action))
            continue
        tile = action.tile
        after = rules.next_layout(view.layout, seat, action)
        rest = [t for t in hand if t is not tile]
        value = POINTS * rules.play_points(after, seat, action)
        value += PIP * tile.pips + (DOUBLE if tile.is_double else 0.0)
        value += MOBILITY * min(_plays_after(rules, after, seat, rest), 4)
        if unseen and type(rules).play_points is not Variant.play_points:
            # What the best unseen tile could score in reply (the next seat may hold it).
            reply = 0
            for t in unseen:
                for end in after.fits(t):
                    reply = max(reply, rules.play_points(after.play(t, end), seat, Play.of(t, end)))
            value -= DANGER * reply
        if isinstance(view.layout, Trains):
            own = view.layout.train(train(seat))
            if own.marker and action.end == own.end:  # takes its marker off
                value += MARKER
            if tile.is_double:
                value += SATISFY if any(t.has(tile.hi) for t in rest) else -SATISFY
        scored.append((value, action))
    return scored


def heuristic_play(view: View, rng: random.Random, noise: float = 0.0) -> Action:
    """The heuristic's choice among ``view.legal`` (ties broken by the seat's stream)."""
    best, best_value = view.legal[0], -1e18
    for value, action in heuristic_scores(view):
        value += rng.random() * (noise + 1e-6)
        if value > best_value:
            best, best_value = action, value
    return best


def deal_unseen(view: View, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """A guess of every hidden tile: each other seat's hand (its count, avoiding the tiles
    it showed it lacks where the unseen tiles allow) and the boneyard, in a random order."""
    rules = _rules(view)
    aside = set(rules.set_aside(view.hand_number))
    pool = [t for t in view.unseen() if t not in aside]
    rng.shuffle(pool)
    lacks = view.lacks()
    hands: list[list[Tile]] = [[] for _ in range(rules.seats + 1)]
    hands[view.seat] = list(view.hand)
    for s in range(1, rules.seats + 1):
        if s == view.seat:
            continue
        need = view.counts[s - 1]
        lack = lacks.get(s, frozenset())
        fitting = [t for t in pool if t not in lack]
        chosen = fitting[:need] if len(fitting) >= need else pool[:need]
        for t in chosen:
            pool.remove(t)
        hands[s] = chosen
    return hands, pool


def position_of(view: View, hands: list[list[Tile]], boneyard: list[Tile]) -> Position:
    """The position ``view`` stands in, with ``hands`` and ``boneyard`` as guessed."""
    rules = _rules(view)
    assert view.turn is not None and view.leader is not None  # asked to play a hand
    return Position(
        rules,
        view.hand_number,
        hands,
        boneyard,
        view.layout,
        view.scores,
        view.leader,
        view.turn,
        view.required,
        list(view.history),
    )


def playout_policy(pos: Position, rng: random.Random) -> Action:
    """The playout policy: the play scoring most now, else the heaviest (doubles first)."""
    legal = pos.variant.legal_plays(pos)
    if len(legal) == 1:
        return legal[0]
    rules = pos.variant
    scores = type(rules).play_points is not Variant.play_points
    best, best_value = legal[0], -1.0
    for action in legal:
        if not isinstance(action, Play):
            continue
        t = action.tile
        value = t.pips + (10.0 if t.is_double else 0.0) + rng.random()
        if scores:
            after = rules.next_layout(pos.layout, pos.turn, action)
            value += 5.0 * rules.play_points(after, pos.turn, action)
        if value > best_value:
            best, best_value = action, value
    return best


def playout(pos: Position, first: Action, team: int, rng: random.Random, most: int = 2000) -> float:
    """Play ``first`` and the rest of the hand; the hand's worth to ``team``: its score
    gained less the others' mean (their pips added, for games where the lowest total wins),
    and the match itself where a side reaches the goal."""
    rules = pos.variant
    start = pos.scores
    ending = step(pos, first)
    for _ in range(most):
        if ending is not None:
            break
        ending = step(pos, playout_policy(pos, rng))
    scores = pos.scores
    if ending is not None and ending.outcome != GOAL:
        _, scores = rules.score_hand(scores, ending.outcome, ending.team, pos.remaining())
    gained = [after - before for before, after in zip(start, scores, strict=True)]
    mine = gained[team - 1]
    others = [g for t, g in enumerate(gained, 1) if t != team]
    value = mine - (sum(others) / len(others) if others else 0.0)
    if rules.low_score_wins:
        value = -value
    if ending is not None and ending.outcome == GOAL:
        value += 1000.0 if ending.team == team else -1000.0
    return value


#: The hand's worth (points for the side, less the others' mean) at which a playout counts
#: as three quarters won: the scale of :func:`equity`.
SCALE = 10.0


def equity(value: float) -> float:
    """A playout's worth as a chance from 0 to 1 (0.5: even), the units the review and the
    hints speak in: a logistic of the points, certain where the match was decided."""
    if value >= 1000.0:
        return 1.0
    if value <= -1000.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-value * math.log(3.0) / SCALE))


def analyse_rules(
    view: View, rng: random.Random, level: str = "normal", samples: int = 0
) -> Analysis:
    """The expert's search of a play decision in a game with rules of its own: the
    heuristic's best candidates, each played out over the same sampled deals; candidates
    best first by their mean :func:`equity`."""
    ranked = sorted(heuristic_scores(view), key=lambda x: -x[0])  # stable: legal order
    # The plays and, in a game that draws at will, the draw beside them: one more candidate
    # played out on the same deals (the drawer then moves again, by the playout policy).
    cands = [Candidate(a, prior) for prior, a in ranked if isinstance(a, Play)]
    if not cands:
        return Analysis([Candidate(a, 0.0) for a in view.legal], 0, "the only move")
    if len(view.hand) == 1:
        return Analysis(cands, 0, "goes out")
    if DRAW in view.legal:
        cands += [Candidate(a, prior) for prior, a in ranked if a is DRAW]
    if len(cands) == 1:
        return Analysis(cands, 0, "the only move")
    searched, rest = cands[:CANDIDATES], cands[CANDIDATES:]
    if rest and rest[-1].action is DRAW:  # the draw is always weighed, whatever its prior
        searched.append(rest.pop())
    if samples:
        rounds = max(2, samples // len(searched))
    else:
        length = sum(view.counts) + view.boneyard
        rounds = min(
            SAMPLES.get(level, SAMPLES["normal"]) // len(searched),
            STEPS.get(level, STEPS["normal"]) // (len(searched) * max(length, 1)),
        )
        rounds = max(2, rounds)
    for _ in range(rounds):
        hands, boneyard = deal_unseen(view, rng)
        base = position_of(view, hands, boneyard)
        for c in searched:
            value = playout(base.copy(), c.action, view.team, rng)
            c.samples += 1
            c.weight += 1.0
            c.total += equity(value)
            c.won += 1.0 if value > 0 else 0.5 if value == 0 else 0.0
    # Ties go to the heuristic's order: the sort is stable.
    searched.sort(key=lambda c: -c.value)
    return Analysis(searched + rest, rounds)
