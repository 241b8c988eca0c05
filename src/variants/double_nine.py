"""Double-nine 100: pagat's Cuban partnership game, to 100 points.

The rules are docs/rules.md's "Double-nine 100" section: ten tiles each from the 55 of the
double-nine set (15 stay face down, unused); a draw for first lead; before each deal the
entitled team's lower seat chooses its leader blind; five or more doubles allow a redeal
claim; a block goes to the lowest individual count (both teams at the lowest: a tie); the
winners score their opponents' remaining pips; 100 wins, named Pollona or Tripollua.
"""

from __future__ import annotations

from ..core.variant import HandResult, Hands, NameOf, Variant, cap, str_seat, str_team
from ..hookspecs import hookimpl
from . import rules_text

TARGET = 100


class DoubleNine100(Variant):
    """Double-nine to 100 as docs/rules.md reads pagat's Cuban rules."""

    name = "double-nine-100"
    title = "Double-nine 100"
    summary = "Four-player partnership, double-nine, ten tiles each, first team to 100 points."
    rules = rules_text("double-nine-100")
    max_pip = 9
    hand_size = 10
    seats = 4
    teams = ((1, 3), (2, 4))
    draw_for_lead = True
    choose_leader = True
    redeal_doubles = 5
    labels = ("pollona", "tripollua")

    def block_winner(self, hands: Hands) -> int | None:
        counts = {seat: sum(t.pips for t in tiles) for seat, tiles in hands.items()}
        low = min(counts.values())
        teams = {self.team_of[seat] for seat, pips in counts.items() if pips == low}
        return teams.pop() if len(teams) == 1 else None

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        return self.opponents_pips(team, hands) if team is not None else 0

    def next_scores(
        self, scores: tuple[int, ...], team: int | None, points: int
    ) -> tuple[int, ...]:
        if team is None:
            return scores
        return tuple(s + points if t == team else s for t, s in enumerate(scores, 1))

    def match_winner(self, scores: tuple[int, ...]) -> int | None:
        best = max(scores)
        if best >= TARGET:
            return scores.index(best) + 1
        return None

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        counts = {s: sum(t.pips for t in ts) for s, ts in result.remaining.items()}
        low = min(counts.values())
        who = " and ".join(seat_name(s) for s, p in sorted(counts.items()) if p == low)
        if result.team is None:
            return f"The lowest count ({low}) is held in both teams ({who}): a tie, nobody scores."
        return (
            f"The lowest single count wins the block: {who} with {low}, so "
            f"{team_name(result.team)} wins."
        )

    def explain_score(
        self, result: HandResult, before: tuple[int, ...], team_name: NameOf = str_team
    ) -> str:
        if result.team is None:
            return super().explain_score(result, before, team_name)
        return (
            f"{cap(team_name(result.team))} scores {result.points} (the opponents' pips): "
            f"{'–'.join(map(str, before))} → {'–'.join(map(str, result.scores))}."
        )

    def label(self, before: tuple[int, ...], after: tuple[int, ...], winner: int) -> str | None:
        others_zero = all(s == 0 for t, s in enumerate(after, 1) if t != winner)
        if not others_zero:
            return None
        if before[winner - 1] == 0:
            return "tripollua"
        return "pollona"


@hookimpl
def capicua_register_variants(registry) -> None:
    registry.add(DoubleNine100)
