"""Perpetual Motion's saved game as the app wrote it before its table ran on the one table
core (issue 34, captured at b993087): it still loads, is shown as it was, and is written
again as the same JSON (only the save's revision and tab change)."""

from __future__ import annotations

import json

from app.storage import DictStore
from helpers.shell import boot, click, run_async, settle

KEY = "tabletop.perpetual-motion.save"
# deal 34, Tap moves on, five rows dealt (a forced move waiting): written at b993087
SAVED = (
    '{"rev":7,"tab":"1a23f22a7a89dfd39","version":1,"game":"perpetual-motion",'
    '"gid":"1a23f22a817589b2c","counted":false,"manual":true,"daily":"","state":{"game":'
    '"perpetual-motion","deck":["KS","AD","9D","6C","9S","QS","8C","KH","3S","4H","7C","JD",'
    '"AS","QC","5H","AC","TS","7D","JC","7S","9H","7H","2D","5S","JH","QH","TC","2H","2S",'
    '"QD","TH","8D"],"stacks":[["9C","2C","4D","AH","KC"],["KD","3H","3D","4S","6D"],'
    '["JS","5C","5D","3C","6H"],["4C","TD","8S","8H","6S"]],"discarded":[],"round":1,'
    '"deals":5,"seen":["9KJ4235T4358A438K666KA969Q8K347JAQ5AT7J79725JQT22QT8"],'
    '"status":"playing","loop_start":null,"loop_length":null,"seed":34},'
    '"tile":{"line":"deal 34, round 1","sum":"e20af464"}}')


def without_revision(text: str) -> dict[str, object]:
    data = json.loads(text)
    assert isinstance(data, dict)
    return {k: v for k, v in data.items() if k not in ("rev", "tab")}


def test_a_save_written_before_the_one_core_loads_and_is_written_back_the_same() -> None:
    async def run() -> None:
        store = DictStore({KEY: SAVED})
        app, page, _env = boot(store, "#/perpetual-motion")
        await settle(app)
        assert not any(".unreadable." in k for k in store.data)
        assert app.navigator.notice is None
        assert page.hash == "#/perpetual-motion/deal/34"
        assert "Perpetual Motion, deal 34" in page.regions["screen"]
        assert 'data-action="toggle-manual"' in page.regions["pm-controls"]
        assert 'aria-pressed="true"' in page.regions["pm-controls"]  # Tap moves on
        app.tables["perpetual-motion"].save()
        assert without_revision(store.data[KEY]) == without_revision(SAVED)
        click(app, "deal")  # a forced move is waiting: Deal is refused, nothing changes
        await settle(app)
        assert without_revision(store.data[KEY]) == without_revision(SAVED)
        assert "forced move" in page.texts["pm-msg"]
    run_async(run())


def test_an_older_save_without_the_daily_date_loads_and_is_written_in_todays_shape() -> None:
    """Before the daily deal (and with the Practice flag since dropped) a save had no
    ``daily``, no home tile line and no revision: it loads as that deal, not a daily one."""
    older = without_revision(SAVED)
    del older["daily"], older["tile"]
    older["practice"] = False

    async def run() -> None:
        store = DictStore({KEY: json.dumps(older)})
        app, page, _env = boot(store, "#/perpetual-motion")
        await settle(app)
        assert not any(".unreadable." in k for k in store.data)
        assert app.navigator.notice is None
        assert "Perpetual Motion, deal 34" in page.regions["screen"]
        assert 'aria-pressed="true"' in page.regions["pm-controls"]
        app.tables["perpetual-motion"].save()
        assert without_revision(store.data[KEY]) == without_revision(SAVED)
    run_async(run())
