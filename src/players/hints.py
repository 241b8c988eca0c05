"""Hints for the human: the move a computer player would make, and why, in a few words.

:func:`hint` looks only at the asking seat's own view, exactly as a computer player does
(docs/rules.md: hints are bound by the same hidden information), and returns a :class:`Hint`:
the action and a short reason, e.g. ``play 5-3 on the right: keeps tiles of 6 different
numbers, gets rid of 8 pips, keeps 3 tiles that fit the line, wins about 49% of 137 sampled
deals, dealt to fit the plays made``. It never applies the move; the GUI
shows it as a preview and the player confirms or not.

The default is the expert's advice at its ``fast`` level, quick enough for a click; any
expert level or ``"heuristic"`` can be asked for. The random stream is derived from the
position, so asking twice in the same position gives the same hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.actions import PASS, REDEAL, Action, ChooseLeader, Draw, Keep, Play
from ..core.view import View
from .base import other_decision
from .expert import LEVELS, analyse
from .heuristic import HeuristicPlayer, explain, number_name
from .knowledge import knowledge

HINT_LEVELS = ("heuristic", *LEVELS)


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested action for the asking seat, with the reason in words."""

    action: Action
    reason: str

    def __str__(self) -> str:
        return self.reason


def hint(view: View, level: str = "fast", rng: random.Random | None = None) -> Hint:
    """The action the computer at ``level`` would take from ``view``, and why.

    ``level`` is ``"heuristic"`` or an expert level (``fast``, ``normal``, ``strong``).
    Raises ValueError if it is not this seat's turn or the level is unknown.
    """
    if level not in HINT_LEVELS:
        raise ValueError(f"hint level must be one of {', '.join(HINT_LEVELS)}, not {level!r}")
    if not view.my_turn:
        raise ValueError(f"it is not seat {view.seat}'s turn")
    rng = rng if rng is not None else _position_stream(view)
    legal = view.legal
    if view.phase != "play":
        action = other_decision(view, rng)
        return Hint(action, _other_reason(view, action))
    if len(legal) == 1:
        action = legal[0]
        if action is PASS:
            left, right = view.ends or (-1, -1)
            numbers = (
                number_name(left)
                if left == right
                else (f"{number_name(left)} or {number_name(right)}")
            )
            return Hint(action, f"pass: you hold no {numbers}")
        return Hint(action, f"{_describe(view, action)}: the only tile you may play")
    k = knowledge(view)
    if level == "heuristic":
        action = HeuristicPlayer(rng).act(view)
        return Hint(action, _with_reasons(view, action, explain(view, action, k)))
    analysis = analyse(view, rng, level=level, k=k)
    best = analysis.candidates[0]
    words = explain(view, best.action, k)
    if analysis.reason == "goes out":
        return Hint(best.action, f"{_describe(view, best.action)}: goes out and wins the hand")
    if analysis.samples:
        # With the plays read, the deals were not drawn uniformly: say so, or "N% of M"
        # reads as a share of all the deals the passes allow.
        read = ", dealt to fit the plays made" if analysis.read else ""
        words.append(f"wins about {best.win_rate:.0%} of {analysis.samples} sampled deals{read}")
    return Hint(best.action, _with_reasons(view, best.action, words))


def _position_stream(view: View) -> random.Random:
    """A stream fixed by the public position and the seat's own tiles (string seeds are
    hashed with SHA-512, so it is the same in every process)."""
    key = "|".join(
        [
            "hint",
            str(view.seat),
            str(view.hand_number),
            " ".join(map(str, view.hand)),
            " ".join(f"{s}:{a}" for s, a in view.history),
        ]
    )
    return random.Random(key)


def _describe(view: View, action: Action) -> str:
    if isinstance(action, Play):
        if not view.line:
            return f"lead {action.tile}"
        return f"play {action.tile} on the {action.end}"
    return str(action)


def _with_reasons(view: View, action: Action, words: list[str]) -> str:
    head = _describe(view, action)
    return f"{head}: {', '.join(words)}" if words else head


def _other_reason(view: View, action: Action) -> str:
    if action is REDEAL:
        doubles = sum(1 for t in view.hand if t.is_double)
        return (
            f"redeal: {doubles} doubles make a hand that is hard to play out; a computer "
            "always shows them"
        )
    if isinstance(action, Keep):
        return "keep this hand"
    if isinstance(action, ChooseLeader):
        who = "you lead" if action.seat == view.seat else f"seat {action.seat} leads"
        return f"lead {action.seat}: {who}; the choice is made before the deal, blind"
    if isinstance(action, Draw):
        return f"draw {action.index}: the tiles are face down, any one is as good"
    return str(action)
