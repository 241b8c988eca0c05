"""The package's own seams: every error capicua raises on purpose is a ``CapicuaError``.

Read from the source (``ast``), so a new exception class that forgets the tree fails here
before a command meets it uncaught.
"""

from __future__ import annotations

import ast
import builtins
from pathlib import Path

from capicua.core.errors import CapicuaError, PlayerFault
from capicua.protocol.messages import BotGaveUp, ProtocolError
from capicua.protocol.process import BotFault, BotTimeout
from capicua.tournament.backends import RunnerError

SRC = Path(__file__).resolve().parents[1] / "src"

#: Exceptions outside the tree on purpose: (module path, class name) and why.
OUTSIDE_THE_TREE = {
    # Control flow, never an error a person sees.
    ("tournament/runner.py", "Stop"): "ends a run early from a deliver callback",
    ("tournament/play.py", "DecisionTimeout"): "a BaseException, so no player swallows it",
    ("players/human.py", "NoDecision"): "the table has not chosen yet; the GUI asks again",
    # A failed check in a plugin author's own test suite: pytest reports AssertionError.
    ("testing.py", "ConformanceError"): "pytest shows an AssertionError as a failed test",
    # The table's own, each caught by the table or by ``capicua play`` where it is raised.
    ("gui/model.py", "SeatsError"): "the seats a table cannot play; capicua play says why",
    ("gui/save.py", "_MissingPlayer"): "private to loading a save, caught there",
    ("core/errors.py", "CapicuaError"): "the root of the tree",
}
BUILTIN_EXCEPTIONS = {
    name
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}


def test_the_named_errors_are_capicua_errors():
    for error in (ProtocolError, BotGaveUp, BotFault, BotTimeout, RunnerError):
        assert issubclass(error, CapicuaError), error


def test_a_bot_fault_is_the_player_fault_the_engine_catches():
    assert issubclass(BotFault, PlayerFault)
    assert issubclass(BotTimeout, PlayerFault)


def test_every_exception_class_derives_from_capicua_error_or_says_why_not():
    strays = []
    for path in sorted(SRC.rglob("*.py")):
        where = path.relative_to(SRC).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {b.id for b in node.bases if isinstance(b, ast.Name)}
            accounted = (where, node.name) in OUTSIDE_THE_TREE or "CapicuaError" in bases
            if bases & BUILTIN_EXCEPTIONS and not accounted:
                strays.append(f"{where}: {node.name}({', '.join(sorted(bases))})")
    assert not strays, "exceptions outside the CapicuaError tree:\n" + "\n".join(strays)
