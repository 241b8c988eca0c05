"""Hypothesis throws configs and records at the readers: every one is read or refused with
one of capicua's own errors (one line for the person), never a traceback.

Configs are written as TOML from generated tables (any value: huge numbers, nan, text with
control characters and NUL, deep arrays) in the places a config has, and as a shipped
config with bytes changed. Records are a real record with one field set to anything JSON
holds. No generated seat names a program or a policy to import, so nothing is started.
"""

from __future__ import annotations

import contextlib
import json
import math
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from capicua.cli import app
from capicua.core.driver import play_match
from capicua.core.errors import CapicuaError, RecordError, RuleViolation
from capicua.core.records import dumps, read_records, replay, to_record
from capicua.core.rng import seat_stream
from capicua.plugins import load_plugins
from capicua.tournament.config import ConfigError, Overrides, load_config, resolve
from capicua.tournament.league import resolve_league

PLUGINS = load_plugins(third_party=False)
FUZZ = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)

text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
scalars = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    text,
    st.sampled_from(["random", "heuristic", "expert", "human", "nobody", "", "1", "0"]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.sampled_from(["a", "player", "x"]), inner, max_size=3),
    ),
    max_leaves=12,
)
players = st.one_of(
    st.sampled_from(["random", "heuristic", "expert", "human", "greedy", "nobody"]),
    st.fixed_dictionaries(
        {"player": st.sampled_from(["random", "heuristic", "expert", "x"])},
        optional={
            "noise": values,
            "level": values,
            "samples": values,
            "isolation": values,
            "reading": values,
        },
    ),
    values,
)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    assert isinstance(value, dict)
    return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"


def table(name: str, entries: dict) -> str:
    lines = [f"[{name}]"] + [f"{json.dumps(k)} = {toml_value(v)}" for k, v in entries.items()]
    return "\n".join(lines)


configs = st.builds(
    lambda variant, seats, section, extra, deep: "\n".join(
        [
            f"variant = {toml_value(variant)}",
            f"x = {'[' * deep}{']' * deep}" if deep else "",
            table("seats", seats),
            table("tournament", section),
            table("table", extra),
        ]
    ),
    st.one_of(st.sampled_from(["chiva", "double-nine-100", "block", "nope"]), values),
    st.dictionaries(
        st.sampled_from(["1", "2", "3", "4", "5", "01", "x", "0"]), players, max_size=5
    ),
    st.dictionaries(
        st.sampled_from(
            ["matches", "seed", "workers", "swap_teams", "time_limit", "records", "db", "bogus"]
        ),
        values,
        max_size=4,
    ),
    st.dictionaries(st.sampled_from(["delay", "step", "animate"]), values, max_size=2),
    st.sampled_from([0, 0, 0, 40, 3000]),
)
leagues = st.builds(
    lambda entries, section: table("league", {"players": entries, **section}).replace(
        "[league]", 'variant = "chiva"\n[league]'
    ),
    st.lists(players, max_size=4),
    st.dictionaries(
        st.sampled_from(["format", "pairs", "seed", "workers", "time_limit", "db", "bogus"]),
        values,
        max_size=3,
    ),
)


def _write(content: str | bytes) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="capicua-fuzz-"))
    path = folder / "fuzz.toml"
    if isinstance(content, str):
        path.write_text(content, encoding="utf-8")
    else:
        path.write_bytes(content)
    return path


def _read_config(path: Path) -> None:
    """Every reader of a config: the table's, the tournament's and the league's."""
    for read in (
        lambda: load_config(path, PLUGINS, interactive=True),
        lambda: resolve(path, Overrides(db=path.with_suffix(".sqlite")), PLUGINS),
        lambda: resolve_league(path, PLUGINS, db=path.with_suffix(".sqlite")),
    ):
        with contextlib.suppress(ConfigError, CapicuaError):
            read()  # read, or refused with capicua's own one-line error


@pytest.mark.slow
@FUZZ
@given(configs)
def test_no_generated_config_makes_a_reader_raise_anything_else(document):
    _read_config(_write(document))


@pytest.mark.slow
@FUZZ
@given(leagues)
def test_no_generated_league_makes_a_reader_raise_anything_else(document):
    _read_config(_write(document))


SHIPPED = (Path(__file__).parents[1] / "configs" / "chiva-bots.toml").read_bytes()


@FUZZ
@given(st.lists(st.tuples(st.integers(0, len(SHIPPED) - 1), st.integers(0, 255)), max_size=6))
@pytest.mark.slow  # 6 s at load average 18 (--durations): over 0.5 s alone
def test_a_shipped_config_with_bytes_changed_is_read_or_refused(changes):
    data = bytearray(SHIPPED)
    for at, byte in changes:
        data[at] = byte
    if b"command" in data:
        return  # nothing here may name a program to start
    _read_config(_write(bytes(data)))


@pytest.fixture(scope="module")
def record() -> dict:
    seats = {s: "random" for s in range(1, 5)}
    made = {s: PLUGINS.players.create("random", seat_stream(11, s)) for s in seats}
    return to_record(play_match(PLUGINS.variants.create("chiva"), made, 11), seats)


json_values = st.recursive(
    st.one_of(
        st.none(),
        st.booleans(),
        st.integers(min_value=-(10**400), max_value=10**400),
        st.floats(allow_nan=True, allow_infinity=True),
        text,
    ),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(text, inner, max_size=4)),
    max_leaves=10,
)


def _paths(value: object, at: tuple = ()) -> list[tuple]:
    found = [at]
    if isinstance(value, dict):
        for k, v in value.items():
            found += _paths(v, (*at, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found += _paths(v, (*at, i))
    return found


@pytest.mark.slow
@FUZZ
@given(data=st.data())
def test_a_record_with_any_field_set_to_anything_is_replayed_or_refused(record, data):
    changed = json.loads(json.dumps(record))
    where = data.draw(st.sampled_from(_paths(changed)[1:]))
    new = data.draw(json_values)
    target = changed
    for key in where[:-1]:
        target = target[key]
    target[where[-1]] = new
    path = _write(dumps(changed) + "\n").with_name("fuzz.jsonl")
    path.write_text(dumps(changed) + "\n", encoding="utf-8")
    try:
        for _line, rec in read_records(path):
            replay(rec, PLUGINS.variants)
    except (RecordError, RuleViolation):
        pass


@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_the_cli_gives_one_line_for_a_fuzzed_record(record, tmp_path):
    """The same through ``capicua replay``, for a few fixed damages: exit 2, one line."""
    for change in ({"seed": float("nan")}, {"seed": 10**400}, {"seats": {"9": "x"}}, {"hands": 3}):
        path = tmp_path / "r.jsonl"
        path.write_text(json.dumps({**record, **change}) + "\n")
        result = CliRunner().invoke(app, ["replay", str(path)])
        assert result.exit_code == 2 and "Traceback" not in result.output, result.output
        assert len(result.output.strip().splitlines()) == 1, result.output
