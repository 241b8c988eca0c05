"""The ``capicua`` command: one typer app, a module per command group in ``capicua.commands``.

Bad input gets one line and exit status 2 (1 where a record breaks a rule), never a
traceback: commands raise :class:`typer.Exit` after printing through :func:`fail`.
"""

from __future__ import annotations

import os
from typing import Annotated

import typer

from ._version import __version__
from .commands import (
    botcheck,
    configs,
    connect,
    deals,
    host,
    info,
    join,
    league,
    match,
    play,
    replay,
    results,
    review,
    simulate,
    tournament,
    view,
)
from .commands.common import Group, fail
from .i18n import ENV, LANGUAGES, N_, _, normalize, set_language

app = typer.Typer(
    name="capicua",
    cls=Group,
    no_args_is_help=True,
    # --install-completion / --show-completion for bash, zsh, fish and PowerShell.
    add_completion=True,
    # Markdown, not "rich": typer 0.29's rich markup keeps a docstring's line breaks inside
    # a paragraph, so `--help` broke sentences mid-line; Markdown reflows them.
    rich_markup_mode="markdown",
    # -h as well as --help, for every command (the context passes it down).
    context_settings={"help_option_names": ["-h", "--help"]},
    help=N_("Dominoes played exactly: Chiva and double-nine 100, bots, a table and tournaments."),
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"capicua {__version__}")
        raise typer.Exit()


def _language(value: str | None) -> str | None:
    # Eager, so that `--lang de --help` already reads in German; an environment variable as
    # well, so that worker processes started later speak the same language.
    if value is not None:
        if normalize(value) is None:
            fail(
                _("--lang {lang}: capicua does not speak it; choose one of {languages}").format(
                    lang=value, languages=", ".join(LANGUAGES)
                )
            )
        os.environ[ENV] = value
        set_language(value)
    return value


@app.callback()
def root(
    version: Annotated[
        bool | None,
        typer.Option("--version", callback=_version, is_eager=True, help=N_("Print the version.")),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            callback=_language,
            is_eager=True,
            metavar="LANG",
            help=N_(
                "The language to speak: en, de, uk or es (default: the environment's, "
                "LANGUAGE, LC_ALL, LC_MESSAGES or LANG; English for any other)."
            ),
        ),
    ] = None,
    no_plugins: Annotated[
        bool,
        typer.Option("--no-plugins", help=N_("Load no third-party plugins, only the built-ins.")),
    ] = False,
) -> None:
    """capicua: dominoes played exactly."""
    if no_plugins:
        # An environment variable, so that worker processes started later see it too.
        os.environ["CAPICUA_NO_PLUGINS"] = "1"


info.register(app)
replay.register(app)
view.register(app)
review.register(app)
configs.register(app)
simulate.register(app)
tournament.register(app)
match.register(app)
league.register(app)
deals.register(app)
results.register(app)
play.register(app)
botcheck.register(app)
host.register(app)
connect.register(app)
join.register(app)


def main() -> None:
    """Console-script entry point."""
    app()


if __name__ == "__main__":
    main()
