"""The example plugins, installed as third-party distributions, through the public commands:
``capicua plugins``, ``rules``, ``simulate``, ``tournament``, ``replay`` and ``play``.

The test environment installs ``examples/capicua-block`` and ``examples/capicua-greedy``
(scripts/test does, with pip), so these tests see them exactly as a user would after
``pip install``; nothing here imports them or registers them by hand.
"""

from __future__ import annotations

import json
import random
import re
import tkinter as tk

import pytest

from capicua.core.actions import parse_action
from capicua.core.match import Match
from capicua.plugins import default_plugins

BLOCK_VS_GREEDY = """\
variant = "block"

[seats]
1 = "greedy"
2 = "random"

[tournament]
matches = 6
seed = 11
workers = 2
swap_teams = true
"""


@pytest.fixture(autouse=True)
def examples_installed():
    loaded = default_plugins()
    missing = {"block", "greedy"} - set(loaded.variants) - set(loaded.players)
    if missing:  # a broken environment, not a skip: .ci/run installs them
        pytest.fail(
            f"install the examples first: pip install -e examples/capicua-block "
            f"-e examples/capicua-greedy (missing: {sorted(missing)})"
        )


@pytest.mark.slow  # 2 s at load average 18 (--durations): over 0.5 s alone
def test_capicua_plugins_lists_the_examples_with_their_distribution(cli):
    r = cli("plugins", "--json")
    assert r.exit_code == 0, r.output
    rows = {(row["kind"], row["name"]): row for row in json.loads(r.output)["plugins"]}
    block, greedy = rows[("variant", "block")], rows[("player", "greedy")]
    assert (block["distribution"], block["plugin"], block["version"]) == (
        "capicua-block",
        "block",
        "1.0.0",
    )
    assert (greedy["distribution"], greedy["plugin"]) == ("capicua-greedy", "greedy")
    assert "heaviest legal tile" in greedy["about"]
    table = cli("plugins").output
    assert re.search(r"^  block +capicua-block 1\.0\.0$", table, re.M), table


def test_capicua_rules_prints_the_rules_block_ships(cli):
    r = cli("rules", "block")
    assert r.exit_code == 0, r.output
    assert "Equal counts are" in r.output and "a tie" in r.output
    assert "block " in cli("rules").output


@pytest.mark.slow
def test_the_same_seeded_simulation_of_block_repeats(cli, tmp_path):
    first = cli("simulate", "block", "-n", "3", "-s", "5", "--records", tmp_path / "a.jsonl")
    again = cli("simulate", "block", "-n", "3", "-s", "5", "--records", tmp_path / "b.jsonl")
    assert first.exit_code == 0 and again.exit_code == 0, first.output + again.output
    assert (tmp_path / "a.jsonl").read_text() == (tmp_path / "b.jsonl").read_text()
    checked = cli("replay", "-q", tmp_path / "a.jsonl")
    assert checked.exit_code == 0 and "3 records checked, 0 break a rule" in checked.output


@pytest.mark.slow
def test_capicua_tournament_runs_block_and_greedy_from_a_config(cli, tmp_path):
    config = tmp_path / "block.toml"
    config.write_text(BLOCK_VS_GREEDY, encoding="utf-8")
    runs = []
    for name in ("one", "two"):
        r = cli(
            "tournament",
            config,
            "--json",
            "--db",
            tmp_path / f"{name}.sqlite",
            "--records",
            tmp_path / f"{name}.jsonl",
        )
        assert r.exit_code == 0, r.output
        runs.append(json.loads(r.stdout))  # the banner goes to stderr
    summary = runs[0]
    assert (summary["variant"], summary["finished"], summary["errors"]) == ("block", 6, 0)
    assert {p["entry"] for p in summary["players"]} == {"greedy", "random"}
    # Two worker processes found the plugins on their own; the same seed, the same games.
    assert (tmp_path / "one.jsonl").read_text() == (tmp_path / "two.jsonl").read_text()
    records = [json.loads(line) for line in (tmp_path / "one.jsonl").read_text().splitlines()]
    assert {r["variant"] for r in records} == {"block"} and len(records) == 6
    assert {r["seats"]["1"] for r in records} == {"greedy", "random"}  # teams swapped
    checked = cli("replay", "-q", tmp_path / "one.jsonl")
    assert "6 records checked, 0 break a rule" in checked.output, checked.output


@pytest.mark.slow
def test_a_config_naming_a_disabled_plugin_is_refused_with_its_name(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("CAPICUA_DISABLE_PLUGINS", "capicua-block")
    config = tmp_path / "block.toml"
    config.write_text(BLOCK_VS_GREEDY, encoding="utf-8")
    r = cli("tournament", config, "--db", tmp_path / "t.sqlite")
    assert r.exit_code == 2
    assert "unknown variant 'block'" in r.output and "Traceback" not in r.output


# -- the GUI: the real window under Xvfb ------------------------------------------------------


def drive(steps):
    """Replace ``Tk.mainloop`` by ``steps(root, canvas)``, then close the window the way a
    person does (the window manager's close), so the table shuts its worker down."""

    def mainloop(root: tk.Tk, n: int = 0) -> None:
        root.update()
        canvas = next(w for w in root.winfo_children() if isinstance(w, tk.Canvas))
        try:
            steps(root, canvas)
        finally:
            root.tk.eval(root.protocol("WM_DELETE_WINDOW"))

    return mainloop


def settle(root: tk.Tk, until, what: str, rounds: int = 4000) -> None:
    """Run the event loop until ``until()`` holds (computers think in a worker thread)."""
    import time

    for _ in range(rounds):
        root.update()
        if until():
            return
        time.sleep(0.002)
    raise AssertionError(f"{what} never happened")


def tap(canvas: tk.Canvas, tag: str) -> None:
    """A tap at the centre of the items tagged ``tag``, as the GUI tests make them."""
    box = canvas.bbox(tag)
    assert box, f"nothing on the canvas is tagged {tag!r}"
    x, y = (box[0] + box[2]) // 2, (box[1] + box[3]) // 2
    for event in ("<Enter>", "<Motion>", "<ButtonPress-1>", "<ButtonRelease-1>"):
        canvas.event_generate(event, x=x, y=y)
    canvas.update()


def texts(canvas: tk.Canvas) -> str:
    return " ".join(
        canvas.itemcget(i, "text") for i in canvas.find_all() if canvas.type(i) == "text"
    )


def line_tiles(canvas: tk.Canvas) -> int:
    return len(
        {t for i in canvas.find_withtag("line") for t in canvas.gettags(i) if t.startswith("line:")}
    )


def test_capicua_play_variant_block_opens_a_two_seat_table(display, cli, tmp_path, monkeypatch):
    monkeypatch.setenv("CAPICUA_DATA_DIR", str(tmp_path))  # keep off the user's saved match
    seen = {}

    def look(root, canvas):
        settle(root, lambda: canvas.find_withtag("hand"), "the person's hand being drawn")
        seen["title"] = root.title()
        seen["text"] = texts(canvas)
        seen["hand"] = {
            t
            for i in canvas.find_withtag("hand")
            for t in canvas.gettags(i)
            if t.startswith("tile:")
        }
        seen["backs"] = {
            t
            for i in canvas.find_withtag("backs")
            for t in canvas.gettags(i)
            if t.startswith("seat:")
        }

    monkeypatch.setattr(tk.Tk, "mainloop", drive(look))
    r = cli("play", "--variant", "block", "--seed", "3", "--new", "--delay", "0")
    assert r.exit_code == 0, r.output
    assert seen["title"] == "capicua" and "Block" in seen["text"]
    # Seed 3 deals seat 1 (the person) 5-5, the highest double dealt: the person leads it.
    assert len(seen["hand"]) == 7 and "tile:5-5" in seen["hand"]
    assert seen["backs"] == {"seat:2"}  # one opponent, face down; no seats 3 and 4


@pytest.mark.slow
def test_the_person_plays_block_against_greedy_in_the_window(display, cli, tmp_path, monkeypatch):
    monkeypatch.setenv("CAPICUA_DATA_DIR", str(tmp_path / "data"))
    config = tmp_path / "table.toml"
    config.write_text(
        'variant = "block"\n[seats]\n1 = "human"\n2 = "greedy"\n'
        "[tournament]\nseed = 3\n[table]\ndelay = 0\n",
        encoding="utf-8",
    )
    # What greedy must answer to the opening 5-5, from the engine and the plugin's registry.
    loaded = default_plugins()
    m = Match(loaded.variants.create("block"), 3)
    m.apply(parse_action("5-5L"))
    reply = loaded.players.create("greedy", random.Random(0)).act(m.view(2))
    seen = {}

    def play(root, canvas):
        settle(root, lambda: canvas.find_withtag("tile:5-5&&hand"), "the person's hand")
        tap(canvas, "tile:5-5&&hand")
        tap(canvas, "end:left")
        settle(root, lambda: line_tiles(canvas) == 2, "greedy's reply on the line")
        seen["line"] = line_tiles(canvas)
        seen["text"] = texts(canvas)

    monkeypatch.setattr(tk.Tk, "mainloop", drive(play))
    r = cli("play", config, "--new")
    assert r.exit_code == 0, r.output
    assert seen["line"] == 2
    # The table saves the match as it goes: the record in the save says who played what.
    saved = json.loads((tmp_path / "data" / "match-block.json").read_text(encoding="utf-8"))
    record = saved["match"]
    assert record["variant"] == "block"
    assert record["hands"][0]["actions"][:2] == [
        {"seat": 1, "tile": [5, 5], "end": "left"},
        {"seat": 2, "tile": list(reply.tile.pair()), "end": reply.end},
    ]
