"""The expert player: Monte Carlo search over the hidden tiles, from the view alone.

For each decision in play the expert

1. reads its view into what it knows (:mod:`capicua.players.knowledge`): its own tiles, the
   line, the tile counts, the unseen tiles and the tiles each seat has shown it lacks by
   passing (:meth:`View.lacks`: what the rules say each pass told);
2. samples deals of the unseen tiles into the other hands (and, in double-nine, the unused
   pile) consistent with all of that — one *determinization* per sample — drawn in
   proportion to how well each explains the plays the other seats made
   (:mod:`capicua.players.inference` reads each past play by the heuristic's public terms:
   a seat that played light while it could have shed a heavy double probably does not hold
   it; :mod:`capicua.players.chain` walks the deals with a Metropolis chain), and in Chiva
   weighs each sampled deal by how well the rest of each hand explains what that seat
   kept (:meth:`~capicua.players.inference.Reading.hand_ratio`, where the game's
   :attr:`~capicua.core.variant.Tuning.hand_terms` says so);
3. plays every candidate move out to the end of the hand in each sample with the fast
   simulator (:mod:`capicua.players.sim`; all four seats follow its quick policy), the same
   samples for every candidate so that the comparison is fair;
4. values each result as match equity (:mod:`capicua.players.equity`: the chance to win
   the match from the score it leads to, which weighs the hand's win probability, the
   points at stake and the series), and plays the candidate with the best mean plus a
   small prior from the heuristic's score (:data:`PRIOR_WEIGHT`), which settles what the
   playouts cannot tell apart.

How much it searches is an option: ``level`` (``fast``, ``normal``, ``strong``) sets a
budget of simulated work per decision, counted in tiles played out, so a decision costs
about the same time in every position and the answer is reproducible from the seed;
``samples`` fixes the number of sampled deals instead; ``seconds`` sets a wall-clock budget
(faster machines search more; not reproducible). The draw, the leader and redeal claims
are decided as the heuristic decides them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from ..core.actions import DRAW, Action, Play
from ..core.variant import VariantInfo
from ..core.view import View
from ..hookspecs import hookimpl
from ..i18n import N_
from .analysis import Analysis, Candidate
from .base import ComputerPlayer, Option
from .chain import DealChain, consistent_deal
from .equity import Equity
from .heuristic import score_plays
from .inference import Reading
from .knowledge import Knowledge, knowledge
from .levels import LEVELS
from .sim import DOUBLE, HI, LO, block_result, ends_after, held_counts, playout, rules_for

#: Weight of the heuristic's score, in win probability per score point (tuned with
#: benchmarks/strength.py).
PRIOR_WEIGHT = 0.01


def tuned_reading(info: VariantInfo) -> float:
    """The reading strength tuned for the game (:attr:`Tuning.reading
    <capicua.core.variant.Tuning.reading>`; an unmeasured game gets the default)."""
    return info.variant().tuning.reading


#: The cost of the reading and of the chain, in tiles played out (one unit of the work
#: budget): building the reading, per play read; the chain, per proposal. Measured with
#: benchmarks/levels.py --costs (docs/players.md, Levels); the charges are above the costs.
READ_COST = 100
PROPOSAL_COST = 0.7

#: The cost of weighing a sample by the heuristic's terms about the rest of each hand
#: (:meth:`~capicua.players.inference.Reading.hand_ratio`), per play read, in work units
#: (benchmarks/levels.py --costs, docs/players.md).
HAND_COST = 4


def candidate_plays(view: View) -> list[Play]:
    """The legal plays, one per distinct outcome: with both ends showing the same number a
    tile that fits one fits the other, and the two plays lead to the same position (the
    same way round: a play that names the number it leaves open is its own outcome)."""
    seen = set()
    out = []
    for a in view.legal:
        if not isinstance(a, Play):
            continue
        ends = view.ends
        key = (a.tile.index, a.end if ends is None or ends[0] != ends[1] else "left", a.shows)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out


def candidate_actions(view: View) -> list[Action]:
    """The choices a play decision weighs: :func:`candidate_plays` and, in a game that draws
    at will (:attr:`Variant.draws_at_will <capicua.core.variant.Variant.draws_at_will>`),
    the draw beside them."""
    plays: list[Action] = list(candidate_plays(view))
    if plays and DRAW in view.legal:
        plays.append(DRAW)
    return plays


def analyse(
    view: View,
    rng: random.Random,
    *,
    level: str = "normal",
    samples: int = 0,
    seconds: float = 0.0,
    noise: float = 0.0,
    reading: float | None = None,
    k: Knowledge | None = None,
    deal: Callable[[Knowledge, random.Random], list[list[int]]] | None = None,
) -> Analysis:
    """Search the play decision of ``view`` (which must be in the play phase, at this seat's
    turn). ``samples > 0`` fixes the number of sampled deals; ``seconds > 0`` sets a
    wall-clock budget; otherwise ``level`` sets the work budget. ``reading`` is how much
    the other seats' plays are trusted as signs of their tiles (0: not at all; ``None``:
    the game's tuned strength, :attr:`Tuning.reading
    <capicua.core.variant.Tuning.reading>`). ``deal`` replaces the sampler
    (benchmarks/strength.py's ``oracle`` passes the real hands, to measure what the hidden
    information is worth; a player never may). A game with rules of play of its own is
    searched by :func:`capicua.players.general.analyse_rules` instead."""
    if not view.variant.variant().plays_fast():
        from .general import analyse_rules  # here: general.py imports this module

        return analyse_rules(view, rng, level=level, samples=samples)
    k = k if k is not None else knowledge(view)
    plays = candidate_plays(view)
    prior = {s.action: s.score for s in score_plays(view, k)}
    cands = [Candidate(a, prior.get(a, 0.0)) for a in plays]
    cands.sort(key=lambda c: -c.prior)  # stable: equal priors keep the legal order
    if not cands:
        return Analysis([Candidate(a, 0.0) for a in view.legal], 0, "the only move")
    if len(k.hand) == 1:
        return Analysis(cands, 0, "goes out")
    if len(cands) == 1:
        return Analysis(cands, 0, "the only move")
    work_budget, most = LEVELS[level]
    if samples > 0:
        work_budget, most = 1 << 62, samples
    start = time.perf_counter()
    deadline = start + seconds if seconds > 0 else None
    if deadline is not None:
        work_budget, most = 1 << 62, 1 << 62
    variant = view.variant.variant()
    rules = rules_for(variant)
    equity = Equity(variant, view.team, view.scores)
    me, seats, max_pip = k.me, k.seats, k.max_pip
    nxt = (me + 1) % seats
    left, right = k.left, k.right
    team = view.team
    moves: list[tuple[int, int]] = []  # per candidate: (tile index, 0 left / 1 right)
    for c in cands:
        a = c.action
        assert isinstance(a, Play)  # every candidate left is one of candidate_plays(view)
        moves.append((a.tile.index, 0 if a.end == "left" else 1))
    scale = PRIOR_WEIGHT * equity.spread
    tiles_out = sum(k.counts)
    if reading is None:
        reading = variant.tuning.reading
    model = Reading(view, k, reading) if deal is None else None
    chain = DealChain(k, model, rng) if model else None
    # What the sampling costs, in tiles played out (measured, docs/players.md): the
    # reading READ_COST per play read, the chain PROPOSAL_COST per proposal (its burn-in
    # now, its thinning with each sample), a uniform deal about one per tile dealt.
    work = len(model.steps) * READ_COST if model else 0
    # The model that weighs the chain's deals, where the variant's hand terms count (a chain
    # is only made from a model).
    weigher = model if chain is not None and variant.tuning.hand_terms else None
    if chain is not None:
        work += int(chain.proposals * PROPOSAL_COST)
        sample_cost = int(chain.thin * PROPOSAL_COST) + 1
        if weigher is not None:
            sample_cost += len(weigher.steps) * HAND_COST
    else:
        sample_cost = len(k.unseen)
    active = list(range(len(cands)))
    halved = False
    done = 0
    while done < most and work < work_budget:
        if deadline is not None and done and time.perf_counter() > deadline:
            break
        if (
            not halved
            and len(active) > 2
            and (
                work * 2 >= work_budget
                if deadline is None
                else 2 * time.perf_counter() >= deadline + start
            )
        ):
            # Successive halving: the second half of the budget goes to the better half
            # of the candidates, where a closer look can still change the choice.
            halved = True
            active.sort(key=lambda i: -(cands[i].value + scale * cands[i].prior))
            active = sorted(active[: (len(active) + 1) // 2])
        if chain is not None:
            hands = chain.sample()
        elif deal is not None:
            hands = deal(k, rng)
        else:
            hands = consistent_deal(k, rng)
        # The chain draws deals by the public terms of the plays; the terms about the rest of
        # each hand weigh them (importance sampling: the two models are close, so in Chiva
        # the weights keep about 80% of the samples' worth; docs/players.md).
        weight = weigher.hand_ratio(hands) if weigher is not None else 1.0
        held = held_counts(hands, max_pip)
        for i in active:
            c = cands[i]
            tile, end = moves[i]
            hs = [h[:] for h in hands]
            hs[me].remove(tile)
            hd = held[:]
            hd[HI[tile]] -= 1
            if not DOUBLE[tile]:
                hd[LO[tile]] -= 1
            nl, nr = ends_after(tile, end, left, right)
            if hd[nl] == 0 and hd[nr] == 0:
                winner, points = block_result(hs, rules)
            else:
                winner, points = playout(hs, hd, nl, nr, nxt, rules, rng, noise)
            c.samples += 1
            c.weight += weight
            c.total += weight * equity.value(winner, points)
            if winner == team:
                c.won += weight
            elif winner == 0:
                c.won += 0.5 * weight
        done += 1
        work += len(active) * tiles_out + sample_cost
    # The playouts follow a quick policy that keeps only three of the heuristic's rules
    # (tempo, partner support, control); its score is added as a small prior, in units of
    # the hand's win probability, so that it decides between moves the samples find close.
    best = max(active, key=lambda i: (cands[i].value + scale * cands[i].prior, -i))
    cands.insert(0, cands.pop(best))
    return Analysis(cands, done, read=chain is not None)


class ExpertPlayer(ComputerPlayer):
    """Monte Carlo search over deals consistent with its view (see the module docstring)."""

    name = "expert"
    description = N_(
        "Monte Carlo search over the hidden tiles, dealt to fit what the plays "
        "say; plays the match score"
    )
    options = {
        "level": Option(str, "normal", N_("search budget per decision"), choices=tuple(LEVELS)),
        "samples": Option(
            int, 0, N_("sampled deals per decision (0: as the level says)"), min=0, max=1_000_000
        ),
        "seconds": Option(
            float,
            0.0,
            N_("wall-clock budget per decision instead of the level (0: off; not reproducible)"),
            min=0.0,
            max=600.0,
        ),
        "reading": Option(
            float,
            1.0,
            N_(
                "how much the other seats' plays are trusted as signs "
                "of their tiles, times the tuned amount (0: only passes are read)"
            ),
            min=0.0,
            max=10.0,
        ),
    }

    level: str
    samples: int
    seconds: float
    reading: float

    def choose_play(self, view: View) -> Action:
        return analyse(
            view,
            self.rng,
            level=self.level,
            samples=self.samples,
            seconds=self.seconds,
            reading=self.reading * tuned_reading(view.variant),
        ).best


@hookimpl
def capicua_register_players(registry) -> None:
    registry.add(ExpertPlayer)
