"""The real window under Xvfb, played by generated taps, drags and keys on the canvas.

Every test drives the table the way a person does: events at the coordinates of tagged
canvas items, with ``update()`` around them; the ``root`` fixture fails a test on any
exception in a Tk callback. The computers move with no delay, in the worker thread.
"""

from __future__ import annotations

import re

import pytest
from table_helpers import (
    FORCED_PASS,
    PLUGINS,
    SEATS,
    MustNotBeAsked,
    Scripted,
    double_nine_at_claim,
    session,
    settle,
)

from capicua.core.actions import Play
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.dialogs import Settings


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


@pytest.fixture
def table(root, data):
    """Make table apps on the test's root window; they are shut down afterwards."""
    root.geometry("1180x820+0+0")
    root.update()
    made: list[TableApp] = []

    def make(
        variant: str = "chiva",
        seed: int = 1,
        seats=None,
        offer_resume: bool = False,
        installed=None,
    ) -> TableApp:
        for old in made:
            old.shutdown()
            old.canvas.destroy()
        app = TableApp(
            root,
            PLUGINS,
            Settings(variant, dict(seats or SEATS), seed, 0.0),
            offer_resume=offer_resume,
        )
        made.append(app)
        if installed is not None:
            app.install(installed)
        root.update()
        return app

    yield make
    for app in made:
        app.shutdown()


def person_or_hand_end(app: TableApp) -> bool:
    return app.person_view() is not None or app.session.holding or app.session.match.over


def at(app: TableApp, tag: str) -> tuple[int, int]:
    centre = app.table.centre_of(tag)
    assert centre is not None, f"nothing on the canvas is tagged {tag!r}"
    return int(centre[0]), int(centre[1])


def click(app: TableApp, tag: str) -> None:
    """A tap: Enter, Motion, Press, Release at the centre of the items tagged ``tag``."""
    x, y = at(app, tag)
    c = app.canvas
    for event in ("<Enter>", "<Motion>", "<ButtonPress-1>", "<ButtonRelease-1>"):
        c.event_generate(event, x=x, y=y)
        app.root.update()


def drag(app: TableApp, source: str, target: str, steps: int = 6) -> None:
    x0, y0 = at(app, source)
    x1, y1 = at(app, target)
    c = app.canvas
    c.event_generate("<Enter>", x=x0, y=y0)
    c.event_generate("<Motion>", x=x0, y=y0)
    app.root.update()
    c.event_generate("<ButtonPress-1>", x=x0, y=y0)
    app.root.update()
    for i in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps
        c.event_generate("<Motion>", x=x, y=y, state=0x100)  # Button1 held: <B1-Motion>
        app.root.update()
    c.event_generate("<ButtonRelease-1>", x=x1, y=y1, state=0x100)
    app.root.update()


def key(app: TableApp, name: str) -> None:
    app.canvas.focus_force()
    app.root.update()
    app.canvas.event_generate(f"<KeyPress-{name}>")
    app.root.update()


def decide_by_taps(app: TableApp) -> None:
    """Make the person's decision by tapping, whatever it is."""
    scene = app.table.scene
    view = app.person_view()
    before = len(app.session.match.actions)
    if scene.facedown is not None:
        click(app, "facedown:0")
    elif scene.choices:
        click(app, scene.choices[0].target)
    else:
        play = next(a for a in view.legal if isinstance(a, Play))
        click(app, f"tile:{play.tile}&&hand")
        assert app.ctl.selected is play.tile  # a preview only: nothing played yet
        assert len(app.session.match.actions) == before
        assert play.end in app.table.scene.lit
        click(app, f"end:{play.end}")
    assert len(app.session.match.actions) > before


def play_hand_by_taps(app: TableApp) -> None:
    for _ in range(200):
        settle(app, lambda: person_or_hand_end(app), "the person's turn")
        if app.session.held_hand is not None:
            return
        if app.session.held_draw is not None:  # the draw for first lead, shown on the felt
            click(app, "choice:continue")
            continue
        decide_by_taps(app)
    raise AssertionError("the hand never ended")


def test_a_whole_chiva_hand_is_played_by_taps_on_the_canvas(table):
    app = table("chiva", seed=3)
    play_hand_by_taps(app)
    scene = app.table.scene
    result = app.session.match.hands_log[0].result
    assert scene.banner[0].startswith("Hand 1")
    assert all(sorted(s.tiles) == sorted(result.remaining[s.seat]) for s in scene.seats)
    assert app.canvas.find_withtag("reveal")  # the other hands are drawn face up
    click(app, "choice:continue")
    assert app.session.held_hand is None and app.session.match.hand_number == 2


def test_a_three_seat_plugin_variant_is_played_at_the_same_table(table):
    from table_helpers import cutthroat

    app = table("chiva", installed=cutthroat(seed=2))
    play_hand_by_taps(app)
    assert app.canvas.find_withtag("label:3") and not app.canvas.find_withtag("label:4")
    assert len(app.table.scene.seats) == 3


def test_a_whole_double_nine_hand_is_played_by_taps_with_the_draw_and_the_leader(table):
    app = table("double-nine-100", seed=5)
    settle(app, lambda: app.person_view() is not None)
    assert app.table.scene.facedown is not None  # the draw for first lead: seat 1 draws
    play_hand_by_taps(app)
    m = app.session.match
    assert m.draw_rounds and m.hands_log[0].result is not None
    assert app.table.scene.choices[0].target in ("choice:continue", "choice:new")


def test_dragging_a_tile_onto_its_lit_end_plays_it(table):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    play = next(a for a in app.person_view().legal if isinstance(a, Play))
    before = len(app.session.match.actions)
    drag(app, f"tile:{play.tile}&&hand", f"end:{play.end}")
    assert app.session.match.actions[before] is play


def test_the_keyboard_picks_a_tile_with_arrows_and_plays_it_with_two_enters(table):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    view = app.person_view()
    before = len(app.session.match.actions)
    key(app, "Right")
    tile = app.ctl.selected
    assert tile is not None and app.table.scene.lit
    key(app, "Return")
    assert len(app.session.match.actions) == before  # the focus went to the end
    end = app.ctl.focus[4:]
    key(app, "Return")
    assert app.session.match.actions[before] is Play.of(tile, end)
    assert Play.of(tile, end) in view.legal


def test_escape_cancels_a_keyboard_selection(table):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None)
    key(app, "Right")
    assert app.ctl.selected is not None
    key(app, "Escape")
    assert app.ctl.selected is None


def test_a_tile_that_does_not_fit_says_why_on_the_panel(table):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    view = app.person_view()
    fits = {a.tile for a in view.legal if isinstance(a, Play)}
    stuck = [t for t in view.hand if t not in fits]
    if not stuck:
        pytest.skip("every tile fits in this position")
    click(app, f"tile:{stuck[0]}&&hand")
    assert app.ctl.selected is None
    assert "does not fit" in app.ui.message
    assert app.canvas.find_withtag("panel:message")


def test_undo_takes_back_the_move_and_the_replies_and_redo_restores_them(table):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    before = app.session.match.actions
    decide_by_taps(app)
    settle(app, lambda: person_or_hand_end(app))
    after = app.session.match.actions
    assert len(after) > len(before) + 1  # the computers replied
    click(app, "button:undo")
    assert app.session.match.actions == before and app.person_view() is not None
    app.session.players.update({s: MustNotBeAsked() for s in (2, 3, 4)})
    click(app, "button:redo")
    assert app.session.match.actions == after
    for _ in range(20):
        app.root.update()  # the computers, if it were their turn, would be asked now
    assert app.session.match.actions[: len(after)] == after


def test_a_hint_is_a_preview_and_the_confirming_tap_plays_it(table):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    before = app.session.match.actions
    click(app, "button:hint")
    settle(app, lambda: (app.ui.message or "").startswith("Hint:"), "the hint")
    for _ in range(20):
        app.root.update()
    assert app.session.match.actions == before  # shown, not played
    tile, end = app.ctl.selected, app.ctl.hinted
    assert tile is not None and end[4:] in app.table.scene.lit
    click(app, end)
    assert app.session.match.actions[len(before)] is Play.of(tile, end[4:])


def test_the_rules_and_the_log_stop_the_computers_until_both_are_closed(table):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    click(app, "button:rules")
    click(app, "button:log")
    assert set(app.windows) == {"rules", "log"}
    assert "Chiva" in app.windows["rules"].text.get("1.0", "end")
    decide_by_taps(app)  # the person may still play; the computers may not
    moved = len(app.session.match.actions)
    for _ in range(100):
        app.root.update()
    assert len(app.session.match.actions) == moved and app.person_view() is None
    log = app.windows["log"].text.get("1.0", "end")
    # Sentences, the person's move among them, and no "seat:tile" shorthand.
    assert "Hand 1: seat" in log and ("You played" in log or "You opened with" in log)
    assert not re.search(r"\b\d:\d-\d[LR]\b", log)
    app.windows["log"].close()
    for _ in range(100):
        app.root.update()
    assert len(app.session.match.actions) == moved  # the rules are still open
    app.windows["rules"].close()
    settle(app, lambda: len(app.session.match.actions) > moved, "the computers moving")


def test_a_redeal_claim_shows_the_doubles_and_deals_again(table):
    app = table("double-nine-100", installed=double_nine_at_claim())
    settle(app, lambda: app.person_view() is not None)
    first = app.session.match.hand.deal
    assert [c.target for c in app.table.scene.choices] == ["choice:keep", "choice:redeal"]
    click(app, "choice:redeal")
    m = app.session.match
    assert m.hand.redeals[0].claimant == 1 and m.hand.deal != first
    assert [str(t) for t in m.hand.redeals[0].shown] == ["0-0", "1-1", "2-2", "3-3", "4-4"]
    texts = [t for t, _ in app.table.scene.panel]
    assert "You showed 0-0 1-1 2-2 3-3 4-4 and demanded a redeal." in texts


def test_a_forced_pass_is_made_for_the_person_and_shown_at_the_seat(table):
    steps = "1:6-6L 2:6-5L 3:6-4R 4:5-3L 1:pass 2:4-4R"
    s = session(hands=FORCED_PASS)
    app = table("chiva", installed=s)
    app.session.players.update({k: Scripted(steps) for k in (2, 3, 4)})
    settle(app, lambda: app.person_view() is not None)
    click(app, "tile:6-6&&hand")
    click(app, "end:left")
    settle(app, lambda: len(app.session.match.hand.actions) >= 5, "the pass")
    assert str(app.session.match.hand.actions[4][1]) == "pass"
    assert app.session.undo_span() >= 5  # the pass was not the person's decision


def test_restart_replays_the_deal_and_new_match_starts_over(table):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    deal = app.session.match.hand.deal
    decide_by_taps(app)
    settle(app, lambda: person_or_hand_end(app))
    click(app, "button:restart")
    settle(app, lambda: person_or_hand_end(app))
    assert app.session.match.hand.deal == deal and app.session.match.hand_number == 1
    assert app.session.match.hand.actions[0][1].tile.is_double  # 6-6 opened again
    click(app, "button:new")
    assert app.session.match.actions == () or app.session.match.hand.required is not None
    assert app.session.match.scores == (0, 0)


def test_an_unfinished_match_is_resumed_from_its_save(table, data):
    first = table("chiva", seed=3)
    settle(first, lambda: first.person_view() is not None)
    decide_by_taps(first)
    settle(first, lambda: person_or_hand_end(first))
    played = first.session.match.actions
    assert (data / "match-chiva.json").exists()
    again = table("chiva", seed=9, offer_resume=True)
    assert [c.target for c in again.table.scene.choices] == ["choice:resume", "choice:fresh"]
    assert again.session.match.actions == played  # the saved table, nothing new dealt
    for _ in range(30):
        again.root.update()
    assert again.session.match.actions == played  # nothing moves while the question is open
    click(again, "choice:resume")
    assert again.session.match.actions[: len(played)] == played
    assert again.session.variant.name == "chiva"
    assert again.session.streams == first.session.streams  # the computers draw on as before


def test_the_resume_offer_is_made_only_for_the_game_asked_for(table, data):
    first = table("chiva", seed=3)
    settle(first, lambda: first.person_view() is not None)
    decide_by_taps(first)
    other = table("double-nine-100", seed=9, offer_resume=True)
    assert other.ui.question is None and other.session.variant.name == "double-nine-100"
    assert "choice:resume" not in [c.target for c in other.table.scene.choices]
    assert save.load(PLUGINS.variants, save.save_path("chiva")).match is not None  # kept
    same = table("chiva", seed=9, offer_resume=True)
    assert [c.target for c in same.table.scene.choices] == ["choice:resume", "choice:fresh"]


def test_declining_to_resume_deals_the_configured_match_and_replaces_the_save(table, data):
    first = table("chiva", seed=3)
    settle(first, lambda: first.person_view() is not None)
    decide_by_taps(first)
    again = table("chiva", seed=9, offer_resume=True)
    assert again.session.match.seed == 3  # the saved match shows behind the question
    click(again, "choice:fresh")
    assert again.session.match.seed == 9
    assert save.load(PLUGINS.variants, save.save_path("chiva")).match.seed == 9


def test_a_damaged_save_is_reported_on_the_table_and_set_aside(table, data):
    data.mkdir(parents=True)
    (data / "match.json").write_text("{half a record")
    app = table("chiva", seed=3, offer_resume=True)
    assert "set aside" in app.ui.notice
    assert any("set aside" in t for t, _ in app.table.scene.panel)
    assert list(data.glob("match.damaged-*.json"))


def test_the_settings_window_starts_a_new_match_with_the_chosen_game(table):
    app = table("chiva", seed=3)
    click(app, "button:settings")
    window = app.windows["settings"]
    window.variant.set("double-nine-100")
    window._seat_rows()
    window.rows[3][0].set("human")
    window.apply()
    assert "both people" in window.error.cget("text")  # refused, the window stays
    window.rows[3][0].set("expert" if "expert" in PLUGINS.players else "heuristic")
    window._level_choices(3)
    window.seed.set("42")
    window.step.set(True)
    window.animate.set(False)
    window.apply()
    assert "will be lost" in window.error.cget("text")  # the match in progress: asked first
    assert app.session.variant.name == "chiva" and "settings" in app.windows
    window.apply()
    assert "settings" not in app.windows
    assert app.session.variant.name == "double-nine-100" and app.session.match.seed == 42
    assert app.settings.step and not app.settings.animate


def test_the_window_rescales_and_keeps_targets_finger_sized(table, root):
    app = table("chiva", seed=3)
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    for size in ("800x600", "1024x560", "1600x1000"):
        root.geometry(size)
        for _ in range(5):
            root.update()
        c = app.canvas
        assert c.winfo_width() == int(size.split("x")[0])
        for tag in ("hand", "end", "button"):
            for item in c.find_withtag(f"{tag}&&body") or c.find_withtag(tag):
                x0, y0, x1, y1 = c.bbox(item)
                if {"pip", "divider", "mark"} & set(c.gettags(item)):
                    continue  # parts of a larger target (an end's L/R mark is on its spot)
                if c.type(item) == "text":
                    continue
                assert min(x1 - x0, y1 - y0) >= 46, (tag, size, c.gettags(item))


def test_a_long_message_gets_smaller_type_rather_than_vanish_in_a_small_window(table):
    # A hint runs to ten lines or more; in the smallest window it must still show above
    # the buttons (before, a message that did not fit was dropped whole).
    app = table("chiva", seed=3)
    app.root.geometry("800x540")  # the table's smallest size
    settle(app, lambda: app.person_view() is not None and app.person_view().line)
    app.ui.message = (
        "Hint: play 6-5 on the right: blocks the hand while your side is "
        "lighter, covers the sixes an opponent put down, keeps control of "
        "threes (you hold 3), makes seat 2 pass, wins about 46% of 133 "
        "sampled deals, weighed by how well each fits the plays, and this "
        "sentence runs on to be longer than the panel has room for"
    )
    app.redraw()
    app.root.update()
    c = app.canvas
    assert c.find_withtag("panel:message")
    assert c.bbox("panel:message")[3] <= min(c.bbox(b)[1] for b in c.find_withtag("button"))
