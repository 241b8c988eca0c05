"""A seat's review over the network: made by the host once the hand is over, of the asking
seat's own decisions, and sent to that seat only."""

from __future__ import annotations

import asyncio
import random

import pytest

from capicua.core.records import replay
from capicua.net import table as T
from capicua.net.client import Client, Seat
from capicua.net.reviews import review_json, review_of
from capicua.net.wire import WireError

from .helpers import PLUGINS, config, hosting, invitations, run, table


async def answer(seat: Seat, kinds=("review", "error")) -> dict:
    """The next review or error the seat is told (the table waits for the seat meanwhile)."""
    start = len(seat.messages)
    while True:
        for m in seat.messages[start:]:
            if m["type"] in kinds:
                return m
        await asyncio.sleep(0.01)


@pytest.mark.slow
def test_a_seat_gets_the_review_of_its_own_decisions_once_the_hand_is_over(tmp_path, monkeypatch):
    monkeypatch.setattr(T, "REVIEW_LEVEL", "fast")
    cfg = config(
        tmp_path, table("t", "chiva", {1: "person", 2: "person", 3: "random", 4: "random"})
    )
    told = {}

    async def asker(invitation):
        chooser = PLUGINS.players.create("heuristic", random.Random(1))
        async with Seat(invitation, "ana", variants=PLUGINS.variants) as seat:
            while (asked := await seat.decision()) is not None:
                number, view = asked
                if "early" not in told:  # hand 1 is being played: not yet
                    await seat.client.send({"type": "review", "match": 1, "hand": 1})
                    told["early"] = await answer(seat)
                if view.past and "review" not in told:
                    await seat.client.send({"type": "review", "match": 1, "hand": 1})
                    await seat.client.send({"type": "review", "match": 1, "hand": 1})
                    told["twice"] = await answer(seat, ("error",))
                    told["review"] = await answer(seat, ("review",))
                    await seat.client.send({"type": "review", "match": 2, "hand": 1})
                    told["nomatch"] = await answer(seat)
                await seat.play(number, chooser.act(view))
            return seat.messages

    async def other(invitation):
        chooser = PLUGINS.players.create("heuristic", random.Random(2))
        async with Seat(invitation, "ben", variants=PLUGINS.variants) as seat:
            while (asked := await seat.decision()) is not None:
                number, view = asked
                await seat.play(number, chooser.act(view))
            return seat.messages

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            watched: list[dict] = []
            watcher = Client(inv["t", None], "w", role="spectator", on_message=watched.append)

            async def watch():
                await asyncio.sleep(0.2)
                await watcher.send({"type": "review", "match": 1, "hand": 1})

            done = await asyncio.gather(
                host.run(), watcher.run(), watch(), asker(inv["t", 1]), other(inv["t", 2])
            )
            return done[3], done[4], watched, host.tables[0].record(1)

    mine, theirs, watched, record = run(main(), timeout=300)
    assert told["early"]["message"] == "a hand is reviewed once it is over"
    assert told["twice"]["message"] == "your review is being made; it comes when it is ready"
    assert told["nomatch"]["message"] == "there is no such hand to review"
    # The review: of hand 1, of seat 1's decisions only, each the move seat 1 made.
    message = told["review"]
    assert (message["match"], message["hand"], message["seat"]) == (1, 1, 1)
    review = review_of(message["review"])
    assert review.seats == (1,) and review.hands == (1,) and review.decisions
    match = replay(record, PLUGINS.variants)
    moves = match.hands_log[0].actions
    for d in review.decisions:
        assert d.seat == 1 and d.hand == 1 and moves[d.move] == (1, d.judgement.played.action)
    # Sent to the seat that asked, and to nobody else.
    assert [m["type"] for m in mine].count("review") == 1
    assert not [m for m in theirs + watched if m["type"] == "review"]
    refused = [m["message"] for m in watched if m["type"] == "error"]
    assert refused == ["only a seat at the table may ask for the review of its decisions"]


@pytest.mark.slow  # 3 s at load average 18 (--durations): over 0.5 s alone
def test_a_review_travels_whole_and_a_bad_one_is_refused():
    from capicua.review import replica, review_match

    m = PLUGINS.variants.create("chiva").new_match(5)
    rng = random.Random(3)
    while m.hand is not None and len(m.hands_log) < 2:
        m.apply(rng.choice(m.legal_actions()))
    made = review_match(replica(m), seats=(2,), hands=(1,), level="fast")
    data = review_json(made)
    back = review_of(data)
    assert review_json(back) == data
    assert [str(d.judgement.why) for d in back.decisions] == [
        str(d.judgement.why) for d in made.decisions
    ]
    first = data["decisions"][0]
    for bad in (
        {**data, "level": "deep"},
        {**data, "decisions": [{**first, "played": {**first["played"], "action": "7-7X"}}]},
        {**data, "decisions": [{**first, "loss": "much"}]},
        {
            **data,
            "decisions": [
                {**first, "why": {**(first["why"] or {}), "good": [[1, "{y}", {"x": 1}]]}}
            ],
        },
        {**data, "decisions": [first] * 201},
        [],
    ):
        with pytest.raises(WireError):
            review_of(bad)
