"""Fixtures shared by the players' tests: the built-in variants and the benchmark scripts."""

from __future__ import annotations

import pytest
from benchmark_scripts import load_benchmark

from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


@pytest.fixture(params=["chiva", "double-nine-100"])
def variant(request):
    return Chiva() if request.param == "chiva" else DoubleNine100()


@pytest.fixture(scope="module")
def strength():
    return load_benchmark("strength")


@pytest.fixture(scope="module")
def levels():
    return load_benchmark("levels")


@pytest.fixture(scope="module")
def policy():
    return load_benchmark("policy")


@pytest.fixture(scope="module")
def reading():
    return load_benchmark("reading")
