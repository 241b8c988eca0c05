"""Fewest tiles: a variant written as a third party writes one, to prove that capicua's
players play a game by its own rules.

Four players in two partnerships (seats 1+3 against 2+4) with the double-nine set, seven
tiles each, the other 27 face down and unused, so that most hands end blocked. Its rules
differ from both built-in games where the players have to know them:

* a blocked hand goes to the side holding **fewer tiles** (both partners' together); only
  equal numbers of tiles are decided by pips, the fewer pips winning; equal in both is a tie;
* every won hand scores **one point**, whatever is left in the hands;
* the first side to five points wins the match.

It imports only capicua's public modules and registers through the ``capicua`` entry point
of its distribution (``capicua_fewest-1.0.dist-info`` beside it); put this folder on
``sys.path`` (``PYTHONPATH=tests/plugins/fewestdist``) and it is an installed variant.
"""

from __future__ import annotations

from capicua.core.variant import HandResult, Hands, NameOf, Variant, str_seat, str_team
from capicua.hookspecs import hookimpl

RULES = """\
Fewest tiles (double-nine, four players in partnerships, to 5)

Seven tiles to each player from the double-nine set; the other 27 stay face down, unused.
Partners sit across: seats 1 and 3 against seats 2 and 4. The holder of the highest double
opens the first hand with it, and the hand after a tie; the player who went out leads after
a domino, the lightest player of the winning side after a block.

Block: when nobody can play, the side holding fewer tiles (both partners together) wins the
hand. Equal numbers of tiles: the side with fewer pips wins. Equal in both: a tie.

Every won hand scores one point. The first side to 5 points wins the match.
"""


class FewestTiles(Variant):
    """A block to the side with fewer tiles, pips only breaking a tie; one point a hand."""

    name = "fewest-tiles"
    title = "Fewest tiles"
    summary = "Four players, double-nine, seven tiles each; a block goes to fewer tiles; to 5."
    rules = RULES
    max_pip = 9
    hand_size = 7
    seats = 4
    teams = ((1, 3), (2, 4))
    goal = 5

    def block_winner(self, hands: Hands) -> int | None:
        held = {team: (0, 0) for team in range(1, len(self.teams) + 1)}
        for seat, tiles in hands.items():
            count, pips = held[self.team_of[seat]]
            held[self.team_of[seat]] = (count + len(tiles), pips + sum(t.pips for t in tiles))
        best = min(held.values())
        winners = [team for team, key in held.items() if key == best]
        return winners[0] if len(winners) == 1 else None

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        return 1

    def next_scores(
        self, scores: tuple[int, ...], team: int | None, points: int
    ) -> tuple[int, ...]:
        if team is None:
            return scores
        return tuple(s + points if t == team else s for t, s in enumerate(scores, 1))

    def match_winner(self, scores: tuple[int, ...]) -> int | None:
        for team, score in enumerate(scores, 1):
            if score >= self.goal:
                return team
        return None

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        counts = {t: 0 for t in range(1, len(self.teams) + 1)}
        for seat, tiles in result.remaining.items():
            counts[self.team_of[seat]] += len(tiles)
        if result.team is None:
            return "Equal tiles and equal pips: a tie, nobody scores."
        return (
            f"The side with fewer tiles wins the block: {team_name(result.team)} with "
            f"{counts[result.team]}."
        )


@hookimpl
def capicua_register_variants(registry) -> None:
    registry.add(FewestTiles)
