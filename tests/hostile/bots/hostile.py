"""A hostile bot: it plays its first legal action and, at its first decision, makes the
attack its argv names. What it found (a few numbers) is its ``error`` message, so that the
test reads it in the reason its match was lost with; an attack that finds nothing to
report plays on. Standard library only, as a stranger's bot would be.

It reads what to aim at from ``targets.json`` beside it (the test writes it): the files to
read, the seed to look for, the sleep to leave behind.
"""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ATTACK = sys.argv[1]
TARGETS = json.loads((HERE / "targets.json").read_text())


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def read(path, most=4096):
    """The first bytes of ``path`` as text, or None if it cannot be read."""
    try:
        with open(path, "rb") as f:
            return f.read(most).decode("latin-1")
    except OSError:
        return None


def files():
    """Which targets it could read, and whether any held the seed."""
    got = {str(i): read(p) for i, p in enumerate(TARGETS["files"])}
    seed = TARGETS["seed"]
    return {
        "read": sorted(k for k, v in got.items() if v is not None),
        "seed": any(v is not None and seed in v for v in got.values()),
    }


def processes():
    """The processes it sees but bubblewrap's (which holds nothing of the match: the
    bot's own command line and environment), whether a command line or environment holds
    the seed, and how many of those processes' memory it could read."""
    seed, seen, leaks, mem = TARGETS["seed"], 0, 0, 0
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == os.getpid():
            continue
        program = (read(f"/proc/{name}/cmdline") or "").split("\0")[0]
        if program.endswith("bwrap"):
            leaks += seed in (read(f"/proc/{name}/environ", 1 << 16) or "")
            continue
        seen += 1
        for what in ("cmdline", "environ"):
            text = read(f"/proc/{name}/{what}", 1 << 16)
            leaks += bool(text and seed in text)
        maps = read(f"/proc/{name}/maps", 1 << 16) or ""
        for line in maps.splitlines()[:3]:
            start = int(line.split("-")[0], 16)
            try:
                with open(f"/proc/{name}/mem", "rb") as f:
                    f.seek(start)
                    mem += bool(f.read(16))
                break
            except (OSError, ValueError, OverflowError):
                continue
    return {"seen": seen, "seed": leaks, "mem": mem}


def kill():
    """Kill every other bot it can find (its victim announces itself on its command line)."""
    killed = 0
    for name in os.listdir("/proc"):
        mine = name.isdigit() and int(name) == os.getpid()
        if name.isdigit() and not mine and "victim" in (read(f"/proc/{name}/cmdline") or ""):
            try:
                os.kill(int(name), 9)
                killed += 1
            except OSError:
                pass
    return {"killed": killed}


def cgroups():
    """Its capabilities, whether it could move itself out of its cgroups (to its parent
    cgroup), and how many other bots' cgroups it could set a limit of (to cut them)."""
    status = read("/proc/self/status") or ""
    caps = [line.split()[1] for line in status.splitlines() if line.startswith("CapEff:")]
    escaped = cut = 0
    for line in (read("/proc/self/cgroup") or "").splitlines():
        _n, _controllers, path = line.split(":", 2)
        if "capicua-" not in path:
            continue
        for mount in (read("/proc/self/mounts", 1 << 16) or "").splitlines():
            where = mount.split()[1]
            own = Path(where + path)
            if not where.startswith("/sys/fs/cgroup") or not own.is_dir():
                continue
            try:
                (own.parent / "cgroup.procs").write_text(str(os.getpid()))
                escaped += 1
            except OSError:
                pass
            for other in own.parent.glob("capicua-*"):
                if other == own:
                    continue
                for name in ("memory.limit_in_bytes", "memory.max", "pids.max"):
                    try:
                        (other / name).write_text("1")
                        cut += 1
                    except OSError:
                        pass
    return {"caps": int(caps[0], 16) if caps else -1, "escaped": escaped, "cut": cut}


def children():
    """Leave processes behind every way it can: a child, a child in a session of its own
    with an empty environment, a daemon from a double fork."""
    sleep = TARGETS["sleep"]
    subprocess.Popen(["sleep", sleep])
    subprocess.Popen(["setsid", "env", "-i", "sleep", sleep])
    os.system(f"setsid env -i sleep {sleep} &")
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            os.execvp("sleep", ["sleep", sleep])
        os._exit(0)
    return None


def memory():
    grow = []
    while True:
        grow.append(b"x" * 10**6)


def garbage():
    sys.stdout.buffer.write(b"\x00\xff\x1b[2J garbage\n")
    sys.stdout.flush()
    time.sleep(60)


def silence():
    children()  # and what it started must end with it too
    time.sleep(3600)


ATTACKS = {
    "files": files,
    "processes": processes,
    "kill": kill,
    "cgroups": cgroups,
    "children": children,
    "memory": memory,
    "garbage": garbage,
    "silence": silence,
    "victim": lambda: None,
    "huge": lambda: None,
}

attacked = False
for line in sys.stdin:
    m = json.loads(line)
    kind = m.get("type")
    if kind == "hello" and ATTACK == "huge":
        # A number Python's JSON reader refuses with a ValueError of its own (over 4,300
        # digits), written by hand: this Python would refuse to write it too.
        sys.stdout.write('{"type": "hello", "protocol": "capicua-bot/1", "name": "huge", ')
        sys.stdout.write('"version": "0", "variants": ["*"], "rating": ' + "9" * 5000 + "}\n")
        sys.stdout.flush()
    elif kind == "hello":
        send(
            {
                "type": "hello",
                "protocol": "capicua-bot/1",
                "name": ATTACK,
                "version": "0",
                "variants": ["*"],
            }
        )
    elif kind == "new_match":
        send({"type": "ready"})
    elif kind == "decide":
        if not attacked:
            attacked = True
            found = ATTACKS[ATTACK]()
            if found is not None:
                send({"type": "error", "message": "found " + json.dumps(found)})
                continue
        send({"type": "action", "id": m["id"], "action": m["legal"][0]})
    elif kind == "quit":
        break
