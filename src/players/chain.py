"""Deals drawn in proportion to how well they explain the plays: a Metropolis chain.

The expert needs deals of the unseen tiles that are consistent with the view (counts and
passes, :mod:`capicua.players.knowledge`) and, among those, more often the ones that
explain the other seats' plays (:class:`~capicua.players.inference.Reading`). Weighing
uniform samples by the likelihood (importance sampling) wastes them when the model is
sharp: a few samples carry all the weight. Instead one chain per decision walks over the
consistent deals: a step proposes to exchange two tiles between two places (hands or the
unused pile) where both may go, and accepts with the likelihood ratio of the two deals
(Metropolis: the proposal is symmetric), so the deals it visits are distributed as the
likelihood and every sample counts the same.

The chain starts from a uniform consistent deal, is run ``burn`` times the number of
unseen tiles before the first sample and ``thin`` times that number between samples.
Updating the likelihood after an exchange touches only the steps of the two seats
involved; :attr:`DealChain.proposals` counts the work, which the expert charges to its
budget.
"""

from __future__ import annotations

import random

from .inference import Reading
from .knowledge import Knowledge, sample_deal, tile_fits
from .sim import HI, LO


class DealChain:
    """A Metropolis chain over the deals consistent with ``k``, targeting ``model``."""

    def __init__(
        self, k: Knowledge, model: Reading, rng: random.Random, burn: float = 3.0, thin: float = 0.5
    ) -> None:
        self.k = k
        self.rng = rng
        hands = consistent_deal(k, rng)
        others = k.others
        held = {t for s in others for t in hands[s]}
        #: Where the unseen tiles are: one list per other seat, then the unused pile.
        self.slots = [list(hands[s]) for s in others] + [[t for t in k.unseen if t not in held]]
        self.masks = [k.lacks[s] for s in others] + [0]
        slot_of = {s: i for i, s in enumerate(others)}
        #: Per step of the model: its fit table and its current total (the denominator of
        #: that play's probability in the current deal).
        self.fits: list[list[float]] = []
        self.totals: list[float] = []
        self.by_slot: list[list[int]] = [[] for _ in self.slots]
        for j, (seat, fit, since) in enumerate(model.steps):
            self.fits.append(fit)
            self.totals.append(since + sum(fit[u] for u in hands[seat]))
            self.by_slot[slot_of[seat]].append(j)
        self.places = [(i, j) for i, slot in enumerate(self.slots) for j in range(len(slot))]
        n = len(self.places)
        self.thin = max(1, int(n * thin))
        self.proposals = 0
        self.accepted = 0
        self.run(int(n * burn))

    def run(self, steps: int) -> None:
        """``steps`` proposals."""
        n = len(self.places)
        if n < 2:
            return
        rng, slots, masks, places = self.rng, self.slots, self.masks, self.places
        fits, totals, by_slot = self.fits, self.totals, self.by_slot
        self.proposals += steps
        for _ in range(steps):
            a_slot, a_i = places[int(rng.random() * n)]
            b_slot, b_i = places[int(rng.random() * n)]
            if a_slot == b_slot:
                continue
            ta, tb = slots[a_slot][a_i], slots[b_slot][b_i]
            if not (tile_fits(ta, masks[b_slot]) and tile_fits(tb, masks[a_slot])):
                continue
            ratio = 1.0
            new: list[tuple[int, float]] = []
            for j in by_slot[a_slot]:
                f = fits[j]
                total = totals[j] - f[ta] + f[tb]
                ratio *= totals[j] / total
                new.append((j, total))
            for j in by_slot[b_slot]:
                f = fits[j]
                total = totals[j] - f[tb] + f[ta]
                ratio *= totals[j] / total
                new.append((j, total))
            if ratio >= 1.0 or rng.random() < ratio:
                slots[a_slot][a_i], slots[b_slot][b_i] = tb, ta
                for j, total in new:
                    totals[j] = total
                self.accepted += 1

    def sample(self) -> list[list[int]]:
        """The next deal: every seat's hand, this seat's own as it is."""
        self.run(self.thin)
        k = self.k
        hands: list[list[int]] = [[] for _ in range(k.seats)]
        hands[k.me] = list(k.hand)
        for i, s in enumerate(k.others):
            hands[s] = list(self.slots[i])
        return hands


def consistent_deal(k: Knowledge, rng: random.Random) -> list[list[int]]:
    """A sampled deal in which the hand is not already blocked: the hand goes on, so some
    seat holds a tile of an open number (in double-nine they could all be unused)."""
    hands = sample_deal(k, rng)
    if k.left < 0 or k.unused == 0:
        return hands
    for _ in range(20):
        if any(HI[t] in (k.left, k.right) or LO[t] in (k.left, k.right) for h in hands for t in h):
            return hands
        hands = sample_deal(k, rng)
    return hands
