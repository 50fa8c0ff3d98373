"""A stand-in for the page's bridge (web/bridge.js) around :class:`app.link.Link`, for the CPython
tests and scripts/trace_tap.py: tabs sharing one ``Device`` (its localStorage), each carrying
out the items its app answers as bridge.js does — screen batches recorded, storage writes
compared and set, the thinking worker's questions answered by ``app.think``, a new address
routed. From tests/app/test_link.py."""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

from app.link import Link
from app.shell import App
from app.think import Thinker


class Device:
    """The browser's localStorage for every tab; ``full``: every write throws."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})
        self.full = False
        self.tabs: list[Tab] = []


async def no_fetch(url: str) -> str | None:
    return f"<p>{url}</p>"


class Tab:
    def __init__(self, device: Device, address: str = "#/", **snapshot: Any) -> None:
        self.device = device
        device.tabs.append(self)
        self.regions: dict[str, str] = {}
        self.texts: dict[str, str] = {}
        self.dataset: dict[str, str] = {}
        self.hash = address
        self.items: list[dict[str, Any]] = []
        self.told_refused = False
        self.persist_asked = 0
        self.thinking = "rest"  # the last thinker item: play, pause or rest
        self.questions: list[dict[str, Any]] = []
        self.thinker = Thinker()  # this tab's thinking worker
        self.updates = 0
        self.carrying = 0  # answers being carried out (nested: a go item routes at once)
        self.later: list[dict[str, Any]] = []  # what the page sends once they are done
        self.shared: re.Pattern[str] | None = None  # the keys other tabs' writes are told
        self.unshared: list[tuple[str, str]] = []  # other tabs' writes before it is known
        snap = {"store": {k: v for k, v in device.data.items() if k.startswith("tabletop.")},
                "hash": address, "base": "https://example.org/cards/", "reducedMotion": True,
                "device": {"offline": "ready", "installed": False, "persisted": False}}
        snap.update(snapshot)
        self.link = Link(json.dumps(snap), no_fetch, App)
        self.app: App = self.link.app
        self.carry(self.link.start())

    # --- what bridge.js does ---
    def send(self, **ev: Any) -> None:
        ev.setdefault("data", {})
        self.carry(self.link.handle(json.dumps(ev)))

    def click(self, action: str, **data: str) -> None:
        self.send(kind="click", action=action, data=data)

    def go(self, hash_: str) -> None:
        self.hash = hash_
        self.send(kind="route", hash=hash_)

    def carry(self, text: str) -> None:
        """Carry out an answer's items in order; what the page sends back meanwhile (a refused
        compare-and-set, a refused write) is sent when they are done, as bridge.js's
        asynchronous calls are."""
        self.carrying += 1
        try:
            self.carry_items(text)
        finally:
            self.carrying -= 1
        while self.carrying == 0 and self.later:
            self.send(**self.later.pop(0))

    def carry_items(self, text: str) -> None:
        for item in json.loads(text):
            self.items.append(item)
            if "store" in item:
                self.write(item["store"])
            elif "think" in item:
                self.questions.append(item["think"])
            elif "go" in item:
                self.go(item["go"])
            elif "update" in item:
                self.updates += 1
            elif "persist" in item:
                self.persist_asked += 1
            elif "thinker" in item:
                self.thinking = str(item["thinker"])
            elif "shared" in item:
                self.shared = re.compile(item["shared"])
                for key, value in self.unshared:
                    self.stored(key, value)
                self.unshared = []
            else:
                self.apply(item)

    def write(self, ops: list[list[Any]]) -> None:
        for op in ops:
            key, value = op[0], op[1]
            if value is None:
                self.device.data.pop(key, None)
                continue
            if len(op) > 2:
                now = self.device.data.get(key)
                if now is not None and now != op[2]:
                    self.later.append({"kind": "storage", "key": key, "value": now,
                                       "data": {"present": "1"}})
                    continue
            if self.device.full:
                if not self.told_refused:
                    self.told_refused = True
                    self.later.append({"kind": "refused", "key": key,
                                       "value": "QuotaExceededError"})
                continue
            self.device.data[key] = value
            for other in self.device.tabs:  # the storage event of the other tabs
                if other is not self:
                    other.stored(key, value)

    def stored(self, key: str, value: str) -> None:
        """Another tab wrote ``value`` under ``key``: told if the key is one the app said."""
        if self.shared is None:
            self.unshared.append((key, value))
        elif self.shared.match(key):
            self.send(kind="storage", key=key, value=value, data={"present": "1"})

    def apply(self, batch: dict[str, Any]) -> None:
        self.regions.update(batch.get("regions") or {})
        for k, (text, _cls) in (batch.get("texts") or {}).items():
            self.texts[k] = text
        for k, v in (batch.get("data") or {}).items():
            if v is None:
                self.dataset.pop(k, None)
            else:
                self.dataset[k] = v
        if batch.get("hash") is not None:
            self.hash = batch["hash"]

    # --- the standing call, and the thinking worker ---
    async def settle(self, rounds: int = 200000, answer: bool = True) -> None:
        """Answer questions and collect what the app sends on its own until it is idle (or,
        not ``answer``ing, until the app asks the thinking worker a question)."""
        for _ in range(rounds):
            if not answer and self.questions:
                return
            while answer and self.questions:
                q = self.questions.pop(0)
                try:
                    answer_ = self.thinker.think(q["request"])
                    self.send(kind="thought", key=str(q["id"]), value=answer_, data={"ok": "1"})
                except Exception as e:  # as the thinking worker answers an error
                    self.send(kind="thought", key=str(q["id"]), value=str(e), data={"ok": "0"})
            if self.link.items or self.link.env.store.ops:
                self.carry(await self.link.next())
                continue
            if not self.app.tasks and not self.questions:
                return
            await asyncio.sleep(0)
        raise AssertionError("the app never became idle")

    def screen(self) -> str:
        return self.regions.get("screen", "")
