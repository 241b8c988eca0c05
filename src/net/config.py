"""A host's config: where it listens and the tables it holds (TOML), checked in one pass.

::

    [host]
    bind = "127.0.0.1"      # the address to listen on (0.0.0.0: every interface)
    port = 8765
    hold = 60               # seconds a disconnected person's seat waits before a computer plays it
    pace = 0.8              # seconds between computer moves at a table where a person sits
    time_limit = 0          # seconds a connected seat has for a decision (0: no limit)
    store = "host.sqlite"   # every action, so that a restarted host resumes
    stand_in = "heuristic"  # plays a seat whose person or bot is away
    certificate = "cert.pem"  # TLS, with key
    key = "key.pem"
    max_connections = 1000  # connections open at once (0: no limit)
    max_per_address = 20    # of them from one address (0: no limit)

    [[tables]]
    name = "friends"
    variant = "chiva"
    seats = { 1 = "person", 2 = "heuristic", 3 = "person", 4 = "bot" }

A seat is ``"person"`` (a person invited), ``"bot"`` (a bot program invited, played with
``capicua connect``) or a computer player as in any config (``"expert"``, ``{ player =
"expert", samples = 200 }``). Every problem is a :class:`ConfigError` of one line naming the
file and the key.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..core.errors import PluginError
from ..i18n import _, did_you_mean, name_list
from ..tournament.config import ConfigError, check_seed, read_toml, whole

PERSON = "person"
BOT = "bot"
REMOTE = (PERSON, BOT)
HOST_KEYS = (
    "bind",
    "port",
    "hold",
    "pace",
    "time_limit",
    "store",
    "stand_in",
    "certificate",
    "key",
    "max_connections",
    "max_per_address",
)
TABLE_KEYS = ("name", "variant", "variant_options", "seats", "seed", "matches")
DEFAULT_HOLD = 60.0
DEFAULT_PACE = 0.8
DEFAULT_STAND_IN = "heuristic"
#: Connections open at once, in all and from one address: enough for a table of friends
#: behind one router and their spectators, not for one machine swamping the host.
DEFAULT_MAX_CONNECTIONS = 1000
DEFAULT_MAX_PER_ADDRESS = 20
#: The table a host holds when it is given no config: two partners invited, two computers.
DEFAULT_TABLE = {
    "name": "table",
    "variant": "chiva",
    "seats": {"1": PERSON, "2": "heuristic", "3": PERSON, "4": "heuristic"},
}


@dataclass(frozen=True)
class TableSpec:
    """One table: its name, game, options, each seat's entry, seed and number of matches."""

    name: str
    variant: str
    seats: dict[int, Any]
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    matches: int = 1

    def stored(self) -> dict[str, Any]:
        """What the store keeps of it, and compares on a restart."""
        return {
            "variant": self.variant,
            "options": self.options,
            "seats": {str(s): v for s, v in sorted(self.seats.items())},
            "matches": self.matches,
        }


@dataclass(frozen=True)
class HostConfig:
    """A host's checked settings (:func:`load_host_config`)."""

    tables: tuple[TableSpec, ...]
    bind: str = "127.0.0.1"
    port: int = 8765
    hold: float = DEFAULT_HOLD
    pace: float = DEFAULT_PACE
    time_limit: float = 0.0  # seconds a connected seat has for a decision; 0: no limit
    store: Path = Path("host.sqlite")
    stand_in: Any = DEFAULT_STAND_IN
    certificate: Path | None = None
    key: Path | None = None
    max_connections: int = DEFAULT_MAX_CONNECTIONS  # 0: no limit
    max_per_address: int = DEFAULT_MAX_PER_ADDRESS  # 0: no limit

    def but(self, **given: Any) -> HostConfig:
        """These settings with the given ones (command-line flags; ``None``: not given)."""
        return replace(self, **{k: v for k, v in given.items() if v is not None})


def load_host_config(path: Path | None, plugins: Any) -> HostConfig:
    """The host config at ``path`` (``None``: one Chiva table, two people and two
    computers), checked against the loaded ``plugins``."""
    if path is None:
        return HostConfig((_table(Path("capicua host"), 1, DEFAULT_TABLE, plugins),))
    data = read_toml(path)
    unknown = [k for k in data if k not in ("host", "tables")]
    if unknown:
        raise ConfigError(
            _("{path}: unknown key {key!r} (a host config has [host] and [[tables]])").format(
                path=path, key=unknown[0]
            )
        )
    host = data.get("host", {})
    if not isinstance(host, dict):
        raise ConfigError(_("{path}: host must be a table ([host])").format(path=path))
    bad = [k for k in host if k not in HOST_KEYS]
    if bad:
        raise ConfigError(
            _("{path}: [host] has no key {key!r} (its keys: {keys})").format(
                path=path, key=bad[0], keys=name_list(HOST_KEYS)
            )
        )
    raw = data.get("tables")
    if not isinstance(raw, list) or not raw or not all(isinstance(t, dict) for t in raw):
        raise ConfigError(
            _("{path}: no tables; add one, e.g. [[tables]] with {example}").format(
                path=path, example='variant = "chiva"'
            )
        )
    tables = tuple(_table(path, i, t, plugins) for i, t in enumerate(raw, 1))
    names = [t.name for t in tables]
    twice = next((n for n in names if names.count(n) > 1), None)
    if twice is not None:
        raise ConfigError(
            _("{path}: two tables are named {name!r}; give each its own name").format(
                path=path, name=twice
            )
        )
    settings: dict[str, Any] = {}
    where = f"{path}: [host]"
    if "bind" in host:
        settings["bind"] = _text(host["bind"], f"{where} bind")
    if "port" in host:
        whole(host["port"], f"{where} port", 0, 65535)
        settings["port"] = host["port"]
    for key in ("max_connections", "max_per_address"):
        if key in host:
            whole(host[key], f"{where} {key}", 0, 10**6)
            settings[key] = host[key]
    for key in ("hold", "pace", "time_limit"):
        if key in host:
            settings[key] = seconds(host[key], f"{where} {key}")
    for key in ("store", "certificate", "key"):
        if key in host:
            settings[key] = path.parent / _text(host[key], f"{where} {key}")
    if "stand_in" in host:
        settings["stand_in"] = _computer(path, "[host] stand_in", host["stand_in"], plugins)
    config = HostConfig(tables, **settings)
    check_tls(config.certificate, config.key)
    return config


def check_tls(certificate: Path | None, key: Path | None) -> None:
    """ConfigError unless both or neither of a certificate and its key are given, readable."""
    if (certificate is None) != (key is None):
        raise ConfigError(
            _("TLS needs both a certificate and its key (--cert and --key); one is missing")
        )
    for file in (certificate, key):
        if file is not None and not file.is_file():
            raise ConfigError(_("{path}: no such file").format(path=file))


def seconds(value: Any, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ConfigError(
            _("{where} must be a number of seconds, not {value!r}").format(where=where, value=value)
        )
    if not 0 <= value <= 86400:
        raise ConfigError(
            _("{where} must be from 0 to 86400 seconds, not {value}").format(
                where=where, value=value
            )
        )
    return float(value)


def _text(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value or "\0" in value:
        raise ConfigError(
            _("{where} must be text in quotes, not {value!r}").format(where=where, value=value)
        )
    return value


def _table(path: Path, number: int, raw: dict[str, Any], plugins: Any) -> TableSpec:
    where = f"{path}: [[tables]] {number}"
    bad = [k for k in raw if k not in TABLE_KEYS]
    if bad:
        raise ConfigError(
            _("{where} has no key {key!r} (its keys: {keys})").format(
                where=where, key=bad[0], keys=name_list(TABLE_KEYS)
            )
        )
    name = _text(raw.get("name", f"table-{number}"), f"{where} name")
    if not name.isprintable() or len(name) > 40:
        raise ConfigError(
            _("{where} name must be at most 40 printable characters").format(where=where)
        )
    where = f"{path}: [[tables]] {name}"
    variant_name = raw.get("variant")
    if not isinstance(variant_name, str) or variant_name not in plugins.variants:
        raise ConfigError(
            _("{where}: unknown variant {name!r}; available: {names}").format(
                where=where, name=variant_name, names=name_list(plugins.variants.names())
            )
            + did_you_mean(variant_name, plugins.variants.names())
        )
    options = raw.get("variant_options", {})
    if not isinstance(options, dict):
        raise ConfigError(_("{where}: variant_options must be a table").format(where=where))
    try:
        variant = plugins.variants.create(variant_name, dict(options))
    except (TypeError, ValueError) as exc:
        raise ConfigError(f"{where}: variant_options: {exc}") from None
    seats_raw = raw.get("seats")
    if not isinstance(seats_raw, dict):
        raise ConfigError(
            _("{where}: no seats; add e.g. {example}").format(
                where=where, example='seats = { 1 = "person", 2 = "heuristic", ... }'
            )
        )
    seats: dict[int, Any] = {}
    for key, spec in seats_raw.items():
        if not (key.isascii() and key.isdigit() and key == str(int(key))) or not (
            1 <= int(key) <= variant.seats
        ):
            raise ConfigError(
                _("{where}: seats {key} is not a seat of {variant} (seats 1 to {seats})").format(
                    where=where, key=key, variant=variant.name, seats=variant.seats
                )
            )
        seats[int(key)] = spec if spec in REMOTE else _computer(path, f"seats {key}", spec, plugins)
    missing = [str(s) for s in range(1, variant.seats + 1) if s not in seats]
    if missing:
        raise ConfigError(
            _("{where}: no player for seat {seats}; each is person, bot or a computer").format(
                where=where, seats=", ".join(missing)
            )
        )
    seed = raw.get("seed")
    check_seed(seed, f"{where} seed")
    matches = raw.get("matches", 1)
    whole(matches, f"{where} matches", 1, 10**6)
    return TableSpec(name, variant_name, dict(sorted(seats.items())), dict(options), seed, matches)


def _computer(path: Path, where: str, spec: Any, plugins: Any) -> Any:
    """A computer player's entry, checked (a person at the table is not one)."""
    try:
        name, _options = plugins.players.parse_spec(spec)
    except (PluginError, ValueError, TypeError) as exc:
        raise ConfigError(f"{path}: {where}: {exc}") from None
    if getattr(plugins.players.get(name), "interactive", False):
        raise ConfigError(
            _("{path}: {where}: {name!r} sits at a local window; invite a person instead").format(
                path=path, where=where, name=name
            )
            + ' (seats = { 1 = "person" })'
        )
    return spec
