"""The messages of ``capicua-net/1``: capicua-bot/1's, and what a network adds.

Each message is one JSON object in one WebSocket text frame (docs/network.md). The host
sends capicua-bot/1's ``new_match``, ``decide``, ``hand_ended`` and ``match_ended`` as they
are (a relay passes them to a bot program unchanged), and adds ``welcome`` (the seat and the
table), ``update`` (the seat's view after every action, so that a person sees the table
move), ``seats`` (who sits where and who is connected), ``proposal`` and
``proposal_ended`` (an undo asked of every person, and its outcome), ``review`` (a seat's
review of its decisions in a finished hand, :mod:`capicua.net.reviews`) and ``error`` (a
message refused, the connection kept). A client sends ``join`` (its code), capicua-bot/1's
``action``, ``review`` (a finished hand's), and a person ``undo``, ``agree`` or ``refuse``.

A spectator's view is a seat's view with everything private taken out (:func:`public`): no
hand, no legal actions; what is left is what every seat sees.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..core.actions import Action
from ..core.errors import CapicuaError
from ..core.view import View
from ..i18n import normalize
from ..protocol import messages as M

PROTOCOL = "capicua-net/1"
#: The largest message a client may send, in bytes: a join or an action is under 200.
MAX_CLIENT_MESSAGE = 4096
#: The largest message the host sends (a rejoin's update of a long double-nine match is
#: a few kilobytes; a client refuses more than this).
MAX_HOST_MESSAGE = 1 << 20
#: Messages a client may send in a burst, and per second after it, besides one answer to
#: each decision it is asked (a person clicks a few times a second; a bot answers one
#: decision at a time, as fast as the game goes).
BURST = 30
RATE = 10.0

# Close codes (the WebSocket's private range) with the reason in the close frame.
CLOSE_CODE = 4001  # no seat has that code
CLOSE_PROTOCOL = 4002  # a message that is not capicua-net/1
CLOSE_FLOOD = 4003  # too many messages
CLOSE_SLOW = 4004  # does not read what the host sends
CLOSE_REPLACED = 4005  # the same seat joined from another connection
CLOSE_OVER = 4006  # the table's matches are over
CLOSE_BUSY = 4007  # too many connections, from the client's address or in all
#: Codes after which a client does not try again: the same attempt would fail the same way.
FINAL = frozenset({CLOSE_CODE, CLOSE_PROTOCOL, CLOSE_FLOOD, CLOSE_REPLACED, CLOSE_OVER})

_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


class WireError(CapicuaError, ValueError):
    """A message that breaks ``capicua-net/1``; the text says what is wrong, in one line."""


def encode(message: Mapping[str, Any]) -> str:
    return _ENCODER.encode(message)


def decode(text: str | bytes) -> dict[str, Any]:
    """The message a frame carries; WireError if it is not one JSON object with a type."""
    if isinstance(text, bytes):
        raise WireError("sent a binary frame; capicua-net/1 messages are text (JSON)")
    try:
        return M.decode(text.encode("utf-8", "replace"))
    except M.ProtocolError as exc:
        raise WireError(str(exc).replace("wrote", "sent", 1)) from None


# -- the host's messages -------------------------------------------------------------------


def welcome(
    table: str,
    seat: int | None,
    role: str,
    seats: Sequence[Mapping[str, Any]],
    hold: float,
    matches: int,
) -> dict[str, Any]:
    from .._version import __version__

    return {
        "type": "welcome",
        "protocol": PROTOCOL,
        "capicua": __version__,
        "table": table,
        "seat": seat,
        "role": role,
        "seats": list(seats),
        "hold": hold,
        "matches": matches,
    }


def update(view: View, seq: int, last: tuple[int, Action] | None, spectator: bool = False) -> dict:
    """The seat's view after action ``seq`` (``last``, the action just taken, ``None`` on a
    (re)join), in ``decide``'s fields; a spectator's has nothing private (:func:`public`)."""
    fields = M.decide(view, 0)
    del fields["type"], fields["id"]
    if spectator:
        fields = public(fields)
    return {
        "type": "update",
        "seq": seq,
        "last": None if last is None else [last[0], M.action_text(last[1])],
        "view": fields,
    }


def public(fields: dict[str, Any]) -> dict[str, Any]:
    """A view's fields with the seat's own taken out: what a spectator may see."""
    return {**fields, "seat": None, "team": None, "hand": [], "legal": []}


def seats_message(seats: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    return {"type": "seats", "seats": list(seats)}


def error(text: str) -> dict[str, Any]:
    return {"type": "error", "message": text}


# -- the client's messages ------------------------------------------------------------------


def join(
    code: str, name: str, role: str = "person", lang: str | None = None, words: bool = False
) -> dict[str, Any]:
    """A client's join; ``lang`` (default: the language in use here) is the language the
    host answers it in (refusals, errors, close reasons); ``words``: the host also sends
    the table in words (``scene``, :mod:`capicua.net.said`), as to the browser's page."""
    from .._version import __version__
    from ..i18n import language

    message: dict[str, Any] = {
        "type": "join",
        "protocol": PROTOCOL,
        "code": code,
        "name": name,
        "role": role,
        "capicua": __version__,
        "lang": language() if lang is None else lang,
    }
    if words:
        message["words"] = True
    return message


def action(number: int, act: Action | str) -> dict[str, Any]:
    text = act if isinstance(act, str) else M.action_text(act)
    return {"type": "action", "id": number, "action": text}


def read_join(message: Mapping[str, Any]) -> tuple[str, str]:
    """The code and the name of a ``join``; WireError saying what is wrong (its language:
    :func:`join_language`)."""
    if message.get("type") != "join":
        raise WireError(f"sent {message.get('type')!r} before joining; the first is 'join'")
    if message.get("protocol") != PROTOCOL:
        raise WireError(f"speaks {message.get('protocol')!r}; this host speaks {PROTOCOL!r}")
    code, name = message.get("code"), message.get("name", "")
    if not isinstance(code, str) or not code:
        raise WireError('its join has no "code"')
    if not isinstance(name, str):
        raise WireError('its join\'s "name" is not text')
    return code, M.one_line(name, 40) if name.strip() else ""


def join_language(message: Mapping[str, Any]) -> str:
    """The language a ``join`` asks to be answered in: one capicua has a catalog for, else
    English (a client of another version, a program)."""
    lang = message.get("lang")
    return (normalize(lang) if isinstance(lang, str) else None) or "en"


def close_reason(text: str) -> str:
    """``text`` cut to the 123 bytes of UTF-8 a close frame's reason holds (a Ukrainian
    letter takes two), at a character's end."""
    data = text.encode("utf-8")
    if len(data) <= 123:
        return text
    return data[:120].decode("utf-8", "ignore") + "…"
