"""One tournament game, as a worker plays it: seeds, seats, the time limit, the result.

Everything here runs where the match is played (a local worker process or a dask worker),
so it receives only plain data: a :class:`Job` naming the variant and the players, and a
game index. Plugins are looked up by name in the worker's own plugin manager; no plugin
object ever crosses a process boundary.

Game ``k`` is fully decided by the job and ``k`` (:func:`plan`): its match seed is
``derive_seed(tournament seed, deal index)`` and each seat's player draws from
``seat_stream(match seed, seat)``. With ``swap_teams`` games ``2i`` and ``2i + 1`` share a
seed (so the same deals) and the second has the two teams' players exchanged. A job with
``lineups`` (a match, a league) plays each of them in duplicate pairs on the same deals:
game ``g`` plays lineup ``(g // 2) % len(lineups)`` on deal ``g // (2 * len(lineups))``, the
teams swapped in odd games (in a game of more than two sides, every seat given to the
lineup's other player), so every round gives every lineup the same deal and a longer run
only adds rounds.

A player that raises, answers illegally or exceeds the per-decision time limit ends its game
as an error naming the seat; the game's record is the unfinished match, and the error
(seat, player, reason) is returned beside it.

Players come from :func:`~capicua.players.command.make_player`: capicua's own play in the
worker, every other one in a process of its own that holds no match (a bot that can be
reset is kept in the worker's pool for its next game, everything else ends with the game).
"""

from __future__ import annotations

import ctypes
import signal
import threading
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.deals import fixed
from ..core.driver import play_match
from ..core.errors import PlayerError, PlayerFault
from ..core.match import Match
from ..core.records import dumps, to_record
from ..core.rng import derive_seed, seat_stream
from ..core.variant import Variant
from ..players.command import make_player
from ..protocol.limits import Confinement
from ..protocol.process import POOL
from ..shown import shown
from .config import Clock, entry_label


@dataclass(frozen=True)
class Job:
    """What every game of a tournament shares; plain data, cheap to pickle."""

    variant: str
    seats: dict[int, Any]
    seed: int
    swap_teams: bool = False
    time_limit: float | None = None
    lineups: tuple[dict[int, Any], ...] = ()  # played in duplicate pairs instead of ``seats``
    variant_options: dict[str, Any] = field(default_factory=dict)
    #: How every process player is confined (limits, sandbox); the seats' own keys add.
    confinement: Confinement | None = None
    #: Each seat's clock for the whole match, beside the per-decision ``time_limit``.
    clock: Clock | None = None
    #: The folder every process player's conversation is written to, or ``None``.
    log_bots: str | None = None
    #: A deal file's deals (plain data, as read): deal ``k`` of the plan is ``deals[k]``.
    deals: tuple[dict[str, Any], ...] = ()
    #: The name each bot program is shown by (its hello's), by its entry's spec_key.
    names: dict[str, str] = field(default_factory=dict)

    @classmethod
    def from_settings(cls, settings: Any) -> Job:
        confinement = getattr(settings, "confinement", None)
        if confinement is not None:
            # What a sandboxed bot must never see: the tournament's own files.
            hidden = [
                settings.config,
                settings.db,
                settings.records,
                getattr(settings, "log_bots", None),
                getattr(getattr(settings, "deals", None), "path", None),  # games to come
            ]
            paths = [Path(p).resolve() for p in hidden if p is not None]
            extra = [
                p.with_name(p.name + e)
                for p in paths
                for e in ("-journal", "-wal", "-shm", ".lock")
            ]
            confinement = replace(confinement, hidden=tuple(map(str, paths + extra)))
        return cls(
            settings.variant,
            dict(settings.seats),
            settings.seed,
            settings.swap_teams,
            settings.time_limit,
            variant_options=dict(getattr(settings, "variant_options", {})),
            confinement=confinement,
            clock=getattr(settings, "clock", None),
            log_bots=_folder(getattr(settings, "log_bots", None)),
            deals=_deals(settings),
            names=dict(getattr(settings, "names", {})),
        )

    def game(self, plugins: Any) -> Variant:
        """The variant every game of the job plays, with its options."""
        return plugins.variants.create(self.variant, self.variant_options)


def kit_job(settings: Any) -> dict[str, Any]:
    """The :class:`Job` fields of the bot author's kit in ``settings`` (a match's or a
    league's): the clock, the bots' log folder."""
    return {
        "clock": getattr(settings, "clock", None),
        "log_bots": _folder(getattr(settings, "log_bots", None)),
        "deals": _deals(settings),
        "names": dict(getattr(settings, "names", {})),
    }


def kit_identity(settings: Any) -> dict[str, Any]:
    """What the kit adds to a run's identity: only what is set, so that a run without it
    keeps the identity it always had."""
    identity: dict[str, Any] = {}
    clock = getattr(settings, "clock", None)
    if clock is not None:
        identity["clock"] = clock.as_dict()
    book = getattr(settings, "deals", None)
    if book is not None:
        identity["deals"] = book.digest
    return identity


def _deals(settings: Any) -> tuple[dict[str, Any], ...]:
    book = getattr(settings, "deals", None)
    return () if book is None else book.deals


def _folder(path: Any) -> str | None:
    """``path`` made absolute (workers may run elsewhere), as text, or ``None``."""
    return None if path is None else str(Path(path).resolve())


def _deal(job: Job, index: int) -> tuple[dict[int, Any], int, bool]:
    """Game ``index``'s lineup, the number of its deal and whether the teams are swapped."""
    if job.lineups:
        n = len(job.lineups)
        return job.lineups[(index // 2) % n], index // (2 * n), index % 2 == 1
    if job.swap_teams:
        return job.seats, index // 2, index % 2 == 1
    return job.seats, index, False


def fixed_deal(job: Job, index: int, variant: Variant) -> dict[str, Any] | None:
    """The chance events game ``index`` takes from the job's deal file, or ``None``."""
    if not job.deals:
        return None
    return fixed(job.deals[_deal(job, index)[1]], variant)


def plan(
    job: Job, index: int, teams: tuple[tuple[int, ...], ...]
) -> tuple[int, dict[int, Any], bool]:
    """Game ``index``'s match seed, its seat entries, and whether the teams are swapped."""
    base, deal, swapped = _deal(job, index)
    seats = dict(base)
    if swapped and len(teams) == 2:
        a, b = teams
        for sa, sb in zip(a, b, strict=True):  # the config checked the sizes
            seats[sa], seats[sb] = base[sb], base[sa]
    elif swapped:  # more sides: every seat goes to the lineup's other player
        first = base[min(base)]
        other = next((e for e in base.values() if e != first), first)
        seats = {s: other if e == first else first for s, e in base.items()}
    if job.deals:  # a deal file's deal: its own seed deals what the file does not
        return job.deals[deal]["seed"], seats, swapped
    return derive_seed(job.seed, deal), seats, swapped


class DecisionTimeout(BaseException):
    """Raised inside a player that overran its time limit.

    A BaseException, so that a player's own ``except Exception`` cannot swallow it (and
    :func:`capicua.core.driver.ask` does not mistake it for the player raising).
    """


class Referee:
    """Times every decision and stops one that overruns ``limit`` seconds.

    In a process's main thread a SIGALRM interval timer interrupts the player. Elsewhere
    (dask runs tasks in threads) a watchdog thread raises :class:`DecisionTimeout` in the
    deciding thread, which stops Python code but not a player blocked in C (a sleep): that
    one is caught when it returns. Either way a decision that returns late is a timeout.
    ``slot``, where given, is shared memory the local pool reads: ``[deadline, seat,
    decision]``, so the parent can kill a worker stuck where neither mechanism reaches, and
    can tell, when a worker dies, whether it died twice at the same decision of a game.
    """

    def __init__(self, limit: float | None, slot: Any = None, clock: Clock | None = None) -> None:
        self.limit = limit
        self.slot = slot
        #: Each seat's clock for the match (:meth:`start` sets it going), and the seconds
        #: left on it; a decision may take no longer than what is left.
        self.clock = clock
        self.left: dict[int, float] = {}
        #: Why the decision asked now would be late: its clock, or ``None`` (the limit).
        self.late: str | None = None
        self.seat = 0  # the seat deciding now, 0 between decisions
        self.decisions = 0  # decisions asked in this game so far (numbers the one asked now)
        self._signal = threading.current_thread() is threading.main_thread()
        if limit is not None and self._signal:
            signal.signal(signal.SIGALRM, _alarm)

    def start(self) -> None:
        """A new match: every seat's clock is full again."""
        self.decisions = 0
        self.left = {}
        self.late = None

    def enter(self, seat: int) -> None:
        """Seat ``seat``'s player runs now (built, or asked a decision)."""
        self.seat = seat
        if self.slot is not None:
            self.slot[1] = seat
            self.slot[2] = self.decisions

    def decide(self, player: Any, view: Any, seat: int) -> Any:
        limit, slot, clock = self.limit, self.slot, self.clock
        self.decisions += 1
        self.enter(seat)
        self.late = None
        if clock is not None:
            left = self.left.setdefault(seat, clock.base)
            if limit is None or left < limit:
                limit = max(left, 0.001)
                self.late = f"out of time on its clock ({clock} s)"
            if hasattr(player, "limit"):  # a process player waits for its bot this long
                player.limit = limit
                player.late = self.late
                player.clock_left = (left, clock.increment)
        if slot is not None and limit is not None:
            slot[0] = time.monotonic() + limit
        start = time.perf_counter()
        if limit is None:
            action = player.act(view)
        elif self._signal:
            signal.setitimer(signal.ITIMER_REAL, limit)
            try:
                action = player.act(view)
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
        else:
            token = _WATCHDOG.arm(limit)
            try:
                action = player.act(view)
            finally:
                _WATCHDOG.disarm(token)
        took = time.perf_counter() - start
        if limit is not None and took > limit:
            raise DecisionTimeout(took)
        if clock is not None:
            self.left[seat] -= took - clock.increment
        if slot is not None:
            slot[0] = slot[1] = 0
        self.seat = 0
        return action


def _alarm(signum: int, frame: Any) -> None:
    raise DecisionTimeout()


class _Watchdog:
    """One daemon thread per process that interrupts threads whose decision overran."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._deadlines: dict[int, float] = {}
        self._thread: threading.Thread | None = None

    def arm(self, limit: float) -> int:
        tid = threading.get_ident()
        with self._lock:
            self._deadlines[tid] = time.monotonic() + limit
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="capicua-referee", daemon=True
                )
                self._thread.start()
        return tid

    def disarm(self, tid: int) -> None:
        with self._lock:
            self._deadlines.pop(tid, None)
            # An interrupt sent just before the lock was taken may still be pending: clear
            # it, so it cannot surface later in the engine's own code.
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(tid), None)

    def _run(self) -> None:
        while True:
            time.sleep(0.01)
            now = time.monotonic()
            with self._lock:
                for tid, deadline in list(self._deadlines.items()):
                    if now > deadline:
                        del self._deadlines[tid]
                        ctypes.pythonapi.PyThreadState_SetAsyncExc(
                            ctypes.c_ulong(tid), ctypes.py_object(DecisionTimeout)
                        )


_WATCHDOG = _Watchdog()


class _Seat:
    """What the driver asks: the real player behind the referee, under its entry's name."""

    __slots__ = ("name", "player", "referee", "seat")

    def __init__(self, player: Any, seat: int, name: str, referee: Referee) -> None:
        self.player, self.seat, self.name, self.referee = player, seat, name, referee

    def act(self, view: Any) -> Any:
        return self.referee.decide(self.player, view, self.seat)


class _Observers:
    """Forwards the driver's observer calls to the plugins and keeps the match, so that a
    game stopped by an error still has its partial record."""

    def __init__(self, hook: Any) -> None:
        self.hook = hook
        self.match: Match | None = None

    def capicua_match_started(self, match: Match, seats: dict) -> None:
        self.match = match
        self.hook.capicua_match_started(match=match, seats=seats)

    def capicua_action_applied(self, **kw: Any) -> None:
        self.hook.capicua_action_applied(**kw)

    def capicua_hand_ended(self, **kw: Any) -> None:
        self.hook.capicua_hand_ended(**kw)

    def capicua_match_ended(self, **kw: Any) -> None:
        self.hook.capicua_match_ended(**kw)


def play_game(job: Job, index: int, referee: Referee | None = None, plugins: Any = None) -> dict:
    """Play game ``index`` of ``job`` and return its result (plain data, see :func:`result`)."""
    if plugins is None:
        from ..plugins import default_plugins

        plugins = default_plugins()
    if referee is None:
        referee = _thread_referee(job.time_limit, job.clock)
    variant = job.game(plugins)
    seed, seats, swapped = plan(job, index, variant.teams)
    names = {s: entry_label(spec, job.names) for s, spec in seats.items()}
    timings: dict[int, list[float]] = {}
    observers = _Observers(plugins.hook)
    error = None
    match = None
    referee.start()
    players: dict[int, _Seat] = {}
    try:
        for s, spec in seats.items():
            referee.enter(s)  # a constructor is the player's code too
            player = make_player(
                plugins.players,
                spec,
                seat_stream(seed, s),
                variant=variant,
                seat=s,
                seed=seed,
                time_limit=job.time_limit,
                pool=POOL,
                confinement=job.confinement,
                log=job.log_bots,
                label=names[s],
            )
            players[s] = _Seat(player, s, names[s], referee)
        referee.enter(0)
        match = play_match(
            variant,
            players,
            seed,
            hook=observers,
            seats=seats,
            timings=timings,
            fixed=fixed_deal(job, index, variant),
        )
    except PlayerError as exc:
        error = {"seat": exc.seat, "player": exc.player, "reason": exc.reason}
    except PlayerFault as exc:  # a process player that could not start its match
        seat = referee.seat
        error = {"seat": seat, "player": names.get(seat, "?"), "reason": str(exc)}
    except DecisionTimeout:
        seat = referee.seat
        error = {
            "seat": seat,
            "player": names.get(seat, "?"),
            "reason": referee.late
            or f"exceeded the time limit of {job.time_limit:g} s for a decision",
        }
    except BaseException as exc:
        seat = referee.seat
        if isinstance(exc, KeyboardInterrupt) and not seat:
            raise  # a real interrupt, not a player raising it
        what = f"{exc.__class__.__name__}: {exc}".rstrip(": ")
        if seat:  # raised while building or asking a player (SystemExit, ...)
            error = {"seat": seat, "player": names[seat], "reason": f"raised {what}"}
        else:  # an observer plugin or the engine itself
            error = {"seat": None, "player": None, "reason": f"the game stopped: {what}"}
    finally:
        if error is not None:  # a player's words: shown, never acted on by a terminal
            error["reason"] = shown(str(error["reason"]))
        referee.seat = 0
        if referee.slot is not None:
            referee.slot[0] = referee.slot[1] = referee.slot[2] = 0
        _finish(players, match or observers.match, error)
    if match is None:
        match = observers.match or variant.new_match(seed, (), fixed_deal(job, index, variant))
    return result(index, match, seats, swapped, error, timings, names)


def _finish(players: dict[int, _Seat], match: Match | None, error: dict | None) -> None:
    """Tell the process players how the match ended; each is then kept for the next match
    or ended (one that failed, or was still deciding, is killed)."""
    stopped = None
    if error is not None:
        who = f"seat {error['seat']} ({error['player']}): " if error.get("seat") else ""
        stopped = who + str(error["reason"])
    done = []
    for s, seat in players.items():
        finish = getattr(seat.player, "finish", None)
        if finish is not None:
            finish(match.view(s) if match is not None else None, stopped)
            done.append(seat.player)
    for player in done:  # those not kept quit, within one grace together
        player.close()


def result(
    index: int,
    match: Match,
    seats: dict[int, Any],
    swapped: bool,
    error: dict | None,
    timings: dict[int, list[float]],
    names: dict[int, str] | None = None,
) -> dict:
    """A game's result: its record line and the few facts the statistics need.

    ``facts["hands"]`` holds ``[winning team or 0, outcome, points]`` per finished hand,
    ``facts["seats"]`` each seat's entry as the config wrote it, ``facts["time"]`` each
    seat's decision count, total and longest time in seconds. Decision times are kept out of
    the record, which must repeat byte for byte.
    """
    # The record stays plain capicua-match/1 (its schema admits no other key): an error
    # game's record is the unfinished match; the error itself is kept beside it.
    record = to_record(match, seats)
    hands = [
        [h.result.team or 0, h.result.outcome, h.result.points]
        for h in match.hands_log
        if h.result is not None
    ]
    facts: dict[str, Any] = {
        "winner": None if error else match.winner,
        "label": None if error else match.label,
        "hands": hands,
        "seats": {str(s): v for s, v in seats.items()},
        "time": {str(s): [len(t), sum(t), max(t)] for s, t in timings.items() if t},
    }
    if not error and len(match.winners) > 1:  # a win shared by several teams (winner None)
        facts["winners"] = list(match.winners)
    # When it finished (UTC), for the CSV of games; like the times, never in the record.
    facts["finished"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    # A bot shown by its hello's name: the row says so (absent where no seat is).
    shown_as = {str(s): name for s, name in (names or {}).items() if name != entry_label(seats[s])}
    if shown_as:
        facts["names"] = shown_as
    return {
        "index": index,
        "seed": match.seed,
        "swapped": swapped,
        "record": dumps(record),
        "facts": facts,
        "error": error,
    }


def crashed(job: Job, index: int, plugins: Any, seat: int, reason: str) -> dict:
    """The result of a game whose worker died or was stopped: the record of the match as
    its seed starts it, with the error (what happened after is lost with the worker)."""
    variant = job.game(plugins)
    seed, seats, swapped = plan(job, index, variant.teams)
    error = {
        "seat": seat or None,
        "player": entry_label(seats[seat], job.names) if seat else None,
        "reason": reason,
    }
    match = variant.new_match(seed, (), fixed_deal(job, index, variant))
    names = {s: entry_label(spec, job.names) for s, spec in seats.items()}
    return result(index, match, seats, swapped, error, {}, names)


_REFEREES = threading.local()


def _thread_referee(limit: float | None, clock: Clock | None = None) -> Referee:
    """One referee per thread (dask reuses its threads for many games)."""
    ref = getattr(_REFEREES, "ref", None)
    if ref is None or ref.limit != limit or ref.clock != clock:
        ref = _REFEREES.ref = Referee(limit, clock=clock)
    return ref


def play_task(job: Job, index: int) -> dict:
    """The dask task: one game, in whatever worker thread dask chose."""
    return play_game(job, index)
