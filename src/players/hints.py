"""Hints for the human: the move a computer player would make, and why, in a few words.

:func:`hint` looks only at the asking seat's own view, exactly as a computer player does
(docs/rules.md: hints are bound by the same hidden information), and returns a :class:`Hint`:
the action and a short reason, e.g. ``play 5-3 on the right: keeps tiles of 6 different
numbers, gets rid of 8 pips, keeps 3 tiles that fit the line, wins about 49% of 137 sampled
deals, dealt to fit the plays made``. It never applies the move; the GUI
shows it as a preview and the player confirms or not. The reason is said in the language in
use when the hint is made (:mod:`capicua.i18n`); the tiles keep their notation.

The default is the expert's advice at its ``fast`` level, quick enough for a click; any
expert level or ``"heuristic"`` can be asked for. The random stream is derived from the
position, so asking twice in the same position gives the same hint.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..core.actions import DRAW, PASS, REDEAL, Action, ChooseLeader, Keep, Pick, Play
from ..core.position import Position
from ..core.tiles import Tile
from ..core.view import View, numbers_lacked
from ..i18n import _, ngettext, pgettext
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
        if action is DRAW:
            # Translators: a hint to draw from the boneyard.
            return Hint(action, _("draw: no tile of yours fits an end you may play on"))
        if action is PASS:
            return Hint(action, _pass_reason(view))
        # Translators: {move} is a play, as "play 5-3 on the right" or "lead 6-6".
        why = _("{move}: the only tile you may play").format(move=_describe(view, action))
        return Hint(action, why)
    k = knowledge(view)
    if level == "heuristic":
        action = HeuristicPlayer(rng).act(view)
        return Hint(action, _with_reasons(view, action, explain(view, action, k)))
    analysis = analyse(view, rng, level=level, k=k)
    best = analysis.candidates[0]
    words = explain(view, best.action, k)
    if analysis.reason == "goes out":
        # Translators: {move} is a play, as "play 5-3 on the right".
        why = _("{move}: goes out and wins the hand").format(move=_describe(view, best.action))
        return Hint(best.action, why)
    if analysis.samples:
        # With the plays read, the deals were not drawn uniformly: say so, or "N% of M"
        # reads as a share of all the deals the passes allow.
        n = analysis.samples
        # Translators: the expert's figure for a play: {rate} is a percentage ("49%"),
        # {samples} the deals it played out (English says "deals" for 1 too).
        if analysis.read:
            text = ngettext(
                "wins about {rate:.0%} of {samples} sampled deals, dealt to fit the plays made",
                "wins about {rate:.0%} of {samples} sampled deals, dealt to fit the plays made",
                n,
            )
        else:
            text = ngettext(
                "wins about {rate:.0%} of {samples} sampled deals",
                "wins about {rate:.0%} of {samples} sampled deals",
                n,
            )
        words.append(text.format(rate=best.win_rate, samples=n))
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
    """A play in words ("play 5-3 on the right"); any other action in its notation."""
    # Translators: a suggested move; {tile} keeps its notation ("5-3").
    if isinstance(action, Play):
        if not view.line:
            return _("lead {tile}").format(tile=action.tile)
        # A tile that lies either way round there: the number it leaves open, as the
        # notation writes it (5-2/5).
        tile = str(action.tile) if action.shows is None else f"{action.tile}/{action.shows}"
        if action.end == "left":
            return _("play {tile} on the left").format(tile=tile)
        return _("play {tile} on the right").format(tile=tile)
    if action is DRAW:
        return pgettext("the move", "draw")
    return str(action)


def _with_reasons(view: View, action: Action, words: list[str]) -> str:
    head = _describe(view, action)
    if not words:
        return head
    # Translators: a hint: {move} ("play 5-3 on the right") and its reasons, joined by
    # commas ("keeps 3 tiles that fit the line, makes seat 2 pass").
    return _("{move}: {reasons}").format(move=head, reasons=", ".join(words))


def _pass_reason(view: View) -> str:
    """Why the seat must pass, said with the numbers it holds none of where the rules' answer
    comes to numbers (the block game: the ends), else as no tile fitting an end."""
    rules = view.variant.variant()
    hands: list[list[Tile]] = [[] for _ in range(rules.seats + 1)]
    pos = Position(
        rules,
        view.hand_number,
        hands,
        [],
        view.layout,
        view.scores,
        view.leader or view.seat,
        view.seat,
        view.required,
        list(view.history),
    )
    numbers = sorted(numbers_lacked(rules.max_pip, rules.lacking(pos)))
    if view.ends is not None and set(numbers) == set(view.ends):
        numbers = sorted(numbers, key=view.ends.index)  # as the line reads, left first
    if len(numbers) == 1:
        # Translators: a hint to pass; {number} is the number the player holds no tile of,
        # as the tiles showing it ("fives"), docs/glossary.md "pass".
        return _("pass: you hold no {number}").format(number=number_name(numbers[0]))
    if len(numbers) == 2:
        # Translators: a hint to pass; {number} and {other} are the numbers the player holds
        # no tile of, as the tiles showing them ("fives"), docs/glossary.md "pass".
        return _("pass: you hold no {number} or {other}").format(
            number=number_name(numbers[0]), other=number_name(numbers[1])
        )
    # Translators: a hint to pass where no number says it (several trains open to you).
    return _("pass: no tile of yours fits an end you may play on")


def _other_reason(view: View, action: Action) -> str:
    if action is REDEAL:
        doubles = sum(1 for t in view.hand if t.is_double)
        # Translators: a hint to demand a redeal (docs/glossary.md "redeal"); {doubles} is
        # five or more. English says "doubles" for 1 too.
        return ngettext(
            "redeal: {doubles} doubles make a hand that is hard to play out; a computer "
            "always shows them",
            "redeal: {doubles} doubles make a hand that is hard to play out; a computer "
            "always shows them",
            doubles,
        ).format(doubles=doubles)
    if isinstance(action, Keep):
        # Translators: a hint to keep the hand rather than demand a redeal.
        return _("keep this hand")
    if isinstance(action, ChooseLeader):
        # Translators: a hint for the choice of who leads the hand; {seat} is a seat number.
        if action.seat == view.seat:
            text = _("lead {seat}: you lead; the choice is made before the deal, blind")
        else:
            text = _("lead {seat}: seat {seat} leads; the choice is made before the deal, blind")
        return text.format(seat=action.seat)
    if isinstance(action, Pick):
        # Translators: a hint for the draw for first lead; {index} is the tile's number.
        return _("draw {index}: the tiles are face down, any one is as good").format(
            index=action.index
        )
    return str(action)
