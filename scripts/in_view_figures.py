"""Figures of issue 35 ("a newcomer is never stuck or misled") at 360 x 640 in Chromium, for
each game at the start of the player's turn (scripts/lib/layout.py: TURNS): the share of the
screen the dock takes, and the smallest text on the table as drawn; then after the Hint (the
games that have one there), whether what it marks is in view and the smallest text again.

Usage: flock /tmp/browser.lock .venv/bin/python scripts/in_view_figures.py [--site build/site]
(build the site first; one browser at a time on this machine, hence the lock.)
"""

from __future__ import annotations

import argparse
from pathlib import Path

from scripts.lib.browser import SITE, chromium
from scripts.lib.layout import DOCK_SHARE_JS, TURNS, open_turn, smallest_text, unattended
from scripts.lib.pages import handled
from scripts.screenshots import phone_page
from scripts.serve import serve_in_thread

HINTS = {"machine": "mm-hint", "cube-farm": "cf-hint"}
SETTLED = "() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=SITE)
    args = ap.parse_args()
    server, url = serve_in_thread(args.site)
    try:
        with chromium() as browser:
            page = phone_page(browser, url, "light")
            ctx = page.context
            print(f"{'game':18} {'dock':>6} {'smallest text':>28}   after the Hint")
            for game in TURNS:
                open_turn(page, game)
                page.evaluate(SETTLED)
                dock = page.evaluate(DOCK_SHARE_JS)
                small = smallest_text(page)
                said = f"{small['px']} px {small['text']!r}" if small else "-"
                line = f"{game:18} {dock:6.0%} {said:>28}"
                if game in HINTS:
                    handled(page, page.get_by_test_id(HINTS[game]).tap)
                    page.wait_for_selector(".hinted", timeout=60_000)
                    page.evaluate(SETTLED)
                    bad = unattended(page)
                    small = smallest_text(page)
                    line += (f"   marks {'in view' if not bad else 'OUT: ' + '; '.join(bad)}, "
                             f"smallest {small['px'] if small else '-'} px")
                print(line)
            ctx.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
