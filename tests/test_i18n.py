"""The translation catalogs: complete, faithful to their placeholders, compiled, and chosen
as the environment and ``--lang`` say.

The catalogs are read with Babel from the ``.po`` sources in src/locale; the running
program reads the ``.mo`` files the build compiles from them, and the last tests check
that those are as new as their sources.
"""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from capicua import i18n

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "src" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE]


def catalog(code: str) -> Catalog:
    with (LOCALE / code / "LC_MESSAGES" / "capicua.po").open("rb") as f:
        return read_po(f, locale=code)


def fields(text: str) -> set[str]:
    """The str.format fields of ``text`` (``{who}``, ``{rate:.1f}`` is ``rate``)."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def extracted() -> set[str]:
    """Every message id marked in src/ (as scripts/i18n extract finds them)."""
    ids = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(ROOT / "src"), method_map=[("**.py", "python")]
    ):
        ids.add(message if isinstance(message, str) else message[0])
    return ids


@pytest.mark.slow  # extracts every message of src/
@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_of_the_program_is_in_every_catalog(code: str) -> None:
    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog(code) if m.id}
    missing = sorted(extracted() - ids)
    assert not missing, f"{code}: not in the catalog (run scripts/i18n update): {missing[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_has_a_translation(code: str) -> None:
    untranslated = []
    for m in catalog(code):
        if not m.id:
            continue
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.fuzzy or not all(strings):
            untranslated.append(m.id)
    assert not untranslated, f"{code}: {len(untranslated)} untranslated: {untranslated[:5]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_drops_or_adds_a_placeholder(code: str) -> None:
    wrong = []
    for m in catalog(code):
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        expected = set().union(*(fields(i) for i in ids))
        for s in strings:
            got = fields(s)
            # A plural form may leave out the count ("eine Hand"); nothing else may differ.
            allowed = {"n"} if isinstance(m.id, tuple) else set()
            if got - expected or expected - got - allowed:
                wrong.append((m.id, s))
    assert not wrong, f"{code}: placeholders differ: {wrong[:3]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_no_translation_breaks_its_markup(code: str) -> None:
    """Rich markup and the keys named in a message (Ctrl+Z, F1) are kept as they are."""
    tag = re.compile(r"\[/?[a-z ]+\]|Ctrl\+\w|F1")
    wrong = []
    for m in catalog(code):
        if not m.id or isinstance(m.id, tuple):
            continue
        if sorted(tag.findall(m.id)) != sorted(tag.findall(str(m.string))):
            wrong.append((m.id, m.string))
    assert not wrong, f"{code}: {wrong[:3]}"


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.slow  # 4 s at load average 18 (--durations): over 0.5 s alone
def test_the_catalog_compiles(code: str) -> None:
    cat = catalog(code)
    problems = [(m.id, errors) for m, errors in cat.check() if errors]
    assert not problems, problems[:3]
    buffer = io.BytesIO()
    write_mo(buffer, cat)
    assert buffer.getvalue()


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_installed_catalog_is_as_new_as_its_source(code: str) -> None:
    """The .mo the program reads holds every translation of the .po (else: reinstall, or
    run scripts/i18n compile)."""
    i18n.set_language(code)
    assert i18n.language() == code
    for m in catalog(code):
        if m.id and isinstance(m.id, str) and m.string and not m.fuzzy and not m.context:
            assert i18n._(m.id) == m.string, f"{code}: stale .mo (scripts/i18n compile)"


def test_ukrainian_has_three_plural_forms() -> None:
    """1 кісточка, 2 кісточки, 5 кісточок: the form follows the number as Ukrainian does."""
    cat = catalog("uk")
    assert cat.num_plurals == 3
    i18n.set_language("uk")
    plurals = [m for m in cat if isinstance(m.id, tuple) and all(m.string)]
    assert plurals, "the Ukrainian catalog has no plural messages"
    m = plurals[0]
    one, few, many = (i18n.ngettext(m.id[0], m.id[1], n) for n in (1, 2, 5))
    assert (one, few, many) == tuple(m.string)
    assert i18n.ngettext(m.id[0], m.id[1], 21) == one
    assert i18n.ngettext(m.id[0], m.id[1], 12) == many


@pytest.mark.parametrize(("code", "forms"), [("de", 2), ("es", 2), ("uk", 3)])
def test_each_catalog_states_its_plural_rule(code: str, forms: int) -> None:
    assert catalog(code).num_plurals == forms


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({"LANG": "de_DE.UTF-8"}, "de"),
        ({"LC_ALL": "uk_UA.UTF-8", "LANG": "de_DE.UTF-8"}, "uk"),
        ({"LC_MESSAGES": "es_CU.UTF-8", "LANG": "en_US.UTF-8"}, "es"),
        ({"LANGUAGE": "fr:es", "LANG": "de_DE.UTF-8"}, "es"),
        ({"CAPICUA_LANG": "de", "LANG": "uk_UA.UTF-8"}, "de"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LC_ALL": "C"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_follows_the_environment(environ: dict[str, str], expected: str) -> None:
    assert i18n.from_environment(environ) == expected


def test_an_unknown_language_is_english_without_an_error() -> None:
    assert i18n.set_language("xx") == "en"
    assert i18n._("Print the version.") == "Print the version."
    assert i18n.set_language("fr_FR.UTF-8") == "en"


def test_a_language_is_spoken_from_the_moment_it_is_set() -> None:
    de = catalog("de")
    message = next(m for m in de if m.id and isinstance(m.id, str) and m.string)
    i18n.set_language("de")
    assert i18n._(message.id) == message.string
    i18n.set_language("en")
    assert i18n._(message.id) == message.id
