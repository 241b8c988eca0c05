"""A whole hand of each of the six games, played in the real window by taps on the felt.

Chiva and double-nine are built in; Draw, All Fives, Mexican Train and Matador are the
example plugins (skipped where they are not installed). The person's taps pick a tile, then the lit
end it goes to, or the boneyard when no tile fits; the test prefers a spinner's cross arms
and other players' marked trains, so the seeds below make it play on both, and draw.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from table_helpers import settle
from test_app import at, click, key

from capicua.core.actions import DOWN, DRAW, MEXICAN, UP, Play
from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.controller import way_target, ways
from capicua.gui.dialogs import Settings
from capicua.gui.screenshot import capture
from capicua.plugins import load_plugins

EXAMPLES = {
    "draw": "capicua_draw",
    "all-fives": "capicua_fives",
    "mexican-train": "capicua_mexican_train",
    "matador": "capicua_matador",
}


@pytest.fixture
def game(root, tmp_path, monkeypatch):
    """Make a table app of any installed game on the test's root window."""
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry("1180x820+0+0")
    root.update()
    made: list[TableApp] = []

    def make(name: str, seed: int, options=None, offer_resume: bool = False) -> TableApp:
        if name in EXAMPLES:
            pytest.importorskip(EXAMPLES[name], reason=f"{name} is an example plugin")
        plugins = load_plugins()
        n = plugins.variants.create(name, options).seats
        seats = {s: "human" if s == 1 else "heuristic" for s in range(1, n + 1)}
        settings = Settings(name, seats, seed, 0.0, options=dict(options or {}))
        for old in made:
            old.shutdown()
            old.canvas.destroy()
        app = TableApp(root, plugins, settings, offer_resume=offer_resume)
        made.append(app)
        root.update()
        return app

    yield make
    for app in made:
        app.shutdown()


def rank(view, action) -> int:
    """The person's preference: a spinner's cross arm or another player's marked train."""
    if action.end in (UP, DOWN):
        return 0
    if str(action.end).startswith("t") and action.end != f"t{view.seat}":
        return 0
    return 1 if action.end != MEXICAN else 2


# Where to keep a picture of the table just after the person drew (to look at), if set.
SHOTS = Path(os.environ["CAPICUA_KEEP_SHOTS"]) if os.environ.get("CAPICUA_KEEP_SHOTS") else None


def play_hand(app: TableApp) -> set[str]:
    """Play the person's decisions by taps until the hand ends; return what was done:
    ``draw``, ``side`` (a spinner's cross arm), ``marked`` (another's marked train)."""
    done: set[str] = set()
    for _ in range(400):
        settle(app, lambda: app.person_view() is not None or app.session.holding, "a decision")
        s = app.session
        if s.held_hand is not None:
            return done
        if s.held_draw is not None:
            click(app, "choice:continue")
            continue
        scene = app.table.scene
        view = app.person_view()
        before = len(s.match.actions)
        if scene.facedown is not None:
            click(app, "facedown:0")
        elif scene.choices:
            click(app, scene.choices[0].target)
        elif scene.draw and not any(isinstance(a, Play) for a in view.legal):
            hand = set(view.hand)
            assert DRAW in view.legal and app.table.canvas.find_withtag("boneyard:box")
            if "draw" in done:
                click(app, "boneyard")
            else:
                key(app, "d")  # the first draw by its key, the others by a tap
            if s.holding:
                continue  # the others went out before the person's turn came back
            new = set(s.view().hand) - hand
            assert len(new) == 1  # the drawn tile arrives in the hand, face up
            (tile,) = new
            settle(app, lambda: not app.sliding, "the drawn tile's slide")
            assert app.table.centre_of(f"tile:{tile}&&hand") is not None
            if s.match.actions[-1] is DRAW:  # until the next action: named and marked
                assert app.canvas.find_withtag(f"tile:{tile}&&hand&&highlight:last")
                assert (app.table.scene.strip or "").endswith(f"You draw {tile}")
                done.add("named")
                if SHOTS and not (SHOTS / f"drew-{s.variant.name}.png").exists():
                    capture(app.root, SHOTS / f"drew-{s.variant.name}.png")
            done.add("draw")
        else:
            play = min((a for a in view.legal if isinstance(a, Play)), key=lambda a: rank(view, a))
            if play.end in (UP, DOWN):
                done.add("side")
            elif rank(view, play) == 0 and view.layout.train(play.end).marker:
                done.add("marked")
            click(app, f"tile:{play.tile}&&hand")
            assert play.end in app.table.scene.lit  # lit, and a tap on it plays there
            # A tile that lies either way round there (Matador) is laid by a tap on the half
            # of the end it is to leave open.
            turned = len(ways(view, play.tile, play.end)) > 1
            click(app, way_target(play) if turned else f"end:{play.end}")
            assert s.match.actions[before] is play
            if turned:
                done.add("turned")
        assert len(s.match.actions) > before
    raise AssertionError("the hand never ended")


def test_a_whole_chiva_hand_by_taps(game):
    app = game("chiva", 3)
    play_hand(app)
    assert app.session.match.hands_log[0].result is not None


def test_a_whole_double_nine_hand_by_taps(game):
    app = game("double-nine-100", 5)
    play_hand(app)
    assert app.session.match.hands_log[0].result is not None


def test_a_whole_draw_hand_by_taps_draws_from_the_boneyard_on_the_felt(game):
    app = game("draw", 3)
    assert {"draw", "named"} <= play_hand(app)
    assert app.session.match.hands_log[0].result is not None


def test_a_whole_all_fives_hand_by_taps_plays_on_the_spinners_sides(game):
    app = game("all-fives", 1, {"seats": 2})
    done = play_hand(app)
    assert {"draw", "side"} <= done
    assert app.session.match.hands_log[0].result is not None
    assert app.table.scene.board is not None and app.canvas.find_withtag("caption")


def test_a_whole_mexican_train_round_by_taps_plays_on_a_marked_train(game):
    app = game("mexican-train", 2, {"seats": 4, "rounds": 1})
    done = play_hand(app)
    assert {"draw", "marked"} <= done
    assert app.session.match.hands_log[0].result is not None


def test_other_seats_draws_show_as_counts_and_a_tile_on_its_way(game):
    app = game("mexican-train", 2, {"seats": 4, "rounds": 1})
    # A computer's next move waits long enough for its drawn tile's slide to be seen.
    app.settings.animate, app.settings.delay = True, 0.4
    s = app.session
    for _ in range(400):
        settle(app, lambda: app.person_view() is not None or s.holding or app.sliding)
        moves = s.match.actions
        if app.sliding and moves and moves[-1] is DRAW and not s.is_human(s.actors[-1]):
            seat = s.actors[-1]
            # A face-down tile on its way from the boneyard to the seat, and its count.
            assert app.slider._slide is not None and app.slider._slide.tag == f"newest:{seat}"
            label = app.canvas.itemcget(app.canvas.find_withtag(f"label:{seat}")[-1], "text")
            assert f"{s.view().counts[seat - 1]} tiles" in label
            return
        if app.sliding:
            app.finish_slide()
            continue
        if s.holding:
            break
        view = app.person_view()
        if app.table.scene.draw:
            click(app, "boneyard")
        else:
            play = next(a for a in view.legal if isinstance(a, Play))
            click(app, f"tile:{play.tile}&&hand")
            click(app, f"end:{play.end}")
    raise AssertionError("no computer drew")


def test_an_unsatisfied_double_and_a_marker_are_drawn(game):
    app = game("mexican-train", 2, {"seats": 4, "rounds": 1})
    s = app.session
    seen = set()
    for _ in range(400):
        settle(app, lambda: app.person_view() is not None or s.holding)
        if s.holding:
            break
        layout = s.view().layout
        c = app.canvas
        if layout.pending is not None:
            assert c.find_withtag("highlight:pending")
            seen.add("pending")
        if any(t.marker for t in layout):
            marked = [t.end for t in layout if t.marker]
            assert all(c.find_withtag(f"marker:{e}") for e in marked)
            seen.add("marker")
        if seen == {"pending", "marker"}:
            return
        view = app.person_view()
        if app.table.scene.draw:
            click(app, "boneyard")
        else:
            play = next(a for a in view.legal if isinstance(a, Play))
            click(app, f"tile:{play.tile}&&hand")
            click(app, f"end:{play.end}")
    raise AssertionError(f"only saw {seen}")


def test_the_boneyard_tap_says_why_when_a_tile_fits(game):
    app = game("draw", 3)
    settle(app, lambda: app.person_view() is not None)
    assert DRAW not in app.person_view().legal
    x, y = at(app, "boneyard")
    assert x and y
    click(app, "boneyard")
    assert app.ui.message == "a tile of yours fits: play it, no draw"


def test_a_tap_redraws_the_frame_but_keeps_the_boards_tiles(game):
    app = game("mexican-train", 2, {"seats": 4, "rounds": 1})
    settle(app, lambda: app.person_view() is not None)
    c = app.canvas
    kept = c.find_withtag("board")
    assert kept and c.find_withtag("hub")
    play = next(a for a in app.person_view().legal if isinstance(a, Play))
    click(app, f"tile:{play.tile}&&hand")
    # The tile is picked up and its end lit; the tiles on the felt were not drawn again.
    assert app.ctl.selected is play.tile and play.end in app.table.scene.lit
    assert c.find_withtag("board") == kept
    assert c.find_withtag(f"end:{play.end}")
    click(app, f"end:{play.end}")
    settle(app, lambda: app.person_view() is not None or app.session.holding)
    assert set(c.find_withtag("board")).isdisjoint(kept)  # a new tile: the board anew
    assert app.table.centre_of(f"line:{app.table.scene.board.last}") is not None


def test_the_viewer_steps_through_a_mexican_train_round_on_its_board(root, tmp_path, monkeypatch):
    pytest.importorskip("capicua_mexican_train", reason="an example plugin")
    from capicua.core.driver import play_match
    from capicua.core.records import replay, to_record
    from capicua.core.rng import seat_stream
    from capicua.gui.playback import Playback
    from capicua.gui.viewer import ViewerApp

    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    plugins = load_plugins()
    seats = {s: "heuristic" for s in range(1, 5)}
    options = {"seats": 4, "rounds": 1}
    players = {s: plugins.players.create(e, seat_stream(3, s)) for s, e in seats.items()}
    m = play_match(plugins.variants.create("mexican-train", options), players, 3)
    again = replay(to_record(m, seats), plugins.variants)
    root.geometry("1180x820+0+0")
    app = ViewerApp(root, plugins, Playback(again, seats), source="t", delay=0.0, animate=True)
    try:
        root.update()
        slid = False
        for _ in range(len(app.playback.frames) - 1):
            key(app, "Right")
            slid = slid or app.slider.sliding
            pb = app.playback
            log = pb.match.hand
            if pb.frame.held_hand is None and log is not None and pb.match.phase == "play":
                plays = sum(isinstance(a, Play) for _s, a in log.actions)
                assert app.table.scene.board is not None
                if plays:
                    assert app.table.felt.laid == plays
        assert slid  # each tile slides in from its seat
    finally:
        app.shutdown()


def test_undo_redo_and_resume_hold_at_a_six_seat_mexican_train(game, tmp_path):
    app = game("mexican-train", 4, {"seats": 6})
    s = app.session
    for _ in range(3):  # three decisions of the person, each answered by five computers
        settle(app, lambda: app.person_view() is not None)
        view = app.person_view()
        if app.table.scene.draw:
            click(app, "boneyard")
            continue
        play = next(a for a in view.legal if isinstance(a, Play))
        click(app, f"tile:{play.tile}&&hand")
        click(app, f"end:{play.end}")
    settle(app, lambda: app.person_view() is not None)
    played = s.match.actions
    placed = s.view().layout.placed
    click(app, "button:undo")
    assert len(s.match.actions) < len(played) and s.view().layout.placed < placed
    assert app.table.felt.laid == s.view().layout.placed
    click(app, "button:redo")
    assert s.match.actions == played
    assert app.table.felt.laid == placed
    again = game("mexican-train", 9, {"seats": 6}, offer_resume=True)
    assert [c.target for c in again.table.scene.choices] == ["choice:resume", "choice:fresh"]
    click(again, "choice:resume")
    assert again.session.variant.seats == 6 and again.session.match.actions[: len(played)] == played
    assert len(again.table.scene.seats) == 6 and len(again.table.scene.heads) == 7


def test_a_whole_matador_hand_by_taps_plays_while_a_draw_is_offered_too(game):
    # Matador offers a draw beside the plays: the boneyard is lit, and the person's tiles
    # are still picked and played by taps (a matador by the half of the end it leaves).
    app = game("matador", 4)
    play_hand(app)
    assert app.session.match.hands_log[0].result is not None


def test_a_tap_on_a_tile_the_double_shuts_out_says_the_rule_and_names_your_train(game):
    app = game("mexican-train", 3, {"seats": 2})
    s = app.session
    for tile in ("12-7", "7-1", "1-1"):  # the computer answers 12-8, 8-8 and 8-6
        settle(app, lambda: app.person_view() is not None, "the person's turn")
        click(app, f"tile:{tile}&&hand")
        click(app, "end:t1")
    settle(app, lambda: app.person_view() is not None, "the person's turn")
    assert s.view().layout.pending == "t1"
    click(app, "tile:12-9&&hand")  # greyed: it fits the Mexican train, closed for now
    panel = [text for text, style in app.table.scene.panel if style == "message"]
    assert panel == [
        "12-9 cannot be played: the double 1-1 must be satisfied first, with a 1 on it"
    ]
    click(app, "tile:12-9&&hand")
    on_double = next(a.tile for a in s.view().legal if isinstance(a, Play))
    click(app, f"tile:{on_double}&&hand")
    panel = [text for text, style in app.table.scene.panel if style == "message"]
    assert panel == [f"{on_double}: tap your train to play it"]
    if SHOTS:
        capture(app.root, SHOTS / "double-first.png")
