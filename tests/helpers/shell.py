"""The app's shell in CPython for the tests that drive it: a stand-in for the browser
(``FakeEnv``, thinking requests answered by ``app.think`` itself), a started app over a store
(``boot``), clicks, waiting until the app is idle (``settle``) and running a scenario on its
own event loop (``run_async``). From tests/app/test_shell.py."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from typing import Any

from app.daily import daily_deal
from app.messages import Event, ThinkRequest
from app.net.wire import NoWire, Wire
from app.page import RecordingPage
from app.shell import App
from app.storage import DictStore
from app.storage.keys import PREFIX
from app.think import Thinker

from engine.seats import choose, make_bots


class FakeEnv:
    def __init__(self, store: DictStore | None = None) -> None:
        self.store = store or DictStore()
        self.address = "#/"
        self.app: App | None = None
        self.date = "2026-12-02"  # the player's local date (tests set any)
        self.startup_notice: str | None = None  # nothing to tell after the start
        self.thinker = Thinker()  # this tab's thinking worker
        self.wire: Wire = NoWire()  # the page's WebRTC (tests.helpers.net: phones in memory)

    def hash(self) -> str:
        return self.address

    def go(self, hash_: str) -> None:
        self.address = hash_
        if self.app is not None:
            self.app.handle(Event("route", hash=hash_))

    def base_url(self) -> str:
        return "https://example.org/cards/"

    def reduced_motion(self) -> bool:
        return True

    async def fetch_text(self, url: str) -> str | None:
        return f"<p>{url}</p>"

    async def think(self, request: ThinkRequest) -> str:
        await asyncio.sleep(0)
        return self.thinker.answer(request)

    def on_update(self, callback: Any) -> None:
        pass

    def apply_update(self) -> None:
        pass

    def offline_status(self) -> str:
        return "ready"

    def keeping(self) -> str:
        return "kept"

    def today(self) -> str:
        return self.date


def run_async(coro: Any) -> None:
    """Run a scenario on its own event loop in its own thread (the browser tests' Playwright
    keeps an event loop running on the main thread), in this thread's context (the registry in
    effect: :meth:`engine.registry.Registry.active`)."""
    errors: list[BaseException] = []

    def main() -> None:
        try:
            asyncio.run(coro)
        except BaseException as e:
            errors.append(e)

    t = threading.Thread(target=contextvars.copy_context().run, args=(main,))
    t.start()
    t.join()
    if errors:
        raise errors[0]


def boot(store: DictStore | None = None, address: str = "#/",
         env: FakeEnv | None = None) -> tuple[App, RecordingPage, FakeEnv]:
    """A started app over ``store`` (or ``env``'s), opened at ``address``."""
    env = env or FakeEnv(store)
    env.address = address
    page = RecordingPage()
    app = App(page, env)
    env.app = app
    app.start()
    return app, page, env


async def settle(app: App) -> None:
    for _ in range(100000):
        if not app.tasks:
            return
        await asyncio.sleep(0)
    raise AssertionError("the app never became idle")


def click(app: App, action: str, **data: str) -> None:
    app.handle(Event("click", action=action, data=data))


def saves(game_id: str, address: str, daily: str = "", mid: int = 3) -> dict[str, dict[str, str]]:
    """The storage of a device whose game of ``address`` (or daily deal of ``daily``) is
    ``mid`` of the person's moves in (``"mid"``) and played to its end (``"end"``; the person's
    moves chosen as a Beginner would), as the app wrote it (the end-to-end tests and
    scripts/shots_ends_guides.py load it into a browser)."""
    store = DictStore()
    out: dict[str, dict[str, str]] = {}

    async def run() -> None:
        app, _page, _env = boot(store, address)
        await settle(app)
        t: Any = app.tables[game_id]
        if daily:
            t.start_daily(daily_deal(game_id, daily), daily)
            await settle(app)
        m = t.match
        bot = make_bots(game_id, ["beginner"])[0]
        made = 0
        for _ in range(3000):
            if m.over:
                break
            if t.hand_over is not None:
                t.core_taps.act_mt_next_hand(None)
            elif m.current == 0:
                t.moves.perform(m, 0, [choose(m.game, m.state, bot, 3, m.actions)], None, False)
                made += 1
                if made == mid:
                    out["mid"] = dict(store.data)
            await settle(app)
        assert m.over, f"{game_id}: the game did not end"
        out["end"] = dict(store.data)

    run_async(run())
    return {k: {key: v for key, v in data.items() if key.startswith(PREFIX)}
            for k, data in out.items()}
