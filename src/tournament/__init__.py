"""Seeded bot tournaments: configs, parallel and distributed play, resumable storage, figures.

- :mod:`.config` reads the TOML configs (shared with ``capicua play``) and resolves a
  tournament's settings, defaults < TOML < command line;
- :mod:`.play` plays one game from plain data (the job and the game's index), with the
  per-decision time limit, wherever it runs;
- :mod:`.backends` runs games on local worker processes or a dask.distributed cluster;
- :mod:`.store` keeps every finished game in SQLite as it finishes;
- :mod:`.runner` ties them together: what is left to play, the records file in order;
- :mod:`.stats` computes the summary with 95% intervals.

``capicua tournament`` (:mod:`capicua.commands.tournament`) is the command on top.
"""

from __future__ import annotations

from .config import ConfigError, Overrides, Settings, TableConfig, load_config, resolve
from .play import Job, play_game
from .runner import open_tournament, run
from .stats import summarize, wilson

__all__ = [
    "ConfigError",
    "Job",
    "Overrides",
    "Settings",
    "TableConfig",
    "load_config",
    "open_tournament",
    "play_game",
    "resolve",
    "run",
    "summarize",
    "wilson",
]
