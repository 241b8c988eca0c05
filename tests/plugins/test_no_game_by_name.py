"""Built-in games are plugins like any other: outside ``src/variants/`` no module of the
package imports a variant module or recognises a game by its name.

The one exception is the plugin loader's list of built-in plugin modules (src/plugins.py),
which registers them through the same hook a third-party distribution uses.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "src"
BUILTIN_NAMES = {"chiva", "double-nine-100"}
LOADER = SRC / "plugins.py"


def _modules():
    for path in sorted(SRC.rglob("*.py")):
        if "variants" not in path.relative_to(SRC).parts:
            yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


@pytest.mark.slow
def test_no_module_outside_the_variants_imports_one():
    found = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and path != LOADER:
                module = node.module or ""
                if "variants" in module.split("."):
                    found.append(f"{path.name}:{node.lineno} imports {module}")
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if "variants" in alias.name.split("."):
                        found.append(f"{path.name}:{node.lineno} imports {alias.name}")
    assert not found, found


@pytest.mark.slow
def test_no_module_outside_the_variants_compares_with_a_games_name():
    found = []
    for path, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                for part in (node.left, *node.comparators):
                    names = (
                        [part]
                        if isinstance(part, ast.Constant)
                        else list(part.elts)
                        if isinstance(part, (ast.Tuple, ast.List, ast.Set))
                        else []
                    )
                    for c in names:
                        if isinstance(c, ast.Constant) and c.value in BUILTIN_NAMES:
                            found.append(f"{path.name}:{node.lineno} compares with {c.value!r}")
            if isinstance(node, ast.Dict):
                for key in node.keys:
                    if isinstance(key, ast.Constant) and key.value in BUILTIN_NAMES:
                        found.append(f"{path.name}:{node.lineno} looks {key.value!r} up")
    assert not found, found
