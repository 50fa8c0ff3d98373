"""app.storage.tiles: the home tile's line is read from a save without its game's code, and
only when the save is as the app wrote it."""

from __future__ import annotations

import json

from app.storage import DictStore, TabStore, save_key, saved_line, tile_of


def saved(envelope: dict[str, object], line: str | None) -> str:
    return json.dumps({**envelope, "tile": tile_of(envelope, line)}, separators=(",", ":"))


def test_a_saves_line_is_read_as_written() -> None:
    envelope = {"game": "machine", "gid": "x", "state": [1, 2]}
    store = DictStore({save_key("machine"): saved(envelope, "Hand 2")})
    assert saved_line(store, "machine") == (True, "Hand 2")
    store.set(save_key("machine"), saved(envelope, None))
    assert saved_line(store, "machine") == (True, None)
    assert saved_line(store, "cube-farm") == (True, None)  # nothing saved


def test_a_stamped_save_is_read_past_its_stamp() -> None:
    store = DictStore()
    TabStore(store, tab="t").save(save_key("m"), json.loads(saved({"gid": "x"}, "Go on")))
    assert saved_line(store, "m") == (True, "Go on")


def test_a_save_that_does_not_say_is_left_to_its_table() -> None:
    envelope = {"game": "machine", "gid": "x"}
    changed = json.loads(saved(envelope, "Hand 2"))
    changed["gid"] = "y"
    for text in ("{bad", json.dumps(envelope), json.dumps(changed), "[1]",
                 json.dumps({**envelope, "tile": {**tile_of(envelope, "x"), "line": 5}})):
        assert saved_line(DictStore({save_key("m"): text}), "m") == (False, None), text
