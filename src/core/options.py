"""Options a plugin accepts from a config: a player's (``{player = "expert", samples = 400}``)
or a game's (a variant's rule options), each with its type, default, bounds and help; and a
game's options as the command line gives them, ``KEY=VALUE`` (:func:`read_options`)."""

from __future__ import annotations

import math
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..i18n import _


@dataclass(frozen=True)
class Option:
    """One option a player or a variant accepts from a config (``{player = "expert", samples =
    400}``)."""

    # type[Any], not type: a config value of this class is compared with min and max as it
    # is (int, float, str, bool), which a bare `type` would make a mere `object` to mypy.
    type: type[Any]
    default: Any
    help: str = ""
    min: float | None = None
    max: float | None = None
    choices: tuple[Any, ...] | None = None

    def check(self, name: str, value: Any) -> Any:
        """``value`` if it is acceptable for option ``name``; else ValueError saying why."""
        kind = self.type
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
            # Translators: {kind} is a Python type name (int, float, str, bool).
            message = _("option {name!r} must be {kind}, not {value!r}")
            raise ValueError(message.format(name=name, kind=kind.__name__, value=value))
        # TOML reads nan and inf; no bound excludes nan, and a record (JSON) holds neither.
        if isinstance(value, float) and not math.isfinite(value):
            message = _("option {name!r} must be a finite number, not {value!r}")
            raise ValueError(message.format(name=name, value=value))
        if self.choices is not None and value not in self.choices:
            message = _("option {name!r} must be one of {choices}, not {value!r}")
            raise ValueError(message.format(name=name, choices=list(self.choices), value=value))
        if self.min is not None and value < self.min:
            message = _("option {name!r} must be at least {least}, not {value!r}")
            raise ValueError(message.format(name=name, least=self.min, value=value))
        if self.max is not None and value > self.max:
            message = _("option {name!r} must be at most {most}, not {value!r}")
            raise ValueError(message.format(name=name, most=self.max, value=value))
        return value

    def accepts(self) -> str:
        """What values the option takes, in words for a listing: ``fast, normal, strong``,
        ``float from 0.0 to 10.0``, ``int of at least 0``."""
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        kind = self.type.__name__
        # Translators: {kind} is a Python type name (int, float, str, bool) in what follows.
        if self.min is not None and self.max is not None:
            return _("{kind} from {least} to {most}").format(
                kind=kind, least=self.min, most=self.max
            )
        if self.min is not None:
            return _("{kind} of at least {least}").format(kind=kind, least=self.min)
        if self.max is not None:
            return _("{kind} of at most {most}").format(kind=kind, most=self.max)
        return kind

    def to_json(self) -> dict[str, Any]:
        """The option for ``capicua plugins --json``: type, default, bounds, help."""
        return {
            "type": self.type.__name__,
            "default": self.default,
            "min": self.min,
            "max": self.max,
            "choices": list(self.choices) if self.choices else None,
            "help": self.help,
        }


def read_options(
    game: str, declared: Mapping[str, Option], given: Sequence[str], flag: str = "--option"
) -> dict[str, Any]:
    """The options ``KEY=VALUE`` of game ``game`` (named so in the messages), each value read
    as TOML reads one (``3`` a number, ``true`` a flag, a bare word text) and checked by its
    option in ``declared``; a later key overrides an earlier one. ValueError, one line
    naming the option and what it takes, for a pair that is not KEY=VALUE, a key the game
    does not declare, or a value its option refuses."""
    chosen: dict[str, Any] = {}
    for text in given:
        key, eq, raw = text.partition("=")
        key, raw = key.strip(), raw.strip()
        if not eq or not key or not raw:
            raise ValueError(
                _("{flag} takes KEY=VALUE, such as {example}, not {text!r}").format(
                    flag=flag, example="seats=3", text=text
                )
            )
        option = declared.get(key)
        if option is None:
            if declared:
                message = _("{flag} {text}: {game} has no option {key!r} (its options: {known})")
            else:
                message = _("{flag} {text}: {game} has no options")
            known = ", ".join(sorted(declared))
            raise ValueError(message.format(flag=flag, text=text, game=game, key=key, known=known))
        try:
            value = tomllib.loads(f"v = {raw}")["v"]
        except (tomllib.TOMLDecodeError, RecursionError):
            value = raw
        kind = option.type
        if kind is float and isinstance(value, int) and not isinstance(value, bool):
            value = float(value)
        if isinstance(value, bool) is not (kind is bool) or not isinstance(value, kind):
            # What it takes, bounds and all: "seats=x" is as wrong as "seats=99".
            raise ValueError(
                _("{flag} {text}: {key!r} takes {accepts}, not {value!r}").format(
                    flag=flag, text=text, key=key, accepts=option.accepts(), value=raw
                )
            )
        try:
            chosen[key] = option.check(key, value)
        except ValueError as exc:
            raise ValueError(f"{flag} {text}: {exc}") from None
    return chosen
