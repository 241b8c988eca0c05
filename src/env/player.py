"""The ``policy`` player: a trained agent in a tournament or at the table.

It encodes its view exactly as the environment encodes a seat's observation
(:class:`~capicua.env.encoding.Encoding`), asks a policy for an action number and plays that
action. A policy is named in the config by where it lives::

    1 = { player = "policy", policy = "my_agents.chiva:act" }
    2 = { player = "policy", policy = "train.py:load", weights = "chiva-agent.npz" }

``policy`` is ``module:name`` or ``path/to/file.py:name`` (the name may be dotted); in a
config, a file (and ``weights``) is found from the config's folder. Without
``weights`` the object named is the policy itself; with it, the object is called with the
weights file's path once per process and returns the policy. What a policy takes and
answers is in :mod:`capicua.env.policies`. The config is checked when it is read: a policy
that cannot be imported or a weights file that is not there is an error naming it.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import inspect
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.actions import Action
from ..core.errors import CapicuaError, PluginError
from ..core.options import Option
from ..core.variant import Variant, VariantInfo
from ..core.view import View
from ..hookspecs import hookimpl
from ..players.base import Player
from . import EXTRA

if TYPE_CHECKING:
    from .encoding import Encoding

DEFAULT_POLICY = "capicua.env.policies:uniform"


class PolicyError(CapicuaError, ValueError):
    """A policy that cannot be loaded or made; the message says which and why."""


@dataclass(frozen=True)
class PolicyOption(Option):
    """The ``policy`` option: text that must name an object that can be imported."""

    def check(self, name: str, value: Any) -> Any:
        value = super().check(name, value)
        try:
            load_object(value)
        except PolicyError as exc:
            raise ValueError(f"option {name!r}: {exc}") from None
        return value


@dataclass(frozen=True)
class WeightsOption(Option):
    """The ``weights`` option: empty, or the path of a file that exists."""

    def check(self, name: str, value: Any) -> Any:
        value = super().check(name, value)
        if value and not Path(value).is_file():
            raise ValueError(f"option {name!r}: no file {value!r}")
        return value


def load_object(spec: str) -> Any:
    """The object ``spec`` names: ``module:name`` or ``file.py:name``; PolicyError if none."""
    where, sep, attr = spec.rpartition(":")
    if not sep or not where or not attr:
        raise PolicyError(
            f"{spec!r} does not name a policy: write module:name or path/to/file.py:name"
        )
    if _is_file_name(where):
        module = _module_from_file(Path(where))
    else:
        try:
            module = importlib.import_module(where)
        except ModuleNotFoundError as exc:
            raise PolicyError(f"cannot import {where!r}: no module named {exc.name!r}") from None
        except Exception as exc:  # noqa: BLE001 - importing someone else's module
            raise PolicyError(f"importing {where!r} raised {_reason(exc)}") from None
    obj: Any = module
    for part in attr.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            raise PolicyError(f"{where!r} has no {attr!r}") from None
    return obj


def _is_file_name(where: str) -> bool:
    """Whether the part of a policy before its ``:name`` is a file, not a module."""
    return where.endswith(".py") or "/" in where or "\\" in where


def _module_from_file(path: Path) -> Any:
    if not path.is_file():
        raise PolicyError(f"no file {str(path)!r}")
    resolved = path.resolve()
    # One module per file, under a name of its own, loaded once per process.
    name = f"capicua_policy_{hashlib.sha1(str(resolved).encode()).hexdigest()[:12]}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, resolved)
    if spec is None or spec.loader is None:
        raise PolicyError(f"{str(path)!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - running someone else's file
        del sys.modules[name]
        raise PolicyError(f"running {str(path)!r} raised {_reason(exc)}") from None
    return module


@functools.lru_cache(maxsize=32)
def make_policy(spec: str, weights: str = "") -> tuple[Callable[..., Any], bool]:
    """The policy ``spec`` (and ``weights``) give, and whether it takes the seat's stream;
    made once per process for each pair, as a tournament makes a player for every match."""
    obj = load_object(spec)
    if weights:
        if not callable(obj):
            raise PolicyError(f"{spec!r} is not callable, so it cannot load {weights!r}")
        try:
            obj = obj(weights)
        except Exception as exc:  # noqa: BLE001 - the loader is someone else's code
            raise PolicyError(f"{spec}({weights!r}) raised {_reason(exc)}") from None
    if not callable(obj):
        raise PolicyError(f"{spec!r} is not callable: a policy is policy(observation, mask)")
    return obj, _takes_rng(obj)


def _takes_rng(policy: Callable[..., Any]) -> bool:
    """True when ``policy`` takes a third positional argument (the seat's stream)."""
    try:
        params = inspect.signature(policy).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: the plain form
        return False
    positional = [p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 3 or any(p.kind == p.VAR_POSITIONAL for p in params)


@functools.cache
def encoding_for(variant: str) -> Encoding:
    """The encoding of the installed variant ``variant`` (made once per process)."""
    from ..plugins import default_plugins
    from .encoding import Encoding

    return Encoding(default_plugins().variants.create(variant))


@functools.cache
def _encoding_of(cls: type[Variant], options: tuple[tuple[str, Any], ...]) -> Encoding:
    from .encoding import Encoding

    return Encoding(cls(**dict(options)))


def encoding_of(info: VariantInfo) -> Encoding:
    """The encoding of the game a view's metadata describe, with the options chosen for it
    (a game whose seat count is an option has a layout per count; made once per process)."""
    if info.cls is None:
        return encoding_for(info.name)
    return _encoding_of(info.cls, info.options)


class PolicyPlayer(Player):
    """Plays the action a policy picks from its seat's observation and action mask."""

    name = "policy"
    # No brackets: `capicua plugins` prints descriptions as rich markup.
    description = (
        "plays a trained policy: any callable from observation and action mask to an action "
        "(capicua.env; needs capicua's rl extra)"
    )
    options = {
        "policy": PolicyOption(
            str,
            DEFAULT_POLICY,
            "where the policy is: module:name or path/to/file.py:name (default: uniform "
            "over the legal actions)",
        ),
        "weights": WeightsOption(
            str, "", "a file to give the object named by policy, which returns the policy"
        ),
    }
    policy: str
    weights: str

    @classmethod
    def with_folder(cls, spec: dict[str, Any], base: Path) -> dict[str, Any]:
        """``spec`` with its files (a ``path/to/file.py:name`` policy, the weights) made
        absolute from ``base``, the folder of the config that names them, as every path in
        a config is; a module policy and an absolute path stay as they are."""
        spec = dict(spec)
        policy = spec.get("policy")
        if isinstance(policy, str):
            where, sep, attr = policy.rpartition(":")
            if sep and _is_file_name(where) and not Path(where).is_absolute():
                spec["policy"] = f"{(base / where).resolve()}:{attr}"
        weights = spec.get("weights")
        if isinstance(weights, str) and weights and not Path(weights).is_absolute():
            spec["weights"] = str((base / weights).resolve())
        return spec

    def __init__(self, rng: Any, **options: Any) -> None:
        super().__init__(rng, **options)
        try:
            import numpy  # noqa: F401 - only to say what is missing, here and not mid-match
        except ModuleNotFoundError:
            raise PluginError(f"the policy player needs numpy: {EXTRA}") from None
        try:
            self._policy, self._takes_rng = make_policy(self.policy, self.weights)
        except PolicyError as exc:
            raise PluginError(f"player 'policy': {exc}") from None

    def act(self, view: View) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]  # nothing to decide (a forced pass, the tile that must open)
        enc = encoding_of(view.variant)
        seat = view.seat
        observation = enc.encode(view)
        mask = enc.mask(legal, seat)
        if self._takes_rng:
            answer = self._policy(observation, mask, self.rng)
        else:
            answer = self._policy(observation, mask)
        try:
            index = int(answer)
        except (TypeError, ValueError):
            raise ValueError(f"the policy answered {answer!r}, not an action number") from None
        if not 0 <= index < enc.n_actions or not mask[index]:
            raise ValueError(
                f"the policy answered action {index} ({enc.describe_action(index, seat)}), "
                "which is not legal now"
            )
        return enc.action(index, seat)


def _reason(exc: BaseException) -> str:
    return f"{exc.__class__.__name__}: {exc}".rstrip(": ")


@hookimpl
def capicua_register_players(registry) -> None:
    registry.add(PolicyPlayer)
