"""The conformance kit: what a plugin author runs in their own tests.

``check_variant(MyVariant)`` plays seeded random matches of a variant and checks, at every
decision, the invariants the rest of capicua (the GUI, the players, the tournament runner,
the records) relies on:

* the metadata is valid (the same check the registry makes at load time);
* the legal actions are well-formed, each of them applies, an illegal action is refused
  with :class:`~capicua.core.errors.IllegalAction` and changes nothing, and undo restores
  the state exactly (redo brings it back);
* the tiles are conserved (hands, line and unused stock are the whole set), a hand goes on
  only while someone can play, and every hand result is consistent with how it ended;
* every seat's view leaks nothing hidden (:func:`find_leaks`: the view's object graph is
  walked; no tile of another hand or of the unused stock, no match, dealer or random
  stream, no mutable container is reachable);
* the match ends, its record survives JSON and replays to the same match, also when saved
  half-way, and the same seed gives the same match.

``check_simulator(MyVariant)`` checks that the computer players play the variant by its
rules: from random positions of its matches, the players' fast simulator
(:mod:`capicua.players.sim`) offers the engine's legal moves, and every playout it plays
(with and without noise), replayed move by move in the engine, ends the hand with the
result the engine gives (winner and points): the expert's search scores a hand exactly as
the game does.

``check_player(MyPlayer)`` seats the player at every seat of seeded matches of every
loaded variant and checks that it always answers one of ``view.legal``, never raises, stays
within a time limit per decision, and makes the same choices from the same random stream.

Both raise :class:`ConformanceError` (an ``AssertionError``, so pytest shows it as a test
failure) naming the variant, the match seed, the hand and the decision, and return a
:class:`Report` of what was checked. Use them as plain test functions::

    from capicua.testing import check_player, check_variant

    def test_block_keeps_the_core_invariants():
        check_variant(Block)

    def test_greedy_always_answers_a_legal_action():
        check_player(GreedyPlayer)
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NoReturn

from .core.actions import DRAW, PASS, Action, ChooseLeader, DrawTile, Keep, Pass, Pick, Play, Redeal
from .core.errors import IllegalAction
from .core.match import CLAIM, LEAD, OVER, PLAY, Match, Phase
from .core.position import step
from .core.records import dumps, replay, to_record
from .core.rng import Dealer, derive, derive_seed, seat_stream
from .core.tiles import Tile, tile_set
from .core.variant import BLOCK, DOMINO, GOAL, TIE, Variant
from .players.base import Player
from .registries import player_problems, variant_problems

__all__ = [
    "ConformanceError",
    "Report",
    "check_player",
    "check_simulator",
    "check_variant",
    "find_leaks",
    "random_match",
]

#: A match longer than this many actions is taken not to end (a rule that never finishes).
MAX_ACTIONS = 50_000
_PHASE_KINDS = {
    PLAY: (Play, Pass, DrawTile),
    CLAIM: (Keep, Redeal),
    LEAD: (ChooseLeader,),
    Phase.DRAW: (Pick,),
}


class ConformanceError(AssertionError):
    """A plugin broke an invariant of the core; the message says where and how to repeat it."""


@dataclass
class Report:
    """What a check covered, for the curious (and for asserting it did real work)."""

    subject: str
    matches: int = 0
    hands: int = 0
    actions: int = 0
    views: int = 0
    undo_checks: int = 0
    decisions: int = 0
    slowest: float = 0.0  # seconds, the slowest decision of a checked player
    playouts: int = 0  # playouts of the simulator checked against the engine


# -- variants ------------------------------------------------------------------------------


def check_variant(
    variant: Callable[[], Variant],
    *,
    matches: int = 5,
    seed: int = 0,
    undo_every: int = 10,
    max_actions: int = MAX_ACTIONS,
) -> Report:
    """Play ``matches`` seeded random matches of ``variant`` and check every invariant.

    :param variant: the variant class (or any callable making a fresh instance).
    :param matches: how many matches; match ``i`` has seed
        ``derive_seed(seed, "match", i)``.
    :param seed: the kit's seed; the failure message gives each match's own seed.
    :param undo_every: every this many decisions, every legal action is applied and
        undone (undo replays the match, so doing it at every decision is quadratic).
    :param max_actions: a match still running after this many actions fails the check.
    """
    sample = variant()
    problems = variant_problems(type(sample))
    if problems:
        raise ConformanceError(
            f"variant {type(sample).__qualname__} has bad metadata: " + "; ".join(problems)
        )
    report = Report(sample.name)
    for i in range(matches):
        mseed = derive_seed(seed, "match", i)
        checker = _MatchChecker(variant, mseed, undo_every, max_actions, report)
        first = checker.run()
        again = random_match(variant, mseed, max_actions)
        if to_record(again, _SEATS) != first:
            raise ConformanceError(
                f"{sample.name}, seed {mseed}: the same seed and the same choices gave a "
                "different match (does the variant use a random source of its own, or "
                "iterate over a set?)"
            )
        report.matches += 1
    return report


def random_match(
    variant: Callable[[], Variant], seed: int, max_actions: int = MAX_ACTIONS
) -> Match:
    """The match ``check_variant`` plays with ``seed``: uniform choices from a stream of
    their own. Use it to look at a failing match (``capicua replay`` its record). It stops
    after ``max_actions`` actions, finished or not."""
    match = variant().new_match(seed)
    choices = derive(seed, "conformance-choices")
    while match.turn is not None and len(match.actions) < max_actions:
        legal = match.legal_actions()
        match.apply(legal[int(choices.random() * len(legal))])
    return match


_SEATS: Mapping[int, Any] = MappingProxyType({})


# -- the players' simulator ----------------------------------------------------------------


def check_simulator(
    variant: Callable[[], Variant], *, positions: int = 40, seed: int = 0, noises: int = 2
) -> Report:
    """Check that the computer players' simulator plays ``variant`` by the engine's rules.

    From ``positions`` random positions (matches played at random to a play decision, in
    any hand), the simulator's legal moves must be the engine's, and ``noises`` playouts
    from each (the first without noise, the rest with) must, replayed move by move in the
    engine, be legal there and end the hand with the engine's result: the same winning
    team (or tie) and the same points. A failure names the position's seed.
    """
    from .players.sim import held_counts, legal_moves, playout, rules_for

    sample = variant()
    report = Report(sample.name)
    if not sample.plays_fast():
        return _check_rules_playouts(variant, report, positions, seed, noises)
    for i in range(positions):
        pseed = derive_seed(seed, "simulator", i)
        match = _random_position(variant, pseed)
        if match is None:
            continue
        v = match.variant
        seat = match.to_move
        # The rules as a player gets them: from the metadata its view carries.
        rules = rules_for(match.view(seat).variant)
        where = f"{sample.name}, position seed {pseed}, hand {match.hand_number}"
        hands = [[t.index for t in match.hands[s]] for s in range(1, v.seats + 1)]
        left, right = match.ends or (-1, -1)
        engine = sorted(
            (a.tile.index, 0 if a.end == "left" else 1)
            for a in match.legal_actions()
            if isinstance(a, Play)
        )
        if sorted(legal_moves(hands[seat - 1], left, right)) != engine:
            raise ConformanceError(f"{where}: the simulator's legal moves are not the engine's")
        for k in range(noises):
            trace: list[tuple[int, int, int]] = []
            team, points = playout(
                [h[:] for h in hands],
                held_counts(hands, v.max_pip),
                left,
                right,
                seat - 1,
                rules,
                random.Random(pseed + k),
                5.0 * k,
                trace,
            )
            log = match.hand
            assert log is not None  # a position is in the middle of a hand
            done = 0
            for mover, tile, end in trace:
                if match.turn != mover + 1:
                    raise ConformanceError(
                        f"{where}: the simulator moved seat {mover + 1}, the engine has seat "
                        f"{match.turn} to move"
                    )
                action = (
                    PASS if tile < 0 else Play.of(_TILES[tile], "left" if end == 0 else "right")
                )
                if not match.is_legal(action):
                    raise ConformanceError(f"{where}: the simulator played {action}, not legal")
                match.apply(action)
                done += 1
            result = log.result
            if result is None:
                raise ConformanceError(
                    f"{where}: the simulator ended a hand the engine goes on with"
                )
            if (team or None, points) != (result.team, result.points):
                raise ConformanceError(
                    f"{where}: the simulator scored the hand as won by team {team or None} for "
                    f"{points} points; the engine as won by team {result.team} for "
                    f"{result.points} ({result.outcome}): the simulator does not score as "
                    "the variant's block_winner and points do"
                )
            match.undo(done)
            report.playouts += 1
        report.hands += 1
    return report


_TILES = {t.index: t for t in tile_set(12)}


def _check_rules_playouts(
    variant: Callable[[], Variant], report: Report, positions: int, seed: int, noises: int
) -> Report:
    """check_simulator for a game with rules of its own: the players' look-ahead
    (:mod:`capicua.players.general`) rebuilds each position from the seat's view and the
    true hidden tiles, offers the engine's legal actions there, and plays the hand out to
    the engine's result when the engine takes the same actions."""
    from .players.general import playout_policy, position_of

    name = report.subject
    for i in range(positions):
        pseed = derive_seed(seed, "simulator", i)
        match = _random_position(variant, pseed)
        if match is None or match.position is None:
            continue
        where = f"{name}, position seed {pseed}, hand {match.hand_number}"
        for k in range(noises):
            truth = match.position  # the engine's own, made again by each undo
            assert truth is not None
            pos = position_of(
                match.view(match.to_move),
                [list(h) for h in truth.hands],
                list(truth.boneyard),
            )
            if pos.variant.legal_plays(pos) != match.legal_actions():
                raise ConformanceError(
                    f"{where}: the look-ahead's legal actions are not the engine's"
                )
            rng = derive(pseed, "playout", k)
            taken = 0
            ending = None
            hand = match.hand
            while ending is None:
                action = playout_policy(pos, rng)
                ending = step(pos, action)
                match.apply(action)
                taken += 1
            assert hand is not None
            r = hand.result
            if r is None or (r.outcome, r.team, r.seat) != tuple(ending):
                raise ConformanceError(
                    f"{where}: the look-ahead ended the hand as {tuple(ending)}, the engine "
                    f"as {None if r is None else (r.outcome, r.team, r.seat)}"
                )
            match.undo(taken)
            report.playouts += 1
        report.hands += 1
    return report


def _random_position(variant: Callable[[], Variant], seed: int) -> Match | None:
    """A match played at random from ``seed`` to a play decision (not an opening the rules
    force; ``None`` if the match ended first)."""
    rng = random.Random(seed)
    match = variant().new_match(rng.getrandbits(32))
    stop = rng.random()
    while match.turn is not None and len(match.actions) < MAX_ACTIONS:
        legal = match.legal_actions()
        forced = not match.line and match.required is not None  # the rules' opening, no choice
        if match.phase == PLAY and not forced and legal[0] is not PASS and rng.random() < stop / 3:
            return match
        match.apply(legal[int(rng.random() * len(legal))])
    return None


class _MatchChecker:
    """One match of :func:`check_variant`, checked decision by decision."""

    def __init__(
        self,
        variant: Callable[[], Variant],
        seed: int,
        undo_every: int,
        max_actions: int,
        report: Report,
    ) -> None:
        self.v = variant()
        self.make = variant
        self.seed = seed
        self.undo_every = max(1, undo_every)
        self.max_actions = max_actions
        self.report = report
        self.full = tile_set(self.v.max_pip)
        self.instrument()
        try:
            self.match = self.v.new_match(seed)
        except ConformanceError:
            raise
        except Exception as exc:
            raise ConformanceError(
                f"{self.v.name}, seed {seed}: starting a match raised {exc!r}"
            ) from exc
        self.past_ok: dict = {}  # finished hands already walked (see find_leaks)

    def instrument(self) -> None:
        """Check what each rule method of this match's variant returns, as it returns it, so
        that a wrong answer is named at its source and not by the crash it causes later."""
        v = self.v
        teams = range(1, len(v.teams) + 1)
        seats = range(1, v.seats + 1)

        def team_or_none(method: str, value: Any) -> None:
            if value is not None and value not in teams:
                self.fail(f"{method} returned team {value!r}; the teams are 1 to {len(teams)}")

        def check_leader(value: Any, previous: Any, hands: Any) -> None:
            if not (isinstance(value, tuple) and len(value) == 2 and value[0] in seats):
                self.fail(f"leader returned {value!r}, not (seat, tile or None)")
            seat, tile = value
            if tile is not None and tile not in hands[seat]:
                self.fail(f"leader says seat {seat} opens with {tile}, which it does not hold")

        def check_points(value: Any, *args: Any) -> None:
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                self.fail(f"points must be a non-negative int, not {value!r}")

        def check_scores(value: Any, *args: Any) -> None:
            if not (
                isinstance(value, tuple)
                and len(value) == len(v.teams)
                and all(isinstance(s, int) for s in value)
            ):
                self.fail(f"next_scores returned {value!r}, not a tuple of {len(v.teams)} ints")

        def check_label(value: Any, *args: Any) -> None:
            if value is not None and value not in v.labels:
                self.fail(f"label returned {value!r}, which is not one of labels {v.labels!r}")

        checks = {
            "leader": check_leader,
            "block_winner": lambda value, *a: team_or_none("block_winner", value),
            "points": check_points,
            "next_scores": check_scores,
            "match_winner": lambda value, *a: team_or_none("match_winner", value),
            "entitled_team": lambda value, *a: (
                value in teams
                or self.fail(f"entitled_team returned {value!r}; the teams are 1 to {len(teams)}")
            ),
            "label": check_label,
        }
        for name, check in checks.items():
            setattr(v, name, _checked(getattr(v, name), check))

    def fail(self, what: str) -> NoReturn:
        m = getattr(self, "match", None)
        if m is None:
            raise ConformanceError(f"{self.v.name}, seed {self.seed}, starting the match: {what}")
        hand = m.hand_number
        raise ConformanceError(
            f"{self.v.name}, seed {self.seed}, hand {hand}, after {len(m.actions)} actions "
            f"(phase {m.phase!r}, seat {m.turn} to move): {what}"
        )

    def run(self) -> dict:
        m = self.match
        choices = derive(self.seed, "conformance-choices")
        # A record saved part-way must replay too; where is drawn from a stream of its own,
        # so that the choices stay those of random_match().
        save_at = derive(self.seed, "conformance-save").randrange(1, 150)
        halfway = None
        step = 0
        while True:
            self.state_invariants()
            for seat in range(1, self.v.seats + 1):
                self.view_invariants(seat)
            if m.turn is None:
                break
            legal = m.legal_actions()
            if step % self.undo_every == 0:
                self.every_action_applies_and_undoes(legal)
            self.illegal_is_refused(legal)
            action = legal[int(choices.random() * len(legal))]
            log = m.hand  # the hand this action is taken in, while it is being played
            if log is not None and log.result is not None:
                log = None
            self.call(f"applying the legal action {action}", m.apply, action)
            if log is not None and log.result is not None:  # the action ended it
                self.result_invariants(log)
            step += 1
            if step == save_at:
                halfway = (to_record(m, _SEATS), _fingerprint(m))
            if step > self.max_actions:
                self.fail(
                    f"the match has not ended after {self.max_actions} actions; "
                    "does match_winner ever return a team?"
                )
        self.report.actions += len(m.actions)
        self.report.hands += len(m.hands_log)
        outcome = m.outcome
        if (
            outcome is None
            or not outcome.winners
            or not all(1 <= w <= len(self.v.teams) for w in outcome.winners)
            or (outcome.winner is None) != (len(outcome.winners) > 1)
        ):
            self.fail(f"the match is over but its outcome is {outcome!r}")
        if outcome.label is not None and outcome.label not in self.v.labels:
            self.fail(
                f"label {outcome.label!r} is not one of the variant's labels {self.v.labels!r}"
            )
        record = to_record(m, _SEATS)
        self.record_round_trip(record, _fingerprint(m))
        if halfway is not None:
            self.record_round_trip(*halfway)
        return record

    # -- the state -----------------------------------------------------------------------

    def state_invariants(self) -> None:
        m = self.match
        legal = m.legal_actions()
        if (m.turn is None) != (not legal):
            self.fail(f"seat {m.turn} is to move but the legal actions are {legal!r}")
        if m.turn is None and m.phase != OVER:
            self.fail("nobody is to move but the match is not over")
        if len(set(map(id, legal))) != len(legal):
            self.fail(f"the legal actions repeat an action: {[str(a) for a in legal]}")
        kinds = _PHASE_KINDS.get(m.phase, ())
        for a in legal:
            if not isinstance(a, kinds):
                self.fail(f"{a} is offered in phase {m.phase!r}")
        if len(m.scores) != len(self.v.teams):
            self.fail(f"scores {m.scores!r} do not have one entry per team")
        if m.phase not in (PLAY, CLAIM):
            return
        held = [t for s in range(1, self.v.seats + 1) for t in m.hands[s]]
        if m.position is not None:
            rest = list(m.position.boneyard) + list(self.v.set_aside(m.hand_number))
            on_table = [Tile.of(a, b) for a, b in m.layout.pairs()]
        else:
            rest, on_table = list(m.unused), [Tile.of(a, b) for a, b in m.line]
        every = Counter(held + on_table + rest)
        if every != Counter(self.full):
            extra = sorted((every - Counter(self.full)).elements())
            missing = sorted((Counter(self.full) - every).elements())
            self.fail(
                f"the tiles are not conserved: extra {[str(t) for t in extra]}, "
                f"missing {[str(t) for t in missing]}"
            )
        if m.phase == PLAY and m.position is not None:
            self.rules_invariants(legal)
        elif m.phase == PLAY and m.line:
            ends = (m.left, m.right)
            if not any(t.hi in ends or t.lo in ends for t in held):
                self.fail(
                    f"nobody can play on {ends} but the hand is not over (a block must "
                    "end the hand at once)"
                )
            hand = m.hands[m.to_move]
            if legal == [PASS] and any(t.has(m.left) or t.has(m.right) for t in hand):
                self.fail(f"seat {m.turn} must pass while holding a tile that fits")

    def rules_invariants(self, legal: list[Action]) -> None:
        """A hand played by the variant's rule methods: a pass only for a seat that cannot
        play, a draw beside plays only in a game that draws at will
        (:attr:`Variant.draws_at_will <capicua.core.variant.Variant.draws_at_will>`), a
        tile laid two ways on one end only in a game whose plays turn
        (:attr:`Variant.plays_turn <capicua.core.variant.Variant.plays_turn>`), and no hand
        going on that nobody can move in."""
        m, v = self.match, self.v
        pos = m.position
        assert pos is not None
        seat = m.to_move

        # A pass may open ends to others (Mexican Train's marker on the passer's train): a
        # hand goes on while someone can play now or once every seat has passed in turn.
        passed = pos.layout
        for s in range(1, v.seats + 1):
            passed = v.next_layout(passed, s, PASS)

        def can_play(s: int) -> bool:
            for layout in (pos.layout, passed):
                allowed = v.open_to(layout, s)
                if any(e in allowed for t in pos.hands[s] for e in layout.fits(t)):
                    return True
            return False

        plays = [a for a in legal if isinstance(a, Play)]
        if PASS in legal and plays:
            self.fail(f"seat {seat} is offered a play and a pass at once")
        if DRAW in legal and plays and not v.draws_at_will:
            self.fail(
                f"seat {seat} is offered a play and a draw at once, in a game that does not "
                "draw at will (Variant.draws_at_will)"
            )
        turned = [a for a in plays if a.shows is not None]
        if turned and not v.plays_turn:
            self.fail(
                f"seat {seat} is offered {turned[0]}, a play that names its way round, in a "
                "game whose plays do not turn (Variant.plays_turn)"
            )
        for a in turned:
            if a.shows not in pos.layout.ways(a.tile, a.end):
                self.fail(f"seat {seat} is offered {a}, a way round its layout's ways refuse")
        if DRAW in legal and not v.can_draw(pos):
            self.fail(f"seat {seat} is offered a draw from a boneyard that may not be drawn")
        if not v.can_draw(pos) and not any(can_play(s) for s in range(1, v.seats + 1)):
            self.fail("nobody can play or draw but the hand is not over (a block must end it)")

    def result_invariants(self, log) -> None:
        r = log.result
        v = self.v
        if r.outcome not in (DOMINO, BLOCK, TIE, GOAL):
            self.fail(f"hand {log.number} ended as {r.outcome!r}")
        if r.outcome == GOAL:
            if r.seat is None or r.team != v.team_of[r.seat]:
                self.fail(f"hand {log.number}: a goal reached by seat {r.seat}, team {r.team}")
        elif not v.plays_fast():
            # The rules path decided the end with the variant's own methods, checked above
            # as the hand went on; the line-end check below is the block game's.
            if r.outcome == DOMINO and (r.seat is None or r.remaining[r.seat]):
                self.fail(f"hand {log.number}: a domino by seat {r.seat} with tiles left")
        elif r.outcome == DOMINO:
            if r.seat is None or r.remaining[r.seat] or r.team != v.team_of[r.seat]:
                self.fail(
                    f"hand {log.number}: a domino by seat {r.seat} with tiles left or "
                    f"won by team {r.team}"
                )
        else:
            left = right = None
            for _, a in log.actions:
                if isinstance(a, Play):
                    if left is None:
                        left, right = a.tile.hi, a.tile.lo
                    elif a.end == "left":
                        left = a.tile.other(left)
                    else:
                        assert right is not None  # set with left, by the first play
                        right = a.tile.other(right)
            if any(t.has(left) or t.has(right) for ts in r.remaining.values() for t in ts):
                self.fail(f"hand {log.number} ended as a {r.outcome} while a tile still fits")
            if r.outcome == BLOCK and (r.team is None or r.seat is not None):
                self.fail(
                    f"hand {log.number}: a block needs a winning team and no seat, got "
                    f"team {r.team}, seat {r.seat}"
                )
            if r.outcome == TIE and (r.team is not None or r.points):
                self.fail(f"hand {log.number}: a tie won by team {r.team} for {r.points} points")
        if r.team is not None and not 1 <= r.team <= len(v.teams):
            self.fail(
                f"hand {log.number}: block_winner returned team {r.team!r}, which the "
                f"variant does not have"
            )
        if not isinstance(r.points, int) or r.points < 0:
            self.fail(f"hand {log.number}: points must be a non-negative int, not {r.points!r}")
        if len(r.scores) != len(v.teams) or not all(isinstance(s, int) for s in r.scores):
            self.fail(f"hand {log.number}: next_scores returned {r.scores!r}")

    # -- actions -------------------------------------------------------------------------

    def every_action_applies_and_undoes(self, legal: list[Action]) -> None:
        m = self.match
        before = _fingerprint(m)
        for action in list(legal):
            self.call(f"applying the legal action {action}", m.apply, action)
            after = _fingerprint(m)
            undone = self.call(f"undoing {action}", m.undo)
            if undone is not action:
                self.fail(f"undo took back {undone}, not {action}")
            self.same(before, _fingerprint(m), f"undo of {action}")
            self.call(f"redoing {action}", m.redo)
            self.same(after, _fingerprint(m), f"redo of {action}")
            self.call(f"undoing {action} again", m.undo)
            self.report.undo_checks += 1

    def call(self, what: str, fn: Callable, *args: Any) -> Any:
        """``fn(*args)``; an exception from it (the variant's code runs inside) fails the
        check, naming what was being done."""
        try:
            return fn(*args)
        except ConformanceError:
            raise
        except Exception as exc:  # noqa: BLE001 - the variant's code runs inside
            hint = (
                "; undo replays the match from its start, so the variant's rules must give "
                "the same answers every time"
                if fn is not self.match.apply
                else ""
            )
            self.fail(f"{what} raised {exc!r}{hint}")

    def illegal_is_refused(self, legal: list[Action]) -> None:
        m = self.match
        wrong = _an_illegal_action(m, legal)
        if wrong is None:
            return
        before = _fingerprint(m, views=False)
        try:
            m.apply(wrong)
        except IllegalAction:
            pass
        else:
            self.fail(f"the illegal action {wrong} was accepted")
        self.same(before, _fingerprint(m, views=False), f"refusing {wrong}")

    def same(self, want: dict, got: dict, what: str, skip: tuple[str, ...] = ()) -> None:
        for key, value in want.items():
            if key not in skip and value != got[key]:
                self.fail(f"{what} did not restore the state: {key} was {value!r}, is {got[key]!r}")

    # -- views and records ---------------------------------------------------------------

    def view_invariants(self, seat: int) -> None:
        m = self.match
        view = m.view(seat)
        leaks = find_leaks(view, m, seat, checked=self.past_ok)
        if leaks:
            self.fail(f"the view of seat {seat} leaks: " + "; ".join(leaks[:5]))
        for s, lacking in view.lacks().items():
            wrong = sorted(set(m.hands[s]) & lacking)
            if wrong:
                self.fail(
                    f"seat {s} holds {', '.join(map(str, wrong))}, which a pass or draw for "
                    "want of a play said it lacks (Variant.lacking)"
                )
        want = tuple(m.legal_actions()) if m.turn == seat else ()
        if tuple(view.legal) != want:
            self.fail(
                f"the view of seat {seat} offers {list(map(str, view.legal))}, the match "
                f"{list(map(str, want))}"
            )
        self.report.views += 1

    def record_round_trip(self, record: dict, state: dict) -> None:
        text = dumps(record)
        back = json.loads(text)
        if back != record:
            self.fail("the record does not survive JSON (tuples, sets or non-string keys?)")
        try:
            again = replay(back, _OneVariant(self.make))
        except Exception as exc:  # noqa: BLE001 - any failure to replay is the finding
            self.fail(f"the record does not replay: {exc}")
        if to_record(again, _SEATS) != record:
            self.fail("the replayed record differs from the original")
        # A record keeps the tile each seat drew for first lead, not its place in the pile:
        # the replay draws it as ``draw 0``, so the action lists may differ there.
        self.same(state, _fingerprint(again), "replaying the record", skip=("actions",))


def _checked(method: Callable, check: Callable) -> Callable:
    def call(*args: Any) -> Any:
        value = method(*args)
        check(value, *args)
        return value

    return call


class _OneVariant:
    """The registry ``replay`` needs, holding only the variant under test."""

    def __init__(self, make: Callable[[], Variant]) -> None:
        self.make = make

    def create(self, name: str) -> Variant:
        v = self.make()
        if v.name != name:
            raise KeyError(f"the record is of variant {name!r}, not {v.name!r}")
        return v


def _an_illegal_action(m: Match, legal: list[Action]) -> Action | None:
    """An action that is not legal now, of the kind most likely to be wrongly accepted."""
    if m.phase == PLAY:
        if PASS not in legal:
            return PASS
        if m.position is not None and DRAW not in legal:
            return DRAW
        for t in m.hands[m.to_move]:  # holds no tile that fits: any play of its own is illegal
            return Play.of(t, "left")
        return None
    if m.phase in (CLAIM, LEAD, Phase.DRAW):
        return PASS
    return None


def _fingerprint(m: Match, views: bool = True) -> dict:
    """Everything that makes up the state of a match, as comparable values (actions and
    tiles are interned, so comparing them is cheap)."""
    n = m.variant.seats
    state: dict[str, object] = {
        "phase": m.phase,
        "turn": m.turn,
        "scores": m.scores,
        "hands": tuple(tuple(m.hands[s]) for s in range(1, n + 1)),
        "line": tuple(m.line),
        "layout": m.layout,
        "boneyard": m.boneyard,
        "unused": tuple(m.unused),
        "required": m.required,
        "legal": tuple(m.legal_actions()),
        "actions": m.actions,
        "hands played": len(m.hands_log),
        "winner": m.winner,
        "label": m.label,
    }
    if views:
        state["draw"] = tuple(tuple(sorted(r.items())) for r in m.draw_rounds)
        state["log"] = tuple(
            (
                h.number,
                h.chooser,
                h.leader,
                tuple(h.actions),
                tuple(tuple(sorted((str(k), v) for k, v in r.deal.items())) for r in h.redeals),
                None if h.result is None else _result(h.result),
            )
            for h in m.hands_log
        )
        state["views"] = tuple(m.view(s) for s in range(1, n + 1))
    return state


def _result(r: Any) -> tuple:
    # Not dataclasses.astuple: it deep-copies, and the result's mapping is read-only.
    return (
        r.outcome,
        r.team,
        r.seat,
        r.points,
        r.scores,
        r.leader,
        tuple(sorted(r.remaining.items())),
    )


# -- views -----------------------------------------------------------------------------------

#: Objects a view must never reach: they hold hidden tiles, future deals or the engine.
FORBIDDEN = (Match, Dealer, random.Random, Variant, Player, list, dict, set, deque, bytearray)
_LEAVES = frozenset({int, float, str, bytes, bool, type(None)})


def find_leaks(view: Any, match: Match, seat: int, *, checked: dict | None = None) -> list[str]:
    """What ``view`` (of ``seat`` in ``match``) holds that the seat may not see; empty: nothing.

    The view's object graph is walked (tuples, frozen sets, read-only mappings, dataclasses,
    slots and instance attributes). Reached tiles are judged by where they are:

    * under ``past[i]`` (finished hands, public): any tile dealt to a seat in that hand and
      the doubles shown in it, but none of its unused stock;
    * under ``told`` (what this hand's passes told): the engine's own record, named tiles
      that say where a tile is not, never where it is;
    * anywhere else: the seat's own hand, the tiles played this hand, the doubles shown this
      hand, the draw for first lead and the tile the rules make the leader open with; no tile
      of another hand or of the unused stock (or of the face-down draw pile).

    A :class:`~capicua.core.match.Match`, dealer, random stream, variant, player or mutable
    container anywhere in the graph is a leak too (it could be read or changed later).
    ``checked`` (a dict kept between calls) memoizes finished hands already walked.
    """
    leaks: list[str] = []
    log = match.hand
    current = log if log is not None and log.result is None else None
    allowed: set[Tile] = set()
    hidden: set[Tile] = set()
    drawn = {t for rnd in match.draw_rounds for t in rnd.values()}
    if current is not None:
        allowed |= set(match.hands[seat])
        allowed |= {a.tile for _, a in current.actions if isinstance(a, Play)}
        allowed |= {t for r in current.redeals for t in r.shown}
        if match.required is not None and not match.line:
            allowed.add(match.required)  # public: the rules make its holder open with it
        hidden |= set(match.unused)
        for s in range(1, match.variant.seats + 1):
            if s != seat:
                hidden |= set(match.hands[s])
    if match.phase == Phase.DRAW:
        # The pile of the draw for first lead is face down (the engine's own list of it).
        hidden |= set(match.face_down)
    allowed |= drawn
    hidden -= allowed
    for name, value in _fields(view):
        if name == "past":
            for i, past in enumerate(value):
                # Finished hands are the same in every view (and again after an undo has
                # rebuilt them): walk each once.
                key = (i, getattr(past, "dealt", None), getattr(past, "history", None))
                if checked is not None and key in checked:
                    continue
                leaks += _past_leaks(past, match, i)
                if checked is not None and not leaks:
                    checked[key] = True
            continue
        if name == "told":
            # What the passes told names tiles a seat could have played, never where they
            # are: public as long as it is the engine's own record of the rules' answer.
            if value != (current.told if current is not None else ()):
                leaks.append("view.told is not what the rules told of this hand's passes")
            continue
        for path, tile in _tiles(value, f"view.{name}", leaks):
            if tile in hidden:
                leaks.append(f"{path} is {tile}, which seat {seat} may not see")
    return leaks


def _past_leaks(past: Any, match: Match, i: int) -> list[str]:
    leaks: list[str] = []
    log = match.hands_log[i] if i < len(match.hands_log) else None
    if log is None or log.result is None:
        return [f"view.past[{i}] is a hand that is not finished"]
    public = {t for s in range(1, match.variant.seats + 1) for t in log.deal[s]}
    public |= {t for r in log.redeals for t in r.shown}
    # Tiles drawn from the boneyard went into hands, shown once the hand is over; the rest
    # of the boneyard stays face down.
    drawn = sum(1 for _, a in log.actions if a is DRAW)
    public |= set(log.deal["unused"][:drawn])
    unused = set(log.deal["unused"]) - public
    for path, tile in _tiles(past, f"view.past[{i}]", leaks):
        if tile in unused:
            leaks.append(f"{path} is {tile}, an unused tile of that hand")
    return leaks


def _tiles(obj: Any, path: str, leaks: list[str]) -> Iterable[tuple[str, Tile]]:
    """Every tile reachable from ``obj`` with its path; forbidden objects go to ``leaks``."""
    stack = [(obj, path)]
    seen: set[int] = set()
    while stack:
        obj, path = stack.pop()
        kind = type(obj)
        if kind is Tile:
            yield path, obj
        elif kind is Play:  # the commonest object in a view: a fast path
            yield f"{path}.tile", obj.tile
        elif kind in _LEAVES or kind in _SIMPLE_ACTIONS or id(obj) in seen:
            continue
        elif isinstance(obj, type):
            continue  # a class (the variant's, in the metadata) is code, not state
        else:
            seen.add(id(obj))
            if kind is tuple or kind is frozenset:
                stack += [(x, f"{path}[{k}]") for k, x in enumerate(obj)]
            elif kind is MappingProxyType:
                for k, x in obj.items():
                    stack += [(k, f"{path}.keys()"), (x, f"{path}[{k!r}]")]
            elif isinstance(obj, FORBIDDEN):
                leaks.append(f"{path} is a {kind.__name__}, which a view must not hold")
            else:
                stack += [(x, f"{path}.{name}") for name, x in _fields(obj)]


_SIMPLE_ACTIONS = (Pass, Keep, Redeal, Pick, ChooseLeader)


def _fields(obj: Any) -> list[tuple[str, Any]]:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return [(f.name, getattr(obj, f.name)) for f in dataclasses.fields(obj)]
    out = []
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name) and not name.startswith("__"):
                out.append((name, getattr(obj, name)))
    out += list(getattr(obj, "__dict__", {}).items())
    return out


# -- players ---------------------------------------------------------------------------------


def check_player(
    player: type[Player],
    variants: Iterable[Callable[[], Variant]] | None = None,
    *,
    options: Mapping[str, Any] | None = None,
    matches: int = 2,
    seed: int = 0,
    time_limit: float | None = 1.0,
    clock: Callable[[], float] = time.perf_counter,
    max_decisions: int | None = None,
) -> Report:
    """Seat ``player`` at every seat of seeded matches and check every answer it gives.

    The player is asked at every decision, also where only one action is legal (the GUI
    and a tournament may ask then too). Checked: it answers one of ``view.legal`` (the very
    objects: compare with ``is``, or take them from the view), it does not raise, each
    answer comes within ``time_limit`` seconds, and the same random streams give the same
    choices.

    :param variants: the variants to play (default: every variant loaded, third-party
        variants included).
    :param options: the player's options, as a config's seat table would give them.
    :param matches: matches per variant.
    :param time_limit: seconds allowed per decision (``None``: not timed).
    :param clock: the clock decisions are timed with.
    :param max_decisions: stop each match after this many decisions (for slow players).
    """
    if getattr(player, "interactive", False):
        raise ValueError(f"player {player.name!r} is interactive: people answer in the GUI")
    from .plugins import default_plugins

    problems = player_problems(player)
    if problems:
        raise ConformanceError(
            f"player {player.__qualname__} has bad metadata: " + "; ".join(problems)
        )
    options = dict(options or {})
    for key, value in options.items():
        if key not in player.options:
            raise ConformanceError(f"player {player.name!r} has no option {key!r}")
        player.options[key].check(key, value)
    if variants is None:
        registry = default_plugins().variants
        variants = [registry.get(name) for name in registry.names()]
    report = Report(player.name)
    for make in variants:
        for i in range(matches):
            mseed = derive_seed(seed, "player", i)
            first = _seat_everywhere(
                player, make, mseed, options, time_limit, clock, max_decisions, report
            )
            again = _seat_everywhere(player, make, mseed, options, None, clock, max_decisions, None)
            if again != first:
                k = next(j for j, (a, b) in enumerate(zip(first, again, strict=True)) if a != b)
                raise ConformanceError(
                    f"player {player.name!r} in {make().name}, seed {mseed}: the same random "
                    f"streams gave different choices at decision {k + 1} ({first[k]} then "
                    f"{again[k]}); use self.rng, not the random module or the clock"
                )
            report.matches += 1
    return report


def _seat_everywhere(
    player: type[Player],
    make: Callable[[], Variant],
    seed: int,
    options: dict,
    time_limit: float | None,
    clock: Callable[[], float],
    max_decisions: int | None,
    report: Report | None,
) -> list[str]:
    variant = make()
    match = variant.new_match(seed)
    seats = {s: player(seat_stream(seed, s), **options) for s in range(1, variant.seats + 1)}
    taken: list[str] = []
    while match.turn is not None and (max_decisions is None or len(taken) < max_decisions):
        seat = match.turn
        view = match.view(seat)
        where = (
            f"player {player.name!r} in {variant.name}, seed {seed}, hand "
            f"{match.hand_number}, decision {len(taken) + 1} (seat {seat}, phase "
            f"{match.phase!r})"
        )
        start = clock()
        try:
            action = seats[seat].act(view)
        except Exception as exc:
            raise ConformanceError(f"{where}: act() raised {exc!r}") from exc
        took = clock() - start
        if not match.is_legal(action):
            legal = ", ".join(map(str, view.legal[:12]))
            hint = (
                " (an equal action but not the same object: take it from view.legal)"
                if any(str(a) == str(action) for a in view.legal)
                else ""
            )
            raise ConformanceError(
                f"{where}: answered {action!r}, which is not legal (legal: {legal}){hint}"
            )
        if time_limit is not None and took > time_limit:
            raise ConformanceError(
                f"{where}: took {took:.3f} s, over the limit of {time_limit:g} s"
            )
        if report is not None:
            report.decisions += 1
            report.slowest = max(report.slowest, took)
        match.apply(action)
        taken.append(f"{seat}:{action}")
    if report is not None:
        report.hands += len(match.hands_log)
        report.actions += len(match.actions)
    return taken


# -- every surface -------------------------------------------------------------------------
# The conformance matrix in one call (capicua.conformance): the deal, the engine, the
# viewer, the review, the environment, bots, the tournament, `capicua match`, the host and
# the table, at every seat count a game allows and at its options' extremes.
