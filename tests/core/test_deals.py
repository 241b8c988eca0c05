"""Deal files (``capicua-deals/1``): made from a seed for every installed game, read back
checked, and refused in one line naming the file, the line and the field when malformed."""

from __future__ import annotations

import json

import pytest

from capicua.core import deals
from capicua.core.deals import DealsError, fixed, make, read
from capicua.core.tiles import Tile

GAMES = ["chiva", "double-nine-100", "draw", "all-fives", "mexican-train"]


def write(tmp_path, lines, name="deals.jsonl"):
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_file_of_every_game_reads_back_as_it_was_made(plugins, tmp_path, game):
    if game not in plugins.variants:
        pytest.skip(f"{game} is not installed")
    variant = plugins.variants.create(game)
    path = write(tmp_path, make(variant, 3, 11, hands=2))
    book = read(path, variant)
    assert len(book) == 3 and book.variant == game and len(book.digest) == 64
    for entry in book.deals:
        events = fixed(entry, variant)
        assert len(events["deal"]) == 2
        assert len(events["draw"]) == (1 if variant.draw_for_lead else 0)
        for number, order in enumerate(events["deal"], 1):
            first = order[: variant.hand_size]
            assert first == [Tile.of(*t) for t in entry["deals"][number - 1]["1"]]


def test_a_match_on_a_fixed_deal_deals_it_and_the_seed_deals_the_rest(plugins):
    chiva = plugins.variants.create("chiva")
    hand = [[6, 6], [6, 5], [6, 4], [6, 3], [6, 2], [6, 1], [6, 0]]
    rest = [[a, b] for a in range(7) for b in range(a + 1) if a != 6]
    entry = {"seed": 5, "deals": [{"1": hand, "2": rest[:7], "3": rest[7:14], "4": rest[14:]}]}
    entry["deals"][0]["unused"] = []
    match = chiva.new_match(5, (), fixed(entry, chiva))
    assert match.held(1) == tuple(Tile.of(*t) for t in hand)
    seeded = chiva.new_match(5)
    # The second deal is the seed's, as if the first had come from it too.
    assert match.dealer.next_shuffle() == seeded.dealer.next_shuffle()


def header(**extra):
    return json.dumps({"format": "capicua-deals/1", "variant": "chiva", "count": 1} | extra)


@pytest.mark.parametrize(
    "lines, problem",
    [
        ([], "empty; a deal file starts with its header line"),
        (["not json"], "line 1: not JSON"),
        (['{"format": "capicua-match/1"}'], "line 1: not a capicua-deals/1 header"),
        ([header(variant="draw")], "its deals are for 'draw', not chiva"),
        ([header(options={"goal": 3})], 'with options {"goal": 3}, this game has none changed'),
        ([header(count=2), '{"seed": 1, "deals": []}'], "count 2 but it holds 1 deals"),
        ([header(), "[1, 2]"], "line 2: a deal is an object"),
        ([header(), '{"seed": -1, "deals": []}'], "line 2: seed must be a whole number"),
        ([header(), '{"seed": 1, "deals": [], "hint": 1}'], "line 2: no key 'hint'"),
        ([header(), '{"seed": 1, "deals": []}'], "line 2: deals: a list of 1 to 100 deals"),
        ([header(), '{"seed": 1, "deals": [{"1": [[6, 6]]}]}'], "deals[0].1: 1 tiles"),
        ([header(), '{"seed": 1, "draws": [[]], "deals": [{}]}'], "chiva has no draw"),
    ],
)
def test_a_malformed_deal_file_is_one_line_naming_the_problem(plugins, tmp_path, lines, problem):
    chiva = plugins.variants.create("chiva")
    path = write(tmp_path, lines)
    with pytest.raises(DealsError) as caught:
        read(path, chiva)
    message = str(caught.value)
    assert message.startswith(str(path)) and problem in message and "\n" not in message


def test_a_deal_that_deals_a_tile_twice_is_refused(plugins, tmp_path):
    chiva = plugins.variants.create("chiva")
    made = list(make(chiva, 1, 3))
    entry = json.loads(made[1])
    entry["deals"][0]["2"][0] = entry["deals"][0]["1"][0]
    path = write(tmp_path, [made[0], json.dumps(entry)])
    with pytest.raises(DealsError, match=r"line 2: deals\[0\]: not the whole set dealt once"):
        read(path, chiva)


def test_a_deal_file_too_large_or_missing_or_a_folder_is_refused(plugins, tmp_path, monkeypatch):
    chiva = plugins.variants.create("chiva")
    path = write(tmp_path, make(chiva, 2, 1))
    monkeypatch.setattr(deals, "MAX_BYTES", 100)
    with pytest.raises(DealsError, match="a deal file is at most"):
        read(path, chiva)
    with pytest.raises(DealsError, match="no such deal file"):
        read(tmp_path / "nothing.jsonl", chiva)
    with pytest.raises(DealsError, match="a folder, not a deal file"):
        read(tmp_path, chiva)
