"""A table of phones in Chromium (issue 36), for its browser tests (tests/net/) and its figures
(scripts/bench/phones.py): phones as browser contexts of one Chromium, the host's set-up with
seats on other phones, each guest invited by the real codes (the join link opened, the answer
pasted, or scanned by the host's camera), and every message the host sends a guest kept for
the checks.

Runs only where WebRTC can connect on loopback: in the network namespace of tests/net (see its
conftest), with Chromium's loopback switches and the contexts allowed the camera (without it
Chromium gathers only the default route's address, and the namespace has no route).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from app.net.qr import qr_matrix

from scripts.lib.pages import HANDLED, idle

PHONE = {"viewport": {"width": 360, "height": 640}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True, "permissions": ["camera", "microphone"]}
LOOPBACK = ["--allow-loopback-in-peer-connection",
            "--disable-features=WebRtcHideLocalIpsWithMdns"]
# the messages a phone sends to each link, kept on their way to rtc.js (window.netSent), and
# how many messages it has heard on each link, counted on their way from rtc.js to the app
# (window.netHeard, by link)
KEEP_SENT = """
window.netSent = [];
const net = window.tabletopNet, carry = net.carry;
net.carry = (op) => {
  if (op && op.op === "send") window.netSent.push([op.link, op.text, performance.now()]);
  return carry(op);
};
window.netHeard = {};
const app = window.tabletop, tell = app.tell;
app.tell = (ev) => {
  if (ev && ev.kind === "net" && ev.action === "message") {
    window.netHeard[ev.data.link] = (window.netHeard[ev.data.link] || 0) + 1;
  }
  return tell(ev);
};
"""
SPY = f"addEventListener('DOMContentLoaded', () => {{ {KEEP_SENT} }});"
BOOT_MS = 120_000
# Firefox ESR as a phone: loopback candidates allowed and given as addresses (not mDNS names),
# and the page allowed the camera and the microphone (without it Firefox, as Chromium, offers
# only the default route's address, and the namespace of tests/net has no route)
FIREFOX_PHONE = {
    "media.peerconnection.ice.loopback": True,
    "media.peerconnection.ice.obfuscate_host_addresses": False,
    "permissions.default.camera": 1,
    "permissions.default.microphone": 1,
    # a phone's scroll bars float over the page (Firefox for Android's)
    "ui.useOverlayScrollbars": 1,
    "widget.gtk.overlay-scrollbars.enabled": True,
}


def phone(browser: Any, url: str) -> Any:
    """A new phone: a context of its own (its own storage), the app booted."""
    [page] = phones(browser, url, 1)
    return page


def phones(browser: Any, url: str, n: int) -> list[Any]:
    """``n`` new phones (each as :func:`phone`), booting side by side: every page is opened
    before the first is waited for (a boot is mostly the app's Python starting in its worker,
    so a table's phones start in the time of little more than one)."""
    pages = []
    for _ in range(n):
        ctx = browser.new_context(**PHONE)
        ctx.add_init_script(SPY)
        page = ctx.new_page()
        page.goto(url)
        pages.append(page)
    for page in pages:
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=BOOT_MS)
    return pages


def firefox_phone(url: str) -> Any:
    """A phone in Firefox ESR (a browser of its own, scripts/lib/xbrowser.py), the app booted,
    spoken to as the Chromium phones are (:class:`scripts.lib.xbrowser.PlaywrightLike`); the
    messages it sends kept as SPY keeps them. ``close()`` ends it."""
    from scripts.lib.xbrowser import FirefoxPage, PlaywrightLike

    page = PlaywrightLike(FirefoxPage(FIREFOX_PHONE))
    try:
        page.page.goto(url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=BOOT_MS)
        page.evaluate(f"() => {{ {KEEP_SENT} }}")
    except BaseException:
        page.close()
        raise
    return page


def tap(page: Any, testid: str, nth: int = 0) -> None:
    """Tap a control and wait until the app has handled it."""
    before = page.evaluate(HANDLED)
    page.locator(f"[data-testid={testid}]").nth(nth).tap()
    page.wait_for_function(f"n => ({HANDLED}) !== n", arg=before, timeout=30_000)
    idle(page)


def change(page: Any, selector: str, value: str) -> None:
    """Type ``value`` in a field and leave it (the app hears a change)."""
    before = page.evaluate(HANDLED)
    page.fill(selector, value)
    page.press(selector, "Tab")
    page.wait_for_function(f"n => ({HANDLED}) !== n", arg=before, timeout=30_000)
    idle(page)


def choose(page: Any, selector: str, value: str) -> None:
    before = page.evaluate(HANDLED)
    page.select_option(selector, value)
    page.wait_for_function(f"n => ({HANDLED}) !== n", arg=before, timeout=30_000)
    idle(page)


def host_game(page: Any, game: str, seats: list[tuple[str, str]],
              options: dict[str, str] | None = None, deal: int = 7) -> None:
    """Set up ``game`` on the host's phone with ``seats`` (kind, name) and start it."""
    page.evaluate(f"location.hash = '#/{game}/setup'")
    page.wait_for_selector("[data-testid=seat-kind]", timeout=30_000)
    idle(page)
    while page.locator("[data-testid=seat]").count() < len(seats):
        tap(page, "seat-add")
    while page.locator("[data-testid=seat]").count() > len(seats):
        tap(page, "seat-remove", page.locator("[data-testid=seat]").count() - 1)
    for i, (kind, _name) in enumerate(seats):  # the kinds first: they decide the fields
        choose(page, f"#seat-kind-{i}", kind)
    for i, (kind, name) in enumerate(seats):
        if name and kind != "computer":
            change(page, f"#seat-name-{i}", name)
    for key, value in (options or {}).items():
        change(page, f"#opt-{key}", value)
    change(page, "#setup-deal", str(deal))
    tap(page, "setup-start")
    page.wait_for_selector("[data-testid=phone-invite]", timeout=30_000)


@dataclass
class Joined:
    """How a guest came to the table: the codes' lengths and the time it took."""

    link: str
    answer: str
    seconds: float  # from the answer given to the host, to the guest's first shared screen


@dataclass
class Table:
    host: Any
    guests: dict[int, Any] = field(default_factory=dict)  # seat -> page
    joins: dict[int, Joined] = field(default_factory=dict)


def invite(host: Any, guest: Any, seat: int, name: str, scan: Any = None) -> Joined:
    """The host invites ``seat``; the guest opens the join link and answers; the host pastes
    the answer, or ``scan(answer)`` puts it before the host's camera and the host scans it."""
    tap(host, "phone-invite", _invite_index(host, seat))
    host.wait_for_selector("[data-testid=invite-link]", timeout=30_000)
    link = host.get_attribute("[data-testid=invite-link]", "value") or ""
    guest.evaluate("h => { location.hash = h; }", link.split("#", 1)[1])
    guest.wait_for_selector("[data-testid=join-go]", timeout=30_000)
    idle(guest)
    if name:
        change(guest, "#net-name", name)
    tap(guest, "join-go")
    guest.wait_for_selector("[data-testid=answer-code]", timeout=30_000)
    answer = guest.get_attribute("[data-testid=answer-code]", "value") or ""
    t0 = time.perf_counter()
    if scan is not None:
        scan(answer)
        tap(host, "scan")
    else:
        host.fill("#net-answer", answer)
        host.press("#net-answer", "Tab")
    guest.wait_for_function("location.hash.endsWith('/guest') && "
                            "!!document.querySelector('#mt-board *')",
                            timeout=30_000)
    seconds = time.perf_counter() - t0
    idle(guest)
    idle(host)
    return Joined(link, answer, seconds)


def _invite_index(host: Any, seat: int) -> int:
    seats = host.evaluate("[...document.querySelectorAll('[data-testid=phone-invite]')]"
                          ".map(b => b.dataset.seat)")
    return [int(s) for s in seats].index(seat)


# window.netSent from ``start`` on, unless it is another list than the one ``mark`` names (the
# page was loaded again): then all of it. Each list is marked the first time it is read.
READ_SENT = """([mark, start]) => {
  const sent = window.netSent;
  if (sent.mark === undefined) {
    Object.defineProperty(sent, "mark", {value: String(Math.random()), enumerable: false});
  }
  const from = sent.mark === mark ? start : 0;
  return [sent.mark, from, sent.slice(from).map(([link, text]) => [link, text])];
}"""


def sent(page: Any) -> list[tuple[int, dict[str, Any]]]:
    """Every message the phone sent, in order: (link, message). What an earlier call read is
    kept on the page object, so that each call reads and parses only what was sent since (a
    check after every action of a whole game would otherwise read it all each time)."""
    mark, kept = getattr(page, "_sent_read", (None, []))
    mark, start, more = page.evaluate(READ_SENT, [mark, len(kept)])
    kept = kept[:start] + [(int(link), json.loads(text)) for link, text in more]
    page._sent_read = (mark, kept)
    return list(kept)


def sent_views(host: Any) -> list[tuple[int, dict[str, Any]]]:
    """Every view update the host sent, by link: (link, message)."""
    return [(link, message) for link, message in sent(host) if message.get("t") == "view"]


def saved_state(host: Any, game: str) -> dict[str, Any]:
    """The host's game as saved (its engine state's JSON)."""
    text = host.evaluate("k => localStorage.getItem(k)", f"tabletop.{game}.save")
    data: dict[str, Any] = json.loads(text)
    state = data.get("state") if "state" in data else data["game"]["state"]
    assert isinstance(state, dict)
    return state


def qr_video(path: Path, text: str, width: int = 640, height: int = 480,
             frames: int = 5) -> Path:
    """A YUV4MPEG2 video (Chromium's fake camera films it) of ``text``'s QR code, drawn by the
    app's own encoder, black on white in the middle of the frame."""
    matrix = qr_matrix(text, "M")
    border = 4
    modules = len(matrix) + 2 * border
    scale = min(width, height) * 3 // 4 // modules
    left, top = (width - modules * scale) // 2, (height - modules * scale) // 2
    luma = bytearray(b"\xeb" * (width * height))  # white (235)
    for r, row in enumerate(matrix):
        for c, dark in enumerate(row):
            if not dark:
                continue
            x0, y0 = left + (c + border) * scale, top + (r + border) * scale
            for y in range(y0, y0 + scale):
                luma[y * width + x0:y * width + x0 + scale] = b"\x10" * scale  # black (16)
    chroma = b"\x80" * (width // 2 * (height // 2))
    with path.open("wb") as f:
        f.write(f"YUV4MPEG2 W{width} H{height} F5:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            f.write(b"FRAME\n" + bytes(luma) + chroma + chroma)
    return path
