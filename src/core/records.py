"""Match records, format ``capicua-match/1``: write them, read them, replay them.

A record is one JSON object per match (docs/records.md; the JSON Schema is
``src/schema/capicua-match-1.schema.json``). It carries every chance event as its outcome
(the draw, each deal and redeal) and every decision, so the engine can replay it without the
seed. Replaying checks every action against the rules and reports the first that breaks one
as a :class:`RuleViolation` naming the hand and the action; a record that is not well-formed
is a :class:`RecordError` naming the field.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, Literal, overload

from . import jsonin
from .actions import DRAW, KEEP, LEFT, PASS, REDEAL, Action, ChooseLeader, Pick, Play, is_end
from .errors import IllegalAction, RecordError, RuleViolation
from .layout import Spinner
from .line import Line
from .match import CLAIM, LEAD, HandLog, Match, Phase
from .tiles import Tile, tile_set
from .variant import Variant

FORMAT = "capicua-match/1"
#: The GUI's save (capicua.gui.save) wraps a record with the seats' random streams; named
#: here so that replay reads a save without the core importing the GUI.
SAVE_FORMAT = "capicua-save/1"


# -- writing -----------------------------------------------------------------------------


def to_record(match: Match, seats: Mapping[Any, Any]) -> dict:
    """The record of ``match`` so far (finished or not); ``seats`` are the players' entries,
    by seat number or by its string (as a record's own ``seats`` are)."""
    v = match.variant
    n = v.seats
    record: dict[str, Any] = {"format": FORMAT, "variant": v.name}
    options = changed_options(v)
    if options:
        record["options"] = options
    record.update(
        {
            "seed": match.seed,
            "seats": {str(s): seats.get(s, seats.get(str(s))) for s in range(1, n + 1)},
            "draw": [{str(s): t.pair() for s, t in sorted(r.items())} for r in match.draw_rounds],
            "hands": [_hand(h, n) for h in match.hands_log],
            "winner": match.winner,
        }
    )
    if len(match.winners) > 1:
        record["winners"] = list(match.winners)
    record["label"] = match.label
    return record


def changed_options(variant: Variant) -> dict[str, Any]:
    """The variant's options whose values differ from their defaults, by name: what a
    record must say for the same game to be made again."""
    return {key: value for key, value in variant.chosen if value != variant.options[key].default}


def _deal(deal: Mapping[Any, tuple[Tile, ...]], n: int) -> dict:
    out = {str(s): [t.pair() for t in deal[s]] for s in range(1, n + 1)}
    out["unused"] = [t.pair() for t in deal["unused"]]
    return out


def _action(seat: int, action: Action) -> dict:
    if action is PASS:
        return {"seat": seat, "pass": True}
    if action is DRAW:
        return {"seat": seat, "draw": True}
    assert isinstance(action, Play)  # a hand's actions are plays, draws and passes
    if action.shows is None:  # the one way the tile goes: what every record wrote before
        return {"seat": seat, "tile": action.tile.pair(), "end": action.end}
    return {"seat": seat, "tile": action.tile.pair(), "end": action.end, "shows": action.shows}


def _hand(h: HandLog, n: int) -> dict:
    r = h.result
    return {
        "chooser": h.chooser,
        "leader": h.leader,
        "redeals": [
            {"deal": _deal(x.deal, n), "claimant": x.claimant, "shown": [t.pair() for t in x.shown]}
            for x in h.redeals
        ],
        "deal": _deal(h.deal, n),
        "actions": [_action(s, a) for s, a in h.actions],
        "result": None
        if r is None
        else {
            "outcome": r.outcome,
            "team": r.team,
            "seat": r.seat,
            "points": r.points,
            "scores": list(r.scores),
        },
    }


def dumps(record: dict) -> str:
    """One record as one line of JSON (the JSON Lines form tournaments write)."""
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False)


# -- reading -----------------------------------------------------------------------------


def _streams_problem(streams: Any) -> str | None:
    """What is wrong with a save's random streams (seat to stream state), or ``None``."""
    from .rng import parse_stream_state

    if not isinstance(streams, dict) or not streams:
        return "they are not a table of seat to stream"
    for seat, state in streams.items():
        if not (isinstance(seat, str) and seat.isascii() and seat.isdigit()):
            return f"{seat!r} is not a seat"
        try:
            parse_stream_state(state)
        except (TypeError, ValueError) as exc:
            return f"seat {seat}: {exc}"
    return None


def read_records(
    path: str | Path, max_size: int = jsonin.MAX_FILE_MIB
) -> Iterator[tuple[int, dict]]:
    """``(line number, record)`` for each record of a ``.json`` or ``.jsonl`` file.

    A file holding one JSON object (possibly over several lines) is one record; otherwise
    every non-empty line is one. The table's save (``capicua-save/1``, docs/gui.md) holds
    its match's record under ``match``: that record is read. Raises :class:`RecordError`
    saying where it is not JSON, where it breaks a limit of :mod:`capicua.core.jsonin`, or
    that the file is larger than ``max_size`` MiB (read no further than that).
    """
    p = Path(path)
    most = max_size << 20
    try:
        with p.open("rb") as f:  # its size known before any of it is read
            too_large = os.fstat(f.fileno()).st_size > most
            raw = b"" if too_large else f.read(most + 1)
        if too_large or len(raw) > most:
            raise RecordError(
                f"{p}: larger than {max_size} MiB, the most a record file may be "
                "(--max-size raises it)"
            )
        text = raw.decode("utf-8")
    except FileNotFoundError:
        raise RecordError(f"{p}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"{p}: cannot read it ({exc})") from None
    del raw
    stripped = text.strip()
    if not stripped:
        raise RecordError(f"{p}: the file is empty, no record in it")
    try:
        whole = jsonin.loads(stripped)
    except json.JSONDecodeError:
        whole = None
    except ValueError as exc:  # a limit broken (a number too long, nested too deep)
        raise RecordError(f"{p}: {exc}") from None
    if isinstance(whole, dict):
        if whole.get("format") == SAVE_FORMAT and isinstance(whole.get("match"), dict):
            problem = _streams_problem(whole.get("streams"))
            if problem is not None:
                raise RecordError(
                    f"{p}: a save whose random streams are damaged ({problem}); the table "
                    "sets it aside rather than resume it, and it is not shown as it stands"
                )
            whole = whole["match"]
        yield 1, whole
        return
    if isinstance(whole, list):
        yield from enumerate(whole, 1)
        return
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            parsed = jsonin.loads(line)
        except json.JSONDecodeError as exc:
            raise RecordError(
                f"{p}, line {number}: not JSON ({exc.msg}, column {exc.colno})"
            ) from None
        except ValueError as exc:
            raise RecordError(f"{p}, line {number}: {exc}") from None
        yield number, parsed


class RecordReader:
    """Structural checks with the path of the offending field in every message."""

    def __init__(self, variant: Variant) -> None:
        self.v = variant

    def tile(self, value: Any, where: str) -> Tile:
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in value)
        ):
            raise RecordError(f"{where}: a tile is [a, b] with two numbers, not {value!r}")
        a, b = value
        if not (0 <= a <= self.v.max_pip and 0 <= b <= self.v.max_pip):
            raise RecordError(f"{where}: {a}-{b} is not a tile of the double-{self.v.max_pip} set")
        return Tile.of(a, b)

    @overload
    def seat(self, value: Any, where: str, null: Literal[False] = False) -> int: ...
    @overload
    def seat(self, value: Any, where: str, null: bool) -> int | None: ...
    def seat(self, value: Any, where: str, null: bool = False) -> int | None:
        """The seat number ``value``; ``None`` only where ``null`` allows it."""
        if value is None and null:
            return None
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= self.v.seats:
            raise RecordError(
                f"{where}: a seat is a number from 1 to {self.v.seats}, not {value!r}"
            )
        return value

    def deal(self, value: Any, where: str, number: int) -> list[Tile]:
        """The deal of hand ``number`` as one shuffle of the set: seat 1's hand first, unused
        last (the tiles the variant sets aside before the deal are in neither)."""
        if not isinstance(value, dict):
            raise RecordError(f"{where}: a deal is an object of hands, not {value!r}")
        order: list[Tile] = []
        for key in [str(s) for s in range(1, self.v.seats + 1)] + ["unused"]:
            tiles = value.get(key)
            if not isinstance(tiles, list):
                raise RecordError(f"{where}: missing the list of tiles for {key!r}")
            want = self.v.hand_size if key != "unused" else None
            if want is not None and len(tiles) != want:
                raise RecordError(f"{where}.{key}: {len(tiles)} tiles, the deal gives {want}")
            order += [self.tile(t, f"{where}.{key}[{i}]") for i, t in enumerate(tiles)]
        extra = set(value) - {str(s) for s in range(1, self.v.seats + 1)} - {"unused"}
        if extra:
            raise RecordError(f"{where}: unexpected keys {sorted(extra)}")
        self.complete(order, where, self.v.set_aside(number))
        return order

    def complete(self, order: list[Tile], where: str, aside: tuple[Tile, ...] = ()) -> None:
        full = [t for t in tile_set(self.v.max_pip) if t not in aside]
        if len(order) != len(full) or set(order) != set(full):
            seen: set[Tile] = set()
            twice = []
            for t in order:
                if t in seen:
                    twice.append(t)
                seen.add(t)
            missing = [t for t in full if t not in set(order)]
            detail = (
                f"{twice[0]} appears twice"
                if twice
                else f"{missing[0]} is missing"
                if missing
                else "wrong number of tiles"
            )
            raise RecordError(f"{where}: not the whole set dealt once ({detail})")


_SEAT_KEY = re.compile(r"[1-9][0-9]{0,3}")

#: The largest seed a record may hold (seeds are 63-bit, as ``--seed`` takes them).
MAX_SEED = 2**63 - 1


def _field(obj: dict, key: str, where: str, kind: type | tuple[type, ...]) -> Any:
    if key not in obj:
        raise RecordError(f"{where}: missing {key!r}")
    value = obj[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise RecordError(f"{where}.{key}: wrong type ({value!r})")
    return value


def replay(record: Any, variants: Any) -> Match:
    """Rebuild the match of ``record`` through the engine, checking every rule on the way.

    ``variants`` is a :class:`~capicua.plugins.VariantRegistry` (or anything with
    ``create(name)``). Raises :class:`RecordError` for a malformed record and
    :class:`RuleViolation` for an action or result the rules do not allow.
    """
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object")
    if record.get("format") != FORMAT:
        raise RecordError(f"format is {record.get('format')!r}, expected {FORMAT!r}")
    name = _field(record, "variant", "record", str)
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise RecordError(f"record.options: an object of option values, not {options!r}")
    try:
        variant = variants.create(name)
    except Exception as exc:  # noqa: BLE001 - a plugin's constructor may raise anything
        raise RecordError(f"variant {name!r} is not available: {exc}") from None
    if options:
        try:
            variant = type(variant)(**options)
        except (TypeError, ValueError) as exc:
            raise RecordError(f"record.options: {exc}") from None
    seed = _field(record, "seed", "record", int)
    if not 0 <= seed <= MAX_SEED:
        shown = str(seed) if abs(seed) < 10**30 else f"a number of {len(str(abs(seed)))} digits"
        raise RecordError(f"record.seed: a seed is a whole number from 0 to 2**63-1, not {shown}")
    seats = _field(record, "seats", "record", dict)
    for key in seats:
        if not (_SEAT_KEY.fullmatch(key) and int(key) <= variant.seats):
            raise RecordError(
                f"record.seats: {key!r} is not a seat of {variant.name} (seats 1 to "
                f"{variant.seats})"
            )
    draw = _field(record, "draw", "record", list)
    hands = _field(record, "hands", "record", list)
    rd = RecordReader(variant)

    # Chance events in the order the engine consumes them.
    script: list[list[Tile]] = []
    drawers = [team[0] for team in variant.teams]
    for i, rnd in enumerate(draw):
        where = f"draw[{i}]"
        if not isinstance(rnd, dict):
            raise RecordError(f"{where}: a draw round is an object of seat to tile")
        picked = [rd.tile(rnd[str(s)], f"{where}.{s}") for s in drawers if str(s) in rnd]
        if len(set(picked)) != len(picked):
            raise RecordError(f"{where}: the same tile drawn twice")
        script.append(picked + [t for t in tile_set(variant.max_pip) if t not in picked])
    for h, hand in enumerate(hands, 1):
        where = f"hands[{h - 1}]"
        if not isinstance(hand, dict):
            raise RecordError(f"{where}: a hand is an object")
        for j, redealt in enumerate(_field(hand, "redeals", where, list)):
            if not isinstance(redealt, dict):
                raise RecordError(f"{where}.redeals[{j}]: a redeal is an object")
            script.append(rd.deal(redealt.get("deal"), f"{where}.redeals[{j}].deal", h))
        script.append(rd.deal(hand.get("deal"), f"{where}.deal", h))

    match = variant.new_match(seed, script)
    for i, rnd in enumerate(draw):
        for _ in [s for s in drawers if str(s) in rnd]:
            if match.phase != Phase.DRAW:
                raise RuleViolation(
                    0, None, f"draw[{i}]: the draw for first lead was already decided"
                )
            _apply(match, Pick.of(0), 0, None)
    for h, hand in enumerate(hands, 1):
        _replay_hand(match, rd, hand, h)
    _check_end(match, record)
    return match


def _apply(match: Match, action: Action, hand: int, index: int | None) -> None:
    try:
        match.apply(action)
    except IllegalAction as exc:
        raise RuleViolation(hand, index, exc.reason) from None


def _replay_hand(match: Match, rd: RecordReader, hand: dict, h: int) -> None:
    where = f"hands[{h - 1}]"
    chooser = rd.seat(hand.get("chooser"), f"{where}.chooser", null=True)
    leader = rd.seat(hand.get("leader"), f"{where}.leader")
    if match.phase == Phase.DRAW:
        raise RuleViolation(h, None, "the draw for first lead is not decided yet")
    if match.phase == LEAD:
        if chooser != match.turn:
            raise RuleViolation(h, None, f"seat {match.turn} chooses the leader, not {chooser}")
        _apply(match, ChooseLeader.of(leader), h, None)
    elif chooser is not None:
        raise RuleViolation(
            h, None, f"{match.variant.title} has no leader choice (chooser must be null)"
        )
    log = match.hand
    assert log is not None  # past the draw and the lead, the hand is dealt
    if log.leader != leader:
        raise RuleViolation(h, None, f"seat {log.leader} leads this hand, not seat {leader}")
    # Deals the rules refused (no claimant) come before the hand's own, at the deal itself.
    automatic = [r for r in hand["redeals"] if isinstance(r, dict) and r.get("claimant") is None]
    made = [r for r in log.redeals if r.claimant is None]
    if len(automatic) != len(made):
        raise RuleViolation(
            h, None, f"the rules dealt {len(made)} times again, the record says {len(automatic)}"
        )
    for j, redealt in enumerate(hand["redeals"]):
        if redealt.get("claimant") is None:
            continue
        claimant = rd.seat(redealt.get("claimant"), f"{where}.redeals[{j}].claimant")
        while match.phase == CLAIM and match.turn != claimant:
            _apply(match, KEEP, h, None)
        if match.phase != CLAIM:
            raise RuleViolation(
                h, None, f"redeal {j + 1}: seat {claimant} has too few doubles to demand a redeal"
            )
        shown = [
            rd.tile(t, f"{where}.redeals[{j}].shown[{k}]")
            for k, t in enumerate(redealt.get("shown") or [])
        ]
        _apply(match, REDEAL, h, None)
        if sorted(shown) != sorted(log.redeals[-1].shown):
            raise RuleViolation(
                h,
                None,
                f"redeal {j + 1}: the shown doubles must be all of seat {claimant}'s doubles",
            )
    actions = _field(hand, "actions", where, list)
    # Keeping a hand is not recorded: if play went on, everyone still asked kept. A saved
    # match can stop before that, with the decisions still open; leave them open then.
    while match.phase == CLAIM and (actions or hand.get("result") is not None):
        _apply(match, KEEP, h, None)
    for k, entry in enumerate(actions):
        aw = f"{where}.actions[{k}]"
        if log.result is not None:
            raise RuleViolation(
                h, k, f"the hand was over after action {k - 1}; {len(actions) - k} more follow"
            )
        if not isinstance(entry, dict):
            raise RecordError(f"{aw}: an action is an object")
        seat = rd.seat(entry.get("seat"), f"{aw}.seat")
        if seat != match.turn:
            raise RuleViolation(h, k, f"it is seat {match.turn}'s turn, not seat {seat}'s")
        if entry.get("pass") is True:
            action: Action = PASS
        elif entry.get("draw") is True:
            action = DRAW
        else:
            tile = rd.tile(entry.get("tile"), f"{aw}.tile")
            end = entry.get("end")
            if not is_end(end):
                raise RecordError(f"{aw}.end: 'left', 'right' or another end's name, not {end!r}")
            shows = entry.get("shows")
            if shows is not None and (
                type(shows) is not int or not tile.has(shows)  # a bool is no number
            ):
                raise RecordError(f"{aw}.shows: {tile.hi} or {tile.lo} (a number of {tile})")
            layout = match.layout
            if not layout and isinstance(layout, (Line, Spinner)):
                end = LEFT  # the first tile of a line opens both ends: it is played "left"
            action = Play.of(tile, end, shows)
        _apply(match, action, h, k)
    result = hand.get("result")
    if result is None:
        if log.result is not None:
            raise RuleViolation(h, None, "the hand is over but the record gives no result")
        return
    if log.result is None:
        raise RuleViolation(h, None, "the record gives a result but the hand is not over")
    if not isinstance(result, dict):
        raise RecordError(f"{where}.result: an object or null")
    r = log.result
    want = {
        "outcome": r.outcome,
        "team": r.team,
        "seat": r.seat,
        "points": r.points,
        "scores": list(r.scores),
    }
    for key, value in want.items():
        if result.get(key) != value:
            raise RuleViolation(
                h, None, f"result {key} is {result.get(key)!r}; the rules give {value!r}"
            )


def _check_end(match: Match, record: dict) -> None:
    n = len(record["hands"])
    shared = record.get("winners", [])
    if len(match.winners) > 1 and shared != list(match.winners):
        raise RuleViolation(
            n, None, f"winners are {shared!r}; the rules give {list(match.winners)!r}"
        )
    if record.get("winner") != match.winner:
        raise RuleViolation(
            n, None, f"winner is {record.get('winner')!r}; the rules give {match.winner!r}"
        )
    if record.get("label") != match.label:
        raise RuleViolation(
            n, None, f"label is {record.get('label')!r}; the rules give {match.label!r}"
        )
