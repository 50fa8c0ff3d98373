"""A start restored from a memory snapshot, through PyScript (web/start.js, web/pyodide/): the
first start shows its first screen without making one (nor importing the games a snapshot
holds), then a second worker (maker.js) makes it while the page is idle, stores it and is ended;
the next start restores it and starts no maker; both have the engine installed by micropip (its
distribution's metadata says so, in About); a damaged one is dropped, the start is a normal one
and that version never makes another (no loop); Python's randomness is not frozen into it (two
restored starts deal two different random deals)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import PHONE, Workers, wait_ready

from scripts.lib.pages import go

STORE = "tabletop-python-snapshot"
# every start begins with no saved game, so #/perpetual-motion deals a new random deal
NO_SAVES = "try { localStorage.clear(); } catch (e) { /* about:blank */ }"
ENTRIES = f"caches.open('{STORE}').then(c => c.keys()).then(ks => ks.map(k => k.url))"
DAMAGE = f"""async () => {{
  const c = await caches.open('{STORE}');
  const req = (await c.keys()).find((k) => k.url.includes('/snap/'));
  const hit = await c.match(req);
  const bytes = new Uint8Array(await hit.arrayBuffer());
  for (let i = 1 << 20; i < (1 << 20) + 64; i++) bytes[i] ^= 0x5a;
  await c.put(req, new Response(bytes, {{ headers: hit.headers }}));
}}"""


@pytest.fixture()
def ctx(browser: Any) -> Iterator[Any]:
    c = browser.new_context(**PHONE, reduced_motion="reduce", service_workers="block")
    c.add_init_script(NO_SAVES)
    yield c
    c.close()


def watched(ctx: Any, url: str) -> tuple[Any, Workers]:
    """The app opened and ready in a new page, its Python in a worker, its workers watched."""
    page = ctx.new_page()
    workers = Workers(page)
    page.goto(url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.thread") == "worker"
    return page, workers


def start(ctx: Any, url: str) -> Any:
    return watched(ctx, url)[0]


def made(page: Any) -> None:
    page.wait_for_function("document.documentElement.dataset.snapshot === 'made'",
                           timeout=60_000)


def installed_by(page: Any) -> str:
    """What About says installed the engine (its distribution's INSTALLER, read by Python)."""
    go(page, "#/about")
    return str(page.get_by_test_id("engine").get_attribute("data-installer"))


def random_deal(page: Any) -> str:
    go(page, "#/perpetual-motion")
    page.wait_for_function("/deal\\/\\d+/.test(location.hash)", timeout=60_000)
    m = re.search(r"deal/(\d+)", page.evaluate("location.hash"))
    assert m
    return m.group(1)


def test_the_next_start_restores_and_deals_afresh(ctx: Any, site_url: str) -> None:
    first, workers = watched(ctx, site_url)
    assert first.evaluate("document.documentElement.dataset.start") == "fresh"
    # ready before any snapshot is made: the app's worker alone, PyScript's
    assert len(workers.made) == 1
    workers.pyscript_only()
    assert installed_by(first) == "micropip"
    made(first)
    # the maker, a second worker, made and stored it and was ended; the app's worker plays on
    workers.maker_ended(first)
    random_deal(first)
    first.close()
    deals = []
    for _ in range(2):
        page, again = watched(ctx, site_url)
        assert page.evaluate("document.documentElement.dataset.start") == "snapshot"
        again.pyscript_only()
        # restored: installed by the maker's micropip, found on the file system put back
        assert installed_by(page) == "micropip"
        deals.append(random_deal(page))
        page.wait_for_timeout(1500)  # past the idle moment a maker would be started in
        assert len(again.made) == 1, "a restored start makes no snapshot"
        page.close()
    assert deals[0] != deals[1], deals


def test_a_damaged_snapshot_is_dropped_and_never_made_again(ctx: Any, site_url: str) -> None:
    first = start(ctx, site_url)
    made(first)
    first.evaluate(DAMAGE)
    first.close()
    second = start(ctx, site_url)
    assert second.evaluate("document.documentElement.dataset.start") == "fresh"
    second.wait_for_function("document.documentElement.dataset.snapshot === 'failed'")
    entries = second.evaluate(ENTRIES)
    assert not [u for u in entries if "/snap/" in u] and [u for u in entries if "/failed/" in u]
    second.close()
    third = start(ctx, site_url)
    assert third.evaluate("document.documentElement.dataset.start") == "fresh"
    third.wait_for_timeout(3000)  # past the idle moment a snapshot would be stored in
    assert third.evaluate("document.documentElement.dataset.snapshot") is None
    assert not [u for u in third.evaluate(ENTRIES) if "/snap/" in u]
    random_deal(third)  # and the app plays


def test_a_maker_given_another_versions_files_makes_nothing(ctx: Any, site_url: str) -> None:
    """The snapshot's key is the build's digest of the app's files: a maker that fetched other
    files (a site changed under it) must not store their heap under this version's key."""

    def changed(route: Any) -> None:
        body = route.fetch().text() + "\n# a file of another version\n"
        route.fulfill(body=body, headers={"content-type": "text/x-python"})

    ctx.route(re.compile(r".*/app/calls\.py$"), changed)
    page, workers = watched(ctx, site_url)
    assert page.evaluate("document.documentElement.dataset.start") == "fresh"
    workers.maker_ended(page)
    assert page.evaluate("document.documentElement.dataset.snapshot") is None
    assert not [u for u in page.evaluate(ENTRIES) if "/snap/" in u or "/failed/" in u]
    random_deal(page)  # the app plays on
