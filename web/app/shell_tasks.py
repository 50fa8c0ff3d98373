"""What the app does on its own, on the page's event loop: a computer's turn, an animation,
auto-play, a simulation, a rules page fetched. Each runs as a task whose failure is said on the
message line, and after each the batch of updates goes to the page. Browser-free, as the
shell."""

from __future__ import annotations

import asyncio
import inspect
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

from app.page import Page
from app.table import Task


class Tasks:
    """The tasks running (``running``); the page's ``data-busy`` says whether any does."""

    def __init__(self, page: Page, say: Callable[[str, str], None],
                 flush: Callable[[], None]) -> None:
        self.page = page
        self.say = say
        self.flush = flush
        self.running: set[asyncio.Task[None]] = set()

    def guard(self, fn: Callable[..., Any]) -> Callable[..., Any]:
        """``fn`` as a callback of the page (the update's): its failure said, then flushed."""
        def wrapped(*args: Any) -> Any:
            try:
                return fn(*args)
            except Exception as e:
                traceback.print_exc()
                self.say(f"Something went wrong: {e}", "refusal")
                return None
            finally:
                self.flush()
        return wrapped

    def spawn(self, coro: Awaitable[Any]) -> Task:
        async def run() -> None:
            try:
                await coro
            except asyncio.CancelledError:
                pass
            except Exception as e:
                traceback.print_exc()
                self.say(f"Something went wrong: {e}", "refusal")
            finally:
                self.flush()
        task = asyncio.ensure_future(run())
        self.running.add(task)
        self.mark_busy()
        task.add_done_callback(self.done)
        if inspect.iscoroutine(coro):  # cancelled before its first step: closed, not leaked
            work = coro
            task.add_done_callback(lambda _t: work.close() if inspect.getcoroutinestate(work)
                                   == inspect.CORO_CREATED else None)
        return task

    def done(self, task: asyncio.Task[None]) -> None:
        self.running.discard(task)
        self.mark_busy()
        self.flush()

    def mark_busy(self) -> None:
        # Tests and benchmarks wait on this: "1" while an animation, a computer turn,
        # auto-play or a simulation runs.
        self.page.data("busy", "1" if self.running else "0")
