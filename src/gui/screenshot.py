"""Render a Tk window to a PNG file, and start a private X server to render it on.

Used by ``tools/screenshot.py`` (to look at the table as a person would) and by the GUI
tests (which need a display). Debian packages needed, all installable by ``apt-get``:

* ``xvfb``     -- the virtual X server (``Xvfb``), when no real display is at hand;
* ``x11-apps`` -- ``xwd``, which dumps a window's pixels;
* ``libtk8.6`` -- Tk itself (comes with ``python3-tk`` on a Debian Python).

The XWD dump is turned into PNG here in pure Python (``zlib`` and ``struct``), so neither
ImageMagick nor netpbm is required.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import tkinter as tk
import zlib
from pathlib import Path

DEBIAN_PACKAGES = ("xvfb", "x11-apps")


class Xvfb:
    """A private Xvfb server on a free display number; use as a context manager.

    ``-displayfd`` makes the server pick a free display itself and report it, so parallel
    test runs never race for a number.
    """

    def __init__(self, width: int = 1280, height: int = 1024, depth: int = 24) -> None:
        self.screen = f"{width}x{height}x{depth}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.display: str | None = None

    def start(self) -> str:
        exe = shutil.which("Xvfb")
        if exe is None:
            raise RuntimeError("Xvfb not found: apt-get install xvfb")
        read_fd, write_fd = os.pipe()
        try:
            self.proc = subprocess.Popen(
                [
                    exe,
                    "-displayfd",
                    str(write_fd),
                    "-screen",
                    "0",
                    self.screen,
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ],
                pass_fds=(write_fd,),
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        finally:
            os.close(write_fd)
        with os.fdopen(read_fd, "rb") as pipe:
            number = pipe.readline().strip()  # blocks until the server is ready
        if not number:
            self.stop()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number.decode()}"
        return self.display

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def capture(widget: tk.Misc, path: str | Path) -> Path:
    """Save what ``widget``'s window shows right now as a PNG at ``path``."""
    widget.update_idletasks()
    widget.update()
    exe = shutil.which("xwd")
    if exe is None:
        raise RuntimeError("xwd not found: apt-get install x11-apps")
    env = dict(os.environ, DISPLAY=str(widget.winfo_screen()))
    dump = subprocess.run(
        [exe, "-silent", "-id", str(widget.winfo_id())], check=True, capture_output=True, env=env
    ).stdout
    path = Path(path)
    path.write_bytes(xwd_to_png(dump))
    return path


def xwd_to_png(data: bytes) -> bytes:
    """Convert an XWD dump of a TrueColor window (what Xvfb and most X servers give) to PNG."""
    width, height, rgb = xwd_to_rgb(data)
    return encode_png(width, height, rgb)


def xwd_to_rgb(data: bytes) -> tuple[int, int, bytes]:
    """Decode an XWD dump to ``(width, height, packed RGB bytes)``."""
    # The header is 25 big-endian CARD32s (xwd writes it MSB first on every host).
    fields = struct.unpack(">25I", data[:100])
    (
        header_size,
        version,
        pixmap_format,
        _depth,
        width,
        height,
        _xoffset,
        byte_order,
        _unit,
        _bit_order,
        _pad,
        bits_per_pixel,
        bytes_per_line,
        visual_class,
        red_mask,
        green_mask,
        blue_mask,
        _bits_rgb,
        _cmap_entries,
        ncolors,
        *_rest,
    ) = fields
    if version != 7 or pixmap_format != 2:
        raise ValueError("only XWD version 7 ZPixmap dumps are supported")
    if visual_class not in (4, 5) or bits_per_pixel not in (24, 32):  # TrueColor/DirectColor
        raise ValueError(f"unsupported XWD visual (class {visual_class}, {bits_per_pixel} bpp)")
    start = header_size + ncolors * 12  # colormap entries are 12 bytes each
    pixels = data[start : start + bytes_per_line * height]
    step = bits_per_pixel // 8
    shifts = []
    for mask in (red_mask, green_mask, blue_mask):
        shift = (mask & -mask).bit_length() - 1
        if mask >> shift != 0xFF or shift % 8:
            raise ValueError("only 8-bit colour channels are supported")
        byte = shift // 8
        # Position of that byte inside a pixel depends on the image byte order.
        shifts.append(byte if byte_order == 0 else step - 1 - byte)
    out = bytearray(width * height * 3)
    row_len = width * step
    for y in range(height):
        row = pixels[y * bytes_per_line : y * bytes_per_line + row_len]
        base = y * width * 3
        # Slice assignment moves a whole channel of a row at C speed.
        for channel, offset in enumerate(shifts):
            out[base + channel : base + width * 3 : 3] = row[offset::step]
    return width, height, bytes(out)


def encode_png(width: int, height: int, rgb: bytes) -> bytes:
    """A minimal 8-bit RGB PNG of packed ``rgb`` rows."""
    stride = width * 3
    raw = b"".join(b"\x00" + rgb[y * stride : (y + 1) * stride] for y in range(height))

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body))
            + kind
            + body
            + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
        )

    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 6))
        + chunk(b"IEND", b"")
    )
