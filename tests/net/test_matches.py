"""Whole matches over real sockets: people, bots and computers at a host on 127.0.0.1."""

from __future__ import annotations

import asyncio

import pytest

from .helpers import bot, config, hosting, invitations, person, replayed, run, table

GAMES = ["chiva", "double-nine-100"]


@pytest.mark.slow
@pytest.mark.parametrize("variant", GAMES)
def test_two_people_and_two_computers_play_a_whole_match(tmp_path, variant):
    cfg = config(
        tmp_path, table("t", variant, {1: "person", 2: "heuristic", 3: "person", 4: "random"})
    )

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            play = asyncio.gather(person(inv["t", 1], 1), person(inv["t", 3], 3))
            first, third = (await asyncio.gather(play, host.run()))[0]
            return replayed(host, "t"), first, third

    (match, record), first, third = run(main())
    assert match.over and record["seats"] == {
        "1": "person",
        "2": "heuristic",
        "3": "person",
        "4": "random",
    }
    # Each person decided exactly their seat's decisions that were not forced.
    mine = [m for m in first.messages if m["type"] == "decide"]
    assert mine and all(m["seat"] == 1 for m in mine)
    assert first.client.ended["scores"] == list(match.scores)
    assert third.client.ended["winner"] == match.winner


@pytest.mark.slow
@pytest.mark.parametrize("variant", GAMES)
def test_a_person_and_three_remote_bots_play_a_whole_match(tmp_path, variant):
    cfg = config(tmp_path, table("t", variant, {1: "person", 2: "bot", 3: "bot", 4: "bot"}))

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            clients = asyncio.gather(person(inv["t", 1], 1), *(bot(inv["t", s]) for s in (2, 3, 4)))
            _seat, *relays = (await asyncio.gather(clients, host.run()))[0]
            return replayed(host, "t"), relays

    (match, _record), relays = run(main())
    assert match.over
    # Every decision of a bot's seat not taken for it was the bot's.
    by_seat = {s: 0 for s in (2, 3, 4)}
    for s, _a in match.moves:
        if s in by_seat:
            by_seat[s] += 1
    assert all(r.decisions > 0 for r in relays)
    assert sum(r.decisions for r in relays) <= sum(by_seat.values())
