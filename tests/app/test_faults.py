"""Nothing lost, nothing injected: two tabs of the app sharing one storage, and a browser that
refuses to save. CPython tests of the shell with two ``App`` instances over one ``DictStore``
(each is a tab with its own id) and with a store whose writes throw, as localStorage does when
it is full or in private mode."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from app import settings as cfg
from app import storage as g
from app.messages import BotTurn, Event, ThinkRequest
from app.seated import seats as st
from app.storage import DictStore
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion.session import CODEC, Session, won
from helpers.shell import FakeEnv, boot, click, run_async, settle

PM = "perpetual-motion"

SAVE_KEY = g.save_key(PM)
RECORD_KEY = g.record_key(PM)


def pm_saves(store: g.Store) -> g.GameSaves[Session]:
    return g.GameSaves(store, PM, "Perpetual Motion", CODEC, won)


M = "machiavelli"
QUICK_WIN = 16557  # Perpetual Motion: won in 11 rounds


class RefusingStore(DictStore):
    """localStorage that turns full: once ``full``, every write throws (nothing changes)."""

    def __init__(self) -> None:
        super().__init__()
        self.full = False
        self.refusals = 0

    def set(self, key: str, value: str) -> None:
        if self.full:
            self.refusals += 1
            raise g.StoreRefused("QuotaExceededError")
        super().set(key, value)

    def remove(self, key: str) -> None:
        if self.full:
            raise AssertionError(f"removed {key} while storage refuses writes")
        super().remove(key)


class SlowThinkEnv(FakeEnv):
    """A tab whose computers think until ``release`` is set (a computer turn in progress)."""

    def __init__(self, store: DictStore) -> None:
        super().__init__(store)
        self.release = asyncio.Event()

    async def think(self, request: ThinkRequest) -> str:
        if isinstance(request, BotTurn):
            await self.release.wait()
        return self.thinker.answer(request)


def storage_event(app: Any, key: str) -> None:
    """What bridge.js sends when another tab wrote ``key``."""
    app.handle(Event("storage", key=key))


def stamp(store: DictStore, key: str) -> tuple[int, str]:
    return g.stamp_of(store.get(key))


# --- two tabs --------------------------------------------------------------------------------


def test_pm_a_stale_tab_does_not_overwrite_the_newer_game_and_shows_it() -> None:
    async def run() -> None:
        store = DictStore()
        a, page_a, env_a = boot(store)
        env_a.go(f"#/{PM}/deal/5")
        await settle(a)
        b, page_b, env_b = boot(store)
        env_b.go(f"#/{PM}")
        await settle(b)
        assert b.tables[PM].shown.state == a.tables[PM].shown.state
        click(a, "deal")
        await settle(a)
        click(a, "deal")  # (one deal only would give tab B's Deal the very same position)
        await settle(a)
        newer = store.get(SAVE_KEY)
        rev, tab = stamp(store, SAVE_KEY)
        assert rev >= 2 and tab == a.store.tab
        # tab B missed the storage event: its Deal must not write over tab A's newer game
        click(b, "deal")
        await settle(b)
        assert store.get(SAVE_KEY) == newer
        assert b.tables[PM].shown.state == a.tables[PM].shown.state
        assert page_b.texts["pm-msg"] == g.OTHER_TAB
        # now up to date, tab B plays on and tab A hears of it at once
        click(b, "deal")
        await settle(b)
        assert stamp(store, SAVE_KEY)[0] > rev and stamp(store, SAVE_KEY)[1] == b.store.tab
        assert a.tables[PM].shown.state != b.tables[PM].shown.state
        storage_event(a, SAVE_KEY)
        await settle(a)
        assert a.tables[PM].shown.state == b.tables[PM].shown.state
        assert page_a.texts["pm-msg"] == g.OTHER_TAB
        assert f'data-testid="deck-count">{len(b.tables[PM].shown.state.deck)}<' in (
            page_a.regions["pm-controls"] + page_a.regions["pm-board"])
        # an event for what this tab already has changes nothing and says nothing
        page_a.texts["pm-msg"] = ""
        storage_event(a, SAVE_KEY)
        assert page_a.texts["pm-msg"] == ""
    run_async(run())


def test_pm_autoplay_in_the_stale_tab_stops_and_the_finished_game_is_counted_once() -> None:
    async def run() -> None:
        store = DictStore()
        a, _page_a, env_a = boot(store)
        env_a.go(f"#/{PM}/deal/{QUICK_WIN}")
        await settle(a)
        b, page_b, env_b = boot(store)
        env_b.go(f"#/{PM}")
        await settle(b)
        a.settings.put("speed", "instant")
        b.settings.put("speed", "instant")
        click(a, "autoplay")
        await settle(a)
        assert a.tables[PM].shown.over
        assert g.Record.load(store, PM).played == 1
        finished = store.get(SAVE_KEY)
        click(b, "autoplay")  # the stale tab plays the same deal from its start
        await settle(b)
        assert store.get(SAVE_KEY) == finished
        assert b.tables[PM].shown.state == a.tables[PM].shown.state
        assert not b.tables[PM].board.autoplay
        assert g.Record.load(store, PM).played == 1  # the finished deal is counted once
        assert page_b.texts["pm-msg"] == g.OTHER_TAB
    run_async(run())


def test_seated_a_stale_tab_does_not_overwrite_and_follows_the_newer_game() -> None:
    async def run() -> None:
        store = DictStore()
        a, _page_a, env_a = boot(store)
        env_a.go(f"#/{M}/deal/12?seats=you,beginner&variant=manipulation")
        await settle(a)
        b, page_b, env_b = boot(store)
        env_b.go(f"#/{M}")
        await settle(b)
        click(a, "m-draw")  # tab A: you draw, the computer plays
        await settle(a)
        ma = a.tables[M].match
        assert ma.actions >= 2 and ma.current == 0
        newer = store.get(g.save_key(M))
        click(b, "m-draw")  # tab B, stale: the same draw from the older position
        await settle(b)
        assert store.get(g.save_key(M)) == newer
        tb = b.tables[M]
        assert tb.match.state == ma.state and tb.match.actions == ma.actions
        assert tb.computers.runner is None and not b.tasks
        assert page_b.texts["mt-msg"] == g.OTHER_TAB
        assert [ln.text for ln in tb.match.log] == [ln.text for ln in ma.log]
    run_async(run())


def test_seated_a_computer_turn_in_the_stale_tab_stops() -> None:
    async def run() -> None:
        store = DictStore()
        a, _pa, env_a = boot(store)
        env_a.go(f"#/{M}/deal/4?seats=beginner,you&variant=manipulation")
        await settle(a)  # tab A: the computer (seat 0) played first
        ma = a.tables[M].match
        assert ma.current == 1
        # tab B opens the game as it was before (a copy from when the computer was to play)
        first = st.Match.new(ma.setup, ma.deal)
        store.set(g.save_key(M), json.dumps({**first.envelope(), "rev": 1, "tab": a.store.tab}))
        b, page_b, env_b = boot(env=SlowThinkEnv(store))
        env_b.go(f"#/{M}")
        await asyncio.sleep(0)
        tb = b.tables[M]
        assert tb.computers.runner is not None  # tab B's computer is thinking
        a.tables[M].save()  # tab A saves its game again (newer than B's copy)
        a_text = store.get(g.save_key(M))
        storage_event(b, g.save_key(M))
        assert tb.computers.runner is None and tb.follower
        env_b.release.set()
        await settle(b)
        assert store.get(g.save_key(M)) == a_text  # B's computer wrote nothing
        assert tb.match.state == ma.state and tb.computers.runner is None
        assert page_b.texts["mt-msg"] == g.OTHER_TAB
    run_async(run())


def test_seated_the_computers_play_on_in_the_tab_the_player_comes_back_to() -> None:
    async def run() -> None:
        store = DictStore()
        a, _pa, env_a = boot(store)
        env_a.go(f"#/{M}/deal/12?seats=you,beginner&variant=manipulation")
        await settle(a)
        b, _pb, env_b = boot(store)
        env_b.go(f"#/{M}")
        await settle(b)
        # tab A's person draws and tab A is closed before its computer plays
        ma = a.tables[M].match
        ma.apply_all([a.tables[M].game.parse_action("draw")])
        a.tables[M].save()
        storage_event(b, g.save_key(M))
        tb = b.tables[M]
        assert tb.follower and tb.computers.runner is None and tb.match.current == 1
        b.handle(Event("visible"))  # the player is back on tab B
        await settle(b)
        assert tb.match.current == 0 and tb.match.actions > ma.actions
        assert g.stamp_of(store.get(g.save_key(M)))[1] == b.store.tab
    run_async(run())


def test_pass_and_play_another_tab_shows_the_cover_not_the_hand() -> None:
    async def run() -> None:
        store = DictStore()
        a, _pa, env_a = boot(store)
        env_a.go(f"#/{M}/deal/5?seats=@Ana,@Bo&variant=manipulation")
        await settle(a)
        b, page_b, env_b = boot(store)
        env_b.go(f"#/{M}")
        await settle(b)
        click(a, "mt-take")
        click(a, "m-draw")
        await settle(a)
        click(a, "mt-take")  # Bo holds tab A's device: his hand is shown there
        assert json.loads(store.get(g.save_key(M)) or "{}")["shown"] == 1
        storage_event(b, g.save_key(M))
        screen = page_b.regions["screen"]
        assert "Pass to Bo" in screen and "data-card" not in screen
        assert b.tables[M].match.uncovered is None
        assert json.loads(store.get(g.save_key(M)) or "{}")["shown"] == 1  # nothing written
    run_async(run())


def test_records_of_two_tabs_add_up() -> None:
    store = DictStore()
    tab_a, tab_b = g.TabStore(store), g.TabStore(store)
    for tab, deal in ((tab_a, QUICK_WIN), (tab_b, QUICK_WIN)):
        s = pms.new_session(deal)
        while (action := pms.next_action(s)) is not None:
            pms.apply(s, action)
        pm_saves(tab).count(s)
        assert s.counted
    assert g.Record.load(store, PM).played == 2 and g.Record.load(store, PM).won == 2


def test_settings_changed_in_another_tab_are_taken_at_once() -> None:
    store = DictStore()
    a, _pa, env_a = boot(store)
    b, page_b, _eb = boot(store)
    env_a.go("#/settings")
    click(a, "toggle-setting", key="four_colour")
    assert cfg.load_settings(store).four_colour
    storage_event(b, cfg.SETTINGS_KEY)
    assert b.settings.four_colour
    assert page_b.batches[-1]["classes"]["four-colour"] is True


# --- storage full or refused ------------------------------------------------------------------


def test_refused_storage_is_told_once_play_goes_on_and_the_save_is_untouched() -> None:
    async def run() -> None:
        store = RefusingStore()
        app, page, env = boot(store)
        env.go(f"#/{PM}/deal/5")
        await settle(app)
        click(app, "deal")
        await settle(app)
        saved = store.get(SAVE_KEY)
        deck = len(app.tables[PM].shown.state.deck)
        store.full = True
        click(app, "deal")
        await settle(app)
        assert page.texts["pm-msg"] == g.REFUSED
        assert len(app.tables[PM].shown.state.deck) < deck  # played on, in memory
        assert store.get(SAVE_KEY) == saved and store.refusals >= 1
        click(app, "deal")
        await settle(app)
        assert page.texts["pm-msg"] != g.REFUSED  # told once
        assert store.get(SAVE_KEY) == saved
        env.go("#/")
        assert g.REFUSED in page.regions["screen"]  # and on the home screen
        # a seated game and the settings go on too, without a word more
        env.go(f"#/{M}/deal/12?seats=you,beginner&variant=manipulation")
        await settle(app)
        click(app, "m-draw")
        await settle(app)
        assert app.tables[M].match.actions >= 2
        assert store.get(g.save_key(M)) is None
        env.go("#/settings")
        click(app, "toggle-setting", key="four_colour")
        assert app.settings.four_colour and cfg.SETTINGS_KEY not in store.data
        assert store.get(SAVE_KEY) == saved
    run_async(run())


def test_a_finished_game_is_counted_once_its_record_is_kept() -> None:
    store = RefusingStore()
    tab = g.TabStore(store)
    s = pms.new_session(QUICK_WIN)
    while (action := pms.next_action(s)) is not None:
        pms.apply(s, action)
    store.full = True
    pm_saves(tab).count(s)
    assert not s.counted and RECORD_KEY not in store.data
    store.full = False
    pm_saves(tab).count(s)
    assert s.counted and g.Record.load(store, PM).played == 1
    pm_saves(tab).count(s)
    assert g.Record.load(store, PM).played == 1


def test_an_unreadable_save_stays_put_when_it_cannot_be_set_aside() -> None:
    store = RefusingStore()
    store.set(SAVE_KEY, "{not json")
    store.set(g.save_key(M), "[]")
    store.full = True
    app, page, _env = boot(store)
    assert store.get(SAVE_KEY) == "{not json" and store.get(g.save_key(M)) == "[]"
    assert "stays where it was" in page.regions["screen"]
    assert app.tables[PM].shown is None


def test_an_import_in_one_tab_is_taken_by_the_other_not_overwritten() -> None:
    from helpers.backup import export, import_file, played_store

    async def run() -> None:
        _name, text, _said = export(played_store())
        store = DictStore()
        a, _pa, env_a = boot(store)
        env_a.go(f"#/{PM}/deal/9")
        await settle(a)
        click(a, "deal")
        await settle(a)
        b, _pb, env_b = boot(store)
        env_b.go(f"#/{PM}")
        await settle(b)
        # tab B imports the file over tab A's deal (Replace)
        env_b.go("#/settings")
        import_file(b, text)
        click(b, "import-replace")
        imported = store.get(SAVE_KEY)
        assert pms.deal_of(b.tables[PM].shown) == 5
        assert stamp(store, SAVE_KEY)[1] == b.store.tab
        # tab A, even without the storage event, does not write its deal over the import
        click(a, "deal")
        await settle(a)
        assert store.get(SAVE_KEY) == imported
        assert pms.deal_of(a.tables[PM].shown) == 5
    run_async(run())


def shown(page: Any) -> str:
    """Every region of the page as last drawn."""
    return "".join(page.regions.values())


def test_pass_and_play_a_hand_left_on_show_is_covered_again() -> None:
    """A person took the device and left their hand on show: going home and back, or the app
    started again, shows the cover, never that hand, to whoever holds the device now."""
    async def run() -> None:
        store = DictStore()
        a, page_a, env_a = boot(store)
        env_a.go(f"#/{M}/deal/5?seats=@Ana,@Bo&variant=manipulation")
        await settle(a)
        click(a, "mt-take")
        await settle(a)
        assert 'data-testid="m-hand"' in shown(page_a)
        env_a.go("#/")
        await settle(a)
        page_a.regions.clear()  # only what is drawn from now on
        env_a.go(f"#/{M}")
        await settle(a)
        assert 'data-testid="cover"' in shown(page_a)
        assert 'data-testid="m-hand"' not in shown(page_a)
        click(a, "mt-take")
        await settle(a)
        b, page_b, _env_b = boot(store, f"#/{M}")  # the app started again
        await settle(b)
        assert 'data-testid="cover"' in shown(page_b)
        assert 'data-testid="m-hand"' not in shown(page_b)
    run_async(run())
