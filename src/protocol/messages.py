"""The messages of ``capicua-bot/1``: what capicua sends, and the checks on what a bot sends.

Every message is one JSON object with a ``type``. capicua sends ``hello``, ``new_match``,
``decide``, ``hand_ended``, ``match_ended`` and ``quit``; a bot sends ``hello``, ``ready``,
``action`` and ``error`` (docs/protocol.md). A ``decide`` message together with its match's
``new_match`` (seat, team, variant) and the ``hand_ended`` events before it is the seat's
:class:`~capicua.core.view.View`, field for field: :func:`decide` writes it and
:func:`view_of` reads it back into the very same value (the Python host does, and a test
proves the round trip on random positions).

Tiles are ``[a, b]`` pairs (higher number first, as in records), the line's tiles are
``[left, right]`` as they lie, the ``layout`` is the whole table of any game (a line, a
spinner's arms, trains), actions are in capicua's notation (``6-4L``, ``6-4U``, ``6-4T3``,
``draw``, ``pass``, ``pick 7``, ``lead 3``, ``keep``, ``redeal``; a bot's ``draw 7`` is read
as ``pick 7``, as the draw for first lead was written before). Fields a reader does not
know are ignored both ways, so a later capicua may add fields without breaking a bot.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from types import MappingProxyType
from typing import Any

from ..core import jsonin
from ..core.actions import Action, parse_action
from ..core.errors import CapicuaError
from ..core.layout import Arm, Described, Layout, Spinner, Train, Trains, describes
from ..core.line import Line, first_of
from ..core.options import Option
from ..core.tiles import ALL_TILES, Tile
from ..core.variant import HandResult, Variant, VariantInfo
from ..core.view import PastHand, View
from ..shown import shown

PROTOCOL = "capicua-bot/1"
#: The longest line capicua reads from a bot; its messages are a few hundred bytes.
MAX_LINE = 64 * 1024
#: The longest commentary line kept from an answer.
MAX_COMMENT = 300
#: Seeds given to bots stay below 2**53, so that JavaScript reads them exactly.
SEED_BITS = 53

#: Bot option types as the protocol names them, and the Python type of each.
OPTION_TYPES: dict[str, type] = {"int": int, "float": float, "bool": bool, "string": str}
_TYPE_NAMES = {v: k for k, v in OPTION_TYPES.items()}

_PAIRS = [[t.hi, t.lo] for t in ALL_TILES]
_INDEX = attrgetter("index")  # tiles in set order: a message says the same each time
_TEXT: dict[Action, str] = {}  # actions are interned: their notation, written once each
_ACTIONS: dict[str, Action] = {}  # and read back once each


class ProtocolError(CapicuaError):
    """A message that breaks the protocol; the text says what is wrong, in one line."""


_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False)


def encode(message: Mapping[str, Any]) -> bytes:
    """One message as the line that carries it (UTF-8 JSON and a newline)."""
    return (_ENCODER.encode(message) + "\n").encode()


def decode(line: bytes) -> dict[str, Any]:
    """The message a line carries; ProtocolError if it is not one JSON object with a type."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        raise ProtocolError(f"wrote a line that is not UTF-8: {_show(line)}") from None
    try:
        message = jsonin.loads(text)
    except jsonin.JSONLimitError as exc:
        raise ProtocolError(f"wrote JSON over capicua's limits ({exc}): {_show(line)}") from None
    except ValueError:
        raise ProtocolError(f"wrote a line that is not JSON: {_show(line)}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"wrote JSON that is not an object: {_show(line)}")
    kind = message.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(f'wrote a message without a "type": {_show(line)}')
    return message


def _show(line: bytes | str, most: int = 80) -> str:
    text = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
    text = text.rstrip("\r\n")
    return repr(text if len(text) <= most else text[:most] + "…")


def tile(t: Tile) -> list[int]:
    return _PAIRS[t.index]


def action_text(action: Action) -> str:
    text = _TEXT.get(action)
    if text is None:
        text = _TEXT[action] = str(action)
    return text


def action_of(text: str) -> Action:
    """The action written ``text``; ValueError (from the notation) if it is none."""
    action = _ACTIONS.get(text)
    if action is None:
        action = parse_action(text)
        if len(_ACTIONS) < 4096:  # the notation's texts are few; odd spellings are not kept
            _ACTIONS[text] = action
    return action


# -- what capicua sends ------------------------------------------------------------------


def hello() -> dict[str, Any]:
    from .._version import __version__

    return {"type": "hello", "protocol": PROTOCOL, "capicua": __version__}


def rules_metadata(variant: Variant) -> dict[str, Any]:
    """The variant as ``new_match`` describes it: its public metadata, everything a bot
    needs to know of the game it plays. The one place this is written."""
    info = variant.info()
    return {
        "name": info.name,
        "title": info.title,
        "summary": variant.summary,
        "max_pip": info.max_pip,
        "hand_size": info.hand_size,
        "seats": info.seats,
        "teams": [list(team) for team in info.teams],
        "draw_for_lead": variant.draw_for_lead,
        "choose_leader": variant.choose_leader,
        "redeal_doubles": variant.redeal_doubles,
        "scoring": variant.scoring,
        "labels": list(variant.labels),
        "options": dict(info.options),
    }


def new_match(
    variant: Mapping[str, Any], seat: int, options: Mapping[str, Any], seed: int, number: int
) -> dict[str, Any]:
    teams = variant["teams"]
    team = next(i for i, members in enumerate(teams, 1) if seat in members)
    return {
        "type": "new_match",
        "match": number,
        "variant": dict(variant),
        "seat": seat,
        "team": team,
        "options": dict(options),
        "seed": seed,
    }


def decide(view: View, number: int) -> dict[str, Any]:
    """The ``decide`` message for ``view`` (its ``past`` goes as ``hand_ended`` events)."""
    text = action_text
    return {
        "type": "decide",
        "id": number,
        "seat": view.seat,
        "team": view.team,
        "phase": view.phase,
        "turn": view.turn,
        "hand": [_PAIRS[t.index] for t in view.hand],
        "line": [list(p) for p in view.line.tiles],
        "ends": list(view.ends) if view.ends is not None else None,
        "counts": list(view.counts),
        "scores": list(view.scores),
        "hand_number": view.hand_number,
        "leader": view.leader,
        "chooser": view.chooser,
        "required": None if view.required is None else _PAIRS[view.required.index],
        "forced_opening": None
        if view.forced_opening is None
        else _PAIRS[view.forced_opening.index],
        "history": [[s, text(a)] for s, a in view.history],
        "told": [[i, [_PAIRS[t.index] for t in sorted(ts, key=_INDEX)]] for i, ts in view.told],
        "shown": [[s, [_PAIRS[t.index] for t in ts]] for s, ts in view.shown],
        "draw": [[[s, _PAIRS[t.index]] for s, t in r] for r in view.draw],
        "face_down": view.face_down,
        "past": len(view.past),
        "legal": [text(a) for a in view.legal],
        "winner": view.winner,
        "label": view.label,
        "layout": layout_json(view.layout),
        "boneyard": view.boneyard,
    }


def layout_json(layout: Layout) -> dict[str, Any]:
    """The layout as the protocol writes it: its ``kind`` and tiles as they lie, and every
    ``open`` end as ``[end, number]``."""
    out: dict[str, Any]
    if isinstance(layout, Spinner):
        out = {
            "kind": "spinner",
            "line": [list(p) for p in layout.line],
            "spinner": layout.spinner,
            "up": [list(p) for p in layout.up],
            "down": [list(p) for p in layout.down],
        }
    elif isinstance(layout, Trains):
        out = {
            "kind": "trains",
            "engine": layout.engine,
            "trains": [
                {
                    "end": t.end,
                    "owner": t.owner,
                    "tiles": [list(p) for p in t.tiles],
                    "marker": t.marker,
                }
                for t in layout.trains
            ],
            "pending": layout.pending,
        }
    elif isinstance(layout, Line):
        out = {"kind": "line", "tiles": [list(p) for p in layout.tiles]}
    else:
        out = arms_json(layout)
    out["open"] = [[end, n] for end, n in layout.open_ends()]
    return out


def arms_json(layout: Layout) -> dict[str, Any]:
    """A layout of a game's own, as its description (:meth:`~capicua.core.layout.Layout.arms`):
    kind ``arms``, the ``origin`` tile, the tiles ``placed`` and each arm's ``end``,
    ``tiles`` outward, ``open`` number and ``at`` (``[arm, tile]`` it leaves, or ``null``
    for the origin). A layout that does not describe itself is sent by its open ends alone,
    each an arm with no tiles."""
    if describes(layout):
        origin, arms = layout.origin(), layout.arms()
    else:
        origin, arms = None, tuple(Arm(end, (), n) for end, n in layout.open_ends())
    return {
        "kind": "arms",
        "origin": list(origin) if origin is not None else None,
        "placed": layout.placed,
        "arms": [
            {
                "end": a.end,
                "tiles": [list(p) for p in a.tiles],
                "open": a.open,
                "at": list(a.at) if a.at is not None else None,
            }
            for a in arms
        ],
    }


def _pairs(items: Sequence[Sequence[int]]) -> tuple[tuple[int, int], ...]:
    return tuple((a, b) for a, b in items)


def layout_of(data: Mapping[str, Any] | None, line: Line, first: int = 0) -> Layout:
    """The layout :func:`layout_json` wrote (``line`` where the message has none); a
    spinner's ``first`` is the index of its first tile (:func:`~capicua.core.line.first_of`)."""
    if not data or data.get("kind") == "line":
        return line
    if data["kind"] == "arms":
        origin = data["origin"]
        arms = tuple(
            Arm(
                a["end"],
                _pairs(a["tiles"]),
                a["open"],
                (a["at"][0], a["at"][1]) if a["at"] is not None else None,
            )
            for a in data["arms"]
        )
        start = (origin[0], origin[1]) if origin is not None else None
        return Described(start, arms, data["placed"])
    if data["kind"] == "spinner":
        return Spinner(
            _pairs(data["line"]),
            data["spinner"],
            _pairs(data["up"]),
            _pairs(data["down"]),
            first if data["line"] else 0,
        )
    trains = tuple(
        Train(t["end"], t["owner"], _pairs(t["tiles"]), t["marker"]) for t in data["trains"]
    )
    return Trains(data["engine"], trains, data["pending"])


def hand_ended(hand: PastHand) -> dict[str, Any]:
    """A finished hand, every hand revealed as dealt (what ``View.past`` holds)."""
    r = hand.result
    return {
        "type": "hand_ended",
        "hand": {
            "number": hand.number,
            "chooser": hand.chooser,
            "leader": hand.leader,
            "dealt": [[_PAIRS[t.index] for t in ts] for ts in hand.dealt],
            "shown": [[s, [_PAIRS[t.index] for t in ts]] for s, ts in hand.shown],
            "history": [[s, action_text(a)] for s, a in hand.history],
            "result": {
                "outcome": r.outcome,
                "team": r.team,
                "seat": r.seat,
                "points": r.points,
                "scores": list(r.scores),
                "leader": r.leader,
                "remaining": [
                    [_PAIRS[t.index] for t in r.remaining[s]] for s in sorted(r.remaining)
                ],
            },
        },
    }


def match_ended(
    winner: int | None, label: str | None, scores: Sequence[int], stopped: str | None
) -> dict[str, Any]:
    return {
        "type": "match_ended",
        "winner": winner,
        "label": label,
        "scores": list(scores),
        "stopped": stopped,
    }


QUIT: dict[str, Any] = {"type": "quit"}


# -- reading what capicua sends (the host, the reference bots' tests) ---------------------


def variant_info(meta: Mapping[str, Any], variants: Any = None) -> VariantInfo:
    """The :class:`VariantInfo` a view carries, from ``new_match``'s ``variant``.

    With ``variants`` (a registry holding the game, as a host of capicua's own players
    has), the info names the variant's class too, so that the players can ask its rules
    (:meth:`VariantInfo.variant`) as they do in process.
    """
    name = meta["name"]
    cls = variants.get(name) if variants is not None and name in variants else None
    return VariantInfo(
        name,
        meta["title"],
        meta["max_pip"],
        meta["hand_size"],
        meta["seats"],
        tuple(tuple(team) for team in meta["teams"]),
        cls,
        tuple((meta.get("options") or {}).items()),
    )


def _tile(pair: Sequence[int]) -> Tile:
    return Tile.of(pair[0], pair[1])


def _tiles(pairs: Sequence[Sequence[int]]) -> tuple[Tile, ...]:
    return tuple(Tile.of(a, b) for a, b in pairs)


def _history(items: Sequence[Sequence[Any]]) -> tuple[tuple[int, Action], ...]:
    return tuple((s, action_of(a)) for s, a in items)


def _shown(items: Sequence[Sequence[Any]]) -> tuple[tuple[int, tuple[Tile, ...]], ...]:
    return tuple((s, _tiles(ts)) for s, ts in items)


def past_hand(message: Mapping[str, Any]) -> PastHand:
    """The :class:`PastHand` a ``hand_ended`` event carries."""
    h = message["hand"]
    r = h["result"]
    remaining = {s: _tiles(ts) for s, ts in enumerate(r["remaining"], 1)}
    result = HandResult(
        r["outcome"],
        r["team"],
        r["seat"],
        r["points"],
        tuple(r["scores"]),
        r["leader"],
        MappingProxyType(remaining),
    )
    return PastHand(
        h["number"],
        h["chooser"],
        h["leader"],
        tuple(_tiles(ts) for ts in h["dealt"]),
        _shown(h["shown"]),
        _history(h["history"]),
        result,
    )


def view_of(message: Mapping[str, Any], info: VariantInfo, past: Sequence[PastHand]) -> View:
    """The :class:`View` a ``decide`` message carries, with its match's variant and the
    finished hands of its ``hand_ended`` events (the first ``message["past"]`` of them)."""
    m = message
    ends = m["ends"]
    history = _history(m["history"])
    # Where the line was opened is not sent: the history says it (Line.first).
    first = first_of(history)
    line = _line_class(info, m["hand_number"])(tuple((a, b) for a, b in m["line"]), first)
    required = m["required"]
    forced = m["forced_opening"]
    return View(
        seat=m["seat"],
        team=m["team"],
        variant=info,
        phase=m["phase"],
        turn=m["turn"],
        hand=_tiles(m["hand"]),
        line=line,
        ends=None if ends is None else (ends[0], ends[1]),
        counts=tuple(m["counts"]),
        scores=tuple(m["scores"]),
        hand_number=m["hand_number"],
        leader=m["leader"],
        chooser=m["chooser"],
        required=None if required is None else _tile(required),
        forced_opening=None if forced is None else _tile(forced),
        history=history,
        told=tuple((i, frozenset(_tiles(ts))) for i, ts in m.get("told", ())),
        shown=_shown(m["shown"]),
        draw=tuple(tuple((s, _tile(t)) for s, t in r) for r in m["draw"]),
        face_down=m["face_down"],
        past=tuple(past[: m["past"]]),
        legal=tuple(action_of(a) for a in m["legal"]),
        winner=m["winner"],
        label=m["label"],
        layout=layout_of(m.get("layout"), line, first),
        boneyard=m.get("boneyard", 0),
    )


def _line_class(info: VariantInfo, hand_number: int) -> type[Line]:
    """The game's own kind of line where it has one (Matador's, joined by sevens), else
    :class:`Line`: a message writes any line as ``"line"``, and the rules must get theirs
    back."""
    if info.cls is None or info.cls.new_layout is Variant.new_layout:
        return Line
    own = type(info.variant().new_layout(max(hand_number, 1)))
    return own if issubclass(own, Line) else Line


# -- what a bot sends ------------------------------------------------------------------


@dataclass(frozen=True)
class BotHello:
    """What a bot said of itself in its ``hello``."""

    name: str
    version: str
    options: dict[str, Option]
    variants: tuple[str, ...]  # "*": any variant
    reset: bool

    def supports(self, variant: str) -> bool:
        return "*" in self.variants or variant in self.variants

    def check_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """``given`` checked against the declared options, defaults filled in; ValueError
        naming the first problem."""
        out: dict[str, Any] = {}
        for key, value in given.items():
            if key not in self.options:
                known = ", ".join(sorted(self.options)) or "none"
                raise ValueError(f"bot {self.name!r} has no option {key!r} (its options: {known})")
            out[key] = self.options[key].check(key, value)
        for key, opt in self.options.items():
            out.setdefault(key, opt.default)
        return out


def option_json(opt: Option) -> dict[str, Any]:
    """An option as a ``hello`` declares it."""
    out: dict[str, Any] = {"type": _TYPE_NAMES.get(opt.type, "string"), "default": opt.default}
    if opt.min is not None:
        out["min"] = opt.min
    if opt.max is not None:
        out["max"] = opt.max
    if opt.choices is not None:
        out["choices"] = list(opt.choices)
    if opt.help:
        out["help"] = opt.help
    return out


def read_hello(message: Mapping[str, Any]) -> BotHello:
    """The bot's ``hello``, checked; ProtocolError saying what is wrong."""
    if message.get("type") != "hello":
        raise ProtocolError(f"answered hello with a {message.get('type')!r} message")
    protocol = message.get("protocol")
    if protocol != PROTOCOL:
        raise ProtocolError(f"speaks {protocol!r}; capicua speaks {PROTOCOL!r}")
    name, version = message.get("name"), message.get("version")
    if not isinstance(name, str) or not name.strip():
        raise ProtocolError('its hello has no "name" (a non-empty string)')
    if not isinstance(version, str):
        raise ProtocolError('its hello has no "version" (a string)')
    variants = message.get("variants")
    if (
        not isinstance(variants, list)
        or not variants
        or not all(isinstance(v, str) and v for v in variants)
    ):
        raise ProtocolError(
            'its hello has no "variants": a list of the variants it plays, or ["*"] for any'
        )
    reset = message.get("reset", False)
    if not isinstance(reset, bool):
        raise ProtocolError(f'its hello says "reset": {reset!r}; that is true or false')
    raw = message.get("options", {})
    if not isinstance(raw, dict):
        raise ProtocolError('its hello\'s "options" is not an object of options by name')
    options = {key: _read_option(key, spec) for key, spec in raw.items()}
    return BotHello(name, version, options, tuple(variants), reset)


def _read_option(key: str, spec: Any) -> Option:
    where = f"its option {key!r}"
    if not isinstance(spec, dict):
        raise ProtocolError(f'{where} is not an object with a "type" and a "default"')
    kind = OPTION_TYPES.get(str(spec.get("type")))
    if kind is None:
        raise ProtocolError(
            f"{where} has type {spec.get('type')!r}; the types are {', '.join(OPTION_TYPES)}"
        )
    if "default" not in spec:
        raise ProtocolError(f'{where} has no "default"')
    bounds = []
    for bound in ("min", "max"):
        value = spec.get(bound)
        if value is not None and (
            isinstance(value, bool)
            or not isinstance(value, (int, float))
            or not math.isfinite(value)
        ):
            raise ProtocolError(f"{where} has a {bound} that is not a number: {value!r}")
        bounds.append(value)
    choices = spec.get("choices")
    if choices is not None and (not isinstance(choices, list) or not choices):
        raise ProtocolError(f'{where} has "choices" that are not a non-empty list')
    helptext = spec.get("help", "")
    option = Option(
        kind,
        spec["default"],
        helptext if isinstance(helptext, str) else "",
        bounds[0],
        bounds[1],
        tuple(choices) if choices is not None else None,
    )
    try:
        option.check(key, option.default)
    except ValueError as exc:
        raise ProtocolError(f"{where}: its default fails its own declaration ({exc})") from None
    return option


def read_reply(message: Mapping[str, Any], expected: str) -> None:
    """ProtocolError unless ``message`` is the ``expected`` reply (an ``error`` message is
    raised as :class:`BotGaveUp` by :func:`gave_up` before this is asked)."""
    kind = message.get("type")
    if kind != expected:
        raise ProtocolError(f"sent a {kind!r} message where {expected!r} was expected")


class BotGaveUp(CapicuaError):
    """The bot sent an ``error`` message: it gives up the match, saying why."""


def gave_up(message: Mapping[str, Any]) -> None:
    """Raise :class:`BotGaveUp` if ``message`` is the bot's ``error``."""
    if message.get("type") == "error":
        text = message.get("message")
        raise BotGaveUp(one_line(text if isinstance(text, str) else "no message"))


def read_action(message: Mapping[str, Any], number: int) -> tuple[Action, str | None]:
    """The action (and commentary) of the answer to decision ``number``."""
    read_reply(message, "action")
    got = message.get("id")
    if got != number:
        raise ProtocolError(f"answered decision {got!r} when asked decision {number}")
    text = message.get("action")
    if not isinstance(text, str):
        raise ProtocolError(f'answered without an "action" in notation: {_show(str(message))}')
    try:
        action = action_of(text)
    except ValueError:
        raise ProtocolError(
            f"answered {text!r}, which is not an action (write 6-4L, 6-4R, pass, draw N, "
            "lead N, keep or redeal)"
        ) from None
    comment = message.get("comment")
    return action, one_line(comment) if isinstance(comment, str) and comment.strip() else None


def one_line(text: str, most: int = MAX_COMMENT) -> str:
    """``text`` on one line, at most ``most`` characters, its control characters written as
    escapes (a bot's words are shown, never acted on by a terminal)."""
    flat = shown(" ".join(text.split()))
    return flat if len(flat) <= most else flat[: most - 1] + "…"
