"""The language capicua speaks: gettext catalogs for English, German, Ukrainian and Spanish.

Every word meant for people goes through :func:`_` (or :func:`ngettext` where a number
decides the form) at the moment it is shown, so a change of language (``capicua --lang``,
the table's Settings) holds for everything shown after it. A text defined at import time
(a constant, a help string) is marked with :func:`N_`, which only marks it for extraction,
and is translated with :func:`_` where it is used.

The catalogs are ``locale/<lang>/LC_MESSAGES/capicua.po`` in this package; the build
compiles them to ``.mo`` files beside them (setup.py), and ``scripts/i18n`` extracts,
updates and compiles them with Babel (docs/CONTRIBUTING.md, "Translations").

The language is, in order: the one set by :func:`set_language`, else ``CAPICUA_LANG``
(which ``--lang`` sets, so that worker processes speak it too), else the environment as
gettext reads it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``). A language capicua
has no catalog for is English, without an error, where the environment asks for it;
``capicua --lang`` refuses one, so that a mistyped code does not pass unnoticed.
"""

from __future__ import annotations

import contextlib
import difflib
import gettext
import os
from collections.abc import Iterable, Iterator
from pathlib import Path

#: The languages with a catalog, by code, each named in its own language.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "uk": "Українська",
    "es": "Español",
}
SOURCE = "en"
DOMAIN = "capicua"
LOCALE_DIR = Path(__file__).parent / "locale"
#: The variable ``capicua --lang`` sets, read before the rest of the environment.
ENV = "CAPICUA_LANG"
_ENV_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_language = SOURCE
_catalog: gettext.NullTranslations = gettext.NullTranslations()


def normalize(code: str | None) -> str | None:
    """The catalog code for a language or locale name (``de_DE.UTF-8`` is ``de``, ``UK`` is
    ``uk``), or None when capicua has no catalog for it (``C``, ``POSIX``, ``fr``)."""
    if not code:
        return None
    base = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def from_environment(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for: ``CAPICUA_LANG``, then the first of
    ``LANGUAGE`` (a colon-separated list, read in order), ``LC_ALL``, ``LC_MESSAGES`` and
    ``LANG`` that is set, as gettext reads them; English when that one has no catalog."""
    env = os.environ if environ is None else environ
    chosen = normalize(env.get(ENV))
    if chosen:
        return chosen
    for name in _ENV_ORDER:
        value = env.get(name)
        if not value:
            continue
        if name == "LANGUAGE":
            # A list of preferences, as gettext reads it: the first with a catalog wins.
            for part in value.split(":"):
                known = normalize(part)
                if known:
                    return known
            continue
        return normalize(value) or SOURCE
    return SOURCE


def set_language(code: str | None = None) -> str:
    """Speak ``code`` from now on (None: what the environment asks for). Returns the code
    in use, ``en`` for a language without a catalog (never an error). Where the compiled
    catalog is missing (a source tree never built), messages stay English while the rest
    (the rule texts) still follows the language."""
    global _language, _catalog
    chosen = normalize(code) if code is not None else from_environment()
    chosen = chosen or SOURCE
    catalog: gettext.NullTranslations = gettext.NullTranslations()
    if chosen != SOURCE:
        # No .mo (never built): English messages; scripts/i18n compile or a reinstall builds it.
        with contextlib.suppress(OSError):
            catalog = gettext.translation(DOMAIN, LOCALE_DIR, languages=[chosen])
    _language, _catalog = chosen, catalog
    return chosen


def language() -> str:
    """The code of the language in use."""
    return _language


@contextlib.contextmanager
def in_language(code: str) -> Iterator[str]:
    """Speak ``code`` inside the block and the language of before after it: for text meant
    for programs (``--json``), which stays English whatever people read."""
    before = _language
    try:
        yield set_language(code)
    finally:
        set_language(before)


def _(message: str) -> str:
    """``message`` in the language in use."""
    return _catalog.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` that the language uses for ``n`` (Ukrainian has
    three: 1 кісточка, 2 кісточки, 5 кісточок)."""
    return _catalog.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense ``context`` gives it (English "pass" the verb, or the move)."""
    return _catalog.pgettext(context, message)


def name_list(names: Iterable[str]) -> str:
    """``names`` joined by commas, or "none" in the language in use when there are none
    (the keys, variants or players a message offers instead of a wrong one)."""
    # Translators: an empty list of names ("its keys: none").
    return ", ".join(names) or pgettext("no names", "none")


def did_you_mean(name: object, names: Iterable[str]) -> str:
    """``"; did you mean 'chiva'?"`` in the language in use, to end a message about an
    unknown ``name``, when one of ``names`` is close to it; else nothing."""
    if not isinstance(name, str):
        return ""
    close = difflib.get_close_matches(name, list(names), n=1, cutoff=0.6)
    if not close:
        return ""
    return "; " + _("did you mean {name!r}?").format(name=close[0])


def N_(message: str) -> str:
    """Mark ``message`` for the catalog without translating it now (it is translated with
    :func:`_` where it is shown)."""
    return message


set_language()
