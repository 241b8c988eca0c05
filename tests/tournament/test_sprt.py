"""The sequential test on pair outcomes of known strength: it accepts the right hypothesis
at the stated error rates, and it needs far fewer pairs than a fixed-length test."""

from __future__ import annotations

import math
import random

import pytest

from capicua.tournament.config import ConfigError
from capicua.tournament.sprt import (
    OUTCOMES,
    Sprt,
    constrained,
    elo_of_score,
    estimate,
    fixed_pairs,
    score_of_elo,
)

# Pair outcomes shaped like domino duplicate pairs: no drawn games, so only 0, 1 and 2
# points out of 2, and many split pairs (each side wins the deal it was dealt).
DOMINO_PAIRS = (0.2, 0.0, 0.6, 0.0, 0.2)


def pairs_of_strength(elo: float) -> list[float]:
    """The pentanomial distribution of domino-shaped pairs with a per-game score of
    ``elo`` Elo (the tilt of DOMINO_PAIRS that has that expectation)."""
    p = [x if x > 0 else 1e-12 for x in DOMINO_PAIRS]
    q = constrained(p, score_of_elo(elo))
    total = sum(q)
    return [x / total for x in q]


def run_test(sprt: Sprt, probabilities: list[float], rng: random.Random, most: int = 20_000):
    """One sequential test on simulated pairs: (decision, pairs played)."""
    counts = [0] * 5
    cumulative = [sum(probabilities[: i + 1]) for i in range(5)]
    for n in range(1, most + 1):
        u = rng.random()
        counts[next(i for i, c in enumerate(cumulative) if u < c or i == 4)] += 1
        decision = sprt.decide(sprt.llr(counts))
        if decision:
            return decision, n
    return None, most


def test_scores_and_elo_are_the_logistic_curve_both_ways():
    assert score_of_elo(0) == 0.5
    assert score_of_elo(400) == pytest.approx(10 / 11)
    for elo in (-300, -5, 0, 5, 120):
        assert elo_of_score(score_of_elo(elo)) == pytest.approx(elo)
    assert elo_of_score(1.0) == math.inf and elo_of_score(0.0) == -math.inf


def test_the_constrained_distribution_has_the_asked_expectation_and_stays_closest():
    p = [0.1, 0.05, 0.5, 0.05, 0.3]
    for s in (0.3, 0.5, 0.6, 0.9):
        q = constrained(p, s)
        assert sum(q) == pytest.approx(1)
        assert sum(a * x for a, x in zip(OUTCOMES, q, strict=True)) == pytest.approx(s)
    assert constrained(p, sum(a * x for a, x in zip(OUTCOMES, p, strict=True))) == pytest.approx(p)


def test_the_ratio_is_zero_for_symmetric_hypotheses_on_an_even_result():
    assert Sprt(-5, 5).llr([3, 1, 10, 1, 3]) == pytest.approx(0, abs=1e-9)
    assert Sprt(0, 5).llr([0, 0, 0, 0, 0]) == 0
    assert Sprt(0, 5).llr([1, 0, 2, 0, 9]) > 0 > Sprt(0, 5).llr([9, 0, 2, 0, 1])


def test_the_ratio_agrees_with_the_brownian_approximation_on_a_large_sample():
    # For many pairs the generalised ratio is close to N (s1 - s0)(2s - s0 - s1) / (2 var).
    counts = [1100, 40, 3300, 45, 1500]
    sprt = Sprt(0, 10)
    n = sum(counts)
    mean = sum(c * a for c, a in zip(counts, OUTCOMES, strict=True)) / n
    var = sum(c * (a - mean) ** 2 for c, a in zip(counts, OUTCOMES, strict=True)) / n
    s0, s1 = score_of_elo(0), score_of_elo(10)
    approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
    assert sprt.llr(counts) == pytest.approx(approx, rel=0.02)


def test_wald_bounds_follow_the_error_rates():
    lower, upper = Sprt(0, 5, alpha=0.05, beta=0.05).bounds()
    assert lower == pytest.approx(-2.944, abs=1e-3) and upper == pytest.approx(2.944, abs=1e-3)
    lower, upper = Sprt(0, 5, alpha=0.01, beta=0.1).bounds()
    assert lower == pytest.approx(math.log(0.1 / 0.99)) and upper == pytest.approx(math.log(90))


@pytest.mark.parametrize(
    "text, message",
    [
        ("elo0=0,elo1=5,gamma=1", "takes elo0=, elo1=, alpha= and beta="),
        ("elo0=five", "elo0 must be a number, not 'five'"),
        ("elo1=nan", "elo1 must be a finite number"),
        ("alpha=0", "alpha must be above 0 and below 0.5, not 0"),
        ("beta=0.7", "beta must be above 0 and below 0.5"),
        ("elo0=5,elo1=0", "elo0 must be below elo1"),
        ("elo1=1e9", "elo1 must be within ±2000 Elo"),
    ],
)
def test_bad_test_settings_are_one_line(text, message):
    with pytest.raises(ConfigError) as info:
        Sprt.parse(text)
    assert message in str(info.value) and str(info.value).startswith("--sprt")


def test_settings_not_given_take_the_defaults():
    assert Sprt.parse("elo1=10") == Sprt(0, 10, 0.05, 0.05)
    assert Sprt.parse("") == Sprt()


RUNS = 300


@pytest.mark.slow
@pytest.mark.parametrize("truth", ["H0", "H1"])
def test_the_test_accepts_the_right_hypothesis_at_the_stated_error_rates(truth):
    # Simulated pairs of a known strength, a fixed seed: at elo0 the test must accept H1
    # at most alpha of the time, at elo1 accept H0 at most beta of the time. Wald's bounds
    # make the true rates a little lower than stated; the allowance is three standard
    # errors of a 300-run binomial, so the test fails if the rate were, say, twice alpha.
    sprt = Sprt(elo0=0, elo1=40, alpha=0.05, beta=0.1)
    rng = random.Random(20240601)
    probabilities = pairs_of_strength(sprt.elo0 if truth == "H0" else sprt.elo1)
    results = [run_test(sprt, probabilities, rng) for _ in range(RUNS)]
    assert all(decision is not None for decision, _ in results)
    wrong = sum(1 for decision, _ in results if decision != truth)
    rate = sprt.alpha if truth == "H0" else sprt.beta
    assert wrong / RUNS <= rate + 3 * math.sqrt(rate * (1 - rate) / RUNS)
    assert wrong > 0  # the bounds are not so wide that the test never errs
    mean_pairs = sum(n for _, n in results) / RUNS
    # A fixed-length test with the same error rates at this variance needs far more.
    fixed = fixed_pairs(sprt, [round(1000 * p) for p in probabilities])
    assert fixed is not None and mean_pairs < 0.7 * fixed


def test_a_much_stronger_player_is_accepted_quickly():
    sprt = Sprt(0, 5)
    rng = random.Random(7)
    decision, n = run_test(sprt, pairs_of_strength(300), rng)
    fixed = fixed_pairs(sprt, [round(1000 * p) for p in pairs_of_strength(300)])
    assert decision == "H1" and fixed is not None and n < fixed / 5


def test_the_estimate_is_the_mean_score_with_a_normal_interval():
    e = estimate([0, 0, 10, 0, 10])  # half the pairs split, half won twice
    assert e["score"] == pytest.approx(0.75)
    lo, hi = e["score_ci"]
    sd = 0.25  # every pair is 0.25 away from the mean
    assert hi - lo == pytest.approx(2 * 1.959964 * sd / math.sqrt(20), rel=1e-4)
    assert e["elo"] == pytest.approx(elo_of_score(0.75))
    assert e["elo_ci"][0] < e["elo"] < e["elo_ci"][1] and e["los"] > 0.99
    assert estimate([0, 0, 0, 0, 0])["score"] is None
