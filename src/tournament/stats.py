"""A tournament's figures, with their uncertainty: what a player or a bot author wants to know.

:func:`summarize` turns the finished games into one plain dict (the ``--json`` output; the
table is drawn from the same dict), with:

- per team (by seat: team 1 is seats 1+3 in the four-player games) and per player entry
  (``expert``, ``expert(samples=200)``): matches and hands won out of those played, with
  95% Wilson intervals; the match names (chivas, Pollonas, Tripollúas) they won; points per
  hand where the variant scores points; decision times per entry; errors;
- hands per match (mean and a 95% normal interval, which never goes below the one hand
  every match has) and the hands' outcomes;
- the first errors, each with its match number as ``capicua replay --match`` takes it
  (from 1) and its seed.

An entry is counted in a match when it sits in one team only. A match where the same entry
sits in both teams of a two-team game (random against random) tells nothing about that
entry and is counted as a *mirror* instead; in a game of more teams (Mexican Train's
players each for themselves) an entry seated more than once counts once a match, winning
what any of its seats wins. Games that ended in an error have no winner and are left out of the
win figures; their decisions still count in the times. Hands within a match are not
independent, so the hands' intervals are somewhat narrower than they should be; the
matches' intervals are exact in that respect.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import Any

from .config import entry_label

Z95 = 1.959963984540054
MAX_ERRORS_LISTED = 20


def wilson(wins: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``wins`` successes out of ``n`` (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: int, n: int) -> dict[str, Any]:
    """``{"won", "of", "rate", "ci"}``: a proportion with its 95% Wilson interval."""
    lo, hi = wilson(wins, n)
    return {"won": wins, "of": n, "rate": wins / n if n else None, "ci": [lo, hi]}


def mean_ci(values: list[float], least: float | None = None) -> dict[str, Any]:
    """Mean with a 95% normal-approximation interval (``None`` where undefined). With
    ``least``, the smallest value there can be, the interval stops there: a few matches of
    very different lengths would otherwise give hands per match a bound below zero."""
    n = len(values)
    if n == 0:
        return {"mean": None, "ci": None, "n": 0}
    mean = sum(values) / n
    if n < 2:
        return {"mean": mean, "ci": None, "n": n}
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    low = mean - half if least is None else max(least, mean - half)
    return {"mean": mean, "ci": [low, mean + half], "n": n}


class _Tally:
    def __init__(self) -> None:
        self.matches = self.won = self.hands = self.hands_won = self.points = 0
        self.mirror = self.errors = self.decisions = 0
        self.seconds = self.longest = 0.0
        self.labels: Counter[str] = Counter()

    def out(self, labels: tuple[str, ...], points: bool) -> dict[str, Any]:
        d: dict[str, Any] = {
            "matches": rate(self.won, self.matches),
            "hands": rate(self.hands_won, self.hands),
            "labels": {k: self.labels[k] for k in labels},
        }
        if points:
            d["points_per_hand"] = self.points / self.hands if self.hands else None
        return d


def summarize(
    games: Iterable[tuple[int, int, dict, dict | None]],
    variant: Any,
    planned: int,
    header: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The summary of ``games`` (``(index, seed, facts, error)`` as the store yields them)
    of a tournament of ``planned`` games of ``variant`` (its class or an instance)."""
    teams = variant.teams
    team_of = {s: t for t, seats in enumerate(teams, 1) for s in seats}
    labels = tuple(variant.labels)
    by_team = {t: _Tally() for t in range(1, len(teams) + 1)}
    by_entry: dict[str, _Tally] = defaultdict(_Tally)
    specs: dict[str, Any] = {}
    outcomes: Counter[str] = Counter()
    match_labels: Counter[str] = Counter()
    hands_per_match: list[float] = []
    errors: list[dict[str, Any]] = []
    played = error_count = 0
    any_points = False
    for index, seed, facts, error in games:
        played += 1
        seats = {int(s): spec for s, spec in facts["seats"].items()}
        shown_as = facts.get("names") or {}  # bots shown by their hellos' names
        names = {s: shown_as.get(str(s)) or entry_label(spec) for s, spec in seats.items()}
        for s, spec in seats.items():
            specs.setdefault(names[s], spec)
        for s, (n, total, longest) in facts.get("time", {}).items():
            e = by_entry[names[int(s)]]
            e.decisions += n
            e.seconds += total
            e.longest = max(e.longest, longest)
        if error is not None:
            error_count += 1
            if error.get("seat"):
                by_entry[names[error["seat"]]].errors += 1
            if len(errors) < MAX_ERRORS_LISTED:
                errors.append({"match": index + 1, "seed": seed, **error})
            continue
        winner, label, hands = facts["winner"], facts["label"], facts["hands"]
        # A shared win is a win for each team that shares it.
        winners = facts.get("winners") or ([winner] if winner is not None else [])
        hands_per_match.append(len(hands))
        if label:
            match_labels[label] += 1
        entry_teams: dict[str, set[int]] = defaultdict(set)
        for s, name in names.items():
            entry_teams[name].add(team_of[s])
        # Each tally is told about this match once, for the teams it played in.
        sides = [(by_team[t], {t}) for t in by_team]
        for name, ts in entry_teams.items():
            if len(ts) > 1 and len(teams) == 2:
                by_entry[name].mirror += 1
            else:
                sides.append((by_entry[name], ts))
        for tally, own in sides:
            tally.matches += 1
            if own.intersection(winners):
                tally.won += 1
                if label:
                    tally.labels[label] += 1
        for team, outcome, points in hands:
            outcomes[outcome] += 1
            any_points = any_points or points > 0
            for tally, own in sides:
                tally.hands += 1
                if team in own:
                    tally.hands_won += 1
                    tally.points += points
    summary: dict[str, Any] = dict(header or {})
    summary.update(
        {
            "variant": variant.name,
            "planned": planned,
            "played": played,
            "finished": played - error_count,
            "errors": error_count,
            "teams": [
                {"team": t, "seats": list(teams[t - 1]), **by_team[t].out(labels, any_points)}
                for t in by_team
            ],
            "players": [],
            "hands_per_match": mean_ci(hands_per_match, least=1.0),
            "outcomes": dict(sorted(outcomes.items())),
            "labels": {k: match_labels[k] for k in labels},
            "error_list": errors,
        }
    )
    for name in sorted(by_entry):
        e = by_entry[name]
        row = {
            "entry": name,
            "spec": specs[name],
            **e.out(labels, any_points),
            "mirror": e.mirror,
            "errors": e.errors,
            "decisions": e.decisions,
            "decision_ms": {
                "mean": 1000 * e.seconds / e.decisions if e.decisions else None,
                "max": 1000 * e.longest if e.decisions else None,
            },
        }
        summary["players"].append(row)
    return summary
