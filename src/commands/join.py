"""``capicua join INVITATION``: sit at a seat of a host's table, in the Tk table window.

Joins first (one line and exit status 2 if the host cannot be reached or refuses the
invitation), then opens the window of ``capicua play`` playing that seat (docs/network.md).
"""

from __future__ import annotations

import queue
import time
from pathlib import Path
from typing import Annotated

import typer

from ..i18n import N_, _
from ..net.invitation import Invitation, InvitationError
from .common import Command, fail, out, plugins
from .play import WindowSize, window_size

#: Seconds to wait for the host's first messages before giving up.
JOIN_WAIT = 15.0


def join(
    invitation: Annotated[
        str, typer.Argument(help=N_("The seat's invitation, capicua://HOST:PORT/CODE."))
    ],
    name: Annotated[str, typer.Option("--name", help=N_("Your name, as the others see it."))] = "",
    cafile: Annotated[
        Path | None,
        typer.Option("--cafile", help=N_("The host's own TLS certificate, to trust it.")),
    ] = None,
    size: WindowSize = "",
) -> None:
    """``capicua join``: the help is given in :func:`register`."""
    from ..net.remote import Link, RemoteSession

    fixed = window_size(size)
    try:
        seat = Invitation.parse(invitation)
    except InvitationError as exc:
        fail(str(exc))
    loaded = plugins()
    link = Link(seat, name, cafile=cafile, variants=loaded.variants)
    session = RemoteSession(link, loaded.variants)
    link.start()
    out.print(_("joining {host}:{port}…").format(host=seat.host, port=seat.port), markup=False)
    deadline = time.monotonic() + JOIN_WAIT
    while not session.ready:
        try:
            message = link.inbox.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            link.stop()
            fail(_("the host did not answer within {seconds:g} s").format(seconds=JOIN_WAIT))
        if message is None:
            fail(link.problem or _("the host closed the connection"))
        if message["type"] == "new_match" and message["variant"]["name"] not in loaded.variants:
            link.stop()
            fail(
                _("the table plays {variant}, which is not installed here").format(
                    variant=message["variant"]["name"]
                )
            )
        session.absorb(message)
    import tkinter as tk

    from ..gui.window import size_window
    from ..net.window import JoinApp

    try:
        root = tk.Tk()
    except tk.TclError as exc:
        link.stop()
        fail(
            _("cannot open a window ({problem}); capicua join needs a desktop (DISPLAY)").format(
                problem=exc
            )
        )
    size_window(root, fixed)
    JoinApp(root, loaded, session)
    root.mainloop()
    link.stop()


def register(app: typer.Typer) -> None:
    app.command(
        "join",
        cls=Command,
        help=N_("Sit at a seat of a host's table: capicua join capicua://HOST:PORT/CODE"),
    )(join)
