"""Cube Farm's table package: the table (:mod:`.table`) and its board (:mod:`.board`)."""

from app.tables.cube_farm.table import Table

__all__ = ["Table"]
