"""Text from bots and plugins, made safe to show: control characters written as escapes.

A bot's error text, its name, a plugin's message can hold anything, and a terminal acts on
some of it (clear the screen, set colours or the window's title, rewrite the line, turn the
text's direction). :func:`shown` writes every such character as a visible escape
(``\\x1b``, ``\\u009b``, ``\\u202e``), so what a player sends is shown, never executed.
The command line's consoles pass everything they print through it
(``capicua.commands.common.SafeConsole``).
"""

from __future__ import annotations

import unicodedata

#: Characters that reorder or hide text (bidirectional controls) or break lines.
_INVISIBLE = "\u061c\u200e\u200f\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(ch: str) -> str:
    # C0 as \x1b; the rest as \u0085, \u202e, which JSON reads too (rich re-encodes
    # the JSON it prints, leaving DEL and the C1 controls raw for this to escape).
    code = ord(ch)
    return _NAMED.get(ch) or (f"\\x{code:02x}" if code < 0x20 else f"\\u{code:04x}")


class _Escapes(dict[int, str]):
    """A ``str.translate`` table that also escapes, as it meets them, the characters the
    list above does not name but that show nothing (format characters, Unicode's ``Cf``:
    U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF, the tag characters), so that a
    name cannot hide or pass for another; what is looked up once is kept."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        value = _escape(char) if unicodedata.category(char) == "Cf" else char
        if len(self) < 65536:
            self[code] = value
        return value


_TABLE = _Escapes(
    {code: _escape(chr(code)) for code in [*range(0x20), *range(0x7F, 0xA0), *map(ord, _INVISIBLE)]}
)
_KEEP_LINES = _Escapes({k: v for k, v in _TABLE.items() if k not in (ord("\n"), ord("\t"))})
_KEEP_LINES.update({ord("\n"): "\n", ord("\t"): "\t"})


def shown(text: str, lines: bool = False) -> str:
    """``text`` with every control character (C0, DEL, C1) and every bidirectional or line
    separating format character written as an escape; ``lines``: new lines and tabs stay."""
    return text.translate(_KEEP_LINES if lines else _TABLE)


_JSON_TABLE = {code: f"\\u{code:04x}" for code in [*range(0x7F, 0xA0), *map(ord, _INVISIBLE)]}


def json_shown(text: str) -> str:
    """JSON text (from ``json.dumps(..., ensure_ascii=False)``, which escapes C0 itself)
    with DEL, the C1 controls and the bidirectional controls written as ``\\uXXXX``: the
    same JSON, safe on a terminal."""
    return text.translate(_JSON_TABLE)
