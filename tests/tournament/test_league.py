"""``capicua league``: every pairing in duplicate pairs on the same deals, ratings ordered
as the head-to-head results say, the same records on any number of workers, resumable."""

from __future__ import annotations

import json

import pytest

from capicua.tournament.league import consistent, pairings, resolve_league
from capicua.tournament.play import play_game
from capicua.tournament.runner import open_tournament, run

from .conftest import read_jsonl

FOUR = '["heuristic", { player = "heuristic", noise = 20.0 }, "greedy", "random"]'


def config(write_config, variant="chiva", players=FOUR, extra="", pairs=12, seed=3):
    return write_config(
        f'variant = "{variant}"\n[league]\nplayers = {players}\npairs = {pairs}\n'
        f"seed = {seed}\nworkers = 2\n{extra}\n"
    )


def league(cli, path, tmp_path, *args, name="l"):
    records = tmp_path / f"{name}.jsonl"
    result = cli(
        "league", path, "--db", tmp_path / f"{name}.sqlite", "--records", records, "--json", *args
    )
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), records


@pytest.mark.slow
@pytest.mark.parametrize("variant, pairs", [("chiva", 40), ("double-nine-100", 16)])
def test_a_round_robin_of_four_rates_them_as_their_head_to_head_results_say(
    cli, write_config, tmp_path, variant, pairs
):
    path = config(write_config, variant=variant, pairs=pairs)
    s, records = league(cli, path, tmp_path)
    assert s["games"] == 6 * 2 * pairs == len(read_jsonl(records))
    assert consistent(s) == []
    names = s["crosstable"]["players"]
    assert names[0] == "heuristic" and names[-1] in ("random", "greedy")
    # Each cell and its mirror add up to the whole.
    share = s["crosstable"]["share"]
    for a in range(4):
        assert share[a][a] is None
        for b in range(4):
            if a != b:
                assert share[a][b]["share"] + share[b][a]["share"] == pytest.approx(1)
                assert share[a][b]["pairs"] == pairs
    for row in s["ratings"]:
        assert row["interval"][0] < row["mu"] < row["interval"][1] and row["pairs"] == 3 * pairs
    mus = [row["mu"] for row in s["ratings"]]
    assert mus == sorted(mus, reverse=True)


@pytest.mark.slow
def test_every_pairing_meets_the_same_deals_each_round(cli, write_config, tmp_path):
    _, records = league(cli, config(write_config, pairs=2), tmp_path)
    recs = read_jsonl(records)
    per_round = 2 * 6
    for r in range(2):
        seeds = {rec["seed"] for rec in recs[r * per_round : (r + 1) * per_round]}
        assert len(seeds) == 1
    first = recs[0]["seats"]
    assert first == {"1": "heuristic", "2": {"player": "heuristic", "noise": 20.0}} | {
        "3": "heuristic",
        "4": {"player": "heuristic", "noise": 20.0},
    }


@pytest.mark.slow
def test_the_same_league_gives_the_same_records_on_one_worker_or_two(cli, write_config, tmp_path):
    path = config(write_config, pairs=3)
    one, r1 = league(cli, path, tmp_path, "--workers", 1, name="one")
    two, r2 = league(cli, path, tmp_path, "--workers", 2, name="two")
    assert r1.read_bytes() == r2.read_bytes()
    assert one["ratings"] == two["ratings"]


@pytest.mark.slow
def test_a_gauntlet_plays_the_first_player_against_each_other(cli, write_config, tmp_path):
    assert pairings(4, "gauntlet") == ((0, 1), (0, 2), (0, 3))
    assert pairings(3, "round-robin") == ((0, 1), (0, 2), (1, 2))
    path = config(write_config, pairs=3, extra='format = "gauntlet"')
    s, _ = league(cli, path, tmp_path)
    assert [p["players"][0] for p in s["pairings"]] == ["heuristic"] * 3
    assert s["games"] == 3 * 2 * 3
    share = s["crosstable"]["share"]
    names = s["crosstable"]["players"]
    b, c = names.index("greedy"), names.index("random")
    assert share[b][c] is None  # they never meet


class _Interrupted:
    def __init__(self, plugins, games):
        self.plugins, self.games = plugins, games

    def run(self, job, indices, deliver):
        for n, index in enumerate(indices):
            if n == self.games:
                raise KeyboardInterrupt
            deliver(play_game(job, index, plugins=self.plugins))


@pytest.mark.slow
def test_an_interrupted_league_resumes_and_a_larger_one_extends_it(
    cli, write_config, tmp_path, plugins
):
    path = config(write_config, pairs=2)
    whole, whole_records = league(cli, path, tmp_path, "--pairs", 3, name="whole")
    db, records = tmp_path / "part.sqlite", tmp_path / "part.jsonl"
    settings = resolve_league(path, plugins, db=db, records=records)
    settings, store = open_tournament(settings, resume=False)
    with pytest.raises(KeyboardInterrupt):
        run(settings, store, _Interrupted(plugins, 5))
    store.close()
    resumed = cli("league", path, "--db", db, "--records", records, "--resume", "--json")
    assert resumed.exit_code == 0, resumed.output
    assert json.loads(resumed.stdout)["games"] == 24
    more = cli(
        "league", path, "--db", db, "--records", records, "--resume", "--pairs", 3, "--json"
    )  # fmt: skip
    assert more.exit_code == 0, more.output
    assert records.read_bytes() == whole_records.read_bytes()
    assert json.loads(more.stdout)["ratings"] == whole["ratings"]


@pytest.mark.slow
def test_the_table_shows_ratings_and_the_crosstable(cli, write_config, tmp_path):
    result = cli("league", config(write_config, pairs=3), "--db", tmp_path / "l.sqlite")
    assert result.exit_code == 0, result.output
    assert "ratings (openskill, mu ± 2 sigma)" in result.stdout
    assert "crosstable: the row's share of the points against the column" in result.stdout
    assert "1 heuristic" in result.stdout and "4 players, round robin" in result.stderr


@pytest.mark.parametrize(
    "players, extra, message",
    [
        ('["heuristic"]', "", "[league] players must be a list of at least two players"),
        ('"heuristic"', "", "[league] players must be a list"),
        ('["heuristic", "heuristic"]', "", "players[2] is heuristic, already players[1]"),
        ('["heuristic", "grandmaster"]', "", "players[2]: unknown player 'grandmaster'"),
        ('["heuristic", "human"]', "", "players[2]: 'human' is a person"),
        (
            '["heuristic", { player = "heuristic", noise = nan }]',
            "",
            "must be a finite number",
        ),
        ('["heuristic", "random"]', 'format = "swiss"', "format must be one of round-robin"),
        ('["heuristic", "random"]', "rounds = 3", "[league] has no key 'rounds'"),
        ('["heuristic", "random"]', 'records = "../x.jsonl"', "points outside the config's"),
    ],
)
@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_a_bad_league_config_is_one_line(cli, write_config, tmp_path, players, extra, message):
    path = config(write_config, players=players, extra=extra)
    result = cli("league", path, "--db", tmp_path / "l.sqlite")
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and message in errors[0], result.stderr
    assert "Traceback" not in result.output


def test_a_config_without_a_league_table_is_one_line(cli, write_config, tmp_path):
    path = write_config('variant = "chiva"\n')
    result = cli("league", path, "--db", tmp_path / "l.sqlite")
    assert result.exit_code == 2 and "no [league] table" in result.stderr


@pytest.mark.slow
def test_a_leagues_error_games_are_reported_and_decide_nothing(
    cli, write_config, tmp_path, testplayers
):
    players = '["random", { player = "raiser", rate = 1.0, after = 0 }, "heuristic"]'
    path = config(write_config, players=players, pairs=2)
    result = cli("league", path, "--db", tmp_path / "l.sqlite", "--json")
    assert result.exit_code == 1, result.output
    s = json.loads(result.stdout)
    assert s["errors"] == 8 and all("raiser gives up" in e["reason"] for e in s["error_list"])
    by_players = {tuple(p["players"]): p for p in s["pairings"]}
    clean = [p for names, p in by_players.items() if not any("raiser" in n for n in names)]
    assert [sum(p["pentanomial"]) for p in clean] == [2]
    assert all(p["void_pairs"] == 2 for names, p in by_players.items() if p not in clean)
    text = cli("league", path, "--db", tmp_path / "l.sqlite", "--resume")
    assert text.exit_code == 1 and "Traceback" not in text.output
    assert "errors: 8 matches ended in an error; nothing is decided from them" in text.stdout


def test_a_league_plays_the_game_with_the_options_its_config_chooses(tmp_path):
    pytest.importorskip("capicua_draw", reason="Draw is an example plugin under examples/")
    from capicua.plugins import load_plugins

    path = tmp_path / "league.toml"
    path.write_text(
        'variant = "draw"\n[variant_options]\ngoal = 50\n'
        '[league]\nplayers = ["heuristic", "random"]\npairs = 1\nseed = 3\n'
    )
    settings = resolve_league(path, load_plugins())
    assert settings.variant_options == {"goal": 50}
    assert settings.identity()["variant_options"] == {"goal": 50}
    assert settings.job().game(load_plugins()).goal == 50
