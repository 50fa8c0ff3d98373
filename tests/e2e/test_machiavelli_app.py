"""Machiavelli in the browser, the way people use it: a watch link that plays the command line's
game, a whole game against a computer played by taps (following the Hint step by step),
pass-and-play with nothing of the next hand in the page, a reload in the middle of a turn, the
set-up, and the phone layout and axe-core checks in light and dark.

One phone-sized page is booted once for the module; the tests move through the app by links.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.browser import wait_ready
from helpers.machiavelli_taps import my_turn, play_turn_by_hint
from helpers.seated import add_axe, cards_of, fresh, message, phone_app, tap

from engine.seats import play_seeded
from scripts.lib.layout import assert_phone_shots, check_layout, new_shots
from scripts.lib.pages import HANDLED, go, idle

M = "machiavelli"


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[Any]:
    yield from phone_app(browser, site_url)


def settle(page: Any) -> None:
    """Wait until every event is handled and no computer turn or hint is running."""
    idle(page)


def hand(page: Any) -> list[str]:
    return cards_of(page, "m-hand-card")


def test_watch_link_plays_the_command_lines_game(app: Any) -> None:
    seats = ["standard", "beginner"]
    options = {"variant": "manipulation"}
    expected = play_seeded(M, 7, seats, options).to_dict()
    go(app, f"#/{M}/watch/7?seats={','.join(seats)}&variant=manipulation&speed=fastest")
    app.wait_for_function("document.documentElement.dataset.outcome !== undefined",
                          timeout=240_000)
    outcome = json.loads(app.evaluate("document.documentElement.dataset.outcome"))
    assert outcome["winners"] == expected["winners"]
    assert outcome["scores"] == expected["scores"]
    assert int(app.evaluate("document.documentElement.dataset.actions")) == expected["actions"]
    assert app.get_by_test_id("end").is_visible()
    assert len(app.get_by_test_id("log").locator("li").all()) > 0


def test_a_whole_game_against_a_computer_by_taps(app: Any) -> None:
    """A scripted player follows the Hint's plan, one tapped step at a time."""
    fresh(app, f"#/{M}/deal/11?seats=you,beginner&variant=manipulation")
    assert app.get_by_test_id("m-table").is_visible()
    laid_turns = 0
    for _ in range(400):
        if app.get_by_test_id("end").count():
            break
        if not my_turn(app):
            app.wait_for_function(
                "document.querySelector('[data-testid=m-table].live') || "
                "document.querySelector('[data-testid=end]')", timeout=120_000)
            continue
        laid_turns += play_turn_by_hint(app)
    assert app.get_by_test_id("end").is_visible()
    assert laid_turns > 0
    record = app.get_by_test_id("record").inner_text()
    assert "played 1" in record.replace("\n", " ") or "played" in record


def test_pass_and_play_hides_the_next_hand(app: Any) -> None:
    fresh(app, f"#/{M}/deal/5?seats=@Ana,@Bo&variant=manipulation")
    assert app.get_by_test_id("cover").is_visible()
    assert "Pass to Ana" in app.get_by_test_id("cover").inner_text()
    assert app.locator("[data-testid=m-hand-card]").count() == 0
    assert app.locator("[data-card]").count() == 0
    tap(app, "cover-go")
    assert len(hand(app)) == 7
    tap(app, "m-draw")
    cover = app.get_by_test_id("cover")
    assert cover.is_visible() and "Pass to Bo" in cover.inner_text()
    assert "Ana drew a card" in cover.inner_text()
    assert app.locator("[data-card]").count() == 0  # nothing of Bo's hand in the page
    tap(app, "cover-go")
    assert len(hand(app)) == 7


def test_a_refused_step_changes_nothing_and_reload_resumes_the_turn(app: Any) -> None:
    fresh(app, f"#/{M}/deal/3?seats=you,standard")
    before = hand(app)
    assert len(before) == 15
    # one card alone as a new meld is a step the engine allows (the table is then invalid)
    tap(app, "m-hand-card", 0)
    tap(app, "m-new")
    assert len(hand(app)) == 14
    tap(app, "m-end", force=True)  # an invalid table cannot end the turn: refused
    assert len(hand(app)) == 14
    assert "meld needs 3 cards" in message(app)
    tap(app, "m-undo")
    assert hand(app) == before
    tap(app, "m-hand-card", 0)
    tap(app, "m-new")
    app.reload()
    wait_ready(app)
    settle(app)
    assert len(hand(app)) == 14  # the turn resumed where it was
    tap(app, "m-reset")
    assert len(hand(app)) == 14  # Reset asks first (issue 35)
    tap(app, "m-reset-sure")
    assert hand(app) == before


def test_setup_starts_a_game_with_the_chosen_seats(app: Any) -> None:
    go(app, f"#/{M}/setup")
    assert app.get_by_test_id("setup").is_visible()
    app.get_by_test_id("seat-kind").nth(1).select_option("person")
    settle(app)
    name = app.get_by_test_id("seat-name")
    name.fill("<img src=x onerror=alert(1)>")
    name.dispatch_event("change")
    settle(app)
    app.get_by_test_id("opt-variant").select_option("manipulation")
    settle(app)
    tap(app, "setup-start")
    if app.get_by_test_id("confirm").count():  # a game in progress ends: asked first
        tap(app, "setup-start-anyway")
    app.wait_for_function("location.hash === '#/machiavelli'")
    settle(app)
    assert app.locator("img").count() == 0  # the name is never markup
    if app.get_by_test_id("cover").count():  # you and a person: pass-and-play
        tap(app, "cover-go")
    assert "<img src=x onerror=alert" in app.locator("#screen").inner_text()  # 24 characters


def test_keyboard(app: Any) -> None:
    fresh(app, f"#/{M}/deal/13?seats=you,beginner&variant=manipulation")
    by_suit = hand(app)
    before = app.evaluate(HANDLED)
    app.locator("body").press("s")  # sort by rank
    app.wait_for_function(f"n => ({HANDLED}) !== n", arg=before)
    assert sorted(hand(app)) == sorted(by_suit) and hand(app) != by_suit
    before = app.evaluate(HANDLED)
    app.locator("body").press("d")  # draw
    app.wait_for_function(f"n => ({HANDLED}) !== n", arg=before)
    settle(app)
    app.wait_for_function("document.querySelector('[data-testid=m-table].live')",
                          timeout=120_000)
    assert "You drew a card" in app.get_by_test_id("log").inner_text()
    assert len(hand(app)) == 8


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_phone_layout_and_axe(app: Any, scheme: str) -> None:
    shots = new_shots(f"machiavelli-setup-{scheme}", f"machiavelli-table-{scheme}")
    app.emulate_media(color_scheme=scheme)
    for name, hash_ in (("setup", f"#/{M}/setup"),
                        ("table", f"#/{M}/deal/21?seats=you,standard,strong")):
        if name == "table":
            fresh(app, hash_)
        else:
            go(app, hash_)
        check_layout(app, f"machiavelli-{name}-{scheme}")
        add_axe(app)
        result = app.evaluate("axe.run(document, {resultTypes: ['violations']})")
        bad = [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in result["violations"]]
        assert bad == [], f"{name} {scheme}: {bad}"
    app.emulate_media(color_scheme="light")
    assert_phone_shots(shots)  # check_layout's screenshots of both screens
