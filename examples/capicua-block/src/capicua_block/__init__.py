"""The plain Block game as a capicua variant plugin: two players, double-six, to 100.

This distribution is written the way anyone outside the project would write one: it imports
only capicua's public modules, and ``[project.entry-points.capicua]`` in its
``pyproject.toml`` points at this module, whose ``capicua_register_variants`` hook adds the
:class:`Block` variant. Once installed, ``block`` is in ``capicua plugins``, in the GUI
(``capicua play --variant block``) and usable in tournament configs (``variant = "block"``).

The engine does everything the games share (the line, forced play and passing, domino and
block detection, records, undo); the class below only answers where Block differs: who
leads, who wins a block and what a hand scores, and when the match is won. The computer
players read those same methods: the expert's playouts score a Block hand with
``block_winner`` and ``points`` below, and the table words the score from ``goal``.
"""

from __future__ import annotations

from capicua.core.tiles import Tile
from capicua.core.variant import BLOCK, DOMINO, HandResult, Hands, Variant, str_seat, str_team
from capicua.hookspecs import hookimpl

__all__ = ["RULES", "Block", "capicua_register_variants"]

RULES = """\
Block (double-six, two players, to 100)

Set and deal: the double-six set, 28 tiles. Seven tiles to each player; the other fourteen
stay face down, unused, never drawn and never shown.

The line: one line with two open ends, left and right; no drawing, no branching (a double
shows one number at its end). The first tile opens both ends. Seats 1 and 2 take turns.

Forced play: on your turn you must play a tile that matches an open end if you have one
(you choose which tile and which end); otherwise you pass.

Who leads:
  1. The first hand of a match, and the hand after a tie: the player holding the highest
     double leads, and must lead it. If neither player holds a double (about one deal in
     350), the player holding the heaviest tile leads with it; equal pips: the tile with
     the higher number (6-3 before 5-4).
  2. After a won hand (domino or block): the winner leads, any tile.

Domino: a player who plays their last tile wins the hand and scores the pips left in the
opponent's hand.

Block: when neither player can play, the hand is blocked at once. The player with the lower
pip count wins the hand and scores the difference between the two counts. Equal counts are
a tie: nobody scores, and the next hand is led as a match's first (rule 1).

Match: scores add up; the first player with 100 or more after a hand wins the match.
"""


class Block(Variant):
    """Block: the plain draw-less two-player game, scored in pips to 100."""

    name = "block"
    title = "Block"
    summary = "Two players, double-six, seven tiles each, no drawing, first to 100 points."
    rules = RULES
    max_pip = 6
    hand_size = 7
    seats = 2
    teams = ((1,), (2,))  # each player is a team of one: team numbers are seat numbers
    #: Points that win the match: the table shows each score with how far it is from it,
    #: and the expert's match equity reckons from it.
    goal = 100

    def leader(self, previous: HandResult | None, hands: Hands) -> tuple[int, Tile | None]:
        if previous is None or previous.team is None:
            return self.opening(hands)
        # After a won hand the winner leads, any tile: a team here is a single seat.
        return self.teams[previous.team - 1][0], None

    def opening(self, hands: Hands) -> tuple[int, Tile]:
        """Who opens a match's first hand (or the hand after a tie), and with which tile:
        the highest double dealt; with no double dealt, the heaviest tile (higher number
        first on equal pips), so that the opening tile is always decided by the deal."""
        dealt = [t for tiles in hands.values() for t in tiles]
        doubles = [t for t in dealt if t.is_double]
        tile = max(doubles or dealt, key=lambda t: (t.pips, t.hi))
        seat = next(s for s, tiles in hands.items() if tile in tiles)
        return seat, tile

    def block_winner(self, hands: Hands) -> int | None:
        counts = {seat: sum(t.pips for t in tiles) for seat, tiles in hands.items()}
        if counts[1] == counts[2]:
            return None  # a tie: nobody scores
        return self.team_of[min(counts, key=counts.__getitem__)]

    def points(self, outcome: str, team: int | None, hands: Hands) -> int:
        if team is None:
            return 0
        theirs = self.opponents_pips(team, hands)
        if outcome == DOMINO:
            return theirs
        assert outcome == BLOCK
        return theirs - self.team_pips(hands)[team]

    def next_scores(
        self, scores: tuple[int, ...], team: int | None, points: int
    ) -> tuple[int, ...]:
        if team is None:
            return scores
        return tuple(s + points if t == team else s for t, s in enumerate(scores, 1))

    def explain_block(self, result: HandResult, seat_name=str_seat, team_name=str_team) -> str:
        # Told in Block's own words, in the GUI's result panel and ``capicua replay``.
        counts = {seat: sum(t.pips for t in tiles) for seat, tiles in result.remaining.items()}
        if result.team is None:
            return f"Equal counts ({counts[1]} each): a tie, nobody scores."
        winner = min(counts, key=counts.__getitem__)
        return (
            f"The lower count wins the block: {seat_name(winner)} with {counts[winner]} "
            f"scores the difference, {result.points}."
        )

    def score_words(self, scores: tuple[int, ...], team: int) -> str:
        # The table's score panel, one line per player, in Block's words.
        score = scores[team - 1]
        points = f"{score} point" if score == 1 else f"{score} points"
        if score >= self.goal:
            return f"{points} · the match is won"
        return f"{points} · {self.goal - score} more to win"

    def match_winner(self, scores: tuple[int, ...]) -> int | None:
        # Only the hand's winner scores, so at most one player can cross the target at once.
        best = max(scores)
        return scores.index(best) + 1 if best >= self.goal else None


@hookimpl
def capicua_register_variants(registry) -> None:
    """Add Block to capicua's variants."""
    registry.add(Block)
