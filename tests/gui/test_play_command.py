"""``capicua play``: settings from config and flags, one-line errors, screenshots."""

from __future__ import annotations

import shutil

import pytest
from typer.testing import CliRunner

from capicua.cli import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, ["play", *args])


def one_line_error(result, code: int = 2) -> str:
    assert result.exit_code == code, result.output
    text = result.output.strip()
    assert "Traceback" not in text and len(text.splitlines()) == 1, text
    return text


def write(tmp_path, text: str):
    path = tmp_path / "table.toml"
    path.write_text(text)
    return str(path)


def test_an_unknown_variant_is_one_line_and_exit_2():
    assert "unknown variant 'dominoes'" in one_line_error(invoke("--variant", "dominoes"))


def test_a_missing_config_is_one_line_and_exit_2(tmp_path):
    assert "no such config file" in one_line_error(invoke(str(tmp_path / "nope.toml")))


def test_an_unknown_table_setting_is_refused(tmp_path):
    cfg = write(
        tmp_path,
        'variant = "chiva"\n[seats]\n1 = "human"\n2 = "random"\n'
        '3 = "random"\n4 = "random"\n[table]\nspeed = 3\n',
    )
    assert "[table] has no key 'speed' (its keys: delay, step, animate)" in one_line_error(
        invoke(cfg)
    )


def test_two_people_at_one_table_are_refused(tmp_path):
    cfg = write(
        tmp_path,
        'variant = "chiva"\n[seats]\n1 = "human"\n2 = "random"\n3 = "human"\n4 = "random"\n',
    )
    assert "seats 1 and 3 are both people" in one_line_error(invoke(cfg))


def test_a_bad_seed_or_delay_in_the_config_is_refused(tmp_path):
    cfg = write(
        tmp_path,
        'variant = "chiva"\n[seats]\n1 = "human"\n2 = "random"\n'
        '3 = "random"\n4 = "random"\n[tournament]\nseed = "x"\n',
    )
    assert "[tournament] seed must be a whole number" in one_line_error(invoke(cfg))
    cfg = write(
        tmp_path,
        'variant = "chiva"\n[seats]\n1 = "human"\n2 = "random"\n'
        '3 = "random"\n4 = "random"\n[table]\ndelay = -1\n',
    )
    assert "[table] delay must be a number of seconds" in one_line_error(invoke(cfg))
    cfg = write(
        tmp_path,
        'variant = "chiva"\n[seats]\n1 = "human"\n2 = "random"\n'
        '3 = "random"\n4 = "random"\n[table]\nstep = "yes"\n',
    )
    assert "[table] step must be true or false" in one_line_error(invoke(cfg))


def test_a_bad_size_is_refused():
    assert "--size is WIDTHxHEIGHT" in one_line_error(invoke("--size", "big"))


def test_a_size_below_the_tables_smallest_window_is_refused():
    assert "smallest window, 960x720" in one_line_error(invoke("--size", "640x480"))


def test_without_a_display_the_table_says_so_in_one_line(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    assert "cannot open a window" in one_line_error(invoke("--new"))


def test_the_settings_merge_defaults_config_and_command_line(tmp_path):
    from capicua.commands.play import resolve
    from capicua.plugins import load_plugins

    loaded = load_plugins(third_party=False)
    default = resolve(None, None, None, None, loaded)
    assert default["variant"] == "chiva" and default["seats"][1] == "human"
    assert default["seed"] is None and default["delay"] == 0.6
    assert default["step"] is False and default["animate"] is True
    cfg = tmp_path / "t.toml"
    cfg.write_text(
        'variant = "double-nine-100"\n[seats]\n1 = "random"\n2 = "random"\n'
        '3 = "human"\n4 = "random"\n[tournament]\nseed = 7\n[table]\ndelay = 0.2\n'
        "step = true\nanimate = false\n"
    )
    merged = resolve(cfg, None, None, None, loaded)
    assert merged["step"] is True and merged["animate"] is False
    assert (merged["variant"], merged["seed"], merged["delay"]) == ("double-nine-100", 7, 0.2)
    assert merged["seats"][3] == "human"
    flags = resolve(cfg, "chiva", 9, 0.0, loaded)
    assert (flags["variant"], flags["seed"], flags["delay"]) == ("chiva", 9, 0.0)


@pytest.mark.skipif(
    shutil.which("Xvfb") is None or shutil.which("xwd") is None, reason="needs xvfb and x11-apps"
)
def test_a_seeded_screenshot_renders_the_same_picture_twice(tmp_path, display):
    first, second = tmp_path / "a.png", tmp_path / "b.png"
    for path in (first, second):
        result = invoke(
            "--variant",
            "chiva",
            "--seed",
            "3",
            "--moves",
            "5",
            "--size",
            "1024x768",
            "--screenshot",
            str(path),
        )
        assert result.exit_code == 0, result.output
    data = first.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert data == second.read_bytes()


def test_a_variant_the_table_cannot_seat_is_refused_in_one_line(capsys):
    from types import SimpleNamespace

    import typer
    from table_helpers import PLUGINS, Cutthroat

    from capicua.commands.play import resolve
    from capicua.plugins import VariantRegistry

    class SixSeats(Cutthroat):
        name = "six-test"
        max_pip = 9
        seats = 6
        teams = ((1, 3, 5), (2, 4, 6))

    variants = VariantRegistry()
    variants.add(SixSeats)
    with pytest.raises(typer.Exit) as exit_:
        resolve(
            None,
            "six-test",
            None,
            None,
            SimpleNamespace(variants=variants, players=PLUGINS.players),
        )
    assert exit_.value.exit_code == 2
    assert "the table seats 2, 3 or 4 players; six-test has 6 seats" in capsys.readouterr().err


@pytest.mark.parametrize("name", ["all-fives", "mexican-train"])
def test_a_game_not_played_on_one_line_is_refused_in_one_line(name):
    # The table draws one line: a spinner's cross arms and trains it cannot show.
    module = {"all-fives": "capicua_fives", "mexican-train": "capicua_mexican_train"}[name]
    pytest.importorskip(module, reason=f"{name} is an example plugin under examples/")
    text = one_line_error(invoke("--variant", name))
    assert "one line" in text and name in text
