"""``capicua rules`` and ``capicua plugins``: what a variant's rules are, and what is loaded."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..i18n import N_, SOURCE, _, did_you_mean, in_language, language, pgettext
from . import completion
from .common import Command, fail, out, plugins


def rules(
    variant: Annotated[
        str | None,
        typer.Argument(
            autocompletion=completion.variants,
            help=N_("Variant name; all variants if left out."),
        ),
    ] = None,
) -> None:
    """``capicua rules``: see the help given in :func:`register`."""
    registry = plugins().variants
    if variant is None:
        out.print(_("Variants (capicua rules NAME prints one):"))
        for name in registry.names():
            cls = registry.get(name)
            # A built-in's summary is in capicua's catalog; a plugin's is shown as written.
            out.print(f"  {name:18} {_(cls.summary or cls.title)}")
        return
    if variant not in registry:
        fail(
            _("unknown variant {name!r}; available: {names}").format(
                name=variant, names=", ".join(registry.names())
            )
            + did_you_mean(variant, registry.names())
        )
    cls = registry.get(variant)
    text = cls.rules_in(language())
    out.print(
        text or _("{title}: this variant ships no rules text.").format(title=cls.title),
        markup=False,
    )


def plugins_command(
    as_json: Annotated[bool, typer.Option("--json", help=N_("Print JSON for scripts."))] = False,
) -> None:
    """``capicua plugins``: see the help given in :func:`register`."""
    loaded = plugins()
    rows = []
    for kind, registry in (("variant", loaded.variants), ("player", loaded.players)):
        for name in registry.names():
            entry = registry.entries[name]
            about = getattr(entry.cls, "summary", "") or getattr(entry.cls, "description", "")
            row = {
                "kind": kind,
                "name": name,
                "plugin": entry.plugin,
                "distribution": entry.distribution,
                "version": entry.version,
                "about": about,
            }
            row["options"] = {
                key: opt.to_json() for key, opt in getattr(entry.cls, "options", {}).items()
            }
            if kind == "variant":
                # --json is for programs: the goal in English whatever --lang says.
                with in_language(SOURCE):
                    row["goal"] = loaded.variants.create(name).goal_words()
            rows.append(row)
    if as_json:
        import json

        # default=str: a third-party option's default need not be JSON (a path, say).
        out.print_json(
            json.dumps(
                {"plugins": rows, "failures": loaded.failures, "disabled": loaded.disabled},
                default=str,
            )
        )
        return
    table = Table(title="capicua plugins", title_justify="left")
    # Names are what people type: never wrapped. The plugin (entry point) names are in
    # --json and in the skip messages; either name switches a plugin off.
    for col in (_("kind"), _("name"), _("distribution")):
        table.add_column(col, no_wrap=True)
    table.add_column(_("about"), ratio=1)
    kinds = {
        "variant": pgettext("plugin kind", "variant"),
        "player": pgettext("plugin kind", "player"),
    }
    for r in rows:
        # Text, not markup: a plugin's words are its own ("needs the [rl] extra" must show).
        cells = (
            kinds[r["kind"]],
            r["name"],
            f"{r['distribution']} {r['version']}".strip(),
            _(r["about"]) if r["about"] else "",
        )
        table.add_row(*map(Text, cells))
    out.print(table)
    _print_options(
        loaded.players,
        _("player options (in a config: {example})").format(
            example='{player = "expert", samples = 400}'
        ),
        pgettext("column", "player"),
    )
    _print_options(
        loaded.variants,
        _("game options (--option KEY=VALUE, or a config's [variant_options])"),
        pgettext("column", "game"),
    )
    for name in loaded.disabled:
        out.print(_("disabled: {name}").format(name=name), markup=False)
    for message in loaded.failures:
        out.print(_("skipped: {message}").format(message=message), markup=False)


def _print_options(registry, title: str, kind: str) -> None:
    """The options each player (or game) takes, so a bot author sees what a config may set
    and a player what ``--option`` may."""
    options = [
        (name, key, opt)
        for name in registry.names()
        for key, opt in getattr(registry.get(name), "options", {}).items()
    ]
    if not options:
        return
    # Text, not markup: "[variant_options]" is a config's table, not a style.
    table = Table(title=Text(title), title_justify="left")
    # Names are typed: never wrapped. A long default or range folds within its share, so
    # the meaning always keeps room to be read in an 80-column terminal.
    for col in (kind, pgettext("column", "option")):
        table.add_column(col, no_wrap=True)
    table.add_column(pgettext("column", "default"), max_width=12, overflow="fold")
    table.add_column(pgettext("column", "values"), max_width=22)
    table.add_column(pgettext("column", "meaning"), ratio=1, min_width=16)
    for player, key, opt in options:
        # A plugin's option help is its own text; a built-in marks it with N_.
        meaning = _(opt.help) if opt.help else ""
        table.add_row(*map(Text, (player, key, repr(opt.default), opt.accepts(), meaning)))
    out.print(table)


def register(app: typer.Typer) -> None:
    app.command(
        "rules", cls=Command, help=N_("Print the rules of a variant (or list the variants).")
    )(rules)
    app.command(
        "plugins",
        cls=Command,
        help=N_(
            "List the variants and players loaded, and from which distribution.\n\n"
            "Plugins that were skipped are listed with the reason, and those switched off with "
            "CAPICUA_DISABLE_PLUGINS as disabled; ``capicua --no-plugins plugins`` shows the "
            "built-ins alone."
        ),
    )(plugins_command)
