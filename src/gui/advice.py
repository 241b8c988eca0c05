"""Hints for the person at the table: a suggested action and the reason, from their view.

The advice is :func:`capicua.players.hints.hint` (the expert's at its ``fast`` level, the
same in the same position). It sees only the person's view (docs/rules.md: hints obey hidden
information like the computer players) and the table only ever shows it as a preview. The
app runs it in the worker thread, as it does a computer's decision. The end is named as the
felt shows it ("the 5 end (L)").
"""

from __future__ import annotations

from ..core.actions import Action, Play
from ..core.view import View
from ..i18n import _
from ..players.hints import hint
from .texts import end_words, open_number

LEVEL = "fast"  # quick enough to answer a tap; the hint module calibrates the levels


def suggest(view: View) -> tuple[Action, str]:
    """The suggested action for ``view`` (the person's turn) and why, in one line."""
    advice = hint(view, LEVEL)
    reason = advice.reason
    action = advice.action
    if isinstance(action, Play) and view.line:
        # The hint says "on the left"; the felt marks that end L and shows its number.
        # The hint's own words for the play (players/hints.py), said the same way here.
        if action.end == "left":
            said = _("play {tile} on the left").format(tile=action.tile)
        else:
            said = _("play {tile} on the right").format(tile=action.tile)
        if reason.startswith(said):
            where = end_words(action.end, open_number(view, action.end))
            # Translators: a hint's play with the end as the felt shows it: "the 5 end (L)".
            play = _("play {tile} on {end}").format(tile=action.tile, end=where)
            reason = f"{play}{reason[len(said) :]}"
    return action, reason
