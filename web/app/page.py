"""The page as Python sees it: one batch of updates at a time, never a DOM object.

Everything the app shows goes through :class:`Page`: regions replaced by HTML, texts, the
root element's ``data-*``, the title, where the focus goes, cards that fly. ``flush()`` sends the
batch (a typed :class:`~app.messages.Batch`, encoded as JSON with the rest of the answer at the
edge, ``app.link``) to ``tabletop.apply`` (``web/bridge.js``), which does the DOM work on the
page's thread. So the app costs one bridge call per screen update wherever its Python runs (the
page's thread or a worker), and the CPython tests can drive the whole shell with a page that
only records what it was sent.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from app.messages import Batch, Download, encode_items
from app.spoken import spoken
from app.storage import JSONObject

FLY_MS = 220  # one card's flight; every flight carries it (web/bridge.js has no length of its own)


class Page:
    def __init__(self, send: Callable[[Batch], None]) -> None:
        self._send = send
        self._u: Batch = {}
        self.sent = 0  # batches sent (benchmarks)
        self.announced = ""  # the last sentence announced (the same is not said twice)
        self._said_last: str | None = None  # said after everything else of its batch

    def region(self, id_: str, html: str) -> None:
        """Replace the inside of element ``id_``; later regions of a batch go in after earlier
        ones, so a screen can be drawn and then filled in."""
        regions = self._u.setdefault("regions", {})
        regions.pop(id_, None)
        regions[id_] = html

    def text(self, id_: str, text: str, cls: str | None = None) -> None:
        self._u.setdefault("texts", {})[id_] = (text, cls)

    def hidden(self, id_: str, hidden: bool) -> None:
        self._u.setdefault("hidden", {})[id_] = hidden

    def root_class(self, name: str, on: bool) -> None:
        self._u.setdefault("classes", {})[name] = on

    def data(self, key: str, value: str | None) -> None:
        """``document.documentElement.dataset[key]`` (None removes it)."""
        self._u.setdefault("data", {})[key] = value

    def title(self, text: str) -> None:
        self._u["title"] = text

    def focus(self, id_: str) -> None:
        """Move the keyboard focus (``"h1"``: the screen's heading, after a route change)."""
        self._u["focus"] = id_

    def scroll_top(self) -> None:
        self._u["scrollTop"] = True

    def replace_hash(self, hash_: str) -> None:
        """Change the address without a new history entry or a route event."""
        self._u["hash"] = hash_

    def flight(self, card: str, source: str | None = None, delay: int = 0) -> None:
        """Animate card ``card`` from where ``source`` (a CSS selector; None: the card itself)
        is now to where the new HTML puts it, after ``delay`` ms, in :data:`FLY_MS`."""
        self._u.setdefault("flights", []).append({"card": card, "from": source, "delay": delay,
                                                  "ms": FLY_MS})

    def announce(self, text: str, again: bool = False, last: bool = False) -> None:
        """Have a screen reader say ``text``, cards in words (the page's one polite live
        region), unless it
        is what was said last (a table says again what is still true after every redraw);
        ``again``: said even so (a refusal repeated is news); ``last``: said after whatever
        else this batch says (a game's result after the move that ended it)."""
        text = spoken(" ".join(text.split()))
        if not text or (text == self.announced and not again):
            return
        self.announced = text
        said = self._u.setdefault("announce", [])
        if text not in said:
            said.append(text)
        if last:
            self._said_last = text

    def cue(self, name: str) -> None:
        """Play cue ``name`` (app.settings.CUES): a short sound and vibration made on the page
        (web/app/cues.js), each only if the player turned it on."""
        cues = self._u.setdefault("cues", [])
        if name not in cues:
            cues.append(name)

    def download(self, name: str, text: str, mime: str = "application/json") -> None:
        """Offer ``text`` as a file called ``name`` (the page's thread makes the download)."""
        self._u["download"] = {"name": name, "text": text, "type": mime}

    def pending(self) -> Batch:
        return self._u

    def flush(self) -> None:
        if not self._u:
            return
        batch, self._u = self._u, {}
        said, last, self._said_last = batch.get("announce", []), self._said_last, None
        if last in said:
            said.remove(last)
            said.append(last)
        self.sent += 1
        self._send(batch)


class RecordingPage(Page):
    """A page for the CPython tests: keeps every batch as bridge.js gets it (through its JSON),
    and the last HTML of each region."""

    def __init__(self) -> None:
        self.batches: list[JSONObject] = []  # decoded JSON, as the page reads it
        self.regions: dict[str, str] = {}
        self.texts: dict[str, str] = {}
        self.dataset: dict[str, str] = {}
        self.hash = ""
        self.downloads: list[Download] = []
        self.cues: list[str] = []
        self.announced_all: list[str] = []  # what a screen reader was told, in order
        super().__init__(self._record)

    def _record(self, sent: Batch) -> None:
        self.batches.append(json.loads(encode_items([sent]))[0])
        # the rest is read from the batch as sent: its JSON says the same (tuples as lists)
        self.regions.update(sent.get("regions", {}))
        for k, (t, _c) in sent.get("texts", {}).items():
            self.texts[k] = t
        for k, v in sent.get("data", {}).items():
            if v is None:
                self.dataset.pop(k, None)
            else:
                self.dataset[k] = v
        if "hash" in sent:
            self.hash = sent["hash"]
        if "download" in sent:
            self.downloads.append(sent["download"])
        self.cues.extend(sent.get("cues", []))
        self.announced_all.extend(sent.get("announce", []))

    def html(self) -> str:
        return "".join(self.regions.values())
