"""``capicua host [CONFIG]``: hold tables that people and bots join over the network.

Prints one invitation per seat (and one for spectators), then who joins and leaves and how
each match ends, until every table's matches are over (or Ctrl-C; the store keeps every
action, and the same command resumes). Bad input is one line and exit status 2.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import time
from pathlib import Path
from typing import Annotated

import typer

from ..core.errors import CapicuaError
from ..i18n import N_, _
from ..net.config import load_host_config, seconds
from ..net.host import Host
from ..tournament.config import ConfigError, locate, whole
from .common import Command, fail, out


def host(
    config: Annotated[
        Path | None,
        typer.Argument(help=N_("The host's config (TOML); none: one Chiva table for two people.")),
    ] = None,
    bind: Annotated[
        str | None,
        typer.Option(
            "--bind", help=N_("The address to listen on (default 127.0.0.1: this machine only).")
        ),
    ] = None,
    port: Annotated[
        int | None, typer.Option("--port", help=N_("The port to listen on (default 8765)."))
    ] = None,
    store: Annotated[
        Path | None,
        typer.Option("--store", help=N_("The database of every action (default host.sqlite).")),
    ] = None,
    hold: Annotated[
        float | None,
        typer.Option(
            "--hold", help=N_("Seconds a seat is held for someone who lost the connection.")
        ),
    ] = None,
    pace: Annotated[
        float | None,
        typer.Option("--pace", help=N_("Seconds between computer moves while a person plays.")),
    ] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            help=N_("Seconds a connected seat has for a decision, then a computer plays it."),
        ),
    ] = None,
    cert: Annotated[
        Path | None, typer.Option("--cert", help=N_("TLS certificate (PEM), with --key."))
    ] = None,
    key: Annotated[Path | None, typer.Option("--key", help=N_("TLS private key (PEM)."))] = None,
) -> None:
    """``capicua host``: the help is given in :func:`register`."""
    from .common import plugins

    try:
        settings = load_host_config(None if config is None else locate(config), plugins())
        if port is not None:
            whole(port, "--port", 0, 65535)
        settings = settings.but(
            bind=bind,
            port=port,
            store=store,
            hold=None if hold is None else seconds(hold, "--hold"),
            pace=None if pace is None else seconds(pace, "--pace"),
            time_limit=None if time_limit is None else seconds(time_limit, "--time-limit"),
        )
        if cert is not None or key is not None:
            from ..net.config import check_tls

            check_tls(cert, key)
            settings = settings.but(certificate=cert, key=key)
        # `kill PID` stops the host as Ctrl-C does: asyncio's SIGINT handling cancels the
        # tables, the store is closed (no -wal or -shm left beside it) and the line printed.
        previous = signal.signal(signal.SIGTERM, _as_ctrl_c)
        try:
            asyncio.run(_serve(settings))
        finally:
            signal.signal(signal.SIGTERM, previous)
    except (ConfigError, CapicuaError) as exc:
        fail(str(exc))
    except KeyboardInterrupt:
        out.print(_("stopped; the same command resumes every table"), markup=False)
        raise typer.Exit(130) from None


def _qr(link: str) -> str:
    """``link`` as a QR code in the terminal (two rows of modules a line, half blocks),
    indented as the invitations are, for a phone's camera."""
    import io

    import segno

    out = io.StringIO()
    segno.make(link, error="L").terminal(out=out, compact=True)
    return "\n".join(f"    {row}" for row in out.getvalue().rstrip("\n").split("\n"))


def _as_ctrl_c(signum: int, frame: object) -> None:
    signal.raise_signal(signal.SIGINT)


def _log(text: str) -> None:
    out.print(f"{time.strftime('%H:%M:%S')} {text}", markup=False)


async def _serve(settings: object) -> None:
    from ..net.config import HostConfig

    assert isinstance(settings, HostConfig)
    from .common import plugins

    h = Host(settings, plugins(), log=_log)
    try:
        await h.start()
        say = lambda text: out.print(text, markup=False)  # noqa: E731 - one short alias
        scheme = "wss" if h.tls else "ws"
        say(
            _("capicua host on {bind} port {port} ({scheme}), store {store}").format(
                bind=settings.bind, port=h.port, scheme=scheme, store=settings.store
            )
        )
        if not h.tls:
            say(_("without TLS, anyone on the network path can read the games"))
        for table, seat, kind, invitation in h.invitations():
            if seat is None:
                what = _("spectators")
            elif kind == "computer":
                what = _("seat {seat} (computer; a person may take it over)").format(seat=seat)
            else:
                what = _("seat {seat} ({kind})").format(seat=seat, kind=kind)
            done = _(" (over)") if table.done else ""
            # The invitation on a line of its own: whole, to be copied, in any terminal.
            say(f"  {table.name}{done} {what}:")
            say(f"    {invitation}")
            if kind != "bot":  # a person's: the page's link, and its QR code for a phone
                say(f"    {invitation.link}")
                if kind != "computer":
                    say(_qr(invitation.link))
        await h.run()
    finally:
        with contextlib.suppress(Exception):
            await h.stop()
        h.close()
    problems = [t.problem for t in h.tables if t.problem]
    if problems:
        fail(problems[0], 1)


def register(app: typer.Typer) -> None:
    app.command(
        "host",
        cls=Command,
        help=N_(
            "Hold tables that people join with capicua join and bots with capicua connect; "
            "prints one invitation per seat."
        ),
    )(host)
