"""``capicua host`` and ``capicua connect`` as a person types them: bad input is one line
and exit status 2, a bot that fails is status 1."""

from __future__ import annotations

import socket

from typer.testing import CliRunner

from capicua.cli import app

from .helpers import PYBOT, free_port

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def one_line_error(result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    lines = [x for x in result.output.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), result.output
    return lines[0]


def test_a_bad_host_config_is_one_line(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[[tables]]\nvariant = "chess"\n')
    assert "unknown variant 'chess'" in one_line_error(invoke("host", str(bad)))


def test_a_port_in_use_is_one_line(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        line = one_line_error(
            invoke("host", "--port", str(port), "--store", str(tmp_path / "h.sqlite"))
        )
    assert f"cannot listen on 127.0.0.1 port {port}" in line and "another --port" in line


def test_tls_needs_a_certificate_and_a_key(tmp_path):
    assert "one is missing" in one_line_error(invoke("host", "--cert", "c.pem"))


def test_connect_refuses_what_is_not_an_invitation():
    assert "is not an invitation" in one_line_error(invoke("connect", "hello", "--", *PYBOT))


def test_connect_to_an_unreachable_host_is_one_line():
    line = one_line_error(
        invoke("connect", f"capicua://127.0.0.1:{free_port()}/{'a' * 22}", "--", *PYBOT)
    )
    assert "cannot reach the host" in line


def test_connect_with_a_program_that_cannot_start_is_status_1():
    line = one_line_error(
        invoke("connect", f"capicua://127.0.0.1:{free_port()}/{'a' * 22}", "--", "no-such-bot"),
        1,
    )
    assert "the bot failed" in line


def test_join_refuses_what_is_not_an_invitation():
    assert "is not an invitation" in one_line_error(invoke("join", "capicua://nowhere"))


def test_join_to_an_unreachable_host_is_one_line_before_any_window():
    result = invoke("join", f"capicua://127.0.0.1:{free_port()}/{'b' * 22}")
    assert result.exit_code == 2, result.output
    said = result.output.splitlines()
    assert said[0].startswith("joining 127.0.0.1:") and len(said) == 2
    assert said[1].startswith("error: cannot reach the host")
