"""This device's storage, as every table uses it: saved games, records, revisions, set-asides.

The modules, one concern each: :mod:`.store` (what a store is), :mod:`.keys` (the keys, written
once), :mod:`.stored_json` (JSON from outside, depth-checked), :mod:`.revisions` and
:mod:`.tab_store` (two tabs, and a browser that refuses to save), :mod:`.ids`, :mod:`.saves`
(one saved game's text), :mod:`.tiles` (the home tile's line), :mod:`.records` and
:mod:`.merging` (this device's record of a game), :mod:`.game_saves` (the one path every table
saves through). Their public names are all importable from here, as from the one module this
package was.
"""

from app.storage.game_saves import GameSaves
from app.storage.ids import MAX_DEAL, new_gid, random_deal_number
from app.storage.keys import (
    GUIDES_KEY,
    SAVE_KEY,
    SEAT_KEY,
    SETTINGS_KEY,
    SHARED_KEY,
    broken_prefix,
    daily_aside_prefix,
    daily_key,
    phones_key,
    record_key,
    save_key,
    setup_key,
)
from app.storage.merging import merge_records
from app.storage.records import HISTORY, MAX_RECORD, Record, group_keys, played_at, read_played
from app.storage.revisions import stamp_of, stamped, unstamped
from app.storage.saves import (
    Codec,
    Loaded,
    Saved,
    load_saved,
    read_envelope,
    read_save,
    replace_save,
    set_aside,
    unreadable_notice,
    write_save,
)
from app.storage.store import DictStore, SaveStore, Store, StoreRefused
from app.storage.stored_json import JSON, MAX_JSON_DEPTH, JSONObject, loads_stored
from app.storage.tab_store import OTHER_TAB, REFUSED, TabStore
from app.storage.tiles import TILE, saved_line, tile_of

__all__ = [
    "GUIDES_KEY", "HISTORY", "JSON", "MAX_DEAL", "MAX_JSON_DEPTH", "MAX_RECORD", "OTHER_TAB",
    "REFUSED", "SAVE_KEY", "SEAT_KEY", "SETTINGS_KEY", "SHARED_KEY", "TILE", "Codec", "DictStore",
    "GameSaves", "JSONObject", "Loaded", "Record", "SaveStore", "Saved", "Store", "StoreRefused",
    "TabStore",
    "broken_prefix", "daily_aside_prefix", "daily_key", "group_keys", "load_saved",
    "loads_stored", "merge_records", "new_gid", "phones_key", "played_at", "random_deal_number",
    "read_envelope",
    "read_played", "read_save", "record_key", "replace_save", "save_key", "saved_line",
    "set_aside", "setup_key", "stamp_of", "stamped", "tile_of", "unreadable_notice",
    "unstamped", "write_save",
]
