"""The table page's cost: what it loads, how soon it is playable, how soon a move is seen.

    python benchmarks/web.py                 # 20 page loads, the moves of 4 hands
    python benchmarks/web.py --loads 50 --hands 8

``capicua host`` runs in a process of its own on 127.0.0.1 with one Chiva table: seats 1
and 3 people (partners), 2 and 4 the random player, no pause between moves. Debian's
chromium (Playwright for Python) opens the pages. Printed:

* bytes loaded: everything the page fetched to show the table (the document, its script,
  style, icon and words), as the browser counts them (headers included);
* time to a playable table: from asking for the link's page to the seat's hand drawn from
  the host's first scene, the page opened anew each time (a fresh context: no cache);
* a move seen: from the tap on a lit end on seat 1's page to the tile drawn on seat 3's page
  (the host told, stored, relayed, the scene made and drawn), both pages' clocks being the
  machine's: median and p95.

Budgets (issue 46): under 300 KB loaded, playable in under 1 s, a move seen by the other
players in under 100 ms median. The load average is printed before and after.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from capicua.net.launch import CHROMIUM, CHROMIUM_ARGS, invitations, start_host

CONFIG = """
[host]
pace = 0
hold = 600
[[tables]]
name = "t"
variant = "chiva"
seed = 21
matches = 50
seats = { 1 = "person", 2 = "random", 3 = "person", 4 = "random" }
"""
#: Benchmark's own instrument, put in the watching page: when its felt gains a tile.
WATCH = """() => {
  window.__seen = null;
  const board = document.getElementById('board');
  const count = board.querySelectorAll('.tile').length;
  const watch = new MutationObserver(() => {
    if (board.querySelectorAll('.tile').length !== count && window.__seen === null) {
      window.__seen = performance.timeOrigin + performance.now();
      watch.disconnect();
    }
  });
  watch.observe(board, { childList: true, subtree: true });
}"""
#: The tap on the lit end, timed on the playing page's clock (the machine's).
TAP = """() => {
  const t = performance.timeOrigin + performance.now();
  document.querySelector('#board .end.lit').click();
  return t;
}"""
#: On from a finished hand, or a finished match (the table plays the next).
NEXT = '#choices [data-target="continue"], #choices [data-target="new"]'
ASKED = "() => !!document.body.dataset.asked && !!document.querySelector('#hand .tile.playable')"


def host(folder: Path) -> tuple[subprocess.Popen[str], dict[int, str]]:
    proc = start_host(folder, CONFIG)
    return proc, {seat: inv.link for seat, inv in invitations(proc, 4).items()}


def figures(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):.1f} ms, p95 {p95:.1f} ms (n={len(ordered)})"


def serve(page) -> None:
    """The partner's page answers its own decisions (any offered), so the table goes on."""
    if page.evaluate("() => document.body.dataset.held"):
        page.locator(NEXT).first.click()
    elif page.evaluate(ASKED):
        page.locator("#hand .tile.playable").first.click()
        page.locator("#board .end.lit").first.click()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=20)
    parser.add_argument("--hands", type=int, default=4)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    print(f"load average before: {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        proc, links = host(Path(tmp))
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            loads, sizes = [], []
            for _ in range(args.loads):
                context = browser.new_context(viewport={"width": 390, "height": 844})
                page = context.new_page()
                start = time.perf_counter()
                page.goto(links[1])
                page.wait_for_function("() => !!document.querySelector('#hand .tile')")
                loads.append((time.perf_counter() - start) * 1000)
                sizes.append(
                    page.evaluate(
                        """() => performance.getEntriesByType('navigation')
                            .concat(performance.getEntriesByType('resource'))
                            .reduce((n, e) => n + e.transferSize, 0)"""
                    )
                )
                context.close()
            print(f"bytes loaded: {statistics.median(sizes) / 1024:.1f} KB")
            print(f"time to a playable table: {figures(loads)}")

            mine = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
            partner = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
            mine.goto(links[1])
            partner.goto(links[3])
            seen: list[float] = []
            hands = 0
            deadline = time.monotonic() + 600
            while hands < args.hands and time.monotonic() < deadline:
                serve(partner)
                if mine.evaluate("() => document.body.dataset.held"):
                    mine.locator(NEXT).first.click()
                    hands += 1
                    continue
                if not mine.evaluate(ASKED):
                    time.sleep(0.005)
                    continue
                mine.locator("#hand .tile.playable").first.click()
                partner.evaluate(WATCH)
                tapped = mine.evaluate(TAP)
                partner.wait_for_function("() => window.__seen !== null", timeout=10_000)
                seen.append(partner.evaluate("() => window.__seen") - tapped)
            print(f"a move seen on the other page: {figures(seen)}")
        finally:
            browser.close()
            proc.kill()
            proc.wait()
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
