"""The words of the table: results explained by the rule that decided them."""

from __future__ import annotations

import pytest
from table_helpers import (
    CHOICES,
    DOMINO_BY_1,
    DOMINO_BY_1_PLAY,
    LOWEST_SEAT_2,
    LOWEST_SHARED_ACROSS_TEAMS,
    TEAM1_REST,
    TIE_REST,
    chiva_block,
    double_nine_block,
    double_nine_dealt,
    drive,
    run,
    session,
    variant,
)

from capicua.core.actions import DRAW
from capicua.core.match import Match
from capicua.gui import board_words
from capicua.gui.controller import Controller
from capicua.gui.model import Session
from capicua.gui.playback import Playback
from capicua.gui.scene import SeatScene, build_scene
from capicua.gui.state import Ui
from capicua.gui.status import panel_lines
from capicua.gui.texts import (
    last_move,
    log_lines,
    pass_legend,
    reflow,
    result_lines,
    round_strip,
    seat_label,
    series_scoring,
    team_name,
)
from capicua.i18n import in_language
from capicua.plugins import load_plugins


def explained(s):
    return result_lines(s.view().past[-1], s.view(), s)


def test_the_scoring_kind_is_the_variants_own_word():
    assert series_scoring(variant("chiva")) and not series_scoring(variant("double-nine-100"))


def test_a_chiva_block_is_explained_by_the_team_totals():
    lines = explained(chiva_block(TEAM1_REST))
    assert lines[0] == (
        "Hand 1 is blocked: nobody can play. Pips left: you: 14, seat 2: 23, "
        "seat 3: 25, seat 4: 28 (your team: 39, team 2: 51)."
    )
    assert lines[1] == "The lower team total wins the block: your team with 39."
    assert lines[2] == "Series: 0–0 → 1–0."


def test_a_chiva_tie_keeps_the_series_and_says_the_next_hand_opens_with_double_six():
    lines = explained(chiva_block(TIE_REST))
    assert "Equal team totals" in lines[1] and "a tie, nobody wins the hand" in lines[1]
    assert lines[2] == "The series stay as they were: 0–0."
    assert lines[3] == "The next hand opens with 6-6 again."


def test_a_double_nine_block_goes_to_the_lowest_single_count_and_scores_the_opponents():
    lines = explained(double_nine_block(LOWEST_SEAT_2))
    assert lines[0].endswith("seat 4: 96.")  # no team totals: they decide nothing here
    assert lines[1] == "The lowest single count wins the block: seat 2 with 67, so team 2 wins."
    assert lines[2] == "Team 2 scores 143 (the opponents' pips): 0–0 → 0–143."


def test_a_double_nine_tie_across_teams_gives_the_choice_to_the_team_that_did_not_lead():
    lines = explained(double_nine_block(LOWEST_SHARED_ACROSS_TEAMS))
    assert lines[1] == (
        "The lowest count (66) is held in both teams (you and seat 2): a tie, nobody scores."
    )
    assert lines[3] == "Team 2 did not lead this hand, so it chooses the next leader."


def test_a_domino_names_who_went_out():
    s = double_nine_dealt(DOMINO_BY_1)
    run(s, DOMINO_BY_1_PLAY)
    lines = explained(s)
    assert lines[0] == ("Hand 1: you played the last tile. Domino: your team wins the hand.")
    assert lines[1] == "Your team scores 22 (the opponents' pips): 0–0 → 22–0."


def test_the_last_move_reads_as_a_sentence():
    s = session(
        hands={
            1: "6-6 5-4 5-0 4-1 2-2 1-1 0-0",
            2: "6-5 6-0 6-1 5-5 5-1 5-2 4-4",
            3: "6-4 6-2 6-3 4-0 4-2 4-3 5-3",
            4: "3-3 3-2 3-1 3-0 2-1 2-0 1-0",
        }
    )
    assert last_move(s.view(), s) == "You lead and must open with 6-6."
    s.apply(s.match.legal_actions()[0])
    assert last_move(s.view(), s) == "You opened with 6-6."
    s.apply(s.match.legal_actions()[0])
    assert last_move(s.view(), s).startswith("Seat 2 played 6-")


def test_a_won_score_says_so_instead_of_counting_down():
    from capicua.gui.texts import score_text

    assert score_text(variant("chiva"), (4, 0), 1) == "Series 4 · a chiva"
    assert score_text(variant("chiva"), (0, 3), 2) == "Series 3 · 1 more for a chiva"
    assert score_text(variant("double-nine-100"), (143, 0), 1) == "143 · past 100, the match is won"
    assert score_text(variant("double-nine-100"), (0, 71), 2) == "71 of 100 · 29 to go"


def test_a_plugin_variant_is_scored_in_its_own_words():
    from capicua_block import Block

    from capicua.gui.texts import score_text

    assert score_text(Block(), (37, 0), 1) == "37 points · 63 more to win"
    assert score_text(Block(), (37, 104), 2) == "104 points · the match is won"


def test_a_won_match_is_named_in_the_variants_words():
    assert variant("double-nine-100").label_name("tripollua") == "a Tripollúa"
    assert variant("double-nine-100").label_name("pollona", plural=True) == "Pollonas"
    assert variant("chiva").label_name("chiva", plural=True) == "chivas"


def test_the_log_tells_every_move_as_a_sentence_with_the_ends_as_marked():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    lines = log_lines(s)
    assert "Hand 1: you lead and must open with 6-6." in lines
    assert lines[-5:] == [
        "You opened with 6-6.",
        "Seat 2 played 6-5 on the 6 end (L), which now shows 5.",
        "Seat 3 played 6-4 on the 6 end (R), which now shows 4.",
        "Seat 4 passed on 4, 5.",
        "The hand goes on.",
    ]


def test_the_round_strip_starts_after_the_persons_last_move():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    assert round_strip(s, s.view()) == "Since your turn: S2 6-5 · S3 6-4 · S4 pass"
    run(s, "1:5-4L")
    assert round_strip(s, s.view()) is None


def test_reflow_joins_a_hard_wrapped_paragraph_and_keeps_list_items_apart():
    text = (
        "Who leads:\n  1. The first hand: the holder\n     of 6-6.\n  2. After a domino.\n"
        "\nA long\nparagraph."
    )
    assert reflow(text).split("\n") == [
        "Who leads:",
        "  1. The first hand: the holder of 6-6.",
        "  2. After a domino.",
        "",
        "A long paragraph.",
    ]


def test_reflow_joins_the_indented_lines_of_an_item_written_at_the_margin():
    text = "Who leads:\n\n1. The first hand: the holder of\n   the 6-6 leads.\n2. After a domino."
    assert reflow(text).split("\n") == [
        "Who leads:",
        "",
        "1. The first hand: the holder of the 6-6 leads.",
        "2. After a domino.",
    ]


def test_the_persons_own_seat_label_speaks_to_them_in_every_language():
    mine = SeatScene(1, 1, "You", 7, None, leader=True, person=True, dealt=False)
    theirs = SeatScene(2, 2, "Seat 2", 7, None, leader=True, dealt=False)
    assert seat_label(mine) == ["You lead"] and seat_label(theirs) == ["Seat 2", "leads"]
    with in_language("de"):
        assert seat_label(mine) == ["Du spielst aus"]


def test_a_pass_is_labelled_with_the_ends_and_explained_only_where_they_are_what_it_lacks():
    # Where equal numbers join, the numbers passed on are the numbers it holds none of.
    block = SeatScene(2, 2, "Seat 2", 5, None, passed=True, voids=(3, 5), passed_on=(3, 5))
    assert "passed on 3, 5" in seat_label(block)
    assert pass_legend([block]) == (
        "PASS: passed since your last turn · passed on 3, 5: holds none of 3, 5"
    )
    # Where ends summing to seven join, a pass on 6 shows it holds no 1: the label says
    # the fact about the table and nothing claims it holds no 6.
    sevens = SeatScene(2, 2, "Seat 2", 5, None, passed=True, voids=(1,), passed_on=(6,))
    assert "passed on 6" in seat_label(sevens)
    assert pass_legend([sevens]) == "PASS: passed since your last turn"
    # Seen from another seat (a replay, a spectator): that seat, or its person at a host.
    assert pass_legend([sevens], 1) == "PASS: passed since seat 1's last turn"
    assert pass_legend([sevens], 1, "Ana") == "PASS: passed since Ana's last turn"


def test_reflow_goes_on_after_a_colon_inside_a_sentence():
    text = "- when the winners had none, the series breaks:\n  both go back to 0.\n- four wins."
    assert reflow(text).split("\n") == [
        "- when the winners had none, the series breaks: both go back to 0.",
        "- four wins.",
    ]
    assert reflow("the doubles (only those:\nthe rest stays secret).") == (
        "the doubles (only those: the rest stays secret)."
    )


def test_the_strip_says_a_pass_as_a_phrase_each_language_conjugates():
    s = session(hands=CHOICES, steps="1:6-6L 2:6-5L 3:6-4R 4:pass")
    with in_language("de"):
        assert round_strip(s, s.view()) == "Seit deinem Zug: P2 6-5 · P3 6-4 · P4 passt"


def _alone(name: str, human: bool = True):
    """A session of ``name``, a game without partners, with the person in seat 1 (or only
    computers), driven to the person's decision or the first hand's end."""
    pytest.importorskip("capicua_mexican_train", reason="Mexican Train is an example plugin")
    plugins = load_plugins()
    v = plugins.variants.create(name)
    seats = {n: "human" if human and n == 1 else "heuristic" for n in range(1, v.seats + 1)}
    s = Session(Match(v, 3, []), seats, plugins.players)
    drive(s)
    return s


def test_a_game_without_partners_names_seats_where_others_name_teams():
    s = _alone("mexican-train")
    assert team_name(s, 1) == "seat 1 (you)" and team_name(s, 2) == "seat 2"
    panel = [text for text, _style in panel_lines(s, s.view(), Ui(), None)]
    assert "You" in panel and "Seat 2 (heuristic)" in panel
    assert not any("Team" in line for line in panel)
    computers = _alone("mexican-train", human=False)
    words = " ".join(result_lines(computers.view().past[-1], computers.view(), computers))
    assert "team" not in words.lower() and "seat" in words


def test_the_panel_counts_rounds_where_the_game_calls_its_hands_rounds():
    s = _alone("mexican-train")
    panel = [text for text, _style in panel_lines(s, s.view(), Ui(), None)]
    assert "Round 1 of 13 · seed 3" in panel
    assert board_words.caption(s.variant, 1, None, 0) == "Round 1 of 13"


def test_a_game_of_rounds_ends_a_round_where_others_end_a_hand():
    """Mexican Train's banner says "Round 1 ..." as its caption and its panel do."""
    computers = _alone("mexican-train", human=False)
    first = result_lines(computers.view().past[-1], computers.view(), computers)[0]
    assert first.startswith("Round 1") and "hand" not in first.lower(), first
    draw = _alone("draw", human=False)
    assert result_lines(draw.view().past[-1], draw.view(), draw)[0].startswith("Hand 1")


def test_a_game_of_rounds_heads_each_round_of_the_log_as_a_round():
    """The log heads Mexican Train's rounds "Round 1: ..." as its caption and panel say."""
    computers = _alone("mexican-train", human=False)
    heads = [line for line in log_lines(computers) if line.startswith(("Round ", "Hand "))]
    assert heads and all(line.startswith("Round ") for line in heads), heads
    draw = _alone("draw", human=False)
    assert any(line.startswith("Hand 1: ") for line in log_lines(draw))


def test_a_message_from_mid_sentence_begins_the_panels_sentence_with_a_capital():
    s = session(hands=CHOICES)
    ui = Ui(message="wait: it is seat 2's turn")
    assert ("Wait: it is seat 2's turn", "message") in panel_lines(s, s.view(), ui, None)


def _to_own_draw(s):
    """Play on (the person's first legal tile) until the person must draw, and draw."""
    for _ in range(200):
        view = s.view()
        if view.turn == s.human and DRAW in view.legal:
            before = set(view.hand)
            s.apply(DRAW)
            (tile,) = set(s.view().hand) - before
            return tile
        if view.turn == s.human:
            s.apply(view.legal[0])
        drive(s)
    raise AssertionError("the person never had to draw")


def test_the_persons_own_draw_is_named_and_marked_and_nobody_elses_is():
    s = _alone("mexican-train")
    tile = _to_own_draw(s)
    view = s.view()
    assert last_move(view, s) == f"You drew {tile} from the boneyard."
    assert round_strip(s, view).endswith(f"You draw {tile}")
    assert build_scene(s, Controller(), Ui()).fresh == tile
    assert f"You drew {tile} from the boneyard." in log_lines(s)
    others = [line for line in log_lines(s) if line.startswith("Seat") and " drew " in line]
    assert others and all("a tile" in line for line in others)
    s.apply(s.view().legal[0])  # the next action: the mark goes
    assert build_scene(s, Controller(), Ui()).fresh is None


def test_with_every_hand_face_up_the_viewer_names_every_draw():
    s = _alone("mexican-train")
    _to_own_draw(s)
    drawn = [line for line in log_lines(s) if " drew " in line]
    pb = Playback(s.match, dict(s.seats))
    pb.goto(len(pb.frames) - 1)
    assert pb.shown.hands_open  # the viewer opens with every hand face up
    named = [line for line in log_lines(pb.shown) if " drew " in line]
    assert len(named) == len(drawn) and not any("a tile" in line for line in named)
    pb.show_only(2)
    assert not pb.shown.hands_open
