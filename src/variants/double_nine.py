"""Double-nine 100: pagat's Cuban partnership game, to 100 points.

The rules are docs/rules.md's "Double-nine 100" section: ten tiles each from the 55 of the
double-nine set (15 stay face down, unused); a draw for first lead; before each deal the
entitled team's lower seat chooses its leader blind; five or more doubles allow a redeal
claim; a block goes to the lowest individual count (both teams at the lowest: a tie); the
winners score their opponents' remaining pips; 100 wins, named Pollona or Tripollua.
"""

from __future__ import annotations

from ..core.variant import (
    HandResult,
    NameOf,
    Tuning,
    Variant,
    and_names,
    cap,
    score_dash,
    str_seat,
    str_team,
)
from ..hookspecs import hookimpl
from ..i18n import N_, _
from . import rules_text, rules_translations

TARGET = 100
#: What each name of a won match is called, once and as a column of counts; shown through
#: ``_()``. The record's labels (the keys) stay as they are.
LABEL_WORDS = {
    # Translators: a match won with the opponents at 0; Pollona keeps its spelling.
    "pollona": (N_("a Pollona"), N_("Pollonas")),
    # Translators: a match won from 0 in one hand; Tripollúa keeps its spelling and accent.
    "tripollua": (N_("a Tripollúa"), N_("Tripollúas")),
}

#: Won-hand points in 5-point bins from 0-4 upwards, measured in heuristic self-play (1,271
#: won hands): what the expert's match equity expects a won hand to score.
# fmt: off
POINTS_HISTOGRAM = (
    6, 25, 87, 135, 137, 149, 152, 122, 92, 87, 58, 47, 33, 39, 23, 21, 13, 10, 12, 11, 3, 5,
    1, 0, 1, 1,
)
# fmt: on


class DoubleNine100(Variant):
    """Double-nine to 100 as docs/rules.md reads pagat's Cuban rules."""

    name = "double-nine-100"
    # Translators: the game's name (docs/glossary.md, "the games").
    title = N_("Double-nine 100")
    summary = N_("Four-player partnership, double-nine, ten tiles each, first team to 100 points.")
    rules = rules_text("double-nine-100")
    rules_translated = rules_translations("double-nine-100")
    max_pip = 9
    hand_size = 10
    seats = 4
    teams = ((1, 3), (2, 4))
    draw_for_lead = True
    choose_leader = True
    redeal_doubles = 5
    labels = ("pollona", "tripollua")
    goal = TARGET
    # Measured with benchmarks/strength.py (docs/players.md, Design notes): reading 0.5
    # did worse than 0.3, and weighing the samples by the rest of the hands won nothing.
    tuning = Tuning(
        reading=0.3,
        hand_terms=False,
        won_points=tuple((5 * i + 2, n) for i, n in enumerate(POINTS_HISTOGRAM) if n),
    )

    # The lowest single count wins a block (held in both teams: a tie); the winners score
    # the opponents' pips, added up to 100.
    block_winner = Variant.block_by_lowest_count
    points = Variant.score_opponents_pips
    next_scores = Variant.add_points
    match_winner = Variant.first_to_goal

    def label_name(self, label: str, plural: bool = False) -> str:
        if label in LABEL_WORDS:
            return _(LABEL_WORDS[label][plural])
        return super().label_name(label, plural)

    def score_words(self, scores: tuple[int, ...], team: int) -> str:
        score = scores[team - 1]
        # Translators: the score panel of a team: {score} points of the {goal} that win.
        if score >= TARGET:
            return _("{score} · past {goal}, the match is won").format(score=score, goal=TARGET)
        return _("{score} of {goal} · {to_go} to go").format(
            score=score, goal=TARGET, to_go=TARGET - score
        )

    def explain_block(
        self, result: HandResult, seat_name: NameOf = str_seat, team_name: NameOf = str_team
    ) -> str:
        counts = {s: sum(t.pips for t in ts) for s, ts in result.remaining.items()}
        low = min(counts.values())
        who = and_names([seat_name(s) for s, p in sorted(counts.items()) if p == low])
        if result.team is None:
            # Translators: {low} is the lowest pip count in one hand; {who} the seats
            # holding it ("seat 1 and seat 2", or "you and seat 2").
            return _(
                "The lowest count ({low}) is held in both teams ({who}): a tie, nobody scores."
            ).format(low=low, who=who)
        # Translators: {who} the seats with the lowest count {low}; {team} "team 1" or
        # "your team".
        return _(
            "The lowest single count wins the block: {who} with {low}, so {team} wins."
        ).format(who=who, low=low, team=team_name(result.team))

    def explain_score(
        self, result: HandResult, before: tuple[int, ...], team_name: NameOf = str_team
    ) -> str:
        if result.team is None:
            return super().explain_score(result, before, team_name)
        # Translators: {team} is "team 1" or "your team"; the sentence's first letter is
        # made a capital. {was} and {now} are the scores before and after, as "35–20".
        text = _("{team} scores {points} (the opponents' pips): {was} → {now}.")
        return cap(
            text.format(
                team=team_name(result.team),
                points=result.points,
                was=score_dash(before),
                now=score_dash(result.scores),
            )
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
