"""The core commands: rules, plugins, replay, simulate — and their answers to bad input."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from capicua.cli import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_version():
    r = invoke("--version")
    assert r.exit_code == 0, r.output
    assert r.output.startswith("capicua ")


def test_rules_prints_the_rules_of_a_variant():
    r = invoke("rules", "chiva")
    assert r.exit_code == 0, r.output
    assert "four wins to none win the match: a chiva" in r.output
    r = invoke("rules", "double-nine-100")
    assert "Tripollúa" in r.output and "five or more doubles" in r.output.lower()


def test_rules_without_a_name_lists_the_variants():
    r = invoke("rules")
    assert r.exit_code == 0, r.output
    assert "chiva" in r.output and "double-nine-100" in r.output


def test_rules_of_an_unknown_variant_lists_the_available_ones():
    r = invoke("rules", "poker")
    assert r.exit_code == 2
    assert "unknown variant 'poker'" in r.output and "chiva" in r.output
    assert "Traceback" not in r.output


def test_plugins_lists_variants_and_players_with_their_distribution():
    r = invoke("plugins", "--json")
    assert r.exit_code == 0, r.output
    rows = json.loads(r.output)["plugins"]
    names = {(row["kind"], row["name"]): row["distribution"] for row in rows}
    assert names[("variant", "chiva")] == "capicua"
    assert names[("variant", "double-nine-100")] == "capicua"
    assert names[("player", "random")] == "capicua"


def test_plugins_lists_each_players_options_with_default_and_values(monkeypatch):
    rows = {r["name"]: r for r in json.loads(invoke("plugins", "--json").output)["plugins"]}
    level = rows["expert"]["options"]["level"]
    assert level["default"] == "normal" and level["choices"] == ["fast", "normal", "strong"]
    assert rows["heuristic"]["options"]["noise"]["max"] == 20.0
    assert rows["random"]["options"] == {}
    assert rows["chiva"]["options"] == {}
    assert rows["double-nine-100"]["goal"] == "first to 100 points"
    assert rows["chiva"]["goal"] == "4 won hands in a row, a chiva"
    from capicua.commands import common

    monkeypatch.setattr(common.out, "width", 80)
    listed = invoke("plugins").output.splitlines()
    assert "    level = 'normal' (fast, normal, strong): search budget per decision" in listed
    assert any(line.startswith("    reading = 1.0 (float from 0.0 to 10.0)") for line in listed)


def test_simulate_writes_records_that_replay_cleanly(tmp_path):
    out = tmp_path / "sim.jsonl"
    r = invoke(
        "simulate", "double-nine-100", "--matches", "3", "--seed", "7", "--records", str(out)
    )
    assert r.exit_code == 0, r.output
    assert "3 matches" in r.output and "hands" in r.output
    assert len(out.read_text().splitlines()) == 3
    r = invoke("replay", str(out), "--quiet")
    assert r.exit_code == 0, r.output
    assert "3 records checked, 0 break a rule" in r.output


def test_simulate_with_the_same_seed_repeats_byte_for_byte(tmp_path):
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (a, b):
        r = invoke("simulate", "chiva", "-n", "4", "-s", "11", "--records", str(path))
        assert r.exit_code == 0, r.output
    assert a.read_bytes() == b.read_bytes()


def test_replay_prints_each_hand(tmp_path):
    out = tmp_path / "one.jsonl"
    invoke("simulate", "chiva", "-n", "2", "-s", "3", "--records", str(out))
    r = invoke("replay", str(out), "--match", "2")
    assert r.exit_code == 0, r.output
    assert "match 2" in r.output and "Hand 1: seat" in r.output and "Series: 0–0 → " in r.output
    assert "match 1:" not in r.output


def test_replay_of_a_record_that_breaks_a_rule_exits_1_naming_hand_and_action(tmp_path):
    out = tmp_path / "r.jsonl"
    invoke("simulate", "chiva", "-n", "1", "-s", "3", "--records", str(out))
    record = json.loads(out.read_text())
    first = record["hands"][0]["actions"]
    k = next(i for i, a in enumerate(first) if i > 0 and "tile" in a)
    first[k] = {"seat": first[k]["seat"], "pass": True}
    out.write_text(json.dumps(record) + "\n")
    r = invoke("replay", str(out))
    assert r.exit_code == 1, r.output
    assert f"hand 1, action {k}" in r.output


def test_replay_bad_input_is_one_line_and_exit_2(tmp_path):
    missing = invoke("replay", str(tmp_path / "nope.jsonl"))
    assert missing.exit_code == 2 and "no such file" in missing.output
    junk = tmp_path / "junk.json"
    junk.write_text("this is not json")
    r = invoke("replay", str(junk))
    assert r.exit_code == 2 and "not JSON" in r.output
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "chess-pgn"}))
    r = invoke("replay", str(wrong))
    assert r.exit_code == 2 and "format" in r.output
    unknown = tmp_path / "unknown.json"
    unknown.write_text(json.dumps({"format": "capicua-match/1", "variant": "poker"}))
    r = invoke("replay", str(unknown))
    assert r.exit_code == 2 and "poker" in r.output
    for result in (missing, r):
        assert "Traceback" not in result.output


def test_simulate_unknown_variant_exit_2():
    r = invoke("simulate", "poker")
    assert r.exit_code == 2 and "available" in r.output


def test_error_messages_keep_text_that_looks_like_markup(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('variant = "chiva"\n[seats]\n1 = "random"\n')
    r = invoke("tournament", str(bad))
    assert r.exit_code == 2, r.output
    assert "[seats]" in r.output


def test_replay_reads_the_record_inside_a_table_save(tmp_path):
    # The table saves its match as a capicua-save/1 file: the record under "match", beside
    # the seats' random streams. `capicua replay` checks that record.
    from capicua.core.match import Match
    from capicua.core.rng import seat_stream, stream_state
    from capicua.gui.save import write
    from capicua.variants.chiva import Chiva

    m = Match(Chiva(), 5)
    for _ in range(6):
        m.apply(m.legal_actions()[0])
    path = write(
        m,
        {1: "human", 2: "random", 3: "random", 4: "random"},
        {s: stream_state(seat_stream(5, s)) for s in range(1, 5)},
        tmp_path / "match.json",
    )
    r = invoke("replay", str(path))
    assert r.exit_code == 0, r.output
    assert (
        "match 1: Chiva, seed 5, 1 hand, unfinished" in r.output
        and "3:6-6L 4:pass 1:pass" in r.output
    )


def test_help_paragraphs_wrap_at_the_terminal_not_at_the_docstring_lines():
    # typer 0.29's "rich" markup keeps a docstring's line breaks inside a paragraph, which
    # broke lines mid-sentence at any terminal width; the help is read as Markdown.
    r = runner.invoke(app, ["plugins", "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "switched off with CAPICUA_DISABLE_PLUGINS as disabled" in r.output
    assert "``" not in r.output
