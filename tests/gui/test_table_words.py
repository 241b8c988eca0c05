"""The table's words in each language, without Tk: every panel button and the Settings
window's own buttons say different words, and the table says its own words (German
Startwert, not the English Seed)."""

from __future__ import annotations

import pytest

from capicua.gui.scene import BUTTONS
from capicua.i18n import _, in_language

LANGUAGES = ("en", "de", "uk", "es")


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_two_buttons_a_person_sees_together_say_the_same_word(code):
    with in_language(code):
        panel = [_(label) for _name, label in BUTTONS]
        assert len(set(panel)) == len(panel), panel
        assert _("Undo") != _("Cancel")  # Settings' Cancel stands beside the panel's Undo


def test_german_says_startwert_at_the_table():
    with in_language("de"):
        for message in ("Seed (empty: fresh)", "Hand {number} · seed {seed}", "Seed {seed}"):
            assert "Seed" not in _(message) and "Startwert" in _(message), message
