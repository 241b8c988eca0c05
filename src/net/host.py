"""The host: a WebSocket server in front of its tables, and what it refuses.

Each connection is a :class:`Connection`: it must send ``join`` with a code within
:data:`JOIN_TIMEOUT` seconds, and is then a seat's client or a spectator of one table.
What the host protects, whatever a client sends:

* a connection beyond ``max_connections`` open at once, or ``max_per_address`` from one
  address, is refused with a reason once it has sent its join (at once if it sends none
  within :data:`BUSY_JOIN_TIMEOUT` seconds);
* a code is looked up against every code in constant time; a wrong one waits
  :data:`WRONG_CODE_DELAY` seconds before the refusal, and is logged cut short;
* a message over :data:`~capicua.net.wire.MAX_CLIENT_MESSAGE` bytes, one that is not
  ``capicua-net/1``, more than :data:`~capicua.net.wire.RATE` messages a second (after a
  burst), or a client that does not read what it is sent (:data:`BACKLOG` messages
  waiting) is cut off with a close code and a reason;
* a refused action (not its seat, not its turn, not legal) gets an ``error`` and changes
  nothing.

One client's trouble never holds up another: each connection has its own queue and task,
and a table's match only ever waits for the seat to move.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..core.errors import CapicuaError
from ..i18n import _, in_language
from ..protocol.messages import one_line
from ..shown import shown
from ..tournament.config import ConfigError
from . import web
from . import wire as W
from .config import HostConfig
from .invitation import Invitation, masked
from .said import Words
from .store import HostStore
from .table import Log, Table, new_codes, table_seed

#: Seconds a new connection has to send its join.
JOIN_TIMEOUT = 10.0
#: Seconds before a wrong code is refused (a guess costs that much; codes have 128 bits).
WRONG_CODE_DELAY = 0.5
#: Seconds a connection beyond the limits has to send its join (for the refusal's language).
BUSY_JOIN_TIMEOUT = 1.0
#: Messages waiting for a client before it is cut off as one that does not read.
BACKLOG = 1000
#: Connections beyond a limit that are still let through the handshake, to be refused
#: with a reason in their language; past these they are closed at accept.
BUSY_EXTRA = 10
#: Seconds between two lines saying that connections from one address are closed at accept.
REFUSED_LOG_EVERY = 10.0


@dataclass(eq=False)
class Connection:
    """A joined client: its seat (``None``: spectator), its queue of messages to send, and
    its rate of messages received."""

    ws: ServerConnection
    table: Table
    seat: int | None
    role: str
    name: str
    lang: str = "en"  # the language its refusals and errors are told in (its join's)
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    tokens: float = float(W.BURST)
    last: float = field(default_factory=time.monotonic)
    closing: bool = False
    #: A page's connection (its join asked for words): the table in words, made here.
    words: Words | None = None
    _scene_due: bool = False
    _hinted: tuple[int, dict[str, Any]] | None = None  # the hint of a decision, made once

    def send(self, message: dict[str, Any]) -> None:
        if self.closing:
            return
        if self.queue.qsize() >= BACKLOG:
            self.cut(W.CLOSE_SLOW, _told(self.lang, lambda: _("does not read what the host sends")))
            return
        if message["type"] == "decide":
            self.tokens += 1  # a question asked is an answer allowed, however fast the game
        self.queue.put_nowait(W.encode(message))
        if self.words is not None and message["type"] == "review":
            told = self.words.reviewed(message)  # the marks in the log, in words
            if told is not None:
                self.tell(told)
        if self.words is not None and self.words.hear(message) and not self._scene_due:
            # Once after the messages of one step of the table (an update and its decide),
            # so the scene says what the step left, not what lay between.
            self._scene_due = True
            asyncio.get_running_loop().call_soon(self._scene)

    def _scene(self) -> None:
        self._scene_due = False
        if self.words is not None and not self.closing and not self.words.waiting:
            self.tell(self.words.scene())

    def tell(self, message: dict[str, Any]) -> None:
        """Send a message of the page's words, heard by the table's tap like every other
        (the leak test reads them too)."""
        tap, match = self.table.tap, self.table.match
        if tap is not None and match is not None:
            tap(self, message, match)
        self.send(message)

    def said(self, kind: str) -> str | None:
        """A page's request for words (``log``, ``rules``, ``hint``): answered, or why not."""
        words = self.words
        if words is None:
            return _("{kind} is not a message a client sends").format(kind=repr(kind))
        if kind == "log":
            self.tell(words.log())
        elif kind == "rules":
            self.tell(words.rules())
        else:
            asked = words.session.asked
            if self._hinted is None or self._hinted[0] != asked:
                # The expert's fast level, in the table's thread: once per decision asked,
                # however often the page asks, so a page cannot make the host think for it.
                made = words.hint()
                if isinstance(made, str):
                    return made
                self._hinted = (made["id"], made)
            self.tell(self._hinted[1])
        return None

    def cut(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self.queue.put_nowait(None)
            close = self.ws.close(code, W.close_reason(reason))
            asyncio.get_running_loop().create_task(close)

    def allowed(self) -> bool:
        """Whether one more message keeps within the rate (a token bucket)."""
        now = time.monotonic()
        self.tokens = min(max(W.BURST, self.tokens), self.tokens + (now - self.last) * W.RATE)
        self.last = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    async def pump(self) -> None:
        """Send the queued messages in order; a send waits while the client's buffer is
        full (websockets' write limit), and the queue behind it grows to BACKLOG."""
        while True:
            text = await self.queue.get()
            if text is None:
                return
            await self.ws.send(text)


class Host:
    """A host's tables and its server (:meth:`start`, :meth:`run`, :meth:`stop`)."""

    def __init__(
        self,
        config: HostConfig,
        plugins: Any,
        *,
        log: Log = print,
        tap: Callable[..., None] | None = None,
        store: HostStore | None = None,
    ) -> None:
        self.config = config
        self.plugins = plugins
        # Whatever a line holds (a code's first characters, a name, a bot's words), it is
        # one line with every control, invisible and direction character escaped.
        self.log = log = _escaping(log)
        self.store = store if store is not None else HostStore.open(config.store)
        self.tables: list[Table] = []
        self.server: Server | None = None
        self.port = config.port
        self._tasks: list[asyncio.Task[None]] = []
        #: Connections open now, by the client's address, counted from their accept, before
        #: any handshake (the limits count them).
        self.open: Counter[str] = Counter()
        self._said: dict[str, float] = {}  # when a refusal at accept was last logged
        try:
            self._tables(config, plugins, log, tap)
        except BaseException:
            self.store.close()  # its lock too: the same store may be opened again
            raise

    def _tables(self, config: HostConfig, plugins: Any, log: Log, tap: Any) -> None:
        for spec in config.tables:
            variant = plugins.variants.create(spec.variant, spec.options)
            stored = self.store.table(spec.name)
            if stored is None:
                seed = table_seed(spec)
                codes = new_codes(spec)
                self.store.add_table(spec.name, {**spec.stored(), "seed": seed}, codes)
            else:
                kept, codes = stored
                seed = kept.pop("seed")
                if kept != spec.stored() or (spec.seed is not None and spec.seed != seed):
                    raise ConfigError(
                        _(
                            "{path}: table {name} was started with other settings; start it "
                            "with the config it was started with, or give another --store"
                        ).format(path=self.store.path, name=spec.name)
                    )
            table = Table(
                spec,
                variant,
                seed,
                codes,
                plugins,
                self.store,
                hold=config.hold,
                pace=config.pace,
                time_limit=config.time_limit,
                stand_in=config.stand_in,
                log=log,
                tap=tap,
            )
            table.resume()
            self.tables.append(table)

    @property
    def tls(self) -> bool:
        return self.config.certificate is not None

    def invitations(self) -> list[tuple[Table, int | None, str, Invitation]]:
        """Every invitation: (table, seat or ``None`` for spectators, kind, invitation)."""
        host = self.config.bind if self.config.bind not in ("0.0.0.0", "::", "") else _here()
        out = []
        for table in self.tables:
            for key, code in table.codes.items():
                seat = None if key == "watch" else int(key)
                kind = "watch" if seat is None else table.seats[seat].kind
                out.append((table, seat, kind, Invitation(host, self.port, code, self.tls)))
        return out

    async def start(self) -> None:
        """Listen; ConfigError for a port in use or an address not of this machine."""
        context = None
        if self.config.certificate is not None:
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            try:
                context.load_cert_chain(self.config.certificate, self.config.key)
            except (ssl.SSLError, OSError) as exc:
                raise ConfigError(
                    _("{path}: cannot use it as a TLS certificate and key ({problem})").format(
                        path=self.config.certificate, problem=getattr(exc, "strerror", exc)
                    )
                ) from None
        try:
            self.server = await serve(
                self._handle,
                self.config.bind,
                self.config.port,
                ssl=context,
                max_size=W.MAX_CLIENT_MESSAGE,
                max_queue=4,
                write_limit=64 * 1024,
                close_timeout=2,
                ping_interval=20,
                ping_timeout=20,
                compression=None,
                create_connection=_counted(self),
                # The table page, its files and words, on the same port; a handshake from
                # another site's page is refused here (capicua.net.web).
                process_request=lambda _connection, request: web.answer(request),
            )
        except OSError as exc:
            raise ConfigError(
                _("cannot listen on {bind} port {port} ({problem}); choose another --port").format(
                    bind=self.config.bind, port=self.config.port, problem=exc.strerror or exc
                )
            ) from None
        self.port = self.server.sockets[0].getsockname()[1]
        asyncio.get_running_loop().set_exception_handler(self._loop_problem)
        self._tasks = [asyncio.create_task(t.run()) for t in self.tables if not t.done]

    async def run(self) -> None:
        """Play every table to its end (start first), then close the server."""
        if self._tasks:
            await asyncio.gather(*self._tasks)
        await asyncio.sleep(0.5)  # the last messages reach the clients before the close
        await self.stop()

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, CapicuaError):
                await task
        if self.server is not None:
            self.server.close(close_connections=True)
            await self.server.wait_closed()
            self.server = None

    def close(self) -> None:
        self.store.close()

    # -- a connection -------------------------------------------------------------------------

    async def _handle(self, ws: ServerConnection) -> None:
        address = ws.remote_address[0] if ws.remote_address else "?"
        await self._serve(ws, self._busy(address))

    def accepted(self, address: str) -> bool:
        """Count a connection from ``address`` as it is accepted; whether to keep it (one far
        beyond a limit is closed at once, a line logged now and then)."""
        self.open[address] += 1
        if self._busy(address, BUSY_EXTRA) is None:
            return True
        now = time.monotonic()
        if now - self._said.get(address, -REFUSED_LOG_EVERY) >= REFUSED_LOG_EVERY:
            self._said[address] = now
            self.log(
                _("closing connections from {address} at once: it has {count} open").format(
                    address=address, count=self.open[address]
                )
            )
        return False

    def closed(self, address: str) -> None:
        """A connection counted by :meth:`accepted` is gone."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def _loop_problem(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        """What asyncio would print with a traceback (an accept() out of file descriptors),
        in one line, once a second at most."""
        exc = context.get("exception")
        text = str(context.get("message", ""))
        if exc is not None:
            text += f" ({type(exc).__name__}: {exc})"
        now = time.monotonic()
        if now - self._said.get("", -1.0) >= 1.0:
            self._said[""] = now
            self.log(_("the host's event loop: {problem}").format(problem=one_line(text)))

    def _busy(self, address: str, extra: int = 0) -> Callable[[], str] | None:
        """Why a connection from ``address`` (counted already) is one too many (``extra``
        beyond the limits), if it is: the reason, made when called (in the client's
        language, once it is known)."""
        limit, total = self.config.max_connections, sum(self.open.values())
        if limit and total > limit + extra:
            return lambda: _(
                "the host has all the connections it allows open ({limit}); try again later"
            ).format(limit=limit)
        each = self.config.max_per_address
        if each and self.open[address] > each + extra:
            return lambda: _(
                "too many connections from your address (the host allows {limit}); close one"
            ).format(limit=each)
        return None

    async def _serve(self, ws: ServerConnection, busy: Callable[[], str] | None) -> None:
        where = _peer(ws)
        try:
            first = await asyncio.wait_for(ws.recv(), BUSY_JOIN_TIMEOUT if busy else JOIN_TIMEOUT)
            message = W.decode(first)
            code, name = W.read_join(message)
            lang = W.join_language(message)
            wants_words = message.get("words") is True
        except TimeoutError:
            if busy is not None:
                await ws.close(W.CLOSE_BUSY, W.close_reason(busy()))
            else:
                await ws.close(W.CLOSE_PROTOCOL, "no join within 10 s")
            return
        except W.WireError as exc:
            await ws.close(W.CLOSE_PROTOCOL, W.close_reason(str(exc)))
            return
        except ConnectionClosed:
            return
        if busy is not None:
            self.log(
                _("refused a connection from {peer}: {reason}").format(peer=where, reason=busy())
            )
            await ws.close(W.CLOSE_BUSY, W.close_reason(_told(lang, busy)))
            return
        found = self._find(code)
        if found is None:
            self.log(_("refused code {code} from {peer}").format(code=masked(code), peer=where))
            await asyncio.sleep(WRONG_CODE_DELAY)
            reason = _told(lang, lambda: _("no seat has this code; ask the host for an invitation"))
            await ws.close(W.CLOSE_CODE, W.close_reason(reason))
            return
        table, seat = found
        if table.done:
            reason = _told(lang, lambda: _("the table's matches are over"))
            await ws.close(W.CLOSE_OVER, W.close_reason(reason))
            return
        role = "spectator" if seat is None else table.seats[seat].kind
        role = "person" if role == "computer" else role
        conn = Connection(ws, table, seat, role, name, lang)
        if wants_words:
            conn.words = Words(self.plugins.variants, lang)
        pump = asyncio.create_task(conn.pump())
        table.attach(conn)
        try:
            async for text in ws:
                if not conn.allowed():
                    conn.cut(
                        W.CLOSE_FLOOD, _told(lang, lambda: _("more than 10 messages a second"))
                    )
                    break
                try:
                    message = W.decode(text)
                except W.WireError as exc:
                    conn.cut(W.CLOSE_PROTOCOL, str(exc))
                    break
                with in_language(lang):  # nothing awaited inside: no other client's words change
                    self._message(conn, message)
        except ConnectionClosed:
            pass
        finally:
            table.detach(conn)
            conn.closing = True
            conn.queue.put_nowait(None)
            with contextlib.suppress(ConnectionClosed, asyncio.CancelledError):
                await pump

    def _message(self, conn: Connection, message: dict[str, Any]) -> None:
        """A joined client's message: done, or refused with an ``error`` saying why."""
        table = conn.table
        kind = message.get("type")
        if kind == "action":
            refused = table.answer(conn, message)
        elif kind == "undo":
            refused = table.propose_undo(conn)
        elif kind in ("agree", "refuse"):
            refused = table.vote(conn, message)
        elif kind == "review":
            refused = table.ask_review(conn, message)
        elif kind in ("log", "rules", "hint"):
            refused = conn.said(kind)
        elif kind == "join":
            refused = _("already joined")
        else:
            refused = _("{kind} is not a message a client sends").format(
                kind=one_line(repr(kind), 30)
            )
        if refused is not None:
            conn.send(W.error(refused))

    def _find(self, code: str) -> tuple[Table, int | None] | None:
        found = None
        for table in self.tables:  # every table's codes compared: the time tells nothing
            seat, hit = table.seat_of_code(code)
            if hit:
                found = (table, seat)
        return found


def _counted(host: Host) -> type[ServerConnection]:
    """The connection class of ``host``'s server: counted from its accept by the host."""

    class Counted(ServerConnection):
        address = "?"
        kept = False

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            peer = transport.get_extra_info("peername")
            self.address = str(peer[0]) if peer else "?"
            if not host.accepted(self.address):
                host.closed(self.address)
                assert isinstance(transport, asyncio.Transport)
                transport.abort()
                return
            self.kept = True
            super().connection_made(transport)

        def connection_lost(self, exc: Exception | None) -> None:
            if self.kept:  # counted until now; one closed at accept was never made
                self.kept = False
                host.closed(self.address)
                super().connection_lost(exc)

    return Counted


def _escaping(log: Log) -> Log:
    def escaped(text: str) -> None:
        log(shown(text))

    return escaped


def _told(lang: str, text: Callable[[], str]) -> str:
    """``text()`` in the language ``lang`` (a client's), the host's own language kept."""
    with in_language(lang):
        return text()


def _peer(ws: ServerConnection) -> str:
    address = ws.remote_address
    return f"{address[0]}:{address[1]}" if address else "?"


def _here() -> str:
    """This machine's address on its network, for invitations of a host listening on every
    interface (the address a packet to the internet would leave from; nothing is sent)."""
    import socket

    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))
        return str(s.getsockname()[0])
    return "127.0.0.1"
