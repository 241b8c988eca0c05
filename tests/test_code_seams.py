"""The package's own seams, read from the source (``ast``): every error capicua raises on
purpose is a ``CapicuaError``, and the plugin machinery imports one way.

A new exception class that forgets the tree, or an import that closes a cycle, fails here
before a command meets it.
"""

from __future__ import annotations

import ast
import builtins
import functools
from pathlib import Path

import pytest

from capicua.core.errors import CapicuaError, PlayerFault
from capicua.protocol.messages import BotGaveUp, ProtocolError
from capicua.protocol.process import BotFault, BotTimeout
from capicua.tournament.backends import RunnerError

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"

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
    # A JSON reader's breach of a limit, a ValueError as json's own errors are: each
    # decoder turns it into its own one-line error (RecordError, ProtocolError, ...).
    ("core/jsonin.py", "JSONLimitError"): "a ValueError, turned into each reader's error",
    # The conformance matrix's own: a surface that cannot run here, and a failed check of
    # the table in a test suite (pytest reports AssertionError as a failed test).
    ("conformance.py", "_Skip"): "a surface that cannot run here, caught by check_game",
    ("gui/drive.py", "DriveError"): "pytest shows an AssertionError as a failed test",
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


@pytest.mark.slow  # parses every module
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


def imports(path: Path) -> set[str]:
    """The modules the module at ``path`` (under src/) imports, as ``capicua.x.y`` names,
    those imported for type checking only included."""
    parts = ["capicua", *path.relative_to(SRC).with_suffix("").parts]
    package = parts[:-1]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_the_hook_specs_the_registries_and_the_loader_import_one_way():
    # plugins -> hookspecs -> registries, and plugins -> registries: never back.
    assert not {"capicua.hookspecs", "capicua.plugins"} & imports(SRC / "registries.py")
    assert "capicua.plugins" not in imports(SRC / "hookspecs.py")
    assert "capicua.registries" in imports(SRC / "hookspecs.py")


@functools.cache
def parsed(path: Path) -> ast.Module:
    """The syntax tree of the file at ``path``, parsed once for all the tests here."""
    return ast.parse(path.read_text(encoding="utf-8"))


@functools.cache
def module_path(name: str) -> Path | None:
    """The file of module ``capicua.x.y`` under src/ (``None``: not one of capicua's)."""
    parts = name.split(".")[1:]
    for candidate in (SRC.joinpath(*parts).with_suffix(".py"), SRC.joinpath(*parts, "__init__.py")):
        if parts and candidate.is_file():
            return candidate
    return None


@functools.cache
def imported_names(path: Path) -> set[str]:
    """The names the module at ``path`` binds at its top level by importing them."""
    names = set()
    for node in parsed(path).body:
        if isinstance(node, ast.ImportFrom | ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
    return names


@pytest.mark.slow  # parses every module
def test_a_name_from_another_package_comes_from_the_module_that_defines_it():
    # players.base re-exports Option for plugin authors; capicua's own modules outside
    # the players package take it from core.options, where it lives.
    strays = []
    for path in sorted(SRC.rglob("*.py")):
        parts = ["capicua", *path.relative_to(SRC).with_suffix("").parts]
        package = parts[:-1]
        for node in ast.walk(parsed(path)):
            if not (isinstance(node, ast.ImportFrom) and node.level and node.module):
                continue
            module = ".".join([*package[: len(package) - node.level + 1], node.module])
            source = module_path(module)
            if source is None or source.name == "__init__.py":
                continue
            if module.split(".")[1] == parts[1]:
                continue  # the same package: its modules may share what one re-exports
            again = imported_names(source) & {a.name for a in node.names}
            strays += [f"{'.'.join(parts)}: {n} from {module}" for n in sorted(again)]
    assert not strays, "names taken from a module that only re-exports them:\n" + "\n".join(strays)


def private_uses(path: Path) -> list[str]:
    """Where the file at ``path`` takes a private name (``_x``; gettext's ``_`` aside) from
    another of capicua's modules: ``from m import _x`` or ``m._x`` on a module."""
    found = []
    tree = parsed(path)
    if path.is_relative_to(SRC):
        parts = ["capicua", *path.relative_to(SRC).with_suffix("").parts]
        package = parts[:-1]
    else:
        package = []
    modules: dict[str, str] = {}  # a local name bound to one of capicua's modules
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            if module.split(".")[0] != "capicua":
                continue
            for alias in node.names:
                if alias.name.startswith("_") and alias.name != "_" and alias.name[:2] != "__":
                    found.append(f"{path.name}:{node.lineno}: {module}.{alias.name}")
                elif module_path(f"{module}.{alias.name}"):
                    modules[alias.asname or alias.name] = f"{module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "capicua":
                    modules[alias.asname or "capicua"] = alias.name if alias.asname else "capicua"
    for node in ast.walk(tree):
        # monkeypatch.setattr(module, "_name", ...): a private global patched from outside.
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "setattr":
            args = node.args
            if len(args) >= 2 and isinstance(args[0], ast.Name) and args[0].id in modules:
                name = args[1].value if isinstance(args[1], ast.Constant) else ""
                if isinstance(name, str) and name.startswith("_") and name[:2] != "__":
                    found.append(f"{path.name}:{node.lineno}: {modules[args[0].id]}.{name}")
        if not (isinstance(node, ast.Attribute) and node.attr.startswith("_")):
            continue
        if node.attr == "_" or node.attr.startswith("__"):
            continue
        chain, value = [], node.value
        while isinstance(value, ast.Attribute):
            chain.append(value.attr)
            value = value.value
        if isinstance(value, ast.Name) and value.id in modules:
            target = ".".join([modules[value.id], *reversed(chain)])
            if module_path(target):
                found.append(f"{path.name}:{node.lineno}: {target}.{node.attr}")
    return found


#: Private names used across modules on purpose, by file, and why.
PRIVATE_ON_PURPOSE = {
    # The test proves that a message goes through the catalog by giving i18n one that
    # marks what it translates; a language is otherwise chosen only by its code.
    "test_command_languages.py": {"capicua.i18n._catalog"},
}


@pytest.mark.slow  # parses every module
def test_no_module_takes_a_private_name_from_another():
    # The package, and the tests, benchmarks and example plugins that use it.
    paths = [
        p for d in ("src", "tests", "benchmarks", "examples") for p in (ROOT / d).rglob("*.py")
    ]
    strays = [
        use
        for path in sorted(paths)
        if ".venv" not in path.parts
        for use in private_uses(path)
        if use.rpartition(" ")[2] not in PRIVATE_ON_PURPOSE.get(path.name, set())
    ]
    assert not strays, "private names used across modules:\n" + "\n".join(strays)
