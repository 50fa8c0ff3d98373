"""Nothing injected, nothing lost, on the real page: hostile names on every screen of a
pass-and-play game, hostile and broken links, damaged saves in localStorage.

The CPython tests (tests/app/test_app_input_fuzz.py) try thousands of each through the app's own
paths; this checks in Chromium, under the app's Content-Security-Policy, that what they
produce stays text: no element or handler from the input in the DOM, no dialog, no console
error (conftest fails the test on any), and the app still works afterwards.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from app.seated import seats as st
from app.storage import save_key
from app.tables.perpetual_motion import session as pms
from helpers.browser import PHONE, boot_app
from helpers.hostile import HOSTILE, app_saves, damaged
from helpers.seated import tap

from engine.registry import get_game
from scripts.lib.pages import go, idle

NAMES = ["<img src=x onerror=f()>", "\u05e9\u05e8\u05d4 \u202eAna"]
# Anything the input could have made: elements and attributes the app never writes.
INJECTED = """() => [...document.querySelectorAll(
    'img, script:not([src]), iframe, object, embed, [onerror], [onload], [onfocus], [onclick],'
    + 'zqx, [zq], a[href^="javascript"]')].map(e => e.outerHTML.slice(0, 80))"""


@pytest.fixture()
def hostile_page(browser: Any, site_url: str) -> Any:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    page = boot_app(ctx, site_url)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.dialogs = dialogs
    yield page
    assert page.errors == [] and dialogs == []
    ctx.close()


def names_match(players: int, finish: bool) -> str:
    """A Perpetual-Motion Machine game of two people with hostile names, a few turns in (or
    played to its end), as the app saves it."""
    game = get_game("machine")
    setup = st.Setup("machine", tuple(st.Seat("person", n) for n in NAMES[:players]))
    m = st.Match.new(setup, 11)
    rng = random.Random(11)
    while m.actions < 12 or (finish and not m.over):
        legal = game.legal_actions(m.state)
        m.apply_all([legal[-1] if finish and rng.random() < 0.7 else rng.choice(legal)])
    return m.to_json()


def load_save(page: Any, key: str, text: str, hash_: str) -> None:
    """Put ``text`` in localStorage under ``key`` and start the app again at ``hash_``."""
    go(page, "#/")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, text])
    page.evaluate("h => history.replaceState(null, '', h)", hash_)  # no route event
    page.reload()
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=120_000)
    idle(page)


def text_of(page: Any) -> str:
    return str(page.evaluate("document.body.innerText"))


def test_hostile_names_are_text_on_cover_table_log_end_and_record(hostile_page: Any) -> None:
    page = hostile_page
    key = save_key("machine")
    load_save(page, key, names_match(2, finish=False), "#/machine")
    cover = page.get_by_test_id("cover")
    assert cover.count() == 1, text_of(page)
    assert any(n in cover.inner_text() for n in NAMES)
    assert page.evaluate(INJECTED) == []
    tap(page, "cover-go")
    assert page.get_by_test_id("cover").count() == 0
    shown = text_of(page)
    assert NAMES[0] in shown and NAMES[1].split()[0] in shown  # the table and its log
    assert "Ana" in shown and "\u202e" not in shown  # the override that would show "anA" went
    log = page.get_by_test_id("log").inner_text()  # told from the moves: the other by name
    assert any(n.split()[0] in log for n in NAMES) and "You" in log
    assert page.evaluate(INJECTED) == []
    # the same game at its end: the end screen and this device's record
    load_save(page, key, names_match(2, finish=True), "#/machine")
    end = page.get_by_test_id("end")
    assert end.count() == 1
    assert NAMES[0] in end.inner_text()
    assert page.get_by_test_id("record").count() == 1
    assert page.evaluate(INJECTED) == []
    # (the set-up, where names are typed, is checked by test_machiavelli_app.py)


LINKS = [
    *(f"#/{h}" for h in HOSTILE[:6]),
    "#/machiavelli/deal/7?seats=you,@%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E",
    '#/machine/deal/5?seats=you,@"><img src=x onerror=alert(1)>',
    "#/cube-farm/watch/1?seats=strong,strong&speed=<script>alert(1)</script>",
    "#/perpetual-motion/deal/%3Cimg%3E", "#/perpetual-motion/deal/99999999999999999999",
    "#/machiavelli/deal/5?seats=you,strong&v=2", "#/rules/<img src=x onerror=alert(1)>",
    "#/%E0%A4%A", "#/\u202e\u0645\u0631\u062d\u0628\u0627", "#/" + "x" * 5000,
]


def test_hostile_links_stay_text_and_the_app_goes_on(hostile_page: Any) -> None:
    page = hostile_page
    for link in LINKS:
        go(page, "#/about")
        go(page, link)
        idle(page)
        assert page.evaluate(INJECTED) == [], link
    notice = page.get_by_test_id("notice")
    assert notice.count() == 1 and "does not lead anywhere" in notice.inner_text()
    go(page, "#/machiavelli/deal/5?seats=you,strong&v=2")
    assert "newer version of the app" in page.get_by_test_id("notice").inner_text()
    # still working: a game opens
    go(page, "#/machine/deal/5?seats=you,strong&v=1")
    assert page.get_by_test_id("mt-share").count() == 1
    assert json.loads(page.get_by_test_id("mt-share").get_attribute("data-share-hash")
                      .split("v=")[1]) == 1


GAMES = ["perpetual-motion", "machiavelli", "machine", "cube-farm"]


def test_damaged_saves_are_set_aside_and_reported(hostile_page: Any) -> None:
    """Three rounds: every game's save damaged at once (cut short, nested 50,000 deep, a
    damage the engine refuses), then the app started again."""

    SAVE_KEY = save_key("perpetual-motion")

    page = hostile_page
    keys = {g: SAVE_KEY if g == "perpetual-motion" else save_key(g) for g in GAMES}
    broken: dict[str, list[str]] = {}
    for game_id in GAMES:
        rng = random.Random(f"browser:{game_id}")
        save = app_saves(game_id, 1, 5)[0]
        texts = [save[: len(save) // 2], "[" * 50_000 + "]" * 50_000]
        while len(texts) < 3:  # and one the engine refuses
            text, _what = damaged(save, rng)
            try:
                if game_id == "perpetual-motion":
                    pms.CODEC.read(text)
                else:
                    st.Match.from_json(text, game_id)
            except Exception:
                texts.append(text)
        broken[game_id] = texts
    for round_ in range(3):
        go(page, "#/")
        page.evaluate("""saves => { for (const [k, v] of saves) localStorage.setItem(k, v); }""",
                      [[keys[g], broken[g][round_]] for g in GAMES])
        page.reload()
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=120_000)
        idle(page)
        notice = page.get_by_test_id("notice").inner_text()
        for game_id in GAMES:
            name = get_game(game_id).info.name
            assert f"Your saved {name} game could not be read" in notice, (round_, name)
        aside = page.evaluate("""() => Object.keys(localStorage).filter(x => x.includes(
            '.unreadable.')).map(x => localStorage.getItem(x))""")
        assert sorted(aside) == sorted(broken[g][round_] for g in GAMES)
        assert page.evaluate(INJECTED) == []
        page.evaluate("() => { for (const k of Object.keys(localStorage)) "
                      "if (k.includes('.unreadable.')) localStorage.removeItem(k); }")
    # the app goes on: each game opens a new table
    for game_id in GAMES:
        go(page, f"#/{game_id}")
        idle(page)
        assert page.get_by_test_id("back").count() == 1
        assert "Something went wrong" not in text_of(page)
