"""Screenshots: XWD decoding and PNG writing in pure Python, and a real window captured."""

from __future__ import annotations

import shutil
import struct
import tkinter as tk
import zlib

import pytest

from capicua.gui.drawing import IVORY, draw_tile
from capicua.gui.screenshot import encode_png, xwd_to_rgb


def read_png(data: bytes) -> tuple[int, int, bytes]:
    """Decode the unfiltered 8-bit RGB PNGs that encode_png writes."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, width, height = 8, b"", 0, 0
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind, body = data[pos + 4 : pos + 8], data[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 3 + 1
    assert all(raw[y * stride] == 0 for y in range(height))
    return width, height, b"".join(raw[y * stride + 1 : (y + 1) * stride] for y in range(height))


def fake_xwd(width: int, height: int, bgrx: bytes) -> bytes:
    """An XWD v7 ZPixmap dump as xwd writes it for a 24-bit TrueColor LSBFirst window."""
    name = b"w\x00"
    header = struct.pack(
        ">25I",
        100 + len(name),
        7,
        2,
        24,
        width,
        height,
        0,
        0,
        32,
        0,
        32,
        32,
        width * 4,
        4,
        0xFF0000,
        0xFF00,
        0xFF,
        8,
        256,
        0,
        width,
        height,
        0,
        0,
        0,
    )
    return header + name + bgrx


def test_xwd_pixels_come_out_as_rgb():
    bgrx = bytes([0, 0, 255, 0, 0, 255, 0, 0, 255, 0, 0, 0, 1, 2, 3, 0])  # red, green, blue, ...
    width, height, rgb = xwd_to_rgb(fake_xwd(2, 2, bgrx))
    assert (width, height) == (2, 2)
    assert rgb == bytes([255, 0, 0, 0, 255, 0, 0, 0, 255, 3, 2, 1])


def test_png_round_trips():
    rgb = bytes(range(2 * 3 * 3))
    assert read_png(encode_png(3, 2, rgb)) == (3, 2, rgb)


def test_a_real_window_is_captured_with_its_ivory_tile(root, canvas, tmp_path):
    if shutil.which("xwd") is None:
        pytest.skip("no xwd (apt-get install x11-apps)")
    from capicua.gui.screenshot import capture

    draw_tile(canvas, (100, 100, 200, 300), (0, 0), vertical=True)  # a blank: all ivory
    path = capture(root, tmp_path / "shot.png")
    width, height, rgb = read_png(path.read_bytes())
    assert (width, height) == (root.winfo_width(), root.winfo_height())
    offset = (150 * width + 150) * 3
    assert rgb[offset : offset + 3] == bytes.fromhex(IVORY[1:])
    assert isinstance(canvas, tk.Canvas)
