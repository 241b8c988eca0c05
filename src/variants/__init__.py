"""The built-in variant plugins: Chiva and double-nine 100.

Each game's rule text is a data file of this package, ``rules/<name>.md``: what
``capicua rules NAME`` prints and the table's Rules window shows. docs/rules.md holds each
text word for word as that game's section (tests/variants/test_rule_texts.py keeps them
equal). ``rules/<name>.<lang>.md`` is the same text in another language, written from the
English one (the test holds each to its structure and numbers).
"""

from __future__ import annotations

from importlib import resources

from ..i18n import LANGUAGES, SOURCE


def rules_text(name: str) -> str:
    """The rule text of the built-in variant ``name``, from its package data file (without
    the file's final newline)."""
    text = resources.files(__name__).joinpath("rules", f"{name}.md").read_text(encoding="utf-8")
    return text.rstrip("\n")


def rules_translations(name: str) -> dict[str, str]:
    """The rule texts of ``name`` in the languages it has been written in, by code."""
    folder = resources.files(__name__).joinpath("rules")
    found = {}
    for code in LANGUAGES:
        if code == SOURCE:
            continue
        path = folder.joinpath(f"{name}.{code}.md")
        if path.is_file():
            found[code] = path.read_text(encoding="utf-8").rstrip("\n")
    return found
