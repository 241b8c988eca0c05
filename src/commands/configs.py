"""``capicua configs``: the example configs that ship with capicua, listed, shown and copied.

The examples are the repository's ``configs/`` folder, installed as ``capicua.configs``; the
commands that take a config also find them by name (``capicua tournament chiva-bots``), so a
plain ``pip install`` has them at hand. Copy one to change it.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table

from ..i18n import N_, _
from ..tournament.config import read_toml, shipped_configs
from . import completion
from .common import Command, Group, fail, out

app = typer.Typer(
    cls=Group,
    help=N_("The example configs that ship with capicua: list them, show one, copy one here."),
    rich_markup_mode="markdown",
)


@app.callback(invoke_without_command=True)
def configs(ctx: typer.Context) -> None:
    """List the example configs that ship with capicua (the default), show or copy one.

    (The group's help is the ``help`` given to :data:`app`; every command that takes a
    config finds these by name too: ``capicua tournament chiva-bots``.)
    """
    if ctx.invoked_subcommand is not None:
        return
    by_command: dict[str, list[tuple[str, str]]] = {}
    for name, path in shipped_configs().items():
        text = path.read_text(encoding="utf-8")
        by_command.setdefault(_command(path), []).append((name, _about(text)))
    for command, rows in sorted(by_command.items(), reverse=True):
        table = Table(box=None, show_header=False, title_justify="left", padding=(0, 2, 0, 2))
        table.title = _("For {command} NAME:").format(command=command)
        table.add_column(no_wrap=True)
        table.add_column(ratio=1)
        for row in rows:
            table.add_row(*row)
        out.print(table)
        out.print()
    out.print(
        _("capicua configs show NAME prints one; capicua configs copy NAME writes a copy here."),
        markup=False,
    )


@app.command("show", cls=Command, help=N_("Print an example config."))
def show(
    name: Annotated[
        str,
        typer.Argument(
            autocompletion=completion.shipped, help=N_("A config's name, e.g. chiva-bots.")
        ),
    ],
) -> None:
    """``capicua configs show``: the help is given to :meth:`app.command`."""
    # As the file is, to be copied: a comment folded would not be a comment.
    out.print(_shipped(name).read_text(encoding="utf-8"), markup=False, end="", soft_wrap=True)


@app.command("copy", cls=Command, help=N_("Copy an example config, to edit it and run your own."))
def copy(
    name: Annotated[
        str,
        typer.Argument(
            autocompletion=completion.shipped, help=N_("A config's name, e.g. chiva-bots.")
        ),
    ],
    dest: Annotated[
        Path,
        typer.Argument(help=N_("Where to write it: a folder (default: here) or a file name.")),
    ] = Path(),
    force: Annotated[bool, typer.Option("--force", help=N_("Overwrite an existing file."))] = False,
) -> None:
    """``capicua configs copy``: the help is given to :meth:`app.command`."""
    source = _shipped(name)
    target = dest / source.name if dest.is_dir() else dest
    if target.exists() and not force:
        fail(
            _("{target} exists; choose another place or pass --force to overwrite it").format(
                target=target
            )
        )
    try:
        shutil.copyfile(source, target)
    except OSError as exc:
        fail(_("cannot write {path}: {problem}").format(path=target, problem=exc.strerror))
    command = _command(source)
    out.print(
        _("wrote {path}; run it with: {command} {path}").format(path=target, command=command),
        markup=False,
    )


def _shipped(name: str) -> Path:
    """The shipped config called ``name`` (with or without ``.toml``), or a one-line error."""
    shipped = shipped_configs()
    path = shipped.get(name.removesuffix(".toml"))
    if path is None:
        fail(
            _("no example config {name!r}; the examples: {names}").format(
                name=name, names=", ".join(shipped)
            )
        )
    return path


def _command(path: Path) -> str:
    """The command a config is for: a league when it has a [league] table, a host when it
    has [[tables]], the table when a seat is a person, else a tournament."""
    data = read_toml(path)
    if "league" in data:
        return "capicua league"
    if "tables" in data:
        return "capicua host"
    seats = data.get("seats", {}).values()
    human = any((s if isinstance(s, str) else s.get("player")) == "human" for s in seats)
    return "capicua play" if human else "capicua tournament"


def _about(text: str) -> str:
    """The config's first comment line: what the example is for."""
    for line in text.splitlines():
        if line.startswith("#"):
            return line.lstrip("# ").strip()
    return ""


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="configs")
