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
