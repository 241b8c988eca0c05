"""Hints for the person at the table: a suggested action and the reason, from their view.

The advice is :func:`capicua.players.hints.hint` (the expert's at its ``fast`` level, the
same in the same position). It sees only the person's view (docs/rules.md: hints obey hidden
information like the computer players) and the table only ever shows it as a preview. The
app runs it in the worker thread, as it does a computer's decision.
"""

from __future__ import annotations

from ..core.actions import Action
from ..core.view import View
from ..players.hints import hint

LEVEL = "fast"  # quick enough to answer a tap; the hint module calibrates the levels


def suggest(view: View) -> tuple[Action, str]:
    """The suggested action for ``view`` (the person's turn) and why, in one line."""
    advice = hint(view, LEVEL)
    return advice.action, advice.reason
