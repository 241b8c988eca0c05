"""Playing a match with players: ask the seat to move for an action, apply it, tell observers.

This is the loop the tournament runner and ``capicua simulate`` use (the GUI runs the same
steps one at a time from Tk's event loop). Some decisions are taken without asking the
player (:func:`imposed`): one with a single legal action (a forced pass, the 6-6 that must
open), where there is nothing to decide and the seat's random stream is kept for real
choices; and a computer's redeal claim, since the rules make a computer player always
demand a redeal with the doubles that allow one, whatever its code would answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from .actions import REDEAL, Action
from .errors import PlayerError, PlayerFault
from .match import CLAIM, Match
from .tiles import Tile
from .variant import Variant
from .view import build_view


def imposed(match: Match, player: Any = None) -> Action | None:
    """The action the seat to move takes without being asked, or ``None`` if it decides.

    The only legal action is taken as it is. A redeal claim of a seat whose ``player`` is
    not a person (``interactive`` false: every computer player, third-party ones included)
    is a demand for the redeal: the rules let a person keep such a hand, never a computer.
    """
    legal = match.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if match.phase == CLAIM and not getattr(player, "interactive", False):
        return REDEAL
    return None


def ask(match: Match, seat: int, player: Any, name: str = "") -> Action:
    """The action ``player`` chooses for ``seat`` from its view, checked against the rules.

    Raises :class:`PlayerError` naming the seat if the player raises or answers with an
    action that is not legal now.
    """
    view = build_view(match, seat)
    try:
        action = player.act(view)
    except PlayerFault as exc:  # a bot's own process failed: the message is the reason
        raise PlayerError(seat, name or _name(player), str(exc)) from exc
    except Exception as exc:  # the player is someone else's code: report it, don't crash
        raise PlayerError(
            seat, name or _name(player), f"raised {exc.__class__.__name__}: {exc}"
        ) from exc
    if not match.is_legal(action):
        legal = ", ".join(str(a) for a in view.legal[:12])
        # An action in its notation; anything else as Python shows it (None, a string).
        shown = str(action) if isinstance(action, Action) else repr(action)
        raise PlayerError(
            seat,
            name or _name(player),
            f"answered {shown}, which is not legal now (legal: {legal})",
        )
    return action


def play_match(
    variant: Variant,
    players: Mapping[int, Any],
    seed: int | None = None,
    *,
    hook: Any = None,
    seats: Mapping[int, Any] | None = None,
    script: Sequence[Sequence[Tile]] = (),
    clock: Callable[[], float] | None = None,
    timings: dict[int, list[float]] | None = None,
    fixed: Mapping[str, Sequence[Sequence[Tile]]] | None = None,
) -> Match:
    """Play a whole match and return it (``match.outcome`` says who won).

    :param players: a player object per seat (anything with ``act(view)``).
    :param hook: a pluggy hook relay (``plugins.hook``) to tell observers, or ``None``.
    :param seats: each seat's config entry, passed to ``capicua_match_started``.
    :param timings: if given, each seat's decision times in seconds are appended to it.
    :param fixed: the draws and deals of a deal file's deal (:mod:`capicua.core.deals`).
    """
    match = variant.new_match(seed, script, fixed) if fixed else variant.new_match(seed, script)
    names = {s: _name(p) for s, p in players.items()}
    if hook is not None:
        hook.capicua_match_started(match=match, seats=dict(seats or names))
    now = clock or time.perf_counter
    while match.turn is not None:
        seat = match.turn
        forced = imposed(match, players[seat])
        if forced is not None:
            action = forced
        elif timings is not None:
            start = now()
            action = ask(match, seat, players[seat], names[seat])
            timings.setdefault(seat, []).append(now() - start)
        else:
            action = ask(match, seat, players[seat], names[seat])
        if hook is None:
            match.apply(action)
            continue
        log = match.hand  # the hand this action is taken in, while it is being played
        if log is not None and log.result is not None:
            log = None
        match.apply(action)
        hook.capicua_action_applied(match=match, seat=seat, action=action)
        if log is not None and log.result is not None:  # the action ended it
            hook.capicua_hand_ended(match=match, hand=log)
    if hook is not None:
        from .records import to_record

        hook.capicua_match_ended(match=match, record=to_record(match, seats or names))
    return match


def _name(player: Any) -> str:
    return getattr(player, "name", "") or player.__class__.__name__
