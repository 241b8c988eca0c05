"""Injected randomness: one match seed, separate derived streams, and the dealer.

A match seed derives one stream for chance (shuffles for the draw for first lead, deals and
redeals) and one stream per seat for that seat's player, so a player's choices never shift
the deals and the same seed gives the same match byte for byte.

Every stream a player is handed is seeded from an HMAC-SHA512 of the seed and the stream's
labels (:func:`derive`), never from text holding the seed: a player who works its Mersenne
Twister back to the numbers it was seeded with finds a digest, which tells nothing about the
match seed or any other stream. The chance stream and child seeds (:func:`derive_seed`),
which fix the deals and are never handed to a player, are derived as they always were, so a
seed deals what it always dealt. Where a stream stands can be
written down as text and set back (:func:`stream_state`, :func:`restore_stream`), so a
match taken up again later goes on with the same draws. Nothing here touches the global
``random`` module.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import math
import random
import secrets
import struct
from collections.abc import Mapping, Sequence
from json.encoder import encode_basestring_ascii as _json_string

from .tiles import Tile


def fresh_seed() -> int:
    """A new random seed, for matches started without one (it is written into the record)."""
    return secrets.randbits(63)


def derive_bits(seed: int, *labels: object) -> bytes:
    """64 bytes fixed by ``seed`` and ``labels`` that tell nothing about either: the
    HMAC-SHA512 keyed with the seed of the labels written as JSON (so no two lists of labels
    give the same message). The same in every process and Python run (unlike ``hash``)."""
    # json.dumps(["capicua", *labels], separators=(",", ":")) written out: each string as
    # json writes it, without making an encoder per call (a match asks once per seat).
    message = "[" + ",".join(map(_json_string, ["capicua", *map(str, labels)])) + "]"
    return hmac.digest(str(seed).encode("ascii"), message.encode("utf-8"), hashlib.sha512)


def derive(seed: int, *labels: object) -> random.Random:
    """An independent stream for ``labels`` under ``seed``, seeded with the 512-bit number
    :func:`derive_bits` gives: its whole state, worked back, yields only that digest."""
    return random.Random(int.from_bytes(derive_bits(seed, *labels), "big"))


def _chance_stream(seed: int, *labels: object) -> random.Random:
    """A stream seeded from the text ``"<seed>:<label>:..."`` (which ``random.Random`` hashes
    with SHA-512 but keeps as well), for what fixes the deals only: never a player's."""
    return random.Random(":".join(str(x) for x in (seed, *labels)))


def seat_stream(seed: int, seat: int) -> random.Random:
    """The random stream of the player in ``seat`` for the match with ``seed``."""
    return derive(seed, "seat", seat)


# A Mersenne Twister state is 624 words and the index of the next word to use (0..624).
_WORDS = 625
_PACK = struct.Struct(f"<{_WORDS}I")
_KIND = "mt19937"


def stream_state(rng: random.Random) -> str:
    """Where ``rng`` stands in its stream, as compact text (``random.Random.getstate()``:
    its 625 words little-endian in base64, and the pending Gaussian value if there is one).

    About 3,300 characters, less than half of the state written as JSON numbers.
    """
    _version, words, gauss = rng.getstate()
    text = f"{_KIND}:{base64.b64encode(_PACK.pack(*words)).decode('ascii')}"
    return text if gauss is None else f"{text}:{gauss.hex()}"


def parse_stream_state(text: object) -> tuple:
    """The ``random.Random.setstate()`` argument written by :func:`stream_state`;
    ValueError (TypeError if it is not text) saying what is wrong when ``text`` is not one."""
    if not isinstance(text, str):
        raise TypeError(f"a stream state is text, not {type(text).__name__}")
    parts = text.split(":")
    if parts[0] != _KIND or len(parts) not in (2, 3):
        raise ValueError(f"a stream state starts {_KIND}: and has two or three parts")
    try:
        raw = base64.b64decode(parts[1], validate=True)
    except binascii.Error:
        raise ValueError("a stream state's words are not base64") from None
    if len(raw) != _PACK.size:
        raise ValueError(f"a stream state holds {_PACK.size} bytes, not {len(raw)}")
    words = _PACK.unpack(raw)
    if words[-1] > _WORDS - 1:
        raise ValueError(f"a stream state's index is at most {_WORDS - 1}, not {words[-1]}")
    gauss = None
    if len(parts) == 3:
        try:
            gauss = float.fromhex(parts[2])
        except ValueError:
            raise ValueError("a stream state's pending Gaussian is not a hex float") from None
        if not math.isfinite(gauss):
            raise ValueError("a stream state's pending Gaussian is not finite")
    return (random.Random.VERSION, words, gauss)


def restore_stream(rng: random.Random, text: str) -> None:
    """Set ``rng`` to the place in its stream that :func:`stream_state` wrote down."""
    rng.setstate(parse_stream_state(text))


def derive_seed(seed: int, *labels: object) -> int:
    """A child seed, e.g. a tournament's match seeds from its own seed and the match index."""
    return _chance_stream(seed, "seed", *labels).getrandbits(63)


class Dealer:
    """The source of every chance event of a match: a sequence of shuffles of the full set.

    Event ``k`` is the ``k``-th shuffle of the chance stream. A *script* can fix the first
    events (a record being replayed, a test's explicit deal); the seeded stream still
    advances past them so that events after the script are what the seed would have given.
    ``fixed`` fixes events by kind (a deal file's, :mod:`capicua.core.deals`): the ``n``-th
    event asked for as ``kind`` (``"draw"``, ``"deal"``) is ``fixed[kind][n]`` where there
    is one, whatever came between.
    The dealer remembers every shuffle it handed out, so rewinding (undo) and replaying
    gives the same deals again.
    """

    __slots__ = ("_fixed", "_kinds", "_made", "_rng", "_script", "_tiles", "position")

    def __init__(
        self,
        seed: int,
        tiles: Sequence[Tile],
        script: Sequence[Sequence[Tile]] = (),
        fixed: Mapping[str, Sequence[Sequence[Tile]]] | None = None,
    ):
        self._tiles = list(tiles)
        self._rng = _chance_stream(seed, "chance")
        self._script = [tuple(s) for s in script]
        self._fixed = {k: [tuple(s) for s in v] for k, v in (fixed or {}).items()}
        self._kinds: dict[str, int] = {}  # events of each kind made so far
        self._made: list[tuple[Tile, ...]] = []
        self.position = 0

    def next_shuffle(self, kind: str = "deal") -> tuple[Tile, ...]:
        """The next chance event, of ``kind``: an ordering of the whole set (a deal's may
        leave out the tiles its variant sets aside)."""
        k = self.position
        if k == len(self._made):
            order = self._tiles[:]
            self._rng.shuffle(order)
            n = self._kinds.get(kind, 0)
            self._kinds[kind] = n + 1
            if k < len(self._script):
                order = list(self._script[k])
            elif self._fixed and n < len(self._fixed.get(kind, ())):
                order = list(self._fixed[kind][n])
            self._made.append(tuple(order))
        self.position = k + 1
        return self._made[k]

    def rewind(self) -> None:
        """Start handing out the same events again from the first."""
        self.position = 0

    def used(self) -> list[tuple[Tile, ...]]:
        """The shuffles handed out so far, in order."""
        return self._made[: self.position]
