"""The app's entry: PyScript runs this module in a worker on every visit, and on the page's
thread only when that worker cannot start.

In the worker (``web/start.js`` starts it with ``PyWorker``) the page reaches the three calls
of ``app/calls.py`` through PyScript's worker exports: ``__export__`` names them, and the page
calls them as ``worker.sync.start(...)`` and awaits the answers, which needs no
SharedArrayBuffer. On the page's thread (the fallback) they are handed to the page's bridge
(``web/bridge.js``) directly.
"""

from __future__ import annotations

from pyscript import RUNNING_IN_WORKER

try:
    from app.calls import CALLS
except Exception as e:  # a heap restored wrong, or a bug: said by hello(), not swallowed
    CALLS = None  # type: ignore[assignment]
    BROKEN = f"{type(e).__name__}: {e}"
else:
    BROKEN = ""


def hello() -> str:
    """What the page asks first: "" when the app's Python is whole, else what went wrong (an
    error in this module does not stop PyScript from saying the worker is ready)."""
    return BROKEN


def start(snapshot: object) -> str:
    """The app built from the page's snapshot: its first batch of updates."""
    return CALLS.start(snapshot)


def handle(event: object) -> str:
    """One event of the page: its batch of updates."""
    return CALLS.handle(event)


async def wait() -> str:
    """What the app does on its own next (a computer's turn): its batch, when it comes."""
    return await CALLS.next()


__export__ = ["hello", "start", "handle", "wait"]

if not RUNNING_IN_WORKER:
    import js
    from pyscript import window
    from pyscript.ffi import create_proxy, to_js

    PROXIES = [create_proxy(start), create_proxy(handle), create_proxy(wait)]
    window.tabletop.connect(to_js({"start": PROXIES[0], "handle": PROXIES[1],
                                   "next": PROXIES[2]}, dict_converter=js.Object.fromEntries),
                            "page")
