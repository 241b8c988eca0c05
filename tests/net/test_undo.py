"""Undo at a table of several people: a person takes back their last decision of the hand
only when every other person agrees; a refusal, or someone away, changes nothing."""

from __future__ import annotations

import asyncio

import pytest

from capicua.net.client import Seat

from .helpers import PLUGINS, config, hosting, invitations, run, table

# The people side by side: an undo takes back no computer's answer (tests/hostile/test_undo.py).
SEATS = {1: "person", 2: "person", 3: "random", 4: "random"}


async def until(seat: Seat, kind: str, after: int = 0) -> dict:
    """The first message of ``kind`` ``seat`` received after its first ``after`` messages."""
    while True:
        found = [m for m in seat.messages[after:] if m["type"] == kind]
        if found:
            return found[0]
        await asyncio.sleep(0.01)


async def first_decisions(host, inv):
    """Seats 1 and 2 at the table; seat 1 makes its first decision of the hand, then seat
    2 is asked."""
    one = Seat(inv["t", 1], "Ana", variants=PLUGINS.variants)
    two = Seat(inv["t", 2], "Bea", variants=PLUGINS.variants)
    await one.__aenter__()
    await two.__aenter__()
    asked = await one.decision()
    while asked[1].phase != "play":  # decisions before the play (none in Chiva)
        await one.play(asked[0], asked[1].legal[0])
        asked = await one.decision()
    number, view = asked
    await one.play(number, view.legal[0])
    await two.decision()  # seat 2's turn: seat 1's move is made
    return one, two, number, view


@pytest.mark.slow
def test_an_undo_every_person_agrees_to_takes_back_the_move_and_asks_it_again(tmp_path):
    cfg = config(tmp_path, table("t", "chiva", SEATS, seed=5))

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            runner = asyncio.create_task(host.run())
            tbl = host.tables[0]
            one, two, number, view = await first_decisions(host, inv)
            before = len(two.messages)
            await one.client.send({"type": "undo"})
            proposal = await until(two, "proposal", before)
            assert proposal["by"] == 1 and proposal["voters"] == [2]
            assert proposal["name"] == "Ana"  # the others are asked by the person's name
            await two.client.send({"type": "agree", "id": proposal["id"]})
            ended = await until(one, "proposal_ended")
            # Seat 1 is asked the very decision again, the match as it stood before it.
            again, view_again = await one.decision()
            assert ended["result"] == "agreed" and again == number
            assert view_again.hand == view.hand and view_again.history == view.history
            assert len(tbl.match.actions) == number - 1
            stored = host.store.actions("t")[1]
            assert len(stored) == number - 1
            runner.cancel()
            await one.__aexit__(None, None, None)
            await two.__aexit__(None, None, None)

    run(main())


@pytest.mark.slow
def test_an_undo_refused_by_one_person_changes_nothing(tmp_path):
    cfg = config(tmp_path, table("t", "chiva", SEATS, seed=5))

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            runner = asyncio.create_task(host.run())
            tbl = host.tables[0]
            one, two, _number, _view = await first_decisions(host, inv)
            moves = len(tbl.match.actions)
            before = len(two.messages)
            await one.client.send({"type": "undo"})
            proposal = await until(two, "proposal", before)
            await two.client.send({"type": "refuse", "id": proposal["id"]})
            ended = await until(one, "proposal_ended")
            assert ended == {**ended, "result": "refused", "seat": 2, "name": "Bea"}
            assert len(tbl.match.actions) == moves
            # Seat 2 is asked its decision again, and the match goes on.
            asked = await two.decision()
            assert asked[0] == moves + 1
            runner.cancel()
            await one.__aexit__(None, None, None)
            await two.__aexit__(None, None, None)

    run(main())


@pytest.mark.slow
def test_an_undo_with_nothing_to_take_back_or_a_person_away_is_refused(tmp_path):
    cfg = config(tmp_path, table("t", "chiva", SEATS, seed=5))

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            runner = asyncio.create_task(host.run())
            one, two, _number, _view = await first_decisions(host, inv)
            await two.client.send({"type": "undo"})  # seat 2 has not moved yet
            nothing = await until(two, "error")
            two.client.ws.transport.abort()  # seat 2 gone (and coming back on its own)
            two.client.stop()
            await asyncio.sleep(0.2)
            await one.client.send({"type": "undo"})
            away = await until(one, "error")
            runner.cancel()
            await one.__aexit__(None, None, None)
            await two.__aexit__(None, None, None)
            return nothing["message"], away["message"]

    nothing, away = run(main())
    assert nothing == "you have made no move in this hand to undo"
    assert away == "seat 2 is away; an undo needs every person's agreement"
