"""``capicua host`` started as a process of its own, the invitations it prints, and the
browser that opens them.

The tools that picture the networked table (``tools/join_screenshots.py``,
``tools/web_screenshots.py``) and the web benchmark (``benchmarks/web.py``) need a real host
on 127.0.0.1, started as a person starts it, and the seats' invitations as it prints them.
The tests start hosts in-process instead (``tests/net/helpers.py``), where they can look
inside; these are for the scripts that look from outside.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from .invitation import Invitation

#: Debian's chromium, which Playwright drives (never a browser download of its own).
CHROMIUM = Path("/usr/bin/chromium")
#: A headless chromium that fetches nothing of its own (no updates, no sync, no QUIC).
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def free_port() -> int:
    """A TCP port of 127.0.0.1 free now (the host binds it a moment later)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_host(folder: Path, config: str, port: int | None = None) -> subprocess.Popen[str]:
    """``capicua host host.toml`` in ``folder`` (``config`` written there first) on ``port``
    (a free one when ``None``), its output (stdout and stderr together) readable as text."""
    (folder / "host.toml").write_text(config)
    return subprocess.Popen(
        [sys.executable, "-m", "capicua", "host", "host.toml", "--port", str(port or free_port())],
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def printed_invitations(proc: subprocess.Popen[str]) -> Iterator[tuple[int, str, Invitation]]:
    """The invitations the host prints as it starts, in order, each with its seat and the
    label printed above it (``table friends, seat 1 (person):``); ends with the output."""
    assert proc.stdout is not None, "start the host with start_host"
    label = ""
    for line in proc.stdout:
        text = line.strip()
        if text.startswith("capicua://") and "seat " in label:
            seat = int(label.split("seat ")[1].split()[0].rstrip(":"))
            yield seat, label, Invitation.parse(text)
        label = text


def invitations(proc: subprocess.Popen[str], count: int) -> dict[int, Invitation]:
    """The first ``count`` invitations the host prints, by seat; SystemExit naming the
    problem when it prints fewer (it stopped: its own message is on its output)."""
    found: dict[int, Invitation] = {}
    for seat, _label, invitation in printed_invitations(proc):
        found[seat] = invitation
        if len(found) == count:
            return found
    raise SystemExit(f"error: the host printed {len(found)} of {count} invitations and stopped")
