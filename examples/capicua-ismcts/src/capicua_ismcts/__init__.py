"""An information-set Monte Carlo tree search player as a capicua player plugin: ``ismcts``.

A benchmark opponent for capicua's own computer players, written from Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search" (IEEE TCIAIG 4(2), 2012), in the
form OpenSpiel's ``ISMCTSBot`` gives it: one tree per decision whose nodes are the
information sets of the seat to move, UCB1 with exploration constant ``c = 2``, one random
playout from each new node, and the most visited move at the root. Nothing in it is
tuned to dominoes: that is what makes it a yardstick.

Each simulation

1. **determinizes**: deals the tiles this seat has not seen into the other hands (and the
   unused pile or the boneyard) consistently with its view: every seat gets its count, and
   none a tile it has shown it lacks by passing (``View.lacks``). In the block games (Chiva,
   double-nine, any game the fast simulator plays) it uses the deal the expert starts
   from, :func:`capicua.players.chain.consistent_deal`, without the expert's reading of
   the plays (every consistent deal alike); in a game with rules of its own (Draw, All
   Fives, Mexican Train, ...), :func:`capicua.players.general.deal_unseen`;
2. **selects** down the tree: at every turn with a choice, the node is the information set
   of the seat to move (the public actions so far and that seat's own tiles, so every
   determinization that reaches it offers the same moves); a move not tried there yet is
   tried first (in random order), else the move with the highest
   ``mean + c * sqrt(ln N / n)``, ties at random. A turn without a choice (a forced play,
   a pass, a draw) has no node: it is taken;
3. **expands** the first node not yet in the tree and **plays out** from it at random
   (uniform over the legal moves) to the end of the hand;
4. **backs up** the result: every node on the path adds the hand's worth to the team of the
   seat that moved there: 1 for a won hand, -1 for a lost one, 0 for a tie.

Its budget per decision is the option ``simulations`` (reproducible from the seat's random
stream) or ``seconds`` (a wall clock, not reproducible). It sees only its seat's view.
The draw for first lead, the leader and redeal claims are decided as capicua's computer
players decide them (:func:`capicua.players.base.other_decision`).

Fast paths: in the block games it plays on ints (tiles as ``Tile.index``, the line as its
two ends) with the rules the expert's simulator reads from the game
(:func:`capicua.players.sim.rules_for`); elsewhere every step goes through the engine's
own :func:`capicua.core.position.step`.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from capicua.core.actions import Action, Play
from capicua.core.position import Position, step
from capicua.core.variant import GOAL
from capicua.core.view import View
from capicua.hookspecs import hookimpl
from capicua.players.base import ComputerPlayer, Option
from capicua.players.chain import consistent_deal
from capicua.players.general import deal_unseen, position_of
from capicua.players.knowledge import Knowledge, knowledge
from capicua.players.sim import DOUBLE, HI, LO, Rules, block_result, held_counts, rules_for

__all__ = ["ISMCTSPlayer", "capicua_register_players", "search"]

#: UCB1's exploration constant, as OpenSpiel's examples run ISMCTSBot (results are -1..1).
UCT_C = 2.0
#: Two UCB values closer than this are a tie, broken at random (OpenSpiel's tolerance).
TIE = 1e-5
#: A playout in a game with rules of its own stops after this many steps (a guard only:
#: the games shipped end far sooner).
MOST_STEPS = 2_000
#: The pass in the fast path's moves (a move is ``tile * 2 + end`` there).
PASS = -1


class _Node:
    """One information set of the seat to move: how often it was visited, and per move
    tried there, ``[visits, summed result]``."""

    __slots__ = ("children", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.children: dict[Any, list[float]] = {}


class _LineState:
    """A block-game hand (one determinization) on ints, as the expert's simulator plays it:
    moves are ``tile * 2 + end`` (0 left, 1 right) or :data:`PASS`."""

    __slots__ = (
        "done",
        "hands",
        "held",
        "left",
        "masks",
        "passes",
        "right",
        "rules",
        "turn",
        "winner",
    )

    def __init__(self, hands: list[list[int]], k: Knowledge, rules: Rules) -> None:
        self.hands = hands
        self.masks = [sum(1 << t for t in h) for h in hands]
        self.held = held_counts(hands, k.max_pip)
        self.left, self.right, self.turn = k.left, k.right, k.me
        self.rules = rules
        self.passes = 0
        self.winner: int | None = None  # the winning team, 0 on a tie, None while in play
        self.done = False

    def moves(self) -> list[int]:
        hand, left, right = self.hands[self.turn], self.left, self.right
        if left < 0:
            return [t * 2 for t in hand]
        out = []
        for t in hand:
            h, lo = HI[t], LO[t]
            if h == left or lo == left:
                out.append(t * 2)
            if h == right or lo == right:
                out.append(t * 2 + 1)
        return out or [PASS]

    def key(self) -> int:
        return self.masks[self.turn]

    def team(self) -> int:
        return self.rules.team_of[self.turn]

    def play(self, move: int) -> None:
        rules = self.rules
        if move == PASS:
            self.passes += 1
            if self.passes >= rules.seats:  # nobody can move: the hand is blocked
                self.winner = block_result(self.hands, rules)[0]
                self.done = True
            self.turn = (self.turn + 1) % rules.seats
            return
        self.passes = 0
        tile, end = move >> 1, move & 1
        hand = self.hands[self.turn]
        hand.remove(tile)
        self.masks[self.turn] ^= 1 << tile
        h, lo = HI[tile], LO[tile]
        if self.left < 0:
            self.left, self.right = h, lo
        elif end == 0:
            self.left = lo if h == self.left else h
        else:
            self.right = lo if h == self.right else h
        held = self.held
        held[h] -= 1
        if not DOUBLE[tile]:
            held[lo] -= 1
        if not hand:
            self.winner = rules.team_of[self.turn]
            self.done = True
        elif held[self.left] == 0 and held[self.right] == 0:
            self.winner = block_result(self.hands, rules)[0]
            self.done = True
        else:
            self.turn = (self.turn + 1) % rules.seats

    def result(self, team: int) -> float | None:
        """The hand's worth to ``team`` once it is over (1 won, -1 lost, 0 tied), else None."""
        w = self.winner
        if w is None:
            return None
        return 0.0 if w == 0 else 1.0 if w == team else -1.0


class _RulesState:
    """A hand of a game with rules of its own (one determinization), stepped by the
    engine's :func:`~capicua.core.position.step`; moves are the engine's actions."""

    __slots__ = ("done", "pos", "start", "steps", "values")

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.start = pos.scores
        self.steps = 0
        self.values: dict[int, float] = {}  # per team, once the hand is over
        self.done = False

    def moves(self) -> list[Action]:
        return self.pos.variant.legal_plays(self.pos)

    def key(self) -> tuple[int, ...]:
        return tuple(sorted(t.index for t in self.pos.hands[self.pos.turn]))

    def team(self) -> int:
        return self.pos.variant.team_of[self.pos.turn]

    def play(self, move: Action) -> None:
        pos = self.pos
        ending = step(pos, move)
        self.steps += 1
        if ending is None and self.steps < MOST_STEPS:
            return
        rules = pos.variant
        scores = pos.scores
        if ending is not None and ending.outcome != GOAL:
            _, scores = rules.score_hand(scores, ending.outcome, ending.team, pos.remaining())
        gained = [after - before for before, after in zip(self.start, scores, strict=True)]
        teams = len(gained)
        values = {}
        for team in range(1, teams + 1):
            if ending is not None and ending.outcome == GOAL:
                values[team] = 1.0 if ending.team == team else -1.0
                continue
            # The hand is won by the side that gained more than the others' mean (lost
            # where the lowest score wins).
            others = [g for t, g in enumerate(gained, 1) if t != team]
            edge = gained[team - 1] - (sum(others) / len(others) if others else 0.0)
            if rules.low_score_wins:
                edge = -edge
            values[team] = 1.0 if edge > 0 else -1.0 if edge < 0 else 0.0
        self.values = values
        self.done = True

    def result(self, team: int) -> float | None:
        return self.values[team] if self.done else None


def _determinize(view: View, rng: random.Random, k: Knowledge | None) -> _LineState | _RulesState:
    """One deal of the hidden tiles consistent with ``view``, as a state to play on: on
    ints where ``k`` (the seat's knowledge, for the fast path) is given."""
    if k is not None:
        return _LineState(consistent_deal(k, rng), k, rules_for(view.variant))
    hands, boneyard = deal_unseen(view, rng)
    return _RulesState(position_of(view, hands, boneyard))


def _root_moves(view: View, fast: bool) -> list[Any]:
    """The state's encoding of each of ``view.legal`` (the root's moves), in its order."""
    if not fast:
        return list(view.legal)
    out = []
    for a in view.legal:
        assert isinstance(a, Play)  # called with two or more legal actions: all plays
        out.append(a.tile.index * 2 + (1 if a.end == "right" else 0))
    return out


def search(
    view: View,
    rng: random.Random,
    simulations: int = 1000,
    seconds: float = 0.0,
    c: float = UCT_C,
) -> tuple[Action, dict[Action, int]]:
    """The move ISMCTS makes at ``view`` (a play decision with two or more legal actions)
    after ``simulations`` simulations, or as many as fit in ``seconds`` when that is above
    0 (at least one); with the visits of each of ``view.legal`` at the root."""
    fast = view.variant.variant().plays_fast()
    k = knowledge(view) if fast else None
    root_moves = _root_moves(view, fast)
    root = _Node()
    root.visits = 0
    nodes: dict[tuple[Any, Any], _Node] = {}
    paths: dict[tuple[int, Any], int] = {}  # (public path, move) -> the path after it
    deadline = time.perf_counter() + seconds if seconds > 0 else None
    log = math.log
    sqrt = math.sqrt
    done = 0
    while True:
        if deadline is not None:
            if done and time.perf_counter() >= deadline:
                break
        elif done >= simulations:
            break
        done += 1
        state = _determinize(view, rng, k)
        path = 0
        trail: list[tuple[list[float], int]] = []  # (child stats, team that moved)
        node: _Node | None = root
        moves: list[Any] = root_moves
        while True:
            if node is None:
                moves = state.moves()
                if len(moves) > 1:
                    key = (path, state.key())
                    node = nodes.get(key)
                    if node is None:
                        nodes[key] = _Node()  # expanded now; a playout gives its value
                        break
            if node is not None:
                children = node.children
                untried = [m for m in moves if m not in children]
                if untried:
                    move = untried[int(rng.random() * len(untried))]
                    stats = children[move] = [0, 0.0]
                else:
                    log_n = log(node.visits)
                    best = -1e18
                    ties: list[Any] = []
                    for m in moves:
                        s = children[m]
                        value = s[1] / s[0] + c * sqrt(log_n / s[0])
                        if value > best + TIE:
                            best, ties = value, [m]
                        elif value > best - TIE:
                            ties.append(m)
                    move = ties[int(rng.random() * len(ties))] if len(ties) > 1 else ties[0]
                    stats = children[move]
                node.visits += 1
                stats[0] += 1
                trail.append((stats, state.team()))
            else:
                move = moves[0]
            state.play(move)
            nxt = paths.get((path, move))
            if nxt is None:
                nxt = paths[(path, move)] = len(paths) + 1
            path = nxt
            node = None
            if state.done:
                break
        # The playout: uniform over the legal moves, to the end of the hand.
        while not state.done:
            moves = state.moves()
            state.play(moves[int(rng.random() * len(moves))] if len(moves) > 1 else moves[0])
        for stats, team in trail:
            worth = state.result(team)
            assert worth is not None  # the playout ran to the end
            stats[1] += worth
    visits = {
        a: int(root.children[m][0]) if m in root.children else 0
        for a, m in zip(view.legal, root_moves, strict=True)
    }
    most = max(visits.values())
    best_moves = [a for a in view.legal if visits[a] == most]
    choice = (
        best_moves[int(rng.random() * len(best_moves))] if len(best_moves) > 1 else best_moves[0]
    )
    return choice, visits


class ISMCTSPlayer(ComputerPlayer):
    """Information-set Monte Carlo tree search (see the module docstring)."""

    name = "ismcts"
    description = (
        "information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012): "
        "UCB1, random playouts; a benchmark opponent"
    )
    options = {
        "simulations": Option(
            int, 1000, "simulations per decision (reproducible)", min=1, max=10_000_000
        ),
        "seconds": Option(
            float,
            0.0,
            "wall-clock budget per decision instead of the simulations (0: off; not reproducible)",
            min=0.0,
            max=600.0,
        ),
    }

    simulations: int
    seconds: float

    def choose_play(self, view: View) -> Action:
        return search(view, self.rng, self.simulations, self.seconds)[0]


@hookimpl
def capicua_register_players(registry) -> None:
    """Add the ISMCTS player to capicua's players."""
    registry.add(ISMCTSPlayer)
