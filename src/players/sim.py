"""A fast hand simulator for the computer players' look-ahead: plain lists and ints.

The :class:`~capicua.core.match.Match` engine is the referee: it keeps a move stack, logs,
views and undo, which is right for play and far too slow for the thousands of playouts the
expert runs per decision. This module plays one hand forward from a fully known position
(one *determinization*: a guess of every hidden hand) with tiles as their ``Tile.index``
ints, hands as lists and the line as its two end numbers. ``tests/players/test_sim.py``
checks on random positions that it agrees with the engine: the same legal moves and the
same hand results.

Its rules are the variant's own: :func:`rules_for` reads which of the Variant's common
rules the game uses (the lower team total or the lowest single count wins a block; a won
hand scores nothing or the opponents' remaining pips) and plays those with plain ints, and
for a game that overrides them with its own it asks the variant's methods instead, so a
third-party variant is simulated by its own rules.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass, field

from ..core.tiles import ALL_TILES, Tile
from ..core.variant import BLOCK, DOMINO, TIE, Variant, VariantInfo

# Per-tile tables indexed by Tile.index: the hot loops read these instead of attributes.
HI = [t.hi for t in ALL_TILES]
LO = [t.lo for t in ALL_TILES]
PIPS = [t.pips for t in ALL_TILES]
DOUBLE = [t.is_double for t in ALL_TILES]

LEFT_END = 0
RIGHT_END = 1

# The playout policy's static preference: shed heavy tiles, doubles first (a double can
# only ever follow one number, so it is the tile most likely to be stranded).
_WEIGHT = [2.0 * p + (30.0 if d else 0.0) for p, d in zip(PIPS, DOUBLE, strict=True)]

#: What the playout policy adds, with a choice of tiles, in the units of the static weight
#: (a double's bonus is 30, a pip 2): to a play after which the next seat (an opponent)
#: cannot follow; to one after which the partner can; and per other tile of the hand that
#: still fits one of the ends. Tuned with benchmarks/policy.py over 10,000 deals of each
#: game in the simulator: the tempo alone at 30 wins 60% of the hands against no tempo
#: rule, and these three together win 53% against the tempo alone at 30.
TEMPO = 60.0
PARTNER = 20.0
KEEP = 6.0

#: The policy's weights as :func:`playout` takes them, ``(tempo, partner, keep)``;
#: ``benchmarks/policy.py`` plays other weights against these.
POLICY = (TEMPO, PARTNER, KEEP)

#: Per tile, a bit for each of its numbers: a hand's numbers are the OR of its tiles', and
#: a tile or hand fits the ends ``a`` and ``b`` when it shares a bit with them.
BITS = [(1 << h) | (1 << lo) for h, lo in zip(HI, LO, strict=True)]


#: How the simulator decides a block (:attr:`Rules.block`): the lowest team total wins, the
#: lowest single count wins, or the variant's own ``block_winner`` is asked.
TEAM_TOTAL, LOWEST_COUNT, ASK_BLOCK = 0, 1, 2
#: What a won hand scores (:attr:`Rules.points`): nothing, the opponents' remaining pips, or
#: what the variant's own ``points`` says.
NO_POINTS, OPPONENTS_PIPS, ASK_POINTS = 0, 1, 2


@dataclass(frozen=True, slots=True)
class Rules:
    """What the simulator needs to know about a variant's hands."""

    seats: int
    team_of: tuple[int, ...]  # team (1-based) by seat index (0-based)
    block: int  # TEAM_TOTAL, LOWEST_COUNT or ASK_BLOCK
    points: int  # NO_POINTS, OPPONENTS_PIPS or ASK_POINTS
    #: The variant itself, asked where its rule is its own (compare=False: rules are equal
    #: when they play alike).
    variant: Variant | None = field(default=None, compare=False)


@functools.lru_cache(maxsize=16)
def teammates(rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Each seat's teammates (seat indices, in turn order from it), empty without a partner."""
    seats, team_of = rules.seats, rules.team_of
    return tuple(
        tuple((s + i) % seats for i in range(1, seats) if team_of[(s + i) % seats] == team_of[s])
        for s in range(seats)
    )


@functools.lru_cache(maxsize=64)
def rules_for(variant: Variant | VariantInfo) -> Rules:
    """The simulator's rules for a variant (or the metadata a view carries, which name it);
    remembered per variant object (a variant's rules never change)."""
    v = variant.variant() if isinstance(variant, VariantInfo) else variant
    team_of = tuple(v.team_of[s] for s in range(1, v.seats + 1))
    cls = type(v)
    if cls.block_winner is Variant.block_by_team_total:
        block = TEAM_TOTAL
    elif cls.block_winner is Variant.block_by_lowest_count:
        block = LOWEST_COUNT
    else:
        block = ASK_BLOCK
    if cls.points is Variant.points:
        points = NO_POINTS
    elif cls.points is Variant.score_opponents_pips:
        points = OPPONENTS_PIPS
    else:
        points = ASK_POINTS
    return Rules(v.seats, team_of, block, points, v)


def tiles_of(hands: list[list[int]]) -> dict[int, tuple[Tile, ...]]:
    """The hands as a variant's rule methods take them: seat (1-based) to tiles."""
    return {s + 1: tuple(ALL_TILES[t] for t in h) for s, h in enumerate(hands)}


@dataclass(frozen=True, slots=True)
class SimResult:
    """A hand's end as the engine's ``HandResult`` reports it (``team`` None on a tie)."""

    outcome: str
    team: int | None
    points: int


def block_result(hands: list[list[int]], rules: Rules) -> tuple[int, int]:
    """``(winning team or 0 for a tie, points)`` of a blocked hand."""
    team_of = rules.team_of
    if rules.block == LOWEST_COUNT:
        counts = [sum(PIPS[t] for t in h) for h in hands]
        low = min(counts)
        teams = {team_of[s] for s, c in enumerate(counts) if c == low}
        if len(teams) != 1:
            return 0, 0
        team = teams.pop()
    elif rules.block == TEAM_TOTAL:
        totals: dict[int, int] = {}
        for s, h in enumerate(hands):
            totals[team_of[s]] = totals.get(team_of[s], 0) + sum(PIPS[t] for t in h)
        low = min(totals.values())
        lowest = [t for t, v in totals.items() if v == low]
        if len(lowest) != 1:
            return 0, 0
        team = lowest[0]
    else:
        assert rules.variant is not None  # rules_for sets it
        asked = rules.variant.block_winner(tiles_of(hands))
        if asked is None:
            return 0, 0
        team = asked
    return team, _points(hands, team, rules, BLOCK)


def _points(hands: list[list[int]], team: int, rules: Rules, outcome: str) -> int:
    if rules.points == NO_POINTS:
        return 0
    if rules.points == ASK_POINTS:
        assert rules.variant is not None  # rules_for sets it
        return rules.variant.points(outcome, team, tiles_of(hands))
    team_of = rules.team_of
    return sum(PIPS[t] for s, h in enumerate(hands) if team_of[s] != team for t in h)


def held_counts(hands: list[list[int]], max_pip: int) -> list[int]:
    """How many tiles in all hands show each number (a double counts once)."""
    held = [0] * (max_pip + 1)
    for h in hands:
        for t in h:
            held[HI[t]] += 1
            if not DOUBLE[t]:
                held[LO[t]] += 1
    return held


def legal_moves(hand: list[int], left: int, right: int) -> list[tuple[int, int]]:
    """``(tile, end)`` moves in the engine's order: by tile as held, left before right.

    ``left < 0`` is an empty line (every tile, on the left). An empty list means pass.
    """
    if left < 0:
        return [(t, LEFT_END) for t in hand]
    moves = []
    for t in hand:
        h, lo = HI[t], LO[t]
        if h == left or lo == left:
            moves.append((t, LEFT_END))
        if h == right or lo == right:
            moves.append((t, RIGHT_END))
    return moves


class HandState:
    """A fully known position in the middle of a hand, played one move at a time.

    The slow, readable twin of :func:`playout` (tests and hints use it); ``result`` is
    ``None`` until the hand ends.
    """

    def __init__(
        self, hands: list[list[int]], left: int, right: int, turn: int, rules: Rules, max_pip: int
    ) -> None:
        self.hands = [list(h) for h in hands]
        self.left, self.right, self.turn = left, right, turn
        self.rules = rules
        self.held = held_counts(self.hands, max_pip)
        self.result: SimResult | None = None

    def legal(self) -> list[tuple[int, int]]:
        return legal_moves(self.hands[self.turn], self.left, self.right)

    def play(self, move: tuple[int, int] | None) -> None:
        """Play ``(tile, end)``, or pass with ``None``; the move must be legal."""
        if self.result is not None:
            raise ValueError("the hand is over")
        legal = self.legal()
        if move is None:
            if legal:
                raise ValueError("a player with a tile that fits must play it")
            self.turn = (self.turn + 1) % self.rules.seats
            return
        if move not in legal:
            raise ValueError(f"illegal move {move}")
        tile, end = move
        hand = self.hands[self.turn]
        hand.remove(tile)
        self.left, self.right = ends_after(tile, end, self.left, self.right)
        self.held[HI[tile]] -= 1
        if not DOUBLE[tile]:
            self.held[LO[tile]] -= 1
        if not hand:
            team = self.rules.team_of[self.turn]
            self.result = SimResult(DOMINO, team, _points(self.hands, team, self.rules, DOMINO))
        elif self.held[self.left] == 0 and self.held[self.right] == 0:
            team, points = block_result(self.hands, self.rules)
            self.result = SimResult(BLOCK, team, points) if team else SimResult(TIE, None, 0)
        else:
            self.turn = (self.turn + 1) % self.rules.seats


def ends_after(tile: int, end: int, left: int, right: int) -> tuple[int, int]:
    """The line's ends after ``tile`` goes on ``end``."""
    if left < 0:
        return HI[tile], LO[tile]
    if end == LEFT_END:
        return (LO[tile] if HI[tile] == left else HI[tile]), right
    return left, (LO[tile] if HI[tile] == right else HI[tile])


def playout(
    hands: list[list[int]],
    held: list[int],
    left: int,
    right: int,
    turn: int,
    rules: Rules,
    rng: random.Random | None = None,
    noise: float = 0.0,
    trace: list[tuple[int, int, int]] | None = None,
    policy: dict[int, tuple[float, float, float]] | None = None,
) -> tuple[int, int]:
    """Play the hand to its end with the fast policy; ``(team or 0 for a tie, points)``.

    ``hands`` and ``held`` are consumed (mutated). The policy plays, at every turn, the
    fitting tile with the highest static weight (pips, doubles first), plus uniform noise
    of size ``noise`` drawn from ``rng``; with ``noise == 0`` the playout is deterministic.
    With more than one fitting tile, each play is weighed with what it leaves: :data:`TEMPO`
    more if the next seat (an opponent) then holds no tile of either end, :data:`PARTNER`
    more if the partner holds one, :data:`KEEP` more for each other tile of this hand that
    still fits. These are the heuristic's tempo, support and control rules, made exact by
    the sampled deal (every hand is known in a playout). With one fitting tile that fits
    both ends it takes the end whose new number it holds more of, so it keeps a suit it
    can follow. ``trace``, if given, receives every move as ``(seat, tile, end)``
    with tile -1 for a pass (the tests replay it through the engine). ``policy`` gives a
    team other weights than :data:`POLICY`, ``{team: (tempo, partner, keep)}``, so that
    two policies can play each other (``benchmarks/policy.py``).
    """
    seats = rules.seats
    weight = _WEIGHT
    bits = BITS
    partner = teammates(rules)
    team_of = rules.team_of
    rand = rng.random if rng is not None and noise > 0 else None
    passes = 0
    while True:
        hand = hands[turn]
        best = -1
        best_score = -1e9
        best_end = 0
        if left < 0:
            for t in hand:
                s = weight[t] + (rand() * noise if rand else 0.0)
                if s > best_score:
                    best, best_score = t, s
        else:
            # One pass picks the tiles that fit; most turns have none or one of them.
            open_bits = (1 << left) | (1 << right)
            fit = [t for t in hand if bits[t] & open_bits]
            if len(fit) > 1:
                # A real choice: weigh each (tile, end) with what it leaves the next seat,
                # the partner and this hand. Every hand is known in a playout, so these
                # are exact.
                tempo, support, keep = POLICY if policy is None else policy[team_of[turn]]
                following = 0
                nxt = turn + 1 if turn + 1 < seats else 0
                if team_of[nxt] == team_of[turn]:
                    following = -1  # the next seat is a teammate: no tempo to win from it
                else:
                    for u in hands[nxt]:
                        following |= bits[u]
                mate = 0
                for p in partner[turn]:
                    for u in hands[p]:
                        mate |= bits[u]
                for t in fit:
                    h = HI[t]
                    lo = LO[t]
                    for end, number in ((LEFT_END, left), (RIGHT_END, right)):
                        if h != number and lo != number:
                            continue
                        other = lo if h == number else h
                        ends = (1 << other) | (1 << (right if end == LEFT_END else left))
                        s = weight[t] + (rand() * noise if rand else 0.0)
                        if not following & ends:
                            s += tempo  # the next seat must pass
                        if mate & ends:
                            s += support  # the partner can follow
                        for u in hand:
                            if u != t and bits[u] & ends:
                                s += keep  # a tile this hand can still play
                        if s > best_score:
                            best, best_score, best_end = t, s, end
            elif fit:
                best = fit[0]
                if rand:
                    rand()  # the same draws as a choice among one (noise stays comparable)
                h = HI[best]
                if h == left or LO[best] == left:
                    best_end = -1 if (h == right or LO[best] == right) else 0
                else:
                    best_end = 1
        if best < 0:
            if trace is not None:
                trace.append((turn, -1, 0))
            passes += 1
            if passes >= seats:  # nobody can move: only a malformed start gets here
                return block_result(hands, rules)
            turn += 1
            if turn == seats:
                turn = 0
            continue
        passes = 0
        hand.remove(best)
        h = HI[best]
        lo = LO[best]
        if left < 0:
            left, right = h, lo
        else:
            if best_end < 0:
                # Fits both ends: expose the number this hand holds more of.
                new_l = lo if h == left else h
                new_r = lo if h == right else h
                mine_l = mine_r = 0
                for t in hand:
                    if HI[t] == new_l or LO[t] == new_l:
                        mine_l += 1
                    if HI[t] == new_r or LO[t] == new_r:
                        mine_r += 1
                best_end = 0 if mine_l >= mine_r else 1
            if best_end == 0:
                left = lo if h == left else h
            else:
                right = lo if h == right else h
        if trace is not None:
            trace.append((turn, best, best_end))
        held[h] -= 1
        if h != lo:
            held[lo] -= 1
        if not hand:
            team = rules.team_of[turn]
            return team, _points(hands, team, rules, DOMINO)
        if held[left] == 0 and held[right] == 0:
            return block_result(hands, rules)
        turn += 1
        if turn == seats:
            turn = 0
