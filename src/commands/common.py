"""What every command shares: one-line errors with an exit status, and the loaded plugins."""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.markup import escape
from rich.segment import Segment
from rich.text import Text

# typer parses with a copy of click of its own (typer._click): its exceptions are not click's.
from typer._click.exceptions import ClickException
from typer.core import TyperCommand, TyperGroup

from ..i18n import N_, _, ngettext
from ..plugins import Plugins, default_plugins
from ..shown import json_shown, shown

# A bot's command-line options, the same for every command that starts a bot program.
BotFolder = Annotated[
    Path | None, typer.Option("--cwd", help=N_("The folder the bot runs in (default: here)."))
]
BotTimeLimit = Annotated[
    float, typer.Option("--time-limit", help=N_("Seconds the bot has for a decision."))
]


def fold(text: str, width: int, indent: int | None = None) -> str:
    """``text`` with each line longer than ``width`` folded at spaces, its next lines
    indented ``indent`` columns, or two past its own indent (a word longer than the width
    stays whole)."""
    lines = []
    for line in text.split("\n"):
        if cell_len(line) <= width:
            lines.append(line)
            continue
        own = len(line) - len(line.lstrip(" ")) + 2 if indent is None else indent
        lines.append(
            textwrap.fill(
                line.rstrip(),
                width=width,
                subsequent_indent=" " * min(own, width // 2),
                break_on_hyphens=False,
                # A path or a URL stays whole, to be copied, even past the width.
                break_long_words=False,
                drop_whitespace=True,
            )
        )
    return "\n".join(lines)


def reflow(text: str, width: int) -> str:
    """Paragraphs of ``text`` (Markdown-like: blocks between blank lines, list items
    starting ``1.`` or ``-``) filled again to ``width``, a list item's next lines under its
    words; where every line fits already, the text as written."""
    if all(cell_len(line) <= width for line in text.splitlines()):
        return text
    out: list[str] = []
    item: list[str] = []

    def flush() -> None:
        if item:
            first = item[0]
            marker = re.match(r"\s*(?:\d+\.|[-*])\s+|\s*", first)
            indent = " " * (marker.end() if marker else 0)
            words = " ".join(part.strip() for part in item)
            lead = first[: len(first) - len(first.lstrip())]
            out.append(
                textwrap.fill(
                    words,
                    width=width,
                    initial_indent=lead,
                    subsequent_indent=indent,
                    break_on_hyphens=False,
                )
            )
            item.clear()

    for line in text.splitlines():
        if not line.strip():
            flush()
            out.append("")
        elif re.match(r"\s*(?:\d+\.|[-*])\s", line):
            flush()
            item.append(line)
        else:
            item.append(line)
    flush()
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


class SafeConsole(Console):
    """A rich console that shows the control characters of whatever it prints as escapes
    (new lines and tabs stay). Its own styles and cursor moves are not text, so they work.

    Plain text it prints is folded at its width (:func:`fold`), so that no line runs past
    an 80-column terminal's edge; rich fits its tables itself. ``soft_wrap=True`` prints
    a text as it is (JSON, a file's own lines)."""

    def print(self, *objects: Any, **kwargs: Any) -> None:
        if kwargs.get("soft_wrap") is None and objects and all(isinstance(o, str) for o in objects):
            text = str(kwargs.pop("sep", " ")).join(objects)
            if kwargs.get("markup") is False or "[" not in text:
                objects = (fold(text, self.width),)
                kwargs["soft_wrap"] = True
            else:
                # Markup: rich wraps it at the width once it knows what is text.
                objects = (text,)
                kwargs["soft_wrap"] = False
        super().print(*objects, **kwargs)

    def render_str(self, text: str, **kwargs: Any) -> Text:
        return super().render_str(shown(text, lines=True), **kwargs)

    def _render_buffer(self, buffer: Iterable[Segment]) -> str:
        safe = (
            seg if seg.control else Segment(shown(seg.text, lines=True), seg.style, seg.control)
            for seg in buffer
        )
        return super()._render_buffer(safe)


# Whatever they print shows control characters as escapes: text from bots and plugins is
# shown, never acted on by the terminal.
err = SafeConsole(stderr=True, highlight=False, soft_wrap=True)
out = SafeConsole(highlight=False, soft_wrap=True)


#: Help texts with placeholders, by their English text: the message id and its fields.
_FILLED: dict[str, tuple[str, dict[str, Callable[[], str]]]] = {}


def filled(msgid: str, **fields: Callable[[], str]) -> str:
    """A help text with placeholders (``filled(N_("One of {levels}."), levels=...)``): the
    English text now, for typer, and the message filled in the language in use when shown.
    Each field is a function giving its text, called when the help is shown (so it may
    translate its words too)."""
    text = msgid.format(**{name: field() for name, field in fields.items()})
    _FILLED[text] = (msgid, fields)
    return text


def _translated(obj: Any, attr: str) -> None:
    """Set ``obj.attr`` to its text in the language in use. The English text (the message
    id, marked with N_ where it is written) is kept on the object, so that the help reads
    in whatever language ``--lang`` chose after the commands were defined."""
    key = f"_capicua_{attr}_msgid"
    if not hasattr(obj, key):
        setattr(obj, key, getattr(obj, attr, None))
    msgid = getattr(obj, key)
    if isinstance(msgid, str) and msgid:
        template = _FILLED.get(msgid)
        if template is None:
            setattr(obj, attr, _(msgid))
        else:
            fields = {name: field() for name, field in template[1].items()}
            setattr(obj, attr, _(template[0]).format(**fields))


def _no_type(ctx: Any) -> None:
    return None


class _HelpInLanguage:
    """What capicua's commands and groups add to typer's: the help in the language in use,
    flags shown without a type (typer's rich help prints ``--json <bool>``, although a
    flag takes no value; an empty metavar leaves that column blank), and every value shown
    by one kind of name: its parameter's in capitals (``--seed SEED``, ``CONFIG``), where
    typer would mix ``<int>``, ``<list[str]>``, ``{config}`` and the names given."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)  # type: ignore[misc]  # the typer class's own
        for param in params:
            if param.metavar is None:
                if getattr(param, "is_flag", False):
                    param.metavar = ""
                elif param.name:
                    param.metavar = param.name.upper()
            if param.param_type_name == "argument" and hasattr(param, "display_type_rich"):
                # typer's rich help gives an argument a type column too (CONFIG <path>):
                # the name says what it takes, as an option's does.
                param.display_type_rich = _no_type
            _translated(param, "help")
        return params

    def format_help(self, ctx: Any, formatter: Any) -> None:
        _translated(self, "help")
        for command in getattr(self, "commands", {}).values():
            _translated(command, "help")
            _translated(command, "short_help")
        super().format_help(ctx, formatter)  # type: ignore[misc]  # the typer class's own


class Command(_HelpInLanguage, TyperCommand):
    """The class of every capicua command (``app.command(cls=Command)``)."""


class Group(_HelpInLanguage, TyperGroup):
    """The class of the root app and its command groups (``typer.Typer(cls=Group)``)."""

    def main(  # type: ignore[override]  # - keyword arguments only, passed on as they come
        self, standalone_mode: bool = True, **kwargs: Any
    ) -> Any:
        """As typer's, but a usage error (an unknown command or option, a missing or bad
        value) is one line with click's suggestion, where typer draws a five-line box."""
        if not standalone_mode:
            return super().main(standalone_mode=False, **kwargs)
        try:
            code = super().main(standalone_mode=False, **kwargs)
        except ClickException as exc:
            usage_error(exc)
        except typer.Abort:
            err.print(_("Aborted."), markup=False)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)


def usage_error(exc: ClickException) -> NoReturn:
    """Print click's error ``exc`` as one line, with where to find help, and exit with its
    status (2 for a usage error)."""
    message = exc.format_message()
    ctx = getattr(exc, "ctx", None)
    if ctx is not None:
        # Translators: after a usage error, e.g. "(capicua tournament -h for help)".
        message += " " + _("({command} -h for help)").format(command=ctx.command_path)
    label = escape(_("error:"))
    err.print(f"[bold red]{label}[/] {escape(shown(message))}", markup=True)
    sys.exit(exc.exit_code)


def fail(message: str, code: int = 2, whole: bool = False) -> NoReturn:
    """Print ``message`` as one line on stderr and exit with ``code`` (2: bad input). Its
    control characters, new lines too, are shown as escapes: the message may quote a bot.
    The line is folded at the terminal's width, but ``whole`` where it ends in a command
    to copy (a folded command would not run when pasted)."""
    # The message is plain text: config keys like [seats] must not be read as markup.
    # Translated outside the f-string: Babel's extractor does not look inside f-strings.
    label = escape(_("error:"))
    err.print(
        f"[bold red]{label}[/] {escape(shown(message))}",
        markup=True,
        soft_wrap=True if whole else None,
    )
    raise typer.Exit(code)


def duration_words(seconds: float) -> str:
    """An estimated duration as people say it, rounded: "under a minute", "about 12
    minutes", "about 2 h 05 min"."""
    minutes = round(seconds / 60)
    if minutes < 1:
        return _("under a minute")
    if minutes < 120:
        return ngettext("about {n} minute", "about {n} minutes", minutes).format(n=minutes)
    return _("about {h} h {m:02d} min").format(h=minutes // 60, m=minutes % 60)


def interactive() -> bool:
    """Whether a person at a terminal can be asked (stdin and stderr are terminals)."""
    return sys.stdin.isatty() and sys.stderr.isatty()


def agree_to_programs(found: Mapping[int, str], source: str) -> bool:
    """Show the person exactly what the seats of ``source`` (a record or a save, which are
    data) would run, and ask whether to run it; False when they say no. Exits with one line
    when there is no person at a terminal to ask: a file's programs never start unasked."""
    if not found:
        return False
    if not interactive():
        fail(
            _(
                "--trust-commands asks at the terminal before it runs the programs in "
                "{file}, and there is no terminal here; run the command in one"
            ).format(file=source)
        )
    err.print(_("{file} would start these programs:").format(file=source), markup=False)
    for seat in sorted(found):
        line = _("seat {seat}: {program}").format(seat=seat, program=found[seat])
        err.print(f"  {line}", markup=False)
    return typer.confirm(_("Run them?"), default=False, err=True)


def print_json(data: Any) -> None:
    """``data`` as indented JSON on stdout, for scripts; text from bots and plugins in it is
    shown with its control characters escaped."""
    typer.echo(json_shown(json.dumps(data, indent=2, ensure_ascii=False)))


def print_errors(count: int, listed: list[dict[str, Any]], console: Console | None = None) -> None:
    """The games of a match or a league that ended in an error: how many, that nothing was
    decided from them, and the first five (seat, player, reason), each folded to the
    console's width (a reason quotes a bot, at any length), as the tables are."""
    if not count:
        return
    console = console or out
    _print_folded(
        console,
        # Translators: English says "matches" and "pairs" for 1 too.
        ngettext(
            "errors: {count} matches ended in an error; nothing is decided from them (their "
            "pairs are void)",
            "errors: {count} matches ended in an error; nothing is decided from them (their "
            "pairs are void)",
            count,
        ).format(count=count),
    )
    for e in listed[:5]:
        if e["seat"]:
            who = _("seat {seat} ({player})").format(seat=e["seat"], player=e["player"])
        else:
            who = _("no seat")
        line = _("  match {number}: {who}: {reason}")
        _print_folded(console, line.format(number=e["game"] + 1, who=who, reason=e["reason"]))
    if count > 5:
        _print_folded(console, _("  ... (--json lists up to 20)"))


def _print_folded(console: Console, line: str) -> None:
    """``line`` folded at the console's width, its next lines indented under its words."""
    indent = " " * (len(line) - len(line.lstrip(" ")) + 2)
    folded = textwrap.fill(
        line, width=max(console.width, 40), subsequent_indent=indent, break_on_hyphens=False
    )
    console.print(folded, markup=False, soft_wrap=True)


#: The plugins whose failures were reported (kept here, not as an attribute stuck on them).
_reported: Plugins | None = None


def plugins() -> Plugins:
    """The loaded plugins; failures of third-party plugins are reported once, as warnings."""
    global _reported
    loaded = default_plugins()
    if loaded is not _reported:
        for message in loaded.failures:
            label = escape(_("warning:"))
            err.print(f"[yellow]{label}[/] {escape(shown(message))}", markup=True)
        _reported = loaded
    return loaded


@contextlib.contextmanager
def screen(width: int, height: int) -> Iterator[None]:
    """A display to render a ``width`` x ``height`` window on (``--screenshot``): the one
    in ``DISPLAY``, else a private Xvfb for the block (then ``DISPLAY`` is put back). No
    Xvfb is one line and exit status 2."""
    from ..gui.screenshot import Xvfb

    if os.environ.get("DISPLAY"):
        yield
        return
    server = Xvfb(max(width, 1280), max(height, 1024))
    try:
        os.environ["DISPLAY"] = server.start()
    except RuntimeError as exc:
        fail(_("cannot render a screenshot: {problem}").format(problem=exc))
    try:
        yield
    finally:
        server.stop()
        os.environ.pop("DISPLAY", None)
