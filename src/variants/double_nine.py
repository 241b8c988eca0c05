"""Double-nine 100: pagat's Cuban partnership game, to 100 points.

The rules are shared/RULES.md's "Double-nine 100" section: ten tiles each from the 55 of the
double-nine set (15 stay face down, unused); a draw for first lead; before each deal the
entitled team's lower seat chooses its leader blind; five or more doubles allow a redeal
claim; a block goes to the lowest individual count (both teams at the lowest: a tie); the
winners score their opponents' remaining pips; 100 wins, named Pollona or Tripollua.
"""

from __future__ import annotations

from ..core.variant import HandResult, Hands, NameOf, Variant, cap, str_seat, str_team
from ..hookspecs import hookimpl

TARGET = 100

RULES = """\
Double-nine 100 (pagat's Cuban game)

Table: four seats in turn order 1, 2, 3, 4 (play goes counter-clockwise: the next player sits
to the right). Teams: seats 1+3 (team 1) and seats 2+4 (team 2).

Set and deal: the double-nine set, 55 tiles, 0-9. Ten tiles to each player; the 15 left over
stay face down, unused, never drawn and never shown.

Draw for first lead (new match only): seat 1 draws a tile for team 1 and seat 2 for team 2,
from the face-down 55. Higher pip total wins; equal totals: both tiles go back, the set is
reshuffled and they draw again, until the totals differ. The tiles go back and the set is
shuffled for the deal.

Who leads: before each deal (blind, before seeing the new hand) the team entitled to lead
chooses which of its two partners leads; the team's lower seat (1 or 2) makes that choice.
Entitled: for the first hand, the draw winners; after a won hand, the winning team; after a
tie, the team that did not lead the tied hand. The leader plays any tile; a double is not
required.

Five doubles: after the deal each player, in turn order from the leader, accepts their hand
or, holding five or more doubles, may show them and demand a redeal. A computer player
always demands with five or more doubles; a human chooses. A demand: the shown doubles go
into the public log (only those), all 55 tiles are reshuffled and dealt again, the same
player leads, and the acceptances start over.

The line: one line with two open ends, left and right; no drawing, no branching. The first
tile opens both ends. Forced play: you must play a tile that matches an open end if you have
one; otherwise you pass.

Domino: a player who plays their last tile ends the hand; their team wins it.

Block: when no player can play, the player with the lowest individual pip count wins for
their team (not the partners' sum). If the lowest count is held by players of both teams: a
tie, nobody scores, and the other team (the one that did not lead) is entitled to lead next.
Partners sharing the lowest count simply win.

Scoring: the winning team scores the remaining pips of its two opponents only (not its own,
not its partner's, never the unused tiles), on a domino and on a block alike. Scores add up;
a team with 100 or more after a hand wins the match.

Names, no bonuses: won with the opponents at 0: Pollona. Won from 0 to 100 or more in a
single hand, against 0: Tripollua (the stronger name applies).
"""


class DoubleNine100(Variant):
    """Double-nine to 100 as RULES.md reads pagat's Cuban rules."""

    name = "double-nine-100"
    title = "Double-nine 100"
    summary = "Four-player partnership, double-nine, ten tiles each, first team to 100 points."
    rules = RULES
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
