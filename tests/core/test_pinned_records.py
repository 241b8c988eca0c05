"""The records of seeded matches, pinned: a change to the engine, the views or the players
that changes any game played from a seed fails here, not silently in someone's results.

Each case plays matches from the seeds ``capicua simulate VARIANT --seed 7`` uses and
hashes their records as that command writes them (JSON Lines). A change meant to change
the games (a rule fixed, a player improved) updates the digest here, and says so.
"""

from __future__ import annotations

import hashlib

import pytest

from capicua.core.driver import play_match
from capicua.core.records import dumps, to_record
from capicua.core.rng import derive_seed, seat_stream
from capicua.plugins import load_plugins

#: The players, by the name a case gives them: each seat's config entry. The expert reads
#: nearly all of its view, so its game pins the views as well as the engine.
PLAYERS = {
    "random": "random",
    "heuristic": "heuristic",
    "expert": {"player": "expert", "level": "fast"},
}

#: By variant, (player in every seat, matches): the sha256 of their records, one line each.
#: (A Chiva match takes the expert four times as long as a double-nine one.)
PINNED = {
    "chiva": {
        ("random", 150): "2027ba2a460f517db86adf6829cc55f697c62934211ac4f38b88ac6650f10b91",
        ("heuristic", 30): "f9e4b75069d0344b87be6761a06d8e139c5ff7b961d1ea68eeb4eac36e13885b",
    },
    "double-nine-100": {
        ("random", 200): "d6f71abc4bee20df8fbd8040f3f43009cc5aa4b3a8e9407a6a225a41b741d1fd",
        ("heuristic", 40): "7f2a460e52eb040734d9227705e8cb95dbcedab663f37674a72b784cdaf04ff5",
        ("expert", 1): "163085232d61e28c2557aa4355813a1a77b0c8f69280e982c862ae8806b084b2",
    },
    "block": {
        ("random", 150): "8ed80584b4392da484a84aba7771fdd1cd315ea88845c36fdd2befa54695ebdc",
        ("heuristic", 30): "bf0058f1e8ee153065c3bd87be3c106dac943dcb9044eeee0a5aeec7c1c0aa7d",
    },
}
CASES = [(v, player, n) for v, cases in PINNED.items() for player, n in cases]


@pytest.fixture(scope="module")
def plugins():
    return load_plugins()


def records_digest(plugins, variant_name: str, player: str, matches: int) -> str:
    variant = plugins.variants.create(variant_name)
    seats = {s: PLAYERS[player] for s in range(1, variant.seats + 1)}
    digest = hashlib.sha256()
    for i in range(matches):
        seed = derive_seed(7, i)
        players = {
            s: plugins.players.create(spec, seat_stream(seed, s)) for s, spec in seats.items()
        }
        match = play_match(variant, players, seed)
        digest.update((dumps(to_record(match, seats)) + "\n").encode("utf-8"))
    return digest.hexdigest()


@pytest.mark.parametrize("variant, player, matches", CASES, ids=[f"{v}-{p}" for v, p, _ in CASES])
def test_seeded_matches_give_the_pinned_records(plugins, variant, player, matches):
    if variant not in plugins.variants.names():
        pytest.skip(f"the {variant} plugin is not installed")
    assert records_digest(plugins, variant, player, matches) == PINNED[variant][player, matches]
