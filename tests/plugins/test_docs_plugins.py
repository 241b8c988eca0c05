"""docs/plugins.md documents every hook spec in src/hookspecs.py, with its arguments, and
names no hook that does not exist."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from capicua import hookspecs

DOC = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"


def specs() -> dict[str, list[str]]:
    """Each hook spec's name and argument names, read from the specs module itself."""
    found = {}
    for name, func in vars(hookspecs).items():
        if callable(func) and hasattr(func, "capicua_spec"):
            found[name] = list(inspect.signature(func).parameters)
    return found


def sections() -> dict[str, tuple[str, str]]:
    """``### `hook(args)` `` headings of the doc: hook name -> (argument text, body)."""
    text = DOC.read_text(encoding="utf-8")
    parts = re.split(r"^### ", text, flags=re.MULTILINE)[1:]
    out = {}
    for part in parts:
        heading, _, body = part.partition("\n")
        m = re.fullmatch(r"`(capicua_\w+)\(([^)]*)\)`", heading.strip())
        if m:
            out[m.group(1)] = (m.group(2), body.split("\n## ")[0])
    return out


def test_the_specs_module_has_hooks_to_document():
    assert "capicua_register_variants" in specs() and len(specs()) >= 6


@pytest.mark.parametrize("hook", sorted(specs()))
def test_every_hook_spec_is_documented_with_its_arguments(hook):
    documented = sections()
    assert hook in documented, f"docs/plugins.md has no '### `{hook}(...)`' section"
    args, body = documented[hook]
    want = specs()[hook]
    assert [a.strip() for a in args.split(",") if a.strip()] == want, (
        f"the heading of {hook} gives ({args}); the spec takes ({', '.join(want)})"
    )
    for arg in want:
        assert re.search(rf"^- `{arg}`: \S", body, flags=re.MULTILINE), (
            f"{hook}: argument {arg!r} is not described as '- `{arg}`: ...'"
        )


def test_the_doc_names_no_hook_that_does_not_exist():
    assert set(sections()) <= set(specs())
    text = DOC.read_text(encoding="utf-8")
    # Hook-like names in code and prose: every capicua_<verb>... that is not a module name.
    mentioned = set(re.findall(r"\bcapicua_(?:register|match|action|hand)\w*", text))
    typos_shown_on_purpose = {"capicua_register_variant"}  # the Debugging table's example
    assert mentioned - typos_shown_on_purpose <= set(specs())


def section(title: str) -> str:
    text = DOC.read_text(encoding="utf-8")
    return text.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def test_the_player_in_the_guide_runs_as_written_and_passes_the_kit():
    from capicua.testing import check_player
    from capicua.variants.chiva import Chiva
    from capicua.variants.double_nine import DoubleNine100

    code = re.search(r"```python\n(.*?)```", section("Writing a player"), re.S)
    assert code and "import" in code[1]
    namespace: dict = {}
    exec(compile(code[1], "plugins.md", "exec"), namespace)  # every name it uses, imported
    report = check_player(namespace["GreedyPlayer"], [Chiva, DoubleNine100])
    assert report.decisions > 0


def test_the_guides_capicua_plugins_is_what_the_command_prints(monkeypatch):
    from typer.testing import CliRunner

    from capicua.cli import app
    from capicua.commands import common
    from capicua.plugins import load_plugins

    monkeypatch.setattr(common.out, "width", 80)  # the guide's terminal: 80 columns

    if "block" not in load_plugins().variants:
        pytest.skip("the example plugins are not installed (scripts/test installs them)")
    shown = re.search(
        r"```console\n\$ capicua plugins\n(.*?)\n\.\.\.\n```",
        section("A distribution in five minutes"),
        re.S,
    )
    assert shown
    printed = CliRunner().invoke(app, ["plugins"]).output
    real = [line.rstrip() for line in printed.splitlines()]
    documented = shown[1].splitlines()
    assert real[: len(documented)] == documented
