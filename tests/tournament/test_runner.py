"""The runner and its database: every finished game kept at once, the records file in order."""

from __future__ import annotations

import pytest

from capicua.tournament.backends import RunnerError
from capicua.tournament.config import Overrides, resolve
from capicua.tournament.play import Job, play_game
from capicua.tournament.runner import open_tournament, run

from .conftest import chiva, read_jsonl


class Backwards:
    """A backend that finishes games last first, then fails: the worst order there is."""

    def __init__(self, fail_after: int | None = None) -> None:
        self.fail_after = fail_after

    def describe(self) -> str:
        return "backwards"

    def run(self, job: Job, indices, deliver) -> None:
        for n, index in enumerate(reversed(list(indices))):
            if n == self.fail_after:
                raise RunnerError("the cluster went away")
            deliver(play_game(job, index))


def settings_for(write_config, tmp_path, plugins, matches=5, records=True):
    config = write_config(chiva(matches=matches, seed=9))
    given = Overrides(db=tmp_path / "t.sqlite", records=tmp_path / "r.jsonl" if records else None)
    return resolve(config, given, plugins)


def test_records_are_written_in_game_order_whatever_order_games_finish_in(
    write_config, tmp_path, plugins
):
    settings, store = open_tournament(settings_for(write_config, tmp_path, plugins), resume=False)
    assert run(settings, store, Backwards()) == 5
    assert [r["seed"] for r in read_jsonl(settings.records)] == [
        play_game(Job.from_settings(settings), i)["seed"] for i in range(5)
    ]
    store.close()


@pytest.mark.slow  # 1.3 s at load average 9 (-n 2): over 0.5 s alone
def test_a_failing_backend_keeps_every_game_it_finished_and_resume_completes(
    write_config, tmp_path, plugins
):
    settings, store = open_tournament(settings_for(write_config, tmp_path, plugins), resume=False)
    with pytest.raises(RunnerError):
        run(settings, store, Backwards(fail_after=2))
    assert store.done() == {3, 4}
    assert read_jsonl(settings.records) == []  # game 0 is not in yet: nothing can be written
    store.close()
    settings, store = open_tournament(settings, resume=True)
    assert run(settings, store, Backwards()) == 3
    whole = [play_game(Job.from_settings(settings), i)["record"] for i in range(5)]
    assert settings.records.read_text().splitlines() == whole
    store.close()


def test_a_tournament_played_without_a_time_limit_resumes_without_one(
    write_config, tmp_path, plugins
):
    from dataclasses import replace

    unlimited = replace(settings_for(write_config, tmp_path, plugins), time_limit=None)
    settings, store = open_tournament(unlimited, resume=False)
    with pytest.raises(RunnerError):
        run(settings, store, Backwards(fail_after=2))
    store.close()
    # The config sets no time_limit, so this run's default gives way to the stored none.
    again = settings_for(write_config, tmp_path, plugins)
    assert again.time_limit is not None and again.time_limit_defaulted
    settings, store = open_tournament(again, resume=True)
    assert settings.time_limit is None
    assert run(settings, store, Backwards()) == 3
    store.close()


def test_a_time_limit_the_config_sets_must_match_the_stored_one(write_config, tmp_path, plugins):
    from dataclasses import replace

    from capicua.tournament.config import ConfigError

    unlimited = replace(settings_for(write_config, tmp_path, plugins), time_limit=None)
    settings, store = open_tournament(unlimited, resume=False)
    with pytest.raises(RunnerError):  # a game kept: the stored settings bind the next run
        run(settings, store, Backwards(fail_after=1))
    store.close()
    config = write_config(chiva(matches=5, seed=9, extra="time_limit = 5.0"))
    given = Overrides(db=tmp_path / "t.sqlite", records=tmp_path / "r.jsonl")
    with pytest.raises(ConfigError, match="time_limit"):
        open_tournament(resolve(config, given, plugins), resume=True)
