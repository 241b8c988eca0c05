"""A Python player plugin as a ``capicua-bot/1`` bot: ``python -m capicua.protocol.host NAME``.

This is how a player that is not capicua's own plays in a tournament and at the table: in
this process, which holds no match, no deal and no other seat. It loads the plugins (as
any capicua process does), makes the player ``NAME`` for each ``new_match`` and rebuilds
every view from its ``decide`` message (:func:`~capicua.protocol.messages.view_of`), so the
player gets exactly the view it would get in process, and nothing else exists here to find.

The player's random stream comes with ``new_match`` (``rng``, the seat's stream as capicua
derives it), so a hosted player makes the same choices as in process. At the table
(``rng_sync``) it goes back with each answer that drew from it, and comes again in a
``decide`` after an undo set it back, so that the same position gets the same answer.

The protocol has the real stdout to itself: whatever the player prints goes to stderr, the
bot's log. A player that raises is reported with an ``error`` message in the words a
tournament uses in process (``raised ValueError: ...``).
"""

from __future__ import annotations

import os
import random
import sys
from typing import Any, BinaryIO

from ..core import jsonin
from ..core.rng import restore_stream, stream_state
from ..core.variant import VariantInfo
from ..core.view import PastHand
from . import messages as M


class Stream(random.Random):
    """The player's random stream, noting when it is drawn from, so that its state goes
    back only then (reading a whole state at every decision would cost more than the
    decision). Every draw of ``random.Random`` goes through these two methods."""

    drawn = False

    def random(self) -> float:
        self.drawn = True
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.drawn = True
        return super().getrandbits(k)


class Host:
    """The conversation for one player name; :meth:`handle` answers one message."""

    def __init__(self, name: str, out: BinaryIO) -> None:
        from ..plugins import default_plugins

        self.name = name
        self.out = out
        self.plugins = default_plugins()
        self.player: Any = None
        self.rng = Stream()
        self.sync = False  # send the stream's state back after each draw (the table)
        self.info: VariantInfo | None = None
        self.past: list[PastHand] = []

    def send(self, message: dict[str, Any]) -> None:
        self.out.write(M.encode(message))
        self.out.flush()

    def handle(self, message: dict[str, Any]) -> bool:
        """Answer ``message``; False once asked to quit."""
        kind = message.get("type")
        if kind == "hello":
            self.hello()
        elif kind == "new_match":
            self.new_match(message)
        elif kind == "decide":
            self.decide(message)
        elif kind == "hand_ended":
            hand = M.past_hand(message)
            del self.past[hand.number - 1 :]  # a hand told again (an undo) replaces it
            self.past.append(hand)
        elif kind == "match_ended":
            self.player = None
        elif kind == "quit":
            return False
        return True  # other types: ignored, as the protocol asks

    def hello(self) -> None:
        players = self.plugins.players
        if self.name not in players:
            self.send({"type": "error", "message": f"unknown player {self.name!r}"})
            return
        entry = players.entries[self.name]
        self.send(
            {
                "type": "hello",
                "protocol": M.PROTOCOL,
                "name": self.name,
                "version": entry.version,
                "options": {k: M.option_json(o) for k, o in entry.cls.options.items()},
                "variants": ["*"],
                "reset": True,
            }
        )

    def new_match(self, message: dict[str, Any]) -> None:
        self.info = M.variant_info(message["variant"], self.plugins.variants)
        self.past = []
        self.rng = Stream(message.get("seed"))
        if isinstance(message.get("rng"), str):
            restore_stream(self.rng, message["rng"])
        self.sync = message.get("rng_sync") is True
        self.rng.drawn = False
        try:
            self.player = self.plugins.players.create(
                {"player": self.name, **message.get("options", {})}, self.rng
            )
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - the plugin's constructor
            self.send({"type": "error", "message": _raised(exc)})
            return
        self.send(self._with_stream({"type": "ready"}))

    def decide(self, message: dict[str, Any]) -> None:
        if self.player is None or self.info is None:
            self.send({"type": "error", "message": "asked to decide outside a match"})
            return
        if isinstance(message.get("rng"), str):
            restore_stream(self.rng, message["rng"])
        self.rng.drawn = False
        view = M.view_of(message, self.info, self.past)
        try:
            action = self.player.act(view)
        except (Exception, SystemExit) as exc:  # noqa: BLE001 - the plugin's act()
            self.send({"type": "error", "message": _raised(exc)})
            return
        reply = {"type": "action", "id": message["id"], "action": str(action)}
        self.send(self._with_stream(reply))

    def _with_stream(self, reply: dict[str, Any]) -> dict[str, Any]:
        if self.sync and self.rng.drawn:
            reply["rng"] = stream_state(self.rng)
        return reply


def _raised(exc: BaseException) -> str:
    return f"raised {exc.__class__.__name__}: {exc}".rstrip(": ")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m capicua.protocol.host PLAYER", file=sys.stderr)
        return 2
    # The protocol keeps the real stdout; fd 1 and sys.stdout now lead to stderr, so that
    # nothing the player prints (even from C) can reach the protocol's lines.
    out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    host = Host(args[0], out)
    for line in sys.stdin.buffer:
        if not line.strip():
            continue
        try:
            message = jsonin.loads(line)
        except ValueError:
            continue
        if isinstance(message, dict) and not host.handle(message):
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
