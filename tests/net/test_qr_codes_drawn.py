"""The table of phones' QR codes as a browser draws them (issue 36, issue 44): no start loads
anything of segno, neither one afresh nor one restored from the memory snapshot; the host's
first invitation (a restored start) has Pyodide load segno's wheel from the site and draws the
join link's QR code, the guest's phone (a start afresh) draws its answer's the same way, and
jsQR reads each drawn SVG back as the text beside it."""

from __future__ import annotations

from typing import Any

from helpers.qr import decode, svg_matrix

from scripts.lib.pages import idle
from scripts.lib.phones import BOOT_MS, PHONE, change, host_game, tap

SEGNO = "/pyodide/segno-"


def watched_phone(browser: Any, url: str, requests: list[str]) -> Any:
    """A new phone whose every request (its page's, its workers') goes into ``requests``."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.on("request", lambda r: requests.append(r.url))
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=BOOT_MS)
    idle(page)
    return page


def drawn(page: Any, testid: str) -> str:
    page.wait_for_selector(f"[data-testid={testid}] svg", timeout=60_000)
    svg: str = page.locator(f"[data-testid={testid}] svg").evaluate("e => e.outerHTML")
    return svg


def test_segno_is_loaded_by_the_first_qr_code_not_by_a_start(launch: Any,
                                                             site_url: str) -> None:
    browser = launch()
    host_requests: list[str] = []
    guest_requests: list[str] = []
    host = watched_phone(browser, site_url, host_requests)
    host.wait_for_function("document.documentElement.dataset.snapshot === 'made'",
                           timeout=BOOT_MS)
    host.reload()  # restored from the snapshot, which holds nothing of segno either
    host.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=BOOT_MS)
    assert host.evaluate("document.documentElement.dataset.start") == "snapshot"
    guest = watched_phone(browser, site_url, guest_requests)
    assert guest.evaluate("document.documentElement.dataset.start") == "fresh"
    host_game(host, "machine", [("you", "Ana"), ("phone", "Bea")], deal=3)
    assert any("/pyodide/" in u for u in host_requests)  # the worker's requests are seen
    assert not [u for u in host_requests + guest_requests if SEGNO in u]

    tap(host, "phone-invite")
    invite = drawn(host, "invite-qr")
    link = host.get_attribute("[data-testid=invite-link]", "value") or ""
    assert [u for u in host_requests if SEGNO in u], "the host drew a code without segno"
    assert "QR code inviting Bea" in invite and "style" not in invite

    guest.evaluate("h => { location.hash = h; }", link.split("#", 1)[1])
    guest.wait_for_selector("[data-testid=join-go]", timeout=30_000)
    idle(guest)
    change(guest, "#net-name", "Bea")
    tap(guest, "join-go")
    answer_svg = drawn(guest, "answer-qr")
    answer = guest.get_attribute("[data-testid=answer-code]", "value") or ""
    assert [u for u in guest_requests if SEGNO in u]
    assert decode([svg_matrix(invite), svg_matrix(answer_svg)]) == [link, answer]
