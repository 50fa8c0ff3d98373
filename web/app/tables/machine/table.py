"""The Perpetual-Motion Machine's table: the table core with this game's board (:mod:`.board`)."""

from __future__ import annotations

from app.seated.table import SeatedTable
from app.table import Host, TableClass
from app.tables.machine import parts as mu
from app.tables.machine.board import BOARD
from engine.games.machine.rules import MachineAction, MachineState, MachineView


def Table(app: Host) -> SeatedTable[mu.MachineTurnUI, MachineState, MachineAction, MachineView]:
    """The Machine's table: the core with this board."""
    return SeatedTable(app, "machine", BOARD)


TABLE: TableClass = Table
