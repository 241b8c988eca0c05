"""The command line's conventions: ``python -m capicua``, one version, help, completion."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version

import pytest
from typer.testing import CliRunner

import capicua
from capicua.cli import app

runner = CliRunner()
COMMANDS = ("rules", "plugins", "replay", "simulate", "tournament", "play", "configs", "bot-check")


@pytest.mark.slow
def test_python_dash_m_capicua_is_the_capicua_command():
    r = subprocess.run(
        [sys.executable, "-m", "capicua", "--version"], capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"capicua {version('capicua')}"


def test_the_version_has_one_source_the_installed_metadata():
    assert capicua.__version__ == version("capicua")


def test_flags_show_no_type_in_the_help():
    for command in ("", *COMMANDS):
        args = [command, "--help"] if command else ["--help"]
        r = runner.invoke(app, args, env={"COLUMNS": "120"})
        assert r.exit_code == 0, r.output
        assert "<bool>" not in r.output, command


def test_shell_completion_is_offered():
    r = runner.invoke(app, ["--help"], env={"COLUMNS": "120"})
    assert "--install-completion" in r.output and "--show-completion" in r.output


def test_no_command_takes_dash_v_which_people_read_as_verbose():
    for command in COMMANDS:
        r = runner.invoke(app, [command, "--help"], env={"COLUMNS": "120"})
        assert " -v " not in r.output, command
