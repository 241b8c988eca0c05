"""Who plays a seat: a person who leaves and comes back, a seat held then played by the
stand-in, a computer's seat taken over by a person, spectators."""

from __future__ import annotations

import asyncio

import pytest

from capicua.core.view import build_view
from capicua.net import wire as W
from capicua.net.client import Client, NetError, Seat

from .helpers import PLUGINS, bot, config, hosting, invitations, person, replayed, run, table


def same_view(client_view, match, seat):
    """The client's view is the host's view of its seat, field for field."""
    return W.update(client_view, 0, None) == W.update(build_view(match, seat), 0, None)


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["chiva", "double-nine-100"])
def test_a_client_killed_mid_hand_rejoins_the_match_as_it_stands(tmp_path, variant):
    cfg = config(tmp_path, table("t", variant, {1: "person", 2: "bot", 3: "bot", 4: "bot"}))

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            bots = [asyncio.create_task(bot(inv["t", s])) for s in (2, 3, 4)]
            runner = asyncio.create_task(host.run())
            match = host.tables[0].match
            # Three decisions, then the connection is dropped without a close (killed).
            async with Seat(inv["t", 1], "Ana", variants=PLUGINS.variants) as seat:
                for _ in range(3):
                    number, view = await seat.decision()
                    await seat.play(number, view.legal[0])
                while seat.client.decide is None:
                    await asyncio.sleep(0.01)
                seat.client.ws.transport.abort()
                moves = len(match.actions)
                seat.client.stop()
            await asyncio.sleep(0.3)
            assert len(match.actions) == moves  # the seat is held: nobody played for it
            # The same invitation again: the match exactly as it stands, the decision again.
            async with Seat(inv["t", 1], "Ana", variants=PLUGINS.variants) as again:
                number, view = await again.decision()
                assert number == len(match.actions) + 1
                assert same_view(view, match, 1)
                await again.play(number, view.legal[0])
            finished = asyncio.create_task(person(inv["t", 1], 5))
            await asyncio.gather(runner, finished, *bots)
            return replayed(host, "t")

    match, _record = run(main())
    assert match.over


@pytest.mark.slow
def test_a_seat_held_too_long_is_played_by_the_stand_in_until_its_person_is_back(tmp_path):
    cfg = config(
        tmp_path,
        table("t", "chiva", {1: "person", 2: "random", 3: "random", 4: "random"}),
        hold=0.2,
    )
    lines: list[str] = []

    async def main():
        async with hosting(cfg, lines=lines) as host:
            inv = invitations(host)
            runner = asyncio.create_task(host.run())
            tbl = host.tables[0]
            gone = await person(inv["t", 1], 1, stop_after=2)
            assert gone.client.seat == 1
            # Away past the hold: the stand-in plays seat 1's decisions.
            before = sum(1 for s, _a in tbl.match.moves if s == 1)
            for _ in range(500):
                await asyncio.sleep(0.02)
                if sum(1 for s, _a in tbl.match.moves if s == 1) > before + 2:
                    break
            assert sum(1 for s, _a in tbl.match.moves if s == 1) > before + 2
            # Back with the same invitation: the next decision of seat 1 is the person's.
            back = await asyncio.gather(person(inv["t", 1], 2), runner)
            asked = [m for m in back[0].messages if m["type"] == "decide"]
            return replayed(host, "t"), asked

    (match, _record), asked = run(main())
    assert match.over and asked
    assert any("left; held 0.2 s" in line for line in lines)


@pytest.mark.slow
def test_a_person_takes_over_a_computers_seat_from_the_next_hand(tmp_path):
    cfg = config(
        tmp_path, table("t", "chiva", {1: "person", 2: "random", 3: "random", 4: "random"})
    )

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            runner = asyncio.create_task(host.run())
            tbl = host.tables[0]
            first = asyncio.create_task(person(inv["t", 1], 1))
            while len(tbl.match.hand.actions) < 2:  # the first hand is under way
                await asyncio.sleep(0.01)
            hand = len(tbl.match.hands_log)
            taker = await asyncio.gather(person(inv["t", 3], 3), first, runner)
            asked = [m for m in taker[0].messages if m["type"] == "decide"]
            return hand, asked, replayed(host, "t")

    hand, asked, (_match, _record) = run(main())
    assert asked, "the person who took seat 3 was asked its decisions"
    assert all(m["hand_number"] > hand for m in asked)


@pytest.mark.slow
def test_a_spectator_follows_the_table_with_public_information_only(tmp_path):
    cfg = config(tmp_path, table("t", "chiva", {1: "bot", 2: "random", 3: "bot", 4: "random"}))

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            seen: list[dict] = []
            watcher = Client(inv["t", None], "Eve", on_message=seen.append)
            watching = asyncio.create_task(watcher.run())
            await asyncio.gather(bot(inv["t", 1]), bot(inv["t", 3]), host.run(), watching)
            return seen, replayed(host, "t")

    seen, (match, _record) = run(main())
    updates = [m["view"] for m in seen if m["type"] == "update"]
    assert updates and all(v["hand"] == [] and v["legal"] == [] for v in updates)
    assert not [m for m in seen if m["type"] == "decide"]
    assert seen[-1]["type"] == "match_ended" and seen[-1]["winner"] == match.winner


@pytest.mark.slow  # a wrong code waits half a second before its refusal
def test_a_stale_invitation_is_refused_saying_what_to_do(tmp_path):
    cfg = config(
        tmp_path, table("t", "chiva", {1: "person", 2: "random", 3: "random", 4: "random"})
    )

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)["t", 1]
            stale = type(inv)(inv.host, host.port, "x" * 22)
            with pytest.raises(NetError, match="stale invitation"):
                await Client(stale, retry=0).run()

    run(main())


def test_an_unreachable_host_is_one_line(tmp_path):
    from capicua.net.invitation import Invitation

    from .helpers import free_port

    async def main():
        with pytest.raises(NetError, match="cannot reach the host") as err:
            await Client(Invitation("127.0.0.1", free_port(), "y" * 22), retry=0).run()
        assert "\n" not in str(err.value)

    run(main())


@pytest.mark.slow
def test_the_window_is_told_when_the_connection_is_lost_and_joins_again(tmp_path):
    from capicua.net.remote import Link, RemoteSession

    cfg = config(
        tmp_path, table("t", "chiva", {1: "person", 2: "random", 3: "random", 4: "random"})
    )

    async def main():
        async with hosting(cfg) as host:
            link = Link(invitations(host)["t", 1], "Ana", variants=PLUGINS.variants)
            session = RemoteSession(link, PLUGINS.variants)
            link.start()
            news: list[dict] = []
            while not session.ready or not news or news[-1]["type"] != "decide":
                message = await asyncio.to_thread(link.inbox.get, True, 10)
                news.append(message)
                session.absorb(message)
            assert session.asked is not None and session.human == 1
        # The host is gone: the client says so, and keeps trying.
        while news[-1]["type"] != "lost":
            news.append(await asyncio.to_thread(link.inbox.get, True, 10))
        link.stop()
        return news[-1]["message"]

    assert run(main()) == "connection lost; joining again"


@pytest.mark.slow
def test_a_person_away_is_shown_by_name_with_the_hold_the_host_counts(tmp_path):
    """Bea's connection is gone: Ana's table names her, away, with the seconds of the hold
    the host keeps her seat for (its setting, told in the seats message), counting down."""
    from capicua.gui.state import Ui
    from capicua.gui.status import panel_lines
    from capicua.gui.texts import label_name
    from capicua.net.remote import RemoteSession

    cfg = config(
        tmp_path,
        table("t", "chiva", {1: "person", 2: "random", 3: "person", 4: "random"}),
        hold=90,
    )

    def left(messages: list[dict]) -> dict | None:
        """Seat 3 as the seats message told it once Bea had come and gone."""
        said = [m["seats"][2] for m in messages if m["type"] == "seats"]
        came = next((i for i, s in enumerate(said) if s["present"]), None)
        gone = [s for s in said[came:] if not s["present"]] if came is not None else []
        return gone[0] if gone else None

    async def main():
        async with hosting(cfg) as host:
            inv = invitations(host)
            runner = asyncio.create_task(host.run())
            ana = Seat(inv["t", 1], "Ana", variants=PLUGINS.variants)
            await ana.__aenter__()
            async with Seat(inv["t", 3], "Bea", variants=PLUGINS.variants) as bea:
                while not any(m["type"] == "update" for m in bea.messages):
                    await asyncio.sleep(0.01)
            while not left(ana.messages):
                await asyncio.sleep(0.01)
            runner.cancel()
            await ana.__aexit__(None, None, None)
            return ana.messages

    messages = run(main())
    gone = left(messages)
    assert gone["name"] == "Bea" and 89 <= gone["away"] <= 90
    session = RemoteSession(None, PLUGINS.variants)
    for m in messages:
        session.absorb(m)
    until = session.players[3].until
    assert until is not None

    def partner_line(later: float) -> str:
        """Ana's panel line of her team, ``later`` seconds on."""
        session.players[3].until = until - later
        lines = panel_lines(session, session.view(), Ui(), None)  # type: ignore[arg-type]
        return next(text for text, style in lines if style == "team" and "Bea" in text)

    assert partner_line(0) == "Your team: you, Bea · away 1:30"
    assert partner_line(38) == "Your team: you, Bea · away 0:52"
    assert label_name(session, 3) == "Bea (partner) · away 0:52"  # her seat on the felt too
    assert partner_line(91) == "Your team: you, Bea · away: a computer plays"
    assert label_name(session, 3) == "Bea (partner) · away: a computer plays"
