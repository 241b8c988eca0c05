"""The command line in other languages: ``--lang``, the environment, the fallback to
English, and the messages and help going through the catalog.

The real catalogs are checked elsewhere once they are translated; here a fake catalog
marks every message it is asked for (``«text»``), so a test sees which texts went
through it without depending on any translation.
"""

from __future__ import annotations

import gettext
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from capicua import i18n
from capicua.cli import app

runner = CliRunner()
VARIANTS = Path(i18n.__file__).parent / "variants" / "rules"


class Marked(gettext.NullTranslations):
    """A catalog that "translates" every message to itself between « and »."""

    def gettext(self, message: str) -> str:
        return f"«{message}»"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"«{msgid1 if n == 1 else msgid2}»"

    def pgettext(self, context: str, message: str) -> str:
        return f"«{message}»"


def mark_catalogs(monkeypatch: pytest.MonkeyPatch) -> list:
    """Make capicua's catalog of any language the marking one; returns the languages
    asked for. (Other domains, typer's and click's own, are left as they are.)"""
    asked: list = []
    original = gettext.translation

    def translation(domain, localedir=None, languages=None, *args, **kwargs):
        if domain != i18n.DOMAIN:
            return original(domain, localedir, languages, *args, **kwargs)
        asked.append(languages)
        return Marked()

    monkeypatch.setattr(i18n.gettext, "translation", translation)
    return asked


def rules_file(name: str) -> str:
    path = VARIANTS / name
    if not path.exists():
        pytest.skip(f"{path.name} is not written yet")
    return path.read_text(encoding="utf-8")


def english_rules(variant: str) -> str:
    return (VARIANTS / f"{variant}.md").read_text(encoding="utf-8")


def capicua(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``capicua ARGS`` in a process of its own, the language left to ``env`` alone."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in (i18n.ENV, "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
    }
    clean.update(env, PYTHONIOENCODING="utf-8")
    return subprocess.run(
        [sys.executable, "-m", "capicua", *args],
        env=clean,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )


def same_text(output: str, text: str) -> bool:
    return output.strip() == text.strip()


def test_lang_de_prints_the_german_rules():
    german = rules_file("chiva.de.md")
    r = runner.invoke(app, ["--lang", "de", "rules", "chiva"])
    assert r.exit_code == 0, r.output
    assert same_text(r.output, german)
    assert not same_text(r.output, english_rules("chiva"))


@pytest.mark.slow
def test_lang_from_the_environment_prints_the_ukrainian_rules():
    ukrainian = rules_file("double-nine-100.uk.md")
    r = capicua("rules", "double-nine-100", LANG="uk_UA.UTF-8")
    assert r.returncode == 0, r.stderr
    assert same_text(r.stdout, ukrainian)


@pytest.mark.parametrize("code", ["xx", "fr", "C"])
def test_an_unknown_lang_is_one_line_naming_the_languages(code: str):
    r = runner.invoke(app, ["--lang", code, "rules", "chiva"])
    assert r.exit_code == 2, r.output
    assert r.stdout == ""
    assert r.stderr.strip() == (
        f"error: --lang {code}: capicua does not speak it; choose one of en, de, uk, es"
    )
    assert i18n.language() == "en"


@pytest.mark.parametrize("code", ["de", "DE", "de_DE.UTF-8", "uk-UA"])
def test_lang_takes_a_language_as_a_locale_names_it(code: str):
    r = runner.invoke(app, ["--lang", code, "rules", "chiva"])
    assert r.exit_code == 0, r.output
    assert i18n.language() == ("de" if code.lower().startswith("de") else "uk")


@pytest.mark.slow
def test_an_unknown_environment_language_is_english():
    r = capicua("rules", "chiva", LANG="fr_FR.UTF-8")
    assert r.returncode == 0, r.stderr
    assert same_text(r.stdout, english_rules("chiva"))
    assert r.stderr == ""


def test_a_bad_config_error_goes_through_the_catalog(tmp_path, monkeypatch):
    config = tmp_path / "bad.toml"
    config.write_text('variant = "chiva"\ncolour = "blue"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "_catalog", Marked())
    r = runner.invoke(app, ["tournament", str(config)])
    assert r.exit_code == 2, r.output
    assert "«error:»" in r.output
    assert f"«{config}: unknown key 'colour' (a config has " in r.output
    assert "Traceback" not in r.output


def test_lang_chooses_the_catalog_of_a_bad_config_error(tmp_path, monkeypatch):
    chosen = mark_catalogs(monkeypatch)
    config = tmp_path / "bad.toml"
    config.write_text('variant = "chiva"\n[seats]\n1 = "expert"\n', encoding="utf-8")
    r = runner.invoke(app, ["--lang", "de", "tournament", str(config)])
    assert r.exit_code == 2, r.output
    assert chosen == [["de"]]
    assert f"«{config}: [seats] has no player for seats 2, 3, 4 (chiva has 4 seats)»" in r.output


def test_lang_translates_the_help(monkeypatch):
    mark_catalogs(monkeypatch)
    r = runner.invoke(app, ["--lang", "de", "tournament", "--help"])
    assert r.exit_code == 0, r.output
    assert "«Play a seeded tournament" in r.output
    assert "«Matches to play.»" in r.output
    assert "«Tournament seed.»" in r.output
    # In English again, the same help reads as before: nothing translated was kept.
    i18n.set_language("en")
    r = runner.invoke(app, ["tournament", "--help"])
    assert "«" not in r.output
    assert "Matches to play." in r.output


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("de", ("Fehler:", "hat keine Spieler für die Plätze 2, 3, 4")),
        ("uk", ("помилка:", "2, 3, 4")),
        ("es", ("error:", "no tiene jugador para los puestos 2, 3, 4")),
    ],
)
def test_a_bad_config_error_reads_in_the_language_chosen(tmp_path, code, words):
    """The real catalogs: one line in the chosen language, exit 2."""
    config = tmp_path / "bad.toml"
    config.write_text('variant = "chiva"\n[seats]\n1 = "expert"\n', encoding="utf-8")
    r = runner.invoke(app, ["--lang", code, "tournament", str(config)])
    assert r.exit_code == 2, r.output
    assert "[seats]" in r.output and "has no player" not in r.output
    for word in words:
        assert word in r.output
    assert len(r.output.strip().splitlines()) == 1
