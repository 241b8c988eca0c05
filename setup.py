"""The build step pyproject.toml cannot state: compile the translation catalogs.

The ``.po`` files under src/locale are the translators' sources, kept in the repository;
gettext reads compiled ``.mo`` files. Every build (a wheel, or ``pip install -e .``)
compiles each ``.po`` into the ``.mo`` beside it, with Babel (a build requirement), before
the package data is gathered, so an installed capicua always has catalogs as new as its
``.po`` files. ``scripts/i18n compile`` does the same by hand.
"""

from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from setuptools import setup
from setuptools.command.build_py import build_py

LOCALE = Path(__file__).parent / "src" / "locale"


def compile_catalogs(locale: Path = LOCALE) -> list[Path]:
    """Compile every ``<lang>/LC_MESSAGES/*.po`` under ``locale``; the ``.mo`` files."""
    written = []
    for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parts[-3])
        mo = po.with_suffix(".mo")
        with mo.open("wb") as f:
            # Fuzzy entries are a translator's guess, not yet a translation: left out, as
            # msgfmt and pybabel compile do.
            write_mo(f, catalog, use_fuzzy=False)
        written.append(mo)
    return written


class BuildPyWithCatalogs(build_py):
    def run(self):
        compile_catalogs()
        # The package data is listed lazily; drop a list made before the .mo files existed.
        self.__dict__.pop("data_files", None)
        super().run()


setup(cmdclass={"build_py": BuildPyWithCatalogs})
