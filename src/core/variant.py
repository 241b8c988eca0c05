"""The variant interface: metadata and the rule methods the engine calls.

A variant is a class (one module each, like python-chess's variants) that declares its set,
its seats and teams, and answers the questions where games differ: who leads, who wins a
block, what a won hand scores, when the match is over and what it is called. The engine
(:mod:`capicua.core.match`) owns everything the games share: the line, forced play, passes,
domino and block detection, the draw for first lead, leader choice, redeal claims, undo.

Seats are numbered 1..``seats`` in turn order; teams 1..len(``teams``) in declaration order.
Nothing in the core assumes four seats or two-player partnerships.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from .tiles import Tile

Hands = Mapping[int, Sequence[Tile]]
NameOf = Callable[[int], str]


def str_seat(seat: int) -> str:
    return f"seat {seat}"


def str_team(team: int) -> str:
    return f"team {team}"


def _dash(scores: tuple[int, ...]) -> str:
    return "–".join(str(s) for s in scores)


def cap(text: str) -> str:
    """``text`` with its first letter in capitals (names start sentences)."""
    return text[:1].upper() + text[1:]


DOMINO = "domino"
BLOCK = "block"
TIE = "tie"


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended: a value, like python-chess's ``Outcome``.

    ``team`` is the winning team (``None`` on a tie), ``seat`` the player who went out
    (domino only), ``points`` what the winners scored (0 where the variant scores series),
    ``scores`` every team's score after the hand, ``remaining`` each seat's tiles at the end.
    """

    outcome: str
    team: int | None
    seat: int | None
    points: int
    scores: tuple[int, ...]
    leader: int
    remaining: Mapping[int, tuple[Tile, ...]]


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """The public metadata of a variant, as a player's view carries it."""

    name: str
    title: str
    max_pip: int
    hand_size: int
    seats: int
    teams: tuple[tuple[int, ...], ...]


class Variant(ABC):
    """Base class of variant plugins. Subclasses set the metadata and override the rules.

    Register a subclass with ``registry.add(MyVariant)`` from the
    ``capicua_register_variants`` hook. The engine makes one instance per match.
    """

    #: Name used in configs, records and on the command line.
    name: str = ""
    #: Title shown to people.
    title: str = ""
    #: One line saying what the game is.
    summary: str = ""
    #: The rules, as text for ``capicua rules``.
    rules: str = ""
    #: Highest number on the set (6: double-six, 9: double-nine).
    max_pip: int = 6
    #: Tiles dealt to each seat; the rest of the set stays face down, unused.
    hand_size: int = 7
    #: Number of seats, in turn order 1..seats.
    seats: int = 4
    #: The teams, each a tuple of seats; team numbers follow this order from 1.
    teams: tuple[tuple[int, ...], ...] = ((1, 3), (2, 4))
    #: A new match starts with a draw for first lead by the first seat of each team.
    draw_for_lead: bool = False
    #: Before each deal the entitled team's lowest seat chooses which partner leads.
    choose_leader: bool = False
    #: Doubles in a hand that let its holder demand a redeal (None: no redeal claims).
    redeal_doubles: int | None = None
    #: Names a finished match may carry (record ``label``), strongest last.
    labels: tuple[str, ...] = ()
    #: What the scores count: "points", or "series" (consecutive won hands, as in Chiva).
    scoring: str = "points"

    def __init__(self) -> None:
        self.team_of = {seat: i + 1 for i, team in enumerate(self.teams) for seat in team}
        missing = set(range(1, self.seats + 1)) - set(self.team_of)
        if missing or len(self.team_of) != self.seats:
            raise ValueError(f"variant {self.name}: every seat must be in exactly one team")

    def info(self) -> VariantInfo:
        return VariantInfo(
            self.name, self.title, self.max_pip, self.hand_size, self.seats, self.teams
        )

    def partners(self, seat: int) -> tuple[int, ...]:
        """The seats of ``seat``'s team, itself included."""
        return self.teams[self.team_of[seat] - 1]

    # -- who leads ----------------------------------------------------------------------

    def leader(self, previous: HandResult | None, hands: Hands) -> tuple[int, Tile | None]:
        """The leader of a freshly dealt hand and the tile they must open with, if any.

        Called for variants without ``choose_leader``; ``previous`` is the last hand's
        result (``None`` for a match's first hand). The default: the holder of the highest
        double opens with it at a match's start and after a tie; otherwise the player who
        went out leads, or on a block the lightest player of the winning team.
        """
        if previous is None or previous.team is None:
            for tile in sorted(
                (t for ts in hands.values() for t in ts if t.is_double), key=lambda t: -t.hi
            ):
                return next(s for s, ts in hands.items() if tile in ts), tile
            return 1, None
        if previous.seat is not None:
            return previous.seat, None
        winners = self.partners(min(s for s in hands if self.team_of[s] == previous.team))
        return min(winners, key=lambda s: (sum(t.pips for t in previous.remaining[s]), s)), None

    def entitled_team(self, previous: HandResult | None, draw_winner: int | None) -> int:
        """The team entitled to choose the leader (variants with ``choose_leader``)."""
        if previous is None:
            return draw_winner if draw_winner is not None else 1
        if previous.team is not None:
            return previous.team
        # A tie: the team after the one that led the tied hand.
        return self.team_of[previous.leader] % len(self.teams) + 1

    # -- how a hand ends ----------------------------------------------------------------

    @abstractmethod
    def block_winner(self, hands: Hands) -> int | None:
        """The team that wins a blocked hand, or ``None`` for a tie."""

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        """What the winning ``team`` scores for the hand (0 for series scoring)."""
        return 0

    @abstractmethod
    def next_scores(
        self, scores: tuple[int, ...], team: int | None, points: int
    ) -> tuple[int, ...]:
        """Every team's score after a hand won by ``team`` (``None``: a tie)."""

    @abstractmethod
    def match_winner(self, scores: tuple[int, ...]) -> int | None:
        """The team that has won the match with these scores, or ``None``."""

    def label(self, before: tuple[int, ...], after: tuple[int, ...], winner: int) -> str | None:
        """The name of a match won by ``winner`` with the last hand taking ``before`` to
        ``after`` (e.g. "pollona"), or ``None``."""
        return None

    # -- words ----------------------------------------------------------------------------
    # The GUI and ``capicua replay`` explain results with these, so a variant's own rule is
    # told in its own words; ``seat_name``/``team_name`` give how the reader is addressed
    # ("you", "your team", "seat 2").

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        """One sentence: why a blocked hand went to its winners, or is a tie."""
        if result.team is None:
            return "A tie: nobody wins the hand."
        return f"The block goes to {team_name(result.team)}."

    def explain_score(
        self, result: HandResult, before: tuple[int, ...], team_name: NameOf = str_team
    ) -> str:
        """One sentence: what the hand did to the scores."""
        was, now = _dash(before), _dash(result.scores)
        if result.team is None:
            return f"The scores stay {now}."
        return f"{cap(team_name(result.team))} scores {result.points}: {was} → {now}."

    # -- helpers variants share ---------------------------------------------------------

    def team_pips(self, hands: Hands) -> dict[int, int]:
        """Each team's combined remaining pips."""
        totals = {t: 0 for t in range(1, len(self.teams) + 1)}
        for seat, tiles in hands.items():
            totals[self.team_of[seat]] += sum(t.pips for t in tiles)
        return totals

    def opponents_pips(self, team: int, hands: Hands) -> int:
        """The remaining pips of every seat not in ``team``."""
        return sum(
            t.pips for seat, tiles in hands.items() if self.team_of[seat] != team for t in tiles
        )
