"""The app behind messages only (app.link): started from the page's snapshot, every write sent
to the page and compared and set there, thinking asked through the page, what the app does on
its own collected by the standing call. Tabs of the CPython stand-in for bridge.js
(scripts/lib/link.py) share one device's storage."""

from __future__ import annotations

import itertools
import json

from app import storage as g
from app.link import SAVE_KEY, Mirror
from app.storage import StoreRefused
from helpers.shell import run_async

from scripts.lib.link import Device, Tab

PM = "perpetual-motion"
M = "machiavelli"


def test_the_start_answers_the_first_screen_and_says_ready() -> None:
    tab = Tab(Device())
    assert tab.dataset.get("ready") == "1"
    assert "Perpetual Motion" in tab.screen()
    assert not any("store" in item for item in tab.items)  # nothing written by merely opening


def test_a_saved_game_is_written_with_what_the_tab_last_saw_and_others_hear_of_it() -> None:
    async def run() -> None:
        device = Device()
        a = Tab(device)
        a.go(f"#/{PM}/deal/5")
        await a.settle()
        key = g.save_key(PM)
        assert SAVE_KEY.match(key) and key in device.data
        writes = [op for item in a.items if "store" in item for op in item["store"]
                  if op[0] == key]
        assert writes and all(len(op) == 3 for op in writes)  # compare and set, every time
        assert writes[0][2] is None  # nothing there before the first save
        assert all(later[2] == earlier[1] for earlier, later in itertools.pairwise(writes))
        assert a.persist_asked == 1  # the player has a game to lose: ask to keep the data
        b = Tab(device, f"#/{PM}")
        await b.settle()
        assert b.app.tables[PM].shown.state == a.app.tables[PM].shown.state
    run_async(run())


def test_two_tabs_never_clobber_a_stale_tab_takes_the_newer_game() -> None:
    async def run() -> None:
        device = Device()
        a = Tab(device)
        a.go(f"#/{M}/deal/12?seats=you,beginner&variant=manipulation")
        await a.settle()
        b = Tab(device, f"#/{M}")
        await b.settle()
        device.tabs.remove(b)  # tab B misses tab A's storage events from now on
        a.click("m-draw")
        await a.settle()
        newer = device.data[g.save_key(M)]
        b.click("m-draw")  # the same draw from the older position
        await b.settle()
        assert device.data[g.save_key(M)] == newer  # the page refused B's write
        assert b.app.tables[M].match.state == a.app.tables[M].match.state
        assert b.texts["mt-msg"] == g.OTHER_TAB
    run_async(run())


def test_a_refused_write_is_said_once_and_play_goes_on() -> None:
    async def run() -> None:
        device = Device()
        tab = Tab(device, f"#/{PM}/deal/5")
        await tab.settle()
        before = dict(device.data)
        device.full = True
        for _ in range(3):
            tab.click("deal")
            await tab.settle()
        assert device.data == before  # nothing lost, nothing half-written
        assert tab.told_refused
        said = [item for item in tab.items if g.REFUSED in json.dumps(item)]
        assert len(said) == 1 and tab.app.navigator.notice == g.REFUSED
        assert tab.app.tables[PM].shown.state != Tab(Device(before), f"#/{PM}").app.tables[
            PM].shown.state  # the game went on in memory
    run_async(run())


def test_a_browser_with_no_storage_is_said_at_the_first_write() -> None:
    async def run() -> None:
        tab = Tab(Device(), f"#/{PM}/deal/5", storage=False)
        await tab.settle()
        assert tab.app.navigator.notice == g.REFUSED
        assert not any("store" in item for item in tab.items)
    run_async(run())


def test_saves_records_and_settings_on_the_device_carry_over() -> None:
    async def run() -> None:
        device = Device()
        a = Tab(device, f"#/{PM}/deal/5")
        await a.settle()
        a.click("toggle-setting", key="four_colour")
        await a.settle()
        b = Tab(Device(dict(device.data)), f"#/{PM}")
        assert b.app.settings.four_colour
        assert b.app.tables[PM].shown.state == a.app.tables[PM].shown.state
    run_async(run())


def test_computers_think_through_the_page_and_their_moves_come_by_the_standing_call() -> None:
    async def run() -> None:
        device = Device()
        tab = Tab(device)
        tab.go(f"#/{M}/deal/12?seats=you,beginner&variant=manipulation")
        await tab.settle()
        tab.click("m-draw")  # you draw: the computer's turn is thought out in the worker
        await tab.settle(answer=False)
        assert tab.questions and json.loads(tab.questions[0]["request"])["kind"] == "bot"
        before = len(tab.items)
        await tab.settle()
        assert tab.app.tables[M].match.current == 0  # back to you
        assert len(tab.items) > before
    run_async(run())


def test_a_failed_thinking_worker_means_thinking_here() -> None:
    async def run() -> None:
        tab = Tab(Device())
        tab.go(f"#/{M}/deal/12?seats=you,beginner&variant=manipulation")
        await tab.settle()
        tab.click("m-draw")
        await tab.settle(answer=False)
        q = tab.questions.pop(0)
        tab.send(kind="thought", key=str(q["id"]), value="no-worker: broken", data={"ok": "0"})
        await tab.settle()
        assert tab.app.tables[M].match.current == 0 and not tab.link.env.thinker
    run_async(run())


def test_the_update_and_device_changes_come_as_events() -> None:
    tab = Tab(Device())
    tab.send(kind="device", data={"updateReady": True, "persisted": True, "installed": True})
    assert tab.app.update.ready
    tab.go("#/about")
    assert "kept until you delete them" in tab.screen() and "Installed on this" in tab.screen()
    tab.click("apply-update")
    assert tab.updates == 1


def test_the_mirror_compares_only_saved_games_and_refuses_when_there_is_no_storage() -> None:
    m = Mirror({"tabletop.settings": "{}"})
    m.set("tabletop.settings", '{"a":1}')
    m.set(g.save_key(PM), "x")
    m.set(g.save_key(PM), "y")
    m.remove("tabletop.settings")
    assert m.take() == {"store": [
        ["tabletop.settings", '{"a":1}'], [g.save_key(PM), "x", None],
        [g.save_key(PM), "y", "x"], ["tabletop.settings", None]]}
    assert m.take() is None
    n = Mirror({}, writable=False)
    try:
        n.set("tabletop.settings", "{}")
    except StoreRefused:
        pass
    else:
        raise AssertionError("a store the browser refuses must say so")
    assert n.get("tabletop.settings") == "{}" and n.take() is None  # kept in memory
