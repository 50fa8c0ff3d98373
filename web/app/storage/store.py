"""What every reader and writer of this device's storage is given: a ``Store``.

``Store`` is anything with ``get/set/remove`` of text by key: the browser's localStorage in the
app (through :class:`app.link.Mirror`), a dict in the tests. A :class:`SaveStore` also writes
saved games: :class:`~app.storage.tab_store.TabStore` with revisions (another tab may play the
same game), :class:`DictStore` plainly (no other tab). Saving code asks for a ``SaveStore``, so
it never has to ask which store it holds.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Protocol

from app.storage.stored_json import JSONObject


class Store(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> bool | None:
        """Write; False when the value was not kept (a :class:`TabStore` says so; a plain store
        raises instead and answers None)."""

    def remove(self, key: str) -> None: ...


class SaveStore(Store, Protocol):
    """A Store that writes saved games: what :class:`~app.storage.game_saves.GameSaves` and
    the save functions need."""

    def read(self, key: str) -> str | None:
        """A saved game's text (a store with revisions remembers the one it read)."""

    def newer(self, key: str) -> bool:
        """Another tab saved this game since this store last read or wrote it."""

    def save(self, key: str, envelope: JSONObject, force: bool = False) -> bool:
        """Write a saved game; False (nothing written) when another tab's newer save is there
        (``force``: write anyway)."""

    def replace(self, key: str, text: str) -> None:
        """Write a saved game the player chose over whatever is there (an import)."""


class StoreRefused(Exception):
    """The browser did not keep what was written (storage full, private mode, disabled)."""


class DictStore:
    """A Store in memory (tests, and the fallback when localStorage is unavailable); as a
    SaveStore it has no other tab: saves are written as they are, never refused."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)

    def read(self, key: str) -> str | None:
        return self.get(key)

    def newer(self, key: str) -> bool:
        return False

    def save(self, key: str, envelope: JSONObject, force: bool = False) -> bool:
        self.set(key, json.dumps(envelope, separators=(",", ":")))
        return True

    def replace(self, key: str, text: str) -> None:
        self.set(key, text)


if TYPE_CHECKING:  # mypy checks that the class honours the protocol it is used as
    _: type[SaveStore] = DictStore
