"""capicua runs from the folder that holds a clone named ``capicua``.

There the clone (a folder without ``__init__.py``) is a namespace package ``capicua`` to
Python, found before the editable install's finder: the package's ``__init__`` never runs,
so nothing of capicua may read the package's own attributes (src/_version.py says more).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def beside_a_clone(tmp_path: Path) -> Path:
    """A folder holding the repository under the name ``capicua``, as a clone is named."""
    (tmp_path / "capicua").symlink_to(ROOT, target_is_directory=True)
    return tmp_path


def run(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *argv], cwd=folder, capture_output=True, text=True, timeout=120
    )


@pytest.mark.slow  # starts Python twice
def test_python_m_capicua_runs_beside_a_clone_named_capicua(beside_a_clone):
    shadowed = run(beside_a_clone, "-c", "import capicua; print(capicua.__file__)")
    # The shadowing this guards against is real here: the package's __init__ did not run.
    assert shadowed.stdout.strip() == "None", shadowed.stdout + shadowed.stderr
    done = run(beside_a_clone, "-m", "capicua", "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("capicua "), done.stdout


@pytest.mark.slow  # starts Python
def test_a_script_beside_a_clone_named_capicua_imports_the_command_line_and_plugins(
    beside_a_clone,
):
    (beside_a_clone / "script.py").write_text(
        "from capicua._version import __version__\n"
        "from capicua.cli import app\n"
        "from capicua.plugins import default_plugins\n"
        "print(__version__, 'chiva' in default_plugins().variants)\n"
    )
    done = run(beside_a_clone, "script.py")
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[1] == "True", done.stdout
