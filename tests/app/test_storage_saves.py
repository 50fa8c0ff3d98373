"""app.storage.saves: a saved game's envelope is checked, an unreadable save is moved aside
byte for byte (never deleted), and the player is told where it went."""

from __future__ import annotations

import json

import pytest
from app import storage as g
from app.tables.perpetual_motion import session as pms

from engine.errors import InvalidState

PM = "perpetual-motion"
SAVE_KEY = g.save_key(PM)


def test_save_and_load_round_trip() -> None:
    store = g.DictStore()
    s = pms.new_session(99, manual=True)
    for a in pms.step_plan(s):
        pms.apply(s, a)
    g.write_save(store, SAVE_KEY, pms.CODEC.envelope(s))
    loaded = g.load_saved(store, PM, pms.CODEC.read)
    assert loaded.problem is None and loaded.game is not None
    assert loaded.game.state == s.state
    assert loaded.game.gid == s.gid and pms.is_manual(loaded.game)


def test_no_save_is_not_a_problem() -> None:
    assert g.load_saved(g.DictStore(), PM, pms.CODEC.read) == g.Loaded(None)


@pytest.mark.parametrize("text", [
    "{not json", "[]", "null", json.dumps({"version": 1, "game": "perpetual-motion"}),
    json.dumps({"version": 9, "game": "perpetual-motion", "gid": "x", "state": {}}),
])
def test_unreadable_save_is_set_aside_not_deleted(text: str) -> None:
    store = g.DictStore({SAVE_KEY: text})
    r = g.load_saved(store, PM, pms.CODEC.read, 123)
    assert r.game is None and r.problem
    assert r.set_aside_as == g.broken_prefix(PM) + "123"
    assert store.get(r.set_aside_as) == text
    assert store.get(SAVE_KEY) is None


@pytest.mark.parametrize(("data", "words"), [
    ("[" * 100, "not JSON"), ("[]", "not a JSON object"),
    ('{"game": "machine"}', "not a Test game"),
    ('{"game": "t", "version": 2}', "unknown save version 2"),
    ('{"game": "t", "version": 1, "gid": ""}', "has no id"),
])
def test_an_envelope_says_what_is_wrong(data: str, words: str) -> None:
    with pytest.raises(InvalidState, match=words):
        g.read_envelope(data, "t", "Test", 1)
    ok = '{"game": "t", "version": 1, "gid": "x", "more": 1}'
    assert g.read_envelope(ok, "t", "Test", 1)["more"] == 1


def test_a_save_the_browser_will_not_copy_stays_put_and_the_player_is_told() -> None:
    class Full(g.DictStore):
        def set(self, key: str, value: str) -> None:
            raise g.StoreRefused("full")

    store = Full({SAVE_KEY: "{bad"})
    assert g.set_aside(store, SAVE_KEY, g.broken_prefix(PM), "{bad", 5) is None
    assert store.get(SAVE_KEY) == "{bad"
    told = g.unreadable_notice("Your saved game", "bad", None, "; a new game can start.")
    assert told == ("Your saved game could not be read (bad). It stays where it was (this "
                    "browser would not keep a copy); a new game can start.")
    assert "set aside under “k.1”" in g.unreadable_notice("It", "bad", "k.1", ".")


def test_a_replaced_save_is_written_as_chosen_by_a_plain_store() -> None:
    store = g.DictStore({SAVE_KEY: "old"})
    g.replace_save(store, SAVE_KEY, '{"as": "given"}')
    assert g.read_save(store, SAVE_KEY) == '{"as": "given"}'


def test_tampered_state_is_invalid() -> None:
    s = pms.new_session(5)
    data = json.loads(pms.CODEC.to_json(s))
    data["state"]["deck"][0] = data["state"]["deck"][1]  # a card twice
    store = g.DictStore({SAVE_KEY: json.dumps(data)})
    r = g.load_saved(store, PM, pms.CODEC.read, 1)
    assert r.game is None and "more than once" in (r.problem or "")
