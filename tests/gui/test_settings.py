"""Which settings end the match in progress: only another game, seed or players; the pace,
step mode and language never do (and a seat written out with its default level is the same
seat). No Tk."""

from __future__ import annotations

from dataclasses import replace

from table_helpers import PLUGINS, SEATS

from capicua.gui.settings import Settings, changes_match, same_seats

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
