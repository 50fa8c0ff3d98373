"""Everyone can play (issue 45), what every table shares, in Chromium at 360 x 640, light and
dark, on one phone page (the computers and Play to the end at their fastest pace):

* axe-core finds nothing on each game's table at its start, after a refusal (an illegal tap,
  answered with its reason, which the page's one live region tells), a few moves in, and at
  its end; nor on the screens every player meets (home, settings, about, the statistics, each
  game's rules, set-up and daily screen);
* the end in view: the end of a game of each game (a seated game's played to its end in
  CPython, its save put in the browser's storage as the app writes it), of its daily deal and
  of its guided game has its ways on (Play again, Share; a guide's Play a real game and Again)
  inside the viewport and uncovered (the element at their centre is themselves), the dock
  given way; a daily deal's table says it is the daily deal and its Share shares the result.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app.storage.keys import SETTINGS_KEY, save_key
from helpers.browser import boot_app, wait_ready
from helpers.cube_farm_taps import in_view
from helpers.seated import axe_clean, axe_violations, message
from helpers.shell import saves

from scripts.lib.browser import PHONE
from scripts.lib.layout import TURNS, open_turn, wait_turn
from scripts.lib.pages import PM, go, idle, tap_el

SEATED = {
    "machiavelli": "#/machiavelli/deal/11?seats=you,beginner&variant=manipulation",
    "machine": "#/machine/deal/7?seats=you,beginner&max_rounds=3",
    "cube-farm": "#/cube-farm/deal/7?seats=you,beginner&hands=1",
}
GAMES = (PM, *SEATED)
PM_DEAL = 16557  # with Make moves myself on, the second row leaves forced moves waiting
DATE = "2026-12-02"  # the daily deals' date (the page's clock is fixed on it)
SCHEMES = ("light", "dark")
# what a game's end offers, to be in view: Play again (Perpetual Motion: Restart and New deal)
# and Share (a daily deal's: its result's); a guide's end: Play a real game and Again
END_WAYS = {PM: ("restart", "new-deal", "share"), **{g: ("mt-again", "mt-share") for g in SEATED}}
DAILY_WAYS = {PM: ("restart", "new-deal", "daily-end-share"),
              **{g: ("mt-again", "daily-end-share") for g in SEATED}}
GUIDE_WAYS = ("guide-play", "guide-again")
# inside the viewport, and the element itself at its centre and just inside the middle of each
# edge (not half under the dock; the corners are rounded)
CENTRE_JS = """(testid) => {
  const el = document.querySelector(`[data-testid=${testid}]`);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    return `outside the viewport: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`;
  }
  const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
  for (const [px, py] of [[x, y], [x, r.top + 3], [x, r.bottom - 3], [r.left + 3, y],
                          [r.right - 3, y]]) {
    const at = document.elementFromPoint(px, py);
    if (!at || !(at === el || el.contains(at))) {
      return `covered at ${[px, py].map(Math.round)} by ${at ? at.outerHTML.slice(0, 80) : '-'}`;
    }
  }
  return 'ok';
}"""
FOUND: dict[str, int] = {}  # violations per game, moment and scheme: printed at the end


@pytest.fixture(scope="module")
def page(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    ctx.clock.set_fixed_time(f"{DATE}T12:00:00")
    ctx.add_init_script(  # the fastest pace, for the computers and Play to the end (not in
        # the frames that have no storage)
        f"try {{ localStorage.setItem('{SETTINGS_KEY}', JSON.stringify(Object.assign("
        f"JSON.parse(localStorage.getItem('{SETTINGS_KEY}') || '{{}}'), {{speed: 'instant'}})))"
        " } catch (e) {}")
    yield boot_app(ctx, site_url)
    ctx.close()
    print("\naxe-core violations per game, moment and scheme:")
    for name, n in FOUND.items():
        print(f"  {name}: {n}")


def restore(page: Any, game_id: str, saved: dict[str, str]) -> None:
    """The page started again over ``saved`` (this device's storage), at ``game_id``'s table."""
    assert save_key(game_id) in saved
    go(page, "#/")
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }", saved)
    page.reload()
    wait_ready(page)
    go(page, f"#/{game_id}")


def axe_in_both(page: Any, name: str, found: dict[str, int]) -> None:
    """axe-core's violations in light and dark, counted in ``found`` and :data:`FOUND` under
    ``name`` and the scheme (asserted at the end of each test: every moment is seen first)."""
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        bad = axe_violations(page)
        found[f"{name} {scheme}"] = FOUND[f"{name} {scheme}"] = sum(n for _, n, _ in bad)
        if bad:
            print(f"{name} {scheme}: {bad}")
    page.emulate_media(color_scheme="light")


def assert_in_view(page: Any, name: str, testids: tuple[str, ...], dock: bool = True) -> None:
    """Each of ``testids`` inside the viewport and uncovered, light and dark; ``dock``: the
    table's dock gave way (no action of its own left)."""
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        for testid in testids:
            assert page.evaluate(CENTRE_JS, testid) == "ok", (name, scheme, testid)
        if dock:
            assert page.locator("#mt-dock [data-action]").count() == 0, (name, scheme)
    page.emulate_media(color_scheme="light")
    print(f"end in view: {name}: {', '.join(testids)} ok")


def refuse(page: Any, game_id: str) -> None:
    """An illegal tap, refused with its reason on the message line and in the live region."""
    if game_id == PM:  # manual moves: a forced move waits, Deal is refused
        tap_el(page, page.get_by_test_id("manual"))
        for _ in range(13):
            if not page.locator("#pm-deal.primary").count():
                break
            tap_el(page, page.get_by_test_id("deal"))
        tap_el(page, page.get_by_test_id("deal"))
        assert "forced move is pending" in message(page)
    elif game_id == "machiavelli":  # nothing laid: End turn says why
        tap_el(page, page.get_by_test_id("m-end"), force=True)
        assert "Not allowed" in message(page) or "refusal" in (
            page.get_by_test_id("message").get_attribute("class") or "")
    elif game_id == "machine":  # a pair another player took
        taken = page.locator("[data-testid=mm-pair].taken")
        tap_el(page, taken.first, force=True)
        assert "Not allowed: another player already chose" in message(page)
    else:  # a card onto the starting elevator's square
        tap_el(page, page.get_by_test_id("cf-hand-card").first)
        tap_el(page, in_view(page, page.locator(
            "#cf-svg [data-action=cf-sq][data-x='1'][data-y='0']").first))
        assert "cannot go there" in message(page)
    said = page.get_by_test_id("announce").text_content() or ""
    assert message(page).split(":")[0] in said, (message(page), said)


@pytest.mark.parametrize("game_id", GAMES)
def test_each_table_is_clean_from_its_start_to_its_end_which_is_in_view(
        page: Any, game_id: str) -> None:
    """Start, a refusal, a few moves in, the end: axe-core in light and dark at each, and the
    end's Play again and Share in view and uncovered."""
    live = TURNS[game_id][1]
    found: dict[str, int] = {}
    if game_id == PM:
        open_turn(page, PM, f"#/{PM}/deal/{PM_DEAL}")
    else:
        saved = saves(game_id, SEATED[game_id])
        open_turn(page, game_id, SEATED[game_id])
    axe_in_both(page, f"{game_id} start", found)
    refuse(page, game_id)
    axe_in_both(page, f"{game_id} refusal", found)
    if game_id == PM:  # the forced moves made by their Hint's taps, and two deals more
        for _ in range(8):
            if page.locator("#pm-deal.primary").count():
                break
            tap_el(page, page.get_by_test_id("hint"))
            src, dst = (page.locator(f".stack.hint-{k}").get_attribute("data-i")
                        for k in ("src", "dst"))
            tap_el(page, page.locator(f"#stack-{src}"))
            tap_el(page, page.locator(f"#stack-{dst}"))
        assert page.locator("#pm-deal.primary").count(), "the forced moves were not made"
        tap_el(page, page.get_by_test_id("manual"))
        for _ in range(2):
            tap_el(page, page.get_by_test_id("deal"))
    else:
        restore(page, game_id, saved["mid"])
        wait_turn(page, live)
    axe_in_both(page, f"{game_id} mid-game", found)
    if game_id == PM:
        tap_el(page, page.get_by_test_id("autoplay"))
    else:
        restore(page, game_id, saved["end"])
    page.wait_for_selector("[data-testid=end]", timeout=60_000)
    idle(page)
    # (Cube Farm keeps its dock at the end: it steps through the scoring; Perpetual Motion's
    # end is in its dock)
    assert_in_view(page, f"{game_id} end", END_WAYS[game_id],
                   dock=game_id in ("machiavelli", "machine"))
    axe_in_both(page, f"{game_id} end", found)
    assert {k: n for k, n in found.items() if n} == {}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_of_a_daily_deal_and_of_a_guide_is_in_view_and_clean(
        page: Any, game_id: str) -> None:
    """The daily deal's table says it is the daily deal; at its end Play again and the Share
    of the day's result are in view; a guide's end offers its ways on in view; axe-core finds
    nothing at either, light and dark."""
    found: dict[str, int] = {}
    if game_id == PM:
        go(page, "#/")
        go(page, f"#/{PM}/daily")
        tap_el(page, page.get_by_test_id("daily-play"))
        if page.get_by_test_id("daily-start-anyway").count():  # a game in progress
            tap_el(page, page.get_by_test_id("daily-start-anyway"))
        # the table says so where it is seen whole (the top bar's title is cut at 360 px)
        assert page.get_by_test_id("deal-number").inner_text().startswith("Daily deal #")
        tap_el(page, page.get_by_test_id("autoplay"))
    else:
        restore(page, game_id, saves(game_id, f"#/{game_id}", daily=DATE)["end"])
    page.wait_for_selector("[data-testid=daily-note]", timeout=60_000)
    idle(page)
    assert f"daily deal of {DATE}" in page.title().lower(), page.title()
    share = page.get_by_test_id("daily-end-share")
    assert share.get_attribute("data-share-what") == "result"
    assert page.locator("[data-share-what]:not([data-share-what=result])").count() == 0
    assert_in_view(page, f"{game_id} daily end", DAILY_WAYS[game_id], dock=False)
    axe_in_both(page, f"{game_id} daily end", found)
    go(page, "#/")
    go(page, f"#/{game_id}/learn")
    while page.locator("[data-testid=guide-skip], [data-testid=guide-next]").count():
        nxt = page.get_by_test_id("guide-next")
        tap_el(page, nxt if nxt.count() else page.get_by_test_id("guide-skip"))
    assert_in_view(page, f"{game_id} guide end", GUIDE_WAYS, dock=False)
    axe_in_both(page, f"{game_id} guide end", found)
    assert {k: n for k, n in found.items() if n} == {}


SCREENS = ["#/", "#/settings", "#/about", "#/stats"] + [
    f"#/{kind}/{g}" for g in GAMES for kind in ("rules",)] + [
    f"#/{g}/setup" for g in SEATED] + [f"#/{g}/daily" for g in GAMES]


def test_the_screens_everyone_meets_have_no_axe_violations(page: Any) -> None:
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        for hash_ in SCREENS:
            go(page, hash_)
            idle(page)
            axe_clean(page, f"{hash_} {scheme}")
    page.emulate_media(color_scheme="light")
