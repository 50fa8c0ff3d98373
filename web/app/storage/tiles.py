"""The home tile's line of a saved game, kept in its save so the home screen need not import it.

The line is written in the save's envelope (:meth:`GameSaves.save`) with a checksum of the rest,
so that the home screen shows it without importing the game (its table reads the rest when it
is opened), and a save changed by anything but the app is still read at the start.
"""

from __future__ import annotations

import json
import zlib

from app.storage.keys import save_key
from app.storage.revisions import unstamped
from app.storage.store import Store
from app.storage.stored_json import JSONObject, loads_stored

TILE = "tile"


def tile_of(envelope: JSONObject, line: str | None) -> JSONObject:
    """The tile entry of a save whose envelope (without it) is ``envelope``."""
    return {"line": line, "sum": _checksum(envelope)}


def _checksum(envelope: JSONObject) -> str:
    return f"{zlib.crc32(json.dumps(envelope, separators=(',', ':')).encode()):08x}"


def saved_line(store: Store, game_id: str) -> tuple[bool, str | None]:
    """The home tile's line of the saved game of ``game_id``: (True, the line, or None when
    nothing is saved or there is nothing to continue); (False, None) when the save does not
    say (written before saves kept it, changed since, unreadable): only its table can tell."""
    text = store.get(save_key(game_id))
    if text is None:
        return True, None
    try:
        data = loads_stored(unstamped(text))
    except (ValueError, TypeError, RecursionError):
        return False, None
    tile = data.pop(TILE, None) if isinstance(data, dict) else None
    if not isinstance(tile, dict) or tile.get("sum") != _checksum(data):
        return False, None
    line = tile.get("line")
    return (True, line) if line is None or isinstance(line, str) else (False, None)
