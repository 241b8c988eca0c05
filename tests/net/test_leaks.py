"""Nothing hidden leaks over the network: every message the host sends to a seat's client or
a spectator, over whole matches of every installed variant, is searched for every tile that
listener may not see at the moment it is sent (others' hands, the boneyard and the unused
tiles, the face-down draw; a finished hand's tiles that were never drawn)."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections import Counter
from typing import Any

import pytest

from capicua.core.actions import Play
from capicua.core.match import Match
from capicua.core.tiles import Tile
from capicua.net import table as T
from capicua.net.client import Client, Seat

from .helpers import PLUGINS, config, hosting, invitations, run, table

#: Fields whose number pairs are not tiles (open ends, scores, tile counts, the game).
NOT_TILES = ("ends", "open", "scores", "counts", "variant", "seats")


def _strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in NOT_TILES}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def spelled(tile: Tile) -> re.Pattern[str]:
    """Every way a message writes ``tile``: as a pair either way round, in notation (``6-4``
    then an end that is no digit: ``12-1`` is not in ``"12-10T3"``)."""
    a, b = tile.hi, tile.lo
    return re.compile(rf'\[{a},{b}\]|\[{b},{a}\]|"{a}-{b}(?!\d)|"{b}-{a}(?!\d)')


def said(tile: Tile) -> re.Pattern[str]:
    """``tile`` as a sentence names it (``6-4``, not part of ``16-4`` or ``6-40``): the page's
    words (a scene, the log, a hint) are searched for it in their text too."""
    a, b = tile.hi, tile.lo
    return re.compile(rf"(?<![\d-])({a}-{b}|{b}-{a})(?![\d])")


#: The messages of a page's words (capicua.net.said): their sentences name tiles.
WORDS = ("scene", "log", "hint")


def hidden_from(
    match: Match, seat: int | None, message: dict, ended: dict | None = None
) -> set[Tile]:
    """The tiles ``seat`` (``None``: a spectator) may not see when ``message`` is sent; a
    review of a finished hand: those its ``hand_ended`` (``ended``) did not show."""
    if message["type"] == "review":
        assert ended is not None, "a review of a hand the seat was never told had ended"
        return hidden_from(match, seat, ended)
    if message["type"] == "hand_ended":
        log = match.hands_log[message["hand"]["number"] - 1]
        seen = {t for ts in message["hand"]["result"]["remaining"] for t in map(_tile, ts)}
        seen |= {a.tile for _s, a in log.actions if isinstance(a, Play)}
        seen |= {t for ts in message["hand"]["dealt"] for t in map(_tile, ts)}
        return set(log.deal["unused"]) - seen
    hidden = set(match.face_down)
    log = match.hand
    if log is None or log.result is not None:
        return hidden
    played = {a.tile for _s, a in log.actions if isinstance(a, Play)}
    shown = {t for r in log.redeals for t in r.shown}
    for s in range(1, match.variant.seats + 1):
        if s != seat:
            hidden |= set(match.held(s))
    hidden |= set(match.boneyard) | set(match.unused)
    own = set(match.held(seat)) if seat is not None else set()
    if match.required is not None and not match.line:
        own.add(match.required)  # public: the rules make its holder open with it
    return hidden - own - played - shown


def _ended_a_hand(match: Match, last: list) -> bool:
    logs = [h for h in match.hands_log if h.result is not None]
    if not logs or match.hand is None or (match.hand.result is None and match.hand.actions):
        return False
    seat, action = logs[-1].actions[-1] if logs[-1].actions else (None, None)
    return [seat, str(action)] == last


def _tile(pair: list[int]) -> Tile:
    return Tile.of(pair[0], pair[1])


def leaks(match: Match, seat: int | None, message: dict, ended: dict | None = None) -> list[str]:
    if message["type"] == "scene" and message.get("held") is not None:
        # A finished hand on show: what its hand_ended showed, searched as that message is.
        held = message["held"]
        log = match.hands_log[held["hand"] - 1]
        assert log.result is not None
        seen = {t for ts in log.result.remaining.values() for t in ts}
        seen |= {a.tile for _s, a in log.actions if isinstance(a, Play)}
        seen |= {t for key, ts in log.deal.items() if key != "unused" for t in ts}
        words = json.dumps(_strip(held), ensure_ascii=False)
        pairs = json.dumps(_strip(held), separators=(",", ":"))
        out = [
            f"scene to seat {seat} shows, of finished hand {held['hand']}, {tile}"
            for tile in set(log.deal["unused"]) - seen
            if said(tile).search(words) or spelled(tile).search(pairs)
        ]
        return out + leaks(match, seat, {**message, "held": None}, ended)
    if message["type"] == "log":
        # The hands before this one are told whole (their tiles may be dealt again now):
        # the hand being played, from its first line, is what may not leak.
        lines = message["lines"]
        heads = [i for i, line in enumerate(lines) if re.match(r"(Hand|Round) \d+:", line)]
        message = {**message, "lines": lines[heads[-1] :] if heads else lines}
    last = message.get("last")
    if message["type"] == "update" and last and _ended_a_hand(match, last):
        # The play that ended the last hand: public, though its tile may be dealt again now.
        message = {**message, "last": None}
    out = []
    view = message.get("view") or message
    if message["type"] in ("update", "decide") and view.get("draw"):
        # The draw for first lead is public: each tile drawn, where it was drawn.
        drawn = {(s, t) for r in match.draw_rounds for s, t in r.items()}
        out += [
            f"{message['type']} to seat {seat} shows a draw of {pair} by seat {s} never made"
            for r in view["draw"]
            for s, pair in r
            if (s, _tile(pair)) not in drawn
        ]
        view = {**view, "draw": []}
        message = {**message, "view": view} if "view" in message else view
    if message["type"] in ("update", "decide") and view.get("told"):
        # What a pass told is public: the tiles its seat could have played then, named and
        # never located; it must be what the rules said, and is no leak.
        recorded = dict(match.hand.told) if match.hand is not None else {}
        out += [
            f"{message['type']} to seat {seat} tells pass {i} other than the rules"
            for i, pairs in view["told"]
            if recorded.get(i) != frozenset(map(_tile, pairs))
        ]
        view = {**view, "told": []}
        message = {**message, "view": view} if "view" in message else view
    text = json.dumps(_strip(message), separators=(",", ":"))
    words = json.dumps(_strip(message), ensure_ascii=False) if message["type"] in WORDS else ""
    return out + [
        f"{message['type']} to seat {seat} holds {tile}"
        for tile in hidden_from(match, seat, message, ended)
        if spelled(tile).search(text) or (words and said(tile).search(words))
    ]


def test_the_search_finds_a_hidden_tile_in_a_message():
    m = Match(PLUGINS.variants.create("chiva"), 3)
    theirs = m.held(2)[0]
    message = {"type": "update", "view": {"hand": [[theirs.hi, theirs.lo]]}}
    assert leaks(m, 1, message) == [f"update to seat 1 holds {theirs}"]
    assert leaks(m, 2, message) == []
    assert leaks(m, None, message)  # nor may a spectator see it


VARIANTS = PLUGINS.variants.names()
#: Mexican Train's whole match is 13 rounds of hundreds of actions: four show every kind of
#: message as well (trains, markers, the boneyard, finished rounds).
OPTIONS = {"mexican-train": {"rounds": 4}}


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_message_to_a_client_or_spectator_holds_a_hidden_tile(tmp_path, variant, monkeypatch):
    monkeypatch.setattr(T, "REVIEW_LEVEL", "fast")  # the reviews' words, not their depth
    options = OPTIONS.get(variant, {})
    v = PLUGINS.variants.create(variant, options)
    seats = {s: "person" for s in range(1, v.seats + 1)}
    cfg = config(tmp_path, table("t", variant, seats, seed=17, options=options))
    found: list[str] = []
    counted = {"tiles": 0}

    sent: Counter[str] = Counter()
    ended: dict[tuple[int, int], dict] = {}  # each listener's hand_ended, by hand

    def tap(listener, message, match):
        sent[json.dumps(message)] += 1
        if message["type"] == "hand_ended":
            ended[id(listener), message["hand"]["number"]] = message
        told = ended.get((id(listener), message["hand"])) if message["type"] == "review" else None
        counted["tiles"] += len(hidden_from(match, listener.seat, message, told))
        found.extend(leaks(match, listener.seat, message, told))

    async def play(invitation, seed):
        rng = random.Random(seed)
        async with Seat(invitation, variants=PLUGINS.variants, words=True) as seat:
            reviewed = False
            while (asked := await seat.decision()) is not None:
                number, view = asked
                if number < 40 and view.phase == "play":  # a page's hint and log, searched too
                    await seat.client.send({"type": rng.choice(["hint", "log"])})
                if view.past and not reviewed:  # its decisions of the first hand reviewed
                    await seat.client.send({"type": "review", "match": 1, "hand": 1})
                    reviewed = True
                    while not any(m["type"] in ("review", "error") for m in seat.messages):
                        await asyncio.sleep(0.01)  # the table waits for this seat meanwhile
                await seat.play(number, rng.choice(view.legal))
        return seat

    async def main():
        async with hosting(cfg, tap=tap) as host:
            inv = invitations(host)
            received: list[dict] = []
            watcher = Client(inv["t", None], "watcher", on_message=received.append, words=True)
            people = [play(inv["t", s], s) for s in seats]
            done = await asyncio.gather(host.run(), watcher.run(), *people)
            return done[2:], received, host.tables[0].match

    seats_done, received, match = run(main(), timeout=300)
    assert match.over
    assert found == []
    # Not a vacuous search: thousands of hidden tiles looked for, and every message the
    # clients received was one the tap saw (the tap also sees the last "seats" messages
    # queued for clients already leaving once the match is over).
    assert counted["tiles"] > 1000
    got = Counter(json.dumps(m) for s in seats_done for m in s.messages)
    got.update(json.dumps(m) for m in received)
    assert not got - sent and got.total() > 100
    # Each person asked for the review of their first hand, and the review came.
    reviews = [m for s in seats_done for m in s.messages if m["type"] == "review"]
    assert sorted(m["seat"] for m in reviews) == list(seats), [
        m for s in seats_done for m in s.messages if m["type"] == "error"
    ]
