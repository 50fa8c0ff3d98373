"""Moving your games to another device (``app.backup``), driven through the shell in CPython:
"Export my games" gives one file that an empty device imports to the same stored keys and
texts; damaged files of many kinds are refused with a message and change nothing; an import
that would replace a game in progress asks first, and "Keep mine" keeps it."""

from __future__ import annotations

import json
from typing import Any

import pytest
from app import backup
from app import settings as cfg
from app import storage as g
from app.storage import DictStore
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion.session import CODEC, Session, won
from app.tables.perpetual_motion.table import line_of
from helpers.backup import PM, M, export, import_file, played_store
from helpers.shell import boot, click, run_async, settle

SAVE_KEY = g.save_key(PM)
RECORD_KEY = g.record_key(PM)


def pm_saves(store: g.Store) -> g.GameSaves[Session]:
    return g.GameSaves(store, PM, "Perpetual Motion", CODEC, won, line=line_of)


def same_texts(a: DictStore, b: DictStore) -> bool:
    """The same keys and texts, but for the revision and tab id each device's saves carry."""
    return {k: g.unstamped(v) for k, v in a.data.items()} == {
        k: g.unstamped(v) for k, v in b.data.items()}




def test_export_then_import_into_an_empty_device_gives_the_same_keys_and_texts() -> None:
    store = played_store()
    assert {SAVE_KEY, RECORD_KEY, cfg.SETTINGS_KEY, g.save_key(M), g.record_key(M),
            g.setup_key(M)} <= set(store.data)
    name, text, said = export(store)
    assert name.startswith("card-table-games-") and name.endswith(".json")
    assert "2 games, 2 records and your settings" in said and name in said
    data = json.loads(text)
    assert data["format"] == backup.FORMAT and data["version"] == backup.VERSION
    assert data["games"][PM]["save"]["game"] == PM  # each save is the game's own object

    fresh = DictStore()
    app, page, env = boot(fresh)
    env.go("#/settings")
    import_file(app, text)
    assert page.texts["settings-msg"] == "Imported 2 games, 2 records and your settings."
    assert same_texts(fresh, store)
    # the tables took the imported games: the same positions, ready to continue
    before, _, _ = boot(store)
    assert app.tables[PM].shown.state == before.tables[PM].shown.state
    assert app.tables[M].match.state == before.tables[M].match.state
    assert app.tables[M].form.draft == before.tables[M].form.draft
    assert app.settings.four_colour
    # and the same file again changes nothing and asks nothing
    import_file(app, text)
    assert "import-confirm" not in page.regions["screen"]
    assert same_texts(fresh, store)


def good_file() -> dict[str, Any]:
    return json.loads(export(played_store())[1])


def with_save(save: Any, game: str = PM) -> str:
    d = {"format": backup.FORMAT, "version": 1, "games": {game: {"save": save}}}
    return json.dumps(d)


def broken_files() -> list[tuple[str, str, str]]:
    good = good_file()
    pm_save = good["games"][PM]["save"]
    m_save = good["games"][M]["save"]
    head = {"format": backup.FORMAT, "version": 1}

    def file(**kw: Any) -> str:
        return json.dumps({**head, **kw})

    return [
        ("empty", "", "not JSON"),
        ("cut short", json.dumps(good)[:500], "not JSON"),
        ("not JSON", "<html>hello</html>", "not JSON"),
        ("nested deep", "[" * 200_000 + "]" * 200_000, "not JSON"),
        ("a list", "[]", "not a file of your games"),
        ("another app's file", json.dumps({"format": "chess", "version": 1}),
         "not a file of your games"),
        ("a bare save", json.dumps(pm_save), "not a file of your games"),
        ("no version", json.dumps({"format": backup.FORMAT}), "no version number"),
        ("text version", json.dumps({"format": backup.FORMAT, "version": "1"}),
         "no version number"),
        ("true version", json.dumps({"format": backup.FORMAT, "version": True}),
         "no version number"),
        ("newer", json.dumps({**good, "version": 2}),
         "This file is from a newer version of the app"),
        ("too large", file(games={}, pad="x" * backup.MAX_CHARS), "too large"),
        ("nothing in it", file(), "nothing to import"),
        ("games not an object", file(games=[1, 2]), "the games could not be read"),
        ("unknown game", file(games={"chess": {"save": pm_save}}), "not a game this app has"),
        ("save not an object", with_save([1, 2, 3]), "Perpetual Motion game could not be read"),
        ("save of another game", with_save(m_save), "not a Perpetual Motion game"),
        ("save of a newer version", with_save({**pm_save, "version": 9}), "unknown save"),
        ("save without id", with_save({**pm_save, "gid": ""}), "no id"),
        ("save without state", with_save({**pm_save, "state": None}), "could not be read"),
        ("save with a changed state", with_save({**pm_save, "state": {
            **pm_save["state"], "deck": pm_save["state"]["deck"] * 2}}), "could not be read"),
        ("seated save with bad seats", with_save({**m_save, "setup": {
            **m_save["setup"], "seats": [{"kind": "wizard"}] * 3}}, M), "seats"),
        ("seated save with bad actions", with_save({**m_save, "actions": -1}, M),
         "action count"),
        ("a record that does not add up",
         file(games={PM: {"record": {"played": 1, "won": 5}}}), "do not add up"),
        ("a record of words", file(games={M: {"record": {"played": "many"}}}),
         "not whole numbers"),
        ("a record of truths", file(games={M: {"record": {"played": True}}}),
         "not whole numbers"),
        ("settings of another kind", file(settings={"speed": "warp"}), "speed"),
        ("settings not an object", file(settings="dark"), "not an object"),
        ("a set-up of nine", file(games={M: {"setup": {
            "game": M, "seats": [{"kind": "you"}] + [{"kind": "computer",
                                                      "level": "standard"}] * 8}}}),
         "set-up could not be read"),
    ]


@pytest.mark.parametrize(("name", "text", "words"), broken_files(),
                         ids=[b[0] for b in broken_files()])
def test_a_damaged_file_is_refused_with_a_message_and_changes_nothing(
        name: str, text: str, words: str) -> None:
    store = played_store()
    before = dict(store.data)
    app, page, env = boot(store)
    env.go("#/settings")
    import_file(app, text)
    said = page.texts["settings-msg"]
    assert words in said, (name, said)
    assert "Nothing was imported" in said or "nothing to import" in said
    assert page.batches[-1]["texts"]["settings-msg"][1] == "msg refusal"
    assert "import-confirm" not in page.regions["screen"]
    assert store.data == before


def test_a_file_too_large_to_read_is_refused_unread() -> None:
    app, page, env = boot()
    env.go("#/settings")
    import_file(app, "", size=50_000_000)
    assert "too large" in page.texts["settings-msg"]


def test_broken_entries_are_skipped_and_reported_the_rest_imported() -> None:
    good = good_file()
    good["games"][M]["save"]["state"] = {"nonsense": True}
    good["games"][M]["record"] = {"played": -1}
    store = DictStore()
    app, page, env = boot(store)
    env.go("#/settings")
    import_file(app, json.dumps(good))
    said = page.texts["settings-msg"]
    assert said.startswith("Imported 1 game, 1 record and your settings.")
    assert "Machiavelli game could not be read" in said and "Machiavelli record" in said
    assert g.save_key(M) not in store.data and g.record_key(M) not in store.data
    assert SAVE_KEY in store.data and g.setup_key(M) in store.data


def test_replacing_a_game_in_progress_asks_and_keep_mine_keeps_it() -> None:
    text = export(played_store())[1]
    other = DictStore()

    async def run() -> None:
        app, _page, env = boot(other)
        env.go(f"#/{PM}/deal/77")
        await settle(app)
        click(app, "deal")
        await settle(app)
    run_async(run())
    other.set(RECORD_KEY, g.Record(played=40, won=9, streak=0, best_streak=3).to_json())
    mine = dict(other.data)

    app, page, env = boot(other)
    env.go("#/settings")
    import_file(app, text)
    screen = page.regions["screen"]
    assert 'data-testid="import-confirm"' in screen and "Replace" in screen
    assert "Perpetual Motion: your game here (deal 77, round 1)" in screen
    assert "by the file&#x27;s (deal 5, round 1)" in screen
    assert "your record here (40 played)" in screen
    assert "Machiavelli" not in screen  # nothing of it here: imported without asking
    assert other.data == mine  # nothing written while it asks
    click(app, "import-keep")
    assert other.get(SAVE_KEY) == mine[SAVE_KEY]
    assert other.get(RECORD_KEY) == mine[RECORD_KEY]
    assert pms.deal_of(app.tables[PM].shown) == 77
    said = page.texts["settings-msg"]
    assert said == ("Kept your Perpetual Motion game and your Perpetual Motion record here. "
                    "Imported 1 game, 1 record and your settings.")
    assert app.tables[M].match is not None and 'data-testid="export-games"' in page.regions[
        "screen"]

    # again, and Replace this time: the file's deal is the game in progress now
    import_file(app, text)
    assert 'data-testid="import-confirm"' in page.regions["screen"]
    click(app, "import-replace")
    assert pms.deal_of(app.tables[PM].shown) == 5
    assert json.loads(other.get(RECORD_KEY) or "")["played"] == 7
    assert page.texts["settings-msg"] == "Imported 2 games, 2 records and your settings."


def test_leaving_the_question_imports_nothing() -> None:
    text = export(played_store())[1]
    other = DictStore()
    other.set(SAVE_KEY, pm_saves(other).text(pms.new_session(77)))  # as the table writes it
    mine = dict(other.data)
    app, page, env = boot(other)
    env.go("#/settings")
    import_file(app, text)
    assert 'data-testid="import-confirm"' in page.regions["screen"]
    env.go("#/")
    env.go("#/settings")
    assert 'data-testid="import-confirm"' not in page.regions["screen"]
    click(app, "import-replace")  # a stale tap: nothing waits for it
    assert other.data == mine


def test_a_finished_game_here_is_replaced_without_asking() -> None:
    text = export(played_store())[1]
    other = DictStore()
    s = pms.new_session(16557)
    while not s.over:
        for a in pms.step_plan(s):
            pms.apply(s, a)
    other.set(SAVE_KEY, pms.CODEC.to_json(s))
    app, page, env = boot(other)
    env.go("#/settings")
    import_file(app, text)
    screen = page.regions["screen"]  # the finished game was counted: only its record asks
    assert "your record here (1 played)" in screen and "your game here" not in screen
    click(app, "import-replace")
    assert pms.deal_of(app.tables[PM].shown) == 5
