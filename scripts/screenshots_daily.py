"""Screenshots of a daily result, light and dark, at 360 x 640 (device scale 1, touch, reduced
motion): docs/screenshots/daily-light.png and daily-dark.png. Perpetual Motion's daily deal of
2026-12-02 (the browser's clock fixed on that date), played to its end, then its daily screen
with the result shared (the confirmation in its message line). Set up as scripts/screenshots.py
is (its ``PHONE_1X``); ``daily_shot`` takes a page of a context whose clock is fixed.

Usage: flock /tmp/browser.lock .venv/bin/python scripts/screenshots_daily.py
       [--site build/site] [--out docs/screenshots]
(build the site first; one browser at a time on this machine, hence the lock.)
"""

from __future__ import annotations

import argparse
import datetime
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from browserlib import SITE, chromium  # noqa: E402
from helpers.pages import go, handled  # noqa: E402
from screenshots import PHONE_1X  # noqa: E402
from serve import serve_in_thread  # noqa: E402

DAILY_DATE = datetime.datetime(2026, 12, 2, 20, 0)
PM = "perpetual-motion"


def daily_shot(page: Any, path: Path) -> None:
    """Perpetual Motion's daily deal played to its end, then its daily screen with the result
    shared."""
    go(page, "#/")
    go(page, f"#/{PM}/daily")
    handled(page, lambda: page.get_by_test_id("daily-play").click())
    handled(page, lambda: page.get_by_test_id("autoplay").click())
    page.wait_for_selector("[data-testid=daily-note]", timeout=120_000)
    go(page, f"#/{PM}/daily")
    handled(page, lambda: page.get_by_test_id("daily-share").click())
    page.locator("#daily-msg").wait_for()
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(path))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    args = ap.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is not built: run scripts/build_site.py first")
    args.out.mkdir(parents=True, exist_ok=True)
    server, url = serve_in_thread(args.site)
    try:
        with chromium() as browser:
            for scheme in ("light", "dark"):
                ctx = browser.new_context(**PHONE_1X, reduced_motion="reduce",
                                          color_scheme=scheme)
                ctx.clock.set_fixed_time(DAILY_DATE)
                ctx.grant_permissions(["clipboard-read", "clipboard-write"])
                page = ctx.new_page()
                page.goto(url)
                page.wait_for_function("document.documentElement.dataset.ready === '1'",
                                       timeout=180_000)
                path = args.out / f"daily-{scheme}.png"
                daily_shot(page, path)
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
                ctx.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
