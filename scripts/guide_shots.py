"""Screenshots of every step of every guided first game at 360 x 640 (device scale 1, touch,
reduced motion), stepped through with Next and Skip step, and of its end; and for each game
one wrong try answered "Not quite." (Machiavelli's step 3: 8♥ picked and laid on the meld;
the Machine's step 8: Play with the K♣ alone; Cube Farm's step 3: Pass; Perpetual Motion's
step 1: Deal). Written to <out>/<game>-<step>.png, <game>-end.png and <game>-not-quite.png,
for the notes on the guides (issue 35: every guide step, looked at).

Usage: flock /tmp/browser.lock .venv/bin/python -m scripts.guide_shots [--site build/site]
       [--out build/guide-shots]
(build the site first; one browser at a time on this machine, hence the lock.)
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from scripts.lib.browser import ROOT, SITE, chromium
from scripts.lib.pages import go, idle, tap_el
from scripts.screenshots import phone_page
from scripts.serve import serve_in_thread

GAMES = ("machiavelli", "machine", "cube-farm", "perpetual-motion")
# per game: the step (from 1) of its wrong try, and the taps that make it
WRONG: dict[str, tuple[int, tuple[str, ...]]] = {
    "machiavelli": (3, ('[data-testid=m-hand-card][data-card="8H"]',
                        '[data-testid=m-meld][data-meld="0"]')),
    "machine": (8, ("[data-testid=mm-play]",)),
    "cube-farm": (3, ("[data-testid=cf-pass]",)),
    "perpetual-motion": (1, ("[data-testid=deal]",)),
}


def shoot(page: Any, path: Path) -> None:
    page.screenshot(path=str(path))
    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def walk(page: Any, game: str, out: Path) -> None:
    """Every step of ``game``'s guide, its wrong try, and its end."""
    go(page, "#/")
    go(page, f"#/{game}/learn")
    wrong_at, taps = WRONG[game]
    k = 0
    while page.locator("[data-testid=guide-skip], [data-testid=guide-next]").count():
        k += 1
        shoot(page, out / f"{game}-{k:02d}.png")
        if k == wrong_at:
            for selector in taps:
                tap_el(page, page.locator(selector).first, force=True)
            shoot(page, out / f"{game}-not-quite.png")
        nxt = page.get_by_test_id("guide-next")
        tap_el(page, nxt if nxt.count() else page.get_by_test_id("guide-skip"))
    idle(page)
    shoot(page, out / f"{game}-end.png")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--out", type=Path, default=ROOT / "build" / "guide-shots")
    args = ap.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is not built: run scripts/build_site.py first")
    args.out.mkdir(parents=True, exist_ok=True)
    server, url = serve_in_thread(args.site)
    try:
        with chromium() as browser:
            page = phone_page(browser, url, "light")
            ctx = page.context
            for game in GAMES:
                walk(page, game, args.out)
            ctx.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
