"""Perpetual Motion's table: the table core (:class:`app.seated.table.SeatedTable`) with the
solitaire's board (:mod:`.board`), as every game's table is. A solitaire has no set-up screen:
its table opens on a deal, and its address carries the deal's number."""

from __future__ import annotations

from app.seated.table import SeatedTable
from app.table import Host, TableClass
from app.tables.perpetual_motion import PM
from app.tables.perpetual_motion.board import BOARD
from app.tables.perpetual_motion.words import line_of as line_of  # a save's line, for its users
from engine.games.perpetual_motion.rules import PMAction, PMState, PMView


def Table(app: Host) -> SeatedTable[None, PMState, PMAction, PMView]:
    """Perpetual Motion's table: the core with this board."""
    return SeatedTable(app, PM, BOARD)


TABLE: TableClass = Table
