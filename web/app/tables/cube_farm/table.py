"""Cube Farm's table: the table core with this game's board (:mod:`.board`)."""

from __future__ import annotations

from app.seated.table import SeatedTable
from app.table import Host, TableClass
from app.tables.cube_farm import parts as cu
from app.tables.cube_farm.board import BOARD
from engine.games.cube_farm.rules import CFAction, CFState, CFView


def Table(app: Host) -> SeatedTable[cu.CFTurnUI, CFState, CFAction, CFView]:
    """Cube Farm's table: the core with this board."""
    return SeatedTable(app, "cube-farm", BOARD)


TABLE: TableClass = Table
