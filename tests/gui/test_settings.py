"""Which settings end the match in progress: only another game, seed or players; the pace,
step mode and language never do (and a seat written out with its default level is the same
seat); which control each game option gets, and how many seats its options make. No Tk."""

from __future__ import annotations

from dataclasses import replace

import pytest
from table_helpers import PLUGINS, SEATS

from capicua.gui.settings import (
    Settings,
    changes_match,
    control_kind,
    kept_options,
    read_option,
    same_seats,
    seat_count,
)

PLAYERS = PLUGINS.players


def now() -> Settings:
    return Settings("chiva", dict(SEATS), None, 0.6)


def test_step_mode_pace_sliding_and_language_keep_the_match():
    new = replace(now(), delay=0.0, step=True, animate=False, language="de")
    assert not changes_match(PLAYERS, now(), new)


def test_a_seat_written_out_with_its_default_level_is_the_same_seat():
    seats = {**SEATS, 2: {"player": "expert"}, 3: "expert"}
    filled = {**SEATS, 2: {"player": "expert", "level": "normal"}, 3: {"player": "expert"}}
    assert same_seats(PLAYERS, seats, filled)
    assert not changes_match(PLAYERS, replace(now(), seats=seats), replace(now(), seats=filled))


def test_another_level_player_game_or_seed_is_a_new_match():
    base = replace(now(), seats={**SEATS, 2: "expert"})
    for new in (
        replace(base, seats={**SEATS, 2: {"player": "expert", "level": "strong"}}),
        replace(base, seats={**SEATS, 2: "random"}),
        replace(base, variant="double-nine-100"),
        replace(base, seed=7),
    ):
        assert changes_match(PLAYERS, base, new), new


def test_each_option_gets_the_control_its_declaration_asks_for():
    from capicua.core.options import Option

    assert control_kind(Option(int, 4, min=2, max=8)) == "spin"
    assert control_kind(Option(bool, False)) == "check"
    assert control_kind(Option(str, "fast", choices=("fast", "strong"))) == "menu"
    assert control_kind(Option(int, 100, min=10)) == "entry"
    assert control_kind(Option(float, 0.5, min=0.0, max=1.0)) == "entry"


def test_an_option_s_control_text_is_read_and_checked():
    from capicua.core.options import Option

    seats = Option(int, 4, min=2, max=8)
    assert read_option("seats", seats, " 6 ") == 6
    for bad in ("9", "six", ""):
        with pytest.raises(ValueError, match="option 'seats' must be"):
            read_option("seats", seats, bad)
    assert read_option("partners", Option(bool, False), True) is True
    assert read_option("level", Option(str, "a", choices=("a", "b")), "b") == "b"


def test_options_left_at_their_defaults_are_the_same_settings(plugins):
    declared = plugins.variants.get("mexican-train").options
    chosen = {"rounds": 13, "seats": 4}
    assert kept_options(declared, {}, chosen) == {}
    assert kept_options(declared, {"seats": 4}, chosen) == {"seats": 4}  # a config's, kept
    assert kept_options(declared, {}, {**chosen, "seats": 6}) == {"seats": 6}
    old = replace(now(), variant="mexican-train")
    assert changes_match(PLAYERS, old, replace(old, options={"seats": 6}))


def test_the_seats_follow_the_options(plugins):
    variants = plugins.variants
    assert seat_count(variants, "mexican-train", {}) == 4
    assert seat_count(variants, "mexican-train", {"seats": 6}) == 6
    assert seat_count(variants, "draw", {"seats": 3}) == 3
    assert seat_count(variants, "chiva", {}) == 4
    assert seat_count(variants, "no-such-game", {}) is None
