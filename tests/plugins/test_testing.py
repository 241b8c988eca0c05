"""The conformance kit: the built-in variants and players pass it, the core plays tables of
any shape through it, and each kind of fault a plugin can have is caught and named."""

from __future__ import annotations

import dataclasses
import importlib.util
import random
import sys
from pathlib import Path

import pytest

from capicua.core.actions import DRAW, Play
from capicua.core.match import Match
from capicua.core.tiles import tile_set
from capicua.core.variant import Hands, Variant
from capicua.players.base import Player
from capicua.players.random_player import RandomPlayer
from capicua.plugins import load_plugins
from capicua.testing import ConformanceError, check_player, check_variant, find_leaks
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


@pytest.mark.slow
@pytest.mark.parametrize("variant", [Chiva, DoubleNine100], ids=lambda v: v.name)
def test_builtin_variants_keep_the_core_invariants(variant):
    report = check_variant(variant, matches=2)
    assert report.matches == 2 and report.undo_checks > 0 and report.views > 0


REFERENCE_BOT = Path(__file__).parents[2] / "examples" / "bots" / "python" / "capicua_bot.py"

#: Options that keep a slow player quick enough for the suite (it is the rules that are
#: checked here, not the strength).
LIGHT = {
    "expert": {"samples": 4},
    # A bot program: the Python reference bot, in its own process at every seat.
    "command": {"argv": [sys.executable, str(REFERENCE_BOT)]},
}


#: Built-in players that need an optional extra, and the module that tells it is installed.
EXTRAS = {"policy": ("numpy", "the policy player needs the rl extra: pip install 'capicua[rl]'")}


def builtin_players():
    loaded = load_plugins(third_party=False)
    out = []
    for n in loaded.players.names():
        cls = loaded.players.get(n)
        if cls.interactive:
            continue
        module, reason = EXTRAS.get(n, ("", ""))
        missing = bool(module) and importlib.util.find_spec(module) is None
        out.append(pytest.param(cls, marks=pytest.mark.skipif(missing, reason=reason)))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("player", builtin_players(), ids=lambda p: p.name)
def test_builtin_players_always_answer_a_legal_action(player):
    options = {k: v for k, v in LIGHT.get(player.name, {}).items() if k in player.options}
    # Untimed: the suite never asserts on wall time (the time limit is tested below with a
    # clock of its own).
    report = check_player(
        player,
        [Chiva, DoubleNine100],
        options=options,
        matches=1,
        max_decisions=60,
        time_limit=None,
    )
    assert report.decisions >= 60


# -- tables of other shapes: the core assumes neither four seats nor partnerships ----------


class Cutthroat(Variant):
    """Three players, each for themselves: double-six, seven each, seven unused, to 50."""

    name = "cutthroat"
    title = "Cutthroat"
    seats = 3
    teams = ((1,), (2,), (3,))

    def block_winner(self, hands: Hands) -> int | None:
        counts = {s: sum(t.pips for t in ts) for s, ts in hands.items()}
        low = min(counts.values())
        lowest = [s for s, c in counts.items() if c == low]
        return self.team_of[lowest[0]] if len(lowest) == 1 else None

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        return self.opponents_pips(team, hands) if team is not None else 0

    def next_scores(self, scores, team, points):
        return tuple(s + points if t == team else s for t, s in enumerate(scores, 1))

    def match_winner(self, scores):
        return scores.index(max(scores)) + 1 if max(scores) >= 50 else None


class ThreeTeams(Cutthroat):
    """Six seats in three partnerships of two, double-nine, nine each: the draw for first
    lead, the leader chosen blind and redeal claims, all with three teams."""

    name = "three-teams"
    title = "Three teams"
    max_pip = 9
    hand_size = 9
    seats = 6
    teams = ((1, 4), (2, 5), (3, 6))
    draw_for_lead = True
    choose_leader = True
    redeal_doubles = 3  # low, so that claims really happen in a few matches


@pytest.mark.slow
@pytest.mark.parametrize("variant", [Cutthroat, ThreeTeams], ids=lambda v: v.name)
def test_the_core_plays_tables_of_any_shape(variant):
    report = check_variant(variant, matches=2)
    assert report.matches == 2
    check_player(RandomPlayer, [variant], matches=1, time_limit=None)


def test_redeal_claims_with_three_teams_are_exercised():
    m = Match(ThreeTeams(), 11)
    rng = random.Random(11)
    claims = 0
    while m.turn is not None and len(m.hands_log) < 6:
        legal = m.legal_actions()
        claims += m.phase == "claim"
        m.apply(legal[rng.randrange(len(legal))])
    assert claims > 0


# -- faults the kit must catch -------------------------------------------------------------


class Endless(Cutthroat):
    name = "endless"

    def match_winner(self, scores):
        return None


class WrongTeam(Cutthroat):
    name = "wrong-team"

    def block_winner(self, hands):
        return 4  # there are three teams


class Moody(Cutthroat):
    name = "moody"

    def block_winner(self, hands):
        return random.choice([1, 2, 3])  # not from the match's seed


class Negative(Cutthroat):
    name = "negative"

    def points(self, outcome, team, hands):
        return -1 if team is not None else 0


class Eager(Cutthroat):
    """Offers a draw beside the plays without declaring that it draws at will."""

    name = "eager"
    hand_size = 5
    drawing = True

    def legal_plays(self, pos):
        legal = super().legal_plays(pos)
        if self.can_draw(pos) and DRAW not in legal:
            legal = [*legal, DRAW]
        return legal


class AtWill(Eager):
    """The same game, saying that a seat may draw while it holds a play."""

    name = "at-will"
    draws_at_will = True


def test_the_kit_catches_a_draw_beside_plays_in_a_game_that_does_not_draw_at_will():
    with pytest.raises(ConformanceError, match="a play and a draw at once, in a game that"):
        check_variant(Eager, matches=1)


def test_a_game_that_draws_at_will_may_offer_a_draw_beside_its_plays():
    report = check_variant(AtWill, matches=1)
    assert report.matches == 1


class Boastful(Cutthroat):
    """Says a pass shows the seat lacks every tile of the set."""

    name = "boastful"

    def lacking(self, pos):
        return frozenset(tile_set(self.max_pip))


@pytest.mark.slow
def test_the_kit_catches_a_match_that_never_ends():
    with pytest.raises(ConformanceError, match="has not ended after 600 actions"):
        check_variant(Endless, matches=1, max_actions=600)


def test_the_kit_catches_a_block_won_by_a_team_the_variant_does_not_have():
    with pytest.raises(ConformanceError, match="block_winner returned team 4"):
        check_variant(WrongTeam, matches=3)


def test_the_kit_catches_a_variant_with_a_random_source_of_its_own():
    # Depending on when the dice differ, undo's replay breaks or the state or match differs.
    with pytest.raises(
        ConformanceError,
        match=r"the same answers every time|did not restore "
        r"the state|same seed and the same choices",
    ):
        check_variant(Moody, matches=3)


def test_the_kit_catches_negative_points():
    with pytest.raises(ConformanceError, match="points must be a non-negative int, not -1"):
        check_variant(Negative, matches=2)


def test_the_kit_catches_a_pass_said_to_tell_of_tiles_the_seat_holds():
    with pytest.raises(ConformanceError, match=r"which a pass or draw .* said it lacks"):
        check_variant(Boastful, matches=3)


def test_the_kit_names_the_seed_to_repeat_a_failure():
    with pytest.raises(ConformanceError, match=r"^wrong-team, seed \d+, hand \d+"):
        check_variant(WrongTeam, matches=3)


def test_the_kit_checks_metadata_first():
    class Crowded(Cutthroat):
        name = "crowded"
        hand_size = 10  # 30 tiles from a set of 28

    with pytest.raises(ConformanceError, match="3 seats of 10 tiles need 30 tiles"):
        check_variant(Crowded)


class Stubborn(Player):
    name = "stubborn"

    def act(self, view):
        a = view.legal[0]
        # A new Play equal to a legal one, not the one from view.legal (nor Play.of's).
        return Play(a.tile, a.end) if isinstance(a, Play) else a


class Grumpy(Player):
    name = "grumpy"

    def act(self, view):
        if view.hand_number > 1:
            raise KeyError("no idea")
        return view.legal[0]


class Fickle(Player):
    name = "fickle"

    def act(self, view):
        return random.choice(view.legal)  # the global stream, not self.rng


class Slow(Player):
    name = "slow"

    def act(self, view):
        CLOCK.now += 2.5 if len(view.history) == 3 else 0.001
        return view.legal[0]


class _Clock:
    now = 0.0

    def __call__(self) -> float:
        return self.now


CLOCK = _Clock()


def test_the_kit_catches_a_player_answering_an_illegal_action():
    with pytest.raises(ConformanceError, match=r"which is not legal .*not the same object"):
        check_player(Stubborn, [Chiva], time_limit=None)


def test_the_kit_catches_a_player_that_raises():
    with pytest.raises(
        ConformanceError,
        match=r"hand 2, decision \d+ .*act\(\) raised "
        r"KeyError\('no idea'\)",
    ):
        check_player(Grumpy, [Chiva], time_limit=None)


def test_the_kit_catches_a_player_using_the_global_random_module():
    with pytest.raises(ConformanceError, match=r"use self\.rng"):
        check_player(Fickle, [Chiva], time_limit=None)


def test_the_kit_catches_a_decision_over_the_time_limit():
    # The clock is the player's own doing, so the test does not depend on the machine.
    with pytest.raises(ConformanceError, match=r"took 2.500 s, over the limit of 1 s"):
        check_player(Slow, [Chiva], time_limit=1.0, clock=CLOCK)
    report = check_player(Slow, [Chiva], time_limit=3.0, clock=CLOCK, matches=1)
    assert report.slowest == pytest.approx(2.5)


def test_the_kit_refuses_interactive_players():
    loaded = load_plugins(third_party=False)
    if "human" not in loaded.players:
        pytest.skip("this build has no human player")
    with pytest.raises(ValueError, match="interactive"):
        check_player(loaded.players.get("human"))


# -- the view walk ---------------------------------------------------------------------------


def a_match_in_play() -> Match:
    m = Match(Chiva(), 8)
    rng = random.Random(8)
    while len(m.actions) < 9:
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    return m


def test_every_real_view_is_clean():
    m = a_match_in_play()
    for seat in range(1, 5):
        assert find_leaks(m.view(seat), m, seat) == []


def test_a_tile_of_another_hand_in_a_view_is_a_leak():
    m = a_match_in_play()
    theirs = m.hands[2][0]
    view = dataclasses.replace(m.view(1), hand=(theirs,))
    assert find_leaks(view, m, 1) == [f"view.hand[0] is {theirs}, which seat 1 may not see"]


def test_an_unused_tile_in_a_finished_hand_is_a_leak():
    m = Match(DoubleNine100(), 3)
    rng = random.Random(3)
    while len(m.hands_log) < 2:
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
    view = m.view(1)
    unused = m.hands_log[0].deal["unused"][0]
    leaked = dataclasses.replace(view.past[0], shown=((1, (unused,)),))
    leaks = find_leaks(dataclasses.replace(view, past=(leaked,)), m, 1)
    assert leaks == [f"view.past[0].shown[0][1][0] is {unused}, an unused tile of that hand"]


def test_the_match_or_a_live_list_in_a_view_is_a_leak():
    m = a_match_in_play()
    view = dataclasses.replace(m.view(1), label=m, history=list(m.view(1).history))
    leaks = find_leaks(view, m, 1)
    assert "view.label is a Match, which a view must not hold" in leaks
    assert "view.history is a list, which a view must not hold" in leaks
