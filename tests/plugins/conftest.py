"""Fixtures for the plugin tests: tiny third-party distributions and a clean loader.

``make_dist`` writes a real (if tiny) installed distribution into a temporary folder: a
``<name>-<version>.dist-info`` with ``METADATA`` and ``entry_points.txt``, next to the
modules it names, and puts the folder on ``sys.path``. ``importlib.metadata`` finds it
exactly as it finds a pip-installed package, so the loader is tested through the real
entry-point machinery, not a monkeypatched ``entry_points()``, at the cost of no pip run.

Every fixture here drops the process's cached plugins before and after, and restores the
environment variables the CLI sets, so no other test sees these plugins.
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

import capicua.plugins
from gui.conftest import display  # noqa: F401 - the GUI tests' Xvfb, shared with them


@pytest.fixture(autouse=True)
def clean_plugins(monkeypatch) -> Iterator[None]:
    """No cached plugins, and no plugin switches from the environment running the tests."""
    capicua.plugins.default_plugins.cache_clear()
    monkeypatch.setenv(capicua.plugins.NO_PLUGINS_ENV, "")  # restored afterwards
    monkeypatch.setenv(capicua.plugins.DISABLE_ENV, "")
    yield
    capicua.plugins.default_plugins.cache_clear()


@pytest.fixture
def make_dist(tmp_path: Path, monkeypatch) -> Iterator[Callable[..., Path]]:
    """``make_dist(name, entry_points={ep: "module[:attr]"}, modules={module: source})``
    installs a distribution on ``sys.path`` (and ``PYTHONPATH``, for subprocesses)."""
    site = tmp_path / "site"
    site.mkdir()
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setenv(
        "PYTHONPATH", os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))
    )
    imported: list[str] = []

    def make(
        name: str,
        entry_points: dict[str, str],
        modules: dict[str, str] | None = None,
        version: str = "0.1",
    ) -> Path:
        info = site / f"{name.replace('-', '_')}-{version}.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n", encoding="utf-8"
        )
        lines = ["[capicua]"] + [f"{ep} = {target}" for ep, target in entry_points.items()]
        (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        for module, source in (modules or {}).items():
            (site / f"{module}.py").write_text(textwrap.dedent(source), encoding="utf-8")
            imported.append(module)
        return info

    yield make
    for module in imported:
        sys.modules.pop(module, None)


#: The Fewest tiles test variant, a third-party plugin distribution (see its module).
FEWESTDIST = Path(__file__).parent / "fewestdist"


@pytest.fixture
def fewest(install_plugins):
    """The ``capicua-fewest`` distribution installed: the plugins loaded with it."""
    loaded = install_plugins(FEWESTDIST)
    assert "fewest-tiles" in loaded.variants
    return loaded
