"""Everyone can play (issue 45), what every table shares, in Chromium at 360 x 640:

* the end in view: a finished game of each seated game (played to its end in CPython, its save
  put in the browser's storage as the app writes it) opens on its end card, with Play again
  and Share inside the viewport and uncovered (the element at their centre is themselves),
  the dock given way, light and dark;
* axe-core finds nothing on the screens every player meets (home, settings, about, the
  statistics, each game's rules, set-up and daily screen), light and dark;
* a refusal is told by the page's one live region.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from app.storage import DictStore
from app.storage.keys import PREFIX, save_key
from helpers.browser import boot_app, wait_ready
from helpers.seated import axe_clean
from helpers.shell import boot, run_async, settle

from engine.seats import choose, make_bots
from scripts.lib.browser import PHONE
from scripts.lib.layout import open_turn
from scripts.lib.pages import go, idle, tap_el

SEATED = {
    "machiavelli": ("#/machiavelli/deal/11?seats=you,beginner&variant=manipulation",
                    "m-end"),
    "machine": ("#/machine/deal/7?seats=you,beginner&max_rounds=3", ""),
    "cube-farm": ("#/cube-farm/deal/7?seats=you,beginner&hands=1", ""),
}
CENTRE_JS = """(testid) => {
  const el = document.querySelector(`[data-testid=${testid}]`);
  if (!el) return 'missing';
  const r = el.getBoundingClientRect();
  if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) {
    return `outside the viewport: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`;
  }
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return at && (at === el || el.contains(at)) ? 'ok' :
    `covered by ${at ? at.outerHTML.slice(0, 80) : 'nothing'}`;
}"""


@pytest.fixture()
def page(browser: Any, site_url: str) -> Iterator[Any]:
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    yield boot_app(ctx, site_url)
    ctx.close()


def finished_save(game_id: str, address: str) -> dict[str, str]:
    """The storage of a device whose game of ``address`` was played to its end (the person's
    moves chosen as a Beginner would), as the app wrote it."""
    store = DictStore()
    out: dict[str, str] = {}

    async def run() -> None:
        app, _page, _env = boot(store, address)
        await settle(app)
        t: Any = app.tables[game_id]
        m = t.match
        game: Any = m.game
        bot = make_bots(game_id, ["beginner"])[0]
        for _ in range(3000):
            if m.over:
                break
            if t.hand_over is not None:
                t.core_taps.act_mt_next_hand(None)
            elif m.current == 0:
                t.moves.perform(m, 0, [choose(game, m.state, bot, 3, m.actions)], None, False)
            await settle(app)
        assert m.over, f"{game_id}: the game did not end"
        out.update(store.data)

    run_async(run())
    return out


@pytest.mark.parametrize("game_id", sorted(SEATED))
def test_a_finished_game_opens_on_its_end_with_play_again_and_share_in_view(
        page: Any, site_url: str, game_id: str) -> None:
    address, _ = SEATED[game_id]
    saved = finished_save(game_id, address)
    assert save_key(game_id) in saved
    go(page, "#/")
    page.evaluate("items => { for (const [k, v] of Object.entries(items)) "
                  "localStorage.setItem(k, v); }",
                  {k: v for k, v in saved.items() if k.startswith(PREFIX)})
    page.reload()
    wait_ready(page)
    go(page, f"#/{game_id}")
    page.wait_for_selector("[data-testid=end]", timeout=60_000)
    idle(page)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for testid in ("mt-again", "mt-share"):
            assert page.evaluate(CENTRE_JS, testid) == "ok", (game_id, scheme, testid)
        if game_id != "cube-farm":  # (its dock steps through the scoring at the end)
            assert page.locator("#mt-dock [data-action]").count() == 0  # the dock gave way
    page.emulate_media(color_scheme="light")


SCREENS = ["#/", "#/settings", "#/about", "#/stats"] + [
    f"#/{kind}/{g}" for g in ("perpetual-motion", *SEATED) for kind in ("rules",)] + [
    f"#/{g}/setup" for g in SEATED] + [f"#/{g}/daily" for g in ("perpetual-motion", *SEATED)]


def test_the_screens_everyone_meets_have_no_axe_violations(page: Any, site_url: str) -> None:
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for hash_ in SCREENS:
            go(page, hash_)
            idle(page)
            axe_clean(page, f"{hash_} {scheme}")
    page.emulate_media(color_scheme="light")


@pytest.mark.parametrize("game_id", sorted(SEATED))
def test_each_table_tells_a_refusal_in_the_live_region(
        page: Any, site_url: str, game_id: str) -> None:
    open_turn(page, game_id)
    refuse = {"perpetual-motion": None, **{g: SEATED[g][1] for g in SEATED}}[game_id]
    if refuse:
        tap_el(page, page.get_by_test_id(refuse), force=True)  # aria-disabled: it says why
        said = page.get_by_test_id("announce").text_content() or ""
        message = page.get_by_test_id("message").inner_text()
        assert message and message.split(":")[0] in said, (message, said)
