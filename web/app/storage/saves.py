"""One saved game's text: the envelope every save starts with, reading and writing it, and an
unreadable save moved aside byte for byte (never deleted) with what the player is told."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from app.storage.keys import broken_prefix, save_key
from app.storage.store import SaveStore, Store
from app.storage.stored_json import JSONObject, loads_stored
from engine.errors import InvalidState


def read_envelope(text: str, game_id: str, game_name: str, version: int) -> dict[str, Any]:
    """The JSON object of a saved game of ``game_id`` at ``version``, with its id checked;
    InvalidState says what is wrong. Every game's save starts with these fields."""
    try:
        data = loads_stored(text)
    except (ValueError, TypeError, RecursionError) as e:  # deep nesting: RecursionError
        raise InvalidState(f"the saved text is not JSON ({e})") from None
    if not isinstance(data, dict):
        raise InvalidState("the saved game is not a JSON object")
    if data.get("game") != game_id:
        raise InvalidState(f"the saved game is not a {game_name} game")
    if data.get("version") != version:
        raise InvalidState(f"unknown save version {data.get('version')!r}")
    gid = data.get("gid")
    if not isinstance(gid, str) or not gid:
        raise InvalidState("the saved game has no id")
    return data


def set_aside(store: Store, key: str, prefix: str, text: str,
              now_ms: int | None = None) -> str | None:
    """Move an unreadable save from ``key`` to a stamped key (never delete it); the new key.
    None when the copy could not be written (storage refused): then it stays under ``key``."""
    stamp = now_ms if now_ms is not None else int(time.time() * 1000)
    aside = f"{prefix}{stamp}"
    try:
        store.set(aside, text)
    except Exception:
        return None
    if store.get(aside) != text:
        return None
    store.remove(key)
    return aside


def unreadable_notice(what: str, problem: str, aside: str | None, then: str) -> str:
    """What the player is told about a saved game that could not be read."""
    where = (f"It was set aside under “{aside}”" if aside is not None else
             "It stays where it was (this browser would not keep a copy)")
    return f"{what} could not be read ({problem}). {where}{then}"


def read_save(store: SaveStore, key: str) -> str | None:
    """A saved game's text (a TabStore remembers its revision)."""
    return store.read(key)


def replace_save(store: SaveStore, key: str, text: str) -> None:
    """Write a saved game the player chose over whatever is there (an import): through a
    TabStore with a revision above the stored one, so every other tab takes it."""
    store.replace(key, text)


def write_save(store: SaveStore, key: str, envelope: JSONObject) -> bool:
    """Write a saved game; False when another tab's newer save is there (nothing written)."""
    return store.save(key, envelope)


class Saved(Protocol):
    """A game in progress as a table keeps it: what :class:`GameSaves` needs of it (how it
    is written is its :class:`Codec`'s)."""

    gid: str
    counted: bool  # already added to this device's record

    @property
    def over(self) -> bool: ...


G = TypeVar("G", bound=Saved)


class Codec(Protocol[G]):
    """How a table's game is read from its save and written to it and to its record: declared
    by the game's board, so that each game keeps its own save's shape (and older saves load)."""

    def read(self, text: str) -> G:
        """A saved game from its text; InvalidState (or anything a damaged save provokes)."""

    def envelope(self, game: G) -> JSONObject:
        """The game as its save keeps it (without the home tile's line)."""

    def played(self, game: G) -> JSONObject:
        """A finished game as its record's history keeps it (see :func:`read_played`; ``gid``
        and ``at`` are added by :class:`GameSaves`): who sat, the result, what replays it."""


@dataclass(frozen=True)
class Loaded(Generic[G]):
    game: G | None
    problem: str | None = None  # why a saved game could not be read
    set_aside_as: str | None = None  # the key it was moved to


def load_saved(store: SaveStore, game_id: str, read: Callable[[str], G],
               now_ms: int | None = None) -> Loaded[G]:
    """The saved game of ``game_id``, if any. An unreadable one is moved to another key, never
    deleted; ``read`` raises InvalidState (or anything a damaged save provokes)."""
    key = save_key(game_id)
    text = read_save(store, key)
    if text is None:
        return Loaded(None)
    try:
        return Loaded(read(text))
    except Exception as e:
        aside = set_aside(store, key, broken_prefix(game_id), text, now_ms)
        return Loaded(None, problem=str(e) or type(e).__name__, set_aside_as=aside)
