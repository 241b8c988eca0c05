"""A usage error (an unknown command or option, a missing or bad value) is one line, with
click's suggestion and where help is, exit status 2; a mistyped config or variant name
gets "did you mean"."""

from __future__ import annotations

import pytest


def one_line(result) -> str:
    assert result.exit_code == 2, result.output
    lines = result.output.strip().splitlines()
    assert len(lines) == 1, result.output
    assert lines[0].startswith("error: "), result.output
    return lines[0]


@pytest.mark.parametrize(
    "args, words",
    [
        (["tournamnt", "x"], ["No such command 'tournamnt'", "'tournament'", "(capicua -h for"]),
        (["tournament", "--matchs", "3", "x"], ["--matchs", "--matches", "capicua tournament -h"]),
        (["tournament"], ["Missing argument 'CONFIG'", "capicua tournament -h"]),
        (["tournament", "x", "--matches", "many"], ["--matches", "capicua tournament -h"]),
        (["configs", "sho"], ["No such command 'sho'", "'show'", "capicua configs -h"]),
    ],
)
def test_a_usage_error_is_one_line_with_the_suggestion(cli, args, words):
    line = one_line(cli(*args))
    for word in words:
        assert word in line, line


def test_a_mistyped_example_config_gets_did_you_mean(cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    line = one_line(cli("tournament", "chiva-bot"))
    assert line.endswith("did you mean 'chiva-bots'?"), line


@pytest.mark.parametrize("args", [["rules", "chivaa"], ["simulate", "chivaa", "-n", "1"]])
def test_a_mistyped_variant_gets_did_you_mean(cli, args):
    line = one_line(cli(*args))
    assert "unknown variant 'chivaa'" in line and line.endswith("did you mean 'chiva'?"), line


def test_a_name_far_from_every_variant_gets_no_guess(cli):
    assert "did you mean" not in one_line(cli("rules", "zzzz"))


def test_a_mistyped_player_gets_did_you_mean(cli):
    line = one_line(cli("match", "heuristic", "randm", "--variant", "chiva"))
    assert line.endswith("did you mean 'random'?"), line
