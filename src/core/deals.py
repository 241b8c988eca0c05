"""Deal files (``capicua-deals/1``): fixed deals to play in duplicate, a bot author's book.

What an opening book is to cutechess-cli (``-openings file=... order=sequential``), a deal
file is to capicua: deals written out, every seat's hand and the rest in the order the game
draws it, to be played by every pairing in order, by anyone, from the same file. It is JSON
Lines: a header, then one deal a line::

    {"format": "capicua-deals/1", "variant": "chiva", "count": 2, "seed": 1, "hands": 1}
    {"seed": 123, "deals": [{"1": [[6, 6], ...], "2": [...], "3": [...], "4": [...], "unused": []}]}
    {"seed": 456, "deals": [...]}

A deal fixes the chance of one match: ``draws`` (variants with a draw for first lead: the
face-down tiles of each round, in order), ``deals`` (each hand's deal in the order the
match deals them, a redeal taking the next) and ``seed``, which deals whatever the file
does not fix (the later hands) and seeds the players' streams, as a tournament's match seed
does. :func:`make` writes the deals a seed gives, so a file made with ``--seed S`` plays
what a tournament with seed ``S`` plays; :func:`read` checks every field against the game
(the whole set dealt once, each hand its size), so a file is data and only data: a
malformed one is a :class:`DealsError` naming the file, the line and the field.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import CapicuaError, RecordError
from .records import MAX_SEED, RecordReader, changed_options
from .rng import Dealer, derive_seed
from .tiles import Tile, tile_set
from .variant import Variant

FORMAT = "capicua-deals/1"
#: The largest deal file read, in bytes: far beyond any book, and it all goes to workers.
MAX_BYTES = 64 * 1024 * 1024
#: The most deals a file holds.
MAX_DEALS = 100_000
#: The most hands one deal fixes.
MAX_HANDS = 100
_ENTRY_KEYS = ("seed", "draws", "deals")


class DealsError(CapicuaError):
    """A deal file that cannot be used; the message names the file, the line and why."""


@dataclass(frozen=True)
class DealFile:
    """A checked deal file: its game, its deals as written (plain data, for workers) and
    the SHA-256 of its bytes (a run resumes only with the same file)."""

    path: Path
    variant: str
    options: dict[str, Any]
    deals: tuple[dict[str, Any], ...]
    digest: str

    def __len__(self) -> int:
        return len(self.deals)


def _tiles(tiles: Any) -> list[list[int]]:
    return [[t.hi, t.lo] for t in tiles]


def _deal_of(order: tuple[Tile, ...], variant: Variant, number: int) -> dict[str, Any]:
    """A shuffle as the deal of hand ``number``: each seat's hand and the rest."""
    aside = variant.set_aside(number)
    if aside:
        order = tuple(t for t in order if t not in aside)
    size, n = variant.hand_size, variant.seats
    deal = {str(s): _tiles(order[(s - 1) * size : s * size]) for s in range(1, n + 1)}
    deal["unused"] = _tiles(order[n * size :])
    return deal


def make(variant: Variant, count: int, seed: int, hands: int = 1) -> Iterator[str]:
    """The lines of a deal file of ``count`` deals from ``seed``, each fixing ``hands``
    hands: deal ``i`` is what a tournament with ``seed`` deals its deal ``i``."""
    header: dict[str, Any] = {"format": FORMAT, "variant": variant.name}
    options = changed_options(variant)
    if options:
        header["options"] = options
    header.update(count=count, seed=seed, hands=hands)
    yield _line(header)
    tiles = tile_set(variant.max_pip)
    for i in range(count):
        match_seed = derive_seed(seed, i)
        dealer = Dealer(match_seed, tiles)
        entry: dict[str, Any] = {"seed": match_seed}
        if variant.draw_for_lead:
            entry["draws"] = [_tiles(dealer.next_shuffle("draw"))]
        entry["deals"] = [
            _deal_of(dealer.next_shuffle("deal"), variant, h) for h in range(1, hands + 1)
        ]
        yield _line(entry)


def _line(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"))


def read(path: str | Path, variant: Variant) -> DealFile:
    """The deal file at ``path``, checked against ``variant`` (with its options)."""
    p = Path(path)
    try:
        if p.is_dir():
            raise DealsError(f"{p}: a folder, not a deal file")
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise DealsError(
                f"{p}: {size:,} bytes; a deal file is at most {MAX_BYTES // 2**20} MiB"
            )
        raw = p.read_bytes()
    except FileNotFoundError:
        raise DealsError(f"{p}: no such deal file (capicua deals make writes one)") from None
    except OSError as exc:
        raise DealsError(f"{p}: cannot read it ({exc.strerror})") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise DealsError(f"{p}: not a text file (a deal file is JSON Lines)") from None
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if not lines:
        raise DealsError(f"{p}: empty; a deal file starts with its header line")
    n, first = lines[0]
    header = _json(p, n, first)
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        shown = header.get("format") if isinstance(header, dict) else header
        raise DealsError(f"{p}: line {n}: not a {FORMAT} header (format {shown!r})")
    name = header.get("variant")
    if name != variant.name:
        raise DealsError(f"{p}: its deals are for {name!r}, not {variant.name}")
    options = header.get("options", {})
    want = changed_options(variant)
    if options != want:
        raise DealsError(
            f"{p}: its deals are for {name} with options {_show(options)}, this game has "
            f"{_show(want)}"
        )
    count = header.get("count")
    entries = lines[1:]
    if len(entries) > MAX_DEALS:
        raise DealsError(f"{p}: {len(entries):,} deals; a deal file holds at most {MAX_DEALS:,}")
    if count != len(entries):
        raise DealsError(
            f"{p}: its header says count {count!r} but it holds {len(entries)} deals "
            "(a file cut short, or edited without its header)"
        )
    deals = tuple(_entry(p, n, _json(p, n, line), variant) for n, line in entries)
    return DealFile(p, variant.name, dict(options), deals, hashlib.sha256(raw).hexdigest())


def _show(options: Mapping[str, Any]) -> str:
    return json.dumps(dict(options), sort_keys=True) if options else "none changed"


def _json(p: Path, n: int, line: str) -> Any:
    try:
        return json.loads(line)
    except json.JSONDecodeError as exc:
        raise DealsError(f"{p}: line {n}: not JSON ({exc.msg})") from None
    except RecursionError:
        raise DealsError(f"{p}: line {n}: nested too deeply to be a deal") from None


def _entry(p: Path, n: int, entry: Any, variant: Variant) -> dict[str, Any]:
    """``entry`` as read, once :func:`fixed` finds every field sound."""
    if not isinstance(entry, dict):
        raise DealsError(f"{p}: line {n}: a deal is an object with seed and deals")
    extra = sorted(set(entry) - set(_ENTRY_KEYS))
    if extra:
        raise DealsError(
            f"{p}: line {n}: no key {extra[0]!r} in a deal (its keys: seed, draws, deals)"
        )
    seed = entry.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise DealsError(f"{p}: line {n}: seed must be a whole number from 0 to 2**63-1")
    try:
        fixed(entry, variant)
    except RecordError as exc:
        raise DealsError(f"{p}: line {n}: {exc}") from None
    return entry


def fixed(entry: Mapping[str, Any], variant: Variant) -> dict[str, list[list[Tile]]]:
    """A deal's chance events by kind, as :class:`~capicua.core.rng.Dealer` takes them;
    RecordError naming the field that is wrong."""
    rd = RecordReader(variant)
    draws = entry.get("draws", [])
    deals = entry.get("deals")
    if not isinstance(draws, list):
        raise RecordError("draws: a list of draws for first lead")
    if draws and not variant.draw_for_lead:
        raise RecordError(f"draws: {variant.name} has no draw for first lead")
    if not isinstance(deals, list) or not 1 <= len(deals) <= MAX_HANDS:
        raise RecordError(f"deals: a list of 1 to {MAX_HANDS} deals, each hand's in order")
    events: dict[str, list[list[Tile]]] = {"draw": [], "deal": []}
    for i, order in enumerate(draws):
        where = f"draws[{i}]"
        if not isinstance(order, list):
            raise RecordError(f"{where}: the face-down tiles in order, a list")
        tiles = [rd.tile(t, f"{where}[{j}]") for j, t in enumerate(order)]
        rd.complete(tiles, where)
        events["draw"].append(tiles)
    for i, deal in enumerate(deals):
        events["deal"].append(rd.deal(deal, f"deals[{i}]", i + 1))
    return events
