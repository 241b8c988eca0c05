"""A board read as a player reads it, at every move of a whole hand played by taps.

An eight-seat Mexican Train round and an All Fives hand, each at 800x600 and 1920x1080, in
the real window: at every decision of the person, every tile on the felt is drawn at least
:data:`~capicua.gui.layouts.MIN_READABLE` wide (its pips can be counted), no end's number
or letter lies on a tile, no two tiles overlap, the seats' pills stay apart, and every tile
seen at the last decision lies where it lay, the same way round, unless its arm folded
since.
"""

from __future__ import annotations

import pytest

from capicua.gui import save
from capicua.gui.app import TableApp
from capicua.gui.drive import clear, decide, settle, tap
from capicua.gui.geometry import Rect
from capicua.gui.layouts import MIN_READABLE, Felt
from capicua.gui.settings import Settings
from capicua.plugins import load_plugins

GAMES = [
    ("mexican-train", {"seats": 8}, 5, "capicua_mexican_train"),
    ("all-fives", {}, 7, "capicua_fives"),
]


def inside(a: Rect, b: Rect, by: float = 0.5) -> bool:
    """True when ``a`` and ``b`` overlap by more than ``by`` pixels each way."""
    return a.x0 < b.x1 - by and b.x0 < a.x1 - by and a.y0 < b.y1 - by and b.y0 < a.y1 - by


def boxes(app: TableApp, tag: str) -> list[tuple[int, Rect]]:
    c = app.canvas
    return [(i, Rect(*c.bbox(i))) for i in c.find_withtag(tag) if c.bbox(i)]


def read(app: TableApp) -> Felt:
    """Check the felt as drawn now; return its layout."""
    felt = app.table.felt
    assert felt is not None
    c = app.canvas
    tiles = [p.rect for p in felt.placements]
    chips = [f.rect for f in felt.folds]
    area = app.table.layout.table
    for p in felt.placements:
        assert min(p.rect.width, p.rect.height) >= MIN_READABLE - 1e-6, p
        assert area.contains(p.rect), p
        # Drawn where the layout put it (its ring, if it is the last play, around it).
        drawn = Rect(*c.bbox(f"line:{p.index}"))
        assert drawn.contains(p.rect, eps=1.5) and p.rect.width + 12 >= drawn.width, p
    for i, a in enumerate(tiles + chips):
        for b in (tiles + chips)[i + 1 :]:
            assert not inside(a, b), (a, b)
    # An end's number and letter stand clear of every tile and fold.
    for tag in ("number", "mark"):
        for item, box in boxes(app, tag):
            for r in tiles + chips:
                assert not inside(box, r), (c.gettags(item), c.itemcget(item, "text"), box, r)
    pills = [b for _i, b in boxes(app, "pill")]
    for i, a in enumerate(pills):
        assert not any(inside(a, b, 0.0) for b in pills[i + 1 :]), "two pills run together"
    return felt


def stays(before: Felt, after: Felt, layout) -> None:
    """Every tile shown ``before`` lies where and as it lay ``after``, unless the arm it is
    on folded more in between."""
    arm_of = {frozenset(t): arm.end for arm in layout.arms() for t in arm.tiles}

    def folds(felt: Felt) -> dict[str, tuple[int, ...]]:
        out: dict[str, tuple[int, ...]] = {}
        for f in felt.folds:
            out[f.end] = (*out.get(f.end, ()), f.count)
        return out

    was, now_folds = folds(before), folds(after)
    now = {frozenset(p.tile): p for p in after.placements}
    for p in before.placements:
        arm = arm_of.get(frozenset(p.tile))
        if arm is None or was.get(arm) != now_folds.get(arm):
            continue
        q = now.get(frozenset(p.tile))
        assert q is not None, f"{p.tile} on {arm} vanished without a fold"
        assert (q.rect, q.direction, q.a_side) == (p.rect, p.direction, p.a_side), (p, q)


@pytest.mark.slow
@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
@pytest.mark.parametrize(("name", "options", "seed", "module"), GAMES)
def test_a_board_reads_whole_at_every_move_of_a_hand(
    root, tmp_path, monkeypatch, size, name, options, seed, module
):
    pytest.importorskip(module, reason=f"{name} is an example plugin")
    monkeypatch.setenv(save.DATA_ENV, str(tmp_path / "data"))
    root.geometry(f"{size[0]}x{size[1]}+0+0")
    root.update()
    plugins = load_plugins()
    n = plugins.variants.create(name, options).seats
    seats = {s: "human" if s == 1 else "random" for s in range(1, n + 1)}
    settings = Settings(name, seats, seed, 0.0, options=dict(options), animate=False)
    app = TableApp(root, plugins, settings, saving=False, offer_resume=False)
    try:
        root.update()
        assert abs(app.canvas.winfo_width() - size[0]) < 300  # the window is that size
        before: Felt | None = None
        read_at = 0
        folded = False
        for _ in range(600):
            settle(app, lambda: app.person_view() is not None or app.session.holding, "a move")
            if app.session.held_hand is not None:
                break
            if app.session.held_draw is not None:
                tap(app, "choice:continue")
                continue
            scene = app.table.scene
            if scene.board is not None and scene.board.layout.placed:
                felt = read(app)
                if before is not None:
                    stays(before, felt, scene.board.layout)
                before = felt
                read_at += 1
                folded = folded or bool(felt.folds)
            decide(app)
        else:
            pytest.fail("the hand never ended")
        assert read_at >= 5
        if name == "mexican-train" and size == (800, 600):
            assert folded  # an eight-seat round outgrows the small felt: it folded
    finally:
        app.shutdown()
        clear(root)
