"""The figures of ``tournament``, ``league``, ``match`` and ``simulate`` at 80 columns, a
standard terminal's width: every figure whole (rich left to itself cuts cells, "[44.4-54.…"),
and the tables no wider than the terminal."""

from __future__ import annotations

import io
import re
import types

import pytest
from rich.console import Console
from typer.testing import CliRunner

from capicua.cli import app
from capicua.commands import league, match, tournament
from capicua.commands.tables import Column, Figures, layout, measure
from capicua.tournament.sprt import Sprt
from capicua.tournament.stats import summarize
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

from .test_stats import game

INTERVAL = re.compile(r"\[-?[\d.]+–[\d.]+\]")


def rendered(print_it, width: int = 80) -> str:
    buffer = io.StringIO()
    print_it(Console(file=buffer, width=width, highlight=False, soft_wrap=True))
    return buffer.getvalue()


def tournament_summary(variant, label: str, points: int) -> dict:
    """Twelve matches of two entries with long names, each team winning some."""
    a = {1: 'expert(level="strong")', 3: 'expert(level="strong")'}
    b = {2: "heuristic(noise=0.5)", 4: "heuristic(noise=0.5)"}
    seats = a | b
    swapped = {s: seats[s % 4 + 1] for s in seats}
    games = []
    for i in range(12):
        winner = 1 + i % 3 // 2
        hands = [[winner, "domino", points]] * (1 + i % 5) + [[0, "tie", 0]]
        games.append(game(seats if i % 2 else swapped, winner, label, hands))
    header = {"seed": 7, "swap_teams": True, "db": "t.sqlite", "records": None}
    return summarize(
        ((i, i, f, e) for i, (f, e) in enumerate(games)), variant, planned=12, header=header
    )


@pytest.mark.parametrize(
    "variant, label, points",
    [(Chiva, "chiva", 0), (DoubleNine100, "pollona", 30)],
    ids=["chiva", "double-nine-100"],
)
def test_a_tournaments_table_fits_80_columns_with_every_figure_whole(variant, label, points):
    s = tournament_summary(variant, label, points)
    text = rendered(lambda c: tournament.print_summary(s, variant(), 1.5, 12, console=c))
    assert "…" not in text
    prose = ("Chiva:", "Double-nine 100:", "hands per match", "time ")
    table = [line for line in text.splitlines() if not line.startswith(prose)]
    assert table and all(len(line) <= 80 for line in table), text
    for row in s["teams"] + s["players"]:
        for figure in ("matches", "hands"):
            assert tournament.share_won(row[figure]) in text
        if "points_per_hand" in row:
            assert f"{row['points_per_hand']:.2f}" in text
    for name in ('expert(level="strong")', "heuristic(noise=0.5)", "team 1 (1+3)"):
        assert name in text


def plugin_game(module: str, name: str, **options):
    """An example game's variant with its options, or a skip where it is not installed."""
    return getattr(pytest.importorskip(module), name)(**options)


@pytest.mark.parametrize(
    "module, name, options, points",
    [
        ("capicua_mexican_train", "MexicanTrain", {}, 0),
        ("capicua_mexican_train", "MexicanTrain", {"seats": 8}, 0),
        ("capicua_fives", "AllFives", {"seats": 3}, 15),
        ("capicua_draw", "Draw", {"seats": 4}, 20),
    ],
    ids=["mexican-train", "mexican-train-8", "all-fives-3", "draw-4"],
)
def test_a_table_of_one_seat_teams_fits_80_columns(module, name, options, points):
    # Every seat its own team (Mexican Train's four, or eight): a row per team and per entry.
    variant = plugin_game(module, name, **options)
    n = variant.seats
    entries = ['expert(level="strong")', "heuristic(noise=0.5)", "random", "greedy"]
    entries += [f"bot{k}(depth={k})" for k in range(n - len(entries))]
    games = []
    for i in range(12):
        seats = {s: entries[(s + i) % len(entries)] for s in range(1, n + 1)}
        hands = [[1 + (i + k) % n, "domino", points] for k in range(1 + i % 4)]
        games.append(game(seats, 1 + i % n, None, hands))
    header = {"seed": 7, "swap_teams": False, "db": "t.sqlite", "records": None}
    s = summarize(((i, i, f, e) for i, (f, e) in enumerate(games)), variant, 12, header)
    assert len(s["teams"]) == n
    text = rendered(lambda c: tournament.print_summary(s, variant, 1.5, 12, console=c))
    assert "…" not in text
    prose = (f"{variant.title}:", "hands per match", "time ")
    table = [line for line in text.splitlines() if not line.startswith(prose)]
    assert table and all(len(line) <= 80 for line in table), text
    for row in s["teams"] + s["players"]:
        assert (
            tournament.share_won(row["matches"]) in text
            and tournament.share_won(row["hands"]) in text
        )
        if "points_per_hand" in row:
            assert f"{row['points_per_hand']:.2f}" in text
    for name in [f"team {t} ({t})" for t in range(1, n + 1)] + entries:
        assert name in text


def test_the_same_table_is_one_line_a_row_where_it_fits():
    s = tournament_summary(DoubleNine100, "pollona", 30)
    text = rendered(lambda c: tournament.print_summary(s, DoubleNine100(), 1.5, 12, c), 160)
    row = next(line for line in text.splitlines() if line.startswith(" heuristic"))
    assert len(INTERVAL.findall(row)) == 2 and "ms/move" in text and row.rstrip().endswith("0")


def test_hands_per_match_is_an_interval_from_one_hand_written_with_a_dash():
    s = tournament_summary(Chiva, "chiva", 0)
    low, high = s["hands_per_match"]["ci"]
    assert low >= 1.0
    text = rendered(lambda c: tournament.print_summary(s, Chiva(), 1.5, 12, c))
    assert f"[{low:.2f}–{high:.2f}]" in text


def league_summary(players: list[str]) -> dict:
    n = len(players)
    cell = {"share": 0.5, "ci": [0.25, 0.75]}
    return {
        "seed": 1,
        "games": 48,
        "db": "league.sqlite",
        "records": None,
        "ratings": [
            {
                "player": p,
                "mu": 30.0 - k,
                "interval": [20.0 - k, 40.0 - k],
                "score": cell,
                "pairs": 24,
            }
            for k, p in enumerate(players)
        ],
        "crosstable": {
            "players": players,
            "share": [[None if a == b else cell for b in range(n)] for a in range(n)],
        },
        "pairings": [{"void_pairs": 0}],
        "errors": 0,
        "error_list": [],
    }


@pytest.mark.parametrize("count", [4, 6])
def test_a_leagues_tables_fit_80_columns_with_every_figure_whole(count):
    players = ['expert(level="fast")', "heuristic", "heuristic(noise=20.0)", "random"]
    players += [f"bot{k}(depth={k})" for k in range(count - 4)]
    s = league_summary(players)
    text = rendered(lambda c: league.print_standings(s, "Chiva", 2.0, 48, c))
    assert "…" not in text
    tables = [line for line in text.splitlines() if not line.startswith(("Chiva", "cross", "time"))]
    assert all(len(line) <= 80 for line in tables), text
    assert text.count("50 [25–75]") == count + count * (count - 1)
    for name in players:
        assert name in text


def test_a_table_too_wide_is_split_then_stacked_and_never_cut():
    figures = Figures(
        ["team 1 (1+3)", "a rather long player name(option=1)"],
        [
            [Column("matches won", ["49.2 [44.4–54.1]", "4.8 [3.1–7.3]"])] * 3,
            [Column("hands won", ["72.4 [70.9–73.8]", "25.9 [24.5–27.4]"])] * 3,
        ],
    )
    chosen = {}
    for width in (200, 120, 90, 60, 40):
        console = Console(file=io.StringIO(), width=width)
        tables = layout(figures, console)
        chosen[width] = (len(tables), "\n[" in str(tables[0].columns[1]._cells[0]))
        if width > 40:
            assert max(measure(console, t).minimum for t in tables) <= width
        for table in tables:
            console.print(table)
        assert "…" not in console.file.getvalue() or width == 40
    # One table, then the columns split in two, then the intervals under their figures.
    assert chosen[200] == (1, False) and chosen[120] == (2, False) and chosen[90][1]


def test_a_matchs_figures_are_whole_at_80_columns():
    s = {
        "players": ['expert(level="fast")', "heuristic(noise=0.5)"],
        "estimate": {
            "score": 0.693,
            "score_ci": [0.622, 0.764],
            "elo": 142.0,
            "elo_ci": [87.0, 204.0],
        },
        "sprt": {
            "elo0": 0.0,
            "elo1": 5.0,
            "alpha": 0.05,
            "beta": 0.05,
            "llr": 2.95,
            "lower": -2.94,
            "upper": 2.94,
            "decision": "H1",
        },
        "pairs": 120,
        "void_pairs": 0,
        "errors": 0,
        "error_list": [],
        "pentanomial": [3, 10, 40, 45, 22],
        "title": "Chiva",
        "seed": 3,
        "db": "m.sqlite",
        "records": None,
    }
    settings = types.SimpleNamespace(sprt=Sprt(0.0, 5.0, 0.05, 0.05))
    text = rendered(lambda c: match.print_result(s, settings, 2.0, 240, c))
    assert "…" not in text
    for figure in ("69.3% [62.2–76.4]", "+142 [+87, +204]", "3 10 40 45 22", "(-2.94, +2.94)"):
        assert figure in text


def test_a_leagues_error_lines_fold_to_80_columns():
    s = league_summary(["heuristic", "a bot with a long name(option=1, other=2)"])
    s["pairings"] = [{"void_pairs": 7}]
    reason = "raised ValueError: " + "a reason a bot gave at length " * 6
    s["errors"] = 7
    s["error_list"] = [
        {"game": k, "seat": 1 + k % 4, "player": s["crosstable"]["players"][1], "reason": reason}
        for k in range(7)
    ]
    text = rendered(lambda c: league.print_standings(s, "Chiva", 2.0, 48, c))
    errors = text[text.index("errors:") : text.index("time ")]
    assert all(len(line) <= 80 for line in errors.splitlines()), errors
    assert errors.count("\n  match ") == 5 and "  ... (--json lists up to 20)" in errors
    assert " ".join(reason.split()) in " ".join(errors.split())


def test_simulates_summary_fits_80_columns():
    result = CliRunner().invoke(app, ["simulate", "double-nine-100", "-n", "3", "-s", "5"])
    assert result.exit_code == 0, result.output
    assert all(len(line) <= 80 for line in result.stdout.splitlines()), result.stdout


def test_an_entry_at_two_of_four_one_seat_teams_is_counted_not_in_both_teams():
    # A mirror is a two-team game's: among four one-seat teams an entry seated twice
    # counts once a match (capicua.tournament.stats), so no line says it sat in both.
    variant = plugin_game("capicua_mexican_train", "MexicanTrain")
    seats = {1: "random", 2: "heuristic", 3: "random", 4: "greedy"}
    games = [game(seats, 3, None, [[3, "domino", 0]])] * 3
    header = {"seed": 7, "swap_teams": False, "db": "t.sqlite", "records": None}
    s = summarize(((i, i, f, e) for i, (f, e) in enumerate(games)), variant, 3, header)
    text = rendered(lambda c: tournament.print_summary(s, variant, 1.5, 3, console=c))
    random = next(p for p in s["players"] if p["entry"] == "random")
    assert random["mirror"] == 0 and random["matches"]["won"] == 3
    assert "both teams" not in text and "sat in" not in text
    assert all(len(line) <= 80 for line in text.splitlines() if line.startswith(" random"))
