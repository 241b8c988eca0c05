"""What the table is waiting for, and the score panel's lines: the table's status, as
logic. The words are :mod:`.texts`'; the window's own state is :class:`~.state.Ui`.

:func:`status` decides the one line that says what happens next (an error, a question, a
finished hand to continue, a pause, the person's turn, a computer thinking);
:func:`panel_lines` puts the panel together from the match, the seats' players and that
line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.actions import DRAW
from ..core.variant import Variant, and_names, cap
from ..core.view import View
from ..i18n import N_, _, ngettext
from . import board_words
from .state import Ui
from .texts import counts_rounds, score_text, seat_name, seat_player, showed, team_name

if TYPE_CHECKING:
    from .model import Session


_TURN = {
    "play": N_("Your turn: pick a tile, then an end."),
    "draw": N_("Your turn: draw a face-down tile."),
    "lead": N_("Your choice: who leads."),
    "claim": N_("Your choice: keep or redeal."),
}


def status(session: Session, view: View, ui: Ui) -> tuple[str, str]:
    """The one line that says what the table is waiting for."""
    if ui.error:
        return ui.error, "error"
    if ui.blocked:
        return ui.blocked, "error"
    if ui.question is not None:
        return _("Choose on the table."), "status"
    if session.held_draw is not None:
        if session.human is None:
            return _("The draw for first lead."), "status"
        return _("Draw for first lead: tap Continue."), "status"
    if view.phase == "over" and session.held_hand is None:
        return _("The match is over."), "status"
    if session.held_hand is not None:
        if session.human is None:
            return _("Hand over."), "status"
        if view.phase == "over":
            if not ui.buttons.get("new", True):  # the host starts the matches
                return _("The match is over."), "status"
            return _("Match over: New match plays again."), "status"
        return _("Hand over: tap Continue for the next deal."), "status"
    if ui.paused:
        names = [_(WINDOW_NAMES[w]) if w in WINDOW_NAMES else w for w in ui.paused_by]
        which = and_names(names) if names else _("a window")
        # Translators: {which} names the open windows: "Rules and the log", "a window".
        text = ngettext(
            "Paused: the computers wait while {which} is open.",
            "Paused: the computers wait while {which} are open.",
            max(1, len(names)),
        )
        return text.format(which=which), "status"
    seat = view.turn
    if seat is not None and seat == session.human:
        if session.automatic() is not None:
            return _("You cannot play: you pass."), "turn"
        if view.legal == (DRAW,):
            return board_words.must_draw(), "turn"
        turn = _TURN.get(view.phase)
        return (_(turn) if turn else _("Your turn.")), "turn"
    if ui.step_wait is not None:
        return _("Step mode: tap Next for the next move."), "status"
    if seat is not None:
        who = cap(seat_name(session, seat))
        if ui.thinking == seat:
            return _("{who} is thinking…").format(who=who), "status"
        return _("{who} is to play.").format(who=who), "status"
    return "", "status"


# Translators: the windows that pause the table, inside "the computers wait while ... is
# open".
WINDOW_NAMES = {"rules": N_("Rules"), "log": N_("the log"), "settings": N_("Settings")}


def hand_line(variant: Variant, number: int, seed: int | None) -> str:
    """The panel's line under the game's name; no seed at a table whose host keeps it. A
    game that names its number of rounds counts them as the felt's caption does."""
    if counts_rounds(variant):
        rounds = variant.option("rounds")
        if seed is None:
            return _("Round {number} of {rounds}").format(number=number, rounds=rounds)
        # Translators: the panel's line in a game of rounds (Mexican Train), with the seed.
        return _("Round {number} of {rounds} · seed {seed}").format(
            number=number, rounds=rounds, seed=seed
        )
    if seed is None:
        return _("Hand {number}").format(number=number)
    return _("Hand {number} · seed {seed}").format(number=number, seed=seed)


def panel_lines(session: Session, view: View, ui: Ui, last: str | None) -> list[tuple[str, str]]:
    """The score panel, top to bottom, as ``(text, style)``."""
    v = session.variant
    number = session.held_hand or view.hand_number  # a finished hand on show is "the" hand
    out = [
        (_(v.title), "title"),
        (hand_line(v, number, session.match.seed), "muted"),
    ]
    if len(v.teams) > 4:
        # Five to eight players each scoring alone: one line each, or the panel overflows.
        for team in range(1, len(v.teams) + 1):
            (seat,) = v.teams[team - 1]
            out.append(
                (
                    _("{team}: {players}").format(
                        team=cap(seat_name(session, seat)), players=view.scores[team - 1]
                    ),
                    "score",
                )
            )
    else:
        for team in range(1, len(v.teams) + 1):
            players = ", ".join(
                seat_name(session, s) if s == session.human else seat_player(session, s)
                for s in v.teams[team - 1]
            )
            if len(v.teams[team - 1]) > 1:
                players = _("{team}: {players}").format(
                    team=cap(team_name(session, team)), players=players
                )
            out.append((cap(players), "team"))  # a lone seat is its own line: "Seat 2 (…)"
            out.append((score_text(v, view.scores, team), "score"))
    # One status line: a message (what the person just did or asked) replaces it until the
    # next change; an error of a computer player stands above both.
    line = status(session, view, ui)
    if ui.message and line[1] != "error":
        # A reason may come from the engine mid-sentence ("this hand must be opened
        # with 6-6"): on the panel it begins a sentence.
        line = (cap(ui.message), "message")
    out.append(line)
    if last and session.held_hand is None:
        out.append((last, "muted"))
    if ui.notice:
        out.append((cap(ui.notice), "message"))
    for claimant, shown in view.shown:
        out.append((showed(session, claimant, shown), "muted"))
    return out
