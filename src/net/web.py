"""The table page a host serves: its files, the words it shows, and who may open its socket.

``capicua host`` answers plain HTTP on the port of its WebSocket endpoint (websockets'
``process_request``): ``/`` is the table page, ``/app.js``, ``/board.js`` and
``/style.css`` its code and look, shipped in the package (``capicua/net/web``), and
``/words/LANG.json`` the page's own words (its buttons, its notices) from capicua's
catalogs, in the language the browser asks for. The invitation's code travels in the link's
fragment (``http://HOST:PORT/#CODE``), which a browser never sends: no request, log, proxy
or Referer ever holds it; the page reads it and sends it in its ``join``, as every client
does.

Every answer carries a strict Content-Security-Policy (scripts and styles from the host
only, no inline script, no eval, no frame), ``nosniff`` and no Referer. A WebSocket
handshake whose ``Origin`` is not the page's own (another site's script in a visitor's
browser) is refused with 403 before any message: :func:`refused_origin`.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from ..i18n import LANGUAGES, N_, _, in_language, normalize

#: The files of the page, by path: (file in capicua/net/web, content type).
FILES = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/index.html": ("index.html", "text/html; charset=utf-8"),
    "/app.js": ("app.js", "text/javascript; charset=utf-8"),
    "/board.js": ("board.js", "text/javascript; charset=utf-8"),
    "/style.css": ("style.css", "text/css; charset=utf-8"),
    "/icon.svg": ("icon.svg", "image/svg+xml"),
}

#: What the page may load and run: its own files, its own socket; nothing inline, nothing
#: from elsewhere, in no frame.
POLICY = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
    "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

#: The page's own words: what it writes on its buttons and says of its connection. The
#: sentences of the game (whose turn, the moves, the log, hints, results) are the host's,
#: made by the table's own functions (:mod:`capicua.net.said`).
WORDS = {
    "hint": N_("Hint"),
    "undo": N_("Undo"),
    "log": N_("Log"),
    "rules": N_("Rules"),
    "continue": N_("Continue"),
    "agree": N_("Agree"),
    "refuse": N_("Refuse"),
    "close": N_("Close"),
    "review": N_("Review this hand"),
    # Translators: the page's notice while its connection to the host is lost.
    "away": N_("The host is away; trying again…"),
    # Translators: the page's notice while it opens its connection to the host.
    "connecting": N_("Joining the table…"),
    # Translators: the page's line while its seat waits for the table to start.
    "waiting": N_("The table starts when every invited player has come."),
    # Translators: the page's notice when the host closed the connection for good.
    "gone": N_("The host closed the table: {reason}"),
    # Translators: the page opened without an invitation's code after the # in its address.
    "no_code": N_("This link has no invitation: ask the host for your seat's link."),
    # Translators: on a tile's button, for screen readers: "tile 6-4, playable".
    "tile": N_("tile {tile}"),
    "playable": N_("{tile}, playable"),
    # Translators: an end of the layout the picked tile can go on, for screen readers.
    "end": N_("play on {end}"),
    "face_down": N_("face-down tile"),
    "draw": N_("Draw"),
    "pass": N_("Pass"),
    "undo_asked": N_("The others are asked to agree to take back your move…"),
    # Translators: {who} is the person's name, else "Seat 3".
    "undo_question": N_("{who} asks to take back their last move. Agree?"),
    "undo_agreed": N_("Taken back, as every person agreed."),
    # Translators: {who} is the person's name, else "Seat 3".
    "undo_refused": N_("{who} refused the undo."),
    "seat": N_("Seat {seat}"),
    # Translators: a person away, and how long their seat is held: "Alice · away 0:52".
    "away_for": N_("{name} · away {time}"),
    # Translators: a person away whose seat's hold is over: a computer plays it.
    "away_over": N_("{name} · away: a computer plays"),
    "undo_dropped": N_("The undo was dropped: someone left the table."),
}


def words(lang: str) -> dict[str, str]:
    """The page's words in ``lang`` (English for a language capicua does not speak)."""
    with in_language(normalize(lang) or "en"):
        return {key: _(text) for key, text in WORDS.items()}


@cache
def _file(name: str) -> bytes:
    return resources.files("capicua.net").joinpath("web", name).read_bytes()


def _headers(kind: str, length: int) -> Headers:
    return Headers(
        [
            ("Content-Type", kind),
            ("Content-Length", str(length)),
            ("Content-Security-Policy", POLICY),
            ("X-Content-Type-Options", "nosniff"),
            ("X-Frame-Options", "DENY"),
            ("Referrer-Policy", "no-referrer"),
            ("Cross-Origin-Opener-Policy", "same-origin"),
            ("Cache-Control", "no-cache"),
            ("Connection", "close"),
        ]
    )


def _response(status: int, reason: str, kind: str, body: bytes) -> Response:
    return Response(status, reason, _headers(kind, len(body)), body)


def _text(status: int, reason: str) -> Response:
    return _response(status, reason, "text/plain; charset=utf-8", f"{reason}\n".encode())


def answer(request: Request) -> Response | None:
    """The answer to a plain HTTP request (a file of the page, its words, or 404); ``None``
    for a WebSocket handshake, which goes on (once :func:`refused_origin` lets it)."""
    if request.headers.get("Upgrade", "").lower() == "websocket":
        return refused_origin(request)
    path = urlsplit(request.path).path
    if path in FILES:
        name, kind = FILES[path]
        return _response(200, "OK", kind, _file(name))
    if path.startswith("/words/") and path.endswith(".json"):
        lang = path[len("/words/") : -len(".json")]
        if lang in LANGUAGES:
            body = json.dumps(words(lang), ensure_ascii=False).encode()
            return _response(200, "OK", "application/json; charset=utf-8", body)
    return _text(404, "Not Found")


def refused_origin(request: Request) -> Response | None:
    """403 for a WebSocket handshake from a page of another origin; ``None`` (go on) for
    the host's own page and for clients that are not browsers (no ``Origin`` header:
    ``capicua join``, ``capicua connect``)."""
    origin = request.headers.get("Origin")
    if origin is None:
        return None
    host = request.headers.get("Host", "")
    parts = urlsplit(origin)
    if parts.scheme in ("http", "https") and parts.netloc and parts.netloc.lower() == host.lower():
        return None
    return _text(403, "Forbidden: another site's page may not open this host's socket")


def page_files() -> dict[str, Any]:
    """The page's files and their sizes in bytes (the benchmark's and the tests' list)."""
    return {name: len(_file(name)) for name, _kind in set(FILES.values())}
