"""A player's random stream tells it nothing about the match seed, the deals or the other
seats' streams, even to a player that works its Mersenne Twister all the way back.

The attacker here is the one a player plugin can be: it reads 624 outputs of its stream,
untempers them into the generator's state, untwists that into the state just after seeding,
and inverts ``init_by_array`` into the numbers the stream was seeded with. The same attack
on a stream seeded from text holding the seed finds the seed, which shows the attack works.
"""

from __future__ import annotations

import hashlib
import random

from capicua.core.rng import Dealer, derive_bits, derive_seed, seat_stream
from capicua.core.tiles import tile_set
from capicua.players.command import bot_seed

N, M = 624, 397
MASK = 0xFFFFFFFF
MATRIX = 0x9908B0DF


def untemper(y: int) -> int:
    y ^= y >> 18
    y ^= (y << 15) & 0xEFC60000
    x = y
    for _ in range(5):
        x = y ^ ((x << 7) & 0x9D2C5680)
    y = x
    x = y
    for _ in range(3):
        x = y ^ (x >> 11)
    return x


def untwist(state: list[int]) -> list[int]:
    """The 624 words before the twist that made ``state`` (the first word's low bits are
    lost, and after seeding that word is 0x80000000 anyway)."""
    mt = list(state)

    def y_of(i: int) -> int:
        tmp = mt[i] ^ mt[(i + M) % N]
        if tmp & 0x80000000:
            return (((tmp ^ MATRIX) << 1) | 1) & MASK
        return (tmp << 1) & MASK

    for i in range(N - 1, -1, -1):
        mt[i] = (y_of(i) & 0x80000000) | (y_of((i - 1) % N) & 0x7FFFFFFF)
    mt[0] = 0x80000000
    return mt


def _init_genrand(s: int) -> list[int]:
    mt = [s]
    for i in range(1, N):
        mt.append((1812433253 * (mt[-1] ^ (mt[-1] >> 30)) + i) & MASK)
    return mt


def seeding_words(seeded: list[int]) -> list[int] | None:
    """The key ``init_by_array`` was given, from the state it left (keys of at most 300
    words, each word then seen at least twice, so its length is known)."""
    f = seeded

    def g(x: int, mult: int) -> int:
        return ((x ^ (x >> 30)) * mult) & MASK

    # Undo the second loop: 622 steps at i = 2..623, then one at i = 1 reading mt[0] = f[623].
    after_first = [0] * N
    after_first[1] = ((f[1] + 1) & MASK) ^ g(f[N - 1], 1566083941)
    for i in range(N - 1, 1, -1):
        before = after_first[1] if i == 2 else f[i - 1]
        after_first[i] = ((f[i] + i) & MASK) ^ g(before, 1566083941)
    # Undo the first loop's steps at i = 3..623: key[j] + j with j = (i - 1) mod length.
    start = _init_genrand(19650218)
    sums = {
        i: (after_first[i] - (start[i] ^ g(after_first[i - 1], 1664525))) & MASK
        for i in range(3, N)
    }
    for length in range(1, 301):
        key: dict[int, int] = {}
        for i, total in sums.items():
            j = (i - 1) % length
            word = (total - j) & MASK
            if key.setdefault(j, word) != word:
                break
        else:
            return [key[j] for j in range(length)]
    return None


def attack(rng: random.Random) -> bytes | None:
    """What a player recovers from its own stream: the number it was seeded with, as bytes."""
    outputs = [rng.getrandbits(32) for _ in range(N)]
    words = seeding_words(untwist([untemper(y) for y in outputs]))
    if words is None:
        return None
    number = sum(w << (32 * k) for k, w in enumerate(words))
    return number.to_bytes((number.bit_length() + 7) // 8, "big")


def text_seed(recovered: bytes) -> str | None:
    """The text a stream was seeded with, if ``recovered`` is ``random.Random``'s seeding of
    text (the text's bytes, then their SHA-512)."""
    text, digest = recovered[:-64], recovered[-64:]
    if hashlib.sha512(text).digest() != digest:
        return None
    return text.decode("utf-8", "replace")


SEED = 4_611_686_018_427_387_903 - 12_345  # a secret 62-bit match seed


def test_the_attack_finds_the_seed_of_a_stream_seeded_with_text_holding_it():
    recovered = attack(random.Random(f"{SEED}:seat:2"))
    assert recovered is not None
    assert text_seed(recovered) == f"{SEED}:seat:2"


def test_a_seat_stream_worked_back_gives_a_digest_with_no_seed_in_it():
    recovered = attack(seat_stream(SEED, 2))
    assert recovered is not None
    # All there is to find is the HMAC of the seed and labels: a random-looking 512 bits.
    assert int.from_bytes(recovered, "big") == int.from_bytes(derive_bits(SEED, "seat", 2), "big")
    assert text_seed(recovered) is None
    assert str(SEED).encode() not in recovered
    assert SEED.to_bytes(8, "big") not in recovered and SEED.to_bytes(8, "little") not in recovered


def test_a_seat_stream_tells_nothing_of_the_other_seats_or_the_deals():
    recovered = attack(seat_stream(SEED, 1))
    assert recovered is not None
    others = [derive_bits(SEED, "seat", s) for s in (2, 3, 4)]
    assert all(o != recovered and o[:8] not in recovered for o in others)
    # The streams are unrelated: no seat's first draws repeat another's.
    firsts = {tuple(seat_stream(SEED, s).getrandbits(32) for _ in range(8)) for s in range(1, 5)}
    assert len(firsts) == 4


#: The sha256 of the first three shuffles of the tiles up to double six and double nine for
#: the 50 match seeds ``derive_seed(7, i)``: what those seeds have always dealt.
DEALS = "1d4b2b9836ae2f66cd917cfb2e5ec68eccbe8cb9ba74d051653cfb5ccacca5b1"


def test_the_deals_of_a_seed_stay_what_they_always_were():
    """The chance stream and child seeds are never handed to a player, so they are derived
    as they always were: a seed deals the same tiles it always dealt."""
    digest = hashlib.sha256()
    for pips in (6, 9):
        for i in range(50):
            dealer = Dealer(derive_seed(7, i), tile_set(pips))
            for _ in range(3):
                digest.update(repr(dealer.next_shuffle()).encode())
    assert digest.hexdigest() == DEALS


def test_a_bot_seed_is_cut_from_the_digest():
    assert bot_seed(SEED, 3) == int.from_bytes(derive_bits(SEED, "bot", 3)[:8], "big") >> 11
