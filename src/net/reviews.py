"""A seat's review over the network: the host judges the seat's decisions of a finished
hand, the client gets the review whole.

The review (:mod:`capicua.review`) judges each decision from the deciding seat's view and
plays the candidates out on the hand's real deal, which every seat is shown once the hand
is over (``hand_ended``); so a review of a finished hand tells its seat nothing it has not
been told. :func:`review_json` writes a :class:`~capicua.review.MatchReview` as plain JSON,
with the reasons as their English messages and values (said in the client's language when
shown, as at the local table); :func:`review_of` reads one back, checking every field, and
raises :class:`~capicua.net.wire.WireError` for anything else: a host's message is data.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ..core.actions import Action
from ..players.heuristic import Number, Term
from ..protocol import messages as M
from ..review import LEVELS, Decision, Hindsight, Judgement, MatchReview
from ..review.judge import MARKS, Option, Outcome, Said, Why
from .wire import WireError

#: The most decisions a review message may carry (a seat decides a few dozen times a hand).
MOST_DECISIONS = 200


def review_json(review: MatchReview) -> dict[str, Any]:
    """``review`` as plain JSON values, every field kept."""
    return {
        "variant": review.variant,
        "level": review.level,
        "seats": list(review.seats),
        "hands": list(review.hands),
        "forced": review.forced,
        "decisions": [_decision(d) for d in review.decisions],
    }


def _decision(d: Decision) -> dict[str, Any]:
    j = d.judgement
    out: dict[str, Any] = {
        "hand": d.hand,
        "move": d.move,
        "index": d.index,
        "seat": d.seat,
        "played": _option(j.played),
        "best": _option(j.best),
        "options": [_option(o) for o in j.options],
        "loss": j.loss,
        "mark": j.mark,
        "reason": j.reason,
        "samples": j.samples,
        "why": None if j.why is None else _why(j.why),
        "hindsight": None,
    }
    if d.hindsight is not None:
        h = d.hindsight
        out["hindsight"] = {
            "seat": h.seat,
            "team": h.team,
            "played": _outcome(h.played),
            "outcomes": [_outcome(o) for o in h.outcomes],
        }
    return out


def _said(s: Said | None) -> list[Any] | None:
    return None if s is None else [M.action_text(s.action), s.number]


def _option(o: Option) -> dict[str, Any]:
    return {
        "action": M.action_text(o.action),
        "words": o.words,
        "hand": o.hand,
        "match": o.match,
        "said": _said(o.said),
    }


def _outcome(o: Outcome) -> dict[str, Any]:
    return {
        "action": M.action_text(o.action),
        "words": o.words,
        "winner": o.winner,
        "points": o.points,
        "value": o.value,
        "said": _said(o.said),
    }


def _term(t: Term) -> list[Any]:
    return [t.value, t.message, {k: _field(v) for k, v in (t.fields or {}).items()}]


def _field(value: Any) -> Any:
    """A reason's value: a number, text, or a number the words name ("sixes") as
    ``{"n": 6}``, said in the client's language; a tile as its notation."""
    if isinstance(value, Number):
        return {"n": value.n}
    return value if isinstance(value, (int, str)) else str(value)


def _why(w: Why) -> dict[str, Any]:
    return {
        "best": _said(w.best),
        "good": [_term(t) for t in w.good],
        "taken": _said(w.taken),
        "against": [_term(t) for t in w.against],
    }


# -- reading one back -------------------------------------------------------------------------


def review_of(data: Any) -> MatchReview:
    """The review ``data`` holds; WireError naming what is wrong with it."""
    d = _dict(data, "review")
    level = d.get("level")
    if level not in LEVELS:
        raise WireError(f"a review's level is one of {', '.join(LEVELS)}, not {level!r}")
    decisions = _list(d.get("decisions"), "decisions")
    if len(decisions) > MOST_DECISIONS:
        raise WireError(f"a review of more than {MOST_DECISIONS} decisions")
    review = MatchReview(
        _str(d.get("variant"), "variant"),
        0,  # the host's seed stays the host's
        level,
        0,
        tuple(_int(s, "seats") for s in _list(d.get("seats"), "seats")),
        tuple(_int(h, "hands") for h in _list(d.get("hands"), "hands")),
        [_read_decision(x) for x in decisions],
        _int(d.get("forced"), "forced"),
    )
    for x in review.decisions:  # the reasons are said now: one that cannot be is refused
        try:
            str(x.judgement.why) if x.judgement.why is not None else None
        except (KeyError, IndexError, ValueError, TypeError, AttributeError) as exc:
            raise WireError(f"a review's reason cannot be said ({exc!r})") from None
    return review


def _read_decision(data: Any) -> Decision:
    d = _dict(data, "decision")
    seat = _int(d.get("seat"), "seat")
    mark = d.get("mark")
    if mark is not None and mark not in MARKS:
        raise WireError(f"a decision's mark is mistake, blunder or none, not {mark!r}")
    judgement = Judgement(
        seat,
        _read_option(d.get("played")),
        _read_option(d.get("best")),
        tuple(_read_option(o) for o in _list(d.get("options"), "options")),
        _float(d.get("loss"), "loss"),
        mark,
        _str(d.get("reason"), "reason"),
        _int(d.get("samples"), "samples"),
        None if d.get("why") is None else _read_why(d["why"]),
    )
    seen = d.get("hindsight")
    hindsight = None
    if seen is not None:
        h = _dict(seen, "hindsight")
        hindsight = Hindsight(
            _int(h.get("seat"), "seat"),
            _int(h.get("team"), "team"),
            _read_outcome(h.get("played")),
            tuple(_read_outcome(o) for o in _list(h.get("outcomes"), "outcomes")),
        )
    return Decision(
        _int(d.get("hand"), "hand"),
        _int(d.get("move"), "move"),
        _int(d.get("index"), "index"),
        seat,
        judgement,
        hindsight,
    )


def _read_option(data: Any) -> Option:
    d = _dict(data, "option")
    return Option(
        _action(d.get("action")),
        _str(d.get("words"), "words"),
        _float(d.get("hand"), "hand"),
        _float(d.get("match"), "match"),
        _read_said(d.get("said")),
    )


def _read_outcome(data: Any) -> Outcome:
    d = _dict(data, "outcome")
    return Outcome(
        _action(d.get("action")),
        _str(d.get("words"), "words"),
        _int(d.get("winner"), "winner"),
        _int(d.get("points"), "points"),
        _float(d.get("value"), "value"),
        _read_said(d.get("said")),
    )


def _read_said(data: Any) -> Said | None:
    if data is None:
        return None
    pair = _list(data, "said")
    if len(pair) != 2 or not (pair[1] is None or isinstance(pair[1], int)):
        raise WireError(f"a review's move is [action, number or null], not {data!r:.60}")
    return Said(_action(pair[0]), pair[1])


def _read_why(data: Any) -> Why:
    d = _dict(data, "why")
    best = _read_said(d.get("best"))
    if best is None:
        raise WireError("a review's reason names no better move")
    return Why(
        best,
        tuple(_read_term(t) for t in _list(d.get("good"), "good")),
        _read_said(d.get("taken")),
        tuple(_read_term(t) for t in _list(d.get("against"), "against")),
    )


def _read_term(data: Any) -> Term:
    t = _list(data, "term")
    if len(t) != 3:
        raise WireError(f"a review's reason is [value, message, fields], not {data!r:.60}")
    fields = {k: _read_field(v) for k, v in _dict(t[2], "fields").items()}
    return Term(_float(t[0], "value"), _str(t[1], "message"), fields or None)


def _read_field(value: Any) -> Any:
    if isinstance(value, dict) and list(value) == ["n"]:
        return Number(_int(value["n"], "number"))
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise WireError(f"a review's reason has a value that is no number or text: {value!r:.60}")
    return value


def _check(kind: type | tuple[type, ...], name: str) -> Callable[[Any, str], Any]:
    def read(value: Any, where: str) -> Any:
        if not isinstance(value, kind) or isinstance(value, bool):
            raise WireError(f"a review's {where} is not {name}: {value!r:.60}")
        return value

    return read


_dict = _check(dict, "an object")
_list = _check(list, "a list")
_str = _check(str, "text")
_int = _check(int, "a whole number")


def _float(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise WireError(f"a review's {where} is not a number: {value!r:.60}")
    return float(value)


def _action(text: Any) -> Action:
    try:
        return M.action_of(_str(text, "action"))
    except ValueError:
        raise WireError(f"a review names an action that is none: {text!r:.60}") from None
