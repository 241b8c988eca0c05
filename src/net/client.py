"""A client of a host: joins a seat with its invitation, follows it, reconnects on its own.

:class:`Client` keeps one seat's picture of the match from the host's messages (the
variant, the finished hands, the latest view, the decision asked) and gives each message
to its owner. When the connection drops it connects again every second or two, for up to
``retry`` seconds, and joins with the same code: the host answers with the match as it
stands, and asks again the decision that was open, with the same id. A refusal that would
come again (a wrong code, a protocol error, the seat joined from elsewhere) ends it with a
:class:`NetError` saying what to do.

:class:`Seat` is the controller a program drives a person's seat through: await the next
decision, answer it (the tests' people, and the Tk table's remote model, use it).
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ..core.actions import Action
from ..core.errors import CapicuaError
from ..core.view import PastHand, View
from ..i18n import _
from ..protocol import messages as M
from . import wire as W
from .invitation import Invitation

#: Seconds a client keeps trying to get back to a host it lost.
RETRY = 300.0
OPEN_TIMEOUT = 10.0

Handler = Callable[[dict[str, Any]], Awaitable[None] | None]


class NetError(CapicuaError):
    """The host cannot be reached, or refused this client; the text says what to do."""


def _reason(code: int | None, reason: str) -> str:
    if code == W.CLOSE_CODE:
        return _(
            "the host has no seat with this invitation's code (a stale invitation?); ask the "
            "host for a new one"
        )
    if code == W.CLOSE_REPLACED:
        return _("this seat joined from another window or program; this one stopped")
    if code == W.CLOSE_OVER:
        return _("this table's matches are over")
    return _("the host closed the connection: {reason}").format(
        reason=M.one_line(reason or str(code), 120)
    )


class Client:
    """One seat's (or a spectator's) connection to a host (see the module's docstring)."""

    def __init__(
        self,
        invitation: Invitation,
        name: str = "",
        *,
        role: str = "person",
        cafile: Path | None = None,
        retry: float = RETRY,
        on_message: Handler | None = None,
        log: Callable[[str], None] | None = None,
        variants: Any = None,
        words: bool = False,
    ) -> None:
        self.invitation = invitation
        #: Ask the host for the table in words (``scene`` messages), as the page does.
        self.words = words
        #: The local variant registry: a view of a game installed here can ask its rules
        #: (the hints and the computer players need them).
        self.variants = variants
        self.name = name
        self.role = role
        self.cafile = cafile
        self.retry = retry
        self.on_message = on_message
        self.log = log or (lambda text: None)
        self.ws: ClientConnection | None = None
        self.welcome: dict[str, Any] | None = None
        self.new_match: dict[str, Any] | None = None
        self.past: list[PastHand] = []
        self.view: View | None = None
        self.seq = 0
        self.decide: dict[str, Any] | None = None  # the decision asked, until answered
        self.ended: dict[str, Any] | None = None  # the last match_ended
        self.errors: list[str] = []  # the host's refusals, newest last
        self.received = 0
        self.joins = 0
        self._stop = False

    @property
    def seat(self) -> int | None:
        return self.welcome["seat"] if self.welcome else None

    async def run(self) -> None:
        """Join and follow the table until its matches are over or :meth:`stop` is
        called; NetError if the host cannot be reached or refuses the seat."""
        lost: float | None = None
        loop = asyncio.get_running_loop()
        while not self._stop:
            try:
                async with connect(
                    self.invitation.url,
                    ssl=self._ssl(),
                    max_size=W.MAX_HOST_MESSAGE,
                    open_timeout=OPEN_TIMEOUT,
                    close_timeout=2,
                    compression=None,
                ) as ws:
                    self.ws = ws
                    lost = None
                    join = W.join(self.invitation.code, self.name, self.role, words=self.words)
                    await ws.send(W.encode(join))
                    self.joins += 1
                    async for text in ws:
                        await self._receive(W.decode(text))
                        if self._over():
                            return
                    code, reason = _closed(ws)
                    if self._final(code):
                        raise NetError(_reason(code, reason))
                    if self._over():
                        return
            except ConnectionClosed as exc:
                code, reason = _closed_exc(exc)
                if self._final(code):
                    raise NetError(_reason(code, reason)) from None
            except W.WireError as exc:
                raise NetError(
                    _("the host sent something that is not capicua-net/1: {problem}").format(
                        problem=exc
                    )
                ) from None
            except ssl.SSLError as exc:
                raise NetError(
                    _(
                        "TLS with {host} failed ({problem}); for a certificate of the host's "
                        "own, give it with --cafile"
                    ).format(host=self.invitation.host, problem=exc.reason or exc)
                ) from None
            except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
                if self.joins == 0:
                    raise NetError(
                        _(
                            "cannot reach the host at {host}:{port} ({problem}); is it running, "
                            "and is the invitation right?"
                        ).format(
                            host=self.invitation.host,
                            port=self.invitation.port,
                            problem=getattr(exc, "strerror", None) or exc.__class__.__name__,
                        )
                    ) from None
            finally:
                self.ws = None
            if self._stop:
                return
            now = loop.time()
            lost = now if lost is None else lost
            if now - lost > self.retry:
                raise NetError(
                    _("lost the host at {host}:{port} for {seconds:g} s; try again later").format(
                        host=self.invitation.host, port=self.invitation.port, seconds=self.retry
                    )
                )
            self.log(_("connection lost; joining again"))
            await asyncio.sleep(0.5 if now - lost < 5 else 2.0)

    def _final(self, code: int | None) -> bool:
        """Whether a close with ``code`` ends the client: a refusal that would come again,
        or a busy host refusing a first join (a rejoin waits for a place, as for a host
        that is away)."""
        return code in W.FINAL or (code == W.CLOSE_BUSY and self.welcome is None)

    def stop(self) -> None:
        self._stop = True
        if self.ws is not None:
            asyncio.get_running_loop().create_task(self.ws.close())

    async def send_action(self, number: int, action: Action | str) -> None:
        """Answer decision ``number``; a connection lost on the way is not an error: the
        host asks the same decision again after the rejoin."""
        ws = self.ws
        if self.decide is not None and self.decide["id"] == number:
            self.decide = None
        if ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(W.encode(W.action(number, action)))

    async def send(self, message: dict[str, Any]) -> None:
        """Send any message (an undo proposed, an agreement); lost with the connection."""
        ws = self.ws
        if ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(W.encode(message))

    def _ssl(self) -> ssl.SSLContext | None:
        if not self.invitation.tls:
            return None
        context = ssl.create_default_context(cafile=str(self.cafile) if self.cafile else None)
        return context

    def _over(self) -> bool:
        matches = (self.welcome or {}).get("matches", 1)
        return self.ended is not None and self.ended.get("match", 0) >= matches

    async def _receive(self, message: dict[str, Any]) -> None:
        self.received += 1
        kind = message["type"]
        if kind == "welcome":
            self.welcome = message
            self.past = []
            self.decide = None
        elif kind == "new_match":
            self.new_match = message
            self.past = []
            self.ended = None
        elif kind == "hand_ended":
            self.past.append(M.past_hand(message))
        elif kind == "update":
            self.seq = message["seq"]
            self.view = self._view(message["view"])
            if self.decide is not None and self.decide["id"] <= self.seq:
                self.decide = None
        elif kind == "decide":
            self.decide = message
        elif kind == "match_ended":
            number = self.new_match["match"] if self.new_match else 1
            self.ended = {**message, "match": number}
        elif kind == "error":
            self.errors.append(M.one_line(str(message.get("message", "")), 200))
        if self.on_message is not None:
            done = self.on_message(message)
            if done is not None:
                await done

    def _view(self, fields: dict[str, Any]) -> View:
        assert self.new_match is not None
        return M.view_of(fields, self.info(), self.past)

    def info(self) -> Any:
        """The variant's info as views carry it (with its class, if installed here)."""
        assert self.new_match is not None
        return M.variant_info(self.new_match["variant"], self.variants)


def _closed(ws: ClientConnection) -> tuple[int | None, str]:
    rcvd = ws.protocol.close_rcvd
    return (rcvd.code, rcvd.reason) if rcvd is not None else (None, "")


def _closed_exc(exc: ConnectionClosed) -> tuple[int | None, str]:
    rcvd = exc.rcvd
    return (rcvd.code, rcvd.reason) if rcvd is not None else (None, "")


class Seat:
    """A person's seat driven by a program: :meth:`decision` waits for the next decision
    (``None`` once the table's matches are over), :meth:`play` answers it."""

    def __init__(self, invitation: Invitation, name: str = "", **options: Any) -> None:
        self.client = Client(invitation, name, on_message=self._message, **options)
        self._events: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.messages: list[dict[str, Any]] = []

    async def __aenter__(self) -> Seat:
        self.task = asyncio.create_task(self._run())
        return self

    async def __aexit__(self, *exc: Any) -> None:
        self.client.stop()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, NetError):
                await self.task

    async def _run(self) -> None:
        try:
            await self.client.run()
        finally:
            self._events.put_nowait(None)

    def _message(self, message: dict[str, Any]) -> None:
        self.messages.append(message)
        if message["type"] == "decide":
            self._events.put_nowait(message)

    async def decision(self) -> tuple[int, View] | None:
        """The next decision asked (its id and the view), ``None`` once it is all over (a
        NetError if the client failed). A decision asked again after a rejoin comes again."""
        while True:
            message = await self._events.get()
            if message is None:
                if self.task is not None and self.task.done() and self.task.exception():
                    raise self.task.exception()  # type: ignore[misc]
                return None
            if self.client.decide is not message:
                continue  # answered, or asked again since (a rejoin): the newer one comes
            return message["id"], M.view_of(message, self.client.info(), self.client.past)

    async def play(self, number: int, action: Action | str) -> None:
        await self.client.send_action(number, action)
