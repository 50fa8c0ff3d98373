"""The table frame at 360 x 640 (issue 21), for the four tables in light and dark: at the start
of the player's own turn (the Machine's: its set-up choice, and its first play turn too) the
page does not scroll, every control of the dock (the hand and the turn's actions), the message
line and the top bar are in view, every visible text passes WCAG AA contrast against its real
background, and no target of the table is under 44 x 44 CSS px. Per table, a refusal's
message is in view, and it is gone after the next action that succeeds. The home, settings,
rules and About screens pass contrast in light and dark.

One booted phone page per colour scheme (``color_scheme`` of its context), reused by every
test; the checks are the JavaScript of scripts/lib/layout.py.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from helpers.browser import PHONE, boot_app
from helpers.cube_farm_taps import CENTRE_JS
from helpers.seated import message, tap

from scripts.lib.layout import (
    TURNS,
    contrast,
    in_view,
    open_turn,
    out_of_view,
    small_targets,
    wait_turn,
)
from scripts.lib.pages import HANDLED, go, handled, idle, tap_el

SCHEMES = ("light", "dark")
GAMES = TURNS
# The table's targets: the top bar and the table screen (not an update bar or notice).
TABLE_SCOPE = "header.topbar, main"


@pytest.fixture(scope="module")
def pages(browser: Any, site_url: str) -> Iterator[dict[str, Any]]:
    """One booted page per colour scheme, made when first asked for."""
    made: dict[str, Any] = {}
    contexts: list[Any] = []

    class Pages(dict[str, Any]):
        def __missing__(self, scheme: str) -> Any:
            ctx = browser.new_context(**PHONE, reduced_motion="reduce", color_scheme=scheme)
            contexts.append(ctx)
            page = boot_app(ctx, site_url)
            page.opened = None  # the table last opened at the start of a turn
            self[scheme] = page
            made[scheme] = page
            return page

    yield Pages()
    for page in made.values():
        assert page.errors == []
    for ctx in contexts:
        ctx.close()


def open_once(page: Any, game: str) -> None:
    """The start of the player's turn at ``game``'s table (opened again only if the page has
    moved on since)."""
    if page.opened != game:
        open_turn(page, game)
        page.opened = game


def fmt(items: list[dict[str, Any]]) -> str:
    return "\n".join(str(i) for i in items)


# --- the start of a turn ----------------------------------------------------------------------

CASES = [(g, s, c) for g in GAMES for s in SCHEMES for c in ("fits", "contrast", "targets")]


@pytest.mark.parametrize(("game", "scheme", "check"), CASES,
                         ids=[f"{g}-{s}-{c}" for g, s, c in CASES])
def test_start_of_turn(pages: dict[str, Any], game: str, scheme: str, check: str) -> None:
    page = pages[scheme]
    open_once(page, game)
    if check == "fits":
        view = in_view(page)
        assert view["has_dock"], f"{game}: no .table-dock"
        assert view["controls"], f"{game}: no control in the dock"
        assert view["message"] is not None, f"{game}: no message line"
        m = view["message"]
        assert not m["rendered"] or m["in_view"], f"{game}: the message line is out of view {m}"
        bad = out_of_view(view)
        assert bad == [], f"{game} {scheme}: out of view at 360 x 640:\n" + "\n".join(bad)
    elif check == "contrast":
        c = contrast(page)
        assert c["checked"] > 0
        assert c["failures"] == [], (f"{game} {scheme}: lowest {c['lowest']}:\n"
                                     + fmt(c["failures"]))
    else:
        small = small_targets(page, TABLE_SCOPE)
        assert small == [], f"{game} {scheme}: targets under 44 x 44:\n" + fmt(small)


# --- a refusal, in view; gone after the next action that succeeds -----------------------------

def tap_sel(page: Any, selector: str, force: bool = False) -> None:
    tap_el(page, page.locator(selector).first, force)


def tap_first_free_pair(page: Any) -> None:
    """The Machine's set-up: the first pair not taken, then Place cubes (or, as before the
    frame, a tap on the pair alone)."""
    if page.locator("[data-action=mm-pair]").count():
        tap_sel(page, "[data-action=mm-pair]:not(.taken):not([aria-disabled=true])")
        tap_sel(page, "[data-action=mm-setup]:not([aria-disabled=true])")
    else:
        tap_sel(page, "[data-action=mm-setup]:not(.taken):not([aria-disabled=true])")


def cf_square(page: Any, selector: str, nth: int = 0) -> Any:
    """A square of the Cube Farm plan, panned into the middle of the view."""
    el = page.locator(selector).nth(nth)
    el.evaluate(CENTRE_JS)
    return el


def pm_stacks(page: Any) -> list[list[str]]:
    stacks: list[list[str]] = page.evaluate(
        "[...document.querySelectorAll('[data-action=stack]')].map(b => "
        "[...b.querySelectorAll('[data-card]')].map(c => c.dataset.card))")
    return stacks


def pm_forced(stacks: list[list[str]]) -> tuple[int, int] | None:
    first: dict[str, int] = {}
    for j, s in enumerate(stacks):
        if not s:
            continue
        r = s[-1][0]
        if r in first:
            return j, first[r]
        first[r] = j
    return None


def refuse_machiavelli(page: Any) -> Callable[[], None]:
    tap(page, "m-end", force=True)  # End turn with nothing laid

    def then() -> None:  # a card laid as a new meld (a step the engine allows)
        tap(page, "m-hand-card", 0)
        tap(page, "m-new")
    return then


def refuse_machine(page: Any) -> Callable[[], None]:
    # a pair already chosen
    tap_sel(page, "[data-action=mm-pair].taken, [data-action=mm-setup].taken", force=True)
    return lambda: tap_first_free_pair(page)


def refuse_cube_farm(page: Any) -> Callable[[], None]:
    tap(page, "cf-hand-card", 0)
    # the starting elevator's own square: already built
    tap_el(page, cf_square(page, "#cf-svg [data-action=cf-sq][data-x='1'][data-y='0']"))

    def then() -> None:  # a lit square: the card shown there
        lit = page.locator("#cf-svg .cf-lit")
        tap_el(page, cf_square(page, "#cf-svg .cf-lit", lit.count() // 2))
    return then


def refuse_perpetual_motion(page: Any) -> Callable[[], None]:
    if page.get_by_test_id("manual").get_attribute("aria-pressed") != "true":
        handled(page, page.get_by_test_id("manual").tap)
    for _ in range(13):  # deal rows until a forced move is waiting
        if pm_forced(pm_stacks(page)) is not None:
            break
        handled(page, page.get_by_test_id("deal").tap)
    move = pm_forced(pm_stacks(page))
    assert move is not None
    # refused: a forced move is pending (a disabled button would make no event)
    handled(page, lambda: page.get_by_test_id("deal").tap(force=True))

    def then() -> None:  # the forced move
        src, dst = move
        handled(page, page.get_by_test_id(f"stack-{src + 1}").tap)
        handled(page, page.get_by_test_id(f"stack-{dst + 1}").tap)
    return then


REFUSE: dict[str, Callable[[Any], Callable[[], None]]] = {
    "machiavelli": refuse_machiavelli, "machine": refuse_machine,
    "cube-farm": refuse_cube_farm, "perpetual-motion": refuse_perpetual_motion,
}


@pytest.mark.parametrize("game", list(GAMES))
def test_a_refusal_is_in_view_and_goes_after_the_next_action(pages: dict[str, Any],
                                                              game: str) -> None:
    page = pages["light"]
    open_turn(page, game)
    page.opened = None
    actions = page.evaluate("document.documentElement.dataset.actions")
    then = REFUSE[game](page)
    said = message(page).strip()
    assert said, f"{game}: the refusal says nothing"
    view = in_view(page)
    m = view["message"]
    assert m is not None and m["in_view"], f"{game}: the refusal is out of view: {m}"
    if game != "perpetual-motion":  # PM's dealing counts as actions
        assert page.evaluate("document.documentElement.dataset.actions") == actions
    before = page.evaluate(HANDLED)
    then()
    assert page.evaluate(HANDLED) != before
    idle(page)
    now = message(page)
    assert said not in now, f"{game}: the refusal is still said after a step that succeeded: {now}"


def test_machine_first_play_turn_fits(pages: dict[str, Any]) -> None:
    """The Machine's first turn after the set-up choice (the set-up is checked above)."""
    page = pages["light"]
    open_turn(page, "machine", "#/machine/deal/8?seats=you,standard")
    tap_first_free_pair(page)
    wait_turn(page, GAMES["machine"][1])
    page.opened = None
    bad = out_of_view(in_view(page))
    assert bad == [], "machine, first play turn:\n" + "\n".join(bad)
    assert small_targets(page, TABLE_SCOPE) == []


# --- the other screens ------------------------------------------------------------------------

SCREENS = {"home": "#/", "settings": "#/settings", "about": "#/about",
           "rules-machiavelli": "#/rules/machiavelli", "rules-machine": "#/rules/machine",
           "rules-cube-farm": "#/rules/cube-farm",
           "rules-perpetual-motion": "#/rules/perpetual-motion"}
SCREEN_CASES = [(n, s) for s in SCHEMES for n in SCREENS]


@pytest.mark.parametrize(("screen", "scheme"), SCREEN_CASES,
                         ids=[f"{n}-{s}" for n, s in SCREEN_CASES])
def test_screen_contrast(pages: dict[str, Any], screen: str, scheme: str) -> None:
    page = pages[scheme]
    go(page, SCREENS[screen])
    page.opened = None
    c = contrast(page)
    assert c["checked"] > 0
    assert c["failures"] == [], f"{screen} {scheme}: lowest {c['lowest']}:\n" + fmt(
        c["failures"])
