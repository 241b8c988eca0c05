"""The ``capicua-bot/1`` protocol: bots as separate programs, one JSON object a line.

A bot is any program that reads messages on stdin and answers on stdout (stderr is its
log); docs/protocol.md specifies every message and ``src/schema/capicua-bot-1.schema.json``
holds a JSON Schema for each.

- :mod:`.messages` turns views, finished hands and variants into messages and back, and
  checks what a bot sends;
- :mod:`.process` runs one bot process: lines with deadlines, its stderr, its end (the
  whole process group and whatever it left behind), and the pool that keeps bots that
  can be reset from one match to the next;
- :mod:`.host` runs a Python player plugin as such a bot, so that a plugin plays behind
  the same process boundary as a program in any other language;
- :mod:`.check` puts a program through every kind of message (``capicua bot-check``).

The player that speaks it from capicua's side is :mod:`capicua.players.command`.
"""

from __future__ import annotations

from .messages import PROTOCOL

__all__ = ["PROTOCOL"]
