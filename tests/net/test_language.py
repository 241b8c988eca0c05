"""A client is refused and told of errors in its own language (its join's ``lang``), while
the host's own lines stay in the host's."""

from __future__ import annotations

import json

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from capicua.i18n import _, in_language
from capicua.net import host as H
from capicua.net import wire as W

from .helpers import config, hosting, invitations, run, table


def said(lang: str, text: str) -> str:
    with in_language(lang):
        return _(text)


async def refusal(url: str, message: dict) -> tuple[int, str]:
    async with connect(url) as ws:
        await ws.send(json.dumps(message))
        try:
            while True:
                await ws.recv()
        except ConnectionClosed as exc:
            assert exc.rcvd is not None
            return exc.rcvd.code, exc.rcvd.reason


def test_refusals_and_errors_are_in_the_language_of_the_clients_join(tmp_path, monkeypatch):
    monkeypatch.setattr(H, "WRONG_CODE_DELAY", 0.0)
    cfg = config(
        tmp_path,
        table("t", "chiva", {1: "person", 2: "person", 3: "random", 4: "random"}),
        max_per_address=2,
    )
    lines: list[str] = []

    async def main():
        async with hosting(cfg, lines=lines) as host:
            inv = invitations(host)
            url = inv["t", 1].url
            found = {}
            found["code"] = await refusal(url, W.join("W" * 22, "m", lang="de"))
            errors = {}
            async with connect(url) as uk, connect(url) as en:
                await uk.send(json.dumps(W.join(inv["t", 1].code, "olena", lang="uk")))
                joined = W.join(inv["t", 2].code, "ann")
                del joined["lang"]  # a client of another version: English
                await en.send(json.dumps(joined))
                for ws, key in ((uk, "uk"), (en, "en")):
                    await ws.send(json.dumps(W.action(1, "6-6")))  # the table has not begun
                    while (message := json.loads(await ws.recv()))["type"] != "error":
                        pass
                    errors[key] = message["message"]
                found["busy"] = await refusal(url, W.join(inv["t", 1].code, "x", lang="uk"))
            return found, errors

    found, errors = run(main())
    assert errors == {"uk": said("uk", "it is not your turn"), "en": "it is not your turn"}
    assert errors["uk"] != errors["en"]
    code, reason = found["code"]
    assert code == W.CLOSE_CODE
    assert reason == said("de", "no seat has this code; ask the host for an invitation")
    code, reason = found["busy"]
    busy = "too many connections from your address (the host allows {limit}); close one"
    assert code == W.CLOSE_BUSY and reason == said("uk", busy).format(limit=2)
    assert len(reason.encode()) <= 123
    # The host's own lines stay in its language.
    assert any(line.startswith("refused code WWWW") for line in lines)
    assert any(line.startswith("refused a connection from") for line in lines)


def test_a_join_carries_the_language_in_use_and_a_host_reads_only_known_ones():
    with in_language("es"):
        assert W.join("code", "ana")["lang"] == "es"
    assert W.join_language({"lang": "uk"}) == "uk"
    assert W.join_language({"lang": "fr"}) == "en"
    assert W.join_language({"lang": 3}) == "en"
    assert W.join_language({}) == "en"


def test_a_close_reason_is_cut_to_what_a_close_frame_holds():
    reason = W.close_reason("ї" * 100)
    assert len(reason.encode()) <= 123 and reason.startswith("ї" * 59)
    assert W.close_reason("short") == "short"
