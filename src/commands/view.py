"""``capicua view``: watch a recorded match at the table, move by move.

Opens the replay viewer (:mod:`capicua.gui.viewer`) on one match of a records file, one
record, or the table's save (with no file: the saved match of ``--variant``). ``--hand``,
``--move`` and ``--seat`` choose the position and the hands shown at the start; ``--review``
reviews that hand at once. ``--screenshot FILE`` renders that position to a PNG instead of
opening a window (under its own Xvfb if there is no display), ``--log-screenshot FILE`` the
log beside it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Annotated, Any

import typer

from ..core.jsonin import MAX_FILE_MIB
from ..i18n import N_, _, did_you_mean, ngettext
from .common import Command, agree_to_programs, fail, out, plugins, screen
from .play import DEFAULT_DELAY, SCREENSHOT_SIZE, WindowSize, check_delay, window_size
from .record_file import MaxSize, Picked, one_match

SPEED_RANGE = (0.1, 10.0)


def view(
    file: Annotated[
        Path | None,
        typer.Argument(
            help=N_(
                "Records (.jsonl), one record (.json) or the table's save; none: the "
                "match the table saved for --variant."
            )
        ),
    ] = None,
    match: Annotated[
        int | None,
        typer.Option("--match", "-m", help=N_("The N-th match of the file (default: the first).")),
    ] = None,
    variant: Annotated[
        str, typer.Option("--variant", help=N_("With no file: the game whose saved match to view."))
    ] = "chiva",
    hand: Annotated[
        int | None,
        typer.Option("--hand", help=N_("Start at this hand (default: the record's start).")),
    ] = None,
    move: Annotated[
        int | None,
        typer.Option(
            "--move", min=0, help=N_("Start after this many plays and passes of the hand.")
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", help=N_("Only this seat's hand face up: what that seat knew.")),
    ] = None,
    speed: Annotated[
        float, typer.Option("--speed", help=N_("Seconds a move while the record plays."))
    ] = 1.0,
    play: Annotated[
        bool, typer.Option("--play", help=N_("Start playing the record at once."))
    ] = False,
    review: Annotated[
        bool, typer.Option("--review", help=N_("Review the hand at the start position at once."))
    ] = False,
    delay: Annotated[
        float | None,
        typer.Option("--delay", help=N_("Seconds between computer moves after Play from here.")),
    ] = None,
    screenshot: Annotated[
        Path | None,
        typer.Option("--screenshot", help=N_("Render the viewer to this PNG and exit.")),
    ] = None,
    log_screenshot: Annotated[
        Path | None,
        typer.Option("--log-screenshot", help=N_("With --screenshot: the log window to this PNG.")),
    ] = None,
    size: WindowSize = "",
    reveal: Annotated[
        bool,
        typer.Option(
            "--reveal",
            help=N_(
                "Show every hand of a match that can still be played on; its save is "
                "marked as seen, and capicua play says so when it resumes it."
            ),
        ),
    ] = False,
    trust_commands: Annotated[
        bool,
        typer.Option(
            "--trust-commands",
            help=N_(
                "Show the programs the record's seats name and ask whether to run them when "
                "you play on from it (without it, built-in players take those seats)."
            ),
        ),
    ] = False,
    max_size: MaxSize = MAX_FILE_MIB,
) -> None:
    """``capicua view``: the help is given in :func:`register`."""
    from .. import trust

    loaded = plugins()
    picked = one_match(_file(file, variant, loaded), match, max_size)
    m = picked.match
    from ..gui.geometry import table_problem

    problem = table_problem(m.variant)
    if problem is not None:
        fail(problem)
    if seat is not None and not 1 <= seat <= m.variant.seats:
        fail(
            _("--seat {seat}: {title} has seats 1 to {seats}").format(
                seat=seat, title=m.variant.title, seats=m.variant.seats
            )
        )
    if not SPEED_RANGE[0] <= speed <= SPEED_RANGE[1]:
        fail(
            _("--speed is {least:g} to {most:g} seconds a move, not {speed:g}").format(
                least=SPEED_RANGE[0], most=SPEED_RANGE[1], speed=speed
            )
        )
    if delay is not None:
        check_delay(delay, "--delay")
    if log_screenshot is not None and screenshot is None:
        fail(_("--log-screenshot goes with --screenshot"))
    fixed = window_size(size)
    start = _start(picked, hand, move)
    sealed = _sealed(loaded, picked, seat, reveal)
    agreed: tuple[Any, ...] = ()
    if trust_commands and screenshot is None:
        found = trust.programs(loaded.players, picked.seats)
        if agree_to_programs(found, str(picked.file)):
            agreed = tuple(picked.seats[s] for s in found)
    options = {
        "speed": speed,
        "delay": DEFAULT_DELAY if delay is None else float(delay),
        "seat": seat,
        "start": start,
        "review": review,
        "play": play,
        "agreed": agreed,
        "sealed": sealed,
    }
    if screenshot is not None:
        _screenshot(
            loaded, picked, options, screenshot, log_screenshot, *(fixed or SCREENSHOT_SIZE)
        )
        return
    import tkinter as tk

    from ..gui.window import size_window

    try:
        root = tk.Tk()
    except tk.TclError as exc:
        fail(
            _("cannot open a window ({problem}); capicua view needs a desktop (DISPLAY)").format(
                problem=exc
            )
        )
    size_window(root, fixed)
    app = _open(root, loaded, picked, options, saving=True, animate=True)
    if play:
        app.do_play()
    root.mainloop()


def _file(file: Path | None, variant: str, loaded: Any) -> Path:
    """The file to read: the one given, or the table's save of ``variant``."""
    if file is not None:
        return file
    from ..gui import save

    if variant not in loaded.variants:
        fail(
            _("unknown variant {name!r}; available: {names}").format(
                name=variant, names=", ".join(loaded.variants.names())
            )
            + did_you_mean(variant, loaded.variants.names())
        )
    path = save.save_path(variant)
    if not path.exists():
        title = loaded.variants.get(variant).title
        fail(
            _(
                "no saved {title} match to view ({path} does not exist): capicua play saves "
                "the match at the table, or give a records file"
            ).format(title=title, path=path)
        )
    return path


def _start(picked: Picked, hand: int | None, move: int | None) -> tuple[int, int] | None:
    """The hand and move to start at, checked against the record; None: its start."""
    if hand is None and move is None:
        return None
    hands = len(picked.match.hands_log)
    h = 1 if hand is None else hand
    if not 1 <= h <= hands:
        fail(
            _("--hand {hand}: {where} has hands 1 to {hands}").format(
                hand=h, where=picked.where, hands=hands
            )
        )
    played = len(picked.match.hands_log[h - 1].actions)
    n = 0 if move is None else move
    if n > played:
        fail(
            # Translators: {played} counts the plays and passes together (English keeps
            # the plural for 1 too).
            ngettext(
                "--move {move}: hand {hand} of {where} has {played} plays and passes",
                "--move {move}: hand {hand} of {where} has {played} plays and passes",
                played,
            ).format(move=n, hand=h, where=picked.where, played=played)
        )
    return h, n


def _sealed(loaded: Any, picked: Picked, seat: int | None, reveal: bool) -> int | None:
    """The person's seat when only their hand may be shown: a match that can still be
    played on, with a person at it, viewed without ``--reveal``. With ``--reveal`` a
    table's save is marked as seen first (said in one line)."""
    from ..gui import save
    from ..gui.texts import entry_name

    m = picked.match
    people = []
    for s, entry in sorted(picked.seats.items()):
        # By the player's name alone: an entry's options (a policy's file, a command's
        # argv) are data, never loaded here.
        name = entry_name(entry)
        if name in loaded.players and getattr(loaded.players.get(name), "interactive", False):
            people.append(s)
    if m.over or not people:
        return None
    if reveal:
        try:
            if save.is_save(picked.file):
                save.mark_seen(picked.file)
                out.print(
                    _("{file}: marked as seen; capicua play says so when it resumes it.").format(
                        file=picked.file
                    ),
                    markup=False,
                )
        except OSError as exc:
            fail(
                _("cannot mark {file} as seen ({problem}); its hands stay hidden").format(
                    file=picked.file, problem=exc.strerror or exc
                )
            )
        return None
    if seat is not None and seat not in people:
        fail(
            _(
                "--seat {seat}: this match can still be played on, so only your own hand is "
                "shown; add --reveal to see the others (the save is then marked as seen)"
            ).format(seat=seat)
        )
    return seat if seat is not None else people[0]


def _open(root: Any, loaded: Any, picked: Picked, options: dict[str, Any], **kw: Any) -> Any:
    from ..gui.playback import Playback
    from ..gui.viewer import ViewerApp

    playback = Playback(picked.match, picked.seats)
    if options.get("sealed") is not None:
        playback.seal(options["sealed"])
    if options["seat"] is not None:
        playback.show_only(options["seat"])
    if options["start"] is not None:
        playback.goto_move(*options["start"])
    source = _("{file}, match {number} of {matches}").format(
        file=picked.file.name, number=picked.number, matches=picked.of
    )
    app = ViewerApp(
        root,
        loaded,
        playback,
        source=source,
        speed=options["speed"],
        delay=options["delay"],
        agreed=options.get("agreed", ()),
        **kw,
    )
    if options["review"]:
        app.do_review()
    return app


def _screenshot(
    loaded: Any,
    picked: Picked,
    options: dict[str, Any],
    path: Path,
    log_path: Path | None,
    width: int,
    height: int,
) -> None:
    import tkinter as tk

    from ..gui.screenshot import capture

    with screen(width, height):
        root = tk.Tk()
        root.geometry(f"{width}x{height}+0+0")
        app = _open(root, loaded, picked, options, saving=False, animate=False)
        while app.reviewing:  # the review runs in the worker thread
            root.update()
            time.sleep(0.01)
        opened = app.windows.get("log")
        if opened is not None:
            opened.close()  # the table is the picture; the log is one of its own
        root.update()
        try:
            capture(root, path)
            if log_path is not None:
                app.do_log()
                window = app.windows["log"]
                window.geometry("820x560+0+0")
                root.update()
                window.text.see("end")  # the log ends at the position shown
                root.update()
                capture(window, log_path)
        except (OSError, RuntimeError) as exc:
            fail(_("cannot write the screenshot: {problem}").format(problem=exc))
        finally:
            app.close()
    out.print(str(path), markup=False)
    if log_path is not None:
        out.print(str(log_path), markup=False)


def register(app: typer.Typer) -> None:
    app.command(
        "view",
        cls=Command,
        help=N_(
            "Watch a recorded match: step, jump to a hand, play it, review it, play on from it."
        ),
    )(view)
