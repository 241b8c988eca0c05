"""Where games are played: a local pool of worker processes, or a dask.distributed cluster.

Both take a :class:`~capicua.tournament.play.Job` and game indices and call ``deliver(result)``
in the calling thread for each finished game, in whatever order games finish; the runner
puts them in order. Results do not depend on the backend or on the number of workers,
because a game depends only on the job and its index.

The local pool is our own rather than ``multiprocessing.Pool``: the parent knows which
game each worker is playing and which seat is deciding (shared memory the worker writes),
so it can stop a worker stuck in a player beyond the reach of the in-worker time limit,
record that game as the player's error, and start a fresh worker; a worker that dies any
other way has its game played again (three deaths in a row with nothing finished stop the
run instead of looping).
"""

from __future__ import annotations

import contextlib
import functools
import multiprocessing as mp
import signal
import time
from collections import deque
from collections.abc import Callable, Iterable
from multiprocessing.connection import wait
from typing import Any

from .play import Job, Referee, crashed, play_game

Deliver = Callable[[dict], None]

IN_FLIGHT = 2  # games queued per worker, so a worker never waits for the parent between games
POLL = 0.2  # seconds between watchdog checks when nothing arrives


class RunnerError(Exception):
    """The run cannot go on (workers cannot start, the cluster is unreachable)."""


def _worker_main(conn: Any, slot: Any, job: Job) -> None:
    """A worker process: load the plugins once, then play the games it is sent."""
    # Ctrl-C reaches the whole process group; the parent alone decides what happens.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        from ..plugins import default_plugins

        plugins = default_plugins()
        plugins.variants.create(job.variant)
        referee = Referee(job.time_limit, slot)
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
        self.slot = ctx.RawArray("d", 2)  # [decision deadline (monotonic), deciding seat]
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
        if flush is not None:
            flush()
        self.conn.close()


class LocalPool:
    """``workers`` processes started with the spawn method on this machine."""

    def __init__(self, workers: int, plugins: Any) -> None:
        self.workers = max(1, workers)
        self.plugins = plugins  # the parent's own, to write the record of a lost game

    def describe(self) -> str:
        return f"{self.workers} worker process{'es' if self.workers != 1 else ''}"

    def run(self, job: Job, indices: Iterable[int], deliver: Deliver) -> None:
        ctx = mp.get_context("spawn")
        queue = deque(indices)
        grace = max(1.0, job.time_limit or 0.0)
        pool = [_Worker(ctx, job) for _ in range(min(self.workers, len(queue)))]
        deaths = 0
        try:
            while queue or any(w.games for w in pool):
                for w in pool:
                    while queue and len(w.games) < IN_FLIGHT:
                        w.games.append(queue[0])
                        try:
                            w.conn.send(queue.popleft())
                        except OSError:
                            break  # the worker is dead; noticed below
                ready = wait([w.conn for w in pool] + [w.proc.sentinel for w in pool], POLL)
                for i, w in enumerate(pool):
                    delivered = self._collect(w, ready, deliver)
                    if delivered:
                        deaths = 0
                    reason = self._trouble(w, job, grace)
                    if reason is None:
                        continue
                    seat = int(w.slot[1])
                    w.stop(kill=True, flush=functools.partial(self._collect, w, [w.conn], deliver))
                    game = w.games.popleft() if w.games else None
                    if game is not None and seat:
                        deliver(crashed(job, game, self.plugins, seat, reason))
                    else:
                        deaths += 1
                        if deaths >= 3:
                            raise RunnerError(f"worker processes keep dying ({reason}); stopped")
                        if game is not None:
                            w.games.appendleft(game)
                    queue.extendleft(reversed(w.games))  # played again by whoever is free
                    pool[i] = _Worker(ctx, job)
        finally:
            for w in pool:
                w.stop(kill=bool(w.games))

    @staticmethod
    def _collect(w: _Worker, ready: list, deliver: Deliver) -> int:
        n = 0
        if w.conn not in ready:
            return 0
        try:
            while w.conn.poll():
                kind, payload = w.conn.recv()
                if kind == "fatal":
                    raise RunnerError(f"a worker process could not start: {payload}")
                w.games.popleft()
                deliver(payload)
                n += 1
        except (EOFError, OSError):
            pass  # the worker died; _trouble sees it
        return n

    @staticmethod
    def _trouble(w: _Worker, job: Job, grace: float) -> str | None:
        """Why worker ``w`` must be replaced, or ``None`` if it is fine."""
        if not w.proc.is_alive():
            code = w.proc.exitcode
            how = f"signal {-code}" if code is not None and code < 0 else f"exit status {code}"
            if w.slot[1]:
                return f"the worker process died during its decision ({how})"
            return f"a worker process died ({how})"
        deadline = w.slot[0]
        if deadline and time.monotonic() > deadline + grace:
            return (
                f"exceeded the time limit of {job.time_limit:g} s for a decision "
                f"(its worker process was stopped)"
            )
        return None


class DaskBackend:
    """Games as tasks on a dask.distributed cluster (``--scheduler tcp://HOST:PORT``).

    Every worker needs capicua and the players' plugins installed; tasks carry the job and
    an index only. ``client`` may be given (tests pass a LocalCluster's client).
    """

    def __init__(self, scheduler: str | None = None, client: Any = None) -> None:
        try:
            import distributed  # noqa: F401
        except ImportError:
            raise RunnerError(
                "--scheduler needs dask.distributed: pip install 'capicua[dask]'"
            ) from None
        self.scheduler = scheduler
        self.client = client

    def describe(self) -> str:
        return f"dask scheduler {self.scheduler or 'given'}"

    def run(self, job: Job, indices: Iterable[int], deliver: Deliver) -> None:
        from distributed import Client, as_completed

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
                    f"cannot reach the dask scheduler {self.scheduler}: {exc}"
                ) from None
            own = True
        from .play import play_task

        try:
            todo = deque(indices)
            window = 4 * max(1, sum(client.nthreads().values()))
            done = as_completed()
            for _ in range(min(window, len(todo))):
                done.add(client.submit(play_task, job, todo.popleft(), pure=False))
            for future in done:
                try:
                    result = future.result()
                except Exception as exc:  # noqa: BLE001 - a worker lost, or no plugins there
                    raise RunnerError(
                        f"a game failed on the cluster: {exc.__class__.__name__}: {exc}"
                    ) from None
                deliver(result)
                if todo:
                    done.add(client.submit(play_task, job, todo.popleft(), pure=False))
        finally:
            if own:
                client.close()
