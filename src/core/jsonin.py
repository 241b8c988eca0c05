"""JSON from others, read within limits: a bot's messages, a client's frames, records,
saves and stored rows.

Python's own reader takes any JSON, and some of it costs or breaks more than it says: an
integer over 4,300 digits raises a ``ValueError`` that is not a ``JSONDecodeError`` (and
converting one is quadratic below that), a float of a million digits is read slowly, and
arrays nested a thousand deep end in a ``RecursionError``. :func:`loads` refuses each with
:class:`JSONLimitError`, a ``ValueError`` whose text names the limit in one line, and every
reader of someone else's JSON in capicua goes through it. Nothing capicua writes comes near
a limit: seeds have 19 digits, records nest a dozen deep.
"""

from __future__ import annotations

import json
from typing import Any

#: The most digits of an integer (a seed has at most 19).
MAX_DIGITS = 100
#: The most characters of a number with a fraction or an exponent.
MAX_FLOAT = 100
#: The most characters of one string.
MAX_STRING = 1 << 20
#: The deepest nesting of arrays and objects.
MAX_DEPTH = 64
#: The largest record, records file or save read by default, in MiB (``--max-size``).
MAX_FILE_MIB = 64


class JSONLimitError(ValueError):
    """JSON over one of the limits (or not JSON at all); the text says which, in one line."""


def _int(text: str) -> int:
    if len(text) - text.startswith("-") > MAX_DIGITS:
        raise JSONLimitError(
            f"an integer of {len(text) - text.startswith('-'):,} digits (at most {MAX_DIGITS})"
        )
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_FLOAT:
        raise JSONLimitError(f"a number of {len(text):,} characters (at most {MAX_FLOAT})")
    return float(text)


_DECODER = json.JSONDecoder(parse_int=_int, parse_float=_float)


def loads(text: str | bytes) -> Any:
    """The value ``text`` holds; :class:`JSONLimitError` (one line) if it is not JSON or
    breaks a limit (:data:`MAX_DIGITS`, :data:`MAX_FLOAT`, :data:`MAX_STRING`,
    :data:`MAX_DEPTH`). A ``json.JSONDecodeError`` is passed on as it is, for its place."""
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")
    try:
        value = _DECODER.decode(text)
    except RecursionError:
        raise _too_deep() from None
    _check(value)
    return value


def _too_deep() -> JSONLimitError:
    return JSONLimitError(f"nested more than {MAX_DEPTH} deep")


def _check(value: Any) -> None:
    """Refuse a value nested deeper than :data:`MAX_DEPTH` or holding a string (a key
    included) longer than :data:`MAX_STRING`; walked without recursion."""
    todo: list[tuple[Any, int]] = [(value, 0)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, str):
            if len(item) > MAX_STRING:
                raise JSONLimitError(
                    f"a string of {len(item):,} characters (at most {MAX_STRING:,})"
                )
        elif isinstance(item, dict | list):
            if depth >= MAX_DEPTH:
                raise _too_deep()
            items = item.items() if isinstance(item, dict) else ((None, x) for x in item)
            for key, each in items:
                if key is not None:
                    todo.append((key, depth + 1))
                todo.append((each, depth + 1))
