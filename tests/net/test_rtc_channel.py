"""web/app/net/rtc.js in Chromium: two phones (two contexts of the real app page) connect by an
offer and an answer alone and talk over a WebRTC data channel on this machine's loopback; the
scanner reads a QR code from Chromium's fake camera; ops that make no sense throw nothing into
the page. The ops are carried as bridge.js carries the app's items (``tabletopNet.carry``), and
the events rtc.js tells are caught on their way to the app's Python (a spy around
``tabletop.tell``), which reads each one too (a bad one would be a console error)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import PHONE, boot_apps

from scripts.lib.phones import qr_video

# rtc.js's events, kept in window.netEvents on their way to the app's Python
SPY = """
window.netEvents = [];
addEventListener("DOMContentLoaded", () => {
  const t = window.tabletop, tell = t.tell;
  t.tell = (ev) => { if (ev && ev.kind === "net") window.netEvents.push(ev); return tell(ev); };
});
"""
WAIT_MS = 20_000
# Chromium lists the interfaces' addresses (here 127.0.0.1) only to a page allowed the camera
# or the microphone; without, it has only the default route's, and this namespace has no route
PEER_CONTEXT = {"permissions": ["camera", "microphone"]}


def phones(browser: Any, url: str, n: int) -> list[Any]:
    """``n`` phones, each a context of its own, booting side by side."""
    contexts = []
    for _ in range(n):
        ctx = browser.new_context(**PHONE, **PEER_CONTEXT)
        ctx.add_init_script(SPY)
        contexts.append(ctx)
    return boot_apps(contexts, url)


def phone(browser: Any, url: str) -> Any:
    [page] = phones(browser, url, 1)
    return page


def carry(page: Any, op: Any) -> None:
    page.evaluate("(op) => window.tabletopNet.carry(op)", op)


def events(page: Any, action: str | None = None) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = page.evaluate("window.netEvents")
    return [e for e in got if action is None or e["action"] == action]


def wait_for(page: Any, action: str, count: int = 1) -> list[dict[str, Any]]:
    """The first ``count`` events ``action`` once there are that many."""
    page.wait_for_function("([a, n]) => window.netEvents.filter((e) => e.action === a).length "
                           ">= n", arg=[action, count], timeout=WAIT_MS)
    return events(page, action)[:count]


def candidates(sdp: str) -> list[str]:
    """The addresses of a description's ICE candidates."""
    return [line.split()[4] for line in sdp.splitlines() if line.startswith("a=candidate:")]


@pytest.fixture()
def browser(launch: Any) -> Any:
    return launch()


def test_two_phones_connect_by_codes_alone_and_talk_in_order(browser: Any,
                                                            site_url: str) -> None:
    host, guest = phones(browser, site_url, 2)
    assert host.evaluate("window.tabletopNet.available()")
    carry(host, {"op": "offer", "link": 1, "stun": ""})
    [offer] = wait_for(host, "offer")
    assert offer["data"]["link"] == "1"
    sdp = offer["data"]["sdp"]
    assert candidates(sdp) and set(candidates(sdp)) <= {"127.0.0.1", "::1"}, sdp
    assert len(sdp) < 2000 and "webrtc-datachannel" in sdp

    carry(guest, {"op": "answer", "link": 7, "sdp": sdp, "stun": ""})
    [answer] = wait_for(guest, "answer")
    assert answer["data"]["link"] == "7"
    assert set(candidates(answer["data"]["sdp"])) <= {"127.0.0.1", "::1"}
    carry(host, {"op": "accept", "link": 1, "sdp": answer["data"]["sdp"]})
    assert wait_for(host, "open")[0]["data"] == {"link": "1"}
    assert wait_for(guest, "open")[0]["data"] == {"link": "7"}

    big = "".join(f"{i:07d}," for i in range(12_500))  # 100,000 characters
    for i in range(30):
        carry(host, {"op": "send", "link": 1, "text": f"to guest {i}"})
        carry(guest, {"op": "send", "link": 7, "text": f"to host {i}"})
    carry(host, {"op": "send", "link": 1, "text": big})
    carry(host, {"op": "send", "link": 1, "text": "after the big one"})
    to_guest = [e["data"] for e in wait_for(guest, "message", 32)]
    to_host = [e["data"] for e in wait_for(host, "message", 30)]
    assert [d["text"] for d in to_guest] == (
        [f"to guest {i}" for i in range(30)] + [big, "after the big one"])
    assert [d["text"] for d in to_host] == [f"to host {i}" for i in range(30)]
    assert {d["link"] for d in to_guest} == {"7"} and {d["link"] for d in to_host} == {"1"}

    carry(guest, {"op": "close", "link": 7})
    assert wait_for(host, "close")[0]["data"] == {"link": "1"}
    carry(host, {"op": "send", "link": 1, "text": "too late"})  # a closed link: dropped
    host.wait_for_timeout(300)
    assert events(guest, "close") == []  # who closed it is not told
    assert events(host, "failed") == [] and events(guest, "failed") == []
    assert len(events(guest, "message")) == 32
    for page in (host, guest):
        page.context.close()


def test_ops_that_make_no_sense_are_dropped_without_an_error(browser: Any,
                                                            site_url: str) -> None:
    page = phone(browser, site_url)
    for op in ({"op": "send", "link": 99, "text": "nobody"}, {"op": "close", "link": 99},
               {"op": "scan-stop"}, {"op": "nonsense", "link": 1}, {"op": "offer"},
               {"op": "offer", "link": "1"}, {"op": "send", "link": 1.5},
               {"op": "close", "link": -1}, None, 7, "offer"):
        carry(page, op)
    carry(page, {"op": "accept", "link": 99, "sdp": "v=0"})
    [failed] = wait_for(page, "failed")
    assert failed["data"]["link"] == "99" and "no invitation" in failed["data"]["reason"]
    carry(page, {"op": "answer", "link": 2, "sdp": "not a description", "stun": ""})
    [_, bad] = wait_for(page, "failed", 2)
    assert bad["data"]["link"] == "2"
    assert bad["data"]["reason"].startswith("This invitation could not be used")
    carry(page, {"op": "offer", "link": 3, "stun": ""})
    carry(page, {"op": "send", "link": 3, "text": "before it opens"})  # dropped quietly
    wait_for(page, "offer")
    carry(page, {"op": "accept", "link": 3, "sdp": "v=0 garbage"})
    [_, _, garbage] = wait_for(page, "failed", 3)
    assert garbage["data"]["link"] == "3"
    assert garbage["data"]["reason"].startswith("This answer could not be used")
    carry(page, {"op": "close", "link": 3})  # gone already: nothing
    page.wait_for_timeout(300)
    assert [e["action"] for e in events(page)] == ["failed", "failed", "offer", "failed"]
    page.context.close()


def test_without_a_camera_the_scanner_says_so_in_a_players_words(browser: Any,
                                                                site_url: str) -> None:
    page = phone(browser, site_url)
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<div id=\"scan-here\"></div>')")
    carry(page, {"op": "scan", "into": "scan-here"})
    [failed] = wait_for(page, "scan-failed")
    assert re.fullmatch(r"The camera (is not available|was not allowed): .*paste the code "
                        r"instead\.", failed["data"]["reason"]), failed
    assert page.evaluate("document.querySelector('#scan-here video')") is None
    page.context.close()


# --- the scanner, with Chromium's fake camera showing a QR code -------------------------------

QR_TEXT = "http://127.0.0.1/#/join/rtc-scan-test-0123456789"


def test_the_scanner_reads_a_qr_code_from_the_camera_once(launch: Any, site_url: str,
                                                         tmp_path: Path) -> None:
    video = qr_video(tmp_path / "qr.y4m", QR_TEXT)
    browser = launch("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                     f"--use-file-for-fake-video-capture={video}")
    page = phone(browser, site_url)
    page.evaluate("document.body.insertAdjacentHTML('beforeend', '<div id=\"scan-here\"></div>')")
    carry(page, {"op": "scan", "into": "scan-here"})
    page.wait_for_selector("#scan-here video", state="attached", timeout=WAIT_MS)
    [scanned] = wait_for(page, "scanned")
    assert scanned["data"] == {"text": QR_TEXT}
    page.wait_for_timeout(800)  # about 5 more frames: the camera is stopped, said once
    assert len(events(page, "scanned")) == 1 and events(page, "scan-failed") == []
    assert page.evaluate("document.querySelector('#scan-here video')") is None
    if page.evaluate("typeof BarcodeDetector") != "function":  # read by jsQR, from the site
        assert page.evaluate("typeof window.jsQR") == "function"
    page.context.close()
