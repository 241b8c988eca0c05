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
    score_dash,
    str_seat,
    str_team,
)
from ..hookspecs import hookimpl
from ..i18n import N_, _, ngettext
from . import rules_text, rules_translations

SIX_SIX = Tile.of(6, 6)
WINS_FOR_CHIVA = 4
#: The name a won match carries, said to people (once, and as a column of counts); shown
#: through ``_()``. The record's label stays "chiva".
# Translators: a match won four to none; "chiva" keeps its spelling (docs/glossary.md).
CHIVA_WORDS = (N_("a chiva"), N_("chivas"))


class Chiva(Variant):
    """Chiva as docs/rules.md reads it (José Carrillo's Puerto Rican rules, pagat's block
    leader)."""

    name = "chiva"
    # Translators: the game's name, kept as it is in every language (docs/glossary.md).
    title = N_("Chiva")
    summary = N_("Four-player partnership, double-six, series of consecutive wins, 4-0 wins.")
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
        if any(s for t, s in enumerate(scores, 1) if t != team):
            # The winless side broke the opponents' series: both to 0, no new series begins.
            return (0,) * len(scores)
        won = list(scores)
        won[team - 1] += 1
        return tuple(won)

    def match_winner(self, scores: tuple[int, ...]) -> int | None:
        for team, wins in enumerate(scores, 1):
            if wins >= WINS_FOR_CHIVA:
                return team
        return None

    def label(self, before: tuple[int, ...], after: tuple[int, ...], winner: int) -> str | None:
        return "chiva"

    def label_name(self, label: str, plural: bool = False) -> str:
        if label == "chiva":
            return _(CHIVA_WORDS[plural])
        return super().label_name(label, plural)

    def to_go(self, scores: tuple[int, ...], team: int) -> int | None:
        # While another team holds a series, a win only breaks it (back to 0–0): one more.
        others = any(s for t, s in enumerate(scores, 1) if t != team)
        return max(0, WINS_FOR_CHIVA - scores[team - 1]) + (1 if others else 0)

    def goal_words(self) -> str:
        wins = WINS_FOR_CHIVA
        return ngettext(
            "{wins} won hand in a row, a chiva", "{wins} won hands in a row, a chiva", wins
        ).format(wins=wins)

    def score_words(self, scores: tuple[int, ...], team: int) -> str:
        # Translators: Chiva's score panel: {score} won hands in a row so far.
        score = scores[team - 1]
        if score >= WINS_FOR_CHIVA:
            return _("Series {score} · a chiva").format(score=score)
        if score == 0:
            wins = WINS_FOR_CHIVA
            return ngettext(
                "Series 0 · {wins} win in a row for a chiva",
                "Series 0 · {wins} wins in a row for a chiva",
                wins,
            ).format(wins=wins)
        # Translators: {more} is how many more won hands in a row make the chiva.
        return _("Series {score} · {more} more for a chiva").format(
            score=score, more=WINS_FOR_CHIVA - score
        )

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        totals = self.team_pips(result.remaining)
        if result.team is None:
            # Translators: {pips} is each team's pip total; {tile} is the tile 6-6.
            return _(
                "Equal team totals ({pips} each): a tie, nobody wins the hand, and {tile} "
                "opens the next."
            ).format(pips=min(totals.values()), tile=SIX_SIX)
        # Translators: {team} is "team 1" or "your team"; {pips} its pip total.
        return _("The lower team total wins the block: {team} with {pips}.").format(
            team=team_name(result.team), pips=totals[result.team]
        )

    def explain_score(
        self, result: HandResult, before: tuple[int, ...], team_name: NameOf = str_team
    ) -> str:
        was, now = score_dash(before), score_dash(result.scores)
        if result.team is None:
            # Translators: {now} is both series, as "2–0".
            return _("The series stay as they were: {now}.").format(now=now)
        if any(before) and not any(result.scores):
            # Translators: {team} is "team 1" or "your team"; the sentence's first letter
            # is made a capital. {zero} is the score 0–0.
            text = _(
                "{team} breaks the other series: back to {zero} (a break starts no new series)."
            )
            return cap(text.format(team=team_name(result.team), zero=now))
        # Translators: {was} and {now} are both series before and after, as "1–0".
        return _("Series: {was} → {now}.").format(was=was, now=now)


@hookimpl
def capicua_register_variants(registry) -> None:
    registry.add(Chiva)
