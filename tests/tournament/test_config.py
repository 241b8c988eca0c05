"""Configs: the one resolve() (defaults < TOML < command line) and its one-line errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from capicua.players.command import DEFAULT_TIME_LIMIT
from capicua.tournament.config import (
    ConfigError,
    Overrides,
    entry_label,
    load_config,
    read_toml,
    resolve,
)

from .conftest import chiva


def test_flags_override_the_config_and_the_config_overrides_defaults(write_config, plugins):
    path = write_config(chiva(matches=8, seed=5, extra="swap_teams = true\ntime_limit = 2"))
    s = resolve(path, Overrides(), plugins)
    assert (s.matches, s.seed, s.workers, s.swap_teams, s.time_limit) == (8, 5, 2, True, 2.0)
    s = resolve(path, Overrides(matches=4, seed=9, workers=1), plugins)
    assert (s.matches, s.seed, s.workers) == (4, 9, 1)
    bare = write_config(
        'variant = "chiva"\n[seats]\n1 = "random"\n2 = "random"\n3 = "random"\n4 = "random"\n'
    )
    s = resolve(bare, Overrides(), plugins)
    assert s.matches == 100 and s.seed is None and s.workers >= 1 and not s.swap_teams
    assert s.time_limit == DEFAULT_TIME_LIMIT  # every seat has a time limit by default
    assert s.records is None and s.db == Path(f"{bare.stem}.sqlite")


def test_paths_in_the_config_are_relative_to_the_config_and_flags_to_the_current_folder(
    write_config, plugins
):
    path = write_config(chiva(extra='db = "t.sqlite"\nrecords = "t.jsonl"'))
    s = resolve(path, Overrides(), plugins)
    assert s.db == path.parent / "t.sqlite" and s.records == path.parent / "t.jsonl"
    s = resolve(path, Overrides(db=Path("x.sqlite")), plugins)
    assert s.db == Path("x.sqlite")


def test_seats_keep_the_entries_as_written(write_config, plugins):
    path = write_config(chiva(seats={3: '{ player = "random" }'}))
    s = resolve(path, Overrides(), plugins)
    assert s.seats == {1: "random", 2: "random", 3: {"player": "random"}, 4: "random"}
    assert (
        entry_label({"player": "expert", "samples": 200, "a": "x"}) == 'expert(a="x", samples=200)'
    )
    assert entry_label({"player": "random"}) == "random"
    assert entry_label({"player": "expert", "samples": 200, "isolation": "none"}) == (
        "expert(samples=200)"
    )


@pytest.mark.parametrize(
    "text, message",
    [
        ('variant = "chiva"\n[seats\n', "not valid TOML: "),
        ('variant = "chiva"\n[seats]\n1 = \n', "(at line 3"),
        (
            'variant = "whist"\n[seats]\n',
            "unknown variant 'whist'; available: ",
        ),
        ('[seats]\n1 = "random"\n', "no variant"),
        ('variant = "chiva"\n', "no [seats] table; chiva needs seats 1 to 4"),
        (
            'variant = "chiva"\n[seats]\n1 = "random"\n2 = "random"\n',
            "no player for seats 3, 4 (chiva has 4 seats)",
        ),
        (
            chiva().replace("[tournament]", '5 = "random"\n[tournament]'),
            "[seats] 5 is not a seat of chiva (seats 1 to 4)",
        ),
        (chiva(seats={2: '"grandmaster"'}), "[seats] 2: unknown player 'grandmaster'; available: "),
        (
            chiva(seats={2: '{ player = "random", depth = 3 }'}),
            "player 'random' has no option 'depth'",
        ),
        (chiva(seats={2: "{ depth = 3 }"}), "a seat table needs a 'player' key"),
        (
            chiva(extra="rounds = 3"),
            "[tournament] has no key 'rounds' (its keys: matches, seed, workers",
        ),
        ("colour = 1\n" + chiva(), "unknown key 'colour'"),
        (chiva(matches=0), "[tournament] matches must be at least 1, not 0"),
        (
            chiva().replace("matches = 6", 'matches = "ten"'),
            "[tournament] matches must be a whole number, not 'ten'",
        ),
        (chiva(seed=-1), "[tournament] seed must be at least 0"),
        (chiva(extra="swap_teams = 1"), "swap_teams must be true or false, not 1"),
        (chiva(extra="time_limit = 0"), "seconds above 0 and at most 3,600, not 0"),
        (chiva(matches=7, extra="swap_teams = true"), "matches must be even, not 7"),
        ('variant = "chiva"\nseats = 4\n', "seats must be a table ([seats])"),
    ],
)
def test_a_bad_config_is_one_clear_message_naming_the_file(write_config, plugins, text, message):
    path = write_config(text)
    with pytest.raises(ConfigError) as info:
        resolve(path, Overrides(), plugins)
    assert message in str(info.value)
    assert str(info.value).startswith(str(path)) or "--" in str(info.value)
    assert "\n" not in str(info.value)


def test_bad_command_line_values_name_the_flag(write_config, plugins):
    path = write_config(chiva(extra="swap_teams = true"))
    with pytest.raises(ConfigError, match=r"^--matches: with swap_teams .* must be even, not 3$"):
        resolve(path, Overrides(matches=3), plugins)
    with pytest.raises(ConfigError, match=r"^--workers must be at least 0, not -1$"):
        resolve(path, Overrides(workers=-1), plugins)


def test_a_missing_config_file_is_reported(tmp_path, plugins):
    with pytest.raises(ConfigError, match="no such config file"):
        resolve(tmp_path / "nope.toml", Overrides(), plugins)


def test_the_number_of_seats_comes_from_the_variant(write_config, testplayers):
    path = write_config(
        'variant = "duel"\n[seats]\n1 = "random"\n2 = "raiser"\n[tournament]\nswap_teams = true\n'
    )
    s = resolve(path, Overrides(), testplayers)
    assert s.seats == {1: "random", 2: "raiser"} and s.swap_teams
    three = write_config('variant = "duel"\n[seats]\n1 = "random"\n2 = "random"\n3 = "random"\n')
    with pytest.raises(ConfigError, match=r"\[seats\] 3 is not a seat of duel \(seats 1 to 2\)"):
        resolve(three, Overrides(), testplayers)


def test_the_table_section_is_kept_for_the_gui_and_people_may_sit_there(write_config, plugins):
    path = write_config(chiva() + "[table]\ndelay = 0.5\n")
    table = load_config(path, plugins)
    assert table.table == {"delay": 0.5} and table.variant == "chiva"
    assert resolve(path, Overrides(), plugins).matches == 6


def test_the_shipped_configs_are_valid(plugins):
    configs = sorted((Path(__file__).parents[2] / "configs").glob("*.toml"))
    assert len(configs) >= 4, "configs/ holds example configs for both games"
    checked = 0
    for path in configs:
        raw = read_toml(path)
        if "league" in raw:
            from capicua.tournament.league import resolve_league

            assert len(resolve_league(path, plugins).players) >= 4
            checked += 1
            continue
        if "tables" in raw:  # a host's (capicua host): tests/net/test_config.py loads it
            continue
        names = {s if isinstance(s, str) else s["player"] for s in raw["seats"].values()}
        if not names <= set(plugins.players.names()):
            continue  # a player that is not installed here: nothing to check it against
        table = load_config(path, plugins, interactive=True)
        if "human" not in names:
            resolve(path, Overrides(), plugins)
        else:
            assert table.table and "tournament" not in raw
        checked += 1
    assert checked


def test_variant_options_choose_the_game_and_its_seats(write_config, plugins):
    pytest.importorskip("capicua_draw", reason="Draw is an example plugin under examples/")
    three = 'variant = "draw"\n[variant_options]\nseats = 3\ngoal = 60\n'
    path = write_config(three + '[seats]\n1 = "random"\n2 = "random"\n3 = "random"\n')
    s = resolve(path, Overrides(), plugins)
    assert s.variant_options == {"seats": 3, "goal": 60}
    assert s.identity()["variant_options"] == {"goal": 60, "seats": 3}
    assert s.job().game(plugins).seats == 3
    # The seats follow the game as chosen: a fourth is not a seat of three-player Draw.
    four = write_config(three + '[seats]\n1 = "random"\n2 = "random"\n3 = "random"\n4 = "random"\n')
    with pytest.raises(ConfigError, match="4 is not a seat of draw"):
        resolve(four, Overrides(), plugins)


def test_a_bad_variant_option_is_one_line_naming_the_table(write_config, plugins):
    pytest.importorskip("capicua_draw", reason="Draw is an example plugin under examples/")
    path = write_config('variant = "draw"\n[variant_options]\nseats = 9\n[seats]\n1 = "random"\n')
    with pytest.raises(ConfigError, match=r"\[variant_options\].*seats"):
        resolve(path, Overrides(), plugins)


def test_a_game_played_as_it_comes_keeps_the_identity_it_had(write_config, plugins):
    s = resolve(write_config(chiva()), Overrides(), plugins)
    assert "variant_options" not in s.identity()
