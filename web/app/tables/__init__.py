"""The table modules: one per game that has a screen, registered under its game id.

The shell builds the home screen's "Play" buttons and routes ``#/<game>/...`` from this
registry; a game's engine without a table module here is shown as "coming soon".
"""

from __future__ import annotations

from typing import Any

from app.tables import cube_farm, machiavelli, machine, pm

TABLES: dict[str, Any] = {t.Table.game_id: t.Table for t in (pm, machiavelli, machine, cube_farm)}
