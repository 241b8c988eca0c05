"""The wheel, built from a copy of the source as pip builds it: it carries the translation
catalogs, the example configs and the rule texts, and the build says nothing alarming."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "LICENSE", "src", "configs")

pytestmark = pytest.mark.slow  # builds a wheel in an isolated environment


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[str, list[str]]:
    """The build's output and the names in the wheel."""
    tmp = tmp_path_factory.mktemp("build")
    source = tmp / "capicua"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(
                ROOT / name,
                source / name,
                ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "*.mo"),
            )
        else:
            shutil.copy(ROOT / name, source / name)
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp), str(source)],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        # The build environment is installed from the package index: none, no build.
        if "No matching distribution" in done.stderr + done.stdout:
            pytest.skip("no package index for the build requirements")
        pytest.fail(done.stdout + done.stderr)
    (wheel,) = tmp.glob("capicua-*.whl")
    with zipfile.ZipFile(wheel) as z:
        return done.stdout + done.stderr, z.namelist()


def test_the_wheel_carries_the_compiled_catalogs_configs_and_rule_texts(built):
    _output, names = built
    for lang in ("de", "uk", "es"):
        assert f"capicua/locale/{lang}/LC_MESSAGES/capicua.mo" in names
    assert "capicua/configs/chiva-bots.toml" in names
    assert "capicua/variants/rules/chiva.md" in names
    assert "capicua/schema/capicua-match-1.schema.json" in names
    # The table page capicua host serves: nothing of it is fetched from anywhere else.
    for name in ("index.html", "app.js", "board.js", "style.css", "icon.svg"):
        assert f"capicua/net/web/{name}" in names
    assert "capicua/net/host.py" in names


def test_the_build_warns_of_no_folder_that_would_be_ignored(built):
    output, _names = built
    assert "would be ignored" not in output
    assert "absent from the `packages` configuration" not in output
