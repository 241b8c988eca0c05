"""Fixtures shared by the players' tests: the built-in variants and random positions."""

from __future__ import annotations

import pytest

from capicua.variants.chiva import Chiva
from capicua.variants.double_nine import DoubleNine100


@pytest.fixture(params=["chiva", "double-nine-100"])
def variant(request):
    return Chiva() if request.param == "chiva" else DoubleNine100()
