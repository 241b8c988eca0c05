"""Records: the round trip, the schema, and replay's reports of broken records."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import jsonschema
import pytest

from capicua.core.errors import RecordError, RuleViolation
from capicua.core.match import Match
from capicua.core.records import dumps, read_records, replay, to_record
from capicua.plugins import load_plugins
from capicua.variants.chiva import Chiva
from deals import SEAT_2_HAS_NO_SIX, deal, play

SCHEMA = json.loads(
    (Path(__file__).parents[2] / "src" / "schema" / "capicua-match-1.schema.json").read_text()
)
SEATS = {1: "random", 2: {"player": "random"}, 3: "random", 4: "random"}


@pytest.fixture(scope="module")
def variants():
    return load_plugins(third_party=False).variants


def played(variant_name: str, seed: int, variants, steps: int | None = None) -> Match:
    m = Match(variants.create(variant_name), seed)
    rng = random.Random(seed)
    n = 0
    while m.turn is not None and (steps is None or n < steps):
        legal = m.legal_actions()
        m.apply(legal[rng.randrange(len(legal))])
        n += 1
    return m


@pytest.mark.parametrize("name", ["chiva", "double-nine-100"])
@pytest.mark.parametrize("seed", range(6))
def test_play_write_read_replay_gives_the_identical_record(name, seed, variants, tmp_path):
    m = played(name, seed, variants)
    text = dumps(to_record(m, SEATS))
    path = tmp_path / "m.jsonl"
    path.write_text(text + "\n")
    [(_, record)] = list(read_records(path))
    assert dumps(to_record(replay(record, variants), record["seats"] and SEATS)) == text


@pytest.mark.parametrize("name", ["chiva", "double-nine-100"])
def test_records_match_the_json_schema_finished_or_not(name, variants):
    for steps in (0, 3, 40, None):
        jsonschema.validate(to_record(played(name, 3, variants, steps), SEATS), SCHEMA)


def test_unfinished_records_replay_to_the_same_position(variants):
    m = played("double-nine-100", 9, variants, steps=57)
    again = replay(to_record(m, SEATS), variants)
    assert again.winner is None
    assert again.turn == m.turn and again.legal_actions() == m.legal_actions()
    assert list(again.line) == list(m.line)


def test_record_has_the_format_and_fields_records_md_describes():
    v = Chiva()
    hands = SEAT_2_HAS_NO_SIX
    m = Match(v, 123, script=[deal(v, hands)])
    play(m, "1:6-6L 2:pass 3:6-2R")
    r = to_record(m, SEATS)
    assert r["format"] == "capicua-match/1" and r["variant"] == "chiva" and r["seed"] == 123
    assert r["draw"] == [] and r["winner"] is None and r["label"] is None
    hand = r["hands"][0]
    assert hand["chooser"] is None and hand["leader"] == 1 and hand["redeals"] == []
    assert hand["deal"]["1"][0] == [6, 6] and hand["deal"]["unused"] == []
    assert hand["actions"] == [
        {"seat": 1, "tile": [6, 6], "end": "left"},
        {"seat": 2, "pass": True},
        {"seat": 3, "tile": [6, 2], "end": "right"},
    ]
    assert hand["result"] is None


def broken(record: dict, change) -> dict:
    r = copy.deepcopy(record)
    change(r)
    return r


def test_replay_names_the_hand_and_action_of_an_illegal_play(variants):
    record = to_record(played("chiva", 2, variants), SEATS)
    first = record["hands"][0]["actions"]
    # Turn the third action into a play of a tile its seat does not hold.
    seat = first[2]["seat"]
    foreign = next(
        t
        for s, ts in record["hands"][0]["deal"].items()
        if s not in ("unused", str(seat))
        for t in ts
    )
    bad = broken(
        record,
        lambda r: r["hands"][0]["actions"].__setitem__(
            2, {"seat": seat, "tile": foreign, "end": "left"}
        ),
    )
    with pytest.raises(RuleViolation) as info:
        replay(bad, variants)
    assert (info.value.hand, info.value.action_index) == (1, 2)
    assert "does not hold" in str(info.value)


def test_replay_reports_a_pass_while_a_tile_fits(variants):
    record = to_record(played("chiva", 2, variants), SEATS)
    actions = record["hands"][0]["actions"]
    k = next(i for i, a in enumerate(actions) if i > 0 and "tile" in a)
    bad = broken(
        record,
        lambda r: r["hands"][0]["actions"].__setitem__(
            k, {"seat": actions[k]["seat"], "pass": True}
        ),
    )
    with pytest.raises(RuleViolation, match=f"hand 1, action {k}: .*must play"):
        replay(bad, variants)


def test_replay_reports_actions_after_the_hand_is_over(variants):
    record = to_record(played("chiva", 4, variants), SEATS)
    hand = record["hands"][0]
    extra = {"seat": hand["actions"][-1]["seat"] % 4 + 1, "pass": True}
    bad = broken(record, lambda r: r["hands"][0]["actions"].append(extra))
    with pytest.raises(RuleViolation, match=r"hand 1, action .*over"):
        replay(bad, variants)


def test_replay_reports_a_wrong_result(variants):
    record = to_record(played("double-nine-100", 4, variants), SEATS)
    bad = broken(record, lambda r: r["hands"][0]["result"].__setitem__("points", 1))
    with pytest.raises(RuleViolation, match="hand 1: result points"):
        replay(bad, variants)


def test_replay_reports_a_wrong_leader(variants):
    record = to_record(played("chiva", 4, variants), SEATS)
    bad = broken(
        record, lambda r: r["hands"][0].__setitem__("leader", r["hands"][0]["leader"] % 4 + 1)
    )
    with pytest.raises(RuleViolation, match="leads this hand"):
        replay(bad, variants)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda r: r.__setitem__("format", "other/2"), "format"),
        (lambda r: r.pop("seed"), "missing 'seed'"),
        (lambda r: r.__setitem__("variant", "nosuch"), "not available"),
        (lambda r: r["hands"][0]["deal"]["1"].__setitem__(0, [7, 7]), "not a tile of the double-6"),
        (
            lambda r: r["hands"][0]["deal"]["1"].__setitem__(0, r["hands"][0]["deal"]["2"][0]),
            "appears twice",
        ),
        (lambda r: r["hands"][0]["deal"]["1"].pop(), "6 tiles"),
        (
            lambda r: r["hands"][0]["actions"][0].__setitem__("end", "middle"),
            "'left', 'right' or another end",
        ),
    ],
)
def test_malformed_records_name_the_problem(change, message, variants):
    record = to_record(played("chiva", 1, variants), SEATS)
    with pytest.raises(RecordError, match=message):
        replay(broken(record, change), variants)


def test_reading_a_file_that_is_not_json_names_the_line(tmp_path):
    p = tmp_path / "bad.jsonl"
    p.write_text('{"format": "capicua-match/1"}\n{oops\n')
    with pytest.raises(RecordError, match="line 2: not JSON"):
        list(read_records(p))


def test_a_record_saved_at_an_open_redeal_decision_resumes_at_that_decision(variants):
    from capicua.variants.double_nine import DoubleNine100
    from deals import draw

    v = DoubleNine100()
    hands = {
        1: "9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0 8-7",
        2: "0-0 1-1 2-2 3-3 4-4 8-6 8-5 8-4 8-3 8-2",
        3: "8-1 8-0 7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-5",
        4: "6-4 6-3 6-2 6-1 6-0 5-4 5-3 5-2 5-1 5-0",
    }
    m = Match(v, 1, script=[draw(v, "6-6", "1-0"), deal(v, hands)])
    play(m, "1:draw 0 2:draw 0 1:lead 1")
    assert m.phase == "claim" and m.turn == 2
    again = replay(to_record(m, SEATS), variants)
    assert again.phase == "claim" and again.turn == 2
