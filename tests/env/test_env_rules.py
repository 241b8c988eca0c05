"""Games with rules of their own in the environment: Draw (a boneyard), All Fives (a spinner,
points during play) and Mexican Train (trains, markers, doubles to satisfy, shared wins).

An episode of each is played out and read at every step against the engine's own truth (the
layout, the boneyard, the draws), and equal to the encoding of each seat's view; deals that
differ only in tiles a seat cannot see (another seat's, the boneyard's) give it the same
observation; the rewards count the points made during play; a shared win is seen and
rewarded as one; the action numbering covers every end.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip(
    "pettingzoo", reason="the environment needs the rl extra: pip install 'capicua[rl]'"
)

import numpy as np

from capicua.core.actions import DRAW, PASS, Play, parse_action
from capicua.core.layout import Spinner, Trains
from capicua.core.line import Line
from capicua.core.records import dumps, replay
from capicua.core.variant import HandResult, Variant
from capicua.env import make
from capicua.env.encoding import Encoding
from capicua.env.player import encoding_of
from capicua.env.rewards import Rewards, hand_points
from capicua.plugins import default_plugins, load_plugins

PLUGINS = {
    "draw": "examples/capicua-draw",
    "all-fives": "examples/capicua-fives",
    "mexican-train": "examples/capicua-mexican-train",
    "matador": "examples/capicua-matador",
}
#: Each game with the options its episodes are played with (Mexican Train: two rounds).
GAMES = [
    ("draw", {}),
    ("draw", {"seats": 4}),
    ("all-fives", {}),
    ("all-fives", {"seats": 4}),
    ("mexican-train", {"rounds": 2}),
    ("mexican-train", {"seats": 7, "rounds": 1}),
    ("matador", {}),
    ("matador", {"seats": 4}),
]
IDS = [f"{n}-{'-'.join(map(str, o.values())) or 'default'}" for n, o in GAMES]


def variant(name: str, options: dict | None = None) -> Variant:
    if name not in default_plugins().variants:
        pytest.skip(f"{name} is not installed: pip install ./{PLUGINS[name]}")
    return default_plugins().variants.create(name, options or {})


def check_fields(env, seat: int) -> None:
    """``seat``'s observation, read against the engine's truth: the open ends in their
    slots, which the seat may play on, what the layout shows, the boneyard and the draws."""
    m, enc = env.match, env.encoding
    f = enc.fields_of(env.observe(f"seat_{seat}")["observation"])
    ends = enc.ends_of(seat)
    running = m.hand is not None and m.hand.result is None
    layout = m.layout if running else Line()
    shown = dict(layout.open_ends())
    allowed = m.variant.open_to(layout, seat) if shown else ()
    for k, end in enumerate(ends):
        number = shown.get(end)
        assert f["open"][k] == (number is not None), (end, layout)
        assert list(np.flatnonzero(f["ends"][k])) == ([] if number is None else [number])
        assert f["may_play"][k] == (number is not None and end in allowed)
    if isinstance(layout, Trains):
        assert ends[0] == f"t{seat}" and ends[-1] == "mexican"  # the seat's own train first
        assert [bool(x) for x in f["markers"]] == [layout.train(e).marker for e in ends]
        assert [bool(x) for x in f["pending"]] == [e == layout.pending for e in ends]
    if isinstance(layout, Spinner) and layout.spinner_number is not None:
        assert list(np.flatnonzero(f["spinner"])) == [layout.spinner_number]
    if enc.drawing:
        assert f["boneyard"][0] == (len(m.boneyard) if running else 0)  # no hand, no boneyard
        history = m.hand.actions if running else ()
        for s in range(1, enc.seats + 1):
            drew = sum(1 for who, a in history if who == s and a is DRAW)
            assert f["drew"][(s - seat) % enc.seats] == drew
            assert f["counts"][(s - seat) % enc.seats] == (len(m.hands[s]) if running else 0)


@pytest.mark.parametrize(
    ("name", "options"),
    # Mexican Train's rounds take most of a second: left to the whole suite.
    [
        pytest.param(*game, id=id, marks=[pytest.mark.slow] * id.startswith("mexican-train"))
        for game, id in zip(GAMES, IDS, strict=True)
    ],
)
def test_an_episode_reads_the_engines_truth_at_every_step(name, options):
    game = variant(name, options)
    env = make(game, rewards={"hand": 1.0, "points": 1.0})
    env.reset(seed=11)
    enc = env.encoding
    rng = random.Random(11)
    taken: set[str] = set()
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        total[agent] += reward
        for seat in range(1, enc.seats + 1):
            want = enc.encode(env.match.view(seat))
            got = env.observe(f"seat_{seat}")["observation"]
            assert np.array_equal(got, want)
            assert env.observation_space(f"seat_{seat}").contains(env.observe(f"seat_{seat}")), [
                f.name for f in enc.fields if not (enc.fields_of(got)[f.name] <= f.high).all()
            ]
            check_fields(env, seat)
        if done or cut:
            env.step(None)
            continue
        index = int(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
        taken.add(enc.action(index, int(agent.split("_")[1])).kind)
        env.step(index)
    m = env.match
    assert m.over and env.agents == []
    assert {"play", "draw"} <= taken  # every game here draws from its boneyard
    # Zero-sum, and the points reward is each team's score against the others' average.
    assert sum(total.values()) == pytest.approx(0.0, abs=1e-9)
    # The record replays through the engine, options and all.
    record = env.record()
    again = replay(record, load_plugins().variants)
    assert (again.scores, again.winners) == (m.scores, m.winners)
    assert dumps(record) == dumps(env.record())


def test_all_fives_points_reward_counts_the_points_made_during_play():
    """With two players the points reward adds up to the difference of the final scores:
    the counts scored during play included, and a match ended at the goal in mid-hand."""
    game = variant("all-fives")
    for seed in range(3):
        env = make(game, rewards={"points": 1.0})
        rng = random.Random(seed)
        env.reset(seed=seed)
        total = dict.fromkeys(env.possible_agents, 0.0)
        during_play = 0
        for agent in env.agent_iter():
            obs, reward, done, cut, _ = env.last()
            total[agent] += reward
            if done or cut:
                env.step(None)
                continue
            before = env.match.scores
            hand = env.match.hand
            env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
            if env.match.hand is hand and hand.result is None and env.match.scores != before:
                during_play += 1
        one, two = env.match.scores
        assert total["seat_1"] == pytest.approx(one - two)
        assert total["seat_2"] == pytest.approx(two - one)
        assert during_play > 0


def test_mexican_train_points_reward_counts_each_seats_own_pips_against_it():
    game = variant("mexican-train", {"rounds": 2})
    env = make(game, rewards={"points": 1.0})
    rng = random.Random(4)
    env.reset(seed=4)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        total[agent] += reward
        if done or cut:
            env.step(None)
            continue
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    scores = env.match.scores
    for seat, pips in enumerate(scores, 1):
        others = (sum(scores) - pips) / 3
        assert total[f"seat_{seat}"] == pytest.approx(others - pips)  # lower is better


def test_hand_points_are_score_changes_against_the_seat_where_the_lowest_wins():
    mexican = variant("mexican-train")
    result = HandResult("domino", 2, 2, 0, (30, 5, 12, 40), 1, {})
    assert hand_points(mexican, (10, 5, 2, 0), result) == [-20, 0, -10, -40]
    fives = variant("all-fives")
    result = HandResult("goal", 1, 1, 0, (150, 95), 1, {})
    assert hand_points(fives, (120, 80), result) == [30, 15]
    assert Rewards(points=1.0).of_hand(result, 2, [30, 15]) == {1: 15.0, 2: -15.0}


def test_a_shared_match_reward_is_shared_by_the_winners():
    rewards = Rewards(match=1.0)
    assert rewards.of_match((1, 3), 4) == {1: 0.5, 2: -0.5, 3: 0.5, 4: -0.5}
    assert rewards.of_match((2,), 3) == {1: -0.5, 2: 1.0, 3: -0.5}
    assert rewards.of_match(2, 3) == rewards.of_match((2,), 3)
    assert rewards.of_match((1, 2), 2) == {}  # everyone won: nothing to tell them apart


def test_a_shared_win_is_seen_and_rewarded_by_every_seat():
    mexican = variant("mexican-train")

    class Shared(type(mexican)):
        """Mexican Train whose one round always ends in a win shared by seats 1 and 2."""

        name = "shared-train"

        def winners(self, scores, hands):
            return (1, 2) if hands >= self.rounds else None

    env = make(Shared(rounds=1), rewards={"match": 1.0}, render_mode="ansi")
    rng = random.Random(2)
    env.reset(seed=2)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        total[agent] += reward
        if done or cut:
            env.step(None)
            continue
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    assert env.match.winner is None and env.match.winners == (1, 2)
    assert total == {"seat_1": 0.5, "seat_2": 0.5, "seat_3": -0.5, "seat_4": -0.5}
    for seat in range(1, 5):
        f = env.encoding.fields_of(env.observe(f"seat_{seat}")["observation"])
        want = [0, 0, 0, 0]
        for team in (1, 2):  # relative to the seat's own team
            want[(team - seat) % 4] = 1
        assert list(f["winner"]) == want
    assert "teams 1 and 2 share the match" in env.render()


def test_plays_on_every_end_draw_and_pass_have_numbers_and_back():
    for name, options in GAMES:
        if name not in default_plugins().variants:
            continue
        enc = Encoding(variant(name, options))
        T, E = enc.n_tiles, enc.n_ends
        assert enc.n_ends == {"draw": 2, "matador": 2, "all-fives": 4}.get(name, enc.seats + 1)
        for seat in range(1, enc.seats + 1):
            plays = []
            for i in range(enc.n_actions):
                try:
                    action = enc.action(i, seat)
                except ValueError:
                    # Where plays turn, a tile has a slot for each way on each end; only
                    # the ways a tile cannot lie are numbered nothing.
                    assert enc.ways == 3 and i < enc.a_pass
                    continue
                assert enc.action_index(action, seat) == i
                if i < enc.a_pass:
                    plays.append(action)
            assert enc.action(enc.a_pass, seat) is PASS
            assert enc.action(enc.a_boneyard, seat) is DRAW
            assert len(plays) >= T * E
            assert all(isinstance(p, Play) for p in plays)
            assert {p.end for p in plays} == set(enc.ends_of(seat))
    draw = Encoding(variant("draw"))
    # A line game keeps the block game's numbers: 2t left, 2t + 1 right, then pass.
    assert draw.action_index(parse_action("6-4R"), 1) == 2 * parse_action("6-4R").tile.index + 1
    assert (draw.a_pass, draw.a_boneyard, draw.n_actions) == (56, 57, 58)


def test_the_trains_are_relative_to_the_seat():
    enc = Encoding(variant("mexican-train"))
    assert enc.ends_of(1) == ("t1", "t2", "t3", "t4", "mexican")
    assert enc.ends_of(3) == ("t3", "t4", "t1", "t2", "mexican")
    tile = parse_action("12-5T3").tile
    own = [enc.action_index(Play.of(tile, f"t{s}"), s) for s in range(1, 5)]
    assert len(set(own)) == 1  # "my own train" is one number, whoever plays


# -- nothing hidden ----------------------------------------------------------------------------


def swapped_deals(env, seed: int, rng: random.Random, position: int):
    """Scripts for two deals of hand 1 that differ only in a tile of seat 2 traded with the
    boneyard's tile at ``position`` (neither a double, so the lead is the same)."""
    env.reset(seed=seed)
    m = env.match
    while m.hand is None or m.hand.result is not None:  # Draw may need a deal with a double
        obs, *_ = env.last()
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    v, log = m.variant, m.hand
    hands = [list(log.deal[s]) for s in range(1, v.seats + 1)]
    rest = list(log.deal["unused"])
    aside = list(v.set_aside(1))
    mine = [i for i, t in enumerate(hands[1]) if not t.is_double]
    theirs = [i for i, t in enumerate(rest) if not t.is_double]
    i, j = rng.choice(mine), theirs[position]
    other = [list(h) for h in hands]
    other_rest = list(rest)
    other[1][i], other_rest[j] = rest[j], hands[1][i]
    one = [t for h in hands for t in h] + rest + aside
    two = [t for h in other for t in h] + other_rest + aside
    return one, two


@pytest.mark.slow  # plays whole episodes
@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_a_seat_sees_the_same_whatever_the_tiles_it_cannot_see(name, options):
    """Seat 2's tile traded with the boneyard's first or last: every other seat holding the
    same tiles in both deals sees the same at every step of the hand, draws included."""
    game = variant(name, options)
    rng = random.Random(5)
    compared = 0
    for seed in range(4):
        for position in (0, -1):
            one, two = make(game), make(game)
            first, second = swapped_deals(one, seed, rng, position)
            one.reset(seed=seed, options={"script": [first]})
            two.reset(seed=seed, options={"script": [second]})
            assert not np.array_equal(one.observe("seat_2")["observation"],
                                      two.observe("seat_2")["observation"])  # fmt: skip
            hand = one.match.hands_log[0]
            while hand.result is None:  # once it ends, every hand is shown
                a, b = one.match, two.match
                for seat in range(1, game.seats + 1):
                    if seat != 2 and sorted(a.hands[seat]) == sorted(b.hands[seat]):
                        agent = f"seat_{seat}"
                        assert np.array_equal(
                            one.observe(agent)["observation"], two.observe(agent)["observation"]
                        ), (seed, position, seat, a.moves)
                        compared += 1
                both = one.last()[0]["action_mask"] & two.last()[0]["action_mask"]
                if not both.any():
                    break  # the traded tile now makes a difference to what a seat may do
                choice = int(rng.choice(list(np.flatnonzero(both))))
                one.step(choice)
                two.step(choice)
    assert compared >= 40


def test_the_policy_player_encodes_the_game_with_its_options():
    draw = variant("draw", {"seats": 3})
    match = draw.new_match(1)
    enc = encoding_of(match.view(1).variant)
    assert enc.seats == 3 and enc.n_actions == Encoding(draw).n_actions
    view = match.view(match.turn)
    assert np.array_equal(enc.encode(view), make(draw).encoding.encode(view))
