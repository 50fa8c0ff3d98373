"""Start-up: the one module that touches the browser.

It gives the shell (:mod:`app.shell`) a :class:`~app.page.Page` whose batches go to
``tabletop.apply`` (``web/bridge.js``) and an environment of browser services (storage, the
address, fetching the rules, the thinking worker, the update bar), then hands the bridge its
event handler. Everything else is plain Python that the CPython tests cover.

It runs on the page's thread or, on a cross-origin isolated page, in a worker (``mode.js``
decides). In a worker, ``window`` is the page's window reached by synchronous calls, so the
shell makes one such call per screen update; events arrive through ``sync.handle``; nothing
here ever waits on a promise of the page (the thinking worker answers through a callback).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import js
from pyscript import RUNNING_IN_WORKER, window
from pyscript.ffi import create_proxy, is_none

from app import storage as g
from app.page import Page
from app.shell import App


class BrowserStore:
    """localStorage, or memory when the browser refuses it (private mode, quota); a refused
    write raises StoreRefused, which the shell's TabStore turns into one notice."""

    def __init__(self) -> None:
        self.mem = g.DictStore()
        try:
            self.ls: Any = window.localStorage
            self.ls.getItem("tabletop.probe")
        except Exception:
            self.ls = None

    def get(self, key: str) -> str | None:
        if self.ls is None:
            return self.mem.get(key)
        try:
            val = self.ls.getItem(key)
        except Exception:
            return self.mem.get(key)
        return None if is_none(val) else str(val)

    def set(self, key: str, value: str) -> None:
        """Keep ``value``; StoreRefused when localStorage would not (quota, private mode): the
        value is then kept in memory only, and what localStorage held is left as it was."""
        self.mem.set(key, value)
        if self.ls is None:
            raise g.StoreRefused("this browser gives the app no storage")
        try:
            self.ls.setItem(key, value)
        except Exception as e:
            raise g.StoreRefused(str(e)) from None

    def remove(self, key: str) -> None:
        self.mem.remove(key)
        if self.ls is not None:
            try:
                self.ls.removeItem(key)
            except Exception:
                pass


class BrowserEnv:
    def __init__(self) -> None:
        self.store = BrowserStore()
        self.bridge = window.tabletop
        self.proxies: list[Any] = []
        self.worker_ok = True
        self.startup_notice = self.worker_failure()

    @staticmethod
    def worker_failure() -> str | None:
        """mode.js fell back to the page's thread after a worker failed: say so once."""
        try:
            why = window.sessionStorage.getItem("tabletop.workerFailed")
            if is_none(why):
                return None
            window.sessionStorage.removeItem("tabletop.workerFailed")
            return (f"The app could not run its Python in the background ({why}), so it runs "
                    "on the page's own thread for now: it may pause while computers think.")
        except Exception:
            return None

    def hash(self) -> str:
        return str(window.location.hash)

    def go(self, hash_: str) -> None:
        self.bridge.go(hash_)

    def base_url(self) -> str:
        return str(self.bridge.baseUrl())

    def reduced_motion(self) -> bool:
        return bool(self.bridge.reducedMotion())

    async def fetch_text(self, url: str) -> str | None:
        try:  # this thread's own fetch: never a promise of the page awaited from a worker
            resp = await js.fetch(self.base_url().rsplit("/", 1)[0] + "/" + url)
            if resp.ok:
                return str(await resp.text())
        except Exception:
            pass
        return None

    async def think(self, request: str) -> str:
        """Ask the thinking worker; on this thread if the worker cannot run."""
        if self.worker_ok:
            done: asyncio.Future[tuple[bool, str]] = asyncio.get_event_loop().create_future()

            def answer(ok: Any, result: Any) -> None:
                # The answer can come after this turn was abandoned (the player left the
                # table): the proxy lives until the answer arrives, then frees itself.
                proxy.destroy()
                if not done.done():
                    done.set_result((bool(ok), str(result)))

            proxy = create_proxy(answer)
            self.bridge.thinkThen(request, proxy)
            ok, result = await done
            if ok:
                return result
            if "no-worker" not in result:
                raise RuntimeError(result)
            self.worker_ok = False
        from app.think import think

        return think(request)

    def on_update(self, callback: Callable[[], None]) -> None:
        pwa: Any = getattr(window, "pwa", None)
        if is_none(pwa):
            return
        if bool(pwa.updateReady):
            callback()
        p = create_proxy(lambda *_a: callback())
        self.proxies.append(p)
        pwa.onUpdate(p)

    def apply_update(self) -> None:
        pwa: Any = getattr(window, "pwa", None)
        if not is_none(pwa):
            pwa.applyUpdate()

    def offline_status(self) -> str:
        try:
            sw = window.navigator.serviceWorker
            if not is_none(sw) and not is_none(sw.controller):
                return "ready — this app works without a connection on this device."
            return "not yet — it becomes available offline after this first visit."
        except Exception:
            return "this browser cannot keep the app for offline use."


def main() -> App:
    env = BrowserEnv()
    page = Page(lambda batch: env.bridge.apply(batch))
    app = App(page, env)
    app.start()
    if RUNNING_IN_WORKER:
        from pyscript import sync

        sync.handle = app.handle
        env.bridge.listenWorker()
    else:
        handler = create_proxy(app.handle)
        env.proxies.append(handler)
        env.bridge.listen(handler)
    return app


APP = main()
