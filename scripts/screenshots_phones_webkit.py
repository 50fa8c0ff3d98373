"""Screenshots of a table of phones where the browser has no WebRTC data channels (issue 36):
Debian's WebKitGTK MiniBrowser at 360 x 640, the set-up of a game with seats (scrolled to where
it says this browser cannot connect phones, the "On their phone" kind disabled) and a join link
opened there (it says so at once, with what to do), light and dark, written to
docs/screenshots/phones-36/webkit-{setup,join}-{light,dark}.png. The pages are driven as
scripts/screenshots_xbrowser.py drives them (scripts/lib/xbrowser.py).

Usage: flock /tmp/browser.lock .venv/bin/python -m scripts.screenshots_phones_webkit
(the site built first).
"""

from __future__ import annotations

from pathlib import Path

from app.net.codes import pack

from scripts.lib.browser import ROOT, SITE
from scripts.lib.xbrowser import webkit
from scripts.screenshots_xbrowser import IDLE, READY, go
from scripts.serve import serve_in_thread

OUT = ROOT / "docs" / "screenshots" / "phones-36"
OFFER = ROOT / "tests" / "fixtures" / "sdp" / "chromium-offer.sdp"


def main() -> None:
    server, url = serve_in_thread(SITE)
    code = pack(OFFER.read_bytes().decode())
    OUT.mkdir(parents=True, exist_ok=True)
    try:
        for scheme in ("light", "dark"):
            with webkit(scheme) as page:
                page.goto(url)
                page.wait(READY, 300)
                go(page, "#/machiavelli/setup")
                page.wait("!!document.querySelector('[data-testid=no-phones]')", 30)
                page.js("document.querySelector('[data-testid=no-phones]')"
                        ".scrollIntoView({block: 'center'})")
                page.wait(IDLE)
                shots = [OUT / f"webkit-setup-{scheme}.png"]
                page.shot(shots[0])
                go(page, f"#/join/{code}")
                page.wait("!!document.querySelector('[data-testid=join-problem]')", 30)
                shots.append(OUT / f"webkit-join-{scheme}.png")
                page.shot(shots[1])
                assert page.errors() == [], page.errors()
                print(*(str(Path(s).relative_to(ROOT)) for s in shots))
    finally:
        server.shutdown()


if __name__ == "__main__":
    main()
