"""Fixtures shared by the players' tests: the built-in variants and the benchmark scripts."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


@pytest.fixture(params=["chiva", "double-nine-100"])
def variant(request):
    return Chiva() if request.param == "chiva" else DoubleNine100()


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def load_benchmark(name: str):
    """``benchmarks/<name>.py`` as a module (the scripts are not a package)."""
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
