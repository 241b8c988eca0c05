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


@pytest.mark.slow  # 2.0 s at load average 9 (-n 2): over 0.5 s alone
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
    assert "smallest window, 800x540" in one_line_error(invoke("--size", "640x480"))


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


def refused(variant_class, capsys) -> str:
    """The one line ``capicua play`` refuses ``variant_class`` with."""
    from types import SimpleNamespace

    import typer
    from table_helpers import PLUGINS

    from capicua.commands.play import resolve
    from capicua.plugins import VariantRegistry

    variants = VariantRegistry()
    variants.add(variant_class)
    with pytest.raises(typer.Exit) as exit_:
        resolve(
            None,
            variant_class.name,
            None,
            None,
            SimpleNamespace(variants=variants, players=PLUGINS.players),
        )
    assert exit_.value.exit_code == 2
    return capsys.readouterr().err


def test_a_variant_the_table_cannot_seat_is_refused_in_one_line(capsys):
    from table_helpers import Cutthroat

    class NineSeats(Cutthroat):
        name = "nine-test"
        max_pip = 12
        hand_size = 5
        seats = 9
        teams = tuple((s,) for s in range(1, 10))

    assert "the table seats 2 to 8 players; nine-test has 9 seats" in refused(NineSeats, capsys)


def test_a_layout_that_does_not_say_how_it_runs_is_refused_in_one_line(capsys):
    from table_helpers import Cutthroat

    from capicua.core.layout import Layout

    class Heap(Layout):
        """A layout of a game's own that does not say how its arms run."""

        placed = 0

        def open_ends(self):
            return ()

        def play(self, tile, end):
            return self

        def pairs(self):
            return ()

    class OwnLayout(Cutthroat):
        name = "heap-test"

        def new_layout(self, number):
            return Heap()

    err = refused(OwnLayout, capsys)
    assert "heap-test lays its tiles out its own way" in err and len(err.splitlines()) == 1


def test_a_games_own_kind_of_spinner_is_seated():
    from table_helpers import Cutthroat

    from capicua.core.layout import Spinner
    from capicua.gui.geometry import table_problem

    class Star(Spinner):
        """A spinner of a game's own: drawn as the spinner it is."""

    class OwnSpinner(Cutthroat):
        name = "star-test"

        def new_layout(self, number):
            return Star()

    assert table_problem(OwnSpinner()) is None


@pytest.mark.parametrize(
    ("config", "module", "seats"),
    [
        ("configs/fives-human.toml", "capicua_fives", 4),
        ("configs/mexican-train-human.toml", "capicua_mexican_train", 6),
    ],
)
def test_the_spinner_and_trains_games_are_seated_from_their_configs(config, module, seats):
    from pathlib import Path

    from capicua.commands.play import resolve
    from capicua.gui.geometry import table_problem
    from capicua.plugins import load_plugins

    pytest.importorskip(module, reason="an example plugin under examples/")
    loaded = load_plugins()
    root = Path(__file__).resolve().parents[2]
    settings = resolve(root / config, None, None, None, loaded)
    game = loaded.variants.create(settings["variant"], settings["options"])
    assert game.seats == seats == len(settings["seats"]) and table_problem(game) is None
    assert settings["seats"][1] == "human"
