"""``capicua connect``: a local capicua-bot/1 program playing a seat at a remote host.

The host speaks capicua-bot/1's own messages to a seat (``new_match``, ``decide``,
``hand_ended``, ``match_ended``); the relay passes them to the program and its answers back,
so the program cannot tell it is not in a local tournament, and its code never leaves its
author's machine. What the relay adds:

* the program is started, timed and ended by :class:`~capicua.protocol.process.BotProcess`
  (its deadlines, its stderr kept for the reasons, its children ended with it), with
  :data:`~capicua.players.command.DEFAULT_TIME_LIMIT` seconds a decision unless told;
* a decision's ``id`` is renumbered for the program 1, 2, 3, ... in each match, as a local
  match numbers them (the host numbers decisions by the match's actions);
* after a reconnection the host tells the match again from its start; the relay passes on
  only what the program has not heard, and a decision the program already answered is
  answered again from memory, not asked twice.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..i18n import _
from ..players.command import DEFAULT_TIME_LIMIT
from ..protocol import messages as M
from ..protocol.process import HANDSHAKE_TIMEOUT, BotFault, BotProcess
from .client import Client, NetError
from .invitation import Invitation


class Relay:
    """Plays the program ``argv`` (run in ``cwd``) in the seat of ``invitation``."""

    def __init__(
        self,
        invitation: Invitation,
        argv: Sequence[str],
        cwd: str | None = None,
        *,
        time_limit: float = DEFAULT_TIME_LIMIT,
        cafile: Path | None = None,
        retry: float = 300.0,
        log: Callable[[str], None] | None = None,
    ) -> None:
        self.argv = list(argv)
        self.cwd = cwd
        self.time_limit = time_limit
        self.log = log or (lambda text: None)
        self.client = Client(
            invitation, "", role="bot", cafile=cafile, retry=retry, on_message=self._on, log=log
        )
        self.bot: BotProcess | None = None
        self._match = 0  # the host's match number the program was told of
        self._told = 0  # finished hands the program was told of
        self._asked = 0  # decisions asked of the program in this match
        self._answers: dict[str, str] = {}  # a decide message: the program's action
        self._seen = 0  # finished hands the host has told of since its new_match
        self.decisions = 0

    async def run(self) -> None:
        """Play until the table's matches are over; NetError for the host, BotFault for the
        program, each one line."""
        try:
            # Started first: a program that cannot start is told before any seat is taken.
            started = self.bot = BotProcess(self.argv, self.cwd)
            hello = await asyncio.to_thread(started.handshake)
            self.client.name = hello.name
            await self.client.run()
        finally:
            bot, self.bot = self.bot, None
            if bot is not None:
                await asyncio.to_thread(bot.close)

    async def _on(self, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "welcome":
            self.log(
                _("joined table {table}, seat {seat}").format(
                    table=message["table"], seat=message["seat"]
                )
            )
        elif kind == "new_match":
            self._seen = 0  # the finished hands of this match are told from the first
            if message["match"] != self._match:
                await asyncio.to_thread(self._begin, message)
        elif kind == "hand_ended":
            self._told_hand(message)
        elif kind == "decide":
            number = message["id"]
            # The same question again (after a reconnection) is answered from memory; the
            # same id in another position (after an undo at the table) is asked anew.
            key = json.dumps(message, sort_keys=True)
            action = self._answers.get(key)
            if action is None:
                action = await asyncio.to_thread(self._decide, message)
                self._answers = {key: action}  # only the last: older ones are decided
            self.decisions += 1
            await self.client.send_action(number, action)
        elif kind == "match_ended":
            await asyncio.to_thread(self._end, message)
        elif kind == "error":
            self.log(_("the host refused: {reason}").format(reason=M.one_line(message["message"])))

    def _begin(self, message: dict[str, Any]) -> None:
        bot = self.bot
        if bot is not None and bot.matches and not (bot.hello is not None and bot.hello.reset):
            bot.close()  # one match a process, unless its hello said it can be reset
            bot = None
        if bot is None:
            bot = self.bot = BotProcess(self.argv, self.cwd)
            bot.handshake()
        hello = bot.hello
        assert hello is not None
        name = message["variant"]["name"]
        if not hello.supports(name):
            raise BotFault(
                _("bot {bot!r} plays {variants}, not {variant}").format(
                    bot=hello.name, variants=", ".join(hello.variants), variant=name
                )
            )
        bot.matches += 1
        told = {**message, "match": bot.matches, "options": hello.check_options({})}
        bot.exchange(
            told,
            "ready",
            HANDSHAKE_TIMEOUT,
            f"did not answer new_match within {HANDSHAKE_TIMEOUT:g} s",
        )
        self._match = message["match"]
        self._told = self._asked = 0
        self._answers = {}
        self.log(_("match {number}: {bot} plays").format(number=self._match, bot=hello.name))

    def _told_hand(self, message: dict[str, Any]) -> None:
        # After a rejoin the host tells every finished hand again: count them as they come.
        self._seen += 1
        if self._seen > self._told and self.bot is not None:
            self.bot.send(message, time.monotonic() + HANDSHAKE_TIMEOUT)
            self._told = self._seen

    def _decide(self, message: dict[str, Any]) -> str:
        bot = self.bot
        assert bot is not None
        self._asked += 1
        deadline = time.monotonic() + self.time_limit
        bot.send({**message, "id": self._asked}, deadline)
        reply = bot.receive(deadline, f"exceeded the time limit of {self.time_limit:g} s")
        try:
            M.gave_up(reply)
        except M.BotGaveUp as exc:
            raise BotFault(f"gave up: {exc}") from None
        try:
            action, _comment = M.read_action(reply, self._asked)
        except M.ProtocolError as exc:
            raise bot.fault(str(exc)) from None
        return M.action_text(action)

    def _end(self, message: dict[str, Any]) -> None:
        bot = self.bot
        if bot is None:
            return
        try:
            bot.send(message, time.monotonic() + HANDSHAKE_TIMEOUT)
        except BotFault:
            self.bot = None
            bot.close(quit=False)


__all__ = ["BotFault", "NetError", "Relay"]
