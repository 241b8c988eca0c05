"""A bot written from docs/protocol.md alone, as a new bot author would: no capicua import,
only what the document says of the messages. It passes bot-check, plays a tournament
without an error, and the events it follows agree with the records."""

from __future__ import annotations

import json

import pytest

from .helpers import ROOT, command_seat, run_json, write_bot

#: Tournaments and bot processes: seconds each, so outside the quick loop.
pytestmark = pytest.mark.slow

# Written from the document: its hello with an option and reset, new_match's options and
# seed, decide's hand, ends and legal, hand_ended's number and result, match_ended's winner,
# quit; logging on stderr; ignoring any other message.
STRANGER = r"""
import json
import random
import sys

log = open(sys.argv[1], "a")
options, rng, hands = {}, random.Random(), []

def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()

for line in sys.stdin:
    if not line.strip():
        continue
    m = json.loads(line)
    t = m.get("type")
    if t == "hello":
        send({"type": "hello", "protocol": "capicua-bot/1", "name": "lightfoot",
              "version": "0.1", "variants": ["*"], "reset": True,
              "options": {"lightest": {"type": "bool", "default": True,
                                       "help": "play the lightest tile, not the heaviest"}}})
    elif t == "new_match":
        options, rng, hands = m["options"], random.Random(m["seed"]), []
        print("new match, seat", m["seat"], "of", m["variant"]["seats"], file=sys.stderr)
        send({"type": "ready"})
    elif t == "decide":
        assert m["past"] == len(hands), (m["past"], hands)
        plays = [a for a in m["legal"] if a[-1] in "LR"]
        if m["phase"] == "claim":
            choice = "redeal"
        elif m["phase"] == "lead":
            choice = "lead %d" % m["seat"]
        elif plays:
            def pips(a):
                x, y = a[:-1].split("-")
                return int(x) + int(y)
            sign = 1 if options["lightest"] else -1
            choice = min(plays, key=lambda a: (sign * pips(a), rng.random()))
        else:
            choice = rng.choice(m["legal"])
        send({"type": "action", "id": m["id"], "action": choice})
    elif t == "hand_ended":
        h = m["hand"]
        del hands[h["number"] - 1:]
        hands.append(h["result"]["outcome"])
        log.write("hand %d %s\n" % (h["number"], h["result"]["outcome"]))
    elif t == "match_ended":
        log.write("match %s %s\n" % (m["winner"], len(hands)))
        log.flush()
    elif t == "quit":
        break
"""


def test_the_document_names_everything_the_stranger_uses():
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    for word in (
        '"reset"',
        "`past`",
        "`legal`",
        "`seed`",
        "`hand_ended`",
        "`match_ended`",
        "`quit`",
        "flush",
        "Ignore",
    ):
        assert word in doc, word


def test_the_documents_own_first_bot_passes_bot_check(cli, tmp_path):
    doc = (ROOT / "docs" / "protocol.md").read_text(encoding="utf-8")
    first = doc.split("```python\n", 1)[1].split("```", 1)[0]
    result = cli("bot-check", *write_bot(tmp_path, first, "first.py"))
    assert result.exit_code == 0, result.output
    assert "cannot be reset" in result.output  # no "reset" in its hello: a process a match


def test_a_bot_written_from_the_document_alone_passes_bot_check(cli, tmp_path, plugins):
    argv = [*write_bot(tmp_path, STRANGER), str(tmp_path / "events")]
    result = cli("bot-check", *argv)
    assert result.exit_code == 0, result.output
    # Every installed game: a match more for each plugin's beside the built-ins' checks.
    others = [n for n in plugins.variants if not plugins.variants.builtin(n)]
    assert f"All {7 + len(others)} checks passed." in result.output


def test_a_bot_written_from_the_document_alone_plays_a_tournament(cli, config, tmp_path):
    events = tmp_path / "events"
    argv = [*write_bot(tmp_path, STRANGER), str(events)]
    path = config(
        {2: command_seat(argv), 4: command_seat(argv, options={"lightest": False})}, matches=4
    )
    summary, rows, _ = run_json(cli, path, tmp_path)
    assert summary["errors"] == 0 and summary["finished"] == 4
    # Each seat's process heard every hand of every match, then the match's end.
    ends = [line.split() for line in events.read_text().splitlines() if line.startswith("match")]
    assert len(ends) == 4 * 2
    expected = sorted((str(r["winner"]), str(len(r["hands"]))) for r in rows for _ in (2, 4))
    assert sorted((w, n) for _, w, n in ends) == expected
    assert json.dumps(rows)  # the records are plain capicua-match/1
