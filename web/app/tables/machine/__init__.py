"""Perpetual-Motion Machine's table package: the table (:mod:`.table`) and its board
(:mod:`.board`)."""

from app.tables.machine.table import Table

__all__ = ["Table"]
