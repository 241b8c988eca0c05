"""The host's store: its own file, one host at a time, every action kept in order."""

from __future__ import annotations

import sqlite3
import stat

import pytest

from capicua.net.store import HostStore
from capicua.tournament.config import ConfigError


def test_a_store_keeps_tables_actions_and_records_in_order(tmp_path):
    store = HostStore.open(tmp_path / "h.sqlite")
    try:
        store.add_table("t", {"variant": "chiva", "seed": 3}, {"1": "code"})
        for n, (seat, action) in enumerate([(2, "6-6L"), (3, "6-1R"), (4, "pass")], 1):
            store.add_action("t", 1, n, seat, action)
        store.add_record("t", 1, '{"format": "capicua-match/1"}')
        assert store.table("t") == ({"variant": "chiva", "seed": 3}, {"1": "code"})
        assert store.table("other") is None
        assert store.actions("t") == {1: [(2, "6-6L"), (3, "6-1R"), (4, "pass")]}
        assert store.records("t") == {1: '{"format": "capicua-match/1"}'}
    finally:
        store.close()


def test_the_store_holding_the_codes_is_readable_by_its_owner_only(tmp_path):
    HostStore.open(tmp_path / "h.sqlite").close()
    mode = stat.S_IMODE((tmp_path / "h.sqlite").stat().st_mode)
    assert mode == 0o600


def test_two_hosts_cannot_share_a_store(tmp_path):
    first = HostStore.open(tmp_path / "h.sqlite")
    try:
        with pytest.raises(ConfigError, match="in use by another capicua host"):
            HostStore.open(tmp_path / "h.sqlite")
    finally:
        first.close()
    HostStore.open(tmp_path / "h.sqlite").close()  # free again once the first has closed


def test_a_database_of_something_else_is_refused(tmp_path):
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE games (x)")
    with pytest.raises(ConfigError, match="database of something else"):
        HostStore.open(other)


def test_a_folder_is_not_a_store(tmp_path):
    with pytest.raises(ConfigError, match="is a folder"):
        HostStore.open(tmp_path)


def test_a_table_restarted_with_other_seats_is_refused_saying_what_to_do(tmp_path):
    from capicua.net.host import Host

    from .helpers import PLUGINS, config, table

    seats = {1: "person", 2: "random", 3: "person", 4: "random"}
    Host(config(tmp_path, table("t", "chiva", seats)), PLUGINS, log=lambda _t: None).close()
    changed = config(tmp_path, table("t", "chiva", {**seats, 2: "expert"}))
    with pytest.raises(ConfigError, match="was started with other settings") as err:
        Host(changed, PLUGINS, log=lambda _t: None)
    assert "another --store" in str(err.value)
    # Refused, it let the store go: the config it was started with opens it again.
    Host(config(tmp_path, table("t", "chiva", seats)), PLUGINS, log=lambda _t: None).close()
