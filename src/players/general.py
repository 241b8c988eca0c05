"""The computer players' play in games with rules of their own: any layout, drawing, points.

The heuristic's terms (:mod:`capicua.players.heuristic`) and the expert's simulator
(:mod:`capicua.players.sim`) are built for the block game's two-ended line; a game whose
variant overrides its rules of play (``Variant.plays_fast()`` false: Draw, All Fives,
Mexican Train, any third party's) is played here instead, from the same view and by the
variant's own rule methods:

- :func:`heuristic_play` scores each play by what the rules say it does, one move deep
  (:func:`play_terms`): the points it scores now, the pips it sheds, a double got rid of,
  the plays it leaves its own hand on the ends it may use, the most an unseen tile could
  score in reply, and for trains, a marker taken off and a double it can satisfy itself;
  the hints say the same terms (:func:`explain_rules`);
- :func:`analyse_rules`, the expert's search (:func:`capicua.players.expert.analyse` comes
  here), deals the unseen tiles to the other hands and the boneyard many times over, each
  tile a seat holds kept from what its passes and draws told (:func:`hand_slots`), plays
  each candidate and the rest of the hand out through :func:`capicua.core.position.step`
  (the engine's own rules, so draws, scores and ends are exactly the engine's), values
  each end as match equity where the game has a goal (:class:`Worth`), and ranks the
  candidates by their mean, spending the levels' one work budget
  (:data:`capicua.players.levels.LEVELS`).
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable, Sequence
from typing import Any

from ..core.actions import DRAW, Action, Play, train
from ..core.layout import Layout, Trains
from ..core.position import Ending, Position, step
from ..core.tiles import Tile
from ..core.variant import GOAL, Variant
from ..core.view import View
from ..i18n import N_, _, ngettext
from .analysis import Analysis, Candidate
from .equity import histogram, race_table
from .levels import LEVELS

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

#: How many candidates (the heuristic's best) the expert weighs at most.
CANDIDATES = 6
#: What the expert charges, in units of its levels' work budget
#: (:data:`capicua.players.levels.LEVELS`: about a tile played out by the block game's
#: simulator): per action played out through the engine's rules, and per play the
#: playout policy weighs by its points in a game that scores plays (a layout made and its
#: ends counted: All Fives' count); one tile dealt in a sampled deal is one unit. Set so
#: that a decision at a level takes about as long in Draw, All Fives and Matador as in
#: Chiva (docs/players.md, Levels; the costs themselves: benchmarks/levels.py --costs);
#: one charge for every game keeps a decision's work the same function of the position
#: everywhere. Mexican Train's steps cost more as the trains grow with the seats.
ACTION_COST = 4
SCORED_COST = 12
TILE_COST = 1
#: Random hands played (by the random player, through the engine) to measure what a hand
#: gains the side that gains most in a game with a goal, for the match equity
#: (:func:`hand_gains`).
GAIN_HANDS = 120


def _rules(view: View) -> Variant:
    return view.variant.variant()


def _plays_after(rules: Variant, layout: Layout, seat: int, hand: Sequence[Tile]) -> int:
    allowed = rules.open_to(layout, seat)
    return sum(1 for t in hand for end in layout.fits(t) if end in allowed)


#: The reasons a play's terms give in words (said by :func:`explain_rules`), with the
#: placeholders their terms fill: the messages are translated when said.
SCORES = "scores {points} points"
SHEDS_PIPS = "gets rid of {pips} pips"
A_DOUBLE = N_("plays a double while it still fits")
KEEPS_PLAYS = "keeps {count} play on the ends you may use"
MARKER_OFF = N_("takes the marker off your train")
SATISFIES = N_("plays a double you can satisfy yourself")


def play_terms(view: View, action: Play, unseen: Sequence[Tile]) -> list[tuple[float, str, int]]:
    """The heuristic's terms of one play, as ``(value, message, number)`` in the order they
    add up to its score (:func:`heuristic_scores`): what the rules say the play does, one
    move deep. A term without words has an empty message."""
    rules = _rules(view)
    seat = view.seat
    tile = action.tile
    after = rules.next_layout(view.layout, seat, action)
    rest = [t for t in view.hand if t is not tile]
    points = rules.play_points(after, seat, action)
    plays = _plays_after(rules, after, seat, rest)
    terms = [
        (POINTS * points, SCORES, points),
        (
            PIP * tile.pips + (DOUBLE if tile.is_double else 0.0),
            A_DOUBLE if tile.is_double else SHEDS_PIPS,
            tile.pips,
        ),
        (MOBILITY * min(plays, 4), KEEPS_PLAYS, plays),
    ]
    if unseen and type(rules).play_points is not Variant.play_points:
        # What the best unseen tile could score in reply (the next seat may hold it).
        reply = 0
        for t in unseen:
            for end in after.fits(t):
                reply = max(reply, rules.play_points(after.play(t, end), seat, Play.of(t, end)))
        terms.append((-DANGER * reply, "", reply))
    if isinstance(view.layout, Trains):
        own = view.layout.train(train(seat))
        if own.marker and action.end == own.end:  # takes its marker off
            terms.append((MARKER, MARKER_OFF, 0))
        if tile.is_double:
            satisfied = any(t.has(tile.hi) for t in rest)
            terms.append((SATISFY if satisfied else -SATISFY, SATISFIES if satisfied else "", 0))
    return terms


def heuristic_scores(view: View) -> list[tuple[float, Action]]:
    """Each legal action with its heuristic value (higher is better), in legal order: a
    play's :func:`play_terms` added up."""
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
        value = 0.0
        for term, _message, _number in play_terms(view, action, unseen):
            value += term
        scored.append((value, action))
    return scored


def explain_rules(view: View, action: Action, most: int = 3) -> list[str]:
    """The strongest reasons for ``action`` by the heuristic's terms, in words, in the
    language in use (the hints say them): the terms that count for the play, largest
    first."""
    if not isinstance(action, Play):
        return []
    rules = _rules(view)
    unseen = [t for t in view.unseen() if t not in rules.set_aside(view.hand_number)]
    good = [(v, m, n) for v, m, n in play_terms(view, action, unseen) if v > 0 and m]
    good.sort(key=lambda x: -x[0])
    return [_words(m, n) for _value, m, n in good[:most]]


def _words(message: str, number: int) -> str:
    if message == SCORES:
        # Translators: a reason for a play that scores (All Fives' count); English says
        # "points" for 1 too.
        return ngettext("scores {points} points", "scores {points} points", number).format(
            points=number
        )
    if message == SHEDS_PIPS:
        # Translators: a reason for a play; English says "pips" for 1 too.
        return ngettext("gets rid of {pips} pips", "gets rid of {pips} pips", number).format(
            pips=number
        )
    if message == KEEPS_PLAYS:
        # Translators: a reason for a play: the plays the rest of the hand keeps on the
        # ends (or trains) the player may play on.
        return ngettext(
            "keeps {count} play on the ends you may use",
            "keeps {count} plays on the ends you may use",
            number,
        ).format(count=number)
    return _(message)


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


#: What the playout policy takes off a tile's weight for each way to play it beyond one:
#: a tile that fits two ends, a matador that goes on any end either way round, a tile that
#: fits several trains. What fits many places now is likely to fit later, when a tile that
#: fits one place may fit none (docs/players.md, Games with rules of their own).
WAY = 5.0


def playout_policy(pos: Position, rng: random.Random) -> Action:
    """The playout policy: the play scoring most now, else the heaviest (doubles first),
    keeping back the tiles with the most ways to be played (:data:`WAY`)."""
    rules = pos.variant
    return choose(pos, rules.legal_plays(pos), rng, _scores_in_play(rules))


def _scores_in_play(rules: Variant) -> bool:
    return type(rules).play_points is not Variant.play_points


def choose(pos: Position, legal: list[Action], rng: random.Random, scores: bool) -> Action:
    """:func:`playout_policy`'s choice among ``legal`` (``scores``: the game scores plays)."""
    if len(legal) == 1:
        return legal[0]
    rules = pos.variant
    best, best_value = legal[0], -1e9
    ways: dict[Tile, int] = {}
    for action in legal:
        if isinstance(action, Play):
            ways[action.tile] = ways.get(action.tile, 0) + 1
    for action in legal:
        if not isinstance(action, Play):
            continue
        t = action.tile
        value = t.pips + (10.0 if t.is_double else 0.0) + rng.random() - WAY * (ways[t] - 1)
        if scores:
            after = rules.next_layout(pos.layout, pos.turn, action)
            value += 5.0 * rules.play_points(after, pos.turn, action)
        if value > best_value:
            best, best_value = action, value
    return best


def play_out(
    pos: Position, first: Action, rng: random.Random, most: int = 2000
) -> tuple[Ending | None, int, int]:
    """Play ``first`` and the rest of the hand by :func:`playout_policy`: how it ended
    (``None`` if it outlasted ``most`` actions), how many actions were played and how many
    plays the policy weighed by their points (none in a game that does not score plays)."""
    rules = pos.variant
    scores = _scores_in_play(rules)
    ending = step(pos, first)
    played = 1
    weighed = 0
    while ending is None and played < most:
        legal = rules.legal_plays(pos)
        if scores and len(legal) > 1:
            weighed += len(legal)
        ending = step(pos, choose(pos, legal, rng, scores))
        played += 1
    return ending, played, weighed


def final_scores(pos: Position, ending: Ending | None) -> tuple[int, ...]:
    """Every team's score once the hand ``pos`` was played to is scored."""
    scores = pos.scores
    if ending is not None and ending.outcome != GOAL:
        _, scores = pos.variant.score_hand(scores, ending.outcome, ending.team, pos.remaining())
    return scores


def hand_worth(
    rules: Variant,
    start: tuple[int, ...],
    scores: tuple[int, ...],
    ending: Ending | None,
    team: int,
) -> float:
    """A hand's worth to ``team``, from the scores at its start to ``scores``: its score
    gained less the others' mean (their pips added, for games where the lowest total
    wins), and the match itself where a side reached the goal."""
    gained = [after - before for before, after in zip(start, scores, strict=True)]
    mine = gained[team - 1]
    others = [g for t, g in enumerate(gained, 1) if t != team]
    value = mine - (sum(others) / len(others) if others else 0.0)
    if rules.low_score_wins:
        value = -value
    if ending is not None and ending.outcome == GOAL:
        value += 1000.0 if ending.team == team else -1000.0
    return value


def playout(pos: Position, first: Action, team: int, rng: random.Random, most: int = 2000) -> float:
    """Play ``first`` and the rest of the hand; the hand's worth to ``team``
    (:func:`hand_worth`)."""
    start = pos.scores
    ending, _, _ = play_out(pos, first, rng, most)
    return hand_worth(pos.variant, start, final_scores(pos, ending), ending, team)


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


def hand_gains(rules: Variant) -> tuple[tuple[int, float], ...]:
    """What a hand of ``rules`` gains the side that gains most in it, as ``(points,
    probability)`` pairs over the hands that score: measured once per process (per class
    and options) in :data:`GAIN_HANDS` hands of random play through the engine, a fixed
    seed, so every process reckons the same race."""
    return _hand_gains(type(rules), rules.chosen)


@functools.cache
def _hand_gains(
    cls: type[Variant], options: tuple[tuple[str, Any], ...]
) -> tuple[tuple[int, float], ...]:
    from ..core.driver import play_match  # the engine's driver: only needed here
    from .random_player import RandomPlayer

    variant = cls(**dict(options))
    counts: dict[int, int] = {}
    hands = 0
    for i in range(GAIN_HANDS):
        players = {s: RandomPlayer(random.Random(i * 16 + s)) for s in range(1, variant.seats + 1)}
        m = play_match(variant, players, i)
        before = tuple(0 for _ in variant.teams)
        for log in m.hands_log:
            if log.result is None:
                continue
            after = log.result.scores
            gain = max(a - b for a, b in zip(after, before, strict=True))
            before = after
            hands += 1
            if gain > 0:
                counts[gain] = counts.get(gain, 0) + 1
        if hands >= GAIN_HANDS:
            break
    # A hand gains at least a point in its steps: a won hand is worth something.
    return histogram(counts.items(), least=1)


class Worth:
    """What a playout's end is worth to ``team`` from the scores at the decision, in the
    units the review and the hints read (a typical hand lost 0, won 1).

    In a game with a goal it is the match equity (:mod:`capicua.players.equity`, as the
    built-in games' expert plays it): the chance to win the race to the goal from the
    scores the hand ends at, each later hand won by either side alike and scoring what
    :func:`hand_gains` measured, rescaled so that a typical hand won rather than lost is
    worth 1; near the goal winning the hand is what counts, early on the points too. A
    game without one (Mexican Train: the lowest total after the rounds) values the points:
    :func:`equity` of :func:`hand_worth`."""

    def __init__(self, rules: Variant, team: int, scores: tuple[int, ...]) -> None:
        self.rules, self.team, self.start = rules, team, scores
        self.table: tuple[tuple[float, ...], ...] | None = None
        goal = rules.goal
        if goal is None or len(rules.teams) < 2 or rules.scoring == "series":
            return
        steps = hand_gains(rules)
        if not steps:
            return
        self.table = race_table(goal, steps)
        typical = max(1, round(sum(p * q for p, q in steps)))
        other = 2 if team == 1 else 1
        won = self.chance(_add(scores, team, typical))
        lost = self.chance(_add(scores, other, typical))
        self.mid = (won + lost) / 2
        self.spread = max(won - lost, 1e-6)

    def chance(self, scores: tuple[int, ...]) -> float:
        """The chance that the team wins the match from ``scores`` (a race to the goal)."""
        rules, team, table = self.rules, self.team, self.table
        assert table is not None  # asked only where the game has a goal
        winner = rules.match_winner(scores)
        if winner is not None:
            return 1.0 if winner == team else 0.0
        size = len(table) - 1
        ours = rules.to_go(scores, team) or 0
        theirs = min(
            (rules.to_go(scores, t) or 0 for t in range(1, len(scores) + 1) if t != team),
            default=size,
        )
        if ours <= 0:
            return 1.0
        if theirs <= 0:
            return 0.0
        return table[min(ours, size)][min(theirs, size)]

    def of(self, scores: tuple[int, ...], ending: Ending | None) -> float:
        """The worth of a hand that ended (``ending``) at ``scores``."""
        if self.table is None:
            return equity(hand_worth(self.rules, self.start, scores, ending, self.team))
        return 0.5 + (self.chance(scores) - self.mid) / self.spread


def _add(scores: tuple[int, ...], team: int, points: int) -> tuple[int, ...]:
    out = list(scores)
    out[team - 1] += points
    return tuple(out)


def hand_slots(view: View) -> dict[int, list[frozenset[Tile]]]:
    """For each other seat, one entry per tile it holds: the tiles that one cannot be, by
    what its passes and draws told (:attr:`View.told`).

    A pass or a draw the rules forced tells the tiles the seat then lacked; that holds for
    every tile it held then as long as it keeps it, and a tile drawn later may be any tile
    (:meth:`View.lacks` forgets everything at a draw; here only the drawn tile starts
    unknown, so a seat that drew three times before it could play is known to hold no
    tile that fitted at any of those draws, except the one it drew last). A tile played
    is taken from the newest entry that may be it: a tile drawn to be played goes at once.
    """
    rules = _rules(view)
    told = dict(view.told)
    me = view.seat
    net = [0] * (rules.seats + 1)
    for seat, action in view.history:
        if isinstance(action, Play):
            net[seat] += 1
        elif action is DRAW:
            net[seat] -= 1
    none: frozenset[Tile] = frozenset()
    slots = {
        s: [none] * max(0, view.counts[s - 1] + net[s])
        for s in range(1, rules.seats + 1)
        if s != me
    }
    for i, (seat, action) in enumerate(view.history):
        held = slots.get(seat)
        if held is None:
            continue
        if i in told:
            lack = told[i]
            held[:] = [x | lack for x in held]
        if action is DRAW:
            held.append(none)
        elif isinstance(action, Play):
            tile = action.tile
            for j in range(len(held) - 1, -1, -1):
                if tile not in held[j]:
                    del held[j]
                    break
            else:
                if held:
                    held.pop()
    for s, held in slots.items():  # the counts are the truth: keep the newest entries
        need = view.counts[s - 1]
        if len(held) > need:
            del held[: len(held) - need]
        held.extend([none] * (need - len(held)))
    return slots


def deal_read(
    view: View, rng: random.Random, slots: dict[int, list[frozenset[Tile]]]
) -> tuple[list[list[Tile]], list[Tile]]:
    """A guess of every hidden tile that fits :func:`hand_slots`: the unseen tiles in a
    random order, the most constrained of the other seats' tiles chosen first, each the
    first tile left that it may be (any tile left, where none fits), the rest to the
    boneyard."""
    rules = _rules(view)
    aside = set(rules.set_aside(view.hand_number))
    pool = [t for t in view.unseen() if t not in aside]
    rng.shuffle(pool)
    hands: list[list[Tile]] = [[] for _ in range(rules.seats + 1)]
    hands[view.seat] = list(view.hand)
    free: list[int] = []
    bound: list[tuple[int, frozenset[Tile]]] = []
    for s, held in slots.items():
        for lack in held:
            if lack:
                bound.append((s, lack))
            else:
                free.append(s)
    bound.sort(key=lambda x: -len(x[1]))
    for s, lack in bound:
        for j, t in enumerate(pool):
            if t not in lack:
                hands[s].append(pool.pop(j))
                break
        else:
            if pool:
                hands[s].append(pool.pop())
    for s in free:
        if pool:
            hands[s].append(pool.pop())
    return hands, pool


def analyse_rules(
    view: View,
    rng: random.Random,
    level: str = "normal",
    samples: int = 0,
    deal: Callable[[View, random.Random], tuple[list[list[Tile]], list[Tile]]] | None = None,
) -> Analysis:
    """The expert's search of a play decision in a game with rules of its own: the
    heuristic's best candidates, each played out over the same sampled deals (dealt to fit
    what the passes and draws told, :func:`hand_slots`) until the level's work budget
    (:data:`~capicua.players.levels.LEVELS`, the built-in games' own) is spent or
    ``samples`` deals are played; the second half of the budget goes to the better half of
    the candidates. Candidates best first by their mean :class:`Worth`. ``deal`` replaces
    the sampler (benchmarks/strength.py's ``oracle`` passes the real hands and boneyard, to
    measure what the hidden information is worth; a player never may)."""
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
    budget, most = LEVELS.get(level, LEVELS["normal"])
    if samples > 0:
        budget, most = 1 << 62, max(2, samples)
    rules = _rules(view)
    worth = Worth(rules, view.team, view.scores)
    slots = hand_slots(view)
    active = list(range(len(searched)))
    halved = False
    work = done = 0
    while done < most and (work < budget or done < 2):
        if not halved and len(active) > 2 and work * 2 >= budget:
            # Successive halving, as the block game's search does: the second half of the
            # budget goes to the better half of the candidates.
            halved = True
            active.sort(key=lambda i: -searched[i].value)  # stable: the heuristic's order
            active = sorted(active[: (len(active) + 1) // 2])
        hands, boneyard = deal(view, rng) if deal is not None else deal_read(view, rng, slots)
        work += TILE_COST * (len(boneyard) + sum(len(h) for h in hands))
        base = position_of(view, hands, boneyard)
        for i in active:
            c = searched[i]
            pos = base.copy()
            ending, played, weighed = play_out(pos, c.action, rng)
            work += ACTION_COST * played + SCORED_COST * weighed
            scores = final_scores(pos, ending)
            value = worth.of(scores, ending)
            c.samples += 1
            c.weight += 1.0
            c.total += value
            points = hand_worth(rules, view.scores, scores, ending, view.team)
            c.won += 1.0 if points > 0 else 0.5 if points == 0 else 0.0
        done += 1
    # The candidates searched to the end first, then those dropped at the halving; ties
    # go to the heuristic's order (the sorts are stable).
    kept = set(active)
    order = sorted(range(len(searched)), key=lambda i: (i not in kept, -searched[i].value))
    return Analysis([searched[i] for i in order] + rest, done)
