"""Policies for the ``policy`` player's tests, named by this file's path in their specs."""

from __future__ import annotations

calls: list[tuple] = []
loaded: list[str] = []


def first(observation, mask):
    """The legal action with the lowest number."""
    return int(mask.nonzero()[0][0])


def seeded(observation, mask, rng):
    """A legal action from the seat's stream; remembers what it was given."""
    calls.append((observation, mask, rng))
    legal = mask.nonzero()[0]
    return int(legal[rng.randrange(len(legal))])


def illegal(observation, mask):
    """The lowest action number that is not legal."""
    return int((mask == 0).nonzero()[0][0])


def not_a_number(observation, mask):
    return "6-6L"


def load(path):
    """A loader: remembers the weights file it was given and plays ``first``."""
    loaded.append(path)
    return first


def refuse(path):
    raise ValueError(f"{path} is not a weights file of mine")


NOT_CALLABLE = 42
