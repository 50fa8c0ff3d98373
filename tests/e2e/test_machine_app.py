"""Perpetual-Motion Machine in the browser, the way people use it: a watch link that plays the
command line's game, a whole game against a computer played by taps (following the Hint),
set-up choices refused when taken, a refused tap that explains itself and changes nothing,
pass-and-play with nothing of the next hand in the page, a reload in the middle of a turn, and
the phone layout and axe-core checks in light and dark.

One phone-sized page is booted once for the module; the tests move through the app by links.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import PHONE, ask_for_update, wait_ready
from helpers.machine_taps import follow_hint, hand, my_turn, phase, place, tap_sel, wait_turn
from helpers.seated import add_axe, fresh, message, phone_app, tap

from engine.seats import play_seeded
from scripts.lib.layout import assert_phone_shots, check_layout, new_shots
from scripts.lib.pages import go, idle

M = "machine"


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    yield from phone_app(browser, site_url)


def test_watch_link_plays_the_command_lines_game(app: Any) -> None:
    seats = ["standard", "beginner", "strong"]
    expected = play_seeded(M, 7, seats, {"max_rounds": 12}).to_dict()
    go(app, f"#/{M}/watch/7?seats={','.join(seats)}&max_rounds=12&speed=fastest")
    app.wait_for_function("document.documentElement.dataset.outcome !== undefined",
                          timeout=240_000)
    outcome = json.loads(app.evaluate("document.documentElement.dataset.outcome"))
    assert outcome["winners"] == expected["winners"]
    assert outcome["scores"] == expected["scores"]
    assert int(app.evaluate("document.documentElement.dataset.actions")) == expected["actions"]
    assert app.get_by_test_id("end").is_visible()
    assert len(app.get_by_test_id("log").locator("li").all()) > 0


def test_a_whole_game_against_a_computer_by_taps(app: Any) -> None:
    """A scripted player follows the Hint, one tapped step at a time, to the round limit."""
    fresh(app, f"#/{M}/deal/11?seats=you,beginner&max_rounds=6")
    assert app.get_by_test_id("mm-table").is_visible()
    done: list[str] = []
    for _ in range(200):
        if app.get_by_test_id("end").count():
            break
        if not my_turn(app):
            wait_turn(app)
            continue
        done.append(follow_hint(app))
    assert app.get_by_test_id("end").is_visible(), done
    assert any(h.startswith("setup") for h in done)
    assert len(done) >= 6, done  # set-up and at least one step in each of five rounds
    print("followed hints:", done)
    assert "played 1" in app.get_by_test_id("record").inner_text().replace("\n", " ")


def test_setup_refuses_a_pair_already_taken_and_a_refused_draw_changes_nothing(app: Any) -> None:
    fresh(app, f"#/{M}/deal/4?seats=you,standard")
    wait_turn(app)  # the Standard computer (last seat) placed its cubes first
    assert app.get_by_test_id("mm-setup-panel").is_visible()
    taken = app.locator("[data-testid=mm-pair].taken")
    assert taken.count() == 1
    assert "needs a different pair" in (taken.first.get_attribute("aria-label") or "")
    tracks = taken.first.get_attribute("data-tracks")
    tap_sel(app, f'[data-action=mm-pair][data-tracks="{tracks}"]', force=True)
    assert "Not allowed: another player already chose" in message(app)
    assert phase(app) == "setup"
    # a pair without the Flush track: no face-down cards yet
    place(app, "three straight")
    wait_turn(app)
    before = hand(app)
    tap(app, "mm-draw", force=True)
    assert "Not allowed: you may not draw face-down cards until your Flush track has a cube" \
        in message(app)
    assert hand(app) == before and phase(app) == "turn"
    # three cards that are not a set: Play explains and nothing changes
    for c in before[:3]:
        tap_sel(app, f'[data-testid=mm-hand-card][data-card="{c}"]')
    what = app.get_by_test_id("mm-what").inner_text()
    assert "Not a set" in what or "Three of a Kind" in what


def test_pass_and_play_hides_the_next_hand(app: Any) -> None:
    fresh(app, f"#/{M}/deal/5?seats=@Ana,@Bo")
    cover = app.get_by_test_id("cover")
    assert cover.is_visible() and "Pass to Bo" in cover.inner_text()  # the last seat sets up
    assert app.locator("[data-card]").count() == 0
    tap(app, "cover-go")
    assert len(hand(app)) == 3
    place(app, "flush full-house")
    cover = app.get_by_test_id("cover")
    assert cover.is_visible() and "Pass to Ana" in cover.inner_text()
    assert "Bo placed set-up cubes on Flush and Full House" in cover.inner_text()
    assert app.locator("[data-card]").count() == 0  # nothing of Ana's hand in the page
    tap(app, "cover-go")
    taken = app.locator('[data-testid=mm-pair][data-tracks="flush full-house"]')
    assert "Bo chose Flush + Full House" in (taken.get_attribute("aria-label") or "")


def test_reload_mid_turn_resumes(app: Any) -> None:
    fresh(app, f"#/{M}/deal/9?seats=you,standard")
    wait_turn(app)
    place(app, "flush flush")
    wait_turn(app)
    tap(app, "mm-draw")  # Flush value 2: one more face-down card may follow
    assert phase(app) == "taking"
    cards = hand(app)
    app.reload()
    wait_ready(app)
    idle(app)
    wait_turn(app)
    assert phase(app) == "taking" and hand(app) == cards
    assert "You drew 1 card face down" in app.get_by_test_id("mm-say").inner_text()


def test_offline_and_an_update_mid_game_keep_the_game(browser: Any, tmp_path: Any,
                                                       built_site: Any) -> None:
    """Installed once, the table works offline (reload included); a new version published
    mid-game is offered, applied, and the game goes on where it was."""
    import shutil

    from helpers.browser import apply_update, open_app, wait_service_worker

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
        go(page, f"#/{M}/deal/13?seats=you,beginner")
        wait_turn(page)
        place(page, "flush full-house")
        wait_turn(page)
        tap(page, "mm-draw")
        cards, ph = hand(page), phase(page)
        page.reload()  # offline: the saved game comes back
        wait_ready(page)
        idle(page)
        wait_turn(page)
        assert hand(page) == cards and phase(page) == ph
        ctx.set_offline(False)
        page.reload()  # back online, the app opened again; then a new version is published
        wait_ready(page)
        page.wait_for_function("window.pwa && window.pwa.registration", timeout=60_000)
        idle(page)
        index = live / "index.html"
        index.write_text(index.read_text().replace("</body>", "<!-- v2 --></body>"))
        write_service_worker(live)
        ask_for_update(page)
        page.wait_for_function("window.pwa.updateReady === true", timeout=60_000)
        apply_update(page)
        wait_ready(page)
        assert "<!-- v2 -->" in page.content()
        idle(page)
        wait_turn(page)
        assert hand(page) == cards and phase(page) == ph
    finally:
        ctx.set_offline(False)
        ctx.close()
        server.shutdown()


ONE_SCREEN = """() => {
    const H = window.innerHeight;
    const dock = document.querySelector('.table-dock').getBoundingClientRect();
    const out = [];
    for (const el of document.querySelectorAll(
            '#mt-dock button, #mt-dock [aria-pressed=true], #mt-msg')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        const name = el.dataset.testid || el.id;
        if (r.top < 0 || r.bottom > H + 0.5) out.push(`${name} ${r.top}..${r.bottom}`);
    }
    return {scroll: document.scrollingElement.scrollHeight, dock: dock.height, out};
}"""


def one_screen(page: Any, what: str, dock_share: float = 0.5) -> None:
    """The page does not scroll at 360 x 640; every button of the dock, the selected cards and
    the message are in view; the dock leaves the table at least half the screen."""
    got = page.evaluate(ONE_SCREEN)
    assert got["scroll"] <= 640, (what, got)
    assert got["out"] == [], (what, got)
    assert got["dock"] <= dock_share * 640, (what, got)


@pytest.mark.parametrize("seats", ["you,standard", "you,standard,standard"])
def test_a_turn_fits_one_screen(app: Any, seats: str) -> None:
    """Issue 21: at set-up and at the start of each turn the page fits 360 x 640; the cards
    selected and Trade and Play are on the screen together; an opponent's mat opens headed
    with their name; a face-down card drawn is marked in the hand."""
    fresh(app, f"#/{M}/deal/7?seats={seats}")
    wait_turn(app)
    assert phase(app) == "setup"
    one_screen(app, "set-up")
    assert app.get_by_test_id("mm-setup").is_visible()
    free = app.locator("[data-testid=mm-pair]:not(.taken)").all()
    tracks = next(t for t in (b.get_attribute("data-tracks") or "" for b in free)
                  if "flush" in t)
    place(app, tracks)
    wait_turn(app)
    assert phase(app) == "turn"
    one_screen(app, "a turn's start")
    for testid in ("mm-draw", "mm-trade", "mm-hint", "mm-hand-card", "mm-display"):
        assert app.get_by_test_id(testid).first.is_visible(), testid
    for card in hand(app)[:3]:
        tap_sel(app, f'[data-testid=mm-hand-card][data-card="{card}"]')
    one_screen(app, "three cards selected", 0.55)
    assert app.locator("[data-testid=mm-hand-card][aria-pressed=true]").count() == 3
    assert app.get_by_test_id("mm-play").first.is_visible()
    tap(app, "mm-clear")
    name = app.locator("[data-testid=mm-opp] .mm-opp-name").first.inner_text()
    tap(app, "mm-opp")
    assert app.get_by_test_id("mm-oppmat").locator("h2").inner_text() == f"{name}’s mat"
    one_screen(app, "an opponent's mat open")
    tap(app, "mm-oppmat-close")
    before = set(hand(app))
    tap(app, "mm-draw")
    new = [c for c in hand(app) if c not in before]
    assert len(new) == 1
    card = app.locator(f'[data-testid=mm-hand-card][data-card="{new[0]}"] .card')
    assert "fresh" in (card.get_attribute("class") or "")
    if app.get_by_test_id("mm-stop").count():
        tap(app, "mm-stop")
    if phase(app) == "discarding":
        tap_sel(app, "[data-testid=mm-hand-card]")
        tap(app, "mm-discard")
    wait_turn(app)
    one_screen(app, "the next turn's start")
    app.screenshot(path=f"/tmp/machine-e2e-{len(seats.split(','))}p.png")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_layout_and_axe(app: Any, scheme: str) -> None:
    shots = new_shots(f"machine-setup-{scheme}", f"machine-table-{scheme}")
    app.emulate_media(color_scheme=scheme)
    for name, hash_ in (("setup", f"#/{M}/setup"),
                        ("table", f"#/{M}/deal/21?seats=you,standard,strong,beginner")):
        if name == "table":
            fresh(app, hash_)
            wait_turn(app)
            if app.get_by_test_id("mm-setup-panel").count():
                tap_sel(app, "[data-action=mm-pair]:not(.taken)")
                tap(app, "mm-setup")
                wait_turn(app)
            tap(app, "mm-aid")
            tap(app, "mm-opp")
            if hand(app):
                tap(app, "mm-hand-card")
        else:
            go(app, hash_)
        check_layout(app, f"machine-{name}-{scheme}")
        add_axe(app)
        result = app.evaluate("axe.run(document, {resultTypes: ['violations']})")
        bad = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
        assert bad == [], f"{name} {scheme}: {bad}"
    app.emulate_media(color_scheme="light")
    assert_phone_shots(shots)  # check_layout's screenshots of both screens
