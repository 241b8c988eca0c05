"""Deal files in tournaments, matches and leagues: every deal played in duplicate, in
order, the same records as the seed that made them; ``capicua deals make``; bad input."""

from __future__ import annotations

import json
import stat

import pytest

from .conftest import chiva, read_jsonl

GAMES = ["chiva", "double-nine-100", "draw", "all-fives", "mexican-train"]


def make(cli, tmp_path, game="chiva", count=3, seed=5, name="deals.jsonl", *extra):
    path = tmp_path / name
    result = cli("deals", "make", game, "--count", count, "--seed", seed, "-o", path, *extra)
    assert result.exit_code == 0, result.output
    return path


@pytest.mark.slow  # 3 s at load average 18 (--durations): over 0.5 s alone
def test_deals_make_writes_a_private_file_and_never_over_another(cli, tmp_path):
    path = make(cli, tmp_path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    lines = path.read_text().splitlines()
    assert json.loads(lines[0]) == {
        "format": "capicua-deals/1", "variant": "chiva", "count": 3, "seed": 5, "hands": 1,
    }  # fmt: skip
    assert len(lines) == 4
    again = cli("deals", "make", "chiva", "--count", 3, "-o", path)
    assert again.exit_code == 2 and "already exists" in again.output
    shown = cli("deals", "make", "chiva", "--count", 3, "--seed", 5)
    assert shown.exit_code == 0 and shown.stdout.splitlines() == lines
    for bad in (["--count", 0], ["--hands", 0], ["--seed", -1]):
        result = cli("deals", "make", "chiva", *bad)
        assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    unknown = cli("deals", "make", "nope")
    assert unknown.exit_code == 2 and "unknown variant 'nope'" in unknown.output


@pytest.mark.slow  # 14 s at load average 18 (--durations): over 0.5 s alone
def test_a_deal_file_made_from_a_seed_plays_what_that_seed_plays(cli, tmp_path, write_config):
    deals = make(cli, tmp_path, seed=5)
    seeded = write_config(chiva(matches=6, seed=5, extra="swap_teams = true"))
    booked = write_config(chiva(matches=6, seed=99, extra='deals = "deals.jsonl"'))
    for config, name in ((seeded, "a"), (booked, "b")):
        result = cli(
            "tournament", config, "--db", tmp_path / f"{name}.sqlite",
            "--records", tmp_path / f"{name}.jsonl",
        )  # fmt: skip
        assert result.exit_code == 0, result.output
    assert (tmp_path / "a.jsonl").read_bytes() == (tmp_path / "b.jsonl").read_bytes()
    assert deals.exists()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.slow  # 8 s at load average 18 (--durations): over 0.5 s alone
def test_every_deal_is_played_in_duplicate_in_order_in_every_game(
    cli, tmp_path, write_config, plugins, game
):
    if game not in plugins.variants:
        pytest.skip(f"{game} is not installed")
    variant = plugins.variants.create(game)
    path = make(cli, tmp_path, game, 2, 3)
    book = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    seats = "\n".join(f'{s} = "random"' for s in range(1, variant.seats + 1))
    config = write_config(
        f'variant = "{game}"\n[seats]\n{seats}\n[tournament]\nseed = 1\nworkers = 1\n'
        'deals = "deals.jsonl"\n'
    )
    result = cli("tournament", config, "--db", tmp_path / "t.db", "--records", tmp_path / "r.jsonl")
    assert result.exit_code == 0, result.output
    records = read_jsonl(tmp_path / "r.jsonl")
    duplicate = len(variant.teams) == 2 and len(variant.teams[0]) == len(variant.teams[1])
    per = 2 if duplicate else 1
    assert len(records) == per * len(book)
    for i, record in enumerate(records):
        entry = book[i // per]
        assert record["seed"] == entry["seed"]
        assert record["hands"][0]["deal"] == entry["deals"][0] or record["hands"][0]["redeals"]
        assert record["draw"][0] if variant.draw_for_lead else record["draw"] == []
    if duplicate:  # the second game of a pair: the same deal, the teams' players swapped
        assert records[1]["hands"][0]["deal"] == records[0]["hands"][0]["deal"]
    replayed = cli("replay", tmp_path / "r.jsonl", "--quiet")
    assert replayed.exit_code == 0, replayed.output


@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_a_hand_written_deal_is_the_deal_played(cli, tmp_path, write_config):
    hand = [[6, 6], [6, 5], [6, 4], [6, 3], [6, 2], [6, 1], [6, 0]]
    rest = [[a, b] for a in range(6) for b in range(a + 1)]
    deal = {"1": hand, "2": rest[:7], "3": rest[7:14], "4": rest[14:], "unused": []}
    (tmp_path / "mine.jsonl").write_text(
        '{"format": "capicua-deals/1", "variant": "chiva", "count": 1}\n'
        + json.dumps({"seed": 42, "deals": [deal]})
        + "\n"
    )
    config = write_config(chiva(seed=1, extra='deals = "mine.jsonl"').replace("matches = 6\n", ""))
    result = cli("tournament", config, "--db", tmp_path / "t.db", "--records", tmp_path / "r.jsonl")
    assert result.exit_code == 0, result.output
    first, second = read_jsonl(tmp_path / "r.jsonl")
    assert first["hands"][0]["deal"]["1"] == hand and second["hands"][0]["deal"]["1"] == hand
    assert first["hands"][0]["actions"][0] == {"seat": 1, "tile": [6, 6], "end": "left"}


@pytest.mark.slow  # 10 s at load average 18 (--durations): over 0.5 s alone
def test_a_run_resumes_only_with_the_same_deal_file(cli, tmp_path, write_config):
    make(cli, tmp_path, count=2, seed=5)
    config = write_config(chiva(matches=2, seed=1, extra='deals = "deals.jsonl"'))
    db = tmp_path / "t.sqlite"
    assert cli("tournament", config, "--db", db).exit_code == 0
    (tmp_path / "deals.jsonl").unlink()
    make(cli, tmp_path, count=2, seed=6)
    again = cli("tournament", config, "--db", db, "--resume")
    assert again.exit_code == 2 and "deals" in again.output, again.output


@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_bad_deal_files_in_every_command_are_one_line_and_exit_2(cli, tmp_path, write_config):
    make(cli, tmp_path, "double-nine-100", 2, 1, "dn.jsonl")
    make(cli, tmp_path, "chiva", 2, 1, "c.jsonl")
    cases = [
        ("tournament", write_config(chiva(extra='deals = "dn.jsonl"'))),
        ("tournament", write_config(chiva(extra='deals = "c.jsonl"'))),  # 6 matches, 2 deals
        ("tournament", write_config(chiva(extra='deals = "../x.jsonl"'))),
        ("tournament", write_config(chiva(extra='deals = "nothing.jsonl"'))),
    ]
    for command, config in cases:
        result = cli(command, config, "--db", tmp_path / "t.sqlite")
        assert result.exit_code == 2, result.output
        assert result.output.startswith("error: ") and result.output.count("\n") == 1, result.output
    result = cli(
        "match", "random", "random", "--variant", "chiva", "--deals", tmp_path / "dn.jsonl",
        "--db", tmp_path / "m.sqlite",
    )  # fmt: skip
    assert result.exit_code == 2 and "not chiva" in result.output, result.output
    result = cli(
        "match", "random", "random", "--variant", "chiva", "--deals", tmp_path / "c.jsonl",
        "--pairs", 3, "--db", tmp_path / "m.sqlite",
    )  # fmt: skip
    assert result.exit_code == 2 and "holds 2 deals" in result.output, result.output


@pytest.mark.slow  # 18 s at load average 18 (--durations): over 0.5 s alone
def test_a_match_and_a_league_play_a_pair_a_deal(cli, tmp_path, write_config):
    make(cli, tmp_path, count=2, seed=4)
    result = cli(
        "match", "heuristic", "random", "--variant", "chiva", "--deals", tmp_path / "deals.jsonl",
        "--db", tmp_path / "m.sqlite", "--records", tmp_path / "m.jsonl", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["pairs"] == 2
    records = read_jsonl(tmp_path / "m.jsonl")
    book = [json.loads(x) for x in (tmp_path / "deals.jsonl").read_text().splitlines()[1:]]
    assert [r["seed"] for r in records] == [book[0]["seed"]] * 2 + [book[1]["seed"]] * 2
    config = write_config(
        'variant = "chiva"\n[league]\nplayers = ["heuristic", "random", '
        '{ player = "heuristic", noise = 20.0 }]\nseed = 1\nworkers = 1\ndeals = "deals.jsonl"\n'
    )
    league = cli(
        "league", config, "--db", tmp_path / "l.sqlite", "--records", tmp_path / "l.jsonl",
        "--json",
    )  # fmt: skip
    assert league.exit_code == 0, league.output
    standing = json.loads(league.stdout)
    assert standing["planned_pairs"] == 2 and standing["games"] == 3 * 2 * 2
    # Round k gives every pairing's pair deal k.
    seeds = [r["seed"] for r in read_jsonl(tmp_path / "l.jsonl")]
    assert seeds == [book[0]["seed"]] * 6 + [book[1]["seed"]] * 6


@pytest.mark.slow  # 9 s at load average 18 (--durations): over 0.5 s alone
def test_deals_for_a_game_with_options_are_made_from_its_config(
    cli, tmp_path, write_config, plugins
):
    if "draw" not in plugins.variants:
        pytest.skip("draw is not installed")
    config = write_config(
        'variant = "draw"\n[variant_options]\nseats = 3\n[seats]\n1 = "random"\n'
        '2 = "random"\n3 = "random"\n[tournament]\nseed = 1\ndeals = "deals.jsonl"\n'
    )
    path = tmp_path / "deals.jsonl"
    made = cli("deals", "make", config, "--count", 2, "--seed", 8, "-o", path)
    assert made.exit_code == 0, made.output
    assert json.loads(path.read_text().splitlines()[0])["options"] == {"seats": 3}
    result = cli("tournament", config, "--db", tmp_path / "t.sqlite", "--records", tmp_path / "r")
    assert result.exit_code == 0, result.output
    assert len(read_jsonl(tmp_path / "r")) == 2  # three teams: each deal once
    # The same file for the game's defaults (two players) is refused, naming the options.
    refused = cli("match", "random", "random", "--variant", "draw", "--deals", path)
    assert refused.exit_code == 2 and '{"seats": 3}' in refused.output, refused.output
    bad = write_config('variant = "draw"\n[variant_options]\nseats = 9\n')
    result = cli("deals", "make", bad)
    assert result.exit_code == 2 and "[variant_options]" in result.output, result.output
