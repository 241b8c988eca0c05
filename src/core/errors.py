"""The exceptions the core raises, each naming what went wrong in words a user can act on."""

from __future__ import annotations

from ..i18n import _


class CapicuaError(Exception):
    """Base of every error capicua raises on purpose."""


class IllegalAction(CapicuaError):
    """``apply`` was given an action the rules do not allow now; the message says why."""

    def __init__(self, action: object, reason: str) -> None:
        super().__init__(f"illegal action {action}: {reason}")
        self.action = action
        self.reason = reason


class MatchOver(IllegalAction):
    """An action was applied to a match that has ended."""


class NobodyToMove(CapicuaError):
    """:attr:`Match.to_move <capicua.core.match.Match.to_move>` asked of a match that is over."""


class NothingToUndo(CapicuaError):
    """``undo`` with no action to take back, or ``redo`` with none to restore."""


class RecordError(CapicuaError):
    """A match record is malformed: not the format, a missing or wrong field."""


class RuleViolation(CapicuaError):
    """A well-formed record whose actions break a rule, with the hand and action that do."""

    def __init__(self, hand: int, action_index: int | None, reason: str) -> None:
        # Said to people only (capicua replay, view, review), never kept in a record.
        if action_index is None:
            text = _("hand {hand}: {reason}").format(hand=hand, reason=reason)
        else:
            text = _("hand {hand}, action {action}: {reason}").format(
                hand=hand, action=action_index, reason=reason
            )
        super().__init__(text)
        self.hand = hand
        self.action_index = action_index
        self.reason = reason


class PluginError(CapicuaError):
    """A plugin is missing, duplicated, misconfigured or broken."""


class PlayerFault(CapicuaError):
    """Raised by a player whose failure is its whole reason: a bot process that ended,
    overran its time, or broke the protocol (the message says which).

    The bot host raises it as :class:`~capicua.protocol.process.BotFault`; the engine
    catches this class, whichever player raised it."""


class PlayerError(CapicuaError):
    """A player raised, answered with an illegal action or took too long."""

    def __init__(self, seat: int, player: str, reason: str) -> None:
        super().__init__(f"seat {seat} ({player}): {reason}")
        self.seat = seat
        self.player = player
        self.reason = reason
