"""The repository describes the product, not the history of its making.

No doc, docstring, comment, benchmark or test may speak of the work sessions that built
capicua, of the issue that asked for it or its targets, of a lab notebook, or point at a
``shared/`` folder or a ``RULES.md`` outside the repository: the rules are docs/rules.md.
The patterns are precise, so that the product's own words pass: the table's ``Session``
(a match at the table), "shared memory", click "targets", ``TARGET`` (100 points).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: What is checked: the docs, the package, the README, and everything else people read.
PLACES = (
    "README.md",
    "docs",
    "src",
    "benchmarks",
    "tests",
    "examples",
    "tools",
    "configs",
    "scripts",
    ".ci",
)
SUFFIXES = {".md", ".py", ".toml", ".json", ".txt", ".cfg", ".ini", ".sh", ""}
SKIP_DIRS = {"__pycache__", ".venv", "build", "dist", ".hypothesis", ".pytest_cache"}

_ORDINAL = (
    r"first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
    r"thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|"
    r"twentieth|\d+(?:st|nd|rd|th)"
)

#: (what it catches, pattern). Case-insensitive unless the pattern says otherwise.
FORBIDDEN = [
    ("a numbered work session", rf"\b(?:{_ORDINAL})\s+sessions?\b"),
    ("a numbered work session", r"\bsessions?\s+(?:by\s+session|#?\d+)\b"),
    ("an earlier work session", r"\b(?:earlier|previous|former|past)\s+sessions?\b"),
    ("the players' lab notebook", r"players-log|\blab notebook\b|\bthe notebook\b"),
    ("the issue", r"\bissue's\b|\b(?:of|from|against|by) the issue\b|\banother issue\b"),
    ("the issue", r"\bthe issue (?:asks|says|wants|was|sets|requires)\b"),
    ("the issue's targets", r"\bagainst the targets\b|\btargets? of the issue\b"),
    ("a target figure", r"\(target:?\s+\d|\btarget:?\s+\d+(?:\.\d+)?\s*%|\b\d+\s*% target\b"),
    ("the team as the authors", r"\bthe team must\b|\bfor the team to\b"),
    ("the team as the authors", r"\bthe team's (?:shared|rules? book|repository|notebook)\b"),
    ("an experiment branch", r"\bexperiments?/[a-z][\w-]*|\bexperiment branch"),
    ("a folder outside the repository", r"(?<![\w-])(?:\.\./)?shared/|\.\./shared\b"),
    ("a rule book outside the repository", r"(?-i:\bRULES\.md\b)"),
]
PATTERNS = [(what, re.compile(pattern, re.I)) for what, pattern in FORBIDDEN]


def files() -> list[Path]:
    found = []
    for place in PLACES:
        path = ROOT / place
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        for f in candidates:
            if not f.is_file() or SKIP_DIRS & set(f.relative_to(ROOT).parts):
                continue
            if f.suffix in SUFFIXES and f.resolve() != Path(__file__).resolve():
                found.append(f)
    return found


def offences(text: str) -> list[tuple[int, str, str]]:
    """``(line number, what, the line)`` for every line of ``text`` that speaks of history."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        for what, pattern in PATTERNS:
            if pattern.search(line):
                out.append((number, what, line.strip()))
    return out


@pytest.mark.slow  # reads every file of the repository
def test_the_repository_speaks_of_the_product_only():
    found = []
    for f in files():
        try:
            text = f.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # a binary file (a screenshot)
        for number, what, line in offences(text):
            found.append(f"{f.relative_to(ROOT)}:{number}: {what}: {line}")
    assert not found, "\n".join(found)


def test_the_check_reads_the_docs_the_package_and_the_readme():
    names = {f.relative_to(ROOT).as_posix() for f in files()}
    assert {"README.md", "docs/rules.md", "src/variants/chiva.py"} <= names
    assert "src/variants/rules/chiva.md" in names


@pytest.mark.parametrize(
    "line",
    [
        "measured in the ninth session, on the same deals",
        "(eighth session)",
        "every version of the players measured, session by session",
        "as an earlier session found",
        "the lab notebook, [players-log.md](players-log.md)",
        "### Against the issue's targets",
        "a player another issue adds",
        "heuristic beats random in 72.3% of Chiva hands (target 70%)",
        "whether its 80% was meant for Chiva is for the team to settle",
        "the team must decide",
        "the code is on the branch `experiments/ismcts`",
        'The rules are shared/RULES.md\'s "Chiva" section',
        "the team's `../shared` folder",
        "as RULES.md requires of a computer",
    ],
)
def test_history_is_caught(line):
    assert offences(line), line


@pytest.mark.parametrize(
    "line",
    [
        ":class:`Session` owns the match and the computer players",
        "Before the first position this session knows (undo past a resumed save)",
        "Where the table keeps the match between sessions",
        '@pytest.fixture(scope="session")',
        "start_new_session=True,",
        "The parent reads each worker's decision deadline from shared memory",
        "text shared by capicua replay and the GUI's log",
        "the canvas reports *targets*, the tag strings its items carry",
        "if score >= TARGET:",
        "    target = 100",
        "the team's lower seat (1 or 2) makes the choice",
        'The rules are docs/rules.md\'s "Chiva" section',
        "see docs/rules.md, Chiva",
        "a hand of five or more doubles is a redeal claim; the first hand is led with the 6-6",
    ],
)
def test_the_products_own_words_pass(line):
    assert not offences(line), offences(line)


@pytest.mark.parametrize(
    "path",
    [
        "chiva-agent.npz",  # docs/learning.md's training
        "examples/bots/transcript.txt",  # docs/protocol.md's worked transcript
        "host.sqlite-wal",  # a host or tournament database a killed run left open
        "host.sqlite-shm",
        "pybot.jsonl",
        "chiva-heuristic-vs-random.sqlite",
    ],
)
def test_what_the_documented_commands_write_in_the_clone_is_ignored(path):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git clone")
    done = subprocess.run(
        ["git", "check-ignore", "--no-index", "-q", path], cwd=ROOT, capture_output=True
    )
    assert done.returncode == 0, f"{path} would be left untracked in the clone"
