"""Start-up on the page's thread: the fallback when the app's worker cannot start.

``web/start.js`` normally starts the app's Python in ``web/app-worker.js`` (raw Pyodide, which
can restore a memory snapshot); when that worker cannot start, it loads PyScript and has it run
this module on the page's thread, which hands the same calls (``app/calls.py``) to the page's
bridge (``web/bridge.js``).
"""

from __future__ import annotations

import js
from pyscript import window
from pyscript.ffi import create_proxy, to_js

from app.calls import CALLS

PROXIES = [create_proxy(CALLS.start), create_proxy(CALLS.handle), create_proxy(CALLS.next)]
window.tabletop.connect(to_js({"start": PROXIES[0], "handle": PROXIES[1],
                               "next": PROXIES[2]}, dict_converter=js.Object.fromEntries),
                        "page")
