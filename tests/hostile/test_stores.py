"""Stores refused, and stores rewritten (issue 44, route 6): a host or a tournament refused
its database leaves no file behind, and a result row rewritten with a fresh plain SHA-256
(what a bot that can write the database can compute) is found by --repair."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from capicua.net.store import HostStore
from capicua.tournament.config import ConfigError
from capicua.tournament.store import Store


@pytest.mark.parametrize("opener", [HostStore.open, Store.open], ids=["host", "tournament"])
def test_a_refused_store_leaves_no_file_behind(tmp_path, opener):
    other = tmp_path / "notes.sqlite"  # a file that is not a database at all
    other.write_text("my notes\n" * 100)
    for path in (Path("/dev/null"), other):
        before = set(os.listdir(path.parent))
        with pytest.raises(ConfigError) as refused:
            opener(path)
        assert "\n" not in str(refused.value) and str(path) in str(refused.value)
        assert set(os.listdir(path.parent)) == before, path
    assert other.read_text() == "my notes\n" * 100


def test_the_host_command_refuses_dev_null_in_one_line(cli, tmp_path):
    result = cli("host", "--store", "/dev/null", "--port", "0")
    assert result.exit_code == 2, result.output
    assert "/dev/null is not a file" in result.output and "Traceback" not in result.output
    assert not Path("/dev/null.lock").exists()


@pytest.mark.slow
def test_a_result_rewritten_with_a_fresh_plain_checksum_is_found_by_repair(cli, tmp_path):
    import hashlib
    import json
    import sqlite3

    from capicua.tournament.store import key_folder

    config = tmp_path / "t.toml"
    config.write_text(
        'variant = "chiva"\n[seats]\n1 = "random"\n2 = "random"\n3 = "random"\n4 = "random"\n'
        "[tournament]\nmatches = 4\nseed = 44\nworkers = 1\n"
    )
    db = tmp_path / "t.sqlite"
    assert cli("tournament", config, "--db", db).exit_code == 0
    with sqlite3.connect(db) as con:  # what a bot that can write the database does
        row = con.execute(
            "SELECT idx, seed, swapped, record, facts, error FROM games WHERE idx = 1"
        ).fetchone()
        facts = json.loads(row[4])
        facts["winner"] = 3 - (facts["winner"] or 1)
        row = (*row[:4], json.dumps(facts, separators=(",", ":")), row[5])
        text = json.dumps(list(row), ensure_ascii=False)
        plain = hashlib.sha256(text.encode()).hexdigest()
        con.execute("UPDATE games SET facts = ?, sum = ? WHERE idx = 1", (row[4], plain))
        # And it says the database's sums are plain, as an older one's were.
        con.execute("UPDATE meta SET value = '\"sha256\"' WHERE key = 'row_sums'")
    result = cli("tournament", config, "--db", db, "--resume")
    assert result.exit_code == 2, result.output
    assert "1 damaged row (match 2: its checksum does not match" in result.output
    repaired = cli("tournament", config, "--db", db, "--resume", "--repair")
    assert repaired.exit_code == 0, repaired.output
    # The key is kept in a folder of the user's own.
    assert (key_folder() / "rows.key").stat().st_mode & 0o077 == 0
