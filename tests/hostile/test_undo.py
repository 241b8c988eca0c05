"""Undo at a networked table (issue 44, route 5): a person who has seen a computer's, a
bot's or a stand-in's answer cannot take it back to have that seat asked again; between
people an undo stays by agreement (tests/net/test_undo.py)."""

from __future__ import annotations

import asyncio

import pytest

from capicua.net.client import Seat
from net.helpers import PLUGINS, config, hosting, invitations, run, table


async def errors(seat: Seat) -> dict:
    while True:
        found = [m for m in seat.messages if m["type"] == "error"]
        if found:
            return found[0]
        await asyncio.sleep(0.01)


@pytest.mark.parametrize("others", ["random", "stand-in"])
def test_an_undo_never_takes_back_an_answer_a_person_did_not_make(tmp_path, others):
    # Seat 2 is a computer, or a person away whose seat the stand-in plays.
    seats = {1: "person", 2: "random", 3: "random", 4: "random"}
    if others == "stand-in":
        seats[2] = "person"
    cfg = config(tmp_path, table("t", "chiva", seats, seed=5), hold=0.0)

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            tbl = host.tables[0]
            if others == "stand-in":  # seat 2 comes once (the table starts), then leaves
                two = Seat(inv["t", 2], "Bea", variants=PLUGINS.variants)
                await two.__aenter__()
            one = Seat(inv["t", 1], "Ana", variants=PLUGINS.variants)
            await one.__aenter__()
            runner = asyncio.create_task(host.run())
            if others == "stand-in":
                while not tbl.seats[2].joined:
                    await asyncio.sleep(0.01)
                await two.__aexit__(None, None, None)
            number, view = await one.decision()
            await one.play(number, view.legal[0])
            while len(tbl.match.actions) < number + 1 or tbl.match.hand.actions[-1][0] == 1:
                await asyncio.sleep(0.01)  # seat 2's answer is made, and seen by seat 1
            moves = len(tbl.match.actions)
            await one.client.send({"type": "undo"})
            refused = await errors(one)
            assert len(tbl.match.actions) >= moves  # nothing taken back
            runner.cancel()
            await one.__aexit__(None, None, None)
            return refused["message"]

    said = run(main())
    assert said == (
        "seat 2 has answered since your move, and is not a person at the table; an undo "
        "would ask it again"
    )
