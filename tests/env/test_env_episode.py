"""An episode: seeds that deal capicua's deals, rewards, decisions outside play, the end of
an episode, rendering, and what the environment says to bad input."""

from __future__ import annotations

import random

import pytest

pytest.importorskip(
    "pettingzoo", reason="the environment needs the rl extra: pip install 'capicua[rl]'"
)

import numpy as np
from pettingzoo.test import api_test

from capicua.core.actions import ChooseLeader, Pick, parse_action
from capicua.core.driver import play_match
from capicua.core.errors import PluginError
from capicua.core.match import Match
from capicua.core.records import dumps, replay
from capicua.core.rng import seat_stream
from capicua.core.tiles import tile_set
from capicua.core.variant import Hands, Variant
from capicua.env import make
from capicua.plugins import load_plugins
from capicua.variants.double_nine import DoubleNine100
from deals import deal, tiles

BLOCK_MISSING = "Block is the example plugin: pip install ./examples/capicua-block"


class Cutthroat(Variant):
    """Three players, each for themselves: double-six, seven each, seven unused, to 50."""

    name = "cutthroat"
    title = "Cutthroat"
    seats = 3
    teams = ((1,), (2,), (3,))

    def block_winner(self, hands: Hands) -> int | None:
        counts = {s: sum(t.pips for t in ts) for s, ts in hands.items()}
        lowest = [s for s, c in counts.items() if c == min(counts.values())]
        return self.team_of[lowest[0]] if len(lowest) == 1 else None

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        return self.opponents_pips(team, hands) if team is not None else 0

    def next_scores(self, scores, team, points):
        return tuple(s + points if t == team else s for t, s in enumerate(scores, 1))

    def match_winner(self, scores):
        return scores.index(max(scores)) + 1 if max(scores) >= 50 else None


class ThreeTeams(Cutthroat):
    """Six seats in three partnerships, double-nine: a draw, a chosen leader, claims."""

    name = "three-teams"
    title = "Three teams"
    max_pip, hand_size, seats = 9, 9, 6
    teams = ((1, 4), (2, 5), (3, 6))
    draw_for_lead = choose_leader = True
    redeal_doubles = 3


def play_out(env, rng: random.Random, seed: int | None = None) -> dict[str, float]:
    """Reset and play the episode out with uniform choices; each agent's total reward."""
    env.reset(seed=seed)
    total = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, done, cut, _ = env.last()
        total[agent] += reward
        if done or cut:
            env.step(None)
            continue
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))
    return total


# -- seeds -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["chiva", "double-nine-100", "block"])
def test_a_seeded_reset_deals_what_a_capicua_match_with_that_seed_deals(name):
    if name == "block":
        pytest.importorskip("capicua_block", reason=BLOCK_MISSING)
    plugins = load_plugins()
    variant = plugins.variants.create(name)
    players = {s: plugins.players.create("random", seat_stream(9, s)) for s in (1, 2, 3, 4)}
    played = play_match(variant, {s: players[s] for s in range(1, variant.seats + 1)}, 9)
    env = make(name)
    env.reset(seed=9)
    first = played.hands_log[0]
    # The draw for first lead as the match drew it (a tie draws again, from the next deal).
    while env.match.hand is None or env.match.hand.result is not None:  # the draw, the lead
        seat, action = played.moves[len(env.match.moves)]
        env.step(env.encoding.action_index(action, seat))
    assert env.match.seed == 9
    assert env.match.hand.deal == first.deal
    enc = env.encoding
    for seat in range(1, variant.seats + 1):
        hand = enc.fields_of(env.observe(f"seat_{seat}")["observation"])["hand"]
        assert {enc.tiles[i] for i in np.flatnonzero(hand)} == set(first.deal[seat])


def test_resets_without_a_seed_follow_the_last_seed_given():
    one, two = make("chiva"), make("chiva")
    one.reset(seed=5)
    two.reset(seed=5)
    seeds = []
    for _ in range(3):
        one.reset()
        two.reset()
        assert one.match.seed == two.match.seed
        seeds.append(one.match.seed)
    assert len(set(seeds)) == 3 and 5 not in seeds
    one.reset(seed=5)
    one.reset()
    assert one.match.seed == seeds[0]


def test_an_environment_never_seeded_deals_a_fresh_match_each_reset():
    env = make("chiva")
    env.reset()
    first = env.match.seed
    env.reset()
    assert env.match.seed != first


def test_the_record_of_an_episode_replays_through_the_engine():
    env = make("double-nine-100")
    play_out(env, random.Random(2), seed=2)
    record = env.record()
    assert record["seed"] == 2 and record["seats"]["1"] == "seat_1"
    again = replay(record, load_plugins().variants)
    assert again.winner == env.match.winner
    assert dumps(record) == dumps(env.record())


# -- rewards ---------------------------------------------------------------------------------

BLOCKED = {1: "6-6 5-5 5-4 4-4 3-0 1-0 0-0", 2: "1-1 2-0 2-1 3-1 2-2 4-0 3-2"}


def test_a_hand_reward_and_its_points_go_to_the_winner_and_from_the_loser():
    Block = pytest.importorskip("capicua_block", reason=BLOCK_MISSING).Block
    env = make(Block, rewards={"hand": 1.0, "points": 0.5})
    env.reset(seed=1, options={"script": [deal(Block(), BLOCKED)]})
    env.step(env.encoding.action_index(parse_action("6-6L"), 1))  # nobody can play: blocked
    assert env.match.hands_log[0].result.points == 7  # 31 pips left against 24
    assert env.rewards == {"seat_1": -4.5, "seat_2": 4.5}
    assert env.agent_selection == "seat_2"  # the winner leads the next hand
    assert env.last()[1] == 4.5
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.rewards == {"seat_1": 0.0, "seat_2": 0.0}  # this step rewarded nobody
    assert env.agent_selection == "seat_1" and env.last()[1] == -4.5


def test_a_hand_that_forced_moves_end_at_once_rewards_from_the_reset():
    Block = pytest.importorskip("capicua_block", reason=BLOCK_MISSING).Block
    env = make(Block, rewards={"hand": 1.0}, skip_forced=True)
    env.reset(seed=1, options={"script": [deal(Block(), BLOCKED)]})
    assert env.match.hands_log[0].result.team == 2  # 6-6 had to open, and nobody could follow
    assert env.agent_selection == "seat_2" and env.last()[1] == 1.0


def test_the_match_reward_goes_to_the_winners_when_the_match_ends():
    env = make("chiva")  # the default: {"match": 1.0}
    total = play_out(env, random.Random(4), seed=4)
    winners = env.match.winner
    for agent, reward in total.items():
        team = env.variant.team_of[int(agent.split("_")[1])]
        assert reward == (1.0 if team == winners else -1.0)


def test_hand_rewards_add_up_to_the_hands_won_less_the_hands_lost():
    env = make("chiva", rewards={"hand": 1.0})
    total = play_out(env, random.Random(6), seed=6)
    results = [h.result for h in env.match.hands_log]
    for agent, reward in total.items():
        team = env.variant.team_of[int(agent.split("_")[1])]
        won = sum(1 for r in results if r.team == team)
        lost = sum(1 for r in results if r.team not in (None, team))
        assert reward == won - lost


def test_with_three_teams_the_losers_share_the_winners_gain():
    env = make(Cutthroat, rewards={"match": 1.0})
    total = play_out(env, random.Random(1), seed=1)
    assert sorted(total.values()) == [-0.5, -0.5, 1.0]
    assert total[f"seat_{env.match.winner}"] == 1.0


# -- decisions outside play --------------------------------------------------------------------


def legal_of(env) -> list[str]:
    seat = int(env.agent_selection.split("_")[1])
    mask = env.observe(env.agent_selection)["action_mask"]
    return [str(env.encoding.action(int(i), seat)) for i in np.flatnonzero(mask)]


def test_the_draw_for_first_lead_and_the_leader_choice_are_masked_actions():
    env = make("double-nine-100")
    draw = tiles("9-9 8-7")
    env.reset(seed=1, options={"script": [draw + [t for t in tile_set(9) if t not in draw]]})
    assert env.agent_selection == "seat_1" and env.match.phase == "draw"
    assert legal_of(env) == [str(Pick.of(k)) for k in range(55)]
    env.step(env.encoding.action_index(Pick.of(0), 1))
    assert env.agent_selection == "seat_2" and len(legal_of(env)) == 54
    env.step(env.encoding.action_index(Pick.of(0), 2))
    assert env.match.phase == "lead" and env.agent_selection == "seat_1"
    assert legal_of(env) == ["lead 1", "lead 3"]
    # Leaders are numbered relative to the chooser: 0 itself, 2 its partner.
    mask = env.observe("seat_1")["action_mask"]
    assert list(np.flatnonzero(mask) - env.encoding.a_lead) == [0, 2]
    env.step(env.encoding.action_index(ChooseLeader.of(3), 1))
    assert env.match.hand.leader == 3


def test_a_redeal_claim_is_masked_to_the_redeal_every_computer_seat_must_claim():
    """Five doubles: the rules let a person keep the hand, never a computer seat, and an
    agent is one; its mask offers the redeal alone and a keep is refused."""
    v = DoubleNine100()
    hands = {
        1: "9-9 8-8 7-7 6-6 5-5 9-0 8-1 7-2 6-3 5-4",
        2: "9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 8-7 8-6",
        3: "8-5 8-4 8-3 8-2 8-0 7-6 7-5 7-4 7-3 7-1",
        4: "7-0 6-5 6-4 6-2 6-1 6-0 5-3 5-2 5-1 5-0",
    }
    draw = tiles("9-9 8-7")
    script = [draw + [t for t in tile_set(9) if t not in draw], deal(v, hands)]
    env = make(v)
    env.reset(seed=1, options={"script": script})
    for seat, action in ((1, "draw 0"), (2, "draw 0"), (1, "lead 3")):
        env.step(env.encoding.action_index(parse_action(action), seat))
    assert env.match.phase == "claim" and env.agent_selection == "seat_1"
    assert legal_of(env) == ["redeal"]
    with pytest.raises(ValueError, match="cannot take action"):
        env.step(env.encoding.action_index(parse_action("keep"), 1))
    env.step(env.encoding.action_index(parse_action("redeal"), 1))
    fields = env.encoding.fields_of(env.observe("seat_2")["observation"])
    assert list(fields["redeals"]) == [1]
    assert fields["shown"][3].sum() == 5  # seat 1 is three after seat 2
    assert env.match.hand.leader == 3


# -- the end of an episode -------------------------------------------------------------------


def test_max_hands_cuts_the_episode_after_that_many_hands():
    env = make("chiva", max_hands=2, rewards={"hand": 1.0})
    play_out(env, random.Random(3), seed=3)
    assert len([h for h in env.match.hands_log if h.result is not None]) == 2
    assert not env.match.over and env.agents == []


def test_skip_forced_asks_the_agents_only_real_decisions():
    env = make("chiva", skip_forced=True)
    env.reset(seed=8)
    asked = 0
    for _ in env.agent_iter():
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        assert obs["action_mask"].sum() >= 2
        asked += 1
        env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
    assert env.match.over and asked < len(env.match.actions)


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("variant", [Cutthroat, ThreeTeams], ids=lambda v: v.name)
def test_tables_of_other_shapes_pass_the_api_test(variant):
    api_test(make(variant, rewards={"hand": 1.0, "points": 0.1, "match": 1.0}), num_cycles=500)


@pytest.mark.parametrize("variant", [Cutthroat, ThreeTeams], ids=lambda v: v.name)
def test_tables_of_other_shapes_observe_exactly_their_views(variant):
    env = make(variant)
    env.reset(seed=2)
    rng = random.Random(2)
    for _ in range(300):
        obs, _, done, _, _ = env.last()
        if done:
            break
        for seat in range(1, env.variant.seats + 1):
            want = env.encoding.encode(env.match.view(seat))
            assert np.array_equal(env.observe(f"seat_{seat}")["observation"], want)
        env.step(int(rng.choice(list(np.flatnonzero(obs["action_mask"])))))


def test_the_state_is_every_seats_observation():
    env = make("chiva")
    env.reset(seed=1)
    state = env.state()
    assert env.state_space.contains(state)
    parts = np.split(state, 4)
    for seat, part in enumerate(parts, 1):
        assert np.array_equal(part, env.observe(f"seat_{seat}")["observation"])


# -- rendering ------------------------------------------------------------------------------


def test_render_shows_the_table_as_text():
    env = make("chiva", render_mode="ansi")
    env.reset(seed=1, options={"script": [deal(env.variant, {
        1: "6-6 6-5 5-5 4-1 3-0 2-1 1-0",
        2: "6-4 5-4 4-4 3-3 2-0 1-1 0-0",
        3: "6-3 5-3 4-3 3-2 2-2 4-0 6-0",
        4: "6-2 6-1 5-2 5-1 5-0 4-2 3-1",
    })]})  # fmt: skip
    env.step(env.encoding.action_index(parse_action("6-6L"), 1))
    text = env.render()
    assert text.splitlines()[0] == (
        "Chiva, hand 1; series: team 1 (seats 1+3) 0, team 2 (seats 2+4) 0"
    )
    assert "line: 6|6 (ends 6 and 6)" in text
    assert "> seat 2 (7): 6-4 5-4 4-4 3-3 2-0 1-1 0-0" in text
    assert "  seat 1 (6): 6-5 5-5 4-1 3-0 2-1 1-0" in text
    assert "last: seat 1 6-6L" in text


def test_render_in_human_mode_prints_every_step(capsys):
    pytest.importorskip("capicua_block", reason=BLOCK_MISSING)
    env = make("block", render_mode="human")
    env.reset(seed=3)
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert "Block, hand 1; scores:" in capsys.readouterr().out
    assert env.render() is None


def test_render_without_a_mode_says_how_to_choose_one():
    env = make("chiva")
    env.reset(seed=1)
    with pytest.warns(UserWarning, match="render_mode='ansi'"):
        assert env.render() is None


def test_the_end_of_a_match_is_rendered_with_its_winner():
    env = make("chiva", render_mode="ansi")
    play_out(env, random.Random(5), seed=5)
    assert f"team {env.match.winner} has won the match (chiva)" in env.render()


# -- bad input -------------------------------------------------------------------------------


def test_an_illegal_action_is_refused_naming_it_and_the_legal_ones():
    env = make("chiva")
    env.reset(seed=1, options={"script": [deal(env.variant, {
        1: "6-6 6-5 5-5 4-1 3-0 2-1 1-0",
        2: "6-4 5-4 4-4 3-3 2-0 1-1 0-0",
        3: "6-3 5-3 4-3 3-2 2-2 4-0 6-0",
        4: "6-2 6-1 5-2 5-1 5-0 4-2 3-1",
    })]})  # fmt: skip
    before = env.observe("seat_1")["observation"]
    refused = r"seat_1 cannot take action 53 \(6-5R\) now; legal: 54 \(6-6L\)"
    with pytest.raises(ValueError, match=refused):
        env.step(53)
    with pytest.raises(ValueError, match="an action is a number from 0 to 56"):
        env.step("6-6L")
    with pytest.raises(ValueError, match="999 is not an action of chiva"):
        env.step(999)
    assert np.array_equal(env.observe("seat_1")["observation"], before)
    assert env.match.actions == ()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"rewards": {"wins": 1}}, "no reward 'wins': the rewards are hand, points, match"),
        ({"rewards": {"hand": "1"}}, "the weight of reward 'hand' must be a finite number"),
        ({"rewards": {"hand": float("nan")}}, "must be a finite number"),
        ({"max_hands": 0}, "max_hands is a whole number of at least 1 or None, not 0"),
        ({"render_mode": "rgb_array"}, "render_mode is one of ansi, human or None"),
    ],
)
def test_bad_options_are_refused_in_one_line(options, message):
    with pytest.raises(ValueError, match=message):
        make("chiva", **options)


def test_an_unknown_variant_names_the_variants_there_are():
    with pytest.raises(PluginError, match=r"unknown variant 'chivas'; available: .*chiva"):
        make("chivas")


def test_a_seed_that_is_not_a_number_is_refused():
    with pytest.raises(ValueError, match="a seed is a whole number, not '7'"):
        make("chiva").reset(seed="7")


def test_every_action_number_maps_to_its_action_and_back():
    env = make("double-nine-100")
    enc = env.encoding
    for seat in range(1, 5):
        for i in range(enc.n_actions):
            assert enc.action_index(enc.action(i, seat), seat) == i
    match = Match(DoubleNine100(), 1)
    assert enc.mask(match.legal_actions(), match.turn).sum() == 55
