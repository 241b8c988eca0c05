"""Every line a bot sends and receives, written to a file of its own (``--log-bots DIR``).

cutechess-cli's ``-debug`` for capicua's bots: one file per bot and worker process, named
``<bot>.<process id>.log`` so that workers never write one file at once, each line
``<UTC time> seat <n> pid <bot's pid> <direction> <the line>``, ``>`` to the bot and ``<``
from it. The files are made readable by their owner only (0600) in a folder made 0700: a
bot's log holds its own seat's hands, which is what it was sent.
"""

from __future__ import annotations

import contextlib
import os
import time
from pathlib import Path

__all__ = ["BotLog", "log_name"]


def log_name(name: str) -> str:
    """A bot's name made safe as a file name: letters, digits and ``-_.`` kept."""
    slug = "".join(c if c.isalnum() or c in "-_." else "_" for c in name).strip("_.")
    return (slug or "bot")[:80]


class BotLog:
    """The ``on_line`` hook of a bot process (:class:`~.process.BotProcess`) that appends
    each line, timestamped, to ``folder/<name>.<this process's id>.log``."""

    def __init__(self, folder: str | Path, name: str, seat: int) -> None:
        self.folder = Path(folder)
        self.path = self.folder / f"{log_name(name)}.{os.getpid()}.log"
        self.seat = seat
        self.pid: int | None = None  # the bot's process, once known

    def __call__(self, direction: str, data: bytes) -> None:
        stamp = time.time()
        text = data.decode("utf-8", "replace").rstrip("\n").replace("\r", "\\r")
        when = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(stamp))
        micro = int(stamp % 1 * 1_000_000)
        pid = f" pid {self.pid}" if self.pid is not None else ""
        line = f"{when}.{micro:06d}Z seat {self.seat}{pid} {direction} {text}\n"
        # A log that cannot be written never costs the bot its match.
        with contextlib.suppress(OSError):
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(fd, line.encode("utf-8"))
            finally:
                os.close(fd)
