"""app.storage.tab_store: this tab's store never writes over another tab's newer save, and a
write the browser refuses never stops play."""

from __future__ import annotations

from app import storage as g
from app.storage import DictStore
from app.tables.perpetual_motion import session as pms

PM = "perpetual-motion"
SAVE_KEY = g.save_key(PM)


def stamp(store: DictStore, key: str) -> tuple[int, str]:
    return g.stamp_of(store.get(key))


class Full(DictStore):
    """localStorage that is full: every write throws."""

    def set(self, key: str, value: str) -> None:
        raise g.StoreRefused("QuotaExceededError")


def test_revisions_go_up_and_old_saves_without_one_are_read() -> None:
    envelope, to_json = pms.CODEC.envelope, pms.CODEC.to_json
    store = DictStore()
    s = pms.new_session(3)
    store.set(SAVE_KEY, to_json(s))  # a save from before revisions
    tab = g.TabStore(store, tab="t1")
    assert g.load_saved(tab, PM, pms.CODEC.read).game is not None
    # the same: not rewritten
    assert g.write_save(tab, SAVE_KEY, envelope(s)) and store.get(SAVE_KEY) == to_json(s)
    pms.apply(s, pms.next_action(s))
    assert g.write_save(tab, SAVE_KEY, envelope(s)) and stamp(store, SAVE_KEY) == (1, "t1")
    assert g.unstamped(store.get(SAVE_KEY) or "") == to_json(s)
    other = g.TabStore(store, tab="t2")
    s2 = g.load_saved(other, PM, pms.CODEC.read).game
    assert s2 is not None and s2.state == s.state
    pms.apply(s2, pms.next_action(s2))
    assert g.write_save(other, SAVE_KEY, envelope(s2)) and stamp(store, SAVE_KEY) == (2, "t2")
    # tab t1 is stale: refused
    assert tab.newer(SAVE_KEY) and not g.write_save(tab, SAVE_KEY, envelope(s))
    assert stamp(store, SAVE_KEY) == (2, "t2")
    # the same game: taken
    assert g.write_save(tab, SAVE_KEY, envelope(s2)) and stamp(store, SAVE_KEY) == (2, "t2")
    assert not tab.newer(SAVE_KEY)
    pms.apply(s2, pms.next_action(s2))
    assert g.write_save(tab, SAVE_KEY, envelope(s2)) and stamp(store, SAVE_KEY) == (3, "t1")
    for odd in ("[" * 100_000, '{"rev":true,"tab":7}', '{"rev":-3}', "", "null"):
        assert g.stamp_of(odd) == (0, "")


def test_a_replaced_save_goes_above_every_tabs_revision() -> None:
    store = DictStore()
    mine, other = g.TabStore(store, tab="t1"), g.TabStore(store, tab="t2")
    assert mine.save(SAVE_KEY, {"n": 1}) and other.read(SAVE_KEY) is not None
    assert other.save(SAVE_KEY, {"n": 2}) and stamp(store, SAVE_KEY) == (2, "t2")
    mine.replace(SAVE_KEY, '{"n": 3}')  # as an import does, over the newer save
    assert stamp(store, SAVE_KEY) == (3, "t1") and g.unstamped(store.get(SAVE_KEY) or "") == (
        '{"n":3}')
    assert other.newer(SAVE_KEY) and not mine.newer(SAVE_KEY)


def test_a_refused_write_is_told_once_and_play_goes_on() -> None:
    told: list[bool] = []
    tab = g.TabStore(Full(), tab="t1", on_refused=lambda: told.append(True))
    assert tab.set("k", "v") is False and tab.get("k") is None
    assert tab.save(SAVE_KEY, {"n": 1})  # nothing kept, but the game goes on
    tab.refuse()
    assert told == [True] and tab.refused
