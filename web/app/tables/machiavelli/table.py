"""Machiavelli's table: the table core with this game's board (:mod:`.board`)."""

from __future__ import annotations

from app.seated.table import SeatedTable
from app.table import Host, TableClass
from app.tables.machiavelli import parts as mu
from app.tables.machiavelli.board import BOARD
from engine.games.machiavelli.rules import MAction, MState, MView


def Table(app: Host) -> SeatedTable[mu.MTurnUI, MState, MAction, MView]:
    """Machiavelli's table: the core with this board."""
    return SeatedTable(app, "machiavelli", BOARD)


TABLE: TableClass = Table
