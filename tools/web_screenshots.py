"""Screenshots of the table page in a real browser, for every installed game, phone and desk.

For looking at the page as a person would, after changing it:

    python tools/web_screenshots.py docs/            # every game, 390x844 and 1920x1080
    python tools/web_screenshots.py /tmp/shots --games chiva --sizes 360x640,2560x1440

Each game is a real ``capicua host`` (seat 1 a person, the others the random player) in
its own process on 127.0.0.1; the page plays seat 1 by clicks for ``--moves`` decisions,
picks a tile (its ends light up) and is photographed at each size, the same position each
time (the host waits for the seat while no page is open). Needs Playwright for Python and
Debian's chromium (``/usr/bin/chromium``): no browser is downloaded.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import time
from pathlib import Path

try:
    from capicua.net.launch import CHROMIUM, CHROMIUM_ARGS, printed_invitations, start_host
    from capicua.plugins import default_plugins
except ImportError:  # src/ is the package only once installed (pip install -e .)
    sys.exit("error: capicua is not installed; run: pip install -e .  (see README.md)")

PLAYING = "() => document.body.dataset.asked && !!document.querySelector('#hand .tile.playable')"
#: Whatever the page offers the seat, as the selector to click (the first is taken).
OFFERED = [
    '#choices .choice[data-target="continue"]',
    ".facedown button:not([disabled])",
    "#choices .choice[data-action]",
    ".boneyard.lit",
    "#hand .tile.playable",
]


def host(folder: Path, variant: str, seats: int, seed: int) -> tuple[subprocess.Popen[str], str]:
    others = ", ".join(f'{s} = "random"' for s in range(2, seats + 1))
    proc = start_host(
        folder,
        f'[host]\npace = 0\n[[tables]]\nname = "t"\nvariant = "{variant}"\nseed = {seed}\n'
        f'seats = {{ 1 = "person", {others} }}\n',
    )
    for _seat, _label, invitation in printed_invitations(proc):
        return proc, invitation.link
    raise SystemExit(f"error: the host for {variant} printed no invitation")


def play(page, moves: int) -> None:
    """Seat 1's first ``moves`` decisions, by clicks on what the page offers: a playable
    tile, then a lit end; a choice; the boneyard."""
    for _ in range(moves):
        page.wait_for_function("() => !!document.body.dataset.asked", timeout=30_000)
        asked = page.evaluate("() => document.body.dataset.asked")
        for selector in OFFERED:
            if page.locator(selector).count():
                page.locator(selector).first.click()
                if selector == "#hand .tile.playable":
                    page.locator("#board .end.lit").first.click()
                break
        page.wait_for_function(f"() => document.body.dataset.asked !== '{asked}'", timeout=10_000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--games", default="", help="comma-separated (default: every one)")
    parser.add_argument("--sizes", default="390x844,1920x1080")
    parser.add_argument("--moves", type=int, default=4)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--lang", default="en")
    args = parser.parse_args()
    from playwright.sync_api import Error as PlaywrightError
    from playwright.sync_api import sync_playwright

    variants = default_plugins().variants
    games = args.games.split(",") if args.games else variants.names()
    sizes = [tuple(int(n) for n in size.split("x")) for size in args.sizes.split(",")]
    args.folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        for game in games:
            folder = Path(tmp) / game
            folder.mkdir()
            proc, link = host(folder, game, variants.create(game, {}).seats, args.seed)
            try:
                for i, (width, height) in enumerate(sizes):
                    context = browser.new_context(
                        viewport={"width": width, "height": height}, locale=args.lang
                    )
                    page = context.new_page()
                    page.goto(link)
                    play(page, args.moves if i == 0 else 0)
                    try:
                        page.wait_for_function(PLAYING, timeout=20_000)
                        page.locator("#hand .tile.playable").first.click()  # ends light up
                    except PlaywrightError:
                        pass  # a position where the seat has no tile to play: as it is
                    page.evaluate("() => window.scrollTo(0, 0)")
                    time.sleep(0.3)
                    out = args.folder / f"screenshot-web-{game}-{width}x{height}.png"
                    page.screenshot(path=str(out))
                    print(out)
                    context.close()
            finally:
                proc.kill()
                proc.wait()
        browser.close()


if __name__ == "__main__":
    main()
