"""Loading plugins: broken ones are reported with their name and reason and skipped, and
capicua keeps working; third-party plugins can be switched off.

The broken plugins are tiny real distributions (``make_dist`` in conftest.py) found through
``importlib.metadata`` like any pip-installed one.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from capicua.core.driver import play_match
from capicua.core.rng import seat_stream
from capicua.players.random_player import RandomPlayer
from capicua.plugins import load_plugins, player_problems, variant_problems
from capicua.registries import deal_problems
from capicua.variants.chiva import Chiva

HEADER = """\
from capicua.hookspecs import hookimpl
from capicua.core.variant import Variant
from capicua.players.base import Option, Player
from capicua.players.random_player import RandomPlayer
from capicua.variants.chiva import Chiva
"""

#: A correct two-seat variant a test plugin can register.
DUEL = (
    HEADER
    + """
class Duel(Chiva):
    name = "duel"
    title = "Duel"
    seats = 2
    teams = ((1,), (2,))
"""
)


def failure_of(loaded, plugin: str) -> str:
    found = [f for f in loaded.failures if f.startswith(f"plugin {plugin!r}")]
    assert len(found) == 1, loaded.failures
    return found[0]


def test_a_plugin_that_fails_to_import_is_reported_and_skipped(make_dist):
    make_dist(
        "capicua-needs-numpy",
        {"needy": "capicua_needy"},
        {"capicua_needy": "import numpy_that_is_not_installed\n"},
    )
    loaded = load_plugins()
    message = failure_of(loaded, "needy")
    assert "(capicua-needs-numpy)" in message
    assert "ModuleNotFoundError: No module named 'numpy_that_is_not_installed'" in message
    assert "needy" not in loaded.sources
    assert "chiva" in loaded.variants and "random" in loaded.players


def test_an_entry_point_naming_a_missing_attribute_is_reported(make_dist):
    make_dist(
        "capicua-typo", {"typo": "capicua_typo:plugn"}, {"capicua_typo": HEADER + "plugin = None\n"}
    )
    message = failure_of(load_plugins(), "typo")
    assert "'capicua_typo:plugn' could not be loaded: AttributeError" in message


def test_a_registration_hook_that_raises_takes_back_everything_its_plugin_added(make_dist):
    make_dist(
        "capicua-half",
        {"half": "capicua_half"},
        {
            "capicua_half": DUEL
            + """
class Lazy(RandomPlayer):
    name = "lazy"

@hookimpl
def capicua_register_variants(registry):
    registry.add(Duel)

@hookimpl
def capicua_register_players(registry):
    registry.add(Lazy)
    raise RuntimeError("the player database is unreachable")
"""
        },
    )
    loaded = load_plugins()
    message = failure_of(loaded, "half")
    assert (
        "capicua_register_players raised RuntimeError: the player database is unreachable"
        in message
    )
    # Skipped as a whole: neither its variant nor the player it added before raising stays.
    assert "duel" not in loaded.variants and "lazy" not in loaded.players
    assert loaded.pm.get_plugin("half") is None


def test_a_variant_named_like_a_builtin_is_reported_naming_both_plugins(make_dist):
    make_dist(
        "capicua-chiva2",
        {"chiva2": "capicua_chiva2"},
        {
            "capicua_chiva2": HEADER
            + """
class MyChiva(Chiva):
    title = "My Chiva"

@hookimpl
def capicua_register_variants(registry):
    registry.add(MyChiva)
"""
        },
    )
    loaded = load_plugins()
    message = failure_of(loaded, "chiva2")
    assert (
        "variant name 'chiva' from plugin 'chiva2' is already taken by plugin "
        "'capicua.variants.chiva' (capicua)"
    ) in message
    assert loaded.variants.get("chiva") is Chiva


def test_two_distributions_registering_one_name_keep_the_first(make_dist):
    for n in (1, 2):
        module = f"capicua_duel{n}"
        make_dist(
            f"capicua-duel{n}",
            {f"duel{n}": module},
            {
                module: DUEL
                + """
@hookimpl
def capicua_register_variants(registry):
    registry.add(Duel)
"""
            },
        )
    loaded = load_plugins()
    owners = {loaded.variants.entries["duel"].plugin}
    loser = ({"duel1", "duel2"} - owners).pop()
    message = failure_of(loaded, loser)
    assert f"variant name 'duel' from plugin {loser!r} is already taken" in message


def test_two_distributions_with_one_entry_point_name_keep_the_first(make_dist):
    for n in (1, 2):
        module = f"capicua_same{n}"
        make_dist(
            f"capicua-same{n}",
            {"same": module},
            {
                module: HEADER
                + """
@hookimpl
def capicua_register_players(registry):
    pass
"""
            },
        )
    loaded = load_plugins()
    assert loaded.sources["same"].distribution in ("capicua-same1", "capicua-same2")
    assert "the plugin name 'same' is already taken by capicua-same" in failure_of(loaded, "same")


def test_an_entry_point_pointing_at_a_builtin_module_is_reported(make_dist):
    make_dist("capicua-again", {"again": "capicua.variants.chiva"})
    message = failure_of(load_plugins(), "again")
    assert "is already registered as plugin 'capicua.variants.chiva'" in message


BAD_VARIANTS = {
    "a seat in no team": ("seats = 3", "teams ((1, 3), (2, 4)) must hold every seat 1 to 3"),
    "more tiles than the set": (
        "hand_size = 8",
        "4 seats of 8 tiles need 32 tiles; the double-6 set has 28",
    ),
    "a name with spaces": ("name = 'my chiva'", "name must be lowercase letters"),
    "one team": ("teams = ((1, 2, 3, 4),)", "teams must be a tuple of at least two"),
    "a set beyond double-twelve": ("max_pip = 13", "max_pip must be a number from 0 to 12"),
    "an unknown scoring": ("scoring = 'goals'", "scoring must be 'points' or 'series'"),
    "a goal of nothing": ("goal = 0", "goal must be None or a positive number"),
    "tuning that is not a Tuning": ("tuning = {'reading': 1}", "tuning must be a capicua"),
    "an option that is not an Option": ("options = {'goal': 100}", "options must map option"),
}


@pytest.mark.parametrize("line, reason", BAD_VARIANTS.values(), ids=BAD_VARIANTS.keys())
def test_bad_variant_metadata_is_reported_with_the_reason(make_dist, line, reason):
    make_dist(
        "capicua-bad",
        {"bad": "capicua_bad"},
        {
            "capicua_bad": HEADER
            + f"""
class Bad(Chiva):
    name = "bad"
    {line}

@hookimpl
def capicua_register_variants(registry):
    registry.add(Bad)
"""
        },
    )
    loaded = load_plugins()
    message = failure_of(loaded, "bad")
    assert "variant class Bad has bad metadata" in message and reason in message
    assert "bad" not in loaded.variants and "my chiva" not in loaded.variants


def test_a_seat_count_an_option_allows_must_deal_every_seat_a_hand(make_dist):
    make_dist(
        "capicua-crowd",
        {"crowd": "capicua_crowd"},
        {
            "capicua_crowd": HEADER
            + """
class Crowd(Chiva):
    name = "crowd"
    seats, teams = 2, ((1,), (2,))
    options = {"seats": Option(int, 2, "players", min=2, max=6)}

    def configure(self):
        self.teams = tuple((s,) for s in range(1, self.seats + 1))

@hookimpl
def capicua_register_variants(registry):
    registry.add(Crowd)
"""
        },
    )
    loaded = load_plugins()
    message = failure_of(loaded, "crowd")
    assert "\n" not in message and "crowd" not in loaded.variants
    # Four seats of 7 fit the double-six set; five do not, and the message says so.
    assert "option 'seats'=5 makes 5 seats of 7 tiles, 35 tiles; the double-6 set has 28" in (
        message
    )
    assert "option 'seats'=4" not in message


def test_every_installed_game_deals_every_seat_count_it_allows(plugins):
    for name in plugins.variants:
        cls = plugins.variants.get(name)
        assert deal_problems(cls) == [], name
        for key, opt in cls.options.items():
            if key == "seats":
                for seats in range(int(opt.min), int(opt.max) + 1):
                    hands = cls(seats=seats).new_match(1).hands
                    assert len(hands) == seats + 1 and all(hands[1:]), (name, seats)


def test_a_variant_missing_a_rule_method_is_reported():
    class Half(Chiva.__mro__[1]):  # Variant itself: no block_winner, no scoring
        name = "half"
        title = "Half"

    assert variant_problems(Half) == [
        "it does not implement block_winner, match_winner, next_scores"
    ]


def test_bad_player_metadata_is_reported_with_the_reason(make_dist):
    make_dist(
        "capicua-mute",
        {"mute": "capicua_mute"},
        {
            "capicua_mute": HEADER
            + """
class Mute(Player):
    name = "mute"
    options = {"depth": Option(int, -1, "how deep", min=0)}

@hookimpl
def capicua_register_players(registry):
    registry.add(Mute)
"""
        },
    )
    message = failure_of(load_plugins(), "mute")
    assert "player class Mute has bad metadata" in message
    assert "the default of option 'depth' fails its own check" in message
    assert "it does not implement act(view)" in message


def test_an_unknown_hook_is_reported_as_a_likely_typo(make_dist):
    make_dist(
        "capicua-typo",
        {"typo": "capicua_typo2"},
        {
            "capicua_typo2": DUEL
            + """
@hookimpl
def capicua_register_variant(registry):
    registry.add(Duel)
"""
        },
    )
    loaded = load_plugins()
    message = failure_of(loaded, "typo")
    assert "unknown hook 'capicua_register_variant'" in message
    assert "capicua_register_variants" in message  # the list of real hooks helps spot it
    assert loaded.pm.get_plugin("typo") is None


def test_a_hook_with_an_argument_the_spec_lacks_is_reported(make_dist):
    make_dist(
        "capicua-args",
        {"args": "capicua_args"},
        {
            "capicua_args": HEADER
            + """
@hookimpl
def capicua_register_players(registry, config):
    pass
"""
        },
    )
    message = failure_of(load_plugins(), "args")
    assert "PluginValidationError" in message and "config" in message


def test_a_plugin_with_no_hooks_is_reported(make_dist):
    make_dist("capicua-empty", {"empty": "capicua_empty"}, {"capicua_empty": "x = 1\n"})
    assert "it implements no capicua hook" in failure_of(load_plugins(), "empty")


def test_an_observer_hook_that_raises_is_reported_once_and_the_match_goes_on(make_dist, caplog):
    module = "capicua_observer"
    make_dist(
        "capicua-observer",
        {"observer": module},
        {
            module: HEADER
            + """
seen = []

@hookimpl
def capicua_match_started(match, seats):
    seen.append("started")

@hookimpl
def capicua_action_applied(match, seat, action):
    if len(match.actions) == 3:
        raise ValueError("cannot draw this tile")
    seen.append(str(action))
"""
        },
    )
    loaded = load_plugins()
    assert not loaded.failures
    players = {s: RandomPlayer(seat_stream(5, s)) for s in range(1, 5)}
    match = play_match(Chiva(), players, 5, hook=loaded.hook)
    assert match.over
    seen = sys.modules["capicua_observer"].seen
    assert seen[0] == "started" and len(seen) == 3  # two actions, then it was unregistered
    message = failure_of(loaded, "observer")
    assert "capicua_action_applied raised ValueError: cannot draw this tile" in message
    assert loaded.pm.get_plugin("observer") is None
    assert "cannot draw this tile" in caplog.text  # told at once, not only in the list


def test_a_plugin_object_keeps_its_hook_options_and_its_classes_are_its_own(make_dist):
    module = "capicua_options"
    make_dist(
        "capicua-options",
        {"options": f"{module}:plugin"},
        {
            module: DUEL
            + """
class Plugin:
    def __init__(self):
        self.ended = []

    @hookimpl(specname="capicua_register_variants")
    def variants(self, registry):
        registry.add(Duel)

    @hookimpl(specname="capicua_match_ended", trylast=True)
    def over(self, match):
        self.ended.append(match.seed)

plugin = Plugin()
"""
        },
    )
    loaded = load_plugins()
    assert not loaded.failures
    entry = loaded.variants.entries["duel"]
    assert (entry.plugin, entry.distribution) == ("options", "capicua-options")
    (impl,) = [
        i
        for i in loaded.pm.hook.capicua_match_ended.get_hookimpls()
        if i.plugin is loaded.pm.get_plugin("options")
    ]
    assert impl.trylast and impl.argnames == ("match",)
    players = {s: RandomPlayer(seat_stream(3, s)) for s in range(1, 5)}
    play_match(Chiva(), players, 3, hook=loaded.hook)
    assert sys.modules[module].plugin.ended == [3]


@pytest.mark.slow
def test_a_broken_plugin_leaves_the_command_line_working(make_dist):
    make_dist(
        "capicua-needs-numpy",
        {"needy": "capicua_needy3"},
        {"capicua_needy3": "import numpy_that_is_not_installed\n"},
    )
    # A real process: the entry points it finds, what it prints, its exit status.
    cmd = [sys.executable, "-m", "capicua.cli", "simulate", "chiva", "-n", "1", "-s", "3"]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert "Chiva: 1 matches, seed 3" in done.stdout
    # The line is folded at the terminal's width (80 columns in a pipe): read as words.
    assert (
        "warning: plugin 'needy' (capicua-needs-numpy) was skipped: 'capicua_needy3' could "
        "not be loaded: ModuleNotFoundError"
    ) in " ".join(done.stderr.split())
    assert "Traceback" not in done.stderr


@pytest.mark.slow  # 3 s at load average 18 (--durations): over 0.5 s alone
def test_capicua_disable_plugins_switches_off_by_entry_point_or_distribution(cli, monkeypatch):
    monkeypatch.setenv("CAPICUA_DISABLE_PLUGINS", "block, capicua-greedy")
    r = cli("plugins", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    names = {row["name"] for row in data["plugins"]}
    assert "block" not in names and "greedy" not in names and "chiva" in names
    assert sorted(data["disabled"]) == ["block (capicua-block)", "greedy (capicua-greedy)"]


def test_no_plugins_loads_only_the_builtins(cli, make_dist):
    make_dist(
        "capicua-needs-numpy",
        {"needy": "capicua_needy2"},
        {"capicua_needy2": "import numpy_that_is_not_installed\n"},
    )
    r = cli("--no-plugins", "plugins", "--json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.output)
    assert {row["distribution"] for row in data["plugins"]} == {"capicua"}
    assert data["failures"] == []  # the broken plugin was not even imported


def test_builtins_cannot_be_disabled(monkeypatch):
    loaded = load_plugins(disabled={"capicua", "capicua.variants.chiva"})
    assert "chiva" in loaded.variants and loaded.disabled == []


def test_the_builtin_players_and_variants_have_valid_metadata():
    loaded = load_plugins(third_party=False)
    for name in loaded.variants:
        assert variant_problems(loaded.variants.get(name)) == [], name
    for name in loaded.players:
        assert player_problems(loaded.players.get(name)) == [], name


def test_a_variants_options_are_checked_and_carried_to_the_players():
    from capicua.core.options import Option
    from capicua.core.variant import Variant

    class Race(Variant):
        name, title, seats, teams = "race", "Race", 2, ((1,), (2,))
        options = {"goal": Option(int, 100, "points that win the match", min=10, max=500)}
        block_winner = Variant.block_by_lowest_count
        points = Variant.score_opponents_pips
        next_scores = Variant.add_points
        match_winner = Variant.first_to_goal

    assert Race().goal == 100
    short = Race(goal=50)
    assert short.match_winner((49, 0)) is None and short.match_winner((50, 0)) == 1
    info = short.info()
    assert info.options == (("goal", 50),)
    assert info.variant().goal == 50 and info.variant() is not short  # the players' own copy
    with pytest.raises(ValueError, match="at least 10"):
        Race(goal=5)
    with pytest.raises(ValueError, match="has no option 'target'"):
        Race(target=50)


def test_capicua_plugins_shows_a_plugins_words_as_written(make_dist, cli, monkeypatch):
    from capicua.commands import common

    monkeypatch.setattr(common.out, "width", 200)  # a wide terminal: no cell wraps
    make_dist(
        "capicua-bracketed",
        {"bracketed": "capicua_bracketed"},
        {
            "capicua_bracketed": """
                from capicua.hookspecs import hookimpl
                from capicua.players.base import Option, Player

                class Bracketed(Player):
                    name = "bracketed"
                    description = "needs the [rl] extra: pip install 'capicua[rl]'"
                    options = {"depth": Option(int, 2, "plies [1-4] to look ahead", min=1)}

                    def act(self, view):
                        return view.legal[0]

                @hookimpl
                def capicua_register_players(registry):
                    registry.add(Bracketed)
            """
        },
    )
    r = cli("plugins")
    assert r.exit_code == 0, r.output
    flat = " ".join(r.output.split())
    assert "needs the [rl] extra" in flat and "plies [1-4] to look ahead" in flat
