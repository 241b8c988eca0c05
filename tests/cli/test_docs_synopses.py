"""The docs' synopses of the commands and the README's table of commands name the options
each command has: a synopsis lists every option, and no line names one that is gone."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer.main

from capicua.cli import app

ROOT = Path(__file__).resolve().parents[2]
DOCS = sorted((ROOT / "docs").glob("*.md"))
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z-]*")


def options_of(words: list[str]) -> set[str]:
    command = typer.main.get_command(app)
    for word in words:
        command = command.commands[word]  # type: ignore[attr-defined]
    names = {o for p in command.params for o in p.opts + p.secondary_opts}
    return {n for n in names if n.startswith("--")} - {"--help"}


def synopses() -> list[tuple[str, list[str], str]]:
    """(doc, command words, the synopsis) for every fenced block that is a synopsis."""
    found = []
    for doc in DOCS:
        for block in re.findall(r"```\n(capicua [^\n]*(?:\n {8,}[^\n]*)*)\n```", doc.read_text()):
            words = block.split()[1:2]
            found.append((doc.name, words, block))
    return found


def test_the_docs_have_synopses_of_the_commands_that_run_games():
    assert {" ".join(w) for _doc, w, _b in synopses()} >= {
        "tournament",
        "match",
        "league",
        "bot-check",
    }


@pytest.mark.parametrize("doc, words, block", synopses(), ids=lambda v: str(v)[:30])
def test_a_synopsis_lists_every_option_of_its_command(doc, words, block):
    assert set(OPTION.findall(block)) == options_of(words), (doc, block)


@pytest.mark.slow  # asks every command for its help
def test_the_readmes_table_names_only_options_that_exist():
    readme = (ROOT / "README.md").read_text()
    rows = re.findall(r"^\| `capicua ([a-z-]+)([^`]*)` \|", readme, re.M)
    assert len(rows) > 8
    for name, rest in rows:
        command = typer.main.get_command(app).commands.get(name)  # type: ignore[attr-defined]
        if command is None:
            continue
        words = [name]
        sub = rest.split()[:1]
        if sub and sub[0] in getattr(command, "commands", {}):  # a group's command
            words += sub
        assert set(OPTION.findall(rest)) <= options_of(words), (name, rest)
