"""The observation: exactly the seat's view, field by field, and nothing the seat may not see.

Three proofs. The environment's vectors, kept current play by play, equal the encoding of
each seat's view at every step of random matches. An explicit Chiva deal is read back field
by field from two seats. Deals that differ only in tiles a seat cannot see give that seat
the same observation at every step (explicit deals, then random information sets).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip(
    "pettingzoo", reason="the environment needs the rl extra: pip install 'capicua[rl]'"
)

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.core.tiles import Tile, tile_set
from capicua.env import make
from capicua.env.encoding import Encoding
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100
from deals import deal, tiles
from sevens import SEVENS_HANDS, Sevens

VARIANTS = ["chiva", "double-nine-100"]
try:
    import capicua_block  # noqa: F401 - the example plugin, where it is installed

    VARIANTS.append("block")
except ImportError:
    pass

CHIVA_DEAL = {
    1: "6-6 6-5 5-5 4-1 3-0 2-1 1-0",
    2: "6-4 5-4 4-4 3-3 2-0 1-1 0-0",
    3: "6-3 5-3 4-3 3-2 2-2 4-0 6-0",
    4: "6-2 6-1 5-2 5-1 5-0 4-2 3-1",
}
#: Eleven actions of that deal: seat 3 passes on 1|1 at the end.
CHIVA_STEPS = "1:6-6L 2:6-4L 3:6-0R 4:5-0R 1:5-5R 2:4-4L 3:5-3R 4:3-1R 1:4-1L 2:1-1L 3:pass"


def steps(text: str) -> list[tuple[int, str]]:
    return [(int(s), a) for s, _, a in (part.partition(":") for part in text.split())]


def take(env, seat: int, notation: str) -> None:
    """Step the environment with ``notation`` as ``seat``, which must be selected."""
    assert env.agent_selection == f"seat_{seat}"
    env.step(env.encoding.action_index(parse_action(notation), seat))


def observation(env, seat: int) -> np.ndarray:
    return env.observe(f"seat_{seat}")["observation"]


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(
    name=st.sampled_from(VARIANTS),
    seed=st.integers(0, 2**63),
    skip=st.booleans(),
    choices=st.randoms(use_true_random=False),
)
def test_every_seats_observation_is_the_encoding_of_its_view_at_every_step(
    name, seed, skip, choices
):
    env = make(name, skip_forced=skip, rewards={"hand": 1.0})
    env.reset(seed=seed)
    enc = env.encoding
    for step in range(400):
        m = env.match
        for seat in range(1, enc.seats + 1):
            want = enc.encode(m.view(seat))
            got = observation(env, seat)
            assert got.dtype == np.float32 and got.shape == (enc.size,)
            if not np.array_equal(got, want):
                wrong = [
                    f.name
                    for f in enc.fields
                    if not np.array_equal(enc.fields_of(got)[f.name], enc.fields_of(want)[f.name])
                ]
                pytest.fail(f"{name}, seed {seed}, step {step}, seat {seat}: fields {wrong}")
        obs, _, done, cut, _ = env.last()
        if done or cut:
            break
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(choices.choice(list(legal))))


def chiva_env():
    env = make("chiva")
    env.reset(seed=1, options={"script": [deal(Chiva(), CHIVA_DEAL)]})
    for seat, action in steps(CHIVA_STEPS):
        take(env, seat, action)
    return env


def index(text: str) -> int:
    return Tile.parse(text).index


def held(hand: np.ndarray) -> str:
    """The tiles a ``hand`` field shows, in set order."""
    return " ".join(str(tile_set(6)[i]) for i in np.flatnonzero(hand))


def test_the_observation_reads_back_field_by_field_from_the_seat_itself():
    env = chiva_env()
    f = env.encoding.fields_of(observation(env, 1))
    assert list(f["phase"]) == [0, 0, 0, 1, 0]
    assert list(f["seat"]) == [1, 0, 0, 0]
    assert list(f["to_move"]) == [0, 0, 0, 1]  # seat 4: three after seat 1
    assert held(f["hand"]) == "1-0 2-1 3-0 6-5"
    assert list(f["counts"]) == [4, 4, 5, 5]
    assert list(np.flatnonzero(f["ends"][0])) == [1] and list(np.flatnonzero(f["ends"][1])) == [1]
    played = {(str(tile_set(6)[t]), r) for t, r in zip(*np.nonzero(f["played"]), strict=True)}
    assert played == {
        ("6-6", 0), ("6-4", 1), ("6-0", 2), ("5-0", 3), ("5-5", 0),
        ("4-4", 1), ("5-3", 2), ("3-1", 3), ("4-1", 0), ("1-1", 1),
    }  # fmt: skip
    history = f["history"]
    assert list(history[0]) == [1, index("6-6") + 1, 1]  # itself, 6-6, on the left
    assert list(history[2]) == [3, index("6-0") + 1, 2]  # its partner, on the right
    assert list(history[10]) == [3, 0, 0]  # its partner passed
    assert not history[11:].any()
    assert list(np.argwhere(f["voids"])[0]) == [2, 1] and f["voids"].sum() == 1
    assert list(f["leader"]) == [1, 0, 0, 0]
    assert list(np.flatnonzero(f["opening"])) == [index("6-6")]
    assert list(f["scores"]) == [0, 0] and list(f["hand_number"]) == [1]
    assert not f["last_outcome"].any() and not f["winner"].any()


def test_the_observation_reads_back_relative_to_each_seat():
    env = chiva_env()
    f = env.encoding.fields_of(observation(env, 3))
    assert list(f["seat"]) == [0, 0, 1, 0]
    assert list(f["to_move"]) == [0, 1, 0, 0]  # seat 4 plays next after seat 3
    assert list(f["counts"]) == [5, 5, 4, 4]  # seats 3, 4, 1, 2
    assert list(np.argwhere(f["voids"])[0]) == [0, 1]  # its own pass
    assert list(f["history"][0]) == [3, index("6-6") + 1, 1]  # seat 1: two after seat 3
    assert list(f["leader"]) == [0, 0, 1, 0]
    assert held(f["hand"]) == "2-2 3-2 4-0 4-3 6-3"


def test_scores_and_the_last_result_are_relative_to_the_seats_team():
    v = Chiva()
    m = Match(v, 3)
    rng = random.Random(3)
    while not m.hands_log or m.hands_log[0].result is None or m.hands_log[0].result.team is None:
        if m.turn is None:
            m = Match(v, rng.getrandbits(32))
        legal = m.legal_actions()
        m.apply(legal[int(rng.random() * len(legal))])
    enc = Encoding(v)
    result = m.hands_log[0].result
    for seat in (1, 2):
        f = enc.fields_of(enc.encode(m.view(seat)))
        mine = v.team_of[seat] == result.team
        assert list(f["last_team"]) == ([1, 0] if mine else [0, 1])
        assert list(f["scores"]) == [m.scores[v.team_of[seat] - 1], m.scores[2 - v.team_of[seat]]]
        assert f["last_leader"][(result.leader - seat) % 4] == 1


def test_a_seat_sees_the_same_whatever_the_tiles_it_cannot_see():
    swapped = dict(CHIVA_DEAL)
    swapped[2] = CHIVA_DEAL[2].replace("0-0", "5-2")  # seats 2 and 4 trade 0-0 and 5-2
    swapped[4] = CHIVA_DEAL[4].replace("5-2", "0-0")
    one, two = make("chiva"), make("chiva")
    one.reset(seed=1, options={"script": [deal(Chiva(), CHIVA_DEAL)]})
    two.reset(seed=1, options={"script": [deal(Chiva(), swapped)]})
    for seat, action in [(0, ""), *steps(CHIVA_STEPS)]:
        if seat:
            take(one, seat, action)
            take(two, seat, action)
        for watcher in (1, 3):  # neither sees the hands of seats 2 and 4
            assert np.array_equal(observation(one, watcher), observation(two, watcher))
        assert not np.array_equal(observation(one, 2), observation(two, 2))


def test_unused_tiles_and_the_face_down_order_stay_unseen_in_double_nine():
    v = DoubleNine100()
    full = tile_set(9)
    hands = {
        1: "9-9 8-8 7-7 9-0 8-1 7-2 6-3 5-4 4-0 3-1",
        2: "9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 8-7 8-6",
        3: "8-5 8-4 8-3 8-2 8-0 7-6 7-5 7-4 7-3 7-1",
        4: "7-0 6-6 6-5 6-4 6-2 6-1 6-0 5-5 5-3 5-2",
    }
    first = deal(v, hands)
    unused = first[40:]
    other = dict(hands)
    other[4] = hands[4].replace("5-2", str(unused[0]))  # an unused tile, traded with seat 4
    second = deal(v, other)
    assert set(second[40:]) != set(unused)
    draw = tiles("9-9 8-7")  # seat 1 draws 9-9, seat 2 draws 8-7: team 1 chooses
    rest = [t for t in full if t not in draw]
    one, two = make("double-nine-100"), make("double-nine-100")
    one.reset(seed=4, options={"script": [draw + rest, first]})
    two.reset(seed=4, options={"script": [draw + rest[::-1], second]})
    for seat, action in [(0, ""), (1, "draw 0"), (2, "draw 0"), (1, "lead 1"), (1, "9-9L")]:
        if seat:
            take(one, seat, action)
            take(two, seat, action)
        for watcher in (1, 2, 3):
            assert np.array_equal(observation(one, watcher), observation(two, watcher))
    assert not np.array_equal(observation(one, 4), observation(two, 4))


def test_block_keeps_the_opponents_tiles_and_the_stock_unseen():
    block = pytest.importorskip("capicua_block", reason="the example plugin Block").Block()
    seat1, seat2 = "6-6 6-5 5-5 4-1 3-0 2-1 1-0", "6-4 5-4 4-4 3-3 2-0 1-1 0-0"
    hands = [Tile.parse(t) for t in f"{seat1} {seat2}".split()]
    stock = [t for t in tile_set(6) if t not in hands]
    # The second deal gives seat 2 a tile of the stock for its 0-0, and shuffles the stock.
    other = [Tile.parse(t) for t in seat1.split()] + [
        Tile.parse(t) for t in seat2.replace("0-0", str(stock[0])).split()
    ]
    one, two = make(block), make(block)
    one.reset(seed=2, options={"script": [hands + stock]})
    two.reset(seed=2, options={"script": [other + [t for t in tile_set(6) if t not in other]]})
    compared = 0
    # Until the hand ends: then every hand is shown, and the pips left differ.
    while one.match.hand_number == 1:
        assert np.array_equal(observation(one, 1), observation(two, 1))
        compared += 1
        obs, *_ = one.last()
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        if not two.last()[0]["action_mask"][action]:
            break  # the swapped tile now makes a difference to what seat 2 may do
        one.step(action)
        two.step(action)
    assert compared >= 4
    assert not np.array_equal(observation(one, 2), observation(two, 2))


def same_information_set(m: Match, seat: int, rng: random.Random) -> list | None:
    """A script dealing the current hand anew, the same for ``seat`` (its tiles, the history,
    every pass and count), the hidden tiles elsewhere; ``None`` if no such deal turned up."""
    v, log = m.variant, m.hand
    lacks = m.view(seat).lacks()
    played = {s: [a.tile for t, a in log.actions if t == s and a.kind == "play"] for s in lacks}
    pool = [t for s in lacks if s != seat for t in m.hands[s]] + list(m.unused)
    for _ in range(100):
        rng.shuffle(pool)
        rest, hands = list(pool), {}
        for s in range(1, v.seats + 1):
            if s == seat:
                hands[s] = list(log.deal[s])
                continue
            held, rest = rest[: len(m.hands[s])], rest[len(m.hands[s]) :]
            if set(held) & lacks[s]:
                break
            hands[s] = played[s] + held
        else:
            if all(sorted(hands[s]) == sorted(log.deal[s]) for s in hands):
                continue
            return [*m.dealer.used()[:-1], [t for s in sorted(hands) for t in hands[s]] + rest]
    return None


@settings(max_examples=25, deadline=None)
@given(name=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32))
@pytest.mark.slow  # 2 s at load average 18 (--durations): over 0.5 s alone
def test_random_information_sets_give_the_seat_the_same_observation(name, seed):
    rng = random.Random(seed)
    env = make(name)
    env.reset(seed=seed)
    stop = rng.randrange(5, 80)
    for _ in range(stop):
        obs, _, done, _, _ = env.last()
        if done:
            return
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    m = env.match
    seat = m.turn
    if seat is None or m.phase != "play" or m.hand is None or not m.hand.actions:
        return
    script = same_information_set(m, seat, rng)
    if script is None:
        return
    twin = make(name)
    twin.reset(seed=m.seed, options={"script": script})
    try:
        for s, a in m.moves:
            twin.step(twin.encoding.action_index(a, s))
    except ValueError:
        return  # e.g. a hidden seat now holds enough doubles to claim a redeal
    other = twin.match
    if other.turn != seat or other.hand_number != m.hand_number:
        return
    assert any(sorted(m.hands[s]) != sorted(other.hands[s]) for s in range(1, 5) if s != seat)
    assert np.array_equal(observation(env, seat), observation(twin, seat))
    assert np.array_equal(
        env.observe(f"seat_{seat}")["action_mask"], twin.observe(f"seat_{seat}")["action_mask"]
    )


def test_the_voids_plane_marks_what_a_pass_shows_by_the_games_own_rules():
    v = Sevens()
    m = Match(v, 1, script=[deal(v, SEVENS_HANDS)])
    m.apply(parse_action("6-6L"))
    m.apply(parse_action("pass"))  # seat 2 holds sixes, but no one to join the 6
    enc = Encoding(v)
    voids = enc.fields_of(enc.encode(m.view(1)))["voids"]
    assert [list(np.flatnonzero(row)) for row in voids] == [[], [1], [], []]
