"""Players in processes of their own: bot programs, and player plugins kept at a distance.

``{player = "command", argv = ["node", "bots/mybot.js"]}`` seats a program that speaks
``capicua-bot/1`` (docs/protocol.md). :class:`CommandPlayer` is capicua's side of that
conversation: it starts the program (or takes one kept from an earlier match), checks its
hello against the variant and the options, and turns every decision into a ``decide``
message and the answer back into an action. Everything the engine enforces applies: an
answer that is late, malformed, illegal or missing (the bot ended, wrote garbage, gave up)
is a :class:`~capicua.core.errors.PlayerFault`, which loses the bot its match with the
reason and its last stderr lines.

:func:`make_player` is where a seat's player comes from in a tournament and at the table:
capicua's own players play in process; every other player plays in a process that holds
no match, no deal and no other seat. A Python plugin is run there by
:mod:`capicua.protocol.host`, behind the same protocol (:class:`HostedPlayer`); a seat
table with ``isolation = "none"`` keeps a trusted plugin in process instead. A plugin that
wraps a program subclasses :class:`CommandPlayer` and sets :attr:`CommandPlayer.program`;
only that data is read, its class's code never runs.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar

from ..core.actions import Action
from ..core.errors import PlayerFault, PluginError
from ..core.rng import derive_bits, restore_stream, stream_state
from ..core.variant import Variant
from ..core.view import View
from ..hookspecs import hookimpl
from ..i18n import N_
from ..protocol import messages as M
from ..protocol.botlog import BotLog
from ..protocol.limits import Confinement
from ..protocol.process import HANDSHAKE_TIMEOUT, BotFault, BotPool, BotProcess, LineHook
from .base import Option, Player

#: Seconds a player has for a decision unless the tournament sets ``time_limit``.
DEFAULT_TIME_LIMIT = 10.0
_SCALARS = (str, int, float, bool)


def bot_seed(match_seed: int, seat: int) -> int:
    """The seed a bot gets for its own randomness: from the match seed, one way (a bot
    cannot work the deals back from it), below 2**53 for JavaScript."""
    return int.from_bytes(derive_bits(match_seed, "bot", seat)[:8], "big") >> (64 - M.SEED_BITS)


class CommandPlayer(Player):
    """A bot program speaking ``capicua-bot/1`` on its stdin and stdout."""

    name = "command"
    description = N_(
        "a program speaking capicua-bot/1 on stdin and stdout (capicua bot-check checks one)"
    )
    options = {
        "argv": Option(list, [], N_('the program and its arguments, e.g. ["node", "bot.js"]')),
        "cwd": Option(str, "", N_("the folder it runs in (relative to the config's folder)")),
        "options": Option(dict, {}, N_("the bot's own options, as its hello declares them")),
    }
    #: A plugin wrapping a program: the program and its arguments (its options are then
    #: the class's ``options``, all passed to the bot).
    program: ClassVar[tuple[str, ...]] = ()
    #: The folder the wrapped program runs in ("": the current folder).
    folder: ClassVar[str] = ""

    argv: list[str]
    cwd: str

    def __init__(self, rng: random.Random, **options: Any) -> None:
        super().__init__(rng, **options)
        self.bot_options: dict[str, Any] = dict(options.get("options", {}))
        self.limit = DEFAULT_TIME_LIMIT
        #: Set by the referee where a clock runs: why a late answer is late, and the
        #: seconds left on the clock with its increment (told to the bot in ``decide``).
        self.late: str | None = None
        self.clock_left: tuple[float, float] | None = None
        self.bot: BotProcess | None = None
        self.comment: str | None = None  # the last answer's commentary, if any
        self.bot_name: str | None = None  # the name its hello gave (the table shows it)
        self._pool: BotPool | None = None
        self._match: tuple[Variant, int, int] | None = None  # begin()'s arguments
        self._sent = 0  # finished hands told so far (hand_ended events)
        self._asked = 0  # decisions asked in this match
        self._busy = False  # a request is out, unanswered: the bot cannot be reused
        self.on_line: LineHook | None = None  # hears every line of a bot it starts
        #: Its limits and whether it is sandboxed (the seat's, over the tournament's).
        self.confinement = Confinement()
        #: How its last process ended when asked to quit: the exit status (None: killed)
        #: and the seconds it took.
        self.ended: tuple[int | None, float] | None = None

    @classmethod
    def config_problem(cls, options: dict[str, Any]) -> str | None:
        if cls is not CommandPlayer:  # a plugin's program: its options are the bot's own
            program: Any = cls.program  # a plugin's data: checked as it is, not as typed
            if not program or not all(isinstance(a, str) and a for a in program):
                return "its plugin names no program to run (program is empty)"
            return None
        argv = options.get("argv", [])
        if not argv or not all(isinstance(a, str) and a for a in argv):
            return 'argv must list the program and its arguments, e.g. ["node", "bot.js"]'
        bad = [k for k, v in options.get("options", {}).items() if not isinstance(v, _SCALARS)]
        if bad:
            return f"the bot's option {bad[0]!r} must be a string, a number or true/false"
        return None

    @property
    def label(self) -> str:
        return " ".join(self.argv)

    def key(self) -> tuple[Any, ...]:
        """What a kept process is looked up by: the program, its folder and how it is
        confined."""
        return (tuple(self.argv), self.cwd, self.confinement)

    # -- a match -------------------------------------------------------------------------

    def begin(self, variant: Variant, seat: int, seed: int, pool: BotPool | None = None) -> None:
        """Get the bot ready for a match of ``variant`` in ``seat``: started (or taken from
        ``pool``), its hello checked, ``new_match`` answered. PlayerFault if it cannot."""
        self._pool = pool
        self._match = (variant, seat, seed)
        self._sent = self._asked = 0
        if not self.argv:
            raise PlayerFault('no program to run: argv is empty (e.g. argv = ["node", "bot.js"])')
        bot = pool.take(self.key()) if pool is not None else None
        try:
            if bot is None:
                bot = BotProcess(
                    self.argv, self.cwd or None, on_line=self.on_line, confinement=self.confinement
                )
                self.bot = bot
                if isinstance(self.on_line, BotLog):
                    self.on_line.pid = bot.pid
                bot.handshake()
            elif isinstance(self.on_line, BotLog):  # a kept bot now plays for this seat's log
                bot.on_line = self.on_line
                self.on_line.pid = bot.pid
            self.bot = bot
            hello = bot.hello
            assert hello is not None  # handshaken when started
            self.bot_name = hello.name
            if not hello.supports(variant.name):
                raise PlayerFault(
                    f"bot {hello.name!r} plays {', '.join(hello.variants)}, not {variant.name}"
                )
            try:
                options = hello.check_options(self.bot_options)
            except ValueError as exc:
                raise PlayerFault(str(exc)) from None
            bot.matches += 1
            message = M.new_match(
                M.rules_metadata(variant), seat, options, bot_seed(seed, seat), bot.matches
            )
            self._busy = True
            reply = bot.exchange(
                self._extend(message, start=True),
                "ready",
                HANDSHAKE_TIMEOUT,
                f"did not answer new_match within {HANDSHAKE_TIMEOUT:g} s",
            )
            self._busy = False
            self._answered(reply)
        except BotFault as exc:
            self.close()
            raise PlayerFault(str(exc)) from None
        except M.BotGaveUp as exc:
            self.close()
            raise PlayerFault(self._gave_up(str(exc))) from None
        except BaseException:
            self.close()
            raise

    def act(self, view: View) -> Action:
        if self.bot is None:  # ended (the match was over, then taken back) or never begun
            if self._match is not None:
                self.begin(*self._match)
            else:
                # The seed from where the stream stands, without drawing from it.
                ahead = random.Random()
                ahead.setstate(self.rng.getstate())
                # The game with the options it is played with (a seat count, a goal).
                variant = view.variant.variant()
                self.begin(variant, view.seat, ahead.getrandbits(63))
        bot = self.bot
        assert bot is not None
        try:
            self._tell(bot, view)
            self._asked += 1
            number = self._asked
            limit = self.limit
            deadline = time.monotonic() + limit
            self._busy = True
            message = M.decide(view, number)
            if self.clock_left is not None:
                left, increment = self.clock_left
                message["clock"] = {"left": round(left, 3), "increment": increment}
            bot.send(self._extend(message), deadline)
            late = self.late or f"exceeded the time limit of {limit:g} s for a decision"
            reply = bot.receive(deadline, late)
            M.gave_up(reply)
            try:
                action, self.comment = M.read_action(reply, number)
            except M.ProtocolError as exc:
                raise bot.fault(str(exc)) from None
            self._busy = False
            self._answered(reply)
        except BotFault as exc:
            raise PlayerFault(str(exc)) from None
        except M.BotGaveUp as exc:
            raise PlayerFault(self._gave_up(str(exc))) from None
        return action

    def _tell(self, bot: BotProcess, view: View) -> None:
        """Send the finished hands the bot has not heard of (after an undo at the table,
        a hand played again is told again)."""
        past = view.past
        self._sent = min(self._sent, len(past))
        deadline = time.monotonic() + HANDSHAKE_TIMEOUT
        for hand in past[self._sent :]:
            bot.send(M.hand_ended(hand), deadline)
        self._sent = len(past)

    def finish(self, view: View | None, stopped: str | None = None) -> None:
        """The match is over (``view``: the seat's last view) or was stopped (``stopped``
        says why): tell the bot, then keep it for the next match if it can be reset and
        answered everything, else ask it to quit; :meth:`close` ends it then (call it once
        every seat is finished: their grace to quit runs at the same time). Never raises:
        the match is decided already."""
        bot = self.bot
        if bot is None:
            return
        if self._busy or not bot.alive():
            self.close()
            return
        try:
            if view is not None:
                self._tell(bot, view)
            winner = view.winner if view is not None else None
            label = view.label if view is not None else None
            scores = view.scores if view is not None else ()
            bot.send(
                M.match_ended(winner, label, scores, stopped),
                time.monotonic() + HANDSHAKE_TIMEOUT,
            )
        except BotFault:
            self.close()
            return
        hello = bot.hello
        if self._pool is not None and hello is not None and hello.reset:
            self.bot = None
            self._pool.give(self.key(), bot)
        else:
            bot.ask_to_quit()  # ended by close(), which the match's other seats share

    def close(self) -> None:
        """End the bot's process now (asked to quit first unless a request is out)."""
        bot, self.bot = self.bot, None
        if bot is not None:
            if self._busy:
                bot.close(quit=False)
            else:
                self.ended = bot.quit()
        self._busy = False

    # -- what the host adds ---------------------------------------------------------------

    def _extend(self, message: dict[str, Any], start: bool = False) -> dict[str, Any]:
        return message

    def _answered(self, reply: Mapping[str, Any]) -> None:
        return None

    def _gave_up(self, message: str) -> str:
        return f"gave up: {message}"


class HostedPlayer(CommandPlayer):
    """A Python player plugin in a process of its own (:mod:`capicua.protocol.host`).

    Its random stream is the seat's stream, carried across the boundary (``rng`` in
    ``new_match``, ``decide`` and the answers), so it plays exactly as it would in process,
    and the table can set the stream back after an undo.
    """

    def __init__(
        self,
        rng: random.Random,
        player: str,
        options: Mapping[str, Any],
        shared_stream: bool = False,
    ) -> None:
        super().__init__(
            rng,
            argv=[sys.executable, "-m", "capicua.protocol.host", player],
            cwd="",
            options=dict(options),
        )
        self.player = player
        #: The caller reads the stream and may set it back between decisions (the table's
        #: undo): the host's stream is then mirrored in ``rng`` after every draw.
        self.shared_stream = shared_stream
        self._known: object = None  # the stream's state as the host last had it

    @property
    def label(self) -> str:
        return self.player

    def _extend(self, message: dict[str, Any], start: bool = False) -> dict[str, Any]:
        if start:
            message["rng"] = stream_state(self.rng)
            message["rng_sync"] = self.shared_stream
            self._known = self.rng.getstate() if self.shared_stream else None
        elif self.shared_stream:
            state = self.rng.getstate()
            if state != self._known:  # set back since the host last drew (an undo)
                message["rng"] = stream_state(self.rng)
                self._known = state
        return message

    def _answered(self, reply: Mapping[str, Any]) -> None:
        text = reply.get("rng")
        if isinstance(text, str) and self.shared_stream:
            try:
                restore_stream(self.rng, text)
            except (TypeError, ValueError) as exc:
                raise PlayerFault(f"the host sent a broken stream state ({exc})") from None
            self._known = self.rng.getstate()

    def _gave_up(self, message: str) -> str:
        return message  # the host's words: "raised ValueError: ...", as in process


def isolated(registry: Any, spec: Any) -> bool:
    """Whether the seat entry ``spec`` plays in a process of its own."""
    name, _ = registry.parse_spec(spec)
    cls = registry.get(name)
    if issubclass(cls, CommandPlayer):
        return True
    if getattr(cls, "interactive", False):
        return False
    chosen = spec.get("isolation") if isinstance(spec, Mapping) else None
    if chosen is not None:
        return bool(chosen == "process")
    return not registry.builtin(name)


def make_player(
    registry: Any,
    spec: Any,
    rng: random.Random,
    *,
    variant: Variant,
    seat: int,
    seed: int,
    time_limit: float | None = None,
    pool: BotPool | None = None,
    shared_stream: bool = False,
    confinement: Confinement | None = None,
    log: str | Path | None = None,
    label: str | None = None,
) -> Any:
    """The player for ``seat`` of a match of ``variant`` with ``seed``, from its entry.

    Process players are ready when this returns (PlayerFault if they cannot start); their
    decisions are limited to ``time_limit`` seconds (default :data:`DEFAULT_TIME_LIMIT`),
    and ``pool`` keeps those that can be reset for the next match. ``shared_stream``: the
    caller reads ``rng`` after decisions and may set it back (the table's undo and save).
    ``confinement`` is the tournament's (limits, sandbox); the seat's own ``limits`` and
    ``untrusted`` keys change it for that seat. ``log``: a folder where every line the
    player's process sends and receives is written (:class:`~capicua.protocol.botlog.BotLog`,
    in a file named for ``label``).
    """
    name, options = registry.parse_spec(spec)
    cls = registry.get(name)
    if not isolated(registry, spec):
        return cls(rng, **options)
    player: CommandPlayer
    if issubclass(cls, CommandPlayer):
        if cls is CommandPlayer:
            player = CommandPlayer(rng, **options)
        else:  # a plugin wrapping a program: its data, not its code
            program = list(cls.program)
            player = CommandPlayer(rng, argv=program, cwd=cls.folder, options=options)
    else:
        player = HostedPlayer(rng, name, options, shared_stream)
    player.limit = time_limit or DEFAULT_TIME_LIMIT
    player.confinement = Confinement.of(spec, confinement)
    if log is not None:
        player.on_line = BotLog(log, label or player.label, seat)
    player.begin(variant, seat, seed, pool)
    return player


def with_folder(spec: Any, base: Path) -> Any:
    """A ``command`` seat entry with its ``cwd`` made absolute (relative to ``base``, the
    config's folder; ``base`` itself when it has none), so that the bot runs in the same
    place from any worker and when a saved match is taken up again from elsewhere."""
    if not isinstance(spec, Mapping) or spec.get("player") != "command":
        return spec
    cwd = spec.get("cwd", "")
    if not isinstance(cwd, str):
        return spec  # the option's own check reports it
    return {**spec, "cwd": str((base / cwd).resolve())}


#: Why a bot that runs elsewhere may fail in the sandbox, and what to do.
SANDBOX_HINT = (
    " (it ran in the sandbox, which shows it only the system's files and its own: a "
    "program that runs another from elsewhere, such as a pyenv shim, fails there; give "
    "its interpreter by its full path, e.g. /usr/bin/python3)"
)


def preflight(
    registry: Any, spec: Any, variant: str, confinement: Confinement | None = None
) -> str | None:
    """Start a process player's program once and check its hello against ``variant`` and
    its options; PluginError saying what is wrong (not a program, does not speak the
    protocol, plays other variants, an option it does not have). Returns the name its
    hello gave (``None`` for a player that is not a program)."""
    name, options = registry.parse_spec(spec)
    cls = registry.get(name)
    if not issubclass(cls, CommandPlayer):
        return None
    if cls is CommandPlayer:
        argv, cwd, given = options["argv"], options.get("cwd", ""), options.get("options", {})
    else:
        argv, cwd, given = list(cls.program), cls.folder, options
    shown = " ".join(argv)
    confined = Confinement.of(spec, confinement)
    try:
        bot = BotProcess(argv, cwd or None, confinement=confined)
    except BotFault as exc:
        raise PluginError(str(exc)) from None
    try:
        hello = bot.handshake()
    except BotFault as exc:
        hint = SANDBOX_HINT if confined.untrusted else ""
        raise PluginError(f"the bot {shown!r} {exc}{hint}") from None
    except M.BotGaveUp as exc:
        raise PluginError(f"the bot {shown!r} gave up at hello: {exc}") from None
    finally:
        bot.close()
    if not hello.supports(variant):
        raise PluginError(
            f"the bot {hello.name!r} ({shown}) plays {', '.join(hello.variants)}, not {variant}"
        )
    try:
        hello.check_options(given)
    except ValueError as exc:
        raise PluginError(str(exc)) from None
    return hello.name


@hookimpl
def capicua_register_players(registry: Any) -> None:
    registry.add(CommandPlayer)
