"""Perpetual Motion's table package: the table (:mod:`.table`), its screens (:mod:`.view`),
the game in progress (:mod:`.session`) and the statistics panel's simulation (:mod:`.sim`)."""

from app.tables.perpetual_motion.table import Table

__all__ = ["Table"]
