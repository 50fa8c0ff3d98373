"""Cube Farm in the browser, the way people use it: a watch link that plays the command line's
game, a whole game against a computer laid by taps (a turned card, claims, the scoring at each
hand's end), a refused position that explains itself and changes nothing, pass-and-play with
nothing of the next hand in the page, a reload in the middle of a turn, the Hint, panning, and
the phone layout and axe-core checks in light and dark.

One phone-sized page is booted once for the module; the tests move through the app by links.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import (
    PHONE,
    ROOT,
    apply_update,
    ask_for_update,
    network_is_off,
    open_app,
    wait_ready,
    wait_service_worker,
)
from helpers.cube_farm_taps import (
    CENTRE_JS,
    hand,
    in_view,
    lay_a_card,
    my_turn,
    phase,
    wait_turn_or_end,
)
from helpers.seated import axe_clean, fresh, message, phone_app, tap

from engine.registry import get_game
from engine.seats import choose, deal_seeded, make_bots, play_seeded
from scripts.lib.layout import SHOTS, assert_phone_shots, check_layout, new_shots
from scripts.lib.pages import go, idle, tap_el

CF = "cube-farm"


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    yield from phone_app(browser, site_url)


def test_watch_link_plays_the_command_lines_game(app: Any) -> None:
    seats = ["beginner", "standard", "strong"]
    expected = play_seeded(CF, 7, seats, {"hands": 1}).to_dict()
    cli = subprocess.run([sys.executable, "-m", "engine", "play", CF, "--seed", "7", "--seats",
                          ",".join(seats), "--hands", "1", "--json"], capture_output=True,
                         text=True, check=True, cwd=ROOT)
    assert json.loads(cli.stdout) == expected
    go(app, f"#/{CF}/watch/7?seats={','.join(seats)}&hands=1&speed=fastest")
    app.wait_for_function("document.documentElement.dataset.outcome !== undefined",
                          timeout=240_000)
    outcome = json.loads(app.evaluate("document.documentElement.dataset.outcome"))
    assert outcome["winners"] == expected["winners"]
    assert outcome["scores"] == expected["scores"]
    assert int(app.evaluate("document.documentElement.dataset.actions")) == expected["actions"]
    assert app.get_by_test_id("end").is_visible()
    assert app.get_by_test_id("cf-scoring").is_visible()
    assert app.locator("#cf-svg .cf-walk").count() > 0  # the first player's walks are drawn


def test_a_whole_game_against_a_computer_by_taps(app: Any) -> None:
    fresh(app, f"#/{CF}/deal/11?seats=you,beginner&hands=2")
    assert app.get_by_test_id("cf-table").is_visible()
    turns = claims = scorings = 0
    for _ in range(200):
        if app.get_by_test_id("end").count():
            break
        if app.get_by_test_id("mt-next-hand").count():
            assert app.get_by_test_id("cf-scoring").is_visible()
            assert app.locator("#cf-svg .cf-walk").count() + app.locator(
                "[data-testid=cf-scoring] li").count() > 0
            if not scorings:
                SHOTS.mkdir(parents=True, exist_ok=True)
                app.get_by_test_id("cf-view").scroll_into_view_if_needed()
                app.screenshot(path=str(SHOTS / "cube-farm-scoring-light.png"))
                axe_clean(app, "scoring")
            tap(app, "cf-step")  # the second player's walks
            tap(app, "cf-step")  # the totals
            assert app.get_by_test_id("cf-totals").is_visible()
            scorings += 1
            tap(app, "mt-next-hand")
            continue
        if app.get_by_test_id("cf-deal").count():
            tap(app, "cf-deal")
            continue
        if not my_turn(app):
            wait_turn_or_end(app)
            continue
        if phase(app) == "place":
            lay_a_card(app, turn=turns == 0)
            turns += 1
            assert "Not allowed" not in message(app), message(app)
        elif phase(app) == "claim":
            cubs = app.locator("[data-testid=cf-claimable]")
            assert cubs.count() > 0
            tap_el(app, in_view(app, cubs.first))
            claims += 1
    assert app.get_by_test_id("end").is_visible()
    assert turns == 12 and claims > 0 and scorings == 1
    assert "played" in app.get_by_test_id("record").inner_text()
    # a claimed cubicle shows its walks when tapped, at any time
    mine = app.locator("[data-testid=cf-claimed]")
    assert mine.count() > 0
    # the whole floor is on show: the first tap zooms in there, the second one acts
    app.evaluate("() => { window.cubeFarmCam.cam.k = 0.5; window.cubeFarmCam.apply(); }")
    in_view(app, mine.first).tap()
    assert abs(app.evaluate("window.cubeFarmCam.cam.k") - 1) < 1e-6
    tap_el(app, in_view(app, mine.first))
    owner = int(mine.first.get_attribute("data-owner") or "0")
    if owner == 0:  # the first player's scoring is on show: its line lights up
        assert app.locator("[data-testid=cf-score-line][aria-pressed=true]").count() == 1
    else:
        assert "cubicle (outlined)" in message(app) and "=" in message(app)


def test_a_refused_position_says_why_and_changes_nothing(app: Any) -> None:
    fresh(app, f"#/{CF}/deal/3?seats=you,standard")
    before = hand(app)
    actions = app.evaluate("document.documentElement.dataset.actions")
    tap(app, "cf-hand-card", 0)
    # the starting elevator's own square: already built
    tap_el(app, in_view(app, app.locator(
        "#cf-svg [data-action=cf-sq][data-x='1'][data-y='0']").first))
    assert "cannot go there" in message(app) and "already built" in message(app)
    assert hand(app) == before
    assert app.evaluate("document.documentElement.dataset.actions") == actions
    assert app.get_by_test_id("cf-preview").count() == 0
    assert app.locator("#cf-svg .cf-lit").count() > 0  # the card is still picked


def advice_leads_to_a_claim() -> int:
    """A deal where the Strong computer's advice for the first card leaves a cubicle to claim
    (the app asks for the advice with the deal number and the actions so far)."""
    game = get_game(CF)
    for deal in range(1, 60):
        state = deal_seeded(game, game.config_from_dict({"players": 2}), deal)
        bot = make_bots(CF, ["strong"])[0]
        after = game.apply(state, choose(game, state, bot, deal, 0))
        if after.phase == "claim":
            return deal
    raise AssertionError("no such deal")


def test_hint_reload_and_undo(app: Any) -> None:
    fresh(app, f"#/{CF}/deal/{advice_leads_to_a_claim()}?seats=you,standard")
    before = hand(app)
    tap(app, "cf-hint")
    app.wait_for_function("/Strong computer would/.test(document.querySelector("
                          "'[data-testid=message]').textContent)", timeout=60_000)
    assert app.get_by_test_id("cf-preview").count() == 1
    tap(app, "cf-ok")  # lay what the Hint suggests
    assert len(hand(app)) == len(before) - 1
    assert phase(app) == "claim"
    tap(app, "cf-undo")  # take the card back before claiming
    assert sorted(hand(app)) == sorted(before) and phase(app) == "place"
    tap(app, "cf-hint")
    app.wait_for_function("document.querySelector('[data-testid=cf-preview]')",
                          timeout=60_000)
    tap(app, "cf-ok")
    app.reload()
    wait_ready(app)
    idle(app)
    assert phase(app) == "claim" and len(hand(app)) == len(before) - 1  # resumed mid-turn
    cubs = app.locator("[data-testid=cf-claimable]")
    assert cubs.count() > 0
    label = cubs.first.get_attribute("aria-label") or ""
    assert label.startswith("free cubicle on the ") and "steps from the elevator" in label
    claimed = app.locator("[data-testid=cf-claimed]").count()
    # the keyboard: a cubicle of the plan is focusable and Enter claims it
    before = app.evaluate("document.documentElement.dataset.handled || '0'")
    cubs.first.focus()
    app.keyboard.press("Enter")
    app.wait_for_function("n => (document.documentElement.dataset.handled || '0') !== n",
                          arg=before)
    idle(app)
    assert phase(app) == "place" or not my_turn(app)
    assert app.locator("[data-testid=cf-claimed]").count() > claimed


def test_pass_and_play_hides_the_next_hand(app: Any) -> None:
    fresh(app, f"#/{CF}/deal/5?seats=@Ana,@Bo")
    assert app.get_by_test_id("cover").is_visible()
    assert "Pass to Ana" in app.get_by_test_id("cover").inner_text()
    assert app.locator("[data-testid=cf-hand-card]").count() == 0
    tap(app, "cover-go")
    assert len(hand(app)) == 6
    lay_a_card(app)
    if phase(app) == "claim":
        tap(app, "cf-pass")
    cover = app.get_by_test_id("cover")
    assert cover.is_visible() and "Pass to Bo" in cover.inner_text()
    assert "Ana laid" in cover.inner_text()
    assert app.locator("[data-testid=cf-hand-card]").count() == 0
    assert app.locator("#cf-svg").count() == 0
    tap(app, "cover-go")
    assert len(hand(app)) == 6


def test_pan_and_zoom_move_one_transform(app: Any) -> None:
    fresh(app, f"#/{CF}/deal/8?seats=you,standard")
    t0 = app.evaluate("document.getElementById('cf-svg').style.transform")
    box = app.get_by_test_id("cf-view").bounding_box()
    cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    app.mouse.move(cx, cy)
    app.mouse.down()
    app.mouse.move(cx - 60, cy - 40, steps=6)
    app.mouse.up()
    t1 = app.evaluate("document.getElementById('cf-svg').style.transform")
    assert t1 != t0
    assert app.evaluate("document.documentElement.dataset.actions") == "0"  # a drag is no tap
    app.get_by_test_id("cf-zoom-fit").tap()
    k = app.evaluate("window.cubeFarmCam.cam.k")
    assert 0 < k <= 1.6
    app.get_by_test_id("cf-zoom-in").tap()
    assert app.evaluate("window.cubeFarmCam.cam.k") > k
    x = app.evaluate("window.cubeFarmCam.cam.x")
    app.get_by_test_id("cf-view").focus()
    app.keyboard.press("ArrowLeft")
    assert app.evaluate("window.cubeFarmCam.cam.x") > x  # the plan moves, the page does not
    assert app.evaluate("document.documentElement.scrollWidth") <= 360
    # a pinch with two fingers zooms in
    app.evaluate("() => { window.cubeFarmCam.cam.k = 1; window.cubeFarmCam.apply(); }")
    k = app.evaluate("window.cubeFarmCam.cam.k")
    cdp = app.context.new_cdp_session(app)

    def touch(kind: str, d: float) -> None:
        pts = [] if kind == "touchEnd" else [{"x": cx - d, "y": cy, "id": 1},
                                              {"x": cx + d, "y": cy, "id": 2}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": pts})

    touch("touchStart", 30)
    for d in range(35, 120, 5):
        touch("touchMove", d)
    touch("touchEnd", 0)
    app.wait_for_function("k => window.cubeFarmCam.cam.k > k * 1.5", arg=k)
    assert app.evaluate("document.documentElement.dataset.actions") == "0"


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_layout_and_axe(app: Any, scheme: str) -> None:
    shots = new_shots(f"cube-farm-setup-{scheme}", f"cube-farm-table-{scheme}")
    app.emulate_media(color_scheme=scheme)
    for name, hash_ in (("setup", f"#/{CF}/setup"),
                        ("table", f"#/{CF}/deal/21?seats=you,standard,strong")):
        if name == "table":
            fresh(app, hash_)
            if app.locator("[data-testid=cf-hand-card][aria-pressed=true]").count() == 0:
                tap(app, "cf-hand-card", 0)  # a card picked: the lit places show
        else:
            go(app, hash_)
        check_layout(app, f"cube-farm-{name}-{scheme}")
        axe_clean(app, f"{name} {scheme}")
    app.emulate_media(color_scheme="light")
    assert_phone_shots(shots)  # check_layout's screenshots of both screens


@pytest.mark.console_errors("net::ERR_FAILED")  # network_is_off: a fetch that fails
def test_offline_play_and_an_update_mid_game_keep_the_game(browser: Any, tmp_path: Path,
                                                           built_site: Path) -> None:
    """After the first visit the table works offline (a card laid, a reload resumes it); a new
    version published mid-game is applied and the game goes on where it was."""
    from scripts.build_site import write_service_worker
    from scripts.serve import serve_in_thread

    live = tmp_path / "live"
    shutil.copytree(built_site, live)
    server, url = serve_in_thread(live)
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    try:
        page = ctx.new_page()
        open_app(page, url)
        wait_service_worker(page)
        ctx.set_offline(True)
        page.reload()
        wait_ready(page)
        assert network_is_off(page)
        go(page, f"#/{CF}/deal/6?seats=you,beginner")
        lay_a_card(page)
        cards, where = len(hand(page)), phase(page)
        assert cards == 5
        page.reload()
        wait_ready(page)
        idle(page)
        assert len(hand(page)) == cards and phase(page) == where
        ctx.set_offline(False)
        index = live / "index.html"
        index.write_text(index.read_text().replace("</body>", "<!-- v2 --></body>"))
        write_service_worker(live)
        ask_for_update(page)
        page.wait_for_function("window.pwa.updateReady === true", timeout=60_000)
        apply_update(page)
        wait_ready(page)
        idle(page)
        assert "<!-- v2 -->" in page.content()
        assert page.evaluate("location.hash").startswith(f"#/{CF}")
        assert len(hand(page)) == cards and phase(page) == where
    finally:
        ctx.set_offline(False)
        ctx.close()
        server.shutdown()


TURN_JS = """() => {
    const box = s => { const e = document.querySelector(s);
                       return e ? e.getBoundingClientRect().toJSON() : null; };
    const s = document.getElementById('cf-svg'), c = window.cubeFarmCam.cam;
    const v = box('#cf-view'), f = s.dataset.focus.split(',').map(Number);
    return {scroll: document.scrollingElement.scrollHeight, dock: box('.table-dock'),
            ok: box('[data-testid=cf-ok]'), hand: box('[data-testid=cf-hand]'),
            claimed: [...document.querySelectorAll('[data-testid=cf-claimed]')]
                .map(e => e.getBoundingClientRect().width),
            focus: [v.left + c.x + f[0] * c.k, v.top + c.y + f[1] * c.k], view: v};
}"""


FLIGHTS_JS = """() => {
    window.__flights = [];
    const seen = new Set();
    const tick = () => {
        for (const a of document.getAnimations()) {
            const el = a.effect && a.effect.target;
            if (!el || !el.dataset || !el.dataset.card || seen.has(a)) continue;
            seen.add(a);
            const r = el.getBoundingClientRect();
            const c = document.getElementById('cf-p1').getBoundingClientRect();
            window.__flights.push({card: el.dataset.card, at: [r.left, r.top],
                                   chip: [c.left, c.top]});
        }
        if (!window.__flightsDone) requestAnimationFrame(tick);
    };
    window.__flightsDone = false;
    requestAnimationFrame(tick);
}"""


def visible(r: dict[str, float]) -> bool:
    return r["top"] >= 0 and r["left"] >= 0 and r["bottom"] <= 640 and r["right"] <= 360


def test_a_turn_fits_the_phone_and_keeps_the_players_own_cubicles(app: Any) -> None:
    """At 360 x 640: the page never scrolls, the hand and Confirm are in view, the dock takes
    under half the height, claimed cubicles are 44 px targets, the view keeps the player's own
    card in sight while the computer plays, "My cubicles" brings them back, and at the whole
    floor's size a tap on a cubicle zooms in first."""
    app.emulate_media(reduced_motion="no-preference")
    fresh(app, f"#/{CF}/deal/7?seats=you,standard")
    for turn in range(3):
        assert my_turn(app) and phase(app) == "place"
        t = app.evaluate(TURN_JS)
        assert t["scroll"] <= 640, t
        assert visible(t["ok"]) and visible(t["hand"]), t
        assert t["dock"]["height"] <= 0.45 * 640, t
        assert all(w >= 44 for w in t["claimed"]), t
        assert app.evaluate("window.cubeFarmCam.cam.k") * 48 >= 44  # the app's own zoom
        if turn:  # the player's own last card, not the computer's, is in the view
            v = t["view"]
            assert v["left"] <= t["focus"][0] <= v["right"], t
            assert v["top"] <= t["focus"][1] <= v["bottom"], t
            assert app.locator("#cf-svg [data-card^='floor:']").count() == 0  # a person's turn
            assert app.locator("#cf-svg .cf-edge.marked").count() == 1  # the computer's card
        if turn == 1:  # zoomed in: the computer's card and stones fly from its name chip
            app.evaluate("() => { const c = window.cubeFarmCam; c.zoomAt(1.4, 150, 100); "
                         "c.apply(); }")
            app.evaluate(FLIGHTS_JS)
        lay_a_card(app)
        assert app.evaluate("document.scrollingElement.scrollHeight") <= 640
        if phase(app) == "claim" and my_turn(app):
            cubs = app.locator("[data-testid=cf-claimable]")
            assert all(cubs.nth(i).bounding_box()["width"] >= 44 for i in range(cubs.count()))
            tap_el(app, in_view(app, cubs.first))
        wait_turn_or_end(app)
        if turn == 1:
            flights = app.evaluate("window.__flightsDone = true, window.__flights")
            assert [f["card"].split(":")[0] for f in flights][:1] == ["floor"], flights
            for f in flights:  # each starts on the chip (measured at its first frame)
                assert abs(f["at"][0] - f["chip"][0]) < 12 and abs(f["at"][1] - f["chip"][1]) < 12
    assert app.locator("[data-testid=cf-claimed]").count() > 0
    # far away, then "My cubicles": the player's stones are in the view again
    app.evaluate("() => { const c = window.cubeFarmCam; c.cam.x -= 3000; c.apply(); }")
    app.get_by_test_id("cf-mine").tap()
    mine = app.locator("#cf-svg .cf-stone.p0")
    assert mine.count() > 0
    v = app.get_by_test_id("cf-view").bounding_box()
    for i in range(mine.count()):
        r = mine.nth(i).bounding_box()
        assert v["x"] <= r["x"] and r["x"] + r["width"] <= v["x"] + v["width"]
        assert v["y"] <= r["y"] and r["y"] + r["height"] <= v["y"] + v["height"]
    assert app.evaluate("window.cubeFarmCam.cam.k") * 48 >= 44
    # the whole floor, for looking: a tap on a cubicle zooms in there first, then it acts
    app.evaluate("() => { window.cubeFarmCam.cam.k = 0.3; window.cubeFarmCam.apply(); }")
    handled = app.evaluate("document.documentElement.dataset.handled")
    cub = app.locator("[data-testid=cf-claimed]").first
    cub.evaluate(CENTRE_JS)
    cub.tap()
    assert abs(app.evaluate("window.cubeFarmCam.cam.k") - 1) < 1e-6
    assert app.evaluate("document.documentElement.dataset.handled") == handled
    app.emulate_media(reduced_motion="reduce")
