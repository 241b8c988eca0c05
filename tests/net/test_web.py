"""The host's answers to plain HTTP: the page's files with their safety headers, its words
in each language, 404 for anything else, and the Origin check of a WebSocket handshake."""

from __future__ import annotations

import json

import pytest
from websockets.datastructures import Headers
from websockets.http11 import Request

from capicua.net import web


def request(path: str, **headers: str) -> Request:
    return Request(path, Headers({"Host": "192.168.1.20:8765", **headers}))


def handshake(**headers: str) -> Request:
    return request("/", Upgrade="websocket", Connection="Upgrade", **headers)


@pytest.mark.parametrize("path", ["/", "/index.html", "/app.js", "/board.js", "/style.css"])
def test_each_file_of_the_page_is_served_with_its_type_and_a_strict_policy(path):
    answer = web.answer(request(path))
    assert answer is not None and answer.status_code == 200 and answer.body
    policy = answer.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe" not in policy  # no inline script, no eval
    assert answer.headers["X-Content-Type-Options"] == "nosniff"
    assert answer.headers["Referrer-Policy"] == "no-referrer"
    kind = answer.headers["Content-Type"]
    assert kind.startswith("text/javascript" if path.endswith(".js") else "text/")


def test_the_page_has_no_inline_script_or_style():
    page = web.answer(request("/"))
    assert page is not None
    text = page.body.decode()
    assert "<script>" not in text and "<style" not in text and " style=" not in text
    assert 'src="app.js"' in text


def test_the_pages_words_are_served_in_each_language():
    english = json.loads(web.answer(request("/words/en.json")).body)  # type: ignore[union-attr]
    german = json.loads(web.answer(request("/words/de.json")).body)  # type: ignore[union-attr]
    assert english.keys() == german.keys() == web.WORDS.keys()
    assert english["hint"] == "Hint" and german["hint"] != "Hint"


@pytest.mark.parametrize(
    "path",
    ["/words/xx.json", "/words/../host.py", "/../net/host.py", "/app.js/", "/%00", "/favicon.ico"],
)
def test_anything_else_is_not_found(path):
    answer = web.answer(request(path))
    assert answer is not None and answer.status_code == 404


def test_a_handshake_from_the_pages_own_origin_or_from_no_browser_goes_on():
    assert web.answer(handshake()) is None  # capicua join, connect: no Origin
    assert web.answer(handshake(Origin="http://192.168.1.20:8765")) is None
    assert web.answer(handshake(Origin="https://192.168.1.20:8765")) is None


@pytest.mark.parametrize(
    "origin",
    [
        "http://evil.example",
        "http://192.168.1.20:8766",
        "http://192.168.1.20",
        "null",
        "file://",
        "http://192.168.1.20:8765.evil.example",
    ],
)
def test_a_handshake_from_another_origin_is_refused(origin):
    answer = web.answer(handshake(Origin=origin))
    assert answer is not None and answer.status_code == 403
