"""``capicua rules`` and ``capicua plugins``: what a variant's rules are, and what is loaded."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n import N_, SOURCE, _, did_you_mean, in_language, language
from . import completion
from .common import Command, fail, fold, out, plugins, reflow


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
    if not text:
        out.print(_("{title}: this variant ships no rules text.").format(title=cls.title))
        return
    # A plugin's text may be written to any width: its paragraphs filled to the terminal's.
    out.print(reflow(text, out.width), markup=False, soft_wrap=True)


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
    # One entry a plugin, its options under it, "KEY = DEFAULT (VALUES): meaning": a
    # table's narrow columns cut the defaults and ran to 150 lines at 80 columns.
    by_kind = {kind: [r for r in rows if r["kind"] == kind] for kind in ("variant", "player")}
    headings = {
        "variant": _("Variants (options: --option KEY=VALUE, or a config's [variant_options])"),
        "player": _("Players (options in a config: {example})").format(
            example='{player = "expert", samples = 400}'
        ),
    }
    for kind, listed in by_kind.items():
        if kind == "player":
            out.print()
        out.print(headings[kind], markup=False)
        registry = loaded.variants if kind == "variant" else loaded.players
        for r in listed:
            out.print(f"  {r['name']:16} {r['distribution']} {r['version']}".rstrip(), markup=False)
            if r["about"]:
                out.print(fold("    " + _(r["about"]), out.width, indent=4), markup=False)
            for key, opt in getattr(registry.get(r["name"]), "options", {}).items():
                # A plugin's option help is its own text; a built-in marks it with N_.
                meaning = _(opt.help) if opt.help else ""
                line = f"    {key} = {opt.default!r} ({opt.accepts()})"
                line += f": {meaning}" if meaning else ""
                out.print(fold(line, out.width, indent=6), markup=False)
    for name in loaded.disabled:
        out.print(_("disabled: {name}").format(name=name), markup=False)
    for message in loaded.failures:
        out.print(_("skipped: {message}").format(message=message), markup=False)


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
