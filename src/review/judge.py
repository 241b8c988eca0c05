"""One decision judged by the expert, from the deciding seat's view alone.

:func:`judge` is given a seat's :class:`~capicua.core.view.View` at a play decision and the
action the seat took. It runs the expert's search (:func:`capicua.players.expert.analyse`)
over deals consistent with that view, with every candidate played out on the same sampled
deals (a fixed number of samples, no successive halving, so each candidate's figure is
measured on exactly the deals the others are), and reads off:

* each candidate's chance to win the hand (ties count half) and to win the match (the match
  equity the expert maximises, :mod:`capicua.players.equity`);
* the best action: the one the expert would choose (the mean equity plus its small prior
  from the heuristic's score);
* the *loss* of the action taken, as a share of what this hand is worth (winning it rather
  than losing it): in Chiva exactly the lost chance to win the hand, in double-nine the
  same with the points at stake counted. The loss is the smaller of two gaps, the gap in
  mean equity to the best candidate and the gap in the expert's full score (equity plus
  prior) to its choice, so a decision is marked only when both say it was worse: the
  expert's own choice is never a mistake, and moves the samples cannot tell apart are
  never marked;
* a mark, ``mistake`` or ``blunder``, where the loss passes :data:`MISTAKE` or
  :data:`BLUNDER` (a loss the first search puts near either is searched again with more
  deals, so that the mark depends on the position, not on the samples), and the reason
  in the hint's words (the heuristic's terms that
  :func:`capicua.players.heuristic.explain` gives for the best action, and its negative
  terms for the action taken).

The random stream is derived from the view and the review's seed only
(:func:`position_stream`), so the same view gives the same judgement wherever the hidden
tiles lie (``tests/players/test_review.py``'s information-set test).

:func:`hindsight` is the other, separate question: with every hand revealed (what a
finished record shows), which candidate wins on the real deal? It plays each candidate out
on the real deal with the search's playout policy (:func:`capicua.players.sim.playout`,
deterministic when every hand is known), and is never mixed into the judgement.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.actions import DRAW, PASS, Action, Play, end_code
from ..core.tiles import Tile
from ..core.view import View
from ..i18n import _, pgettext
from ..players.analysis import Candidate
from ..players.equity import Equity
from ..players.expert import PRIOR_WEIGHT, analyse, candidate_actions, candidate_plays
from ..players.heuristic import Term, explain, score_plays
from ..players.knowledge import Knowledge, knowledge
from ..players.sim import held_counts, playout, rules_for

#: Sampled deals per decision at each review level. Every candidate is played out on every
#: sample; ``normal`` reviews a whole match in seconds (docs/review.md, Speed).
LEVELS = {"fast": 100, "normal": 300, "strong": 1000}
DEFAULT_LEVEL = "normal"

#: Losses, as a share of the hand's worth, from which a decision is marked. At the
#: ``normal`` level two reviews with different seeds differ by less than 0.05 on 95% of
#: decisions (docs/review.md, Thresholds), half the distance from no loss to a mistake.
MISTAKE = 0.10
BLUNDER = 0.25

#: A decision whose first search puts its loss within ``NEAR`` of a threshold is searched
#: again with ``REFINE`` times the level's samples, added to the first: the decisions
#: near a mark get the closer look, clear ones are left as they are (docs/review.md,
#: Thresholds).
NEAR = 0.05
REFINE = 3

MARKS = {"mistake": "?", "blunder": "??"}


def end_letter(end: str) -> str:
    """The felt's mark of ``end`` in the language in use (the table's own words); an end
    off the line (a spinner's arm, a train) by its letters in the notation."""
    if end == "left":
        return pgettext("the left end's mark", "L")
    if end == "right":
        return pgettext("the right end's mark", "R")
    return end_code(end)


@dataclass(frozen=True, slots=True)
class Said:
    """An action as the review names it, said in the language in use when it is shown
    (``str``): ``6-4 on the 5 end (L)``, ``lead 6-6``, ``pass``. The English words, which
    the review's JSON carries, are :func:`action_words`'s."""

    action: Action
    number: int | None = None  # the number of the end it is played on; None: a lead

    def __str__(self) -> str:
        action = self.action
        if action is PASS:
            return pgettext("the move", "pass")
        if action is DRAW:
            return pgettext("the move", "draw")
        if not isinstance(action, Play):
            return str(action)
        if self.number is None:
            # Translators: a play that leads the hand; {tile} keeps its notation ("6-6").
            return _("lead {tile}").format(tile=action.tile)
        # Translators: a play: {tile} ("6-4") on the end showing {number}; {letter} is the
        # felt's mark for that end, L or R.
        letter = end_letter(action.end)
        if action.shows is not None:  # the way round, as the notation writes it: L/6
            letter = f"{letter}/{action.shows}"
        return _("{tile} on the {number} end ({letter})").format(
            tile=action.tile, number=self.number, letter=letter
        )


@dataclass(frozen=True, slots=True)
class Why:
    """The reason of a judgement, said in the language in use when it is shown (``str``):
    the heuristic's strongest terms for the best action and, where the action taken was
    another, its worst terms against it. :attr:`Judgement.reason` is the same in English."""

    best: Said
    good: tuple[Term, ...] = ()
    taken: Said | None = None
    against: tuple[Term, ...] = ()

    def __str__(self) -> str:
        good = ", ".join(t.words for t in self.good)
        # Translators: a review's reason: {move} the better play, {reasons} the heuristic's
        # reasons for it, joined by commas.
        text = _("{move}: {reasons}").format(move=self.best, reasons=good) if good else ""
        text = text or str(self.best)
        if self.taken is not None and self.against:
            bad = ", ".join(t.words for t in self.against)
            # Translators: after the reason for the better play, what speaks against the
            # play made ({move}); {reasons} joined by commas.
            text = _("{reason}; against {move}: {reasons}").format(
                reason=text, move=self.taken, reasons=bad
            )
        return text


@dataclass(frozen=True, slots=True)
class Option:
    """One candidate as the review tells it: the action, its words, its two chances."""

    action: Action
    words: str  # "6-4 on the 5 end (L)", in English (the JSON's); ``said`` for people
    hand: float  # chance to win the hand over the samples (a tie counts half)
    match: float  # chance to win the match over the samples (the match equity)
    said: Said | None = None  # the words, said in the language in use when shown


@dataclass(frozen=True, slots=True)
class Judgement:
    """The expert's verdict on one decision (see the module docstring)."""

    seat: int
    played: Option
    best: Option  # the expert's choice (the played action itself when it chose the same)
    options: tuple[Option, ...]  # every distinct candidate, the expert's choice first
    loss: float  # share of the hand's worth given away, 0 when the action was as good
    mark: str | None  # "mistake", "blunder" or None
    reason: str  # why the best is better, and what is wrong with the action taken (English)
    samples: int
    why: Why | None = None  # the reason, said in the language in use when shown

    @property
    def symbol(self) -> str:
        """``?`` for a mistake, ``??`` for a blunder, nothing otherwise."""
        return MARKS.get(self.mark or "", "")


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one candidate led to on the real deal: the winning team (0: a tie), points."""

    action: Action
    words: str  # in English (the JSON's); ``said`` for people
    winner: int
    points: int
    value: float  # the match equity of that result for the seat's team
    said: Said | None = None


@dataclass(frozen=True, slots=True)
class Hindsight:
    """Each candidate played out on the real deal (every hand revealed), best first."""

    seat: int
    team: int
    played: Outcome
    outcomes: tuple[Outcome, ...]

    @property
    def better(self) -> Outcome | None:
        """The best candidate on the real deal, where it does better than the action taken."""
        top = self.outcomes[0]
        return top if top.value > self.played.value + 1e-9 else None


def said(view: View, action: Action) -> Said:
    """``action`` as the review names it to people (:class:`Said`)."""
    if isinstance(action, Play) and view.layout:
        return Said(action, view.layout.number(action.end))
    return Said(action)


def action_words(view: View, action: Action) -> str:
    """An action as the table names it, in English (the review's JSON): ``lead 6-6``,
    ``6-4 on the 5 end (L)``, ``pass``; :func:`said` is the same for people."""
    if action is PASS:
        return "pass"
    if not isinstance(action, Play):
        return str(action)
    if not view.layout:
        return f"lead {action.tile}"
    number = view.layout.number(action.end)
    code = (
        end_code(action.end) if action.shows is None else f"{end_code(action.end)}/{action.shows}"
    )
    return f"{action.tile} on the {number} end ({code})"


def position_stream(view: View, level: str, seed: int, *labels: str) -> random.Random:
    """The review's random stream at a decision: fixed by the review's seed and level and by
    what the view shows (the seat, the scores, the hands before, its own tiles, this hand's
    plays), nothing else; string seeds are hashed with SHA-512, so it is the same in every
    process."""
    key = "|".join(
        [
            "review",
            str(seed),
            level,
            str(view.seat),
            str(view.hand_number),
            "-".join(map(str, view.scores)),
            " ".join(map(str, view.hand)),
            " ".join(f"{s}:{a}" for s, a in view.history),
            *labels,
        ]
    )
    return random.Random(key)


def near_a_mark(loss: float) -> bool:
    """True for a loss that the first search cannot tell from a threshold."""
    return any(abs(loss - t) < NEAR for t in (MISTAKE, BLUNDER))


def is_decision(view: View) -> bool:
    """True where the seat had a real choice: two or more candidates that lead to
    different positions (a draw at will beside a play is one), and not its last tile (which
    goes out whichever end it takes)."""
    return view.phase == "play" and len(view.hand) > 1 and len(candidate_actions(view)) > 1


def judge(view: View, action: Action, level: str = DEFAULT_LEVEL, seed: int = 0) -> Judgement:
    """The expert's verdict on ``action`` taken from ``view`` (see the module docstring).

    ``view`` must be a decision (:func:`is_decision`); ValueError otherwise, or when
    ``action`` is not legal in it or ``level`` is not one of :data:`LEVELS`.
    """
    if level not in LEVELS:
        raise ValueError(f"review level must be one of {', '.join(LEVELS)}, not {level!r}")
    if not is_decision(view):
        raise ValueError("no choice to judge: a single move, a pass or the last tile")
    if action not in view.legal:
        raise ValueError(f"{action} is not legal in this position")
    k = knowledge(view)
    samples = LEVELS[level]
    cands = analyse(view, position_stream(view, level, seed), samples=samples, k=k).candidates
    loss = _loss(view, cands, action)
    if near_a_mark(loss):
        # Near a mark: more deals, on a stream of their own, added to the first ones, so
        # that whether it is marked depends on the position rather than on the samples.
        more = samples * REFINE
        extra = analyse(view, position_stream(view, level, seed, "more"), samples=more, k=k)
        cands = _merged(cands, extra.candidates, view)
        samples += more
        loss = _loss(view, cands, action)
    chosen = _candidate(cands, action)
    best = cands[0]
    mark = "blunder" if loss >= BLUNDER else "mistake" if loss >= MISTAKE else None
    options = tuple(_option(view, c) for c in cands)
    by_action = {o.action: o for o in options}
    played = by_action[chosen.action]
    shown_best = by_action[best.action]
    return Judgement(
        seat=view.seat,
        played=played,
        best=shown_best,
        options=options,
        loss=loss,
        mark=mark,
        reason=_reason(view, k, best.action, chosen.action, action),
        samples=samples,
        why=_why(view, k, best.action, chosen.action, action),
    )


def hindsight(view: View, action: Action, hands: Sequence[Sequence[Tile]]) -> Hindsight:
    """Every candidate of ``view``'s decision played out on the real deal: ``hands`` are
    every seat's tiles at that moment, seat 1 first (the revealed hands, which the
    judgement never sees). The search's playout policy plays the hand on; with every hand
    known it is deterministic, so one playout a candidate is the answer."""
    info = view.variant
    rules = rules_for(info)
    equity = Equity(info.variant(), view.team, view.scores)
    me = view.seat - 1
    real = [[t.index for t in h] for h in hands]
    left, right = view.ends if view.ends is not None else (-1, -1)
    outcomes = []
    for play in candidate_plays(view):
        tile = play.tile
        rest = [h[:] for h in real]
        rest[me].remove(tile.index)
        if left < 0:
            ends = tile.hi, tile.lo
        elif play.end == "left":
            ends = tile.other(left), right
        else:
            ends = left, tile.other(right)
        held = held_counts(rest, info.max_pip)
        winner, points = playout(rest, held, ends[0], ends[1], (me + 1) % info.seats, rules)
        value = equity.value(winner, points)
        words = action_words(view, play)
        outcomes.append(Outcome(play, words, winner, points, value, said(view, play)))
    outcomes.sort(key=lambda o: -o.value)  # stable: equal results keep the legal order
    chosen = _same(action, [o.action for o in outcomes])
    played = next(o for o in outcomes if o.action is chosen)
    return Hindsight(view.seat, view.team, played, tuple(outcomes))


def _same(action: Action, actions: Sequence[Action]) -> Action:
    """The one of ``actions`` standing for ``action``: itself, or with both ends showing the
    same number the same tile on the other end (the two lead to the same position)."""
    for a in actions:
        if a is action:
            return a
    if not isinstance(action, Play):  # a draw at will is a candidate of its own
        raise ValueError(f"{action} is not among the candidates")
    return next(
        a
        for a in actions
        if isinstance(a, Play) and a.tile is action.tile and a.shows == action.shows
    )


def _scale(view: View) -> tuple[float, float]:
    """What this hand is worth now (winning it rather than losing it, in match equity) and
    the weight of the heuristic's prior in the expert's choice rule. A game with rules of
    play of its own is searched in a hand's worth already (its values run from a hand lost
    to a hand won: :func:`capicua.players.general.equity`)."""
    rules = view.variant.variant()
    spread = Equity(rules, view.team, view.scores).spread if rules.plays_fast() else 1.0
    return spread, PRIOR_WEIGHT * spread


def _loss(view: View, cands: Sequence[Candidate], action: Action) -> float:
    """The loss of ``action`` in hands: the smaller of its gap in mean equity to the best
    candidate and its gap in the expert's score (equity plus prior) to the expert's choice
    (``cands[0]``)."""
    spread, scale = _scale(view)
    chosen = _candidate(cands, action)
    best = cands[0]
    value_gap = max(c.value for c in cands) - chosen.value
    score_gap = (best.value + scale * best.prior) - (chosen.value + scale * chosen.prior)
    return max(0.0, min(value_gap, score_gap)) / spread


def _merged(first: Sequence[Candidate], second: Sequence[Candidate], view: View) -> list[Candidate]:
    """Two searches of the same decision as one: each candidate's samples added up, and the
    expert's choice (its best score) put first again."""
    _spread, scale = _scale(view)
    extra = {c.action: c for c in second}
    out = []
    for c in first:
        d = extra[c.action]
        out.append(
            Candidate(
                c.action,
                c.prior,
                samples=c.samples + d.samples,
                weight=c.weight + d.weight,
                total=c.total + d.total,
                won=c.won + d.won,
            )
        )
    # Best score first; equal scores keep the first search's order (the expert's).
    order = sorted(range(len(out)), key=lambda i: -(out[i].value + scale * out[i].prior))
    return [out[i] for i in order]


def _candidate(cands: Sequence[Candidate], action: Action) -> Candidate:
    chosen = _same(action, [c.action for c in cands])
    return next(c for c in cands if c.action is chosen)


def _option(view: View, c: Candidate) -> Option:
    return Option(c.action, action_words(view, c.action), c.win_rate, c.value, said(view, c.action))


def _reason(view: View, k: Knowledge, best: Action, chosen: Action, taken: Action) -> str:
    """The hint's words: the heuristic's strongest reasons for ``best`` and, where the
    action taken was another, what its own terms hold against it."""
    good = explain(view, best, k)
    head = action_words(view, best)
    parts = [f"{head}: {', '.join(good)}" if good else head]
    if chosen is not best:
        against = []
        for s in score_plays(view, k):
            if s.action is chosen:
                bad = sorted((t for t in s.terms if t.value < 0 and t.words), key=lambda t: t.value)
                against = [t.words for t in bad[:2]]
        if against:
            parts.append(f"against {action_words(view, taken)}: {', '.join(against)}")
    return "; ".join(parts)


def _why(view: View, k: Knowledge, best: Action, chosen: Action, taken: Action) -> Why:
    """:func:`_reason`'s terms, kept to be said in the language in use when shown."""
    good = _terms(view, k, best, 3, good=True)
    against = _terms(view, k, chosen, 2, good=False) if chosen is not best else ()
    return Why(said(view, best), good, said(view, taken) if against else None, against)


def _terms(view: View, k: Knowledge, action: Action, most: int, good: bool) -> tuple[Term, ...]:
    """The ``most`` strongest terms for (``good``) or against ``action``, as
    :func:`capicua.players.heuristic.explain` and :func:`_reason` pick them."""
    for s in score_plays(view, k):
        if s.action is action:
            if good:
                terms = sorted(
                    (t for t in s.terms if t.value > 0 and t.message), key=lambda t: -t.value
                )
            else:
                terms = sorted(
                    (t for t in s.terms if t.value < 0 and t.message), key=lambda t: t.value
                )
            return tuple(terms[:most])
    return ()
