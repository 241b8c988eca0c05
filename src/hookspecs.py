"""Every hook capicua calls, in one place (pluggy's eggsample and pytest's hookspec.py).

Plugins are modules or objects with functions marked ``@hookimpl``; third-party
distributions expose them through the ``capicua`` entry-point group. The built-in variants
and players register through these same hooks, with no back door.

Registration hooks get a registry and call ``registry.add(cls)``; a registry rejects a
duplicate name or bad metadata with an error naming the plugin, and the plugin is skipped.
Observer hooks are told what happened and return nothing; they are called for every match
played through :func:`capicua.core.driver.play_match` with the plugins' hook, as the
tournament runner does. An implementation may take fewer arguments than its spec, never
others. docs/plugins.md documents every hook (a test keeps it complete).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .core.actions import Action
    from .core.match import HandLog, Match
    from .registries import PlayerRegistry, VariantRegistry

hookspec = pluggy.HookspecMarker("capicua")
hookimpl = pluggy.HookimplMarker("capicua")


@hookspec
def capicua_register_variants(registry: VariantRegistry) -> None:
    """Add variant classes with ``registry.add(MyVariant)``.

    :param registry: the variant registry; ``add`` takes a subclass of
        :class:`capicua.core.variant.Variant` and rejects a name already taken.
    """


@hookspec
def capicua_register_players(registry: PlayerRegistry) -> None:
    """Add player classes with ``registry.add(MyPlayer)``.

    :param registry: the player registry; ``add`` takes a subclass of
        :class:`capicua.players.base.Player` and rejects a name already taken.
    """


@hookspec
def capicua_match_started(match: Match, seats: dict[int, Any]) -> None:
    """A match has begun (before its first action).

    :param match: the match; observers must not apply actions to it.
    :param seats: each seat's player entry as configured (a name or a table of options).
    """


@hookspec
def capicua_action_applied(match: Match, seat: int, action: Action) -> None:
    """``seat`` took ``action`` and the match has moved on.

    :param match: the match after the action.
    :param seat: the seat that acted.
    :param action: the action taken.
    """


@hookspec
def capicua_hand_ended(match: Match, hand: HandLog) -> None:
    """A hand has ended; ``hand.result`` says how.

    :param match: the match, already at the next hand (or over).
    :param hand: the finished hand, with its deal, actions and result.
    """


@hookspec
def capicua_match_ended(match: Match, record: dict) -> None:
    """A match has ended.

    :param match: the finished match; ``match.outcome`` says who won.
    :param record: the match's ``capicua-match/1`` record.
    """
