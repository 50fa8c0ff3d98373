"""A worker that cannot start is told to the player and the app runs on the page's thread
instead, at once and without a reload: a browser without workers, and a worker whose Python
fails while starting. The app stays fully playable (a computer thinks on the page's thread
when the thinking worker cannot start either)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import PHONE, wait_ready

from scripts.lib.pages import go, idle

# a browser whose workers are classic only (Firefox before 114): it never reads the "type"
NO_MODULE_WORKERS = ("const W = window.Worker; window.Worker = class extends W {"
                     " constructor(url) { super(url); } };")
FUTURE = "from __future__ import annotations\n"
BROKEN = 'import js\nif not hasattr(js, "document"):\n    raise RuntimeError("broken on purpose")\n'


@pytest.fixture()
def ctx(browser: Any) -> Iterator[Any]:
    c = browser.new_context(**PHONE, reduced_motion="reduce", service_workers="block")
    yield c
    c.close()


def started_on_the_page(page: Any, site_url: str, why: str) -> None:
    loads: list[str] = []
    page.on("framenavigated", lambda f: loads.append(f.url) if f == page.main_frame else None)
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("document.documentElement.dataset.thread") == "page"
    text = page.inner_text("#screen")
    assert "could not run its Python in the background" in text and why in text, text[:400]
    assert len(loads) == 1  # never a reload
    # and the app plays: a Machiavelli turn against a computer
    go(page, "#/machiavelli/deal/4?seats=you,beginner&variant=manipulation")
    page.wait_for_selector("[data-testid=m-table].live", timeout=60_000)
    page.get_by_test_id("m-draw").click()
    page.wait_for_function("document.querySelectorAll('[data-testid=log] li').length >= 2",
                           timeout=120_000)
    idle(page)


def test_no_module_workers_means_the_page_thread_and_a_word_to_the_player(
        ctx: Any, site_url: str) -> None:
    ctx.add_init_script(NO_MODULE_WORKERS)
    started_on_the_page(ctx.new_page(), site_url, "cannot run it in a worker")


@pytest.mark.console_errors("broken on purpose", "PythonError", "Error")
def test_a_worker_that_fails_while_starting_means_the_page_thread(
        ctx: Any, site_url: str) -> None:
    def broken(route: Any) -> None:
        body = route.fetch().text()
        assert FUTURE in body
        route.fulfill(body=body.replace(FUTURE, FUTURE + BROKEN, 1),
                      content_type="text/x-python")

    ctx.route("**/app/calls.py", broken)  # the module both threads import
    started_on_the_page(ctx.new_page(), site_url, "stopped while starting")
