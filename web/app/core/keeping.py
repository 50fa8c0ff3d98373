"""A table's game and its save, the same at every table: written after every change, a
finished daily deal entered in the daily book, and another tab's newer save taken, never
written over.

:class:`app.storage.GameSaves` keeps the save and the record; :class:`Keeping` adds what a
table does around them, so that no table writes that twice.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Generic, Protocol, TypeVar

from app import daily
from app.storage import Codec, GameSaves, Saved, SaveStore


class Kept(Saved, Protocol):
    """A game in progress as :class:`Keeping` needs it: saved, and maybe a daily deal."""

    daily: str  # the local date of the daily deal this game is; "" for none

    @property
    def deal(self) -> int | None: ...


K = TypeVar("K", bound=Kept)


class Written(Enum):
    """What another tab wrote, as far as this table is concerned."""

    GAME = "game"  # a newer save of this game: the table takes it
    RECORD = "record"  # its record (a game counted there): the statistics may show it


class Keeping(Generic[K]):
    """One table's save: ``saves`` (the save and the record), the daily book, and which of
    another tab's writes concern the table."""

    def __init__(self, store: SaveStore, game_id: str, name: str,
                 codec: Codec[K], won: Callable[[K], bool],
                 result: Callable[[K], str], low: bool = False,
                 line: Callable[[K], str | None] | None = None) -> None:
        self.saves = GameSaves(store, game_id, name, codec, won, low=low, line=line)
        self.store = store
        self.game_id = game_id
        self.name = name
        self.won = won
        self.result = result  # a finished daily deal in a few words ("won in round 3")

    def save(self, game: K) -> bool:
        """Write ``game`` (a finished daily deal goes in the daily book too). False: another
        tab saved a newer game, nothing was written, and the table is to take that one."""
        if not self.saves.save(game):
            return False
        if game.over and game.daily:
            daily.finished(self.store, self.game_id, self.name, game.daily,
                           self.won(game), self.result(game), game.deal or 0, game.gid)
        return True

    def written(self, key: str) -> Written | None:
        """Another tab wrote ``key``: what it means here (None: nothing of this table's)."""
        if key == self.saves.key:
            return Written.GAME if self.saves.newer() else None
        return Written.RECORD if key == self.saves.record_key else None

    @staticmethod
    def daily_on_table(game: K | None) -> tuple[str, bool] | None:
        """The game on the table, if it is a daily deal: its date and whether it is over."""
        return (game.daily, game.over) if game is not None and game.daily else None
