"""Screenshots of every table at the start of the player's turn, and of the home screen, in
light and dark, at 360 x 640 (device scale 1, touch, reduced motion): written to
docs/screenshots/<game>-light.png, <game>-dark.png, home-light.png and home-dark.png.

The tables are opened as the browser tests of the table frame open them
(tests/helpers/layout.py: TURNS, open_turn): Machiavelli deal 7 against two Standard
computers, the Machine deal 7 against one (its set-up choice), Cube Farm deal 7 against one,
Perpetual Motion deal 7.

Usage: flock /tmp/browser.lock .venv/bin/python scripts/screenshots.py [--site build/site]
       [--out docs/screenshots]
(build the site first; one browser at a time on this machine, hence the lock.)
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "tests"))

from browserlib import SITE, chromium  # noqa: E402
from helpers.layout import TURNS, open_turn  # noqa: E402
from helpers.pages import go  # noqa: E402
from serve import serve_in_thread  # noqa: E402

PHONE_1X = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 1,
            "is_mobile": True, "has_touch": True}


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
                page = ctx.new_page()
                page.goto(url)
                page.wait_for_function("document.documentElement.dataset.ready === '1'",
                                       timeout=180_000)
                go(page, "#/")
                shots = [("home", None)] + [(g, g) for g in TURNS]
                for name, game in shots:
                    if game is None:
                        go(page, "#/")
                    else:
                        open_turn(page, game)
                    page.evaluate("window.scrollTo(0, 0)")
                    path = args.out / f"{name}-{scheme}.png"
                    page.screenshot(path=str(path))
                    print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
                ctx.close()
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
