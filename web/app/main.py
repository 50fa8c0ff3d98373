"""Start-up: the one module that touches the browser.

``web/start.js`` has PyScript run this module in a worker (or, when a worker cannot start, on
the page's thread). It never reaches the page's window or document: it exposes three calls
for the page's bridge (``web/bridge.js``) — ``start(snapshot)``, ``handle(event)`` and
``next()`` — and :class:`app.link.Link` answers each with JSON items for the page to carry out.
Everything else is plain Python that the CPython tests cover.
"""

from __future__ import annotations

from typing import Any

import js
from pyscript import RUNNING_IN_WORKER

from app.link import Link
from app.shell import App


async def fetch_text(url: str) -> str | None:
    """This thread's own fetch (a rules page): None when it fails."""
    try:
        resp = await js.fetch(url)
        if resp.ok:
            return str(await resp.text())
    except Exception:
        pass
    return None


class Calls:
    """The calls the page makes; ``start`` builds the app from the page's snapshot (``hello``:
    the worker's Python got this far)."""

    def __init__(self) -> None:
        self.link: Link | None = None

    def hello(self) -> str:
        return "hello"

    def start(self, snapshot: Any) -> str:
        self.link = Link(str(snapshot), fetch_text, App)
        return self.link.start()

    def handle(self, event: Any) -> str:
        assert self.link is not None, "start comes first"
        return self.link.handle(str(event))

    async def next(self) -> str:
        assert self.link is not None, "start comes first"
        return await self.link.next()


CALLS = Calls()

if RUNNING_IN_WORKER:
    from pyscript import sync

    sync.hello = CALLS.hello
    sync.start = CALLS.start
    sync.handle = CALLS.handle
    sync.next = CALLS.next
else:  # on the page's thread: the same calls, handed to the bridge
    from pyscript import window
    from pyscript.ffi import create_proxy, to_js

    PROXIES = [create_proxy(CALLS.start), create_proxy(CALLS.handle), create_proxy(CALLS.next)]
    window.tabletop.connect(to_js({"start": PROXIES[0], "handle": PROXIES[1],
                                   "next": PROXIES[2]}, dict_converter=js.Object.fromEntries),
                            "page")
