"""The sequential probability ratio test over duplicate pairs, with the pentanomial model.

A duplicate pair is two games on the same deal with the players' seats exchanged, so the
luck of the deal cancels within the pair. Its outcome for the first player is one of five:
0, 1/2, 1, 3/2 or 2 points out of 2 (a drawn game, where a variant has them, is half a
point). The counts of the five outcomes are the *pentanomial* frequencies; treating the
pair, not the game, as the unit is what makes the variance honest (the two games of a pair
are far from independent) and small (the deal's luck is gone).

The test is Wald's SPRT (Wald, *Sequential Analysis*, 1947) in the generalised form that
fishtest runs for Stockfish (M. Van den Bergh, "A generalized SPRT", and "Maximum
likelihood estimation for a multinomial distribution with a given expectation value",
the fishtest support notes): with ``s0`` and ``s1`` the expected per-game scores of the two
hypotheses (logistic Elo ``elo0`` and ``elo1``, ``s = 1 / (1 + 10 ** (-elo / 400))``), the
log-likelihood ratio after ``N`` pairs is ``N * sum(p_i * log(q1_i / q0_i))``, where ``p`` is
the observed distribution of pair outcomes and ``qk`` the distribution closest to it in
likelihood whose expectation is ``sk``. That distribution is ``qk_i = p_i / (1 + x (a_i -
sk))`` with ``a_i`` the outcome (as a per-game score) and ``x`` the root of ``sum(p_i (a_i -
sk) / (1 + x (a_i - sk))) = 0`` (the theorem of the second note), found here by safeguarded
Newton steps. Outcomes never seen get a count of 0.001, as fishtest does, so that the
estimate has all five and the ratio stays finite.

The run stops at the first pair after which the ratio leaves ``(log(beta / (1 - alpha)),
log((1 - beta) / alpha))``: above it H1 (``elo >= elo1``) is accepted, below it H0
(``elo <= elo0``). Wald's bounds keep the two error rates at most ``alpha`` and ``beta``,
up to the overshoot of the last step; ``tests/tournament/test_sprt.py`` measures them on
simulated pair outcomes.

The estimate beside it is the mean per-game score over the pairs, with a 95% normal
interval from the pairs' own variance (``sd / sqrt(N)``), and the same as logistic Elo.
Where every pair came out alike (no spread to measure) the interval is Wilson's for a
proportion over ``N`` trials, which bounds any score in [0, 1].
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from statistics import NormalDist
from typing import Any

from ..i18n import _
from .config import ConfigError
from .stats import Z95

#: A pair's outcome as a per-game score, by its number of half points (0 to 4).
OUTCOMES = (0.0, 0.25, 0.5, 0.75, 1.0)
PRIOR = 1e-3  # the count given to an outcome never seen
ELO_LIMIT = 2000  # an Elo hypothesis beyond this is a typing slip (a 99.999% score)


def score_of_elo(elo: float) -> float:
    """The expected per-game score of a player ``elo`` logistic Elo above its opponent."""
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of_score(score: float) -> float:
    """The logistic Elo difference of a per-game score (infinite at 0 and 1)."""
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return -400 * math.log10(1 / score - 1)


def constrained(p: Sequence[float], s: float, a: Sequence[float] = OUTCOMES) -> list[float]:
    """The distribution over outcomes ``a`` with expectation ``s`` that is the most likely
    given the observed distribution ``p`` (every ``p_i > 0``, ``min(a) < s < max(a)``)."""
    d = [ai - s for ai in a]
    # 1 + x d_i > 0 for every i bounds x to (-1 / max d, -1 / min d).
    lo, hi = -1 / max(d), -1 / min(d)
    x = 0.0
    for _step in range(100):
        terms = [pi * di / (1 + x * di) for pi, di in zip(p, d, strict=True)]
        f = sum(terms)  # decreasing in x
        if abs(f) < 1e-15:
            break
        if f > 0:
            lo = x
        else:
            hi = x
        slope = -sum(t * di / (1 + x * di) for t, di in zip(terms, d, strict=True))
        step = x - f / slope if slope < 0 else (lo + hi) / 2
        # A Newton step that leaves the bracket is replaced by bisection.
        x = step if lo < step < hi else (lo + hi) / 2
        if hi - lo < 1e-15:
            break
    return [pi / (1 + x * di) for pi, di in zip(p, d, strict=True)]


@dataclass(frozen=True)
class Sprt:
    """The test's hypotheses (logistic Elo) and error rates."""

    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    @classmethod
    def parse(cls, text: str, where: str = "--sprt") -> Sprt:
        """``"elo0=0,elo1=5,alpha=0.05,beta=0.05"`` (any of them, the rest default);
        ConfigError saying what is wrong."""
        values: dict[str, float] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, sep, raw = part.partition("=")
            key = key.strip()
            if not sep or key not in ("elo0", "elo1", "alpha", "beta"):
                raise ConfigError(
                    _(
                        "{where} takes elo0=, elo1=, alpha= and beta= separated by commas "
                        "(e.g. {example}), not {part!r}"
                    ).format(where=where, example="elo0=0,elo1=5,alpha=0.05,beta=0.05", part=part)
                )
            try:
                value = float(raw)
            except ValueError:
                raise ConfigError(
                    _("{where}: {key} must be a number, not {value!r}").format(
                        where=where, key=key, value=raw
                    )
                ) from None
            if not math.isfinite(value):
                raise ConfigError(
                    _("{where}: {key} must be a finite number, not {value!r}").format(
                        where=where, key=key, value=raw
                    )
                )
            values[key] = value
        sprt = cls(**values)
        sprt.check(where)
        return sprt

    def check(self, where: str) -> None:
        for key in ("alpha", "beta"):
            value = getattr(self, key)
            if not 0 < value < 0.5:
                raise ConfigError(
                    _("{where}: {key} must be above 0 and below 0.5, not {value:g}").format(
                        where=where, key=key, value=value
                    )
                )
        for key in ("elo0", "elo1"):
            if abs(getattr(self, key)) > ELO_LIMIT:
                raise ConfigError(
                    _("{where}: {key} must be within ±{limit} Elo").format(
                        where=where, key=key, limit=ELO_LIMIT
                    )
                )
        if not self.elo0 < self.elo1:
            raise ConfigError(
                _(
                    "{where}: elo0 must be below elo1 (H0: elo <= elo0 against H1: elo >= "
                    "elo1), not {elo0:g} and {elo1:g}"
                ).format(where=where, elo0=self.elo0, elo1=self.elo1)
            )

    def as_dict(self) -> dict[str, float]:
        return asdict(self)

    def bounds(self) -> tuple[float, float]:
        """Wald's bounds on the log-likelihood ratio: below the first H0 is accepted, above
        the second H1."""
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[float]) -> float:
        """The generalised log-likelihood ratio of H1 against H0 for the pentanomial
        ``counts`` (pairs with 0, 1, 2, 3, 4 half points for the first player)."""
        if sum(counts) == 0:
            return 0.0
        regular = [c if c > 0 else PRIOR for c in counts]
        n = sum(regular)
        p = [c / n for c in regular]
        q0 = constrained(p, score_of_elo(self.elo0))
        q1 = constrained(p, score_of_elo(self.elo1))
        return n * sum(pi * math.log(b / a) for pi, a, b in zip(p, q0, q1, strict=True))

    def decide(self, llr: float) -> str | None:
        """``"H1"``, ``"H0"`` or ``None`` (go on) for a log-likelihood ratio."""
        lower, upper = self.bounds()
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None


def estimate(counts: Sequence[int]) -> dict[str, Any]:
    """The first player's mean per-game score over the pairs with a 95% interval, the same
    as logistic Elo, and the likelihood of superiority (the chance the score is above one
    half, under the normal approximation)."""
    n = sum(counts)
    if n == 0:
        return {"pairs": 0, "score": None, "score_ci": None, "elo": None, "elo_ci": None}
    mean = sum(c * a for c, a in zip(counts, OUTCOMES, strict=True)) / n
    var = sum(c * (a - mean) ** 2 for c, a in zip(counts, OUTCOMES, strict=True)) / n
    se = math.sqrt(var / n)
    if var > 0:
        lo, hi = max(0.0, mean - Z95 * se), min(1.0, mean + Z95 * se)
    else:
        # Every pair alike (all won, all split): no spread to measure, but not certainty.
        # A score in [0, 1] varies at most as a proportion does, so Wilson's interval for
        # n trials bounds it.
        lo, hi = wilson_mean(mean, n)
    los = 0.5 * (1 + math.erf((mean - 0.5) / (se * math.sqrt(2)))) if se > 0 else None
    return {
        "pairs": n,
        "score": mean,
        "score_ci": [lo, hi],
        "elo": _finite(elo_of_score(mean)),
        "elo_ci": [_finite(elo_of_score(lo)), _finite(elo_of_score(hi))],
        "los": los,
    }


def wilson_mean(mean: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval for a mean ``mean`` of ``n`` scores in [0, 1]."""
    centre = (mean + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(mean * (1 - mean) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _finite(x: float) -> float | None:
    """JSON has no infinity: a score of 0 or 1 has no Elo, written as null."""
    return x if math.isfinite(x) else None


def fixed_pairs(sprt: Sprt, counts: Sequence[int]) -> int | None:
    """The pairs a fixed-length test needs to tell ``elo1`` from ``elo0`` with the same
    error rates, given the pair variance seen in ``counts`` (normal approximation:
    ``N = ((z_alpha + z_beta) sd / (s1 - s0)) ** 2``); ``None`` without a variance."""
    n = sum(counts)
    if n < 2:
        return None
    mean = sum(c * a for c, a in zip(counts, OUTCOMES, strict=True)) / n
    var = sum(c * (a - mean) ** 2 for c, a in zip(counts, OUTCOMES, strict=True)) / n
    if var == 0:
        return None
    z = NormalDist().inv_cdf(1 - sprt.alpha) + NormalDist().inv_cdf(1 - sprt.beta)
    gap = score_of_elo(sprt.elo1) - score_of_elo(sprt.elo0)
    return math.ceil((z * math.sqrt(var) / gap) ** 2)
