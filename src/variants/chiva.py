"""Chiva: four-player partnership dominoes with the double-six, scored in series of wins.

The rules are docs/rules.md's "Chiva" section: 6-6 opens the first hand and the hand after
a tie; the player who went out leads after a domino; after a won block the lighter partner
of the winning team leads (equal pips: the lower seat); a block goes to the lower team total,
equal totals are a tie; only won hands count, as consecutive wins, and 4-0 is a chiva.
"""

from __future__ import annotations

from ..core.tiles import Tile
from ..core.variant import (
    HandResult,
    Hands,
    NameOf,
    Tuning,
    Variant,
    cap,
    str_seat,
    str_team,
)
from ..hookspecs import hookimpl
from . import rules_text, rules_translations

SIX_SIX = Tile.of(6, 6)
WINS_FOR_CHIVA = 4
#: The name a won match carries, said to people.
CHIVA_WORDS = ("a chiva", "chivas")


class Chiva(Variant):
    """Chiva as docs/rules.md reads it (José Carrillo's Puerto Rican rules, pagat's block
    leader)."""

    name = "chiva"
    title = "Chiva"
    summary = "Four-player partnership, double-six, series of consecutive wins, 4-0 wins."
    rules = rules_text("chiva")
    rules_translated = rules_translations("chiva")
    max_pip = 6
    hand_size = 7
    seats = 4
    teams = ((1, 3), (2, 4))
    labels = ("chiva",)
    scoring = "series"
    goal = WINS_FOR_CHIVA
    # Measured with benchmarks/strength.py (docs/players.md): reading the plays at 0.3, and
    # weighing each sampled deal by the rest of the hands, which won a point more of the
    # hands against random on the same 2,006 deals.
    tuning = Tuning(reading=0.3, hand_terms=True)

    def leader(self, previous: HandResult | None, hands: Hands) -> tuple[int, Tile | None]:
        if previous is None or previous.team is None:
            # First hand of the match, or after a tie: 6-6 leads.
            holder = next(seat for seat, tiles in hands.items() if SIX_SIX in tiles)
            return holder, SIX_SIX
        if previous.seat is not None:
            return previous.seat, None  # after a domino: whoever went out
        # After a won block: the winning team's lighter partner, equal pips the lower seat.
        partners = self.teams[previous.team - 1]
        return min(partners, key=lambda s: (sum(t.pips for t in previous.remaining[s]), s)), None

    # The lower team total wins a block; equal totals are a tie.
    block_winner = Variant.block_by_team_total

    def next_scores(
        self, scores: tuple[int, ...], team: int | None, points: int
    ) -> tuple[int, ...]:
        if team is None:
            return scores  # a tie: the series stay as they are
        others = [s for t, s in enumerate(scores, 1) if t != team]
        if all(s == 0 for s in others):
            return tuple(s + 1 if t == team else s for t, s in enumerate(scores, 1))
        # The winless side broke the opponents' series: both to 0, no new series begins.
        return (0,) * len(scores)

    def match_winner(self, scores: tuple[int, ...]) -> int | None:
        for team, wins in enumerate(scores, 1):
            if wins >= WINS_FOR_CHIVA:
                return team
        return None

    def label(self, before: tuple[int, ...], after: tuple[int, ...], winner: int) -> str | None:
        return "chiva"

    def label_name(self, label: str, plural: bool = False) -> str:
        if label == "chiva":
            return CHIVA_WORDS[plural]
        return super().label_name(label, plural)

    def to_go(self, scores: tuple[int, ...], team: int) -> int | None:
        # While another team holds a series, a win only breaks it (back to 0–0): one more.
        others = any(s for t, s in enumerate(scores, 1) if t != team)
        return max(0, WINS_FOR_CHIVA - scores[team - 1]) + (1 if others else 0)

    def goal_words(self) -> str:
        return f"{WINS_FOR_CHIVA} won hands in a row, a chiva"

    def score_words(self, scores: tuple[int, ...], team: int) -> str:
        score = scores[team - 1]
        if score >= WINS_FOR_CHIVA:
            return f"Series {score} · a chiva"
        if score == 0:
            return f"Series 0 · {WINS_FOR_CHIVA} wins in a row for a chiva"
        return f"Series {score} · {WINS_FOR_CHIVA - score} more for a chiva"

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        totals = self.team_pips(result.remaining)
        if result.team is None:
            return (
                f"Equal team totals ({min(totals.values())} each): a tie, nobody wins the "
                "hand, and 6-6 opens the next."
            )
        return (
            f"The lower team total wins the block: {team_name(result.team)} with "
            f"{totals[result.team]}."
        )

    def explain_score(
        self, result: HandResult, before: tuple[int, ...], team_name: NameOf = str_team
    ) -> str:
        was = "–".join(map(str, before))
        now = "–".join(map(str, result.scores))
        if result.team is None:
            return f"The series stay as they were: {now}."
        if any(before) and not any(result.scores):
            return (
                f"{cap(team_name(result.team))} breaks the other series: back to 0–0 (a "
                "break starts no new series)."
            )
        return f"Series: {was} → {now}."


@hookimpl
def capicua_register_variants(registry) -> None:
    registry.add(Chiva)
