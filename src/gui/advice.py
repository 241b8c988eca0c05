"""Hints for the person at the table: a suggested action and the reason, from their view.

The hint engine is :func:`capicua.players.hints.hint` where it is installed; this module
adapts its answer to ``(action, reason)``. Where it is not (a trimmed build), the hint comes
from the heuristic player's scored rules, which say *why* in words too. Either way a hint
sees only the view (RULES.md: hints obey hidden information like the computer players) and
is only ever shown as a preview.
"""

from __future__ import annotations

import importlib
import random
from typing import Any

from ..core.actions import REDEAL, Action, ChooseLeader, Draw, Play
from ..core.view import View


def suggest(view: View) -> tuple[Action, str]:
    """The suggested action for ``view`` (the person's turn) and why, in one line."""
    try:
        hints = importlib.import_module("capicua.players.hints")
    except ModuleNotFoundError as exc:
        if exc.name != "capicua.players.hints":
            raise
        return _heuristic(view)
    return _adapt(hints.hint(view), view)


def _adapt(answer: Any, view: View) -> tuple[Action, str]:
    """``hint()`` answers an object with ``action`` and ``reason`` (or a pair)."""
    if isinstance(answer, tuple):
        action, reason = answer[0], answer[1]
    else:
        action = answer.action
        reason = getattr(answer, "reason", "")
    if isinstance(reason, (list, tuple)):
        reason = "; ".join(str(r) for r in reason)
    return action, str(reason) or _plain(action, view)


def _heuristic(view: View) -> tuple[Action, str]:
    from ..players.heuristic import explain, other_decision, score_plays

    legal = view.legal
    if view.phase == "play" and len(legal) > 1:
        best = max(score_plays(view), key=lambda s: s.score)
        words = explain(view, best.action)
        return best.action, "; ".join(words) if words else _plain(best.action, view)
    # A fixed stream: the same position always gets the same hint.
    action = legal[0] if len(legal) == 1 else other_decision(view, random.Random(0))
    return action, _plain(action, view)


def _plain(action: Action, view: View) -> str:
    if isinstance(action, Play):
        return f"play {action.tile} on the {action.end} end"
    if action is REDEAL:
        return "five or more doubles make a hand hard to play out: show them and redeal"
    if isinstance(action, ChooseLeader):
        return "the choice is blind: lead yourself and keep the lead in your own hands"
    if isinstance(action, Draw):
        return "the face-down tiles are all alike: any one is as good as another"
    return str(action)
