"""The host's console and its connections (issue 44, route 6): a refused code or a name
cannot forge or hide a log line, and a flood of half-open connections from one address
neither fills the console with tracebacks nor delays a join from another address."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import time

import pytest
from websockets.asyncio.client import connect

from capicua.net import wire as W
from capicua.shown import shown
from net.helpers import config, hosting, invitations, run, table


def test_a_refused_code_or_a_name_is_logged_on_one_line_with_every_hidden_character_shown(
    tmp_path,
):
    cfg = config(tmp_path, table("t", "chiva", {s: "person" for s in range(1, 5)}))
    lines: list[str] = []

    async def main():
        async with hosting(cfg, lines=lines) as host:
            inv = invitations(host)
            async with connect(inv["t", 1].url) as ws:  # a code forging a line of its own
                await ws.send(json.dumps(W.join("\n12:00:00 table t: seat 2 joined", "x")))
                await ws.wait_closed()
            async with connect(inv["t", 2].url) as ws:  # a name with a zero width space
                await ws.send(json.dumps(W.join(inv["t", 2].code, "ad\u200bmin\u202e")))
                await ws.recv()

    run(main())
    assert lines and all("\n" not in x for x in lines), lines
    refused = [x for x in lines if x.startswith("refused code")]
    assert refused and "\\n" in refused[0], lines
    joined = [x for x in lines if "joined" in x]
    assert joined and "ad\\u200bmin\\u202e" in joined[0], lines


def test_shown_escapes_every_invisible_character():
    assert shown("a\u200bb\u2060c\ufeffd\u00ade\U000e0041") == (
        "a\\u200bb\\u2060c\\ufeffd\\u00ade\\ue0041"
    )
    assert shown("Ünï 👍 ĳ") == "Ünï 👍 ĳ"


def test_half_open_connections_from_one_address_delay_no_join_from_another(tmp_path):
    cfg = config(
        tmp_path, table("t", "chiva", {1: "person", 2: "random", 3: "random", 4: "random"})
    )
    lines: list[str] = []

    async def main():
        async with hosting(cfg, lines=lines) as host:
            inv = invitations(host)
            flood = []
            for _n in range(1100):  # connected, never a byte sent: no handshake begins
                s = socket.socket()
                s.setblocking(False)
                s.connect_ex(("127.0.0.1", host.port))
                flood.append(s)
            await asyncio.sleep(0.5)
            assert sum(host.open.values()) <= cfg.max_per_address + 11
            start = time.monotonic()
            # The person joins from another address of this machine.
            async with connect(inv["t", 1].url, local_addr=("127.0.0.2", 0)) as ws:
                await ws.send(json.dumps(W.join(inv["t", 1].code, "alice")))
                welcome = json.loads(await ws.recv())
            took = time.monotonic() - start
            for s in flood:
                s.close()
            return welcome, took

    welcome, took = run(main())
    assert welcome["type"] == "welcome" and took < 3, took
    closing = [x for x in lines if x.startswith("closing connections from 127.0.0.1")]
    assert len(closing) == 1, lines
    assert not any("Traceback" in x or "\n" in x for x in lines), lines


@pytest.mark.slow  # 3 s at load average 18 (--durations): over 0.5 s alone
def test_running_out_of_file_descriptors_is_one_line_and_the_host_goes_on(tmp_path, caplog):
    import resource

    cfg = config(
        tmp_path,
        table("t", "chiva", {1: "person", 2: "random", 3: "random", 4: "random"}),
        max_per_address=0,
        max_connections=0,
    )
    lines: list[str] = []
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)

    async def main():
        async with hosting(cfg, lines=lines) as host:
            inv = invitations(host)
            waiting = []
            for _n in range(60):  # connected by the kernel, not accepted yet
                s = socket.socket()
                s.setblocking(False)
                s.connect_ex(("127.0.0.1", host.port))
                waiting.append(s)
            # Room for a few more files only: the host's accept() fails for want of them.
            resource.setrlimit(resource.RLIMIT_NOFILE, (len(os.listdir("/proc/self/fd")) + 5, hard))
            try:
                await asyncio.sleep(0.5)
            finally:
                resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
            for s in waiting:
                s.close()
            await asyncio.sleep(1.5)  # asyncio accepts again after a second
            async with connect(inv["t", 1].url) as ws:
                await ws.send(json.dumps(W.join(inv["t", 1].code, "alice")))
                return json.loads(await ws.recv())

    welcome = run(main())
    assert welcome["type"] == "welcome"
    said = [x for x in lines if x.startswith("the host's event loop: ")]
    assert said and "Too many open files" in said[0], lines
    assert not [r for r in caplog.records if r.name == "asyncio"], caplog.text
