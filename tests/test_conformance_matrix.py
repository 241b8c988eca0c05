"""The conformance matrix: every installed game through every surface.

Each test runs one surface of :func:`capicua.conformance.check_game` on one installed game,
at every seat count the game allows and at its options' extremes, so a failure names the
game, the surface and the configuration. The reference bots of examples/bots play the bot,
tournament and host surfaces; the table is played by taps in a real window.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from capicua.conformance import SURFACES, check_game
from capicua.plugins import load_plugins

PLUGINS = load_plugins()
GAMES = PLUGINS.variants.names()
BOTS = Path(__file__).resolve().parent.parent / "examples" / "bots"
REFERENCE = [[sys.executable, str(BOTS / "python" / "capicua_bot.py")]]
if shutil.which("node"):
    REFERENCE.append(["node", str(BOTS / "js" / "bot.js")])


@pytest.mark.slow
@pytest.mark.parametrize("surface", SURFACES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_on_every_surface(game, surface):
    outcome = check_game(game, plugins=PLUGINS, surfaces=(surface,), bots=REFERENCE)
    if surface in outcome.skipped:
        pytest.skip(outcome.skipped[surface])
    outcome.raise_for_problems()
    assert outcome.checked.get(surface), f"{surface} checked nothing for {game}"
