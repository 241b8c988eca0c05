"""Train a small Chiva agent on the CPU, then seat it anywhere as capicua's ``policy`` player.

The agent is a linear softmax policy over a dozen features of each legal play, read from
the environment's observation (the seat's tiles, the open ends, the tiles played, who
passed on what), trained by REINFORCE (a policy gradient, in numpy) with one point for a
won hand and minus one for a lost one. It plays one team against the ``random`` baseline
in the other two seats, the teams swapped every match. Ten thousand matches (the default)
take about two minutes on one core::

    python examples/learning/train_chiva.py --matches 10000 --out chiva-agent.npz

It then plays as the ``policy`` player, in a tournament config or in
``benchmarks/strength.py``::

    python benchmarks/strength.py --variant chiva --b random --deals 2000 \\
        --a "policy:policy=examples/learning/train_chiva.py:load,weights=chiva-agent.npz"

docs/learning.md has the figures. ``load(path)`` returns the policy: given an observation
and its action mask it plays the legal action of highest score (decisions other than plays,
which Chiva does not have, go to the first legal action).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

from capicua.env import make
from capicua.env.encoding import Encoding
from capicua.env.player import encoding_for

VARIANT = "chiva"
FEATURES = (
    "pips of the tile (over 12)",
    "the tile is a double",
    "own tiles left that show the new open number (over 7)",
    "own tiles left that show the other open number (over 7)",
    "the next seat (an opponent) passed on the new open number",
    "the partner passed on the new open number",
    "the seat before (an opponent) passed on the new open number",
    "tiles showing the new open number out of the others' reach (played or own, over 7)",
    "tiles showing the other open number out of the others' reach (over 7)",
    "the two open numbers are the same",
    "no other own tile shows either of its numbers",
)


class Features:
    """The feature rows of the legal plays of one observation, for one variant's layout."""

    def __init__(self, enc: Encoding) -> None:
        self.enc = enc
        tiles = enc.tiles
        self.hi = np.array([t.hi for t in tiles])
        self.lo = np.array([t.lo for t in tiles])
        P = enc.numbers
        #: shows[t, n]: tile t shows the number n.
        self.shows = np.zeros((len(tiles), P))
        self.shows[np.arange(len(tiles)), self.hi] = 1
        self.shows[np.arange(len(tiles)), self.lo] = 1

    def rows(self, obs: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The legal action numbers that are plays, and one feature row for each."""
        enc = self.enc
        legal = np.flatnonzero(mask[: 2 * enc.n_tiles])
        f = enc.fields_of(obs)
        hand = f["hand"]
        ends = f["ends"]
        opened = bool(ends.any())
        left = int(ends[0].argmax()) if opened else -1
        right = int(ends[1].argmax()) if opened else -1
        mine = hand @ self.shows  # own tiles showing each number
        gone = (f["played"].sum(axis=1) + hand) @ self.shows  # beyond the others' reach
        voids = f["voids"]
        out = np.zeros((len(legal), len(FEATURES)))
        for k, a in enumerate(legal):
            t, side = divmod(int(a), 2)
            hi, lo = int(self.hi[t]), int(self.lo[t])
            if not opened:
                new, other = hi, lo
            else:
                end, other = (left, right) if side == 0 else (right, left)
                new = lo if hi == end else hi
            shows_other = other in (hi, lo)
            out[k] = (
                (hi + lo) / 12,
                hi == lo,
                (mine[new] - 1) / 7,  # the tile itself shows the new number
                (mine[other] - shows_other) / 7,
                voids[1, new],
                voids[2, new],
                voids[3, new],
                gone[new] / 7,
                gone[other] / 7,
                new == other,
                mine[hi] + mine[lo] == 2,
            )
        return legal, out


def softmax(z: np.ndarray) -> np.ndarray:
    e = np.exp(z - z.max())
    return e / e.sum()


#: Matches played before the run says how long the rest takes.
TIMED = 100


def train(matches: int, seed: int, rate: float = 0.05, log=print) -> np.ndarray:
    """The weights after ``matches`` matches of REINFORCE against the random baseline (the
    same weights for the same arguments)."""
    env = make(VARIANT, rewards={"hand": 1.0}, skip_forced=True)
    feats = Features(env.encoding)
    o_handno = next(f.offset for f in env.encoding.fields if f.name == "hand_number")
    rng = np.random.default_rng(seed)
    w = np.zeros(len(FEATURES))
    baseline = 0.0
    start = time.perf_counter()
    won = decided = 0
    env.reset(seed=seed)
    for match in range(1, matches + 1):
        team = match % 2 + 1  # the learner's team, swapped every match
        learners = {f"seat_{s}" for s in env.variant.teams[team - 1]}
        # Each learning seat's decisions in the hand being played, with that hand's number.
        pending: dict[str, tuple[float, list[tuple[np.ndarray, int]]]] = {}
        for agent in env.agent_iter():
            obs, reward, done, cut, _ = env.last()
            o, mask = obs["observation"], obs["action_mask"]
            if agent in learners:
                number, steps = pending.get(agent, (o[o_handno], []))
                if done or cut or o[o_handno] != number:
                    # The hand those decisions were made in is over, and ``reward`` is what
                    # it brought: a policy-gradient step for each of them.
                    for x, i in steps:
                        p = softmax(x @ w)
                        w += rate * (reward - baseline) * (x[i] - p @ x)
                    if steps:
                        baseline += 0.01 * (reward - baseline)
                    number, steps = o[o_handno], []
                pending[agent] = (number, steps)
            if done or cut:
                env.step(None)
                continue
            legal, x = feats.rows(o, mask)
            if agent in learners and len(legal):
                i = int(rng.choice(len(legal), p=softmax(x @ w)))
                pending[agent][1].append((x, i))
                env.step(int(legal[i]))
            else:
                choices = np.flatnonzero(mask)
                env.step(int(choices[rng.integers(len(choices))]))
        for h in env.match.hands_log:
            if h.result is not None and h.result.team is not None:
                decided += 1
                won += h.result.team == team
        if match == TIMED < matches:
            # How long the whole run takes, said early: 10,000 matches take minutes.
            rest = (time.perf_counter() - start) / match * (matches - match)
            minutes = max(1, round(rest / 60))
            log(
                f"about {minutes} minute{'s' * (minutes != 1)} more for {matches - match} "
                f"matches (the pace of the first {match})"
            )
        if match % 1000 == 0:
            log(
                f"{time.perf_counter() - start:5.0f} s  {match} matches: the learner won "
                f"{won / decided:.1%} of the last {decided} decided hands"
            )
            won = decided = 0
        env.reset()
    return w


def save(path: str | Path, w: np.ndarray) -> None:
    np.savez(path, variant=VARIANT, weights=w, features=np.array(FEATURES))


def load(path: str | Path):
    """The trained policy in ``path``: ``policy(observation, mask) -> action number``."""
    data = np.load(path)
    variant = str(data["variant"])
    w = data["weights"]
    if len(w) != len(FEATURES):
        raise ValueError(f"{path} holds {len(w)} weights; this agent has {len(FEATURES)}")
    feats = Features(encoding_for(variant))

    def policy(observation: np.ndarray, mask: np.ndarray) -> int:
        legal, x = feats.rows(observation, mask)
        if not len(legal):
            return int(np.flatnonzero(mask)[0])
        return int(legal[int(np.argmax(x @ w))])

    return policy


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--matches", type=int, default=10000, help="matches to train on")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default="chiva-agent.npz", help="where to write the weights")
    args = p.parse_args(argv)
    w = train(args.matches, args.seed)
    save(args.out, w)
    print(f"weights written to {args.out}:")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {value:+7.3f}  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
