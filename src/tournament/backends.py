"""Where games are played: a local pool of worker processes, or a dask.distributed cluster.

Both take a :class:`~capicua.tournament.play.Job` and game indices and call ``deliver(result)``
in the calling thread for each finished game, in whatever order games finish; the runner
puts them in order. Results do not depend on the backend or on the number of workers,
because a game depends only on the job and its index.

Indices are taken from an iterator as workers become free, so a run of any length keeps
only the games in flight in memory.

The local pool is our own rather than ``multiprocessing.Pool``: the parent knows which
game each worker is playing, which seat is deciding and which decision of the game it is
(shared memory the worker writes). So it can stop a worker stuck in a player beyond the
reach of the in-worker time limit, record that game as the player's timeout, and start a
fresh worker. A worker that dies (killed from outside, out of memory, a player ending its
process) has its game played again from the start in a fresh worker; only a death that
repeats at the same decision of the same game is the deciding player's error. A game whose
workers keep dying at different points, or workers dying outside any game three times in a
row, stop the run instead of looping (what finished is kept).
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing as mp
import os
import signal
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from multiprocessing.connection import wait
from typing import Any

from ..core.errors import CapicuaError
from ..i18n import _, ngettext
from ..protocol.confine import die_with_parent, end_bots_of
from ..protocol.process import POOL
from .play import Job, Referee, crashed, play_game

Deliver = Callable[[dict], None]

IN_FLIGHT = 2  # games queued per worker, so a worker never waits for the parent between games
POLL = 0.2  # seconds between watchdog checks when nothing arrives
DEATHS_PER_GAME = 3  # a game's workers died this often at different points: stop the run


class RunnerError(CapicuaError):
    """The run cannot go on (workers cannot start, the cluster is unreachable)."""


class Feed:
    """The games to hand out: those to play again first, then the next from ``indices``,
    drawn only when a worker has room (an iterator of any length costs no memory)."""

    def __init__(self, indices: Iterable[int]) -> None:
        self._source: Iterator[int] = iter(indices)
        self._again: deque[int] = deque()

    def take(self) -> int | None:
        if self._again:
            return self._again.popleft()
        return next(self._source, None)

    def put_back(self, games: Iterable[int]) -> None:
        """``games`` go first, in their order."""
        self._again.extendleft(reversed(list(games)))

    def empty(self) -> bool:
        game = self.take()
        if game is None:
            return True
        self._again.appendleft(game)
        return False


def _worker_main(conn: Any, slot: Any, job: Job) -> None:
    """A worker process: load the plugins once, then play the games it is sent."""
    # Killed with the parent, however it ends (kill -9 too): the bots end with this
    # process in turn (confine.py), so nothing a run started outlives it.
    die_with_parent()
    parent = mp.parent_process()
    if parent is not None and os.getppid() != parent.pid:
        return  # the parent ended before the line above
    # Ctrl-C reaches the whole process group; the parent alone decides what happens.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # The parent's stdout is capicua's output (--json): what a player in this process
    # prints goes to stderr instead.
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    try:
        _serve(conn, slot, job)
    finally:
        POOL.close()  # the bots kept between games end with the worker


def _serve(conn: Any, slot: Any, job: Job) -> None:
    try:
        from ..plugins import default_plugins

        plugins = default_plugins()
        job.game(plugins)
        referee = Referee(job.time_limit, slot, job.clock)
    except BaseException as exc:  # noqa: BLE001 - report why, rather than dying silently
        conn.send(("fatal", f"{exc.__class__.__name__}: {exc}"))
        return
    while True:
        try:
            index = conn.recv()
        except (EOFError, OSError):  # the parent is gone
            return
        if index is None:
            return
        result = play_game(job, index, referee, plugins)
        try:
            conn.send(("result", result))
        except OSError:  # the parent is gone (killed): nobody to tell
            return


class _Worker:
    def __init__(self, ctx: Any, job: Job) -> None:
        # [decision deadline (monotonic), deciding seat, that decision's number in the game]
        self.slot = ctx.RawArray("d", 3)
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(
            target=_worker_main, args=(child, self.slot, job), name="capicua-worker", daemon=True
        )
        self.proc.start()
        child.close()
        self.games: deque[int] = deque()  # sent, not yet delivered; the first is being played

    def stop(self, kill: bool = False, flush: Callable[[], Any] | None = None) -> None:
        """End the worker: kill it, or ask it to finish. ``flush`` then reads what it sent
        before it ended, so that a result already in the pipe is never taken for a lost game."""
        if kill:
            if self.proc.is_alive():
                self.proc.kill()
        else:
            with contextlib.suppress(OSError):  # already gone
                self.conn.send(None)
        self.proc.join(timeout=5)
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        if self.proc.pid is not None:
            end_bots_of(self.proc.pid)  # what its bots left, if it died before ending them
        if flush is not None:
            flush()
        self.conn.close()


class LocalPool:
    """``workers`` processes started with the spawn method on this machine."""

    def __init__(self, workers: int, plugins: Any) -> None:
        self.workers = max(1, workers)
        self.plugins = plugins  # the parent's own, to write the record of a lost game

    def describe(self) -> str:
        return ngettext(
            "{workers} worker process", "{workers} worker processes", self.workers
        ).format(workers=self.workers)

    def run(self, job: Job, indices: Iterable[int], deliver: Deliver) -> None:
        ctx = mp.get_context("spawn")
        feed = Feed(indices)
        grace = max(1.0, job.time_limit or 0.0)
        pool: list[_Worker] = []
        # Where each game's workers died so far: (seat, decision number) per death.
        deaths: dict[int, list[tuple[int, int]]] = {}
        idle_deaths = 0  # deaths outside any player's code since a game last finished
        try:
            while True:
                # A worker per game up to the limit: a short run starts no idle processes.
                while len(pool) < self.workers and not feed.empty():
                    pool.append(_Worker(ctx, job))
                    self._give(pool[-1], feed)
                for w in pool:
                    while len(w.games) < IN_FLIGHT and self._give(w, feed):
                        pass
                if not any(w.games for w in pool):
                    return
                ready = wait([w.conn for w in pool] + [w.proc.sentinel for w in pool], POLL)
                for i, w in enumerate(pool):
                    if self._collect(w, ready, deliver):
                        idle_deaths = 0
                    trouble = self._trouble(w, job, grace)
                    if trouble is None:
                        continue
                    reason, timed_out = trouble
                    seat, decision = int(w.slot[1]), int(w.slot[2])
                    w.stop(kill=True, flush=functools.partial(self._collect, w, [w.conn], deliver))
                    game = w.games.popleft() if w.games else None
                    if game is not None and seat and timed_out:
                        deliver(crashed(job, game, self.plugins, seat, reason))
                    elif game is not None and seat:
                        seen = deaths.setdefault(game, [])
                        if (seat, decision) in seen:
                            # The same decision killed a fresh worker too: the player did.
                            del deaths[game]
                            reason += ", again when the match was played a second time"
                            deliver(crashed(job, game, self.plugins, seat, reason))
                        else:
                            seen.append((seat, decision))
                            if len(seen) >= DEATHS_PER_GAME:
                                # The reason is the one the records keep: English.
                                raise RunnerError(
                                    # Translators: English says "times" for 1 too.
                                    ngettext(
                                        "the worker playing match {number} died {count} times "
                                        "at different points ({reason}); something outside "
                                        "capicua keeps stopping worker processes (out of "
                                        "memory?)",
                                        "the worker playing match {number} died {count} times "
                                        "at different points ({reason}); something outside "
                                        "capicua keeps stopping worker processes (out of "
                                        "memory?)",
                                        len(seen),
                                    ).format(number=game + 1, count=len(seen), reason=reason)
                                )
                            w.games.appendleft(game)  # played again from its start
                    else:
                        idle_deaths += 1
                        if idle_deaths >= 3:
                            raise RunnerError(
                                _("worker processes keep dying ({reason}); stopped").format(
                                    reason=reason
                                )
                            )
                        if game is not None:
                            w.games.appendleft(game)
                    feed.put_back(w.games)  # played by whoever is free, before new games
                    pool[i] = _Worker(ctx, job)
        finally:
            for w in pool:
                w.stop(kill=bool(w.games))

    @staticmethod
    def _give(w: _Worker, feed: Feed) -> bool:
        """Send worker ``w`` the next game; False when there is none or ``w`` is dead."""
        game = feed.take()
        if game is None:
            return False
        w.games.append(game)
        try:
            w.conn.send(game)
        except OSError:
            return False  # the worker is dead; noticed by the watchdog
        return True

    @staticmethod
    def _collect(w: _Worker, ready: list, deliver: Deliver) -> int:
        n = 0
        if w.conn not in ready:
            return 0
        try:
            while w.conn.poll():
                kind, payload = w.conn.recv()
                if kind == "fatal":
                    raise RunnerError(
                        _("a worker process could not start: {problem}").format(problem=payload)
                    )
                w.games.popleft()
                deliver(payload)
                n += 1
        except (EOFError, OSError):
            pass  # the worker died; _trouble sees it
        return n

    @staticmethod
    def _trouble(w: _Worker, job: Job, grace: float) -> tuple[str, bool] | None:
        """Why worker ``w`` must be replaced and whether it overran the time limit (rather
        than died), or ``None`` if it is fine."""
        if not w.proc.is_alive():
            code = w.proc.exitcode
            how = f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"
            if w.slot[1]:
                return f"the worker process died during its decision ({how})", False
            return f"a worker process died ({how})", False
        deadline = w.slot[0]
        if deadline and time.monotonic() > deadline + grace:
            if job.clock is not None:  # the clock may have been the tighter of the two
                what = f"ran out of its time for a decision (clock {job.clock} s"
                if job.time_limit is not None:
                    what += f", at most {job.time_limit:g} s a decision"
                return f"{what}; its worker process was stopped)", True
            return (
                f"exceeded the time limit of {job.time_limit:g} s for a decision "
                f"(its worker process was stopped)"
            ), True
        return None


class DaskBackend:
    """Games as tasks on a dask.distributed cluster (``--scheduler tcp://HOST:PORT``).

    Every worker needs capicua and the players' plugins installed; tasks carry the job and
    an index only. ``client`` may be given (tests pass a LocalCluster's client). A game
    that killed every worker dask tried it on (``KilledWorker``) is played here by a
    :class:`LocalPool` of one, which blames the seat whose decision kills its process.
    """

    def __init__(self, scheduler: str | None = None, client: Any = None) -> None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise RunnerError(
                _("--scheduler needs dask.distributed: {command}").format(
                    command="pip install 'capicua[dask]'"
                )
            ) from None
        self.scheduler = scheduler
        self.client = client

    def describe(self) -> str:
        if self.scheduler:
            return _("dask scheduler {address}").format(address=self.scheduler)
        return _("dask scheduler given")

    @staticmethod
    def _alone(job: Job, index: int) -> dict:
        """Game ``index`` played by a local worker process of its own."""
        from ..plugins import default_plugins

        results: list[dict] = []
        LocalPool(1, default_plugins()).run(job, [index], results.append)
        return results[0]

    def run(self, job: Job, indices: Iterable[int], deliver: Deliver) -> None:
        from distributed import Client, as_completed
        from distributed.scheduler import KilledWorker

        client, own = self.client, False
        if client is None:
            import dask

            try:
                # dask's own setting, so that a site's configured connect timeout holds.
                client = Client(
                    self.scheduler, timeout=dask.config.get("distributed.comm.timeouts.connect")
                )
            except Exception as exc:  # noqa: BLE001 - dask raises many kinds; one line
                raise RunnerError(
                    _("cannot reach the dask scheduler {address}: {problem}").format(
                        address=self.scheduler, problem=exc
                    )
                ) from None
            own = True
        from .play import play_task

        pending: set[Any] = set()
        try:
            todo = iter(indices)
            window = 4 * max(1, sum(client.nthreads().values()))
            done = as_completed()

            indices_of: dict[Any, int] = {}  # the game each future plays

            def submit() -> None:
                index = next(todo, None)
                if index is not None:
                    future = client.submit(play_task, job, index, pure=False)
                    indices_of[future.key] = index
                    pending.add(future)
                    done.add(future)

            for _slot in range(window):
                submit()
            for future in done:
                pending.discard(future)
                index = indices_of.pop(future.key)
                try:
                    result = future.result()
                except KilledWorker:
                    # The game killed every worker that played it (dask tries a few): play
                    # it here in a worker process of our own, which finds the seat that
                    # kills its process and blames it, as the local pool does.
                    result = self._alone(job, index)
                except Exception as exc:  # noqa: BLE001 - a worker lost, or no plugins there
                    raise RunnerError(
                        _("a game failed on the cluster: {problem}").format(
                            problem=f"{exc.__class__.__name__}: {exc}"
                        )
                    ) from None
                deliver(result)
                submit()
        finally:
            if pending and not own:
                client.cancel(list(pending))  # stopped early: the cluster is not ours to hold
            if own:
                client.close()
