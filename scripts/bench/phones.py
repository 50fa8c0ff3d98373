"""A table of phones' figures (issue 36), in Chromium over real WebRTC data channels on this
machine's loopback: the size of an offer and an answer (characters, the QR code's version),
the time from the answer given to the host (pasted, or scanned by its camera) to the guest's
first shared screen, the time from a guest's tap to its own screen updated and to the other
phones updated (median and worst over whole games), the bytes sent per action, and
the time for the host to notice a phone whose page stopped (the heartbeat alone) and its
rejoin, and screenshots of the three phones side by side at 360 x 640.

    .venv/bin/python -m scripts.bench.phones [--games 3] [--shots DIR] [--firefox] [--silent 3]
        [--big-screen]

``--big-screen``: the host is the table on a 1280 x 800 screen (no seat: it shows the public
view), Ana on a phone of her own; a tap is then timed to every phone and the big screen.

``--firefox``: Cal's phone is Firefox ESR (scripts/lib/phones.py ``firefox_phone``), Ana's and
Bea's Chromium; the screenshots are then named ``*-firefox.png``.

It runs itself again in a network namespace with only the loopback interface (as the browser
tests of tests/net do: ``unshare --net --mount``, sysfs mounted again, ``lo`` up), so nothing
it sends leaves this machine. The site must be built (scripts/test or scripts/play do it).
"""

from __future__ import annotations

import argparse
import base64
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.net.qr import qr_version

from scripts.lib.pages import idle
from scripts.lib.phones import (
    LOOPBACK,
    SPY,
    firefox_phone,
    host_game,
    invite,
    phone,
    qr_video,
    tap,
)
from scripts.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
SITE = ROOT / "build" / "site"
M = "machiavelli"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--disable-gpu", "--no-first-run"]


def in_loopback_namespace() -> bool:
    return os.listdir("/sys/class/net") == ["lo"]


def again_in_namespace(module: str = "scripts.bench.phones") -> int:
    """The script ``module`` again (with this one's arguments), in a network namespace of its
    own with only ``lo``, up."""
    inner = (f"mount -t sysfs sysfs /sys && ip link set lo up && cd {ROOT} && "
             f"exec {sys.executable} -m {module} " + " ".join(
                 f"'{a}'" for a in sys.argv[1:]))
    return subprocess.run(["unshare", "--net", "--mount", "--", "bash", "-c", inner]).returncode


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("!!document.querySelector('[data-testid=m-table].live')"))


def counter(page: Any, key: str) -> int:
    return int(page.evaluate(f"document.documentElement.dataset.{key} || '-1'"))


HOST = -1  # the host's page among the pages timed, when it is the table (no seat of its own)


def timed_step(pages: dict[int, Any], seat: int, testid: str) -> tuple[float, float]:
    """Tap ``testid`` on ``seat``'s phone; seconds until its own screen shows the host's answer,
    and until every other phone (and the big screen) shows the change (the host's action count,
    the guests' view versions)."""
    page = pages[seat]
    host = HOST if HOST in pages else 0
    keys = {s: ("actions" if s == host else "version") for s in pages}
    before = {s: counter(p, keys[s]) for s, p in pages.items()}
    t0 = time.perf_counter()
    page.locator(f"[data-testid={testid}]").first.tap()
    done: dict[int, float] = {}
    while len(done) < len(pages):
        for s, p in pages.items():
            if s not in done and counter(p, keys[s]) != before[s]:
                done[s] = time.perf_counter() - t0
        if time.perf_counter() - t0 > 30:
            raise TimeoutError(f"no update after {testid} on seat {seat}")
        time.sleep(0.002)
    for p in pages.values():
        idle(p)
    own = done[seat]
    others = max(v for s, v in done.items() if s != seat)
    return own, others


def play_turn(pages: dict[int, Any], seat: int, own: list[float], others: list[float]) -> int:
    """One turn of ``seat`` by the Hint's steps; the guest's taps timed (at a big-screen table
    every seat is a guest). Its actions."""
    page = pages[seat]
    tap(page, "m-hint")
    page.wait_for_function("/can lay|Nothing can be laid/.test(document.querySelector("
                           "'[data-testid=message]').textContent)", timeout=60_000)
    steps = []
    if "Nothing can be laid" in page.get_by_test_id("message").inner_text():
        steps = ["m-draw"]
    else:
        while True:
            step = page.get_by_test_id("m-hint-step")
            if (not step.count() or not step.is_enabled()
                    or step.get_attribute("aria-disabled") == "true"):
                break
            if seat == 0 and HOST not in pages:
                tap(page, "m-hint-step")
            else:
                a, b = timed_step(pages, seat, "m-hint-step")
                own.append(a)
                others.append(b)
            steps.append("step")
        steps.append("m-end")
    last = steps[-1]
    if seat == 0 and HOST not in pages:
        tap(page, last)
    else:
        a, b = timed_step(pages, seat, last)
        own.append(a)
        others.append(b)
    return len(steps)


def silent_phone(host: Any, guest: Any, seat: int, name: str,
                 meanwhile: Callable[[], None] | None = None) -> tuple[float, float]:
    """``guest``'s page stops (its JavaScript paused by the debugger, as a locked phone's
    stops, without closing anything): seconds until the host shows its seat away (its Invite
    again), by the heartbeat alone; ``meanwhile()`` then (the other phones' words while the
    table waits); then the page goes on and one invitation brings it back to its seat and hand:
    seconds from the answer pasted to its table shown again."""
    hand = guest.get_by_test_id("m-hand-card").count()
    cdp = guest.context.new_cdp_session(guest)
    cdp.send("Debugger.enable")
    cdp.send("Debugger.pause")
    t0 = time.perf_counter()
    host.wait_for_selector(f"[data-testid=phone-invite][data-seat='{seat}']", timeout=30_000)
    noticed = time.perf_counter() - t0
    if meanwhile is not None:
        meanwhile()
    cdp.send("Debugger.resume")
    cdp.detach()
    back = invite(host, guest, seat, "")
    assert guest.get_by_test_id("m-hand-card").count() == hand, f"{name}'s hand changed"
    return noticed, back.seconds


def shot(page: Any, scheme: str = "light") -> tuple[str, int, int]:
    """``page`` as a PNG (base64) in ``scheme``, and its size."""
    page.emulate_media(color_scheme=scheme)
    idle(page)
    size = page.viewport_size
    png = base64.b64encode(page.screenshot()).decode()
    page.emulate_media(color_scheme="light")
    return png, size["width"], size["height"]


def side_by_side(browser: Any, cells: list[tuple[str, tuple[str, int, int]]], out: Path
                 ) -> None:
    """The screenshots in one picture, side by side at their own size, each with its
    caption."""
    width = sum(w + 20 for _c, (_b, w, _h) in cells) + 20
    height = max(h for _c, (_b, _w, h) in cells) + 60
    ctx = browser.new_context(viewport={"width": width, "height": height})
    page = ctx.new_page()
    html = "".join(f'<figure><img src="data:image/png;base64,{b}" width="{w}" height="{h}">'
                   f"<figcaption>{c}</figcaption></figure>" for c, (b, w, h) in cells)
    page.set_content("<style>body{margin:10px;display:flex;gap:20px;align-items:flex-start;"
                     "font:14px sans-serif;background:#ddd}figure{margin:0}"
                     f"img{{display:block;border:1px solid #888}}</style>{html}")
    page.screenshot(path=str(out))
    ctx.close()


def shots_of(browser: Any, pages: list[tuple[str, Any]], out: Path, name: str) -> None:
    """``pages`` side by side, light and dark: ``out/<name>-light.png``, ``-dark.png``."""
    for scheme in ("light", "dark"):
        side_by_side(browser, [(c, shot(p, scheme)) for c, p in pages],
                     out / f"{name}-{scheme}.png")


def big_screen(browser: Any, url: str) -> Any:
    """The host: a laptop, tablet or TV at 1280 x 800 that is the table (no seat)."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 800}, has_touch=True,
                              permissions=["camera", "microphone"])
    ctx.add_init_script(SPY)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'",
                           timeout=120_000)
    return page


def one_game(browser: Any, url: str, film: Path, shots: Path | None,
             firefox: bool = False, silent: int = 0, table: bool = False) -> dict[str, Any]:
    """One whole game of three people: Ana on the host's phone (``table``: on her own phone,
    the host a big screen that is the table), Bea and Cal on theirs."""
    host = big_screen(browser, url) if table else phone(browser, url)
    ana = phone(browser, url) if table else host
    bea = phone(browser, url)
    cal = firefox_phone(url) if firefox else phone(browser, url)
    cal_is = "Cal's phone (Firefox)" if firefox else "Cal's phone"
    end = "-firefox" if firefox else "-big-screen" if table else ""
    host_game(host, M, [("phone" if table else "you", "Ana"), ("phone", "Bea"),
                        ("phone", "Cal")], {"hand_size": "5"}, deal=7)
    if table:
        invite(host, ana, 0, "Ana")
    pasted = invite(host, bea, 1, "Bea")
    scanned = invite(host, cal, 2, "Cal", scan=lambda text: qr_video(film, text))
    pages = {0: ana, 1: bea, 2: cal}
    if table:
        pages[HOST] = host
    captions = ([("The table (1280 x 800)", host), ("Ana's phone", ana)] if table else
                [("Host: Ana (you)", host)]) + [("Bea's phone", bea), (cal_is, cal)]

    def waiting() -> None:  # every phone's words while the table waits for Bea's phone
        assert shots is not None
        for p in (ana, cal, host):
            p.wait_for_function("() => /bea.s phone/i.test(document.querySelector("
                                "'[data-testid=message]')?.textContent || '')",
                                timeout=30_000)
        shots_of(browser, [(c, p) for c, p in captions if p is not bea], shots,
                 f"waiting{end}")  # (Bea's page is stopped)

    noticed = [silent_phone(host, bea, 1, "Bea", waiting if shots is not None and i == 0
                            else None) for i in range(silent)]
    own: list[float] = []
    others: list[float] = []
    actions = 0
    shot_at = 10
    for turn in range(400):
        for p in pages.values():
            idle(p)
        if host.get_by_test_id("end").count():
            break
        seat = next(s for s, p in pages.items() if s != HOST and my_turn(p))
        actions += play_turn(pages, seat, own, others)
        if shots is not None and turn == shot_at:
            shots_of(browser, captions, shots, f"mid-game{end}")
    if shots is not None:
        for p in pages.values():
            p.wait_for_selector("[data-testid=end]", timeout=30_000)
        shots_of(browser, captions, shots, f"end{end}")
    to_guests = sum(len(t.encode()) for _l, t, _ in host.evaluate("window.netSent"))
    from_guests = sum(len(t.encode()) for g in pages.values() if g is not host
                      for _l, t, _ in g.evaluate("window.netSent"))
    out = {"offer": pasted.link.split("#/join/")[1], "link": pasted.link,
           "answer": pasted.answer, "join_paste": pasted.seconds, "join_scan": scanned.seconds,
           "own": own, "others": others, "actions": actions,
           "to_guests": to_guests, "from_guests": from_guests, "noticed": noticed,
           "guests": 3 if table else 2}
    for p in {id(p): p for p in pages.values()}.values():
        if firefox and p is cal:
            cal.close()
        else:
            p.context.close()
    return out


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--shots", default=str(ROOT / "docs" / "screenshots" / "phones-36"))
    p.add_argument("--firefox", action="store_true", help="Cal's phone is Firefox ESR")
    p.add_argument("--big-screen", action="store_true",
                   help="the host is the table on a 1280 x 800 screen, Ana on her own phone")
    p.add_argument("--silent", type=int, default=3,
                   help="times Bea's page stops before each game (noticed, then rejoined)")
    args = p.parse_args()
    if not in_loopback_namespace():
        return again_in_namespace()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(SITE)
    shots = Path(args.shots)
    shots.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        film = qr_video(Path(tmp) / "answer.y4m", "not yet")
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=[
            *ARGS, *LOOPBACK, "--use-fake-device-for-media-stream",
            "--use-fake-ui-for-media-stream", f"--use-file-for-fake-video-capture={film}"])
        games = [one_game(browser, url, film, shots if i == 0 else None, args.firefox,
                          args.silent, args.big_screen) for i in range(args.games)]
        browser.close()
    server.shutdown()
    g = games[0]
    print(f"offer code {len(g['offer'])} characters; join link {len(g['link'])} characters, "
          f"QR version {qr_version(g['link'])} (level M)")
    print(f"answer code {len(g['answer'])} characters, QR version {qr_version(g['answer'])}")
    for key, what in (("join_paste", "answer pasted"), ("join_scan", "answer scanned")):
        xs = [x[key] for x in games]
        print(f"{what} -> guest's first shared screen: median {statistics.median(xs) * 1000:.0f}"
              f" ms, worst {max(xs) * 1000:.0f} ms ({len(xs)} games)")
    own = [t for x in games for t in x["own"]]
    others = [t for x in games for t in x["others"]]
    for name, xs in (("its own screen", own), ("every other phone" + (
            " and the big screen" if args.big_screen else ""), others)):
        print(f"guest's tap -> {name} updated: median {statistics.median(xs) * 1000:.0f} ms, "
              f"worst {max(xs) * 1000:.0f} ms ({len(xs)} taps)")
    noticed = [n for x in games for n, _ in x["noticed"]]
    back = [b for x in games for _, b in x["noticed"]]
    if noticed:
        print(f"a phone's page stopped -> shown away on the host: median "
              f"{statistics.median(noticed):.2f} s, worst {max(noticed):.2f} s; rejoined (answer "
              f"pasted -> its table again): median {statistics.median(back) * 1000:.0f} ms, "
              f"worst {max(back) * 1000:.0f} ms ({len(noticed)} times: "
              + ", ".join(f"{n:.2f} s" for n in noticed) + ")")
    actions = sum(x["actions"] for x in games)
    print(f"bytes per action: host to guests {sum(x['to_guests'] for x in games) / actions:.0f}"
          f", guests to host {sum(x['from_guests'] for x in games) / actions:.0f} "
          f"(to each guest {sum(x['to_guests'] / x['guests'] for x in games) / actions:.0f}; "
          f"{actions} actions over {len(games)} whole games of 3 people"
          f"{', the host a big screen' if args.big_screen else ''}"
          f"{', Cal on Firefox' if args.firefox else ''})")
    end = "-firefox" if args.firefox else "-big-screen" if args.big_screen else ""
    print(f"screenshots (light and dark): {shots}/{{mid-game,end,waiting}}{end}-*.png")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
