"""A third-party plugin for the tournament tests: misbehaving players and a two-seat game.

It is installed the way real plugins are, through the ``capicua`` entry-point group: the
folder holding this module also holds ``capicua_testplayers-0.1.dist-info``, so putting the
folder on ``sys.path`` (the tests' ``testplayers`` fixture does, and ``PYTHONPATH`` for
processes started later) makes ``importlib.metadata`` find the distribution. Worker
processes therefore load it exactly as they would load ``capicua-<name>`` from PyPI.
"""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from capicua.core.actions import PASS
from capicua.core.variant import Variant
from capicua.hookspecs import hookimpl
from capicua.players.base import Option, Player
from capicua.players.command import CommandPlayer

REFERENCE_BOT = (
    Path(__file__).resolve().parents[3] / "examples" / "bots" / "python" / "capicua_bot.py"
)


class _Countdown(Player):
    """Plays like ``random`` for ``after`` decisions, then misbehaves (``fault``), in a
    share ``rate`` of its matches (drawn from its seat stream, so the same ones every run)."""

    options = {
        "after": Option(int, 3, "decisions played fairly first", min=0),
        "rate": Option(float, 1.0, "share of matches in which it misbehaves", min=0, max=1),
    }

    def __init__(self, rng, **options):
        super().__init__(rng, **options)
        self.armed = rng.random() < self.rate

    def act(self, view):
        if self.armed and self.after <= 0:
            return self.fault(view)
        self.after -= 1
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]

    def fault(self, view):
        raise NotImplementedError


class Raiser(_Countdown):
    name = "raiser"
    description = "raises ValueError after a few decisions"

    def fault(self, view):
        raise ValueError("the raiser gives up")


class Shouter(_Countdown):
    name = "shouter"
    description = "raises with terminal escapes and a new line in its message"

    def fault(self, view):
        raise ValueError("\x1b[2J\x1b]0;pwned\x07 cleared\nforged line")


class Cheat(_Countdown):
    name = "cheat"
    description = "answers with an action that is not legal after a few decisions"

    def fault(self, view):
        # Asked only with two or more legal actions, none of which is a pass: a pass is
        # never legal then (a player holding a tile that fits must play it).
        return PASS


class Sleeper(_Countdown):
    name = "sleeper"
    description = "sleeps far longer than any time limit after a few decisions"

    def fault(self, view):
        time.sleep(60)
        return view.legal[0]


class Spinner(_Countdown):
    name = "spinner"
    description = "loops forever in Python code, swallowing ordinary exceptions"

    def fault(self, view):
        while True:
            try:  # noqa: SIM105 - the plain loop is the hostile code under test
                sum(range(1000))
            except Exception:  # noqa: BLE001 - swallowing everything is the point
                pass


class Blocker(_Countdown):
    name = "blocker"
    description = "blocks SIGALRM and sleeps: only killing its process stops it"

    def fault(self, view):
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
        time.sleep(60)
        return view.legal[0]


class Crasher(_Countdown):
    name = "crasher"
    description = "ends its whole process after a few decisions"

    def fault(self, view):
        os._exit(3)


class Doomed(Player):
    """Random, but its process dies at a later decision each time it is built again, as a
    worker killed from outside at unrelated moments would: the deaths so far are counted
    in the file named by ``$CAPICUA_TEST_DEATHS``."""

    name = "doomed"
    description = "ends its process at a different decision every time (for the runner)"

    def __init__(self, rng, **options):
        super().__init__(rng, **options)
        path = os.environ["CAPICUA_TEST_DEATHS"]
        with open(path, "a+", encoding="ascii") as f:
            f.seek(0)
            self.left = len(f.read()) + 1

    def act(self, view):
        self.left -= 1
        if self.left <= 0:
            with open(os.environ["CAPICUA_TEST_DEATHS"], "a", encoding="ascii") as f:
                f.write("x")
            os._exit(9)
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]


class Slow(Player):
    name = "slow"
    description = "random, taking `delay` seconds per decision (for interrupting runs)"
    options = {"delay": Option(float, 0.01, "seconds per decision", min=0)}

    def act(self, view):
        time.sleep(self.delay)
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]


class _Spy(Player):
    """Plays like ``random``; at its first decision it looks for the other seats' hands in
    its own way and writes what it found to ``$CAPICUA_TEST_SPY``: ``nothing``, or the seats
    whose hands it read."""

    def __init__(self, rng, **options):
        super().__init__(rng, **options)
        self.told = False

    def act(self, view):
        if not self.told and view.hand:
            self.told = True
            found = self.probe(view)
            with open(os.environ["CAPICUA_TEST_SPY"], "a", encoding="utf-8") as f:
                f.write(f"{self.name} seat {view.seat}: {found}\n")
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]

    @staticmethod
    def read(match, seat):
        hands = getattr(match, "hands", None)
        if not isinstance(hands, list):
            return None
        others = [s for s in range(1, len(hands)) if s != seat and hands[s]]
        return f"hands of seats {', '.join(map(str, others))}" if others else None

    def probe(self, view):
        raise NotImplementedError


class GcSpy(_Spy):
    name = "gcspy"
    description = "walks every object the garbage collector knows, looking for the match"

    def probe(self, view):
        for obj in gc.get_objects():
            if type(obj).__name__ == "Match":
                found = self.read(obj, view.seat)
                if found:
                    return found
        return "nothing"


class FrameSpy(_Spy):
    name = "framespy"
    description = "walks up the call stack, looking for the match in every frame's locals"

    def probe(self, view):
        frame = sys._getframe()
        while frame is not None:
            for value in list(frame.f_locals.values()):
                found = self.read(value, view.seat) if type(value).__name__ == "Match" else None
                if found:
                    return found
            frame = frame.f_back
        return "nothing"


class AttrSpy(_Spy):
    name = "attrspy"
    description = "follows every reference the view holds, private attributes included"

    def probe(self, view):
        seen, todo = set(), [view]
        while todo and len(seen) < 200_000:
            obj = todo.pop()
            if id(obj) in seen:
                continue
            seen.add(id(obj))
            if type(obj).__name__ in ("Match", "HandLog", "Dealer"):
                return self.read(obj, view.seat) or f"a {type(obj).__name__}"
            for name in getattr(type(obj), "__slots__", ()):
                with contextlib.suppress(AttributeError, TypeError):
                    todo.append(object.__getattribute__(obj, name))
            todo.extend(gc.get_referents(obj))
        return "nothing"


class Printer(Player):
    name = "printer"
    description = "random, printing to its standard output at every decision"

    def act(self, view):
        print("PRINTED BY A PLAYER {not json")
        sys.stdout.flush()
        os.write(1, b"WRITTEN BY A PLAYER TO FD 1\n")
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]


class Exiter(_Countdown):
    name = "exiter"
    description = "calls sys.exit(4) after a few decisions"

    def fault(self, view):
        sys.exit(4)


class Forker(Player):
    """Random; at its first decision it starts processes that outlive it: a child, one in
    a session of its own, and an orphan (its parent exits at once). Each runs
    ``sleep $CAPICUA_TEST_MARK``, so the tests can look for them."""

    name = "forker"
    description = "leaves child processes behind"

    def __init__(self, rng, **options):
        super().__init__(rng, **options)
        self.started = False

    def act(self, view):
        if not self.started:
            self.started = True
            mark = os.environ["CAPICUA_TEST_MARK"]
            subprocess.Popen(["sleep", mark])
            subprocess.Popen(["sleep", mark], start_new_session=True)
            subprocess.Popen(["sh", "-c", f"sleep {mark} & exit 0"], start_new_session=True)
        legal = view.legal
        return legal[int(self.rng.random() * len(legal))]


class WrappedBot(CommandPlayer):
    """The Python reference bot under a name of its own, as a plugin wraps a program. Its
    act() must never run: only the class's data is read."""

    name = "wrappedbot"
    description = "examples/bots/python/capicua_bot.py under a name of its own"
    program = (sys.executable, str(REFERENCE_BOT))
    options = {"style": Option(str, "follow", "how it plays", choices=("follow", "random"))}

    def act(self, view):
        raise AssertionError("a wrapped program's class code ran")


class Duel(Variant):
    """A two-seat double-six game: seven tiles each, 14 unused; three won hands win."""

    name = "duel"
    title = "Duel"
    summary = "Two players, double-six, seven tiles each, first to three hands."
    seats = 2
    teams = ((1,), (2,))
    labels = ("shutout",)

    def block_winner(self, hands):
        pips = self.team_pips(hands)
        if pips[1] == pips[2]:
            return None
        return 1 if pips[1] < pips[2] else 2

    def next_scores(self, scores, team, points):
        if team is None:
            return scores
        return tuple(s + 1 if t == team else s for t, s in enumerate(scores, 1))

    def match_winner(self, scores):
        for team, wins in enumerate(scores, 1):
            if wins >= 3:
                return team
        return None

    def label(self, before, after, winner):
        return "shutout" if all(s == 0 for t, s in enumerate(after, 1) if t != winner) else None


@hookimpl
def capicua_register_players(registry):
    for cls in (Raiser, Shouter, Cheat, Sleeper, Spinner, Blocker, Crasher, Doomed, Slow):
        registry.add(cls)
    for cls in (GcSpy, FrameSpy, AttrSpy, Printer, Exiter, Forker, WrappedBot):
        registry.add(cls)


@hookimpl
def capicua_register_variants(registry):
    registry.add(Duel)
