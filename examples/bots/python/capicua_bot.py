#!/usr/bin/env python3
"""A capicua-bot/1 bot in Python, standard library only: a starting point for your own.

capicua runs it as a program (docs/protocol.md): one JSON message a line on stdin, one
answer a line on stdout, and stderr for its log. In a config:

    [seats]
    1 = { player = "command", argv = ["python3", "python/capicua_bot.py"] }

How it plays, in a few lines of :func:`choose`:

* a play: the tile that leaves open a number it holds most other tiles of (so it can
  follow next turn), then the heaviest (the pips left in hand are what the other side
  scores), doubles first; with the option ``style = "random"`` any legal play, drawn from
  the seed capicua gives it, so a match is the same every time it is played;
* five or more doubles: it shows them and asks for a redeal, as computers must;
* choosing the leader: itself; the draw for first lead: any face-down tile.

:func:`choose` takes the ``decide`` message as it came, so it can be called without a
process as well (capicua's benchmarks do, to measure what the protocol costs).
"""

from __future__ import annotations

import json
import random
import re
import sys

NAME = "pybot"
VERSION = "1.0"
OPTIONS = {
    "style": {
        "type": "string",
        "default": "follow",
        "choices": ["follow", "random"],
        "help": "follow: keep numbers it can follow, heaviest first; random: any legal play",
    }
}


#: The ends a play names, by the letters of the notation ("6-4L", "6-4U", "6-4T3", "6-4M";
#: a game's own layout may number its arms, "6-4A5"), and, where a tile lies either way
#: round on its end (Matador's matadors), the number it leaves open ("6-1L/6").
END_NAMES = {"L": "left", "R": "right", "U": "up", "D": "down", "M": "mexican"}
PLAY = re.compile(r"^(\d+)-(\d+)([LRUDM]|[TA]\d+)(?:/(\d+))?$")


def parse_play(action: str) -> tuple[int, int, str, int | None]:
    """``"6-4L"`` -> ``(6, 4, "left", None)``; ``"6-4T3"`` -> ``(6, 4, "t3", None)``;
    ``"6-1L/6"`` -> ``(6, 1, "left", 6)``."""
    found = PLAY.match(action)
    if found is None:
        raise ValueError(f"not a play: {action}")
    code = found[3]
    shows = None if found[4] is None else int(found[4])
    return int(found[1]), int(found[2]), END_NAMES.get(code, code.lower()), shows


def choose(decide: dict, options: dict, rng: random.Random) -> tuple[str, str]:
    """The action to answer (in capicua's notation) and a line saying why."""
    legal = decide["legal"]
    if len(legal) == 1:
        return legal[0], "the only legal action"
    phase = decide["phase"]
    if phase == "claim":
        return "redeal", "five doubles: I show them"
    if phase == "lead":
        mine = f"lead {decide['seat']}"
        return (mine if mine in legal else legal[0]), "I lead"
    if phase == "draw":
        return rng.choice(legal), "any tile: they are face down"
    if options["style"] == "random":
        return rng.choice(legal), "a random play"

    hand = [tuple(t) for t in decide["hand"]]
    # Every open end and its number, in any game: a line's two, a spinner's four, the
    # trains'; none before the first tile of a line.
    open_ends = dict(decide["layout"]["open"])

    def score(action: str) -> tuple[int, int, int]:
        a, b, end, shows = parse_play(action)
        if not open_ends:
            now_open: tuple[int, ...] = (a, b)  # the first tile opens both of its numbers
        else:
            now = dict(open_ends)
            if shows is not None:  # it names the number it leaves open
                now[end] = shows
            else:
                now[end] = b if a == open_ends[end] else a
            now_open = tuple(now.values())
        rest = [t for t in hand if sorted(t) != sorted((a, b))]
        follow = sum(1 for t in rest if any(n in t for n in now_open))
        return follow, a + b, int(a == b)

    # A game that draws at will offers "draw" beside the plays: this bot always plays.
    best = max((action for action in legal if action != "draw"), key=score)
    follow, pips, _ = score(best)
    return best, f"{best}: {pips} pips, {follow} tiles to follow with"


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main() -> None:
    defaults = {key: spec["default"] for key, spec in OPTIONS.items()}
    options, rng = dict(defaults), random.Random(0)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send(
                {
                    "type": "hello",
                    "protocol": "capicua-bot/1",
                    "name": NAME,
                    "version": VERSION,
                    "options": OPTIONS,
                    "variants": ["*"],  # it reads every decision from the message alone
                    "reset": True,  # new_match starts it afresh: keep the process
                }
            )
        elif kind == "new_match":
            options = {**defaults, **message["options"]}
            rng = random.Random(message["seed"])
            variant = message["variant"]["name"]
            print(f"{NAME}: {variant}, seat {message['seat']}", file=sys.stderr)
            send({"type": "ready"})
        elif kind == "decide":
            action, why = choose(message, options, rng)
            send({"type": "action", "id": message["id"], "action": action, "comment": why})
        elif kind == "match_ended":
            print(f"{NAME}: the match ended, winner {message['winner']}", file=sys.stderr)
        elif kind == "quit":
            return
        # hand_ended, and any message type it does not know: nothing to answer


if __name__ == "__main__":
    main()
