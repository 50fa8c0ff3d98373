"""app.storage.store: the dict store the tests and a storage-less browser use, as a SaveStore
without other tabs (what the app did for a plain store before SaveStore was declared)."""

from __future__ import annotations

from app.storage.store import DictStore


def test_a_dict_store_gets_sets_and_removes() -> None:
    store = DictStore({"a": "1"})
    assert store.get("a") == "1" and store.get("b") is None
    store.set("b", "2")
    store.remove("a")
    store.remove("missing")
    assert store.data == {"b": "2"}


def test_a_dict_store_saves_plainly_and_never_sees_another_tab() -> None:
    store = DictStore()
    assert store.save("k", {"a": 1, "b": [1, 2]}) and store.get("k") == '{"a":1,"b":[1,2]}'
    assert store.read("k") == store.get("k") and not store.newer("k")
    assert store.save("k", {"a": 2}, force=True) and store.get("k") == '{"a":2}'
    store.replace("k", '{ "as": "written" }')
    assert store.get("k") == '{ "as": "written" }'
