"""Engine speed: random-vs-random play, as ratios to a bare reference engine run alongside.

Every installed game is timed (``--games`` for some; ``NAME:KEY=VALUE`` passes a game
option, e.g. ``mexican-train:seats=8``). ``reference`` is a minimal engine of this file's
own: hands as bitmasks, the same random game as capicua plays with the ``random`` player
(the same deal, leader, redeal, drawing, block and scoring rules, a uniform choice among
the same legal plays) and nothing else: no views, records, undo or checks. There are two:
:func:`reference_match` plays Chiva and double-nine 100, :func:`drawing_match` Draw and
All Fives (at any seat count; :func:`check_drawing_record` plays capicua's records
through it, which ``tests/core/test_reference_engines.py`` does for thousands of hands).
A game with a reference is printed as its hands per second divided by its reference's,
measured in the same process, so the ratios hold on a busy machine where the rates
themselves do not. The other games (Mexican Train, Matador, a third party's) have no
reference of their own: each is printed as hands and actions per second and as its
actions per second divided by those of Chiva's reference, run alongside (``x chiva
ref``), a figure that holds under load the way the ratios do, though it compares
different games. The modes:

* ``engine``: the match state machine alone, the way a search would use it
  (``legal_actions`` + ``apply`` with a seeded uniform choice; no views, hooks or records);
* ``general`` (a game the engine plays on its fast path: Chiva, double-nine 100, Block):
  ``engine`` with the same game forced through the general path, ``core.position.step``
  and the rule methods, which says what the fast path is worth;
* ``players``: the decision path a tournament takes: the driver builds the view of the seat
  to move and asks the ``random`` player plugin (hooks and records off);
* ``hooks+records``: as ``players``, with the plugin manager's observer hooks called and
  the match record built at the end;
* ``env``: the PettingZoo environment (``capicua.env``, the ``rl`` extra) stepped by an
  agent loop (``last()``, a seeded uniform choice among the actions its mask allows,
  ``step()``) over every decision, forced ones included; its actions are environment steps;
* ``simulate`` (with ``--simulate N``): ``capicua simulate VARIANT --matches N`` as a whole
  process (with the game's options), start-up included (with the modules' bytecode cached,
  as an installed capicua has it), its hands over the CPU time it used.

Times are the CPU time of this process (``time.process_time``), so other work on the
machine slows the figures less than the clock; the modes take turns, repeat after repeat,
and each figure is the median of the repeats.

Run: ``python benchmarks/engine.py [--seconds 2] [--repeat 5] [--simulate 3000]
[--games chiva,draw,mexican-train:seats=8]``.
"""

from __future__ import annotations

import argparse
import functools
import os
import platform
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from capicua.core.driver import play_match
from capicua.core.records import to_record
from capicua.core.rng import seat_stream
from capicua.plugins import load_plugins

# -- the reference engine ------------------------------------------------------------------


@dataclass(frozen=True)
class Game:
    """What the reference engine knows of a game: a built-in game's rules, as flags."""

    top: int  # the highest number of the set
    size: int  # tiles dealt to each of the four seats
    series: bool  # Chiva: 6-6 leads, team totals decide a block, four won hands in a row win
    redeal: int | None = None  # doubles that make a (computer) seat demand a redeal


GAMES = {
    "chiva": Game(top=6, size=7, series=True),
    "double-nine-100": Game(top=9, size=10, series=False, redeal=5),
}


def bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first, each as an int of its own."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


@functools.cache
def tables(top: int) -> tuple[list[tuple[int, int]], list[int], list[int], int]:
    """The set's tiles by index, each index's bit, the tiles having each number (a mask by
    number) and the doubles (a mask)."""
    tiles = [(hi, lo) for hi in range(top + 1) for lo in range(hi + 1)]
    having = [sum(1 << i for i, t in enumerate(tiles) if k in t) for k in range(top + 1)]
    doubles = sum(1 << i for i, (hi, lo) in enumerate(tiles) if hi == lo)
    return tiles, [1 << i for i in range(len(tiles))], having, doubles


def reference_match(game: Game, seed: int) -> tuple[int, int]:
    """One random-vs-random match of ``game``, seats 0-3 (teams 0 and 1, seat % 2); returns
    the hands and actions played. A hand is a bitmask of tile indices."""
    rng = random.Random(seed)
    tiles, bit, having, doubles = tables(game.top)
    top_double = len(tiles) - 1

    def pips(mask: int) -> int:
        return sum(sum(tiles[b.bit_length() - 1]) for b in bits(mask))

    scores, hands, actions = [0, 0], 0, 0
    leader = entitled = None
    while not game.series and entitled is None:  # the draw for first lead
        pile = list(range(len(tiles)))
        rng.shuffle(pile)
        drawn = [sum(tiles[pile.pop(int(rng.random() * len(pile)))]) for _ in range(2)]
        actions += 2
        if drawn[0] != drawn[1]:
            entitled = drawn.index(max(drawn))  # seats 0 and 1 drew: teams 0 and 1
    while max(scores) < (4 if game.series else 100):
        if entitled is not None:  # the entitled team's chooser names a partner, blind
            leader = entitled + 2 * int(rng.random() * 2)
            actions += 1
        while True:  # deal, until nobody demands a redeal
            order = list(range(len(tiles)))
            rng.shuffle(order)
            held = [
                sum(bit[i] for i in order[s * game.size : (s + 1) * game.size]) for s in range(4)
            ]
            if not game.redeal or all((h & doubles).bit_count() < game.redeal for h in held):
                break
            actions += 1
        hands += 1
        forced = leader is None  # Chiva: 6-6 opens the first hand and the hand after a tie
        seat = next(s for s in range(4) if held[s] >> top_double & 1) if forced else leader
        left = right = -1
        winner = out = None  # the team that wins the hand, the seat that went out
        while True:
            h = held[seat]
            actions += 1
            # The plays as (tile bit, end): every tile on an empty line, else each tile
            # having an end's number, on that end (on both, if it has both).
            if forced:
                moves, forced = [(1 << top_double, 0)], False
            elif left < 0:
                moves = [(b, 0) for b in bits(h)]
            else:
                on_left, on_right = having[left], having[right]
                fit = h & (on_left | on_right)
                moves = []
                while fit:
                    b = fit & -fit
                    fit ^= b
                    if b & on_left:
                        moves.append((b, 0))
                    if b & on_right:
                        moves.append((b, 1))
            if moves:
                b, end = moves[int(rng.random() * len(moves))]
                held[seat] = h ^ b
                hi, lo = tiles[b.bit_length() - 1]
                if left < 0:
                    left, right = hi, lo
                elif end:
                    right = lo if hi == right else hi
                else:
                    left = lo if hi == left else hi
                if not held[seat]:  # a domino
                    winner, out = seat % 2, seat
                    break
                if not (held[0] | held[1] | held[2] | held[3]) & (having[left] | having[right]):
                    counts = [pips(x) for x in held]  # a block
                    if game.series:
                        teams = [counts[0] + counts[2], counts[1] + counts[3]]
                        low = min(teams)
                        winner = teams.index(low) if teams.count(low) == 1 else None
                    else:
                        low = min(counts)
                        lowest = {s % 2 for s in range(4) if counts[s] == low}
                        winner = lowest.pop() if len(lowest) == 1 else None
                    break
            seat = (seat + 1) % 4
        if winner is None:  # a tie
            if game.series:
                leader = None
            else:
                entitled = (leader + 1) % 2  # the team after the one that led
            continue
        team = winner
        if game.series:
            scores = [0, 0] if scores[1 - team] else [s + (t == team) for t, s in enumerate(scores)]
            leader = (
                out if out is not None else min((team, team + 2), key=lambda s: (pips(held[s]), s))
            )
        else:
            scores[team] += pips(held[1 - team]) + pips(held[3 - team])
            entitled = team
    return hands, actions


# -- the reference engine of the drawing games: Draw and All Fives ------------------------


@dataclass(frozen=True)
class Drawing:
    """What the reference engine knows of a drawing game (Draw, All Fives): a line, or a
    line with a spinner that scores multiples of five as it goes, and a boneyard."""

    seats: int
    teams: tuple[int, ...]  # each seat's team, 0-based, seat by seat (seats 0 to seats-1)
    fives: bool  # All Fives: a spinner, points during play, rounded fives, team blocks
    goal: int

    @property
    def size(self) -> int:
        return 7 if self.seats == 2 else 5


def drawing_game(name: str, seats: int, partners: bool = True) -> Drawing:
    """Draw (``"draw"``) or All Fives (``"all-fives"``) at ``seats`` seats, their default
    goals; All Fives' four seats play as partners unless ``partners`` is false."""
    fives = name == "all-fives"
    pairs = fives and seats == 4 and partners
    teams = tuple(s % 2 if pairs else s for s in range(seats))
    return Drawing(seats, teams, fives, 150 if fives else 100)


DRAWING = {"draw": drawing_game("draw", 2), "all-fives": drawing_game("all-fives", 2)}

#: The ends a play names, by number: the line's two, then a spinner's cross arms.
END_NAMES = ("left", "right", "up", "down")


def drawing_hand(game, held, boneyard, leader, forced, scores, choose, log=None):
    """One hand of a drawing game from its deal: ``held`` is each seat's bitmask (played
    down in place), ``boneyard`` the tiles to draw in order, ``forced`` the tile the leader
    must open with (or ``None``), ``scores`` each team's score (All Fives adds its counts
    in place), ``choose(moves)`` one of the legal ``(tile bit, end)`` plays; ``log``, when
    given, gets every action as ``(seat, tile index or "draw" or "pass", end)``. Returns
    ``(outcome, winning team or None, seat that went out or reached the goal, actions)``,
    the outcome ``"domino"``, ``"block"``, ``"tie"`` or ``"goal"``."""
    tiles, bit, having, _ = tables(6)
    n, fives = game.seats, game.fives
    drawn = 0  # tiles taken from the boneyard
    # The open ends: their numbers, and whether the tile there is a double (All Fives
    # counts both halves). ``ends`` holds left and right, then up and down once crossed.
    ends: list[int] = []
    double_at = [False, False, False, False]
    spin = -1  # the spinner's number
    spin_left = spin_right = False  # the spinner is the leftmost, the rightmost tile
    laid = [False, False]  # a tile lies on the up, the down arm
    seat, actions, placed = leader, 0, 0
    while True:
        h = held[seat]
        actions += 1
        if not ends:
            moves = [(bit[forced], 0)] if forced is not None else [(b, 0) for b in bits(h)]
        else:
            moves = []
            for end, k in enumerate(ends):
                fit = h & having[k]
                while fit:
                    b = fit & -fit
                    fit ^= b
                    moves.append((b, end))
        if moves:
            b, end = choose(moves)
            held[seat] = h ^ b
            i = b.bit_length() - 1
            hi, lo = tiles[i]
            if log is not None:
                log.append((seat, i, end))
            if not ends:  # the lead opens both ends of the line
                ends = [hi, lo]
                double_at[0] = double_at[1] = hi == lo
                if fives and hi == lo:
                    spin, spin_left, spin_right = hi, True, True
            else:
                k = ends[end]
                ends[end] = lo if hi == k else hi
                double_at[end] = hi == lo
                if end < 2:
                    if spin < 0 and fives and hi == lo:  # the first double spins
                        spin = hi
                        spin_left, spin_right = end == 0, end == 1
                    elif end == 0:
                        spin_left = False
                    else:
                        spin_right = False
                    if spin >= 0 and not spin_left and not spin_right and len(ends) == 2:
                        ends += [spin, spin]  # crossed: up and down open on the spinner
                else:
                    laid[end - 2] = True
            placed += 1
            if fives:  # the count of the open ends, scored when a multiple of five
                if placed == 1:
                    count = hi + lo
                else:
                    count = 0
                    for j, k in enumerate(ends):
                        if j < 2 or laid[j - 2]:  # an empty cross arm counts nothing
                            count += 2 * k if double_at[j] else k
                if count % 5 == 0 and count:
                    team = game.teams[seat]
                    scores[team] += count
                    if scores[team] >= game.goal:
                        return "goal", team, seat, actions
            if not held[seat]:
                return "domino", game.teams[seat], seat, actions
            seat = (seat + 1) % n
        elif len(boneyard) - drawn > 2:  # the last two tiles are never drawn
            held[seat] = h | bit[boneyard[drawn]]
            drawn += 1
            if log is not None:
                log.append((seat, "draw", None))
        else:
            if log is not None:
                log.append((seat, "pass", None))
            seat = (seat + 1) % n
        if len(boneyard) - drawn <= 2:
            on = 0
            for k in ends:
                on |= having[k]
            if not any(x & on for x in held):  # a block
                counts = [pips(6, x) for x in held]
                if fives:  # the lowest team total wins
                    totals = [0] * (max(game.teams) + 1)
                    for j, c in enumerate(counts):
                        totals[game.teams[j]] += c
                else:  # the lowest count wins (each seat is a team)
                    totals = counts
                low = min(totals)
                if totals.count(low) > 1:
                    return "tie", None, None, actions
                return "block", totals.index(low), None, actions


def pips(top: int, mask: int) -> int:
    """The pips of the tiles of ``mask``."""
    tiles = tables(top)[0]
    return sum(sum(tiles[b.bit_length() - 1]) for b in bits(mask))


def drawing_points(game: Drawing, outcome: str, team: int, held: list[int]) -> int:
    """What the winning ``team`` scores for a domino or a block: the others' pips (Draw's
    won block less the winner's own; All Fives' rounded to the nearest five)."""
    theirs = sum(pips(6, x) for s, x in enumerate(held) if game.teams[s] != team)
    if game.fives:
        return 5 * ((theirs + 2) // 5)
    if outcome == "block":
        return theirs - sum(pips(6, x) for s, x in enumerate(held) if game.teams[s] == team)
    return theirs


def drawing_leader(game: Drawing, held: list[int], last: tuple | None) -> tuple[int, int | None]:
    """Who leads a hand, and the tile (an index) they must lead: the highest double's
    holder at a match's start and after a tie, else the seat that went out, or on a block
    the winning team's seat with the fewest pips left (the lower on equal pips). ``last``
    is the last hand's ``(team, seat that went out, the tiles left in each hand)``;
    ``None`` at the start or after a tie."""
    if last is None:
        for i in range(27, -1, -1):  # the doubles, highest first: indices 27, 20, 14, ...
            hi, lo = tables(6)[0][i]
            if hi == lo:
                for s, x in enumerate(held):
                    if x >> i & 1:
                        return s, i
        raise AssertionError("a hand led by a double was dealt without one")
    team, out, left = last
    if out is not None:
        return out, None
    mine = [s for s in range(game.seats) if game.teams[s] == team]
    return min(mine, key=lambda s: (pips(6, left[s]), s)), None


def drawing_match(game: Drawing, seed: int) -> tuple[int, int]:
    """One random-vs-random match of a drawing game; returns the hands and actions."""
    rng = random.Random(seed)
    tiles, bit, _, doubles = tables(6)
    n, size = game.seats, game.size
    scores = [0] * (max(game.teams) + 1)
    hands = actions = 0
    last = None  # the last hand's (team, seat out, hands left); None at first, after a tie

    def choose(moves):
        return moves[int(rng.random() * len(moves))]

    while True:
        while True:  # deal, again while a hand to be led by a double has none
            order = list(range(len(tiles)))
            rng.shuffle(order)
            held = [sum(bit[i] for i in order[s * size : (s + 1) * size]) for s in range(n)]
            if last is not None or any(x & doubles for x in held):
                break
        leader, forced = drawing_leader(game, held, last)
        hands += 1
        outcome, team, out, took = drawing_hand(
            game, held, order[n * size :], leader, forced, scores, choose
        )
        actions += took
        if outcome == "goal":
            return hands, actions
        if team is None:
            last = None
            continue
        scores[team] += drawing_points(game, outcome, team, held)
        if max(scores) >= game.goal:
            return hands, actions
        last = (team, out, held)


def check_drawing_record(game: Drawing, record: dict) -> int:
    """Play a ``capicua-match/1`` record of Draw or All Fives through the reference engine:
    each deal it refused, its leader, every action (each play among the reference's legal
    ones, each draw and pass where the reference has no play), each hand's result and the
    winner, all as the reference's rules make them. Returns the hands checked; raises
    AssertionError at the first difference."""
    tiles, bit, _, doubles = tables(6)
    index = {t: i for i, t in enumerate(tiles)}
    n = game.seats
    scores = [0] * (max(game.teams) + 1)
    last = None
    for number, hand in enumerate(record["hands"], 1):
        where = f"hand {number}"

        def mask(tiles_: list) -> int:
            return sum(bit[index[(max(t), min(t))]] for t in tiles_)

        for redeal in hand["redeals"]:  # only a deal without a double, for a double's lead
            refused = [mask(redeal["deal"][str(s + 1)]) for s in range(n)]
            assert last is None and not any(x & doubles for x in refused), where
        held = [mask(hand["deal"][str(s + 1)]) for s in range(n)]
        assert last is not None or any(x & doubles for x in held), where
        boneyard = [index[(max(t), min(t))] for t in hand["deal"]["unused"]]
        leader, forced = drawing_leader(game, held, last)
        assert hand["leader"] == leader + 1, f"{where}: leader {hand['leader']}, not {leader + 1}"
        wanted = []
        for a in hand["actions"]:
            seat = a["seat"] - 1
            if "tile" in a:
                wanted.append((seat, index[(max(a["tile"]), min(a["tile"]))], a["end"]))
            else:
                wanted.append((seat, "draw" if a.get("draw") else "pass", None))
        log: list = []

        def follow(moves, log=log, wanted=wanted, where=where):
            at = len(log)
            assert at < len(wanted), f"{where}: the record ends where the reference plays on"
            _seat, i, end = wanted[at]
            assert isinstance(i, int), f"{where}: action {at + 1} is a {i}, with plays legal"
            move = (bit[i], END_NAMES.index(end))
            assert move in moves, f"{where}: action {len(log) + 1} is not a legal play"
            return move

        outcome, team, out, _ = drawing_hand(
            game, held, boneyard, leader, forced, scores, follow, log
        )
        said = [(s, i, END_NAMES[e] if e is not None else None) for s, i, e in log]
        assert said == wanted, f"{where}: the actions differ"
        result = hand["result"]
        assert result is not None, f"{where}: unfinished"
        assert result["outcome"] == outcome, f"{where}: {result['outcome']}, not {outcome}"
        assert result["team"] == (None if team is None else team + 1), where
        assert result["seat"] == (None if out is None else out + 1), where
        points = 0
        if outcome in ("domino", "block"):
            points = drawing_points(game, outcome, team, held)
            scores[team] += points
        assert result["points"] == points, f"{where}: {result['points']} points, not {points}"
        assert result["scores"] == scores, f"{where}: scores {result['scores']}, not {scores}"
        last = None if team is None else (team, out, held)
    over = max(scores) >= game.goal
    assert over and record["winner"] == scores.index(max(scores)) + 1, "the match's winner"
    return len(record["hands"])


# -- capicua's modes -----------------------------------------------------------------------


def engine_only(variant, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    m = variant.new_match(seed)
    actions = 0
    while m.turn is not None:
        legal = m.legal_actions()
        m.apply(legal[int(rng.random() * len(legal))])
        actions += 1
    return len(m.hands_log), actions


def general_path(variant):
    """``variant`` played through the engine's general path (``core.position.step`` and
    the rule methods) even where it keeps the block game's rules: the same game, for the
    ``general`` mode, which measures what the fast path is worth."""

    class General(type(variant)):
        @classmethod
        def plays_fast(cls) -> bool:
            return False

    return General(**dict(variant.chosen))


def with_players(plugins, variant, seed: int, hooks: bool) -> tuple[int, int]:
    players = {
        s: plugins.players.create("random", seat_stream(seed, s))
        for s in range(1, variant.seats + 1)
    }
    m = play_match(variant, players, seed, hook=plugins.hook if hooks else None)
    if hooks:
        to_record(m, {s: "random" for s in players})
    return len(m.hands_log), len(m.actions)


def env_steps(env, seed: int) -> tuple[int, int]:
    """One episode (a match) of the environment with uniform choices from the masks."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    for _agent in env.agent_iter():
        obs, _, done, cut, _ = env.last()
        if done or cut:
            env.step(None)
            continue
        legal = obs["action_mask"].nonzero()[0]
        env.step(legal[int(rng.random() * len(legal))])
        steps += 1
    return len(env.match.hands_log), steps


def measure(fn, seconds: float) -> tuple[float, float]:
    """Hands and actions per CPU second of ``fn(seed)`` over seeds 0, 1, ... for ``seconds``."""
    hands = actions = 0
    seed = 0
    start = time.process_time()
    while True:
        h, a = fn(seed)
        hands += h
        actions += a
        seed += 1
        took = time.process_time() - start
        if took >= seconds:
            return hands / took, actions / took


def own_reference(name: str, options: dict[str, object]):
    """The reference engine of game ``name`` with ``options`` as ``fn(seed)``, or ``None``
    for a game (or options) this file has no reference for."""
    if name in GAMES and not options:
        return functools.partial(reference_match, GAMES[name])
    if name in DRAWING and set(options) <= {"seats", "partners"}:
        seats = int(str(options.get("seats", 2)))
        partners = str(options.get("partners", True)).lower() not in ("false", "0", "no", "off")
        game = drawing_game(name, seats, partners)
        return functools.partial(drawing_match, game)
    return None


def simulate(variant: str, matches: int, options: dict[str, object] | None = None):
    """``capicua simulate`` as a process: its hands per CPU second, start-up included, and
    the CPU seconds it took."""
    # As an installed capicua starts: with its modules' bytecode cached (an environment
    # that sets PYTHONDONTWRITEBYTECODE would have every start compile them all again).
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    given = [f"--option={k}={v}" for k, v in (options or {}).items()]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "capicua",
            "simulate",
            variant,
            "--matches",
            str(matches),
            "--seed",
            "7",
            *given,
        ],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    found = re.search(r"hands (\d+)", done.stdout)
    if found is None:
        sys.exit(f"capicua simulate printed no hand count:\n{done.stdout}")
    return int(found.group(1)) / cpu, cpu


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    model = Path("/proc/cpuinfo")
    if model.exists():
        for line in model.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    return f"{cpu}, {os.cpu_count()} CPUs, Python {platform.python_version()}"


def parse_game(text: str) -> tuple[str, dict[str, object], str]:
    """``"mexican-train:seats=8"`` -> the variant's name, its options and the label printed."""
    name, _, rest = text.strip().partition(":")
    options: dict[str, object] = {}
    for part in filter(None, rest.split(",")):
        key, _, raw = part.partition("=")
        options[key.strip()] = int(raw) if raw.lstrip("-").isdigit() else raw
    label = name + "".join(f" {k}={v}" for k, v in options.items())
    return name, options, label


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU time per measurement")
    parser.add_argument("--repeat", type=int, default=5, help="repeats; the median is kept")
    parser.add_argument(
        "--simulate",
        type=int,
        default=0,
        metavar="N",
        help="also time `capicua simulate VARIANT --matches N` as a whole process",
    )
    parser.add_argument(
        "--games",
        metavar="NAMES",
        help="comma-separated games, NAME:KEY=VALUE for an option (default: every installed)",
    )
    args = parser.parse_args()
    plugins = load_plugins()
    installed = sorted(plugins.variants.names())
    if args.games:
        texts: list[str] = []
        for part in args.games.split(","):  # "a:x=1,y=2,b": y=2 is still a's option
            if "=" in part and ":" not in part and texts:
                texts[-1] += "," + part
            else:
                texts.append(part)
        chosen = [parse_game(t) for t in texts]
    else:  # the built-ins first, as before, then the rest
        chosen = [(n, {}, n) for n in GAMES if n in installed]
        chosen += [(n, {}, n) for n in installed if n not in GAMES]
    for name, options, _ in chosen:
        try:
            plugins.variants.create(name, options)
        except Exception as exc:  # noqa: BLE001 - an unknown game or option: one line
            parser.error(str(exc))
    try:
        from capicua.env import make
    except ImportError:
        make = None
    print(f"machine: {machine()}; load average {os.getloadavg()[0]:.2f}")
    print(f"{'variant':16} {'mode':14} {'hands/s':>9} {'actions/s':>10} {'x reference':>11}")
    for name, options, label in chosen:
        variant = plugins.variants.create(name, options)
        reference = own_reference(name, options)
        own = reference is not None
        # A game without a reference of its own runs beside Chiva's, compared by actions.
        if reference is None:
            reference = functools.partial(reference_match, GAMES["chiva"])
        modes = {
            "reference" if own else "chiva ref": reference,
            "engine": lambda s, v=variant: engine_only(v, s),
            "players": lambda s, v=variant: with_players(plugins, v, s, False),
            "hooks+records": lambda s, v=variant: with_players(plugins, v, s, True),
        }
        if variant.plays_fast():  # the general path beside the fast one
            forced = general_path(variant)
            modes["general"] = lambda s, v=forced: engine_only(v, s)
        try:
            env = make(variant) if make is not None else None
        except ImportError:  # pettingzoo or gymnasium missing: the extra is not installed
            env = None
        if env is not None:
            modes["env"] = lambda s, e=env: env_steps(e, s)
        # The modes take turns, repeat after repeat, so that a change in what else the
        # machine does touches them alike.
        runs: dict[str, list[tuple[float, float]]] = {mode: [] for mode in modes}
        if args.simulate:
            runs["simulate"] = []
            simulate(name, 1, options)  # once untimed: the bytecode cached, as installed
        for _ in range(args.repeat):
            for mode, fn in modes.items():
                runs[mode].append(measure(fn, args.seconds))
            if "simulate" in runs:
                runs["simulate"].append((simulate(name, args.simulate, options)[0], 0.0))
        median = {
            mode: (statistics.median(h for h, _ in got), statistics.median(a for _, a in got))
            for mode, got in runs.items()
        }
        base_hands, base_actions = next(iter(median.values()))
        for mode, (hands, acts) in median.items():
            shown = f"{acts:10,.0f}" if acts else f"{'':10}"
            if own:
                ratio = f"{hands / base_hands:11.2f}"
            elif mode == "chiva ref":
                ratio = f"{'1.00 (acts)':>11}"
            else:
                ratio = f"{acts / base_actions:11.2f}" if acts else f"{'':11}"
            print(f"{label:16} {mode:14} {hands:9,.0f} {shown} {ratio}", flush=True)
        if env is None:
            print(f"{label:16} {'env':14} (needs the rl extra: pip install 'capicua[rl]')")


if __name__ == "__main__":
    main()
