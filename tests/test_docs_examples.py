"""Every command the docs show with its output is run, and its output compared with the
doc's, so that no example drifts silently from what the program prints.

An example is a ```` ```console ```` block of README.md or docs/*.md: ``$ command`` lines,
each followed by what it prints. The commands of a block run in order, in a scratch folder
that sees the repository's configs/ and examples/, at 80 columns, in English; the output
is compared word by word, but for what depends on the machine (times, worker counts,
decision times; see :data:`MACHINE`), the width of spaces in a table and where a long
line wraps. A line ``...`` in the doc stands for any number of lines. A command shown with
output that is not run here is in :data:`ELSEWHERE`, saying where it is checked or what
makes its figures.

Figures quoted in a doc's prose or tables from a command's output (:data:`QUOTED`) are
compared with that output too: the command is run and its figures read from what it
prints.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

#: What depends on the machine, in the doc and in the output alike.
MACHINE = [
    # Lines folded at 80 columns break between any two words: \s+ where a space is shown.
    (re.compile(r"\d+\s+worker\s+process(es)?"), "W worker processes"),
    (re.compile(r"\d+\.\d{3} \(\d+\)"), "MS"),
    (re.compile(r"\btime\s+[\d.]+\s+s,\s+[\d.]+\s+matches/s"), "time T"),
    (re.compile(r"under\s+a\s+minute|about\s+\d+\s+minutes?|about\s+\d+\s+h\s+\d+\s+min"), "T"),
    (re.compile(r"answered\s+in\s+\d+\s+ms"), "answered in T"),
    (
        re.compile(r"[\d.]+\s+ms\s+a\s+decision\s+on\s+average,\s+slowest\s+[\d.]+\s+ms"),
        "T a decision",
    ),
    (re.compile(r"within\s+\d+\s+ms"), "within T"),
]

#: Commands shown with output that this module does not run, and why.
ELSEWHERE = {
    "capicua tournament configs/chiva-heuristic-vs-random.toml": "tests/test_readme.py",
    "capicua tournament chiva.toml --db /mnt/small/t.sqlite": (
        "needs a full disk: tests/tournament/test_faults.py pins the line"
    ),
    "capicua tournament chiva.toml --resume": (
        "needs a damaged row: tests/tournament/test_bad_inputs.py pins the line"
    ),
    "capicua league configs/chiva-league.toml": "scripts/figures: up to half an hour on 2 cores",
    "capicua league configs/double-nine-league.toml": "scripts/figures: as long",
}


@dataclass(frozen=True)
class Shown:
    doc: str
    #: The block's commands up to this one, each run in turn; the last one's output is shown.
    commands: tuple[str, ...]
    output: str

    def __str__(self) -> str:
        return f"{self.doc}: {self.commands[-1]}"


def shown_examples() -> list[Shown]:
    found = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for block in re.findall(r"^```console\n(.*?)^```", text, re.S | re.M):
            commands: list[str] = []
            output: list[str] = []
            for line in [*block.splitlines(), "$ "]:
                if line.startswith("$ "):
                    if commands and output:
                        found.append(Shown(doc.name, tuple(commands), "\n".join(output) + "\n"))
                    commands.append(line[2:].split("  #")[0].strip())
                    output = []
                else:
                    output.append(line)
    return found


SHOWN = shown_examples()
RUN = [example for example in SHOWN if example.commands[-1] not in ELSEWHERE]


def masked(text: str) -> list[str]:
    """The words of ``text``, with what depends on the machine masked. Columns may move
    with a figure's width, and a long line wraps where the machine's figures put its
    words; the words and figures may not change."""
    for pattern, replacement in MACHINE:
        text = pattern.sub(replacement, text)
    return text.split()


def fits(shown: list[str], printed: list[str]) -> bool:
    """Whether the words ``printed`` are ``shown``, where a ``...`` of ``shown`` (a line
    of its own in the doc) stands for any number of words."""
    if not shown:
        return not printed
    if shown[0] == "...":
        return any(fits(shown[1:], printed[i:]) for i in range(len(printed) + 1))
    return bool(printed) and printed[0] == shown[0] and fits(shown[1:], printed[1:])


def linked(folder: Path) -> Path:
    """``folder``, with the repository's folders the examples name linked into it."""
    for name in ("configs", "examples", "benchmarks"):
        (folder / name).symlink_to(ROOT / name)
    return folder


def run(command: str, folder: Path) -> str:
    argv = shlex.split(command)
    if argv[0] == "capicua":
        argv = [sys.executable, "-m", "capicua", *argv[1:]]
    elif argv[0] == "python":
        argv = [sys.executable, *argv[1:]]
    env = {**os.environ, "COLUMNS": "80", "CAPICUA_LANG": "en", "PYTHONUNBUFFERED": "1"}
    done = subprocess.run(
        argv,
        cwd=folder,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=1200,
        env=env,
    )
    return done.stdout


def figures(pattern: str) -> Callable[[str], list[str]]:
    """The figures ``pattern``'s groups find in a text (whitespace and thousands' commas
    taken out), or [] where it finds nothing."""

    def read(text: str) -> list[str]:
        found = re.search(pattern, " ".join(text.split()))
        return [group.replace(",", "") for group in found.groups()] if found else []

    return read


def strength(text: str) -> list[str]:
    """benchmarks/strength.py's figures for A, as players.md's tables give them: hands won
    with its interval, of decided hands with its interval, matches won with its interval,
    and the number of matches."""
    read = figures(
        r"hands won A \d+ ([\d.]+)% \(95% CI ([\d.]+)% to ([\d.]+)%\)"
        r".*?decided hands ([\d.]+)% \(95% CI ([\d.]+)% to ([\d.]+)%\)"
        r".*?matches won A (\d+) ([\d.]+)% \(95% CI ([\d.]+)% to ([\d.]+)%\)"
        r" matches won B (\d+)"
    )(text)
    if not read:
        return []
    *shares, a, won, low, high, b = read
    return [*shares, won, low, high, str(int(a) + int(b))]


@dataclass(frozen=True)
class Quoted:
    """Figures a doc quotes from a command's output."""

    doc: str
    #: The doc's text from this heading on is searched, by ``in_doc``.
    section: str
    in_doc: Callable[[str], list[str]]
    command: str
    in_output: Callable[[str], list[str]]

    def __str__(self) -> str:
        return f"{self.doc}: {self.section}: {self.command}"


BOT_ROW = r"\| {title} .*?\| ([\d.]+)% \[([\d.]+)–([\d.]+)\] \| ([\d.]+)% \|"
BOT_LINE = r"{name} 200 ([\d.]+) \[([\d.]+)–([\d.]+)\] ([\d.]+) \["
STRENGTH = (
    "python benchmarks/strength.py --a heuristic --b random --variant {} --deals 2000 "
    "--seed 20240601"
)
STRENGTH_ROW = (
    r"\| {game} +\| [\d,]+ \| 20240601 \| \*\*([\d.]+)%\*\* \(([\d.]+)–([\d.]+)\) +"
    r"\| ([\d.]+)% \(([\d.]+)–([\d.]+)\) \| ([\d.]+)% \(([\d.]+)–([\d.]+)\) of ([\d,]+) +\|"
)

QUOTED = [
    Quoted(
        "protocol.md",
        "## The reference bots against the heuristic",
        figures(BOT_ROW.format(title="Chiva, Python bot")),
        "capicua tournament examples/bots/chiva-python-bot.toml",
        figures(BOT_LINE.format(name=r"pybot")),
    ),
    Quoted(
        "protocol.md",
        "## The reference bots against the heuristic",
        figures(BOT_ROW.format(title="Double-nine 100, JavaScript bot")),
        "capicua tournament examples/bots/double-nine-js-bot.toml",
        figures(BOT_LINE.format(name=r"jsbot")),
    ),
    Quoted(
        "players.md",
        "### Heuristic against random",
        figures(STRENGTH_ROW.format(game="Chiva")),
        STRENGTH.format("chiva"),
        strength,
    ),
    Quoted(
        "players.md",
        "### Heuristic against random",
        figures(STRENGTH_ROW.format(game="double-nine")),
        STRENGTH.format("double-nine-100"),
        strength,
    ),
    Quoted(
        "learning.md",
        "## A trained agent",
        figures(
            r"\| `heuristic` \| `random` \| ([\d.]+)% \(([\d.]+)–([\d.]+)\) "
            r"\| ([\d.]+)% \(([\d.]+)–([\d.]+)\) \|"
        ),
        STRENGTH.format("chiva"),
        lambda text: [figure for i, figure in enumerate(strength(text)) if i in (0, 1, 2, 6, 7, 8)],
    ),
]


def test_every_example_with_output_is_run_or_says_where_it_is_checked():
    assert RUN, "no example found: the parser lost the docs"
    shown = {example.commands[-1] for example in SHOWN}
    assert set(ELSEWHERE) <= shown, "ELSEWHERE names a command no doc shows any longer"


@pytest.mark.slow  # runs the doc's commands, some for a minute
@pytest.mark.parametrize("example", RUN, ids=str)
def test_the_docs_example_prints_what_the_doc_shows(example: Shown, tmp_path: Path):
    linked(tmp_path)
    for command in example.commands[:-1]:
        run(command, tmp_path)
    printed = run(example.commands[-1], tmp_path)
    assert fits(masked(example.output), masked(printed)), printed


def test_every_quoted_figure_is_found_in_its_doc():
    for quoted in QUOTED:
        text = ROOT / ("README.md" if quoted.doc == "README.md" else f"docs/{quoted.doc}")
        text = text.read_text(encoding="utf-8")
        assert quoted.section in text, quoted
        assert quoted.in_doc(text.partition(quoted.section)[2]), quoted


@pytest.fixture(scope="module")
def outputs(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], str]:
    """``outputs(command)``: what ``command`` printed, run once for the module."""
    done: dict[str, str] = {}

    def output(command: str) -> str:
        if command not in done:
            done[command] = run(command, linked(tmp_path_factory.mktemp("quoted")))
        return done[command]

    return output


@pytest.mark.slow  # runs the commands, the longest for minutes
@pytest.mark.parametrize("quoted", QUOTED, ids=str)
def test_a_quoted_figure_is_what_its_command_prints(quoted: Quoted, outputs):
    text = ROOT / ("README.md" if quoted.doc == "README.md" else f"docs/{quoted.doc}")
    in_doc = quoted.in_doc(text.read_text(encoding="utf-8").partition(quoted.section)[2])
    printed = outputs(quoted.command)
    assert quoted.in_output(printed) == in_doc, printed
