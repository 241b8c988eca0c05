"""The table in every language: nothing it writes runs past its space, and a language chosen
in Settings shows at once.

The catalogs are filled by translators later, so besides each language as it stands the
layout is also tried with a stretched pseudo-language: every word of every message ~40%
longer (placeholders kept), as long German words are. The checks are made at the default
window size (``capicua play``'s 1180x820), on the felt during play, with a question on
the felt, and in the Settings window.
"""

from __future__ import annotations

import gettext
import math
import re
import tkinter as tk
from tkinter import font as tkfont

import pytest
from table_helpers import PLUGINS, SEATS, settle

from capicua import i18n
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings
from capicua.gui.table import font_family

SIZE = "1180x820"  # capicua play's default window
SLACK = 2  # pixels: Tk's bbox takes in a pixel or so of antialiasing


def stretch(text: str) -> str:
    """``text`` with every word of two letters or more ~40% longer; ``{fields}`` (and their
    format specs) untouched."""
    parts = re.split(r"(\{[^{}]*\})", text)
    out = []
    for part in parts:
        if part.startswith("{") and part.endswith("}"):
            out.append(part)
            continue
        out.append(
            re.sub(
                r"[^\W\d_]{2,}",
                lambda m: m.group(0) + m.group(0).lower()[: math.ceil(len(m.group(0)) * 0.4)],
                part,
            )
        )
    return "".join(out)


class Stretched(gettext.NullTranslations):
    """A catalog that says every message ~40% longer."""

    def gettext(self, message: str) -> str:
        return stretch(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return stretch(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return stretch(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return self.ngettext(msgid1, msgid2, n)


def test_the_stretched_language_keeps_placeholders_and_grows():
    text = "Hand {number} · seed {seed}: {rate:.1f} passed on {numbers}."
    longer = stretch(text)
    assert re.findall(r"\{[^{}]*\}", longer) == re.findall(r"\{[^{}]*\}", text)
    assert longer.format(number=2, seed=5, rate=0.5, numbers="3, 5").startswith("Handha 2")
    assert len(stretch("Überraschung")) >= len("Überraschung") * 1.4 - 1


@pytest.fixture
def stretched(monkeypatch):
    """Every language with a catalog speaks the stretched pseudo-language."""
    monkeypatch.setattr(i18n.gettext, "translation", lambda *_a, **_k: Stretched())


@pytest.fixture
def table(root, tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry(f"{SIZE}+0+0")
    root.update()
    made: list[TableApp] = []

    def make(seed: int = 3) -> TableApp:
        app = TableApp(root, PLUGINS, Settings("chiva", dict(SEATS), seed, 0.0), offer_resume=False)
        made.append(app)
        root.update()
        return app

    yield make
    for app in made:
        app.shutdown()


def played_a_little(app: TableApp) -> None:
    """On to the person's second decision, so the strip, the counts and a move are shown."""
    settle(app, lambda: app.person_view() is not None)
    view = app.person_view()
    app.person_acts(next(a for a in view.legal))
    settle(app, lambda: app.person_view() is not None and app.person_view().line)


def within(box, outer, what: str) -> None:
    x0, _y0, x1, _y1 = box
    assert x0 >= outer[0] - SLACK and x1 <= outer[2] + SLACK, (what, box, outer)


def check_canvas(app: TableApp) -> None:
    """Every text on the canvas stays inside the space it is given."""
    c = app.canvas
    app.redraw()
    app.root.update()
    tl = app.table.layout
    assert tl is not None
    width, height = c.winfo_width(), c.winfo_height()
    for item in c.find_all():
        if c.type(item) != "text":
            continue
        tags = set(c.gettags(item))
        box = c.bbox(item)
        text = c.itemcget(item, "text")
        within(box, (0, 0, width, height), text)
        wrap = float(c.itemcget(item, "width") or 0)
        if wrap > 0:
            # Tk breaks a word that does not fit its width inside the word: none may need to.
            font = tkfont.Font(font=c.itemcget(item, "font"))
            for word in text.split():
                assert font.measure(word) <= wrap + SLACK, (word, wrap, text)
        if "panel" in tags:
            within(box, tuple(tl.score), text)
        elif "button" in tags:
            name = next(t for t in tags if t.startswith("button:"))
            shape = next(i for i in c.find_withtag(name) if c.type(i) == "polygon")
            within(box, c.bbox(shape), text)
        elif "label" in tags:
            seat = int(next(t for t in tags if t.startswith("label:"))[6:])
            pos = next(x.position for x in app.table.scene.seats if x.seat == seat)
            within(box, tuple(tl.seats[pos].rect), text)
        elif {"banner", "choice", "strip", "legend"} & tags:
            within(box, tuple(tl.table), text)
            if "choice" in tags:
                name = next(t for t in tags if t.startswith("choice:"))
                shape = next(i for i in c.find_withtag(name) if c.type(i) == "polygon")
                within(box, c.bbox(shape), text)


def check_widgets(window: tk.Misc) -> None:
    """Every label and button of a window is given at least the width it asks for, and the
    window fits on the screen."""
    window.update()
    assert window.winfo_width() <= window.winfo_screenwidth()
    todo = [window]
    while todo:
        w = todo.pop()
        todo.extend(w.winfo_children())
        if w.winfo_class() in ("TLabel", "TCheckbutton", "Button", "TCombobox", "TButton"):
            if w.winfo_class() == "TLabel" and int(str(w.cget("wraplength") or 0)) > 0:
                continue  # a wrapping label takes what it gets
            assert w.winfo_width() >= w.winfo_reqwidth(), (w.winfo_class(), w.cget("text"))


@pytest.mark.parametrize("pseudo", [False, True], ids=["catalog", "stretched"])
@pytest.mark.parametrize("code", list(i18n.LANGUAGES))
def test_nothing_runs_past_its_space_in_any_language(table, monkeypatch, code, pseudo):
    if pseudo:
        monkeypatch.setattr(i18n.gettext, "translation", lambda *_a, **_k: Stretched())
    app = table()
    app.speak(code)
    played_a_little(app)
    check_canvas(app)
    app.do_new()  # a question on the felt, with its choices
    assert app.ui.question is not None
    check_canvas(app)
    app.do_cancel()
    app.command("settings")
    window = app.windows["settings"]
    check_widgets(window)
    window.apply()  # confirm (a new match) is asked for nothing: nothing changed
    assert "settings" not in app.windows


def test_a_language_chosen_in_settings_shows_at_once_and_is_kept(table, stretched):
    app = table()
    played_a_little(app)
    app.command("rules")
    app.command("log")
    app.command("settings")
    window = app.windows["settings"]
    assert window.language.get() == "English"
    window.language.set(i18n.LANGUAGES["de"])
    window.apply()
    app.root.update()
    assert i18n.language() == "de" and app.settings.language == "de"
    c = app.canvas
    undo = next(i for i in c.find_withtag("button:undo") if c.type(i) == "text")
    assert c.itemcget(undo, "text") == stretch("Undo") != "Undo"
    panel = [c.itemcget(i, "text") for i in c.find_withtag("panel")[1:]]
    assert any(t.startswith(stretch("Hand")) for t in panel), panel
    assert app.windows["log"].title() == stretch("Log")
    assert app.windows["rules"].title().startswith(stretch("Rules:"))
    assert stretch("Keys at the table") in app.windows["rules"].text.get("1.0", "end")
    assert save.read_preferences() == {"language": "de"}
    check_canvas(app)
    # A table opened later speaks the kept language, unless capicua was told one for the
    # run (--lang sets CAPICUA_LANG): that wins.
    i18n.set_language("en")
    later = table()
    assert i18n.language() == "en" and later.settings.language == "de"
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.delenv(i18n.ENV)
    try:
        table()
        assert i18n.language() == "de"
    finally:
        monkeypatch.undo()


def test_the_typeface_has_cyrillic_when_one_is_installed(root):
    import shutil
    import subprocess

    family = font_family(root)
    assert family
    if shutil.which("fc-list") is None:
        pytest.skip("no fontconfig to ask")
    out = subprocess.run(["fc-list", ":lang=uk", "family"], capture_output=True, text=True).stdout
    cyrillic = {n.strip() for line in out.splitlines() for n in line.split(",")}
    if not cyrillic & set(tkfont.families(root)):
        pytest.skip("no typeface with Cyrillic installed (Debian: fonts-dejavu-core)")
    assert family in cyrillic
