"""Paths into the sandbox (issue 44, routes 1 and 2): a bot named through a second name for
its folder (a link, ``..``, a bind mount) sees none of the tournament's files beside it, and
a Python bot sees neither the current folder ``python -m capicua`` puts on ``sys.path`` nor
the ``PYTHONPATH`` folders capicua was started with."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from capicua.protocol.sandbox import sandbox_problem
from protocol.helpers import command_seat

from .test_hostile import HOSTILE, SEED

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(bool(sandbox_problem()), reason=str(sandbox_problem())),
]
ROOT = Path(__file__).resolve().parents[2]


def bots_folder(tmp_path: Path, targets: list[Path]) -> Path:
    bots = tmp_path / "bots"
    bots.mkdir()
    shutil.copy(HOSTILE, bots / "hostile.py")
    files = [str(p) for p in targets]
    (bots / "targets.json").write_text(
        json.dumps({"files": files, "seed": str(SEED), "sleep": "1"})
    )
    return bots


def config_text(seat: str) -> str:
    seats = [f"1 = {seat}"] + [f'{s} = "random"' for s in (2, 3, 4)]
    tournament = f"[tournament]\nmatches = 2\nseed = {SEED}\nworkers = 1\n"
    return 'variant = "chiva"\n[seats]\n' + "\n".join(seats) + "\n" + tournament


def found(summary: dict) -> dict:
    reasons = [e["reason"] for e in summary["error_list"] if e["seat"] == 1]
    assert reasons and reasons[0].startswith("gave up: found "), summary["error_list"]
    return json.loads(reasons[0].removeprefix("gave up: found "))


@pytest.fixture
def bound(tmp_path):
    """A bind mount of ``tmp_path/bots`` at ``tmp_path/mounted`` (root only), undone after."""
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("a bind mount takes root")
    target = tmp_path / "mounted"
    target.mkdir()
    yield target
    subprocess.run(["umount", str(target)], check=False)


@pytest.mark.parametrize("route", ["link", "dotdot", "relative", "bind"])
def test_a_second_name_for_the_bots_folder_shows_none_of_the_tournaments_files(
    cli, tmp_path, route, request, monkeypatch
):
    # The config, the database and the records beside the bot, as the person keeps them.
    home = tmp_path / "bots"
    config, db, records = home / "t.toml", home / "t.sqlite", home / "t.jsonl"
    wal = home / "t.sqlite-wal"
    bots = bots_folder(tmp_path, [config, db, records, wal])
    if route == "link":
        (tmp_path / "link").symlink_to(bots)
        script = str(tmp_path / "link" / "hostile.py")
    elif route == "dotdot":
        script = str(bots / ".." / "bots" / "hostile.py")
    elif route == "relative":  # named from the bot's folder, capicua started elsewhere
        elsewhere = tmp_path / "elsewhere"
        elsewhere.mkdir()
        monkeypatch.chdir(elsewhere)
        script = "../bots/hostile.py"
    else:
        target = request.getfixturevalue("bound")
        subprocess.run(["mount", "--bind", str(bots), str(target)], check=True)
        script = str(target / "hostile.py")
    # The bot looks for them by both names: its folder's real one and the one it was given.
    alias = Path(os.path.abspath(Path(script).parent))
    names = [p for f in (config, db, records, wal) for p in (f, alias / f.name)]
    (bots / "targets.json").write_text(
        json.dumps({"files": [str(p) for p in names], "seed": str(SEED), "sleep": "1"})
    )
    config.write_text(config_text(command_seat([sys.executable, script, "files"], untrusted=True)))
    result = cli("tournament", config, "--db", db, "--records", records, "--json")
    assert result.exit_code == 0, result.output
    assert found(json.loads(result.stdout)) == {"read": [], "seed": False}


def test_the_database_and_its_wal_appearing_mid_run_stay_hidden(cli, tmp_path):
    bots = bots_folder(tmp_path, [])
    db = bots / "t.sqlite"
    targets = [db, Path(f"{db}-wal"), Path(f"{db}-shm"), bots / "t.jsonl", bots / "t.toml"]
    (bots / "targets.json").write_text(
        json.dumps({"files": [str(p) for p in targets], "seed": str(SEED), "sleep": "1"})
    )
    # The bot attacks at its first decision, when the database and the records exist.
    seat = command_seat([sys.executable, str(bots / "hostile.py"), "files"], untrusted=True)
    (bots / "t.toml").write_text(config_text(seat))
    result = cli("tournament", bots / "t.toml", "--db", db, "--records", bots / "t.jsonl", "--json")
    assert result.exit_code == 0, result.output
    assert found(json.loads(result.stdout)) == {"read": [], "seed": False}


@pytest.mark.parametrize("how", ["python -m capicua", "capicua"])
def test_a_python_bot_sees_neither_the_current_folder_nor_pythonpath(tmp_path, how):
    # A person's home, where they run capicua, and a folder on their PYTHONPATH.
    home = tmp_path / "home"
    (home / ".ssh").mkdir(parents=True)
    key = home / ".ssh" / "id_ed25519"
    key.write_text(f"-----BEGIN OPENSSH PRIVATE KEY----- {SEED}\n")
    lib = tmp_path / "lib"
    lib.mkdir()
    (lib / "secret.txt").write_text(f"{SEED}\n")
    bots = bots_folder(tmp_path, [key, lib / "secret.txt"])
    seat = command_seat([sys.executable, str(bots / "hostile.py"), "files"], untrusted=True)
    config = tmp_path / "t.toml"
    config.write_text(config_text(seat))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(lib), str(ROOT / "tests")])}
    start = (
        [sys.executable, "-m", "capicua"]
        if how != "capicua"
        else [str(Path(sys.executable).parent / "capicua")]
    )
    done = subprocess.run(
        [*start, "tournament", str(config), "--db", str(tmp_path / "t.sqlite"), "--json"],
        cwd=home,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert found(json.loads(done.stdout)) == {"read": [], "seed": False}


def test_as_an_ordinary_user_a_link_to_the_bots_folder_shows_nothing(ordinary_user):
    from .conftest import as_user

    uid, gid = ordinary_user
    home = Path(tempfile.mkdtemp(prefix="capicua-hostile-"))
    try:
        os.chown(home, uid, gid)
        bots = home / "bots"
        config, db, records = bots / "t.toml", bots / "t.sqlite", bots / "t.jsonl"
        names = [config, db, records, Path(f"{db}-wal")]
        names += [home / "link" / p.name for p in names]
        bots_folder(home, names)
        (home / "link").symlink_to(bots)
        argv = [sys.executable, str(home / "link" / "hostile.py"), "files"]
        config.write_text(config_text(command_seat(argv, untrusted=True)))
        for path in (home, *home.rglob("*")):
            os.lchown(path, uid, gid)
        env = {"PATH": os.environ["PATH"], "HOME": str(home), "LANG": "C.UTF-8"}
        env["CAPICUA_DATA_DIR"] = str(home / "data")
        command = ["tournament", str(config), "--db", str(db), "--records", str(records)]
        done = subprocess.run(
            [*as_user(uid, gid), sys.executable, "-m", "capicua", *command, "--json"],
            cwd=home,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 0, done.stderr
        assert found(json.loads(done.stdout)) == {"read": [], "seed": False}
    finally:
        shutil.rmtree(home, ignore_errors=True)
