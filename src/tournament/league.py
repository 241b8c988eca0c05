"""``capicua league CONFIG``: several players, every pairing in duplicate pairs, ratings.

A league config names the variant and the players (built-ins, plugins, any mix, each a
name or a table with options, as a seat entry is written)::

    variant = "chiva"
    [league]
    players = ["heuristic", { player = "heuristic", noise = 8.0 }, "greedy", "random"]
    format = "round-robin"   # every pairing; "gauntlet": the first against each other
    pairs = 100              # duplicate pairs per pairing
    seed = 1
    workers = 0              # worker processes; 0 = all cores
    time_limit = 5.0         # seconds per decision; absent = 10
    db = "league.sqlite"     # default: CONFIG's name with .sqlite, in the current folder
    records = "league.jsonl"

The games are a job with one lineup per pairing (:mod:`.play`): round ``r`` plays one pair
of every pairing on deal ``r``, so every pairing meets the same deals, a league stopped
halfway is still even, and a larger ``pairs`` extends it.

The figures (:func:`standings`):

- the crosstable: each player's share of the points against each other, over their pairs,
  with a 95% interval from the pairs' variance (:func:`~capicua.tournament.sprt.estimate`);
- ratings with uncertainty from openskill's Plackett-Luce model (Weng and Lin, "A Bayesian
  approximation method for online ranking", JMLR 2011), fed one duplicate pair at a time
  in game order: the pair's winner (more points over its two games) ranks first, a split
  pair is a tie. A pair, not a game, is the unit because its two games share a deal;
  ``tau = 0`` because a bot's strength does not drift between games. Each rating is a
  mean ``mu`` with a standard deviation ``sigma``; the table is ordered by ``mu`` and shows
  ``mu ± 2 sigma``.

openskill rather than TrueSkill: the same Bayesian model family, with uncertainty per
player, under the MIT licence (TrueSkill is patented and trademarked by Microsoft, and its
Python package has had no release since 2018), pure Python without dependencies, typed,
and maintained.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.deals import DealFile
from ..core.options import read_options
from ..i18n import _, name_list
from ..players.command import DEFAULT_TIME_LIMIT
from .config import (
    Clock,
    ConfigError,
    available_cores,
    check_seed,
    check_time_limit,
    check_workers,
    config_path,
    entry_label,
    hello_names,
    in_folder,
    load_deals,
    locate,
    no_variant,
    parse_clock,
    read_toml,
    unknown_variant,
    whole,
)
from .pairs import Errors, PairTally, lineup, noting_errors, pair_games
from .play import Job, kit_identity, kit_job
from .sprt import estimate
from .versus import MAX_PAIRS, check_entry, deals_pairs

TOP_KEYS = ("variant", "variant_options", "league")
LEAGUE_KEYS = (
    "players",
    "format",
    "pairs",
    "seed",
    "workers",
    "time_limit",
    "records",
    "db",
    "clock",
    "deals",
    "log_bots",
)
FORMATS = ("round-robin", "gauntlet")
DEFAULT_PAIRS = 50
MAX_PLAYERS = 64


@dataclass(frozen=True)
class LeagueSettings:
    """A league's resolved settings (the attributes the runner reads of a tournament's)."""

    config: Path
    variant: str
    players: tuple[Any, ...]  # entries as written
    format: str
    pairs: int  # duplicate pairs per pairing
    seed: int | None
    workers: int
    time_limit: float | None
    records: Path | None
    db: Path
    lineups: tuple[dict[int, Any], ...]
    pairings: tuple[tuple[int, int], ...]  # player indices, first in team 1 first
    scheduler: str | None = None
    #: The game's options, from the config's [variant_options].
    variant_options: dict[str, Any] = field(default_factory=dict)
    clock: Clock | None = None  # each seat's clock for a match
    log_bots: Path | None = None  # where the bots' conversations go
    deals: DealFile | None = None  # the deal file played, a round a deal
    names: dict[str, str] = field(default_factory=dict)  # bots by their hellos' names

    @property
    def matches(self) -> int:
        return 2 * len(self.pairings) * self.pairs

    def identity(self) -> dict[str, Any]:
        """What decides the results; ``pairs`` is left out, so a league can be extended."""
        identity: dict[str, Any] = {
            "kind": "league",
            "variant": self.variant,
            "players": list(self.players),
            "format": self.format,
            "seed": self.seed,
            "time_limit": self.time_limit,
        }
        if self.variant_options:  # absent for a game's defaults, as before options existed
            identity["variant_options"] = dict(sorted(self.variant_options.items()))
        return identity | kit_identity(self)

    def job(self) -> Job:
        assert self.seed is not None
        return Job(
            self.variant,
            self.lineups[0],
            self.seed,
            time_limit=self.time_limit,
            lineups=self.lineups,
            variant_options=dict(self.variant_options),
            **kit_job(self),
        )


def pairings(count: int, form: str) -> tuple[tuple[int, int], ...]:
    """Every pair of players (round robin) or the first against each other (gauntlet)."""
    if form == "gauntlet":
        return tuple((0, j) for j in range(1, count))
    return tuple((i, j) for i in range(count) for j in range(i + 1, count))


def resolve_league(
    path: str | Path,
    plugins: Any,
    *,
    pairs: int | None = None,
    seed: int | None = None,
    workers: int | None = None,
    records: Path | None = None,
    db: Path | None = None,
    scheduler: str | None = None,
    clock: str | None = None,
    log_bots: Path | None = None,
    deals: Path | None = None,
    given: Sequence[str] = (),
) -> LeagueSettings:
    """The league's settings: defaults < the config's ``[league]`` < the command line,
    every value checked (ConfigError naming the file and the key); ``given`` are the
    game's options, ``KEY=VALUE``, over the config's [variant_options]."""
    path = locate(path)
    data = read_toml(path)
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise ConfigError(
            _("{path}: unknown key {key!r} (a league config has {keys})").format(
                path=path, key=unknown[0], keys=name_list(TOP_KEYS)
            )
        )
    name = data.get("variant")
    if not isinstance(name, str):
        raise ConfigError(no_variant(path))
    if name not in plugins.variants:
        raise ConfigError(unknown_variant(path, name, plugins))
    options = data.get("variant_options", {})
    if not isinstance(options, dict):
        raise ConfigError(
            _("{path}: {section} must be a table ([{section}])").format(
                path=path, section="variant_options"
            )
        )
    try:
        variant = plugins.variants.create(name, options)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{path}: [variant_options] {exc}") from None
    if given:
        cls = plugins.variants.get(name)
        try:
            options = {**options, **read_options(name, cls.options, given)}
            variant = plugins.variants.create(name, options)
        except ValueError as exc:
            raise ConfigError(str(exc)) from None
    section = data.get("league")
    if not isinstance(section, dict):
        raise ConfigError(_("{path}: no [league] table; it names the players").format(path=path))
    unknown = [k for k in section if k not in LEAGUE_KEYS]
    if unknown:
        raise ConfigError(
            _("{path}: [league] has no key {key!r} (its keys: {keys})").format(
                path=path, key=unknown[0], keys=name_list(LEAGUE_KEYS)
            )
        )

    def pick(key: str, flag: Any, default: Any) -> tuple[Any, str]:
        if flag is not None:
            return flag, f"--{key.replace('_', '-')}"
        if key in section:
            return section[key], f"{path}: [league] {key}"
        return default, key

    entries = section.get("players")
    if not isinstance(entries, list) or len(entries) < 2:
        raise ConfigError(
            _("{path}: [league] players must be a list of at least two players").format(path=path)
        )
    if len(entries) > MAX_PLAYERS:
        raise ConfigError(
            _("{path}: [league] players: at most {most}, not {count}").format(
                path=path, most=MAX_PLAYERS, count=len(entries)
            )
        )
    labels: dict[str, int] = {}
    hellos: dict[str, str] = {}
    for i, entry in enumerate(entries, 1):
        entry = entries[i - 1] = in_folder(entry, path.parent, plugins.players)
        check_entry(entry, f"{path}: [league] players[{i}]", plugins.players, name, hellos)
        label = entry_label(entry)
        if label in labels:
            raise ConfigError(
                _(
                    "{path}: [league] players[{index}] is {player}, already players[{first}]; "
                    "a player plays once (give it other options to enter a second version)"
                ).format(path=path, index=i, player=label, first=labels[label])
            )
        labels[label] = i
    form, where = pick("format", None, "round-robin")
    if form not in FORMATS:
        raise ConfigError(
            _("{where} must be one of {formats}, not {value!r}").format(
                where=where, formats=", ".join(FORMATS), value=form
            )
        )
    count, where = pick("pairs", pairs, DEFAULT_PAIRS)
    whole(count, where, 1, MAX_PAIRS)
    book_path = config_path(deals, section.get("deals"), path, "[league] deals")
    book = None if book_path is None else load_deals(book_path, variant)
    if book is not None:
        asked = pairs if pairs is not None else section.get("pairs")
        count = deals_pairs(book, asked, count, where)
    chosen_seed, where = pick("seed", seed, None)
    check_seed(chosen_seed, where)
    chosen_workers, where = pick("workers", workers, 0)
    check_workers(chosen_workers, where)
    limit, where = pick("time_limit", None, DEFAULT_TIME_LIMIT)
    limit = check_time_limit(limit, where)
    matched = pairings(len(entries), form)
    lineups = tuple(lineup(variant, entries[i], entries[j]) for i, j in matched)
    return LeagueSettings(
        config=path,
        variant=name,
        players=tuple(entries),
        format=form,
        pairs=count,
        seed=chosen_seed,
        workers=chosen_workers or available_cores(),
        time_limit=limit,
        records=config_path(records, section.get("records"), path, "[league] records"),
        db=config_path(db, section.get("db"), path, "[league] db") or Path(f"{path.stem}.sqlite"),
        lineups=lineups,
        pairings=matched,
        scheduler=scheduler,
        variant_options=dict(options),
        clock=parse_clock(*pick("clock", clock, None)),
        log_bots=log_bots or config_path(None, section.get("log_bots"), path, "[league] log_bots"),
        deals=book,
        names=hello_names(entries, hellos),
    )


def standings(
    settings: LeagueSettings,
    rows: Iterable[tuple[int, int, dict, dict | None]],
    teams: Any,
) -> dict[str, Any]:
    """The league's figures from its games in index order (as the store yields them):
    per pairing the pair outcomes and estimate, the crosstable, the ratings."""
    from openskill.models import PlackettLuce

    labels = [entry_label(p, settings.names) for p in settings.players]
    model = PlackettLuce(tau=0.0)
    ratings = [model.rating(name=label) for label in labels]
    tally = PairTally(teams)
    games = 0
    errors = Errors()  # nothing is decided from them
    rows = noting_errors(rows, errors)
    for _index, which, second, points in pair_games(rows, len(settings.pairings), teams):
        games += 1
        outcome = tally.add(which, second, points)
        if outcome is None:
            continue
        i, j = settings.pairings[which]
        ranks = [1.0, 2.0] if outcome > 2 else [2.0, 1.0] if outcome < 2 else [1.0, 1.0]
        [[ratings[i]], [ratings[j]]] = model.rate([[ratings[i]], [ratings[j]]], ranks=ranks)
    pairs_out = []
    cross: list[list[dict[str, Any] | None]] = [[None] * len(labels) for _ in labels]
    totals = [[0, 0, 0, 0, 0] for _ in labels]
    for which, (i, j) in enumerate(settings.pairings):
        counts = tally.counts.get(which, [0, 0, 0, 0, 0])
        e = estimate(counts)
        pairs_out.append(
            {
                "players": [labels[i], labels[j]],
                "pentanomial": counts,
                "void_pairs": tally.void.get(which, 0),
                "estimate": e,
            }
        )
        cross[i][j] = _share(e)
        cross[j][i] = _share(estimate(counts[::-1]))
        for k in range(5):
            totals[i][k] += counts[k]
            totals[j][4 - k] += counts[k]
    table = []
    for k, label in enumerate(labels):
        r = ratings[k]
        table.append(
            {
                "player": label,
                "spec": settings.players[k],
                "mu": r.mu,
                "sigma": r.sigma,
                "interval": [r.mu - 2 * r.sigma, r.mu + 2 * r.sigma],
                "ordinal": r.ordinal(),
                "pairs": sum(totals[k]),
                "score": _share(estimate(totals[k])),
            }
        )
    order = sorted(range(len(labels)), key=lambda k: (-table[k]["mu"], labels[k]))
    return {
        "kind": "league",
        "variant": settings.variant,
        "format": settings.format,
        "seed": settings.seed,
        "players": labels,
        "planned_pairs": settings.pairs,
        "games": games,
        "errors": errors.count,
        "error_list": errors.listed,
        "ratings": [table[k] for k in order],
        "crosstable": {
            "players": [labels[k] for k in order],
            "share": [[cross[a][b] for b in order] for a in order],
        },
        "pairings": pairs_out,
        "rating_model": "openskill PlackettLuce (tau=0), one duplicate pair per update",
        "db": str(settings.db),
        "records": None if settings.records is None else str(settings.records),
    }


def _share(e: dict[str, Any]) -> dict[str, Any] | None:
    if e["score"] is None:
        return None
    return {"share": e["score"], "ci": e["score_ci"], "pairs": e["pairs"]}


def consistent(summary: dict[str, Any]) -> list[str]:
    """Where the rating order contradicts a clear head-to-head result (a share whose 95%
    interval excludes one half): ``"A above B, but B scored 0.62 against A"``; empty when
    the ratings are ordered as the head-to-head results say."""
    names = summary["crosstable"]["players"]
    shares = summary["crosstable"]["share"]
    found = []
    for a in range(len(names)):
        for b in range(a + 1, len(names)):
            cell = shares[b][a]  # the lower-rated against the higher-rated
            if cell is not None and cell["ci"][0] > 0.5 and not math.isclose(cell["share"], 0.5):
                found.append(
                    f"{names[a]} above {names[b]}, but {names[b]} scored "
                    f"{cell['share']:.2f} against {names[a]}"
                )
    return found
