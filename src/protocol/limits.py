"""What a bot's process may take, and whether it is trusted: the ``limits`` and
``untrusted`` keys of a seat's table or of ``[tournament]``, checked and merged.

:class:`Limits` are memory, CPU time, processes and file size; :class:`Confinement` adds
whether the bot runs in the sandbox (:mod:`capicua.protocol.sandbox`) and which files the
sandbox must never show it. :mod:`capicua.protocol.confine` applies them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..i18n import _

MIB = 1024 * 1024

#: Each limit's bounds and unit: a whole number from 1 to the most.
BOUNDS: dict[str, tuple[int, str]] = {
    "memory": (1024 * 1024, "MiB"),
    "cpu_time": (7 * 24 * 3600, "s"),
    "processes": (65536, ""),
    "file_size": (1024 * 1024, "MiB"),
}
#: The seat keys that choose how a process player is confined.
CONFINE_KEYS = ("limits", "untrusted")


@dataclass(frozen=True)
class Limits:
    """What one bot's processes may take. ``memory`` (MiB) and ``cpu_time`` (seconds) are
    for each of its processes, ``processes`` counts its processes and threads together,
    ``file_size`` (MiB) is the largest file it may write."""

    memory: int = 1024
    cpu_time: int = 600
    processes: int = 64
    file_size: int = 64

    def merged(self, table: Mapping[str, Any] | None) -> Limits:
        """These limits with those ``table`` gives (checked by :func:`limits_problem`)."""
        if not table:
            return self
        return replace(self, **{k: int(v) for k, v in table.items() if k in BOUNDS})

    def reason(self, key: str) -> str:
        """What a bot over limit ``key`` is blamed with (records keep it: English)."""
        value = getattr(self, key)
        if key == "memory":
            return f"over its memory limit ({value} MiB)"
        if key == "cpu_time":
            return f"over its CPU time limit ({value} s)"
        if key == "processes":
            return f"over its limit of {value} processes"
        return f"over its file size limit ({value} MiB)"


def limits_problem(value: Any) -> str | None:
    """Why ``value`` is not a ``limits`` table (one line, naming the key), or ``None``."""
    if not isinstance(value, Mapping):
        return _("limits must be a table, e.g. {example}, not {value!r}").format(
            example="{ memory = 512, cpu_time = 60 }", value=value
        )
    for key, given in value.items():
        if key not in BOUNDS:
            return _("limits has no key {key!r} (its keys: {keys})").format(
                key=key, keys=", ".join(BOUNDS)
            )
        most, unit = BOUNDS[key]
        if isinstance(given, bool) or not isinstance(given, int) or not 1 <= given <= most:
            return _(
                "limits.{key} must be a whole number from 1 to {most:,}{unit}, not {value!r}"
            ).format(key=key, most=most, unit=f" ({unit})" if unit else "", value=given)
    return None


def untrusted_problem(value: Any) -> str | None:
    """Why ``value`` is not an ``untrusted`` flag, or ``None``."""
    if not isinstance(value, bool):
        return _("untrusted must be true or false, not {value!r}").format(value=value)
    return None


@dataclass(frozen=True)
class Confinement:
    """How one bot is started: its limits, whether it is sandboxed, and the files a sandbox
    must never show it (the tournament's config, database and records)."""

    limits: Limits = field(default_factory=Limits)
    untrusted: bool = False
    hidden: tuple[str, ...] = ()

    @classmethod
    def of(cls, spec: Any, base: Confinement | None = None) -> Confinement:
        """The confinement of a seat entry ``spec`` over ``base`` (the tournament's)."""
        base = base or cls()
        if not isinstance(spec, Mapping):
            return base
        limits = spec.get("limits")
        untrusted = spec.get("untrusted")
        return replace(
            base,
            limits=base.limits.merged(limits if isinstance(limits, Mapping) else None),
            untrusted=untrusted if isinstance(untrusted, bool) else base.untrusted,
        )
