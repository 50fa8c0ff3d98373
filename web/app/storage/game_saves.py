"""One game's save and record, the same for every table: load, save, count a finished game once,
and never write over another tab's newer game."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Generic

from app.storage.keys import record_key, save_key
from app.storage.records import Record, read_played
from app.storage.saves import Codec, G, load_saved, unreadable_notice, write_save
from app.storage.store import SaveStore
from app.storage.stored_json import JSONObject
from app.storage.tiles import TILE, tile_of


class GameSaves(Generic[G]):
    """One game's save and record on this device, through this tab's store.

    Every table keeps its game in progress here: ``load`` reads it (an unreadable save is set
    aside and said), ``save`` writes it after every change and counts a finished game in the
    record once, and never writes over a newer game another tab saved (``save`` answers False:
    the table then takes that game).
    """

    def __init__(self, store: SaveStore, game_id: str, name: str, codec: Codec[G],
                 won: Callable[[G], bool], low: bool = False,
                 line: Callable[[G], str | None] | None = None) -> None:
        self.store = store
        self.game_id = game_id
        self.name = name
        self.codec = codec  # how the game is read and written (its board's)
        self.won = won
        # the home tile's line of a game (None: nothing to continue), kept in its save so that
        # the home screen reads it without the game's code (without it: the table reads the save)
        self.line = line
        self.low = low  # lower scores are better
        self.key = save_key(game_id)
        self.record_key = record_key(game_id)

    def load(self, then: str = "; a new game can start.") -> tuple[G | None, str | None]:
        """The saved game (None: none or unreadable) and what to tell the player."""
        loaded = load_saved(self.store, self.game_id, self.codec.read)
        if loaded.problem:
            return None, unreadable_notice(f"Your saved {self.name} game", loaded.problem,
                                           loaded.set_aside_as, then)
        return loaded.game, None

    def newer(self) -> bool:
        """Another tab saved this game since this tab last read or wrote it."""
        return self.store.newer(self.key)

    def save(self, game: G) -> bool:
        """Write the game; False (nothing written, nothing counted) when another tab saved a
        newer one. A finished game is counted only if this tab's end is the latest game."""
        if game.over and not game.counted:
            if self.newer():
                return False
            self.count(game)
        return write_save(self.store, self.key, self.envelope(game))

    def envelope(self, game: G) -> JSONObject:
        """The game as its save keeps it: its own envelope, and the home tile's line."""
        envelope = self.codec.envelope(game)
        if self.line is not None:
            envelope[TILE] = tile_of(envelope, self.line(game))
        return envelope

    def text(self, game: G) -> str:
        """The save's text (what an import writes)."""
        return json.dumps(self.envelope(game), separators=(",", ":"))

    def count(self, game: G, now_ms: int | None = None) -> Record:
        """Add a finished game to the record once: the game remembers it was counted, and a
        game whose id the history holds already (counted by another tab) is not counted
        again."""
        record = self.record()
        if game.over and not game.counted and record.has(game.gid):
            game.counted = True
        if game.over and not game.counted:
            entry = {**self.codec.played(game), "gid": game.gid,
                     "at": now_ms if now_ms is not None else int(time.time() * 1000)}
            record.add(self.won(game), read_played(entry), self.low)
            # counted only once the record is kept: a refused write is tried again next save
            game.counted = self.store.set(record_key(self.game_id),
                                          record.to_json()) is not False
        return record

    def record(self) -> Record:
        return Record.load(self.store, self.game_id)
