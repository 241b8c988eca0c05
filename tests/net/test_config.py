"""Host configs: tables and settings checked, every problem one line naming the key."""

from __future__ import annotations

from pathlib import Path

import pytest

from capicua.net.config import DEFAULT_HOLD, DEFAULT_MAX_CONNECTIONS, load_host_config
from capicua.plugins import default_plugins
from capicua.tournament.config import ConfigError, locate, shipped_configs

GOOD = """
[host]
port = 9000
hold = 30
pace = 0
time_limit = 5
store = "friends.sqlite"
max_per_address = 8

[[tables]]
name = "friends"
variant = "chiva"
seats = { 1 = "person", 2 = "heuristic", 3 = "person", 4 = { player = "expert", samples = 20 } }

[[tables]]
name = "league"
variant = "double-nine-100"
matches = 3
seed = 7
seats = { 1 = "bot", 2 = "bot", 3 = "bot", 4 = "bot" }
"""


BOTS = "seats = { 1 = 'bot', 2 = 'bot', 3 = 'bot', 4 = 'bot' }"


@pytest.fixture(scope="module")
def plugins():
    return default_plugins()


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "host.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_host_config_reads_its_tables_and_settings(tmp_path, plugins):
    config = load_host_config(write(tmp_path, GOOD), plugins)
    assert config.port == 9000 and config.hold == 30 and config.pace == 0
    assert config.time_limit == 5
    assert config.max_per_address == 8 and config.max_connections == DEFAULT_MAX_CONNECTIONS
    assert config.store == tmp_path / "friends.sqlite"
    friends, league = config.tables
    assert friends.seats[1] == "person" and friends.seats[4]["player"] == "expert"
    assert league.matches == 3 and league.seed == 7 and league.seats[2] == "bot"


def test_no_config_is_one_chiva_table_for_two_partners(plugins):
    config = load_host_config(None, plugins)
    (table,) = config.tables
    assert table.variant == "chiva" and config.bind == "127.0.0.1"
    assert [table.seats[s] for s in (1, 3)] == ["person", "person"]
    assert config.hold == DEFAULT_HOLD


@pytest.mark.parametrize(
    "text, says",
    [
        ("[[tables]]\nvariant = 'chess'\nseats = {}", "unknown variant 'chess'"),
        ("[[tables]]\nvariant = 'chiva'\nseats = { 1 = 'person' }", "no player for seat 2, 3, 4"),
        (
            BOTS.replace("1 = 'bot'", "1 = 'nobody'").join(("[[tables]]\nvariant = 'chiva'\n", "")),
            "seats 1",
        ),
        ("[[tables]]\nvariant = 'chiva'\nseats = { 5 = 'bot' }", "seats 5 is not a seat of chiva"),
        (
            BOTS.replace("1 = 'bot'", "1 = 'human'").join(("[[tables]]\nvariant = 'chiva'\n", "")),
            "invite a person instead",
        ),
        ("[host]\nport = 70000\n[[tables]]\nvariant = 'chiva'\n" + BOTS, "port must be at most"),
        (
            "[host]\nhold = 'long'\n[[tables]]\nvariant = 'chiva'\n" + BOTS,
            "hold must be a number of seconds",
        ),
        ("[host]\nspeed = 1\n[[tables]]\nvariant = 'chiva'\n" + BOTS, "has no key 'speed'"),
        ("[host]\nport = 1", "no tables"),
        (
            "[host]\nmax_per_address = -1\n[[tables]]\nvariant = 'chiva'\n" + BOTS,
            "max_per_address must be at least 0",
        ),
        (
            "[host]\ncertificate = 'c.pem'\n[[tables]]\nvariant = 'chiva'\n" + BOTS,
            "both a certificate and its key",
        ),
        (
            ("[[tables]]\nname = 'a'\nvariant = 'chiva'\n" + BOTS + "\n") * 2,
            "two tables are named 'a'",
        ),
        ("tables = 3", "no tables"),
        (
            "[[tables]]\nvariant = 'chiva'\nmatches = 0\n" + BOTS,
            "matches must be at least 1",
        ),
    ],
)
def test_a_bad_host_config_is_one_line_naming_the_problem(tmp_path, plugins, text, says):
    with pytest.raises(ConfigError) as err:
        load_host_config(write(tmp_path, text), plugins)
    message = str(err.value)
    assert says in message and "\n" not in message, message


def test_a_missing_config_says_so(tmp_path, plugins):
    with pytest.raises(ConfigError, match="no such config file"):
        load_host_config(tmp_path / "none.toml", plugins)


def test_the_shipped_host_config_loads_and_is_found_by_name(tmp_path, plugins, monkeypatch):
    monkeypatch.chdir(tmp_path)  # no such file here: the name finds the shipped example
    path = locate("host-chiva-friends")
    assert path == shipped_configs()["host-chiva-friends"] and path.is_file()
    config = load_host_config(path, plugins)
    assert config.bind == "0.0.0.0" and config.certificate is None
    assert config.store == Path("host.sqlite")  # where capicua host runs, not the package
    chiva, double_nine = config.tables
    assert chiva.variant == "chiva" and [chiva.seats[s] for s in (1, 3)] == ["person"] * 2
    assert all(chiva.seats[s] not in ("person", "bot") for s in (2, 4))
    assert double_nine.variant == "double-nine-100" and double_nine.seats[1] == "bot"
