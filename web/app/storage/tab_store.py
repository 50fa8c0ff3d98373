"""This tab's store: writes the browser refuses never stop play, and two tabs never write over
each other's newer game (the revision stamps of :mod:`.revisions`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

from app.storage.ids import new_gid
from app.storage.revisions import stamp_of, stamped, unstamped
from app.storage.store import SaveStore, Store
from app.storage.stored_json import JSONObject, loads_stored

REFUSED = ("This browser is refusing to save (storage full or private mode). You can keep "
           "playing, but this game will not survive closing the tab.")
OTHER_TAB = ("This game was played on in another tab, so this tab now shows the latest "
             "position.")


class TabStore:
    """This tab's door to the device's storage (the app's only one).

    * A write the browser refuses never stops play: ``set`` answers False, and the first
      refusal calls ``on_refused`` (the shell tells the player once). Nothing already saved is
      removed or overwritten on the way.
    * Every saved game carries a revision and the id of the tab that wrote it. The store
      remembers the revision of each save it last read or wrote (``read``/``save``), so a tab
      never overwrites a newer save another tab made: ``save`` answers False instead and the
      table reloads the game (``newer`` tells whether there is one to reload).
    """

    def __init__(self, inner: Store, tab: str | None = None,
                 on_refused: Callable[[], None] | None = None) -> None:
        self.inner = inner
        self.tab = tab or new_gid()
        self.known: dict[str, int] = {}
        self.on_refused = on_refused
        self.refused = False

    def get(self, key: str) -> str | None:
        try:
            return self.inner.get(key)
        except Exception:
            return None

    def set(self, key: str, value: str) -> bool:
        """Write; False when the browser refused (what was there before is untouched)."""
        try:
            self.inner.set(key, value)
        except Exception:
            self.refuse()
            return False
        return True

    def refuse(self) -> None:
        """The browser refused a write (now, or later: the page says so after trying): the
        player is told the first time only."""
        if not self.refused:
            self.refused = True
            if self.on_refused is not None:
                self.on_refused()

    def remove(self, key: str) -> None:
        try:
            self.inner.remove(key)
        except Exception:
            pass

    def read(self, key: str) -> str | None:
        """A saved game's text; its revision becomes the one this tab knows."""
        text = self.get(key)
        self.known[key] = stamp_of(text)[0]
        return text

    def newer(self, key: str) -> bool:
        """Another tab saved this game since this tab last read or wrote it."""
        rev, tab = stamp_of(self.get(key))
        return rev > self.known.get(key, 0) and tab != self.tab

    def save(self, key: str, envelope: JSONObject, force: bool = False) -> bool:
        """Write a saved game with the next revision; False (nothing written) when another
        tab's newer save is there (``force``: the player chose to replace it, as an import).
        The same game as stored is not written again. A refused write still answers True:
        play goes on."""
        stored = self.get(key)
        rev, tab = stamp_of(stored)
        body = json.dumps(envelope, separators=(",", ":"))
        if stored is not None and unstamped(stored) == body:
            self.known[key] = rev
            return True
        known = self.known.get(key, 0)
        if rev > known and tab != self.tab and not force:
            return False
        new = max(rev, known) + 1
        if self.set(key, stamped(body, new, self.tab)):
            self.known[key] = new
        return True

    def replace(self, key: str, text: str) -> None:
        """Write a saved game the player chose over whatever is there (an import), with a
        revision above the stored one, so every other tab takes it."""
        self.save(key, loads_stored(text), force=True)


if TYPE_CHECKING:  # mypy checks that the class honours the protocol it is used as
    _: type[SaveStore] = TabStore
