"""Debian's Chromium driven over the DevTools protocol on a pipe (``--remote-debugging-pipe``),
with nothing but the page's Runtime: for memory figures.

Playwright (and Puppeteer) turn on the protocol's Network domain for every page and worker,
and the browser then keeps a copy of every response's body in the renderer for DevTools, binary
ones as base64: 12 MB for Pyodide's wasm alone, counted in the page's memory as if the app held
it. This client turns on no domain: it evaluates in the page, navigates, and collects garbage
when asked, so the renderer holds what the app holds.
"""

from __future__ import annotations

import json
import os
import subprocess
import time
from typing import Any

from scripts.lib.browser import ARGS, CHROMIUM

TIMEOUT = 180.0


class CdpError(RuntimeError):
    pass


class Chromium:
    """One headless Chromium with its own profile ``folder``, a 360 x 640 phone window (scale 2,
    reduced motion), and its first page attached."""

    def __init__(self, folder: str, reduced_motion: bool = True) -> None:
        to_child_r, self._w = os.pipe()
        self._r, from_child_w = os.pipe()

        def fds() -> None:  # the pipe as fds 3 (it reads) and 4 (it writes), as Chromium wants
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        args = [CHROMIUM, *ARGS, "--headless", "--remote-debugging-pipe",
                f"--user-data-dir={folder}", "--window-size=360,640",
                "--force-device-scale-factor=2", "--no-first-run", "--no-default-browser-check"]
        if reduced_motion:
            args.append("--force-prefers-reduced-motion")
        self.proc = subprocess.Popen([*args, "about:blank"], pass_fds=(3, 4), preexec_fn=fds,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b""
        self._next = 0
        self.events: list[dict[str, Any]] = []
        targets = self.call("Target.getTargets")["targetInfos"]
        page = next(t for t in targets if t["type"] == "page")
        self.session = self.call("Target.attachToTarget",
                                 {"targetId": page["targetId"], "flatten": True})["sessionId"]

    # --- the protocol ---
    def _send(self, method: str, params: dict[str, Any] | None, session: str | None) -> int:
        self._next += 1
        msg: dict[str, Any] = {"id": self._next, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        return self._next

    def _read(self) -> dict[str, Any]:
        while b"\0" not in self._buf:
            chunk = os.read(self._r, 1 << 20)
            if not chunk:
                raise CdpError("the browser closed its pipe")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\0", 1)
        msg: dict[str, Any] = json.loads(raw)
        return msg

    def call(self, method: str, params: dict[str, Any] | None = None,
             session: str | None = None) -> dict[str, Any]:
        """A command's result (events met meanwhile are kept in ``events``)."""
        n = self._send(method, params, session)
        while True:
            msg = self._read()
            if msg.get("id") == n:
                if "error" in msg:
                    raise CdpError(f"{method}: {msg['error']}")
                result: dict[str, Any] = msg.get("result", {})
                return result
            if "method" in msg:
                self.events.append(msg)

    # --- the page ---
    def evaluate(self, expression: str) -> Any:
        """The value of ``expression`` in the page (awaited when it is a promise)."""
        r = self.call("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                           "returnByValue": True}, self.session)
        if "exceptionDetails" in r:
            raise CdpError(f"{expression[:80]}: {r['exceptionDetails'].get('text')}")
        return r.get("result", {}).get("value")

    def wait(self, condition: str, timeout: float = TIMEOUT, every: float = 0.2) -> None:
        """Until ``condition`` is true in the page (a navigation meanwhile is waited out)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                if self.evaluate(f"!!({condition})"):
                    return
            except CdpError:
                pass  # the page is between two documents
            time.sleep(every)
        raise TimeoutError(f"not within {timeout} s: {condition}")

    def goto(self, url: str) -> None:
        self.call("Page.navigate", {"url": url}, self.session)

    def reload(self) -> None:
        self.call("Page.reload", {}, self.session)

    def collect_garbage(self) -> None:
        """Collect every JavaScript heap of the page: its own, its workers' and its service
        worker's (attached for the moment, with no domain turned on)."""
        self.events.clear()
        self.call("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": False,
                                           "flatten": True}, self.session)
        time.sleep(0.3)
        self.call("Runtime.evaluate", {"expression": "0"}, self.session)  # read the events
        children = [e["params"]["sessionId"] for e in self.events
                    if e.get("method") == "Target.attachedToTarget"]
        for child in children:
            try:
                self.call("HeapProfiler.collectGarbage", {}, child)
            except CdpError:
                pass  # ended meanwhile
        self.call("HeapProfiler.collectGarbage", {}, self.session)
        self.call("Target.setAutoAttach", {"autoAttach": False, "waitForDebuggerOnStart": False},
                  self.session)
        for child in children:
            try:
                self.call("Target.detachFromTarget", {"sessionId": child})
            except CdpError:
                pass
        time.sleep(1.5)

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (CdpError, OSError):
            pass
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self._w)
        os.close(self._r)
