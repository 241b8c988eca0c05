"""``capicua match A B``: one player against another in duplicate pairs, until the
sequential test decides (or for a fixed number of pairs).

The settings name the two players, the variant and the test; the games are those of a
lineup job (:mod:`.play`): pair ``k`` is games ``2k`` and ``2k + 1`` on deal ``k``, A in the
first team of the first game. In a game of more than two sides A and B take the teams (or
the seats) alternately, and each deal is played in one pair per rotation of that seating
(:func:`~.pairs.arrangements`), so each sits in every seat of every deal: one lineup per
rotation. :class:`Sequential` follows the games in index order as
they reach the database and stops the run at the first pair after which the test decides,
so the decision, the number of pairs and the records are the same on any number of workers
and on dask: games that finished beyond that pair stay in the database but count nowhere.
A resumed match finds its decision the same way, from the database.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.deals import DealFile
from ..i18n import _, did_you_mean
from ..players.command import DEFAULT_TIME_LIMIT, with_folder
from .config import (
    MAX_NESTING,
    Clock,
    ConfigError,
    available_cores,
    check_bot,
    check_confinement,
    check_seed,
    check_time_limit,
    check_workers,
    entry_label,
    hello_names,
    load_deals,
    nested_deeper,
    parse_clock,
    unrecordable,
    whole,
)
from .pairs import (
    Errors,
    PairTally,
    arrangements,
    noting_errors,
    pair_games,
    seated,
    sides,
)
from .play import Job, kit_identity, kit_job
from .sprt import Sprt, estimate
from .store import Store

DEFAULT_PAIRS = 100  # a fixed-length match, without --sprt
DEFAULT_MAX_PAIRS = 20_000  # the most a sequential test plays before it gives up
MAX_PAIRS = 10**12


@dataclass(frozen=True)
class MatchSettings:
    """A match's resolved settings (the same attributes the runner reads of a tournament's)."""

    variant: str
    players: tuple[Any, Any]  # the entries as given: a name or a table with options
    seed: int | None
    pairs: int  # to play, or with a test the most to play
    sprt: Sprt | None
    workers: int
    time_limit: float | None
    records: Path | None
    db: Path
    seats: dict[int, Any]  # the lineup: A in the first team, B in the second
    scheduler: str | None = None
    clock: Clock | None = None  # each seat's clock for a match (--clock)
    log_bots: Path | None = None  # where the bots' conversations go (--log-bots)
    deals: DealFile | None = None  # the deal file played, a pair a deal (--deals)
    names: dict[str, str] = field(default_factory=dict)  # bots by their hellos' names
    #: The game's options (--option): a seat count, a goal.
    variant_options: dict[str, Any] = field(default_factory=dict)
    #: A's seats in the first game of each pair of a deal (:func:`~.pairs.arrangements`):
    #: one for a game of two teams, A in the first.
    arranged: tuple[tuple[int, ...], ...] = ()
    #: The game's teams, with these options.
    teams: tuple[tuple[int, ...], ...] = ()

    @property
    def matches(self) -> int:
        return 2 * self.pairs

    def held(self) -> Callable[[int], frozenset[int]] | None:
        """The teams A holds in game ``index`` (for :func:`~.pairs.pair_games`), where the
        game has more than two sides; ``None`` for two, A in the first team and then the
        second."""
        if len(self.teams) <= 2:
            return None
        return lambda index: sides(self.teams, self.arranged, index)

    def identity(self) -> dict[str, Any]:
        """What decides the results; the number of pairs is left out, so a match that
        reached its maximum undecided can be extended."""
        identity: dict[str, Any] = {
            "kind": "match",
            "variant": self.variant,
            "players": list(self.players),
            "seed": self.seed,
            "time_limit": self.time_limit,
            "sprt": None if self.sprt is None else self.sprt.as_dict(),
        } | kit_identity(self)
        if self.variant_options:  # absent for a game's defaults, as before options existed
            identity["variant_options"] = dict(sorted(self.variant_options.items()))
        return identity

    def lineups(self) -> tuple[dict[int, Any], ...]:
        """The seat entries of each pair's first game, one per arrangement."""
        a, b = self.players
        lineups = tuple(seated(len(self.seats), seats, a, b) for seats in self.arranged)
        return lineups or (self.seats,)

    def job(self) -> Job:
        assert self.seed is not None
        return Job(
            self.variant,
            self.seats,
            self.seed,
            time_limit=self.time_limit,
            lineups=self.lineups(),
            variant_options=dict(self.variant_options),
            **kit_job(self),
        )


def parse_player(text: str) -> Any:
    """A player on the command line: ``expert`` or ``expert:samples=200,level=fast``, or a
    seat table as TOML writes it: ``{player = "command", argv = ["node", "bot.js"]}``.

    Values are read as TOML values (``200`` a number, ``true`` a flag, ``0.5`` a float);
    a bare word is text. Returns the seat entry a config would hold.
    """
    import tomllib

    if text.lstrip().startswith("{"):  # a seat table, as a config writes it
        try:
            table = tomllib.loads(f"v = {text.strip()}")["v"]
            if nested_deeper(table, MAX_NESTING):
                raise RecursionError
            return table
        except (tomllib.TOMLDecodeError, RecursionError) as exc:
            problem = exc if isinstance(exc, tomllib.TOMLDecodeError) else _("nested too deep")
            raise ConfigError(
                _("player {text!r}: not a TOML inline table ({problem})").format(
                    text=text, problem=problem
                )
            ) from None
    name, sep, rest = text.partition(":")
    name = name.strip()
    if not sep:
        return name
    spec: dict[str, Any] = {"player": name}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, raw = part.partition("=")
        key, raw = key.strip(), raw.strip()
        if not eq or not key:
            raise ConfigError(
                _(
                    "player {text!r}: options are key=value separated by commas "
                    "(e.g. {example}), not {part!r}"
                ).format(text=text, example="expert:samples=200,level=fast", part=part)
            )
        try:
            value = tomllib.loads(f"v = {raw}")["v"]
        except (tomllib.TOMLDecodeError, RecursionError):
            value = raw
        spec[key] = value
    return spec


def resolve_match(
    first: str,
    second: str,
    variant: str | None,
    plugins: Any,
    *,
    sprt: str | None = None,
    pairs: int | None = None,
    seed: int | None = None,
    workers: int | None = None,
    time_limit: float | None = None,
    records: Path | None = None,
    db: Path | None = None,
    scheduler: str | None = None,
    clock: str | None = None,
    log_bots: Path | None = None,
    deals: Path | None = None,
    options: Mapping[str, Any] | None = None,
) -> MatchSettings:
    """The settings of ``capicua match``, every value checked (ConfigError, one line);
    ``options`` are the game's (each checked by its option already)."""
    if variant is None:
        raise ConfigError(
            _("--variant is needed: the game to play ({names})").format(
                names=", ".join(plugins.variants.names())
            )
        )
    if variant not in plugins.variants:
        raise ConfigError(
            _("unknown variant {name!r}; available: {names}").format(
                name=variant, names=", ".join(plugins.variants.names())
            )
            + did_you_mean(variant, plugins.variants.names())
        )
    from ..core.errors import PluginError

    try:
        v = plugins.variants.create(variant, options)
    except (ValueError, PluginError) as exc:
        raise ConfigError(f"--option: {exc}") from None
    arranged = arrangements(v)
    here = Path.cwd()
    entries = (with_folder(parse_player(first), here), with_folder(parse_player(second), here))
    hellos: dict[str, str] = {}
    for label, entry in zip(("A", "B"), entries, strict=True):
        where = _("player {label}").format(label=label)
        check_entry(entry, where, plugins.players, variant, hellos)
    test = None if sprt is None else Sprt.parse(sprt)
    count = pairs if pairs is not None else DEFAULT_MAX_PAIRS if test else DEFAULT_PAIRS
    if pairs is None:  # whole deals: every arrangement of the last one played too
        count = -(-count // len(arranged)) * len(arranged)
    whole(count, "--pairs", 1, MAX_PAIRS)
    book = None if deals is None else load_deals(deals, v)
    if book is not None:
        count = deals_pairs(book, pairs, count, "--pairs")
        if pairs is None:  # every deal with A and B in every arrangement of the seats
            count *= len(arranged)
    check_seed(seed, "--seed")
    chosen = workers if workers is not None else 0
    check_workers(chosen, "--workers")
    seats = seated(v.seats, arranged[0], entries[0], entries[1])
    name = "-".join(_slug(entry_label(e)) for e in entries)
    return MatchSettings(
        variant=variant,
        players=entries,
        seed=seed,
        pairs=count,
        sprt=test,
        workers=chosen or available_cores(),
        time_limit=check_time_limit(
            DEFAULT_TIME_LIMIT if time_limit is None else time_limit, "--time-limit"
        ),
        records=records,
        db=db or Path(f"match-{variant}{_options_slug(options or {})}-{name}.sqlite"),
        seats=seats,
        scheduler=scheduler,
        clock=parse_clock(clock, "--clock"),
        log_bots=log_bots,
        deals=book,
        names=hello_names(entries, hellos),
        variant_options=dict(options or {}),
        arranged=arranged,
        teams=v.teams,
    )


def deals_pairs(book: DealFile, given: int | None, count: int, where: str) -> int:
    """The pairs to play on a deal file's deals, one pair a deal: all of them unless
    ``given`` says fewer; ConfigError when it says more."""
    if given is None:
        return len(book)
    if count > len(book):
        raise ConfigError(
            _("{where}: {pairs:,} pairs, but {file} holds {deals:,} deals (a pair a deal)").format(
                where=where, pairs=count, file=book.path, deals=len(book)
            )
        )
    return count


def check_entry(
    entry: Any,
    where: str,
    players: Any,
    variant: str | None = None,
    hellos: dict[str, str] | None = None,
) -> None:
    """ConfigError unless ``entry`` names a computer player with valid options (a bot
    program is started once to check its hello, when ``variant`` is given)."""
    from ..core.errors import PluginError

    try:
        name, _options = players.parse_spec(entry)
    except (PluginError, ValueError, TypeError) as exc:
        raise ConfigError(f"{where}: {exc}") from None
    if getattr(players.get(name), "interactive", False):
        raise ConfigError(
            _("{where}: {name!r} is a person at the table; a match needs bots").format(
                where=where, name=name
            )
        )
    problem = unrecordable(entry)
    if problem:
        raise ConfigError(f"{where}: {problem}")
    check_confinement(entry, players, where)
    if variant is not None:
        check_bot(entry, variant, players, where, hellos=hellos)


def _options_slug(options: Mapping[str, Any]) -> str:
    """The game's options in a file name: ``-seats5`` (empty at the defaults)."""
    return "".join(f"-{_slug(f'{key}{value}')}" for key, value in sorted(options.items()))


def patterns(settings: MatchSettings) -> list[str]:
    """Each pair's first game of a deal, seat by seat: ``ABA``, ``AAB``, ``BAA``."""
    count = len(settings.seats)
    return [
        "".join("A" if s in seats else "B" for s in range(1, count + 1))
        for seats in settings.arranged
    ]


def _slug(label: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in label).strip("_")


class Sequential:
    """The match's state as its games arrive in order: pair outcomes, the test, the end.

    ``watch`` is the runner's in-order hook; ``on_pair(state)`` hears of every finished pair.
    """

    def __init__(
        self,
        settings: MatchSettings,
        store: Store,
        teams: Any,
        on_pair: Callable[[Sequential], None] | None = None,
    ) -> None:
        self.settings = settings
        self.store = store
        self.teams = teams
        self.tally = PairTally(teams)
        self.on_pair = on_pair
        self.llr = 0.0
        self.decision: str | None = None
        self.end: int | None = None  # the index after the last game that counts
        self.games = 0
        self.errors = Errors()  # the games that ended in an error: nothing decided from them

    @property
    def counts(self) -> list[int]:
        return self.tally.counts.get(0, [0, 0, 0, 0, 0])

    @property
    def pairs(self) -> int:
        return sum(self.counts)

    @property
    def void(self) -> int:
        return self.tally.void.get(0, 0)

    def watch(self, start: int, stop: int) -> int | None:
        if self.end is not None:
            return self.end
        rows = noting_errors(self.store.facts(stop, start), self.errors)
        sprt = self.settings.sprt
        held = self.settings.held()
        for index, _which, second, points in pair_games(rows, 1, self.teams, held):
            self.games = index + 1
            if self.tally.add(0, second, points) is None and not second:
                continue
            if sprt is not None and self.pairs:
                self.llr = sprt.llr(self.counts)
                self.decision = sprt.decide(self.llr)
            if self.on_pair is not None:
                self.on_pair(self)
            if self.decision is not None:
                self.end = index + 1
                return self.end
        return None

    def summary(self) -> dict[str, Any]:
        """The match's figures as plain data (the ``--json`` output)."""
        s = self.settings
        out: dict[str, Any] = {
            "kind": "match",
            "variant": s.variant,
            "players": [entry_label(p, s.names) for p in s.players],
            "specs": list(s.players),
            "seed": s.seed,
            "pairs": self.pairs,
            "games": self.games,
            "void_pairs": self.void,
            "errors": self.errors.count,
            "error_list": self.errors.listed,
            "pentanomial": self.counts,
            "estimate": estimate(self.counts),
            "db": str(s.db),
            "records": None if s.records is None else str(s.records),
        }
        if s.variant_options:
            out["variant_options"] = dict(sorted(s.variant_options.items()))
        if len(s.teams) > 2:  # how A and B share the seats of a game of more sides
            out["seating"] = patterns(s)
        if s.sprt is not None:
            lower, upper = s.sprt.bounds()
            out["sprt"] = {
                **s.sprt.as_dict(),
                "llr": self.llr,
                "lower": lower,
                "upper": upper,
                "decision": self.decision,
            }
        return out


def evaluate(settings: MatchSettings, store: Store, teams: Any) -> Sequential:
    """The match's state from what the database holds, as far as the games are in order."""
    state = Sequential(settings, store, teams)
    done = store.done()
    stop = 0
    while stop in done and stop < settings.matches:
        stop += 1
    if stop:
        state.watch(0, stop)
    return state


def finished(teams: Any) -> Callable[[Any, Store], bool]:
    """Whether a stored match is over: decided, or every pair it may play played."""

    def over(settings: Any, store: Store) -> bool:
        state = evaluate(settings, store, teams)
        return state.decision is not None or state.games >= settings.matches

    return over
