"""``capicua play``: open the Tk table and play against the computer.

Settings come from defaults < the TOML config (the tournament schema: ``variant``,
``[seats]``, ``[tournament] seed``, plus ``[table]``: ``delay``, ``step``, ``animate``) < the
command line. With no
config the person sits at seat 1 and the strongest built-in computer player takes the
others. ``--screenshot FILE`` renders a position to a PNG instead of opening a window
(under its own Xvfb if there is no display), for docs and for looking at the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from ..i18n import N_, _, did_you_mean, ngettext
from . import completion
from .common import Command, agree_to_programs, fail, out, plugins, screen
from .game_options import GameOptions, checked, parse_options

TABLE_KEYS = {
    "delay": "seconds between the computer players' moves",
    "step": "true: a computer moves only when you tap Next",
    "animate": "false: a computer's tile appears in its place without sliding there",
}
DEFAULT_DELAY = 0.6
#: A screenshot's window without --size: the same picture on every screen.
SCREENSHOT_SIZE = (1180, 820)


#: ``--size`` of every command that opens the table's window: ``play``, ``view``, ``join``.
WindowSize = Annotated[
    str,
    typer.Option(
        "--size",
        help=N_(
            "Window size, WIDTHxHEIGHT, at least 800x540; without it, the largest "
            "that fits the screen."
        ),
    ),
]


def play(
    config: Annotated[
        Path | None,
        typer.Argument(
            autocompletion=completion.configs,
            help=N_(
                "A table config (TOML): a file, or the name of an example such as "
                "chiva-human (capicua configs lists them)."
            ),
        ),
    ] = None,
    variant: Annotated[
        str | None,
        typer.Option(
            "--variant",
            autocompletion=completion.variants,
            help=N_("The game (capicua rules lists them)."),
        ),
    ] = None,
    option: GameOptions = None,
    seed: Annotated[
        int | None, typer.Option("--seed", "-s", help=N_("Seed of the match (default: fresh)."))
    ] = None,
    delay: Annotated[
        float | None, typer.Option("--delay", help=N_("Seconds between computer moves."))
    ] = None,
    new: Annotated[
        bool, typer.Option("--new", help=N_("Do not offer to resume the saved match."))
    ] = False,
    screenshot: Annotated[
        Path | None, typer.Option("--screenshot", help=N_("Render the table to this PNG and exit."))
    ] = None,
    moves: Annotated[
        int,
        typer.Option(
            "--moves",
            min=0,
            help=N_(
                "With --screenshot: play this many actions "
                "first (your own by the hint), then on to your next decision; a "
                "hand's end stops early."
            ),
        ),
    ] = 0,
    size: WindowSize = "",
    trust_commands: Annotated[
        bool,
        typer.Option(
            "--trust-commands",
            help=N_(
                "Show the programs the saved match's seats name (other than the config's) "
                "and ask whether to run them (without it, built-in players take those seats)."
            ),
        ),
    ] = False,
) -> None:
    """``capicua play``: the help is given in :func:`register`."""
    from ..gui.settings import Settings

    loaded = plugins()
    settings = resolve(config, variant, seed, delay, loaded, option)
    fixed = window_size(size)
    if screenshot is not None:
        _screenshot(loaded, settings, screenshot, moves, *(fixed or SCREENSHOT_SIZE))
        return
    if trust_commands and not new:
        settings["agreed"] = _agreed(loaded, settings)
    import tkinter as tk

    from ..core.errors import CapicuaError
    from ..gui.app import TableApp
    from ..gui.window import size_window

    try:
        root = tk.Tk()
    except tk.TclError as exc:
        fail(
            _("cannot open a window ({problem}); capicua play needs a desktop (DISPLAY)").format(
                problem=exc
            )
        )
    size_window(root, fixed)
    try:
        TableApp(root, loaded, Settings(**settings), offer_resume=not new)
    except CapicuaError as exc:  # a bot that passed its check and then failed to start
        root.destroy()
        fail(str(exc))
    root.mainloop()


def _agreed(loaded: Any, settings: dict[str, Any]) -> tuple[Any, ...]:
    """The saved match's seat entries that start programs the config does not name, once the
    person has seen them and agreed to run them; none if they say no."""
    from .. import trust
    from ..gui import save

    path = save.save_path(settings["variant"])
    if not path.exists():
        path = save.save_path()  # the single file of older tables
    seats = save.peek_seats(path) or {}
    found = {
        s: text
        for s, text in trust.programs(loaded.players, seats).items()
        if seats[s] not in settings["seats"].values()
    }
    if agree_to_programs(found, str(path)):
        return tuple(seats[s] for s in found)
    return ()


def resolve(
    config: Path | None,
    variant: str | None,
    seed: int | None,
    delay: float | None,
    loaded: Any,
    option: list[str] | None = None,
) -> dict[str, Any]:
    """The table's settings: defaults < config < command line (``option``: the game's
    ``--option KEY=VALUE``); bad input exits 2."""
    from ..gui.geometry import table_problem
    from ..gui.model import SeatsError, check_seats
    from ..tournament.config import ConfigError, load_config

    seats: dict[int, Any] | None = None
    name = "chiva"
    table: dict[str, Any] = {}
    config_seed = None
    options: dict[str, Any] = {}
    if config is not None:
        try:
            cfg = load_config(config, loaded, interactive=True)
        except ConfigError as exc:
            fail(str(exc))
        name, seats, table = cfg.variant, dict(cfg.seats), dict(cfg.table)
        options = dict(cfg.variant_options)
        config_seed = cfg.tournament.get("seed")
        for key in table:
            if key not in TABLE_KEYS:
                fail(
                    _("{config}: [table] has no key {key!r} (its keys: {keys})").format(
                        config=config, key=key, keys=", ".join(TABLE_KEYS)
                    )
                )
        if config_seed is not None:
            _check_seed(config_seed, f"{config}: [tournament] seed")
        if "delay" in table:
            check_delay(table["delay"], f"{config}: [table] delay")
        for key in ("step", "animate"):
            if key in table and not isinstance(table[key], bool):
                fail(
                    _("{config}: [table] {key} must be true or false, not {value!r}").format(
                        config=config, key=key, value=table[key]
                    )
                )
    if variant is not None:
        name = variant
    if name not in loaded.variants:
        fail(
            _("unknown variant {name!r}; available: {names}").format(
                name=name, names=", ".join(loaded.variants.names())
            )
            + did_you_mean(name, loaded.variants.names())
        )
    if variant is not None and variant != name:
        options = {}  # the config's options are its own game's
    options.update(parse_options(loaded.variants.get(name), option))
    game = checked(loaded.variants, name, options)
    n = game.seats
    problem = table_problem(game)
    if problem is not None:
        fail(problem)
    if seats is None or len(seats) != n:
        if seats is not None:
            fail(
                ngettext(
                    "{config} has {count} seat; {name} needs {seats}",
                    "{config} has {count} seats; {name} needs {seats}",
                    len(seats),
                ).format(config=config, count=len(seats), name=name, seats=n)
            )
        computer = default_computer(loaded.players)
        seats = {s: "human" if s == 1 else computer for s in range(1, n + 1)}
    if seed is not None:
        _check_seed(seed, "--seed")
    if delay is not None:
        check_delay(delay, "--delay")
    try:
        check_seats(seats, loaded.players)
    except SeatsError as exc:
        fail(f"{config}: {exc}" if config else str(exc))
    return {
        "variant": name,
        "seats": seats,
        "seed": seed if seed is not None else config_seed,
        "delay": float(delay if delay is not None else table.get("delay", DEFAULT_DELAY)),
        "step": table.get("step", False),
        "animate": table.get("animate", True),
        "options": options,
    }


def default_computer(players: Any) -> str:
    """The strongest built-in computer player this build has."""
    for name in ("expert", "heuristic", "random"):
        if name in players:
            return name
    fail(_("no computer player is installed"))


def _check_seed(value: Any, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        fail(
            _("{where} must be a whole number from 0 to 2**63-1, not {value!r}").format(
                where=where, value=value
            )
        )


def check_delay(value: Any, where: str) -> None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 10:
        fail(
            _("{where} must be a number of seconds from 0 to 10, not {value!r}").format(
                where=where, value=value
            )
        )


def window_size(text: str) -> tuple[int, int] | None:
    """The window size ``--size`` gives, or ``None`` (fit the screen) when it is empty."""
    from ..gui.geometry import MIN_SIZE

    if not text:
        return None
    least = f"{MIN_SIZE[0]}x{MIN_SIZE[1]}"
    w, sep, h = text.lower().partition("x")
    if not sep or not w.isdigit() or not h.isdigit():
        fail(
            _("--size is WIDTHxHEIGHT, at least {least}, not {size!r}").format(
                least=least, size=text
            )
        )
    if int(w) < MIN_SIZE[0] or int(h) < MIN_SIZE[1]:
        fail(
            _("--size {size} is smaller than the table's smallest window, {least}").format(
                size=text, least=least
            )
        )
    return int(w), int(h)


def _screenshot(
    loaded: Any, settings: dict[str, Any], path: Path, moves: int, width: int, height: int
) -> None:
    import tkinter as tk

    from ..gui.app import TableApp
    from ..gui.screenshot import capture
    from ..gui.settings import Settings

    with screen(width, height):
        root = tk.Tk()
        root.geometry(f"{width}x{height}+0+0")
        settings = dict(settings, delay=0.0, animate=False)
        app = TableApp(root, loaded, Settings(**settings), saving=False, offer_resume=False)
        root.update()
        app.advance(moves)
        root.update()
        try:
            capture(root, path)
        except (OSError, RuntimeError) as exc:
            fail(_("cannot write {path}: {problem}").format(path=path, problem=exc))
        finally:
            app.close()
    out.print(str(path), markup=False)


def register(app: typer.Typer) -> None:
    app.command(
        "play",
        cls=Command,
        help=N_("Play Chiva or double-nine 100 at a table, with mouse, touch or keyboard."),
    )(play)
