"""A random stream's place written down as text and set back: the same draws follow."""

from __future__ import annotations

import base64
import random
import struct

import pytest

from capicua.core.rng import parse_stream_state, restore_stream, seat_stream, stream_state


def test_a_stream_set_back_to_its_written_state_draws_the_same_numbers():
    rng = seat_stream(7, 2)
    rng.shuffle(list(range(30)))
    text = stream_state(rng)
    ahead = [rng.random() for _ in range(700)]  # past a twist of the 624 words
    again = random.Random()
    restore_stream(again, text)
    assert [again.random() for _ in range(700)] == ahead
    assert len(text) < 3400


def test_a_pending_gaussian_is_kept_too():
    rng = seat_stream(7, 3)
    rng.gauss(0.0, 1.0)  # draws two values, keeps the second for the next call
    text = stream_state(rng)
    again = random.Random()
    restore_stream(again, text)
    assert again.gauss(0.0, 1.0) == rng.gauss(0.0, 1.0)
    assert again.random() == rng.random()


def test_a_state_that_is_not_text_is_refused():
    with pytest.raises(TypeError, match="is text, not NoneType"):
        parse_stream_state(None)


def _words(index: int) -> str:
    words = list(seat_stream(1, 1).getstate()[1])
    words[-1] = index
    return "mt19937:" + base64.b64encode(struct.pack("<625I", *words)).decode()


@pytest.mark.parametrize(
    "text, why",
    [
        ("", "starts mt19937:"),
        ("xorshift:AAAA", "starts mt19937:"),
        ("mt19937:not base64!", "not base64"),
        ("mt19937:AAAA", "holds 2500 bytes, not 3"),
        (_words(625), "index is at most 624"),
        (_words(3) + ":half", "not a hex float"),
        (_words(3) + ":nan", "not finite"),
        (_words(3) + ":0x1p-1:more", "two or three parts"),
    ],
)
def test_a_damaged_state_is_refused_with_the_reason(text, why):
    with pytest.raises(ValueError, match=why):
        parse_stream_state(text)
