"""The player interface: what a player plugin is given, and what it must answer.

A player is made for one seat of one match with its own random stream and its validated
options, and is asked for an action with the seat's :class:`~capicua.core.view.View`. It
gets nothing else: no match, no engine, no other seat's object (OpenSpiel's bots get a state
and an rng; ours get only the view, so hiding is structural).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.actions import REDEAL, Action, ChooseLeader
from ..core.view import View


@dataclass(frozen=True)
class Option:
    """One option a player accepts from a config (``{player = "expert", samples = 400}``)."""

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
            raise ValueError(f"option {name!r} must be {kind.__name__}, not {value!r}")
        # TOML reads nan and inf; no bound excludes nan, and a record (JSON) holds neither.
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"option {name!r} must be a finite number, not {value!r}")
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"option {name!r} must be one of {list(self.choices)}, not {value!r}")
        if self.min is not None and value < self.min:
            raise ValueError(f"option {name!r} must be at least {self.min}, not {value!r}")
        if self.max is not None and value > self.max:
            raise ValueError(f"option {name!r} must be at most {self.max}, not {value!r}")
        return value

    def accepts(self) -> str:
        """What values the option takes, in words for a listing: ``fast, normal, strong``,
        ``float from 0.0 to 10.0``, ``int of at least 0``."""
        if self.choices is not None:
            return ", ".join(str(c) for c in self.choices)
        kind = self.type.__name__
        if self.min is not None and self.max is not None:
            return f"{kind} from {self.min} to {self.max}"
        if self.min is not None:
            return f"{kind} of at least {self.min}"
        if self.max is not None:
            return f"{kind} of at most {self.max}"
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


class Player:
    """Base class of player plugins.

    Subclasses set ``name`` (used in configs), ``description`` and ``options``, and
    implement :meth:`act`. Register with ``registry.add(MyPlayer)`` from the
    ``capicua_register_players`` hook.
    """

    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    options: ClassVar[dict[str, Option]] = {}
    #: True for players that are people at the table (the GUI asks them itself).
    interactive: ClassVar[bool] = False

    def __init__(self, rng: random.Random, **options: Any) -> None:
        self.rng = rng
        for key, opt in self.options.items():
            setattr(self, key, options.get(key, opt.default))

    def act(self, view: View) -> Action:
        """The action to take, one of ``view.legal``."""
        raise TypeError(f"player {self.name!r} does not implement act()")

    @classmethod
    def config_problem(cls, options: dict[str, Any]) -> str | None:
        """What is wrong with these options taken together, beyond each option's own
        check (``None``: nothing); a config naming this player is refused with it."""
        return None


def other_decision(view: View, rng: random.Random) -> Action:
    """The draw, the leader and redeal claims, decided the same way by every computer
    player: always claim with five or more doubles (docs/rules.md), name itself as leader (the
    choice is blind), draw any face-down tile (they are alike)."""
    legal = view.legal
    if REDEAL in legal:
        return REDEAL
    if view.phase == "lead":
        own = ChooseLeader.of(view.seat)
        return own if own in legal else legal[0]
    return legal[int(rng.random() * len(legal))]


class ComputerPlayer(Player):
    """Base of the built-in computer players: a single legal action is taken as it is, the
    decisions other than plays go to :func:`other_decision`, and :meth:`choose_play`
    picks among the plays."""

    def act(self, view: View) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if view.phase != "play":
            return other_decision(view, self.rng)
        return self.choose_play(view)

    def choose_play(self, view: View) -> Action:
        """The play to make, one of ``view.legal`` (at least two to choose from)."""
        raise TypeError(f"player {self.name!r} does not implement choose_play()")
