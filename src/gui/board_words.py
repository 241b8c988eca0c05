"""The words the felt writes for spinners and trains: end names, trains' heads, the count.

Wording only (no rule is decided here): which end a tile went to is named as the felt marks
it, a train's head says whose it is, and the caption gives a game's count of the table
(All Fives) or its round (Mexican Train) in the game's own terms.
"""

from __future__ import annotations

from ..core.actions import DOWN, MEXICAN, UP, end_code
from ..core.variant import Variant
from ..i18n import _, pgettext


def arm_mark(end: str) -> str:
    """The letter(s) the felt writes at an end that is not a line's: ``U``, ``D``, ``M``,
    a seat's number for its train."""
    if end == UP:
        # Translators: the letter marking a spinner's up arm on the felt (one letter).
        return pgettext("the up arm's mark", "U")
    if end == DOWN:
        # Translators: the letter marking a spinner's down arm on the felt (one letter).
        return pgettext("the down arm's mark", "D")
    if end == MEXICAN:
        # Translators: the Mexican train's head on the felt, very short (3 or 4 letters).
        return pgettext("the Mexican train's mark", "Mex")
    if end.startswith("a"):
        return end_code(end)  # a5: the fifth arm of a layout of a game's own, A5
    return end[1:]  # t3: seat 3's train


def end_place(end: str, number: int | None) -> str:
    """An end that is not a line's, in words: ``the 5 on the up arm (U)``, ``train 3``."""
    if end in (UP, DOWN) or end.startswith("a"):
        if end in (UP, DOWN):
            arm = _("the up arm") if end == UP else _("the down arm")
        else:
            # Translators: an arm of a layout a game brings of its own, by its number.
            arm = _("arm {arm}").format(arm=end[1:])
        if number is None:
            return arm
        # Translators: {arm} is "the up arm"; {mark} its letter on the felt.
        return _("the {number} on {arm} ({mark})").format(
            number=number, arm=arm, mark=arm_mark(end)
        )
    if end == MEXICAN:
        return _("the Mexican train")
    return _("train {seat}").format(seat=end[1:])


def counts_rounds(variant: Variant) -> bool:
    """True for a game that names its number of rounds (Mexican Train): its hands are
    called rounds, as its caption and panel call them."""
    return "rounds" in variant.options


def caption(variant: Variant, number: int, count: int | None, scored: int) -> str | None:
    """The felt's caption: the count after the last play and what it scored (a game that
    counts the table), or the round of a game that names its number of rounds."""
    if count is not None:
        if scored:
            # Translators: All Fives: the open ends add up to {count}, which scores at once.
            return _("Count {count}: scores {points}").format(count=count, points=scored)
        # Translators: All Fives: the open ends add up to {count}, not a multiple of five.
        return _("Count {count}").format(count=count)
    if counts_rounds(variant):
        return _("Round {number} of {rounds}").format(
            number=number, rounds=variant.option("rounds")
        )
    return None


def seat_score(score: int) -> str:
    """A seat's score on its label, where every player scores for themselves."""
    # Translators: a seat's label: its score in the match so far.
    return _("score {score}").format(score=score)


def marked() -> str:
    # Translators: a seat's label: its train carries a marker, open to everyone.
    return pgettext("a seat's label", "train open")


def must_draw() -> str:
    return _("Your turn: no tile fits. Tap the boneyard (or press D) to draw.")


def boneyard(count: int) -> str:
    # Translators: under the face-down tiles on the felt: how many are left to draw.
    return _("boneyard {count}").format(count=count)
