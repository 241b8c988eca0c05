"""Files are data: the seat entries of a record or a save that would start a program.

A config is the person's own, and its seats run what it names. A record or a save is a
file people send each other: a seat entry in it that would start a program (a ``command``
seat's argv, a ``policy`` seat's module or file) is not run unless the person has seen
exactly what would run and agreed. :func:`programs` says what would run, seat by seat;
:func:`guard` gives the seats to play with, the built-in computer player in place of every
program the person has not agreed to.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterable, Mapping
from typing import Any

from .i18n import _

#: The built-in computer players, strongest first: what plays a seat whose program is not run.
BUILT_IN = ("expert", "heuristic", "random")


def what_runs(players: Any, entry: Any) -> str | None:
    """The program ``entry`` would start, as the person is shown it (the command line and
    the folder it runs in, or the policy and its weights); ``None`` when it starts none
    (an installed player, a person, an entry that names no player here).

    Read from the entry as it is, never through the player's option checks: checking a
    policy option imports what it names, which is running it."""
    if not isinstance(entry, Mapping):
        return None  # a bare name: an installed player with its defaults
    name = entry.get("player")
    if not isinstance(name, str) or name not in players:
        return None  # not a player here: nothing would start (the caller reports it)
    cls = players.get(name)
    from .players.command import CommandPlayer

    if isinstance(cls, type) and issubclass(cls, CommandPlayer) and "argv" in cls.options:
        argv = entry.get("argv", [])
        if isinstance(argv, list) and all(isinstance(a, str) for a in argv):
            text = shlex.join(argv)
        else:
            text = json.dumps(argv, ensure_ascii=False)
        cwd = entry.get("cwd") or ""
        if cwd:
            text = _("{command} (in {folder})").format(command=text, folder=cwd)
        return text
    if cls.__module__ == "capicua.env.player" and "policy" in cls.options:
        default = cls.options["policy"].default
        policy, weights = entry.get("policy", default), entry.get("weights", "")
        if policy == default and not weights:
            return None
        text = _("the policy {policy}").format(policy=policy)
        if weights:
            text = _("{policy} with the weights {weights}").format(policy=text, weights=weights)
        return text
    return None


def programs(players: Any, seats: Mapping[int, Any]) -> dict[int, str]:
    """Seat to the program its entry would start, for the seats that would start one."""
    found = {}
    for seat, entry in seats.items():
        text = what_runs(players, entry)
        if text is not None:
            found[seat] = text
    return found


def built_in(players: Any) -> str:
    """The strongest built-in computer player installed."""
    return next((n for n in BUILT_IN if n in players), "random")


def guard(
    players: Any, seats: Mapping[int, Any], agreed: Iterable[Any] = ()
) -> tuple[dict[int, Any], dict[int, str]]:
    """``seats`` with every entry that would start a program the person has not agreed to
    (``agreed``: the entries of their config, or those they confirmed) replaced by the
    built-in computer player; and, by seat, what was not run."""
    allowed = list(agreed)
    safe = dict(seats)
    stopped: dict[int, str] = {}
    for seat, text in programs(players, seats).items():
        if seats[seat] not in allowed:
            safe[seat] = built_in(players)
            stopped[seat] = text
    return safe, stopped


def stopped_notice(stopped: Mapping[int, str], player: str, flag: str) -> str:
    """One line for the table: which seats' programs did not run, who plays them, and how
    to run them."""
    shown = "; ".join(
        _("seat {seat}: {program}").format(seat=s, program=stopped[s]) for s in sorted(stopped)
    )
    return _(
        "The file's programs were not started ({programs}); {player} plays those seats "
        "instead. To run them, open the file again with {flag}."
    ).format(programs=shown, player=player, flag=flag)
