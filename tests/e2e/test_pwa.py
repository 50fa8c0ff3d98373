"""The Progressive Web App in a real browser: offline, installable, same-origin only, any
sub-path, right content types, and updates that never mix two versions."""

from __future__ import annotations

import json
import re
import shutil
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from helpers.browser import (
    apply_update,
    ask_for_update,
    network_is_off,
    open_app,
    wait_ready,
    wait_service_worker,
)


def precache_list(site: Path) -> list[str]:
    text = (site / "sw.js").read_text()
    m = re.search(r"const PRECACHE = (\[.*?\]);", text, re.S)
    assert m, "sw.js has no precache list"
    urls: list[str] = json.loads(m.group(1))
    return urls


def sw_version(site: Path) -> str:
    m = re.search(r'const VERSION = "([0-9a-f]+)";', (site / "sw.js").read_text())
    assert m
    return m.group(1)


def test_server_sends_right_types(site_url: str) -> None:
    def head(path: str) -> Any:
        return urllib.request.urlopen(site_url + path)

    assert head("pyodide/pyodide.mjs").headers["Content-Type"].startswith("text/javascript")
    assert head("pyodide/pyodide.asm.wasm").headers["Content-Type"] == "application/wasm"
    assert "json" in head("manifest.json").headers["Content-Type"]
    assert head("sw.js").headers["Cache-Control"] == "no-cache"


def test_precache_list_is_exactly_the_site(built_site: Path) -> None:
    files = sorted("./" + p.relative_to(built_site).as_posix()
                   for p in built_site.rglob("*") if p.is_file() and p.name != "sw.js")
    assert sorted(precache_list(built_site)) == files
    assert not any("codemirror" in f or "xterm" in f for f in files)
    # the wheels Pyodide loads by name, each checked against its sha256 as it loads it:
    # micropip (a start without a snapshot) and segno (the first QR code), both precached
    lock = json.loads((built_site / "pyodide" / "pyodide-lock.json").read_text())
    assert sorted(lock["packages"]) == ["micropip", "segno"]
    import hashlib

    for entry in lock["packages"].values():
        whl = built_site / "pyodide" / entry["file_name"]
        assert hashlib.sha256(whl.read_bytes()).hexdigest() == entry["sha256"]
        assert f"./pyodide/{entry['file_name']}" in files


def test_boot_same_origin_precached(page: Any, site_url: str, built_site: Path) -> None:
    requests: list[str] = []
    failures: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: failures.append(r.url))
    page.on("response", lambda r: r.status >= 400 and failures.append(f"{r.status} {r.url}"))
    open_app(page, site_url)
    wait_service_worker(page)
    origin = urlparse(site_url).netloc
    foreign = [u for u in requests if urlparse(u).scheme in ("http", "https")
               and urlparse(u).netloc != origin]
    assert foreign == [], f"requests left the app's origin: {foreign}"
    assert failures == []
    cached = {u[2:] for u in precache_list(built_site)}
    for u in requests:
        if urlparse(u).scheme not in ("http", "https"):
            continue
        path = urlparse(u).path.lstrip("/")
        assert path == "" or path in cached, f"{path} is fetched but not precached"


@pytest.mark.console_errors("net::ERR_FAILED")  # network_is_off: a fetch that fails
def test_offline_after_first_visit(context: Any, site_url: str) -> None:
    page = context.new_page()
    open_app(page, site_url)
    wait_service_worker(page)
    context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        assert network_is_off(page)
        # and a whole game is played offline: open a deal by its link, auto-play to the end
        page.evaluate("location.hash = '#/perpetual-motion/deal/9411'")
        page.get_by_test_id("speed").select_option("instant")
        page.get_by_test_id("autoplay").tap()
        page.wait_for_selector("[data-testid=end]", timeout=120_000)
        assert "Loops every round from round 10" in page.get_by_test_id("end").inner_text()
        # Machiavelli offline: a computer turn, thought out in the thinking worker
        page.evaluate("location.hash = '#/machiavelli/deal/4?seats=you,beginner&"
                      "variant=manipulation'")
        page.wait_for_selector("[data-testid=m-table].live", timeout=60_000)
        page.get_by_test_id("m-draw").click()
        page.wait_for_function("document.querySelectorAll('[data-testid=log] li').length >= 2",
                               timeout=120_000)
        # a reload while offline resumes the same games from the device's saves
        page.reload()
        wait_ready(page)
        assert page.evaluate("document.documentElement.dataset.thread") == "worker"
        page.evaluate("location.hash = '#/'")
        tile = page.get_by_test_id("continue-machiavelli")
        tile.wait_for(timeout=30_000)
        assert "cards in hand" in tile.inner_text()
    finally:
        context.set_offline(False)


def test_installable(persistent_context: Any, site_url: str) -> None:
    page = persistent_context.new_page()
    open_app(page, site_url)
    wait_service_worker(page)
    cdp = persistent_context.new_cdp_session(page)
    result = cdp.send("Page.getInstallabilityErrors")
    assert result["installabilityErrors"] == []
    manifest = cdp.send("Page.getAppManifest")
    assert not manifest.get("errors"), manifest.get("errors")


def test_works_under_a_sub_path(page: Any, subpath_url: str) -> None:
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    open_app(page, subpath_url)
    wait_service_worker(page)
    prefix = subpath_url.rstrip("/")
    outside = [u for u in requests if u.startswith("http") and not u.startswith(prefix)]
    assert outside == [], f"requests outside the sub-path: {outside}"


def test_update_is_offered_and_applied(browser: Any, tmp_path: Path, built_site: Path) -> None:
    """Publish a new version under a running app: it is offered, not forced; applying it
    reloads into the new version only; what the player saved survives."""
    from scripts.build_site import write_service_worker
    from scripts.serve import serve_in_thread

    live = tmp_path / "live"
    shutil.copytree(built_site, live)
    server, url = serve_in_thread(live)
    ctx = browser.new_context()
    try:
        page = ctx.new_page()
        open_app(page, url)
        wait_service_worker(page)
        old = sw_version(live)
        assert page.evaluate("window.pwa.version()") == old
        # a game in progress: deal 5, one row dealt (saved on the device after every action)
        page.evaluate("location.hash = '#/perpetual-motion/deal/5'")
        page.get_by_test_id("deal").click()
        page.wait_for_function("document.documentElement.dataset.busy !== '1'")
        page.wait_for_function(
            "(localStorage.getItem('tabletop.perpetual-motion.save') || '').includes('\"seed\":5')")
        # and a Machiavelli game in progress: one card laid as a new meld, mid-turn
        page.evaluate("location.hash = '#/machiavelli/deal/8?seats=you,standard'")
        page.wait_for_selector("[data-testid=m-table].live", timeout=60_000)
        page.locator("[data-testid=m-hand-card]").first.click()
        page.get_by_test_id("m-new").click()
        page.wait_for_function("document.querySelectorAll('[data-testid=m-hand-card]').length"
                               " === 14")
        # publish version 2: a changed file gives a new content hash
        index = live / "index.html"
        index.write_text(index.read_text().replace("</body>", "<!-- v2 --></body>"))
        new, _ = write_service_worker(live)
        assert new != old
        ask_for_update(page)
        page.wait_for_function("window.pwa.updateReady === true", timeout=60_000)
        # offered, not forced: the bar shows and the running page still runs the old version
        bar = page.locator("#update-bar")
        bar.wait_for(state="visible")
        assert "Update available" in bar.inner_text()
        assert page.evaluate("window.pwa.version()") == old
        assert "<!-- v2 -->" not in page.content()
        apply_update(page)
        wait_ready(page)
        assert page.evaluate("window.pwa.version()") == new
        assert "<!-- v2 -->" in page.content()
        # the game in progress survived the update
        saved = page.evaluate("localStorage.getItem('tabletop.perpetual-motion.save')")
        assert saved and '"seed":5' in saved
        page.evaluate("location.hash = '#/machiavelli'")
        page.wait_for_function("document.querySelectorAll('[data-testid=m-hand-card]').length"
                               " === 14")  # the Machiavelli turn in progress too
        keys = page.evaluate("caches.keys()")
        # (the app worker's memory snapshot has a cache of its own, kept across versions)
        keys = [k for k in keys if k != "tabletop-python-snapshot"]
        assert keys == [f"card-table-{new}"], "old caches are deleted on activation"
    finally:
        ctx.close()
        server.shutdown()
