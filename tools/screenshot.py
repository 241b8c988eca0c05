"""Draw a sample domino table in a real Tk window and save it as a PNG.

For looking at the table as a person would, e.g. after changing the layout or the drawing:

    python tools/screenshot.py /tmp/table.png --width 1024 --height 768 --tiles 20

With ``--config`` it is the table itself, a match of that config played by the computers
(the person's moves by the hint) for ``--moves`` actions, at any window size:

    python tools/screenshot.py docs/x.png --config configs/fives-human.toml --seed 4 --moves 30

Without a DISPLAY it starts its own Xvfb. Needs the Debian packages named in
``capicua.gui.screenshot`` (``xvfb``, ``x11-apps``). The line is a legal chain from the
double-nine set, built from ``--seed`` so the same command draws the same picture.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tkinter as tk
from pathlib import Path

try:
    import capicua  # noqa: F401
except ImportError:  # src/ is the package only once installed (pip install -e .)
    sys.exit("error: capicua is not installed; run: pip install -e .  (see README.md)")

from capicua.gui.drawing import draw_back, draw_end_marker, draw_felt, draw_tile
from capicua.gui.geometry import hand_tile_rects, layout_line, table_layout
from capicua.gui.screenshot import Xvfb, capture

Tile = tuple[int, int]


def sample_line(count: int, top: int, rng: random.Random) -> tuple[list[Tile], int, list[Tile]]:
    """A legal line of ``count`` tiles grown at both ends, its opening index, unused tiles."""
    pool = [(a, b) for a in range(top + 1) for b in range(a, top + 1)]
    rng.shuffle(pool)
    # Open with a double so the demo always shows one crosswise in the middle.
    first = next(t for t in pool if t[0] == t[1])
    pool.remove(first)
    line, opening = [first], 0
    while len(line) < count:
        grow_right = rng.random() < 0.6
        end = line[-1][1] if grow_right else line[0][0]
        match = next((t for t in pool if end in t), None)
        if match is None:
            grow_right = not grow_right
            end = line[-1][1] if grow_right else line[0][0]
            match = next((t for t in pool if end in t), None)
            if match is None:
                break
        pool.remove(match)
        other = match[1] if match[0] == end else match[0]
        if grow_right:
            line.append((end, other))
        else:
            line.insert(0, (other, end))
            opening += 1
    return line, opening, pool


def draw_demo(
    canvas: tk.Canvas, width: int, height: int, seats: int, tiles: int, seed: int
) -> None:
    """Everything the demo shows: felt, line, end markers, hands, score panel."""
    rng = random.Random(seed)
    top = 9 if seats == 4 else 6
    line, opening, pool = sample_line(tiles, top, rng)
    tl = table_layout(width, height, seats)
    canvas.configure(background="#3b2a1e")
    draw_felt(canvas, tl.table)
    lay = layout_line(line, opening, tl.table, tl.line_tile_size)
    last = len(line) - 1  # show the right end as the move just made
    for p in lay.placements:
        draw_tile(
            canvas,
            p.rect,
            p.tile,
            vertical=p.vertical,
            a_side=p.a_side,
            tags=("line", f"line:{p.index}"),
            highlight="last" if p.index == last else None,
        )
    for end, spot in lay.ends.items():
        draw_end_marker(canvas, spot.target, end, active=(end == "right"))
    label = tl.label_size
    font = ("DejaVu Sans", -int(label * 0.75))
    for seat, area in tl.seats.items():
        # A full line leaves no tiles for the hand; the demo is a picture, not a deal.
        count = min(10, len(pool)) if seat == 1 else rng.randint(3, 9)
        rects = hand_tile_rects(
            area.rect,
            count,
            area.side,
            tl.hand_tile_size if area.face_up else tl.back_tile_size,
            label,
        )
        hand = [pool.pop() for _ in range(count)] if area.face_up else []
        for i, r in enumerate(rects):
            if area.face_up:
                draw_tile(
                    canvas,
                    r,
                    hand[i],
                    vertical=True,
                    tags=("hand", "seat:1"),
                    highlight="selected" if i == 2 else ("legal" if i in (5, 7) else None),
                )
            else:
                draw_back(canvas, r, tags=(f"seat:{seat}",))
        x = area.rect.centre[0]
        y = area.rect.y1 - label / 2 if area.side == "bottom" else area.rect.y0 + label / 2
        text = f"Seat {seat}" + ("" if area.face_up else f" · {count}")
        canvas.create_text(
            x, y, text=text, fill="#f3ead7", font=font, tags=("label", f"label:{seat}")
        )
    s = tl.score
    canvas.create_rectangle(*s, fill="#2a1d14", outline="#6b5440", tags=("score",))
    canvas.create_text(
        s.centre[0],
        s.y0 + label,
        text="Score",
        fill="#f3ead7",
        font=("DejaVu Sans", -int(label), "bold"),
        tags=("score",),
    )
    for i, row in enumerate(("Team 1 (seats 1+3)   42", "Team 2 (seats 2+4)   17")):
        canvas.create_text(
            s.x0 + 10,
            s.y0 + label * (3 + 1.5 * i),
            text=row,
            anchor="w",
            fill="#f3ead7",
            font=font,
            width=s.width - 20,
            tags=("score",),
        )


def table(root: tk.Tk, args: argparse.Namespace) -> None:
    """The table of ``args.config`` after ``args.moves`` actions, captured to the output."""
    from capicua.commands.play import resolve
    from capicua.gui.app import TableApp
    from capicua.gui.dialogs import Settings
    from capicua.i18n import set_language
    from capicua.plugins import load_plugins

    if args.language:
        set_language(args.language)
    loaded = load_plugins()
    settings = resolve(args.config, None, args.seed, 0.0, loaded)
    settings.update(animate=False)
    root.minsize(1, 1)  # any size the picture asks for
    app = TableApp(root, loaded, Settings(**settings), saving=False, offer_resume=False)
    root.minsize(1, 1)
    root.geometry(f"{args.width}x{args.height}+0+0")
    root.update()
    app.advance(args.moves)
    root.update()
    try:
        capture(root, args.output)
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("output", type=Path)
    parser.add_argument("--width", type=int, default=1024)
    parser.add_argument("--height", type=int, default=768)
    parser.add_argument("--tiles", type=int, default=20)
    parser.add_argument("--seats", type=int, choices=(2, 4), default=4)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--config", type=Path, help="render the table playing this config")
    parser.add_argument("--moves", type=int, default=0, help="with --config: actions to play")
    parser.add_argument("--language", default=None, help="with --config: the table's language")
    args = parser.parse_args(argv)
    server = None
    if not os.environ.get("DISPLAY"):
        server = Xvfb(max(args.width, 1280), max(args.height, 1024))
        os.environ["DISPLAY"] = server.start()
    try:
        root = tk.Tk()
        root.geometry(f"{args.width}x{args.height}+0+0")
        if args.config is not None:
            table(root, args)
        else:
            canvas = tk.Canvas(root, width=args.width, height=args.height, highlightthickness=0)
            canvas.pack(fill="both", expand=True)
            draw_demo(canvas, args.width, args.height, args.seats, args.tiles, args.seed)
            root.update()
            capture(root, args.output)
            root.destroy()
    finally:
        if server is not None:
            server.stop()
    print(args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
