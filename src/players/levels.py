"""The expert's levels: one budget of simulated work per decision for every game.

Both of the expert's searches, the block game's (:func:`capicua.players.expert.analyse`)
and the one for games with rules of their own
(:func:`capicua.players.general.analyse_rules`), spend the same budget, counted in units of
about a tile played out by the block game's simulator; each search charges what its parts
cost in those units (measured, docs/players.md, Levels), so a decision takes about the same
time in every game and at every seat count, and its answer is reproducible from the seed.
"""

from __future__ import annotations

#: Per level: (work budget in units per decision, most samples). One unit is about 1.5
#: microseconds on this project's 2-core machine, where ``normal``, the default, answers
#: in under 0.1 s at the 99th percentile in the built-in games (docs/players.md, Levels).
LEVELS = {
    "fast": (10_000, 150),
    "normal": (40_000, 500),
    "strong": (160_000, 2000),
}
