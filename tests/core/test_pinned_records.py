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
        ("random", 150): "e29069205d51f9d607db12bc4684ea0e3245cf13d83dd8738e8ea8b95165c13f",
        ("heuristic", 30): "81fa38d301b630f305f8a44a157222a992c569e5febd8226cbd2b3c3164f0514",
    },
    "double-nine-100": {
        ("random", 200): "973cac8d22c9e650eb79734f6df1862fdfc8402efa0a9437037038e80a231d80",
        ("heuristic", 40): "5181458ff172cd76f15933fd35580c3d5c23d5a14a56624710d7f7dafddcb464",
        ("expert", 1): "6cb00dc8f7ff9325e8f6aaa33a1bfa42760d4dfaa00c091168ad735446b3d528",
    },
    "block": {
        ("random", 150): "363bd71530a3f2b5c28fe041d7152f8ee5b22f48ad1ff94175481146f47f03c8",
        ("heuristic", 30): "bd3e9e4b619fe32064e6676e0bfcd46f13426422b49bca458616f441162419ce",
    },
}
#: The expert's match is the slow one (seconds): the quick loop leaves it to the whole suite.
CASES = [
    pytest.param(v, player, n, id=f"{v}-{player}", marks=[pytest.mark.slow] * (player == "expert"))
    for v, cases in PINNED.items()
    for player, n in cases
]


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


@pytest.mark.slow  # plays whole matches
@pytest.mark.parametrize("variant, player, matches", CASES)
def test_seeded_matches_give_the_pinned_records(plugins, variant, player, matches):
    if variant not in plugins.variants.names():
        pytest.skip(f"the {variant} plugin is not installed")
    assert records_digest(plugins, variant, player, matches) == PINNED[variant][player, matches]
