"""The three calls the page makes on the app's Python, with no PyScript in them.

``app/main.py`` imports this module and exports its calls from the app's worker (a PyScript
``PyWorker`` that ``web/start.js`` starts, its interpreter ``web/pyodide/tabletop.mjs``, or
``web/pyodide/restore.mjs`` when this version has a memory snapshot); on the page's thread (the
fallback) it hands the same calls to the bridge. A start restored from a snapshot has this module
imported already (``web/maker.js`` made the snapshot after importing it), with no Link yet:
``start`` builds one from the page's state every time.
"""

from __future__ import annotations

import js

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
    the Python got this far)."""

    def __init__(self) -> None:
        self.link: Link | None = None

    def hello(self) -> str:
        return "hello"

    def start(self, snapshot: object) -> str:
        self.link = Link(str(snapshot), fetch_text, App)
        return self.link.start()

    def handle(self, event: object) -> str:
        assert self.link is not None, "start comes first"
        return self.link.handle(str(event))

    async def next(self) -> str:
        assert self.link is not None, "start comes first"
        return await self.link.next()


CALLS = Calls()
