"""The same tournament on a dask.distributed cluster: the same records, byte for byte.

Skipped where the ``dask`` extra is not installed (CI installs it).
"""

from __future__ import annotations

import json

import pytest

distributed = pytest.importorskip("distributed")
import dask  # noqa: E402

from capicua.tournament.backends import DaskBackend  # noqa: E402
from capicua.tournament.config import Overrides, resolve  # noqa: E402
from capicua.tournament.runner import open_tournament, run  # noqa: E402

from .conftest import chiva  # noqa: E402

pytestmark = pytest.mark.slow  # each test starts a local dask cluster


@pytest.fixture
def cluster(testplayers):
    # Worker processes, as on a real cluster; they find the test plugin through PYTHONPATH.
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    ) as c:
        yield c


def test_a_dask_cluster_gives_the_records_of_the_local_pool(
    cli, write_config, tmp_path, cluster, testplayers
):
    config = write_config(
        chiva(
            matches=8,
            seed=31,
            seats={2: '{ player = "raiser", rate = 0.3 }'},
            extra="swap_teams = true",
        )
    )
    local = tmp_path / "local.jsonl"
    result = cli("tournament", config, "--db", tmp_path / "local.sqlite", "--records", local)
    assert result.exit_code == 0, result.output
    remote = tmp_path / "dask.jsonl"
    result = cli(
        "tournament",
        config,
        "--db",
        tmp_path / "dask.sqlite",
        "--records",
        remote,
        "--scheduler",
        cluster.scheduler_address,
        "--json",
    )
    assert result.exit_code == 0, result.output
    assert "dask scheduler tcp://" in result.stderr
    assert remote.read_bytes() == local.read_bytes()


def test_the_dask_backend_runs_games_through_a_given_client(
    write_config, tmp_path, cluster, testplayers
):
    config = write_config(chiva(matches=3, seed=4))
    settings = resolve(config, Overrides(db=tmp_path / "t.sqlite"), testplayers)
    settings, store = open_tournament(settings, resume=False)
    with distributed.Client(cluster) as client:
        assert run(settings, store, DaskBackend(client=client)) == 3
    assert store.done() == {0, 1, 2}
    store.close()


def test_an_unreachable_scheduler_is_reported_on_one_line(cli, write_config, tmp_path):
    config = write_config(chiva(matches=2))
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        result = cli(
            "tournament", config, "--db", tmp_path / "t.sqlite", "--scheduler", "tcp://127.0.0.1:9"
        )
    assert result.exit_code == 2, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1 and "cannot reach the dask scheduler tcp://127.0.0.1:9" in errors[0]
    assert "Traceback" not in result.output


def test_a_match_and_a_league_on_dask_give_the_local_pool_s_records(
    cli, write_config, tmp_path, cluster, testplayers
):
    # The sequential test reads the games in order, so it stops at the same pair on the
    # cluster, whatever order the games finish in there.
    match = ("heuristic", "random", "--variant", "chiva", "--sprt", "elo1=40", "--seed", 8)
    league = write_config(
        'variant = "chiva"\n[league]\n'
        'players = ["heuristic", "random", { player = "raiser", rate = 0.3 }]\n'
        "pairs = 3\nseed = 9\n"
    )
    for command, args in (("match", match), ("league", (league,))):
        outputs = []
        for where in ("local", "dask"):
            records = tmp_path / f"{command}-{where}.jsonl"
            extra = ("--scheduler", cluster.scheduler_address) if where == "dask" else ()
            db = tmp_path / f"{command}-{where}.sqlite"
            result = cli(command, *args, "--db", db, "--records", records, "--json", *extra)
            summary = json.loads(result.stdout)
            # The raiser's errors decide nothing, and say so with exit status 1.
            assert result.exit_code == (1 if summary["errors"] else 0), result.output
            outputs.append(
                (
                    records.read_bytes(),
                    summary.get("sprt"),
                    summary.get("ratings"),
                    summary["errors"],
                )
            )
        assert outputs[0] == outputs[1]
        assert outputs[0][0]


def test_a_player_killing_its_dask_worker_is_blamed_and_the_run_finishes(
    cli, write_config, tmp_path, cluster, testplayers
):
    # The crasher ends its whole process (a dask worker here) in half its matches; dask
    # gives up on such a game after a few workers, and capicua plays it in a worker
    # process of its own, which blames the seat as the local pool does.
    seats = {2: '{ player = "crasher", rate = 0.5, isolation = "none" }'}
    config = write_config(chiva(matches=4, seed=12, seats=seats))
    outputs = []
    for where in ("local", "dask"):
        records = tmp_path / f"{where}.jsonl"
        extra = ("--scheduler", cluster.scheduler_address) if where == "dask" else ()
        db = tmp_path / f"{where}.sqlite"
        result = cli("tournament", config, "--db", db, "--records", records, "--json", *extra)
        assert result.exit_code == 0, result.output
        summary = json.loads(result.stdout)
        outputs.append((records.read_bytes(), summary["error_list"]))
    assert outputs[0] == outputs[1]
    errors = outputs[1][1]
    assert errors and {e["seat"] for e in errors} == {2}
    assert all("again when the match was played a second time" in e["reason"] for e in errors)
