"""Screenshots of every table at the start of the player's turn, and of the home screen, in
light and dark, at 360 x 640 (device scale 1, touch, reduced motion): written to
docs/screenshots/<game>-light.png, <game>-dark.png, home-light.png and home-dark.png; and a
step of Perpetual Motion's guided first game (its third: tops A 5 A 5, the card to move and the
stack it goes to marked), guide-light.png and guide-dark.png; Machiavelli's statistics after
three seeded games and the 14th step of the last one's replay, stats-*.png and replay-*.png;
Perpetual Motion's statistics with its simulator, pm-stats-*.png, and its offer of a linked
deal while one is in progress, pm-offer-*.png; a daily result, daily-light.png and
daily-dark.png: Perpetual Motion's daily deal of 2026-12-02 (the browser's clock fixed on that
date, in a context of its own), played to its end, then its daily screen with the result
shared (the confirmation in its message line).

The tables are opened as the browser tests of the table frame open them
(scripts/lib/layout.py: TURNS, open_turn): Machiavelli deal 7 against two Standard
computers, the Machine deal 7 against one (its set-up choice), Cube Farm deal 7 against one,
Perpetual Motion deal 7.

Usage: flock /tmp/browser.lock .venv/bin/python scripts/screenshots.py [--site build/site]
       [--out docs/screenshots] [--only guide|stats|pm|daily]
(build the site first; one browser at a time on this machine, hence the lock.)
"""

from __future__ import annotations

import argparse
import datetime
from pathlib import Path
from typing import Any

from scripts.lib.browser import ROOT, SITE, chromium
from scripts.lib.layout import TURNS, open_turn
from scripts.lib.pages import go, handled, pm_browser_step
from scripts.lib.stats import record_of  # the statistics' games, made by the app's own code
from scripts.serve import serve_in_thread

PHONE_1X = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 1,
            "is_mobile": True, "has_touch": True}


def guide_step(page: object) -> None:
    """Perpetual Motion's guided game at its third step (the first forced move marked)."""
    go(page, "#/")
    go(page, "#/perpetual-motion/learn")
    for _ in range(2):  # Next, then Deal
        pm_browser_step(page)


# Machiavelli games (seed, computer levels by seat; seat 0 is you) for the statistics' shots
STATS_GAMES = [(3, ["standard", "beginner"]), (4, ["beginner", "beginner", "standard"]),
               (7, ["standard", "standard"])]
ONLY = {"guide": ("guide",), "stats": ("stats", "replay"), "pm": ("pm-stats", "pm-offer"),
        "daily": ("daily",)}
DAILY_DATE = datetime.datetime(2026, 12, 2, 20, 0)
PM = "perpetual-motion"


def stats_page(page: Any, made: list[tuple[str, list[str]]]) -> None:
    """Machiavelli's statistics after STATS_GAMES, played by the app's code in CPython (as the
    command line plays them) and put in this browser's storage before the app starts again."""
    if not made:
        made.append(record_of("machiavelli", STATS_GAMES, low=True))
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  ["tabletop.machiavelli.record", made[0][0]])
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    go(page, "#/machiavelli/stats")


def replay_step(page: Any, made: list[tuple[str, list[str]]]) -> None:
    """The last of those games replayed to its 14th step (after :func:`stats_page`)."""
    go(page, f"#/machiavelli/replay/{made[0][1][-1]}")
    for _ in range(14):
        handled(page, lambda: page.keyboard.press("ArrowRight"))


def pm_offer(page: Any) -> None:
    """Perpetual Motion's deal 7 with a row dealt, then a link to deal 12: the offer."""
    open_turn(page, PM)
    handled(page, lambda: page.get_by_test_id("deal").click())
    page.wait_for_selector("[data-testid=deal]:not([disabled])")
    go(page, f"#/{PM}/deal/12")
    page.get_by_test_id("offer").wait_for()


def daily_shot(page: Any, path: Path) -> None:
    """Perpetual Motion's daily deal played to its end, then its daily screen with the result
    shared (``page``: of a context whose clock is fixed)."""
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


def phone_page(browser: Any, url: str, scheme: str, daily: bool = False) -> Any:
    """A ready page of the app at 360 x 640 in ``scheme``; ``daily``: its clock fixed on
    DAILY_DATE and the clipboard allowed (the daily result's Share)."""
    ctx = browser.new_context(**PHONE_1X, reduced_motion="reduce", color_scheme=scheme)
    if daily:
        ctx.clock.set_fixed_time(DAILY_DATE)
        ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    return page


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--site", type=Path, default=SITE)
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    ap.add_argument("--only", choices=tuple(ONLY), help="only these screenshots")
    args = ap.parse_args()
    if not (args.site / "index.html").exists():
        raise SystemExit(f"{args.site} is not built: run scripts/build_site.py first")
    args.out.mkdir(parents=True, exist_ok=True)
    server, url = serve_in_thread(args.site)
    made: list[tuple[str, list[str]]] = []  # the statistics' record and its games' ids
    try:
        with chromium() as browser:
            for scheme in ("light", "dark"):
                shots = [("home", None)] + [(g, g) for g in TURNS] + [
                    ("guide", "guide"), ("stats", "stats"), ("replay", "replay"),
                    ("pm-stats", "pm-stats"), ("pm-offer", "pm-offer")]
                if args.only:
                    shots = [(n, g) for n, g in shots if n in ONLY[args.only]]
                page = phone_page(browser, url, scheme) if shots else None
                if page is not None:
                    go(page, "#/")
                for name, game in shots:
                    if game is None:
                        go(page, "#/")
                    elif game == "guide":
                        guide_step(page)
                    elif game == "stats":
                        stats_page(page, made)
                    elif game == "replay":
                        replay_step(page, made)
                    elif game == "pm-stats":
                        go(page, f"#/{PM}/stats")
                    elif game == "pm-offer":
                        pm_offer(page)
                    else:
                        open_turn(page, game)
                    page.evaluate("window.scrollTo(0, 0)")
                    path = args.out / f"{name}-{scheme}.png"
                    page.screenshot(path=str(path))
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
                if page is not None:
                    page.context.close()
                if args.only in (None, "daily"):
                    page = phone_page(browser, url, scheme, daily=True)
                    path = args.out / f"daily-{scheme}.png"
                    daily_shot(page, path)
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
                    page.context.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
