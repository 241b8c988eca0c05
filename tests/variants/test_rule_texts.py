"""The rule texts the package ships and the rule book in docs/rules.md say the same.

Each built-in game's text (``src/variants/rules/<name>.md``, what ``capicua rules`` prints
and the table's Rules window shows) must be, word for word, the section of docs/rules.md
headed by the game's title, so the two cannot drift apart.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from capicua.cli import app
from capicua.variants import rules_text
from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100

BOOK = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
GAMES = [Chiva, DoubleNine100]


def section(title: str, text: str | None = None) -> str:
    """The body of the ``## title`` section of docs/rules.md (or of ``text``), up to the
    next heading."""
    text = BOOK.read_text(encoding="utf-8") if text is None else text
    found = re.search(rf"^## {re.escape(title)}\n\n(.*?)\n\n(?=## )", text, re.M | re.S)
    assert found, f"docs/rules.md has no section '## {title}'"
    return found.group(1)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_rule_book_holds_each_packaged_text_word_for_word(game):
    assert section(game.title) == rules_text(game.name)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_variant_shows_its_packaged_text(game):
    assert game.rules == rules_text(game.name)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_the_texts_fit_an_80_column_terminal(game):
    assert max(len(line) for line in rules_text(game.name).splitlines()) <= 78


def test_capicua_rules_prints_the_packaged_text():
    from typer.testing import CliRunner

    r = CliRunner().invoke(app, ["rules", "chiva"])
    assert r.exit_code == 0, r.output
    assert r.output == rules_text("chiva") + "\n"


def test_a_rule_book_that_drifts_is_caught():
    changed = BOOK.read_text(encoding="utf-8").replace("four wins to none", "five wins to none")
    assert section("Chiva", changed) != rules_text("chiva")
    assert section("Double-nine 100", changed) == rules_text("double-nine-100")


# The translations: each language's text says the same rules as the English one. A reader
# checks the words; these tests hold the structure and every number to the English text.

LANGUAGES = ["de", "uk", "es"]


def paragraphs(text: str) -> list[str]:
    return [p for p in text.split("\n\n") if p.strip()]


def numbers(text: str) -> list[str]:
    """Every number written in digits (a score may be 4–0 in one language, 4:0 in another)."""
    return re.findall(r"\d+", text)


def items(text: str) -> list[str]:
    """The list markers at the start of lines: ``1.`` for numbered items, ``-`` for bullets."""
    return re.findall(r"^(\d+\.|-) ", text, re.M)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_each_game_has_its_rules_in_each_language(game, code):
    assert code in game.rules_translated
    assert game.rules_in(code) != game.rules


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_translation_keeps_the_paragraphs_and_items_of_the_english_text(game, code):
    english, translated = game.rules, game.rules_in(code)
    assert len(paragraphs(translated)) == len(paragraphs(english))
    for ours, theirs in zip(paragraphs(english), paragraphs(translated), strict=True):
        assert items(theirs) == items(ours), theirs


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_translation_keeps_every_number_of_the_english_text(game, code):
    """Paragraph by paragraph, the same numbers (a number written as a word in one
    language and as a digit in the other is caught here too)."""
    for ours, theirs in zip(paragraphs(game.rules), paragraphs(game.rules_in(code)), strict=True):
        assert sorted(numbers(theirs)) == sorted(numbers(ours)), theirs


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_a_translation_fits_an_80_column_terminal(game, code):
    assert max(len(line) for line in game.rules_in(code).splitlines()) <= 78


def test_a_language_without_a_translation_reads_the_english_rules():
    assert Chiva.rules_in("fr") == Chiva.rules
    assert Chiva.rules_in("en") == Chiva.rules
