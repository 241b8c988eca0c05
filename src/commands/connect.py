"""``capicua connect INVITATION -- ARGV...``: play a local bot program in a remote seat.

The program speaks capicua-bot/1 as in a local tournament (docs/protocol.md); its code stays
on this machine. Exit status 0 when the table's matches are over, 1 when the program fails
(its reason, one line), 2 for bad input or a host that cannot be reached or refuses.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Annotated

import typer

from ..i18n import N_, _
from ..net.client import NetError
from ..net.invitation import Invitation, InvitationError
from ..net.relay import Relay
from ..players.command import DEFAULT_TIME_LIMIT
from ..protocol.process import BotFault
from .common import BotFolder, BotTimeLimit, Command, fail, out


def connect(
    invitation: Annotated[
        str, typer.Argument(help=N_("The seat's invitation, capicua://HOST:PORT/CODE."))
    ],
    argv: Annotated[
        list[str],
        typer.Argument(metavar="ARGV", help=N_("The bot's program and its arguments, after --.")),
    ],
    cwd: BotFolder = None,
    time_limit: BotTimeLimit = DEFAULT_TIME_LIMIT,
    cafile: Annotated[
        Path | None,
        typer.Option("--cafile", help=N_("The host's own TLS certificate, to trust it.")),
    ] = None,
) -> None:
    """``capicua connect``: the help is given in :func:`register`."""
    try:
        seat = Invitation.parse(invitation)
    except InvitationError as exc:
        fail(str(exc))
    if not 0 < time_limit < float("inf"):
        fail(
            _("--time-limit must be a number of seconds above 0, not {limit}").format(
                limit=time_limit
            )
        )
    relay = Relay(
        seat, argv, str(cwd) if cwd else None, time_limit=time_limit, cafile=cafile, log=_log
    )
    try:
        asyncio.run(relay.run())
    except NetError as exc:
        fail(str(exc))
    except BotFault as exc:
        fail(_("the bot failed: {reason}").format(reason=exc), 1)
    except KeyboardInterrupt:
        raise typer.Exit(130) from None
    _log(_("the table's matches are over; {count} decisions played").format(count=relay.decisions))


def _log(text: str) -> None:
    out.print(f"{time.strftime('%H:%M:%S')} {text}", markup=False)


def register(app: typer.Typer) -> None:
    app.command(
        "connect",
        cls=Command,
        help=N_(
            "Play a local bot program (capicua-bot/1) in a seat at a remote host: "
            "capicua connect INVITATION -- node bot.js"
        ),
    )(connect)
