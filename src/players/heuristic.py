"""The heuristic player: fast, explainable rules of good partnership play.

Every legal play gets a score that is a sum of named terms, each a rule a good player
follows, and the highest score is played (equal scores: the seat's random stream
decides). The terms, with their reasons in words, are what :func:`explain` returns, so a
hint can say *why*:

* go out when you can; shed heavy tiles and doubles early (a double follows one number
  only, and in a block every pip left counts against you);
* keep control: expose numbers you hold many of, so you can follow them, and keep tiles
  that fit the line;
* read the passes (:meth:`View.voids`, the numbers whose every tile a seat has shown it
  lacks): expose numbers your opponents lack (they must pass), not ones your partner
  lacks; above all do not leave your partner without a play;
* support your partner: do not cover the numbers your partner put on the line, and play
  to them; cover the numbers your opponents put down;
* count the tiles: a play that blocks the hand is taken when your side would win the
  block by the game's own rule and avoided otherwise — where the game's block goes to the
  lowest team total (Chiva) or the lowest single count (double-nine), by the guessed pips
  of the hidden hands; under any other rule, by asking the game's ``block_winner`` about
  deals of the unseen tiles consistent with what this seat knows;
* where the game scores the losers' pips for the winners (double-nine: :func:`pips_scored`
  asks the game's ``points``), shed pips harder, and harder still when an opponent is about
  to go out.

A game without partners has no partner terms: they are sums over the seat's teammates.

Outside play: the draw for first lead takes any face-down tile, the leader chosen is the
chooser itself (the choice is blind and the seats are symmetric), and a hand of five or
more doubles is always shown for a redeal, as docs/rules.md requires of a computer.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..core.actions import Action, Play
from ..core.tiles import ALL_TILES, tile_set
from ..core.variant import DOMINO, Variant, VariantInfo
from ..core.view import View
from ..hookspecs import hookimpl
from ..i18n import N_, _, ngettext, pgettext
from . import general
from .base import ComputerPlayer, Option
from .knowledge import Knowledge, knowledge, sample_deal
from .sim import HI, LO, LOWEST_COUNT, PIPS, TEAM_TOTAL, rules_for, tiles_of

#: The weight of each rule in a play's score (tuned by self-play against random and
#: against earlier versions with benchmarks/strength.py).
W = {
    "pips": 0.5,
    "double": 15.0,
    "lead_suit": 1.5,
    "cover_partner": 2.5,
    "cover_opponent": 1.5,
    "support_partner": 1.5,
    "feed_opponent": 1.0,
    "follow": 0.8,
    "control": 0.7,
    "pass_next": 5.0,
    "pass_other": 2.5,
    "partner_stuck": 6.0,
    "partner_void": 1.0,
    "block": 8.0,
    "variety": 1.0,
    "tempo": 25.0,
}

#: Where the pips count (:func:`pips_scored`): the weight of a pip shed, and what is added
#: when an opponent is down to two tiles (tuned in double-nine with benchmarks/strength.py).
PIP_WEIGHT = 1.2
PIP_WEIGHT_LATE = 1.0

#: Deals sampled to judge a play that blocks the hand under a block rule of the game's own.
BLOCK_SAMPLES = 24

#: The tile index of each pair of numbers, either way round.
PAIR_INDEX = [[0] * (max(HI) + 1) for _ in range(max(HI) + 1)]
for _t in ALL_TILES:
    PAIR_INDEX[_t.hi][_t.lo] = PAIR_INDEX[_t.lo][_t.hi] = _t.index

#: The numbers as the tiles that show them are called, in English (:func:`number_name`
#: says them in the language in use).
NUMBER_NAMES = (
    "blanks",
    "ones",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "elevens",
    "twelves",
)

# The reasons whose words a number decides (:meth:`Term.words` says them with ngettext).
SHEDS_PIPS = "gets rid of {pips} pips"
KEEPS_FOLLOWERS = "keeps {count} tile that fit the line"


@dataclass(frozen=True, slots=True)
class Number:
    """A number as a reason names it ("sixes"), said in the language in use when the
    reason's words are made (``format`` gives :func:`number_name`)."""

    n: int

    def __format__(self, spec: str) -> str:
        return format(number_name(self.n), spec)


@dataclass(frozen=True, slots=True)
class Term:
    """One reason in a play's score: its weight in the score and the words for it.

    The words are kept as their English message (marked with ``N_``) and the values of its
    placeholders, and said in the language in use only when asked for (:attr:`words`):
    scoring plays, done at every decision, never translates anything."""

    value: float
    message: str = ""
    fields: Mapping[str, Any] | None = None

    @property
    def words(self) -> str:
        """The reason in words, in the language in use ("" for a term without words)."""
        message, fields = self.message, self.fields or {}
        if not message:
            return ""
        if message == SHEDS_PIPS:
            # Translators: a reason for a play; English says "pips" for 1 too.
            text = ngettext("gets rid of {pips} pips", "gets rid of {pips} pips", fields["pips"])
        elif message == KEEPS_FOLLOWERS:
            # Translators: a reason for a play: the tiles kept that can follow the line's
            # ends. (English keeps "fit" for one tile.)
            text = ngettext(
                "keeps {count} tile that fit the line",
                "keeps {count} tiles that fit the line",
                fields["count"],
            )
        else:
            text = _(message)
        return text.format(**fields) if fields else text


@dataclass(frozen=True, slots=True)
class Scored:
    """A legal play with its score and the terms that make it up."""

    action: Action
    score: float
    terms: tuple[Term, ...]


def number_name(n: int) -> str:
    """The tiles that show ``n``, as a reason names them ("sixes"), in the language in use."""
    # Translators: the tiles showing a number, as in "covers the sixes your partner put
    # down", "you hold no fives or sixes"; blanks are the tiles' empty halves (0).
    names = (
        pgettext("tiles showing", "blanks"),
        pgettext("tiles showing", "ones"),
        pgettext("tiles showing", "twos"),
        pgettext("tiles showing", "threes"),
        pgettext("tiles showing", "fours"),
        pgettext("tiles showing", "fives"),
        pgettext("tiles showing", "sixes"),
        pgettext("tiles showing", "sevens"),
        pgettext("tiles showing", "eights"),
        pgettext("tiles showing", "nines"),
        pgettext("tiles showing", "tens"),
        pgettext("tiles showing", "elevens"),
        pgettext("tiles showing", "twelves"),
    )
    if 0 <= n < len(names):
        return names[n]
    # Translators: the tiles showing a number above twelve ("13s").
    return pgettext("tiles showing", "{number}s").format(number=n)


def score_plays(view: View, k: Knowledge | None = None) -> list[Scored]:
    """Every legal play of ``view`` scored by the rules above, in ``view.legal`` order."""
    k = k if k is not None else knowledge(view)
    ctx = _Context(view.variant, k)
    return [ctx.score(a) for a in view.legal if isinstance(a, Play)]


def pips_scored(variant: Variant) -> bool:
    """Whether the winners of a domino score more the more pips the losers keep (the
    game's ``points``, asked about two ends of a hand that differ in the losers' pips)."""
    return _pips_scored(type(variant), variant.chosen)


@functools.cache
def _pips_scored(cls: type[Variant], options: tuple[tuple[str, Any], ...]) -> bool:
    v = cls(**dict(options))
    tiles = tile_set(v.max_pip)  # lightest first
    winner = v.teams[0][0]
    losers = [s for s in range(1, v.seats + 1) if s != winner]
    if len(tiles) < 2 * len(losers):
        return False
    light = {winner: (), **{s: (tiles[i],) for i, s in enumerate(losers)}}
    heavy = {winner: (), **{s: (tiles[-1 - i],) for i, s in enumerate(losers)}}
    team = v.team_of[winner]
    try:
        return v.points(DOMINO, team, heavy) > v.points(DOMINO, team, light)
    except Exception:  # noqa: BLE001 - the game's code, asked about a made-up end: no answer
        return False


def public_scorer(info: VariantInfo, k: Knowledge) -> Callable[[int, str | None], float]:
    """The heuristic's score without the terms that need the rest of the hand.

    ``k`` is a seat's knowledge at some moment with ``hand`` the tiles it is *known* to
    hold (a past moment read by another seat: the tiles it played since) and ``unseen``
    what that seat could not see. The function returns, for a tile and the end it goes to
    (``None`` for the lead), the sum of the terms anyone can reckon from public facts:
    pips and doubles, covering and supporting, the pass chances, the passes forced. What
    is left out — the suits it keeps, the tiles that fit, a block's count — depends on the
    hidden rest of the hand. The expert's reading (:mod:`capicua.players.inference`) scores
    other seats' past plays with it, so it reads them by the same rules the heuristic plays.
    """
    ctx = _Context(info, k, private=False)

    def value(tile: int, end: str | None) -> float:
        return sum(x.value for x in ctx.terms(tile, end, None))

    return value


class _Context:
    """What the terms share for one decision, computed once. ``private=False``: the hand
    in ``k`` is only the part of it that is known, and the terms that depend on the rest of
    the hand are left out (:func:`public_scorer`)."""

    def __init__(self, info: VariantInfo, k: Knowledge, private: bool = True) -> None:
        self.k = k
        seats = k.seats
        me = k.me
        self.variant = variant = info.variant()
        self.block_rule = rules_for(variant).block
        self.team_of = [0] * seats
        for number, team in enumerate(info.teams, 1):
            for s in team:
                self.team_of[s - 1] = number
        mine = self.team_of[me]
        self.partners = [s for s in range(seats) if s != me and self.team_of[s] == mine]
        self.opponents = [s for s in range(seats) if self.team_of[s] != mine]
        self.next_seat = (me + 1) % seats
        if private:
            self.mine = _by_number(k.hand, k.max_pip)  # my tiles showing each number
            self.out_there = _by_number(k.unseen, k.max_pip)  # unseen tiles, each number
            self.avg_unseen = sum(PIPS[t] for t in k.unseen) / len(k.unseen) if k.unseen else 0.0
        # The last number each seat put down is the best guess of the suit it is long in.
        self.partner_numbers = {n for s in self.partners for n in k.exposed[s][-2:]}
        self.opponent_numbers = {n for s in self.opponents for n in k.exposed[s][-2:]}
        # Who put the current end numbers on the line (for covering or keeping them).
        self.end_owner = k.end_owner
        self.pip_weight = 1.0
        if pips_scored(variant):
            # Your pips are the opponents' points if they go out: shed harder near the end.
            fewest = min(k.counts[s] for s in self.opponents)
            self.pip_weight = PIP_WEIGHT + (PIP_WEIGHT_LATE if fewest <= 2 else 0.0)
        self._pools: dict[int, tuple[list[int], int, set[int]]] = {}
        self._chances: dict[tuple[int, int, int], float] = {}

    def score(self, action: Play) -> Scored:
        k = self.k
        t = action.tile.index
        rest = [x for x in k.hand if x != t]
        if not rest:
            return Scored(
                action, 1000.0, (Term(1000.0, N_("goes out with {tile}"), {"tile": action.tile}),)
            )
        terms = self.terms(t, None if k.left < 0 else action.end, rest)
        return Scored(action, sum(x.value for x in terms), tuple(terms))

    def terms(self, t: int, end: str | None, rest: list[int] | None) -> list[Term]:
        """The terms of playing tile ``t`` at ``end`` (``None``: the lead), keeping
        ``rest``; ``rest=None`` (the rest of the hand unknown) leaves out the terms that
        depend on it."""
        terms: list[Term] = []
        pips = PIPS[t]
        terms.append(Term(self.pip_weight * pips * W["pips"], SHEDS_PIPS, {"pips": pips}))
        if HI[t] == LO[t]:
            terms.append(Term(W["double"], N_("plays a double while it still fits")))
        if end is None:
            self._lead_terms(t, rest, terms)
        else:
            self._follow_terms(end, t, rest, terms)
        return terms

    def _lead_terms(self, t: int, rest: list[int] | None, terms: list[Term]) -> None:
        if rest is not None:
            mine = self.mine
            for n in {HI[t], LO[t]}:
                left_with = mine[n] - 1
                if left_with >= 2:
                    terms.append(
                        Term(
                            W["lead_suit"] * left_with,
                            N_("leads from your long suit ({number})"),
                            {"number": Number(n)},
                        )
                    )
        self._ends_terms(HI[t], LO[t], rest, terms)

    def _follow_terms(self, end: str, t: int, rest: list[int] | None, terms: list[Term]) -> None:
        k = self.k
        if end == "left":
            old = k.left
            new_left, new_right = (LO[t] if HI[t] == old else HI[t]), k.right
        else:
            old = k.right
            new_left, new_right = k.left, (LO[t] if HI[t] == old else HI[t])
        owner = self.end_owner[0 if end == "left" else 1]
        new = new_left if end == "left" else new_right
        if new != old and owner >= 0:
            if owner in self.partners and not self._void(owner, old):
                terms.append(
                    Term(
                        -W["cover_partner"],
                        N_("covers the {number} your partner put down"),
                        {"number": Number(old)},
                    )
                )
            elif owner in self.opponents:
                terms.append(
                    Term(
                        W["cover_opponent"],
                        N_("covers the {number} an opponent put down"),
                        {"number": Number(old)},
                    )
                )
        if new in self.partner_numbers and new != old:
            terms.append(
                Term(
                    W["support_partner"],
                    N_("plays to your partner's {number}"),
                    {"number": Number(new)},
                )
            )
        if new in self.opponent_numbers and new != old:
            terms.append(
                Term(
                    -W["feed_opponent"],
                    N_("gives the opponents back their {number}"),
                    {"number": Number(new)},
                )
            )
        self._ends_terms(new_left, new_right, rest, terms)

    def _ends_terms(self, left: int, right: int, rest: list[int] | None, terms: list[Term]) -> None:
        k = self.k
        if rest is not None:
            follow = sum(1 for x in rest if HI[x] in (left, right) or LO[x] in (left, right))
            if follow:
                terms.append(Term(W["follow"] * follow, KEEPS_FOLLOWERS, {"count": follow}))
            numbers = {HI[x] for x in rest} | {LO[x] for x in rest}
            if len(numbers) > 1:
                terms.append(
                    Term(
                        W["variety"] * len(numbers),
                        N_("keeps tiles of {count} different numbers"),
                        {"count": len(numbers)},
                    )
                )
            for n in {left, right}:
                held = sum(1 for x in rest if HI[x] == n or LO[x] == n)
                if held >= 2:
                    terms.append(
                        Term(
                            W["control"] * held,
                            N_("keeps control of {number} (you hold {held})"),
                            {"number": Number(n), "held": held},
                        )
                    )
        nxt = self.next_seat
        if W["tempo"]:
            for s in range(k.seats):
                if s == k.me:
                    continue
                p = self._pass_chance(s, left, right)
                if s in self.partners:
                    if p > 0.5:
                        terms.append(
                            Term(-W["tempo"] * p, N_("your partner probably cannot follow"))
                        )
                    else:
                        terms.append(Term(-W["tempo"] * p))
                else:
                    weight = 1.0 if s == nxt else 0.5
                    if p > 0.5:
                        terms.append(
                            Term(
                                W["tempo"] * weight * p,
                                N_("seat {seat} probably cannot follow"),
                                {"seat": s + 1},
                            )
                        )
                    else:
                        terms.append(Term(W["tempo"] * weight * p))
        if nxt in self.opponents and self._void(nxt, left) and self._void(nxt, right):
            terms.append(Term(W["pass_next"], N_("makes seat {seat} pass"), {"seat": nxt + 1}))
        for s in self.opponents:
            if s != nxt and self._void(s, left) and self._void(s, right):
                terms.append(Term(W["pass_other"], N_("makes seat {seat} pass"), {"seat": s + 1}))
        for s in self.partners:
            if self._void(s, left) and self._void(s, right):
                terms.append(
                    Term(-W["partner_stuck"], N_("would leave your partner without a play"))
                )
            elif self._void(s, left) or self._void(s, right):
                terms.append(Term(-W["partner_void"], N_("opens a number your partner lacks")))
        if rest is not None:
            self._block_terms(left, right, rest, terms)

    def _block_terms(self, left: int, right: int, rest: list[int], terms: list[Term]) -> None:
        """A play after which nobody can hold a tile of either end blocks the hand."""
        k = self.k
        if self.out_there[left] or self.out_there[right]:
            return
        if any(HI[x] in (left, right) or LO[x] in (left, right) for x in rest):
            return
        if self.block_rule not in (LOWEST_COUNT, TEAM_TOTAL):
            edge = self._block_edge(rest)
            if edge > 0:
                terms.append(Term(W["block"] * edge, N_("blocks the hand, which your side wins")))
            elif edge < 0:
                terms.append(
                    Term(W["block"] * edge, N_("would block the hand, which your side would lose"))
                )
            return
        my_pips = sum(PIPS[x] for x in rest)
        guess = {s: k.counts[s] * self.avg_unseen for s in range(k.seats) if s != k.me}
        if self.block_rule == LOWEST_COUNT:
            ours = min([my_pips] + [guess[s] for s in self.partners])
            theirs = min(guess[s] for s in self.opponents)
        else:
            ours = my_pips + sum(guess[s] for s in self.partners)
            theirs = sum(guess[s] for s in self.opponents)
        if ours < theirs:
            terms.append(Term(W["block"], N_("blocks the hand while your side is lighter")))
        else:
            terms.append(Term(-W["block"], N_("would block the hand with your side heavier")))

    def _block_edge(self, rest: list[int]) -> float:
        """How much likelier this seat's team wins than loses the block its play makes,
        keeping ``rest``, by the game's own ``block_winner`` over deals of the unseen tiles
        consistent with what the seat knows (seeded by the position: the same answer every
        time, from the view alone)."""
        k = self.k
        counts = list(k.counts)
        counts[k.me] = len(rest)
        after = replace(k, hand=rest, counts=counts)
        rng = random.Random(hash((tuple(rest), tuple(counts), k.left, k.right)))
        mine = self.team_of[k.me]
        edge = 0
        for _sample in range(BLOCK_SAMPLES):
            team = self.variant.block_winner(tiles_of(sample_deal(after, rng)))
            if team is not None:
                edge += 1 if team == mine else -1
        return edge / BLOCK_SAMPLES

    def _pass_chance(self, seat: int, left: int, right: int) -> float:
        """The chance that ``seat`` holds no tile of ``left`` or ``right``: its tiles are a
        random draw from the unseen tiles it may hold (none it has shown it lacks)."""
        key = (seat, left, right)
        p = self._chances.get(key)
        if p is not None:
            return p
        pool = self._pools.get(seat)
        if pool is None:
            mask = self.k.lacks[seat]
            allowed = {t for t in self.k.unseen if not mask >> t & 1}
            pool = self._pools[seat] = (_by_number(allowed, self.k.max_pip), len(allowed), allowed)
        by_number, size, allowed = pool
        fit = by_number[left]
        if right != left:
            # The tile showing both numbers was counted under each.
            fit += by_number[right] - (PAIR_INDEX[left][right] in allowed)
        c = self.k.counts[seat]
        if fit == 0:
            p = 1.0
        elif size - fit < c:
            p = 0.0
        else:
            # Hypergeometric: P(no fitting tile among c drawn) = prod (size-fit-i)/(size-i).
            p = 1.0
            for i in range(c):
                p *= (size - fit - i) / (size - i)
        self._chances[key] = p
        return p

    def _void(self, seat: int, n: int) -> bool:
        return bool(self.k.void[seat] >> n & 1)


def _by_number(tiles, max_pip: int) -> list[int]:
    """How many of ``tiles`` show each number (a double once)."""
    out = [0] * (max_pip + 1)
    for t in tiles:
        out[HI[t]] += 1
        if HI[t] != LO[t]:
            out[LO[t]] += 1
    return out


class HeuristicPlayer(ComputerPlayer):
    """Scores each play by named rules of partnership play and takes the best."""

    name = "heuristic"
    description = N_(
        "fast rules of good partnership play: sheds pips, reads passes, helps its partner"
    )
    options = {
        "noise": Option(
            float,
            0.0,
            N_("random spread added to each score (0: always the best)"),
            min=0.0,
            max=20.0,
        ),
    }

    noise: float

    def choose_play(self, view: View) -> Action:
        if not view.variant.variant().plays_fast():
            return general.heuristic_play(view, self.rng, self.noise)
        best = None
        best_score = -1e18
        rnd = self.rng.random
        for s in score_plays(view):
            # The tiny random part only breaks exact ties; ``noise`` widens it on request.
            value = s.score + rnd() * (self.noise + 1e-6)
            if value > best_score:
                best, best_score = s.action, value
        return best if best is not None else view.legal[0]


def explain(view: View, action: Action, k: Knowledge | None = None, most: int = 3) -> list[str]:
    """The strongest reasons, in words, for ``action`` by the heuristic's rules (in a game
    with rules of play of its own, the terms it is scored by there:
    :func:`capicua.players.general.explain_rules`)."""
    if not isinstance(action, Play):
        return []
    if not view.variant.variant().plays_fast():
        return general.explain_rules(view, action, most)
    for s in score_plays(view, k):
        if s.action is action:
            good = sorted((x for x in s.terms if x.value > 0 and x.message), key=lambda x: -x.value)
            return [x.words for x in good[:most]]
    return []


@hookimpl
def capicua_register_players(registry) -> None:
    registry.add(HeuristicPlayer)
