"""Table configs: the TOML files that choose a variant and the player in each seat.

One schema serves tournaments (``capicua tournament CONFIG``) and human play (``capicua play
CONFIG``)::

    variant = "chiva"
    [seats]
    1 = "expert"
    3 = { player = "expert", samples = 200 }
    ...
    [tournament]          # read by the tournament runner
    matches = 1000
    seed = 42
    [table]               # read by the GUI; passed through untouched here

:func:`load_config` reads and checks the shared part (variant, seats); :func:`resolve` is the
one place where a tournament's settings are merged, defaults < TOML < command line. Every
problem is a :class:`ConfigError` whose message is one line naming the file and the key.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

if sys.version_info >= (3, 11):  # noqa: UP036 - tomli is the declared fallback (pyproject)
    import tomllib
else:  # pragma: no cover - installs below 3.11 read TOML with tomli, the same API
    import tomli as tomllib

from ..core.deals import DealFile, DealsError
from ..core.deals import read as read_deals
from ..core.errors import CapicuaError, PluginError
from ..i18n import _, did_you_mean, name_list, ngettext
from ..players.command import DEFAULT_TIME_LIMIT, isolated, preflight, with_folder
from ..protocol.limits import Confinement, Limits, limits_problem, untrusted_problem
from ..registries import MAX_NAME, SEAT_KEYS
from ..shown import shown

if TYPE_CHECKING:
    from ..core.variant import Variant
    from ..registries import PlayerRegistry

TOP_KEYS = ("variant", "variant_options", "seats", "tournament", "table")
TOURNAMENT_KEYS = (
    "matches",
    "seed",
    "workers",
    "swap_teams",
    "time_limit",
    "records",
    "db",
    "limits",
    "untrusted",
    "clock",
    "deals",
    "log_bots",
)
DEFAULT_MATCHES = 100
#: A game index and its seeds are SQLite integers; far beyond any run, and still exact.
MAX_MATCHES = 10**15
#: Worker processes per core at most: each is a process with its own plugins loaded, and
#: more than a few per core only slows every game down (players that wait on a network
#: are the reason to allow more than one).
WORKERS_PER_CORE = 4


class ConfigError(CapicuaError):
    """A config file or a command-line value that cannot be used; the message says why."""


@dataclass(frozen=True)
class TableConfig:
    """The checked shared part of a config: the variant and each seat's player entry."""

    path: Path
    variant: str
    seats: dict[int, Any]  # seat -> entry as written: a name or a table with its options
    tournament: dict[str, Any] = field(default_factory=dict)  # [tournament], unchecked here
    table: dict[str, Any] = field(default_factory=dict)  # [table], for the GUI
    #: [variant_options]: the game's options (a seat count, a goal), checked by the variant.
    variant_options: dict[str, Any] = field(default_factory=dict)
    #: [tournament] limits and untrusted: how every process player is confined.
    confinement: Confinement = field(default_factory=Confinement)
    #: The name each bot program's hello gave, by its entry (:func:`spec_key`).
    hellos: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Settings:
    """A tournament's resolved settings (see :func:`resolve`)."""

    config: Path
    variant: str
    seats: dict[int, Any]
    matches: int
    seed: int | None  # None: a fresh seed is drawn (or the stored one is used on --resume)
    workers: int
    swap_teams: bool
    time_limit: float | None
    records: Path | None
    db: Path
    scheduler: str | None = None
    # Neither the config nor a flag set time_limit: a database whose tournament was played
    # without one (as tournaments were before every seat had a default) resumes without one.
    time_limit_defaulted: bool = False
    #: The game's options, from the config's [variant_options].
    variant_options: dict[str, Any] = field(default_factory=dict)
    #: How every process player is confined (limits, sandbox, the files it must not see).
    confinement: Confinement = field(default_factory=Confinement)
    #: Each seat's clock for a whole match (``clock = "60+0.5"``), or ``None``.
    clock: Clock | None = None
    #: The folder every bot's conversation is logged to (``--log-bots``), or ``None``.
    log_bots: Path | None = None
    #: The deal file whose deals are played, in order (``deals = "FILE"``), or ``None``.
    deals: DealFile | None = None
    #: The name each bot program is shown by (:func:`hello_names`), by its entry.
    names: dict[str, str] = field(default_factory=dict)

    def identity(self) -> dict[str, Any]:
        """What decides the tournament's results: a resumed run must match it exactly.

        ``matches`` is left out on purpose: a match's seed depends only on the tournament
        seed and its index, so a finished tournament can be extended with more matches.
        """
        identity = {
            "variant": self.variant,
            "seats": {str(s): spec for s, spec in sorted(self.seats.items())},
            "seed": self.seed,
            "swap_teams": self.swap_teams,
            "time_limit": self.time_limit,
        }
        if self.variant_options:  # absent for a game's defaults, as before options existed
            identity["variant_options"] = dict(sorted(self.variant_options.items()))
        from .play import kit_identity  # here: play.py imports this module

        identity.update(kit_identity(self))  # a clock, a deal file: absent without them
        return identity

    def job(self) -> Any:
        """What every game shares, for the workers (:class:`~capicua.tournament.play.Job`)."""
        from .play import Job

        return Job.from_settings(self)


@dataclass(frozen=True)
class Overrides:
    """Values given on the command line; ``None`` means not given."""

    matches: int | None = None
    seed: int | None = None
    workers: int | None = None
    records: Path | None = None
    db: Path | None = None
    scheduler: str | None = None
    clock: str | None = None
    log_bots: Path | None = None
    deals: Path | None = None
    #: The game's options, ``KEY=VALUE`` (--option): over the config's [variant_options].
    options: tuple[str, ...] = ()


def shipped_configs() -> dict[str, Path]:
    """The example configs that ship with capicua (``capicua.configs``), by name: the file
    name without ``.toml``, e.g. ``chiva-bots``."""
    folder = resources.files("capicua.configs")
    # A real folder: setuptools installs the package's data as files, never zipped.
    return {
        entry.name.removesuffix(".toml"): Path(str(entry))
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.endswith(".toml")
    }


def locate(path: str | Path) -> Path:
    """``path``, or the shipped example it names when there is no such file.

    ``chiva-bots``, ``chiva-bots.toml`` and ``configs/chiva-bots.toml`` all find the shipped
    example when the current folder has no such file, so the README's commands work after a
    plain ``pip install`` as they do in a checkout.
    """
    path = Path(path)
    if path.exists() or path.parent not in (Path(), Path("configs")):
        return path
    return shipped_configs().get(path.name.removesuffix(".toml"), path)


#: The largest config read (a config is a few KiB; a larger file is not one).
MAX_CONFIG_SIZE = 1 << 20


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML document at ``path``; ConfigError with the line for bad TOML."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_CONFIG_SIZE + 1)
        if len(raw) > MAX_CONFIG_SIZE:
            raise ConfigError(
                _("{path}: larger than {most} MiB; no config needs that").format(
                    path=path, most=MAX_CONFIG_SIZE >> 20
                )
            )
    except FileNotFoundError:
        shipped = shipped_configs() if path.parent in (Path(), Path("configs")) else {}
        raise ConfigError(
            _(
                "{path}: no such config file (capicua configs lists the examples that ship "
                "with capicua)"
            ).format(path=path)
            + did_you_mean(path.name.removesuffix(".toml"), shipped)
        ) from None
    except OSError as exc:
        raise ConfigError(
            _("{path}: cannot read it ({problem})").format(path=path, problem=exc.strerror)
        ) from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(_("{path}: not a text file (TOML is UTF-8)").format(path=path)) from None
    except tomllib.TOMLDecodeError as exc:
        # tomllib's message already ends with "(at line L, column C)"; it stays English.
        raise ConfigError(
            _("{path}: not valid TOML: {problem}").format(path=path, problem=exc)
        ) from None
    except RecursionError:  # arrays or tables nested thousands deep
        data = None
    except ValueError:  # an integer over Python's 4,300 digits
        raise ConfigError(
            _("{path}: holds a number of more than 4,300 digits; no config needs that").format(
                path=path
            )
        ) from None
    if data is None or nested_deeper(data, MAX_NESTING):
        raise ConfigError(
            _("{path}: its values are nested more than {most} deep; no config needs that").format(
                path=path, most=MAX_NESTING
            )
        )
    where = holding_nul(data)
    if where is not None:
        raise ConfigError(
            _(
                "{path}: {key} holds a NUL character (\\u0000), which no file name, program "
                "or argument can hold; remove it"
            ).format(path=path, key=where)
        )
    return data


def holding_nul(value: Any, where: str = "") -> str | None:
    """The key (``[seats] 2.argv``) of the first text in ``value`` holding a NUL, or
    ``None``; a NUL ends text for the system, so no path or argument may hold one."""
    stack: list[tuple[Any, str]] = [(value, where)]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str):
            if "\0" in item:
                return at or "?"
        elif isinstance(item, dict):
            for key, child in item.items():
                stack.append((child, f"{at}.{key}" if at else str(key)))
                if "\0" in str(key):
                    return at or str(key)
        elif isinstance(item, list):
            stack.extend((child, f"{at}[{i}]") for i, child in enumerate(item))
    return None


#: How deep a config's arrays and tables may nest (a seat's options are a few levels).
MAX_NESTING = 32


def nested_deeper(value: Any, most: int) -> bool:
    """Whether ``value`` (TOML or JSON data) holds arrays or tables more than ``most`` deep;
    without recursion, so any depth is measured."""
    stack = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= most:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def load_config(path: str | Path, plugins: Any, *, interactive: bool = True) -> TableConfig:
    """Read ``path`` and check its variant and seats against the loaded ``plugins``.

    ``interactive=False`` refuses players that are people (``human``): a tournament has no
    one to ask. Sections other than ``[seats]`` are returned for their readers to check.
    """
    path = locate(path)
    data = read_toml(path)
    unknown = [k for k in data if k not in TOP_KEYS]
    if unknown:
        raise ConfigError(
            _("{path}: unknown key {key!r} (a config has {keys})").format(
                path=path, key=unknown[0], keys=name_list(TOP_KEYS)
            )
        )
    name = data.get("variant")
    if name is None:
        raise ConfigError(no_variant(path))
    if not isinstance(name, str):
        raise ConfigError(
            _("{path}: variant must be a name in quotes, not {value!r}").format(
                path=path, value=name
            )
        )
    if name not in plugins.variants:
        raise ConfigError(unknown_variant(path, name, plugins))
    for section in ("variant_options", "seats", "tournament", "table"):
        if section in data and not isinstance(data[section], dict):
            raise ConfigError(
                _("{path}: {section} must be a table ([{section}])").format(
                    path=path, section=section
                )
            )
    options = dict(data.get("variant_options", {}))
    try:
        variant = plugins.variants.create(name, options)
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{path}: [variant_options] {exc}") from None
    confinement = confinement_of(data.get("tournament", {}), f"{path}: [tournament]")
    # A sandboxed bot never sees the config, even when it is checked before the run.
    confinement = replace(confinement, hidden=(str(path.resolve()),))
    hellos: dict[str, str] = {}
    seats = _seats(
        path, data.get("seats"), variant, plugins.players, interactive, confinement, hellos
    )
    return TableConfig(
        path,
        name,
        seats,
        dict(data.get("tournament", {})),
        dict(data.get("table", {})),
        options,
        confinement,
        hellos,
    )


def confinement_of(section: Mapping[str, Any], where: str) -> Confinement:
    """The confinement a section's ``limits`` and ``untrusted`` give every process player
    (ConfigError naming ``where`` for a bad value)."""
    limits = section.get("limits", {})
    problem = limits_problem(limits)
    if problem is None and "untrusted" in section:
        problem = untrusted_problem(section["untrusted"])
    if problem is not None:
        raise ConfigError(f"{where} {problem}")
    return Confinement(Limits().merged(limits), bool(section.get("untrusted", False)))


def check_confinement(spec: Any, players: PlayerRegistry, where: str) -> None:
    """ConfigError unless a seat entry's ``limits`` and ``untrusted`` are well formed and
    its player runs in a process of its own (where they apply)."""
    if not isinstance(spec, Mapping) or not any(k in spec for k in ("limits", "untrusted")):
        return
    problem = limits_problem(spec["limits"]) if "limits" in spec else None
    if problem is None and "untrusted" in spec:
        problem = untrusted_problem(spec["untrusted"])
    if problem is None and not isolated(players, spec):
        problem = _(
            "limits and untrusted apply to a player in a process of its own; add "
            'isolation = "process" to this seat'
        )
    if problem is not None:
        raise ConfigError(f"{where}: {problem}")


def no_variant(path: Path) -> str:
    """The error of a config that names no variant."""
    return _("{path}: no variant; add e.g. {example}").format(
        path=path, example='variant = "chiva"'
    )


def unknown_variant(path: Path, name: Any, plugins: Any) -> str:
    """The error of a config whose variant is not installed."""
    return _("{path}: unknown variant {name!r}; available: {names}").format(
        path=path, name=name, names=name_list(plugins.variants.names())
    ) + did_you_mean(name, plugins.variants.names())


def _seats(
    path: Path,
    raw: Any,
    variant: Variant,
    players: PlayerRegistry,
    interactive: bool,
    confinement: Confinement | None = None,
    hellos: dict[str, str] | None = None,
) -> dict[int, Any]:
    n = variant.seats
    if raw is None:
        raise ConfigError(
            _("{path}: no [seats] table; {variant} needs seats 1 to {seats}").format(
                path=path, variant=variant.name, seats=n
            )
        )
    seats: dict[int, Any] = {}
    for key, spec in raw.items():
        plain = key.isascii() and key.isdigit()
        if plain and key != str(int(key)):
            # "01" is another TOML key than "1": it would silently replace seat 1's entry.
            raise ConfigError(
                _("{path}: [seats] {key} is seat {seat} with a leading zero; write {seat}").format(
                    path=path, key=key, seat=int(key)
                )
            )
        if not plain or not 1 <= int(key) <= n:
            raise ConfigError(
                _("{path}: [seats] {key} is not a seat of {variant} (seats 1 to {seats})").format(
                    path=path, key=key, variant=variant.name, seats=n
                )
            )
        seats[int(key)] = spec
    missing = [str(s) for s in range(1, n + 1) if s not in seats]
    if missing:
        raise ConfigError(
            ngettext(
                "{path}: [seats] has no player for seat {missing} ({variant} has {seats} seats)",
                "{path}: [seats] has no player for seats {missing} ({variant} has {seats} seats)",
                len(missing),
            ).format(path=path, missing=", ".join(missing), variant=variant.name, seats=n)
        )
    started: set[str] = set()
    for seat in sorted(seats):
        seats[seat] = in_folder(seats[seat], path.parent, players)
        try:
            name, _options = players.parse_spec(seats[seat])
        except (PluginError, ValueError, TypeError) as exc:
            raise ConfigError(f"{path}: [seats] {seat}: {exc}") from None
        check_confinement(seats[seat], players, f"{path}: [seats] {seat}")
        check_bot(
            seats[seat],
            variant.name,
            players,
            f"{path}: [seats] {seat}",
            started,
            confinement,
            hellos,
        )
        problem = unrecordable(seats[seat])
        if problem:
            raise ConfigError(f"{path}: [seats] {seat}: {problem}")
        if not interactive and getattr(players.get(name), "interactive", False):
            raise ConfigError(
                _(
                    "{path}: [seats] {seat}: {name!r} is a person at the table; a tournament "
                    "needs computer players ({players})"
                ).format(
                    path=path, seat=seat, name=name, players=name_list(computer_players(players))
                )
            )
    return dict(sorted(seats.items()))


def in_folder(spec: Any, base: Path, players: PlayerRegistry) -> Any:
    """``spec`` with the files it names found from ``base``, the config's folder, as every
    path in a config is: a bot program's ``cwd``, and the options of a player whose class
    says which of its options are files (a ``with_folder(spec, base)`` class method, as the
    ``policy`` player's)."""
    spec = with_folder(spec, base)
    name = spec.get("player") if isinstance(spec, Mapping) else None
    if isinstance(name, str) and name in players:
        anchor = getattr(players.get(name), "with_folder", None)
        if anchor is not None:
            spec = anchor(spec, base)
    return spec


def check_bot(
    spec: Any,
    variant: str,
    players: PlayerRegistry,
    where: str,
    started: set[str] | None = None,
    confinement: Confinement | None = None,
    hellos: dict[str, str] | None = None,
) -> None:
    """Start a bot program named by ``spec`` once, confined as it will play, and check its
    hello (ConfigError saying what is wrong, at ``where``); ``started`` keeps the entries
    already checked, ``hellos`` gets the name each hello gave, by :func:`spec_key`."""
    key = spec_key(spec)
    if started is not None:
        if key in started:
            return
        started.add(key)
    try:
        said = preflight(players, spec, variant, confinement)
    except PluginError as exc:
        raise ConfigError(f"{where}: {exc}") from None
    if said is not None and hellos is not None:
        hellos[key] = said


def spec_key(spec: Any) -> str:
    """A seat entry as one text, the same for the same entry however written."""
    return json.dumps(spec, sort_keys=True, default=str)


def hello_names(entries: Any, hellos: Mapping[str, str]) -> dict[str, str]:
    """The name each bot program is shown by, by :func:`spec_key`: the name its hello
    gave, where no ``name`` in its seat's table says otherwise. Two programs saying the same
    name, or a name another entry is shown by, are told apart by their command lines:
    ``pybot (node a.js)``, ``pybot (node b.js)``."""
    programs: dict[str, set[str]] = {}
    said: dict[str, str] = {}
    for spec in entries:
        key = spec_key(spec)
        if key not in hellos or not _program(spec) or "name" in spec:
            continue
        said[key] = shown(hellos[key])[:MAX_NAME]
        programs.setdefault(said[key], set()).add(_program(spec))
    others = {entry_label(spec) for spec in entries if spec_key(spec) not in said}
    names = {}
    for key, name in said.items():
        spec = json.loads(key)
        if len(programs[name]) > 1 or name in others or not name:
            name = f"{name} ({_program(spec)})".lstrip()
        names[key] = name
    return names


def _program(spec: Any) -> str:
    """A bot program's command line (with its folder where two differ only in it)."""
    if not isinstance(spec, Mapping) or spec.get("player") != "command":
        return ""
    argv = spec.get("argv")
    return " ".join(map(str, argv)) if isinstance(argv, list) else "command"


def unrecordable(spec: Any) -> str | None:
    """Why a seat entry cannot be written into a record (JSON), or ``None``.

    TOML has ``nan`` and ``inf``; JSON has neither, and a record holding them could not be
    read back (nor a tournament holding them resumed).
    """
    try:
        json.dumps(spec, allow_nan=False)
    except ValueError:
        return _("nan and inf are not numbers a record can hold; give a finite number")
    except TypeError as exc:  # a TOML date or time
        return _("a record cannot hold this value ({problem})").format(problem=exc)
    return None


def computer_players(players: PlayerRegistry) -> list[str]:
    """The names of the registered players that are not people."""
    return [n for n in players.names() if not getattr(players.get(n), "interactive", False)]


def resolve(path: str | Path, given: Overrides, plugins: Any) -> Settings:
    """The tournament's settings: defaults, overridden by the config's ``[tournament]``,
    overridden by the command line. Every value is checked here, wherever it came from."""
    table = load_config(path, plugins, interactive=False)
    path = table.path
    section = table.tournament
    unknown = [k for k in section if k not in TOURNAMENT_KEYS]
    if unknown:
        raise ConfigError(
            _("{path}: [tournament] has no key {key!r} (its keys: {keys})").format(
                path=path, key=unknown[0], keys=name_list(TOURNAMENT_KEYS)
            )
        )

    def pick(key: str, flag: Any, default: Any) -> tuple[Any, str]:
        if flag is not None:
            return flag, f"--{key.replace('_', '-')}"
        if key in section:
            return section[key], f"{path}: [tournament] {key}"
        return default, key

    matches, matches_where = pick("matches", given.matches, DEFAULT_MATCHES)
    whole(matches, matches_where, 1, MAX_MATCHES)
    seed, where = pick("seed", given.seed, None)
    check_seed(seed, where)
    workers, where = pick("workers", given.workers, 0)
    check_workers(workers, where)
    book_path = given.deals or config_path(None, section.get("deals"), path, "[tournament] deals")
    options = with_options(table, given.options, plugins)
    variant = plugins.variants.create(table.variant, options)
    book = None if book_path is None else load_deals(book_path, variant)
    # A deal file is played in duplicate where the game has two teams to swap.
    duplicate = len(variant.teams) == 2 and len(variant.teams[0]) == len(variant.teams[1])
    swap, where = pick("swap_teams", None, book is not None and duplicate)
    if not isinstance(swap, bool):
        raise ConfigError(
            _("{where} must be true or false, not {value!r}").format(where=where, value=swap)
        )
    limit, limit_where = pick("time_limit", None, DEFAULT_TIME_LIMIT)
    limit = check_time_limit(limit, limit_where)
    clock = parse_clock(*pick("clock", given.clock, None))
    if book is not None:
        most = len(book) * (2 if swap else 1)
        if given.matches is None and "matches" not in section:
            matches, matches_where = most, "matches"
        elif matches > most:
            raise ConfigError(
                _(
                    "{where}: {matches:,} matches, but {file} holds {deals:,} deals, enough for "
                    "{most:,}"
                ).format(
                    where=matches_where, matches=matches, file=book.path, deals=len(book), most=most
                )
            )
    if swap:
        teams = variant.teams
        if len(teams) != 2 or len(teams[0]) != len(teams[1]):
            raise ConfigError(
                _(
                    "{path}: [tournament] swap_teams needs two teams of equal size; "
                    "{variant} has teams {teams}"
                ).format(path=path, variant=variant.name, teams=list(map(list, teams)))
            )
        if matches % 2:
            raise ConfigError(
                _(
                    "{where}: with swap_teams every deal is played twice, so matches must be "
                    "even, not {matches}"
                ).format(where=matches_where, matches=matches)
            )
    return Settings(
        config=path,
        variant=table.variant,
        seats=table.seats,
        matches=matches,
        seed=seed,
        workers=workers or available_cores(),
        swap_teams=swap,
        time_limit=limit,
        records=config_path(given.records, section.get("records"), path, "[tournament] records"),
        db=config_path(given.db, section.get("db"), path, "[tournament] db")
        or Path(f"{path.stem}.sqlite"),
        scheduler=given.scheduler,
        time_limit_defaulted=limit_where == "time_limit",
        variant_options=options,
        confinement=table.confinement,
        clock=clock,
        log_bots=given.log_bots
        or config_path(None, section.get("log_bots"), path, "[tournament] log_bots"),
        deals=book,
        names=hello_names(table.seats.values(), table.hellos),
    )


def load_deals(path: Path, variant: Variant) -> DealFile:
    """The deal file at ``path``, checked against the game; ConfigError saying why not."""
    try:
        return read_deals(path, variant)
    except DealsError as exc:
        raise ConfigError(str(exc)) from None


def with_options(table: TableConfig, given: tuple[str, ...], plugins: Any) -> dict[str, Any]:
    """The config's [variant_options], overridden by ``--option KEY=VALUE``; ConfigError for
    a bad option, or for options that give the game another number of seats than the
    config's [seats] has."""
    from ..core.options import read_options

    if not given:
        return dict(table.variant_options)
    cls = plugins.variants.get(table.variant)
    try:
        options = {**table.variant_options, **read_options(cls.name, cls.options, given)}
        seats = plugins.variants.create(table.variant, options).seats
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if seats != len(table.seats):
        raise ConfigError(
            ngettext(
                "{path} has {count} seat; with --option {variant} has {seats}",
                "{path} has {count} seats; with --option {variant} has {seats}",
                len(table.seats),
            ).format(path=table.path, count=len(table.seats), variant=cls.name, seats=seats)
        )
    return options


def available_cores() -> int:
    """The CPUs this process may run on (``workers = 0`` means all of them)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        return os.cpu_count() or 1


def whole(value: Any, where: str, least: int, most: int | None = None) -> None:
    """ConfigError unless ``value`` is a whole number from ``least`` to ``most``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(
            _("{where} must be a whole number, not {value!r}").format(where=where, value=value)
        )
    if value < least:
        raise ConfigError(
            _("{where} must be at least {least}, not {value}").format(
                where=where, least=least, value=value
            )
        )
    if most is not None and value > most:
        raise ConfigError(
            _("{where} must be at most {most:,}, not {value:,}").format(
                where=where, most=most, value=value
            )
        )


def check_seed(seed: Any, where: str) -> None:
    if seed is not None:
        whole(seed, where, 0)
        if seed >= 2**63:
            raise ConfigError(
                _("{where} must be below 2**63, not {seed}").format(where=where, seed=seed)
            )


def check_workers(workers: Any, where: str) -> None:
    """0 (all cores) up to :data:`WORKERS_PER_CORE` processes per core of this machine."""
    cores = available_cores()
    most = WORKERS_PER_CORE * cores
    whole(workers, where, 0)
    if workers > most:
        raise ConfigError(
            # Translators: English says "processes" for 1 too.
            ngettext(
                "{where} must be at most {most} ({per_core} worker processes per core; this "
                "machine has {cores}), not {workers}; 0 uses every core",
                "{where} must be at most {most} ({per_core} worker processes per core; this "
                "machine has {cores}), not {workers}; 0 uses every core",
                WORKERS_PER_CORE,
            ).format(
                where=where, most=most, per_core=WORKERS_PER_CORE, cores=cores, workers=workers
            )
        )


#: The longest time limit for a decision, in seconds: an hour. Far longer limits overflow
#: the clocks the deadlines are kept on, and then every decision of every game fails.
MAX_TIME_LIMIT = 3600


def check_time_limit(limit: Any, where: str) -> float | None:
    """The time limit in seconds as a float; ConfigError unless a number above 0 and at
    most :data:`MAX_TIME_LIMIT`."""
    if limit is None:
        return None
    if (
        isinstance(limit, bool)
        or not isinstance(limit, (int, float))
        or not 0 < limit <= MAX_TIME_LIMIT
    ):
        raise ConfigError(
            _(
                "{where} must be a number of seconds above 0 and at most {most:,}, not {value!r}"
            ).format(where=where, most=MAX_TIME_LIMIT, value=limit)
        )
    return float(limit)


@dataclass(frozen=True)
class Clock:
    """A bot's clock for a whole match: ``base`` seconds, and ``increment`` seconds more
    after each decision it is asked (cutechess's ``tc=60+0.5``)."""

    base: float
    increment: float = 0.0

    def __str__(self) -> str:
        return f"{self.base:g}+{self.increment:g}"

    def as_dict(self) -> dict[str, float]:
        return {"base": self.base, "increment": self.increment}


def parse_clock(text: Any, where: str) -> Clock | None:
    """``"60+0.5"`` (60 s for the match, 0.5 s more per decision) or ``"60"`` as a
    :class:`Clock`; ``None`` stays ``None``. ConfigError naming ``where`` otherwise."""
    if text is None:
        return None
    example = _("{where} is a clock, base seconds + increment per decision, e.g. {example}")
    problem = example.format(where=where, example='"60+0.5"')
    if not isinstance(text, str) or "/" in text:
        raise ConfigError(f"{problem}, not {text!r}")
    base, _plus, inc = text.strip().partition("+")
    try:
        clock = Clock(float(base), float(inc) if inc.strip() else 0.0)
    except ValueError:
        raise ConfigError(f"{problem}, not {text!r}") from None
    if not 0 < clock.base <= MAX_CLOCK or not 0 <= clock.increment <= MAX_TIME_LIMIT:
        raise ConfigError(
            _(
                "{where}: the base must be above 0 and at most {most:,} seconds and the "
                "increment from 0 to {inc:,}, not {value!r}"
            ).format(where=where, most=MAX_CLOCK, inc=MAX_TIME_LIMIT, value=text)
        )
    return clock


#: The longest clock for a match, in seconds: a day.
MAX_CLOCK = 86400


def config_path(flag: Path | None, value: Any, config: Path, key: str) -> Path | None:
    """A path from the command line (relative to the current folder, anywhere) or from the
    config (relative to the config's folder, and inside it).

    A config may come from anyone: one that names ``/home/me/.bashrc`` or
    ``../../notes.txt`` as its records must not get a file written there. Only the person
    running the command chooses a place outside the config's folder, with a flag.
    """
    if flag is not None:
        return flag
    if value is None:
        return None
    if not isinstance(value, str) or not value:
        raise ConfigError(
            _("{config}: {key} must be a file name in quotes, not {value!r}").format(
                config=config, key=key, value=value
            )
        )
    target = config.parent / value
    inside = config.parent.resolve()
    if Path(value).is_absolute() or not target.resolve().is_relative_to(inside):
        flag_name = "--" + key.rsplit(" ", 1)[-1].replace("_", "-")
        raise ConfigError(
            _(
                "{config}: {key} = {value!r} points outside the config's folder {folder}; a "
                "config keeps its files beside it (give {flag} to write elsewhere)"
            ).format(config=config, key=key, value=value, folder=config.parent, flag=flag_name)
        )
    return target


def entry_label(spec: Any, names: Mapping[str, str] | None = None) -> str:
    """A seat entry as one short string: ``expert`` or ``expert(samples=200)``; a bot
    program by the name its hello gave (``names``, from :func:`hello_names`) or else its
    command line, ``pybot`` or ``node bot.js(depth=3)``; a seat's own ``name``, as given.

    Options are sorted, so the same entry written in another order is the same player.
    ``isolation`` is left out: it says where the player runs, not who it is, so the same
    player with and without it is one row of the figures.
    """
    if isinstance(spec, str):
        return spec
    if isinstance(spec, Mapping) and isinstance(spec.get("name"), str):
        return str(spec["name"])
    if isinstance(spec, Mapping) and spec.get("player") == "command":
        # A bot program is known by its hello's name, else its command line.
        given = spec.get("options")
        words = (names or {}).get(spec_key(spec)) or _program(spec)
        if isinstance(given, Mapping) and given:
            return f"{words}({', '.join(f'{k}={_value(v)}' for k, v in sorted(given.items()))})"
        return words
    if isinstance(spec, Mapping):
        options = ", ".join(
            f"{k}={_value(v)}" for k, v in sorted(spec.items()) if k not in SEAT_KEYS
        )
        return f"{spec.get('player')}({options})" if options else str(spec.get("player"))
    return repr(spec)


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    return repr(v)
