"""Everyone can play the Perpetual-Motion Machine (issue 45), in the real app in Chromium at
360 x 640:

* by the keyboard alone: a whole game against one Standard computer (three rounds) to its end,
  no click and no tap, the focus on a visible element inside the table after every key; the
  figures (key presses per action, median and worst) are printed;
* by a screen reader's means: the same kind of game driven only by roles and accessible names
  (``get_by_role``), learning what happened only from the page's live region; every turn of
  the computer is said (0 silent), and no sentence is said twice in a row (0 repeats);
* looked at: screenshots of a turn with the keyboard's focus in it and of the end.

The keyboard player follows the Hint (H), which selects the cards of a trade, a set or a
discard and chooses a set-up pair; what it advises is then done by keys: D, S, T, X, P, or
the arrows along the display to the card to take and Enter.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from helpers.seated import phone_app

from scripts.lib.keyboard import Keys, Listener, at, button, heard_turns, press, reach
from scripts.lib.layout import SHOTS, open_turn, wait_turn
from scripts.lib.pages import idle

LINK = "#/machine/deal/{deal}?seats=you,standard&max_rounds=3"
LIVE = "[data-testid=mm-table].live, [data-testid=end]"
TABLE = "[data-testid=mm-table]"


@pytest.fixture(scope="module")
def calm(browser: Any, site_url: str) -> Iterator[Any]:
    """A phone whose computers play at once (reduced motion: no pace between their steps),
    booted once for the module; each test plays a deal of its own."""
    yield from phone_app(browser, site_url)


def over(page: Any) -> bool:
    return bool(page.get_by_test_id("end").count())




def ask_hint(page: Any, keys: Keys) -> str:
    keys.press("h")
    page.wait_for_function(f"document.querySelector('{TABLE}[data-hint]')", timeout=60_000)
    idle(page)
    hint: str = page.evaluate(f"document.querySelector('{TABLE}').dataset.hint")
    return hint


def follow(page: Any, keys: Keys, hint: str) -> None:
    """Do what the Hint advises, by keys."""
    words = hint.split()
    head = words[0]
    if head == "setup":
        keys.press("p")  # the pair is chosen: Place
    elif head in ("draw", "stop", "trade", "discard"):
        keys.press({"draw": "d", "stop": "s", "trade": "t", "discard": "x"}[head])
    elif head == "take":
        reach(page, keys, f'[data-testid=mm-display][data-slot="{int(words[1]) - 1}"]')
        keys.press("Enter")
    elif head == "play":
        sel = f'[data-action=mm-play][data-kind="{words[1]}"]'
        if "on" in words:
            sel += f'[data-tracks="{words[words.index("on") + 1].replace("+", " ")}"]'
        if "pile" in words:
            sel += f'[data-pile="{words[words.index("pile") + 1]}"]'
        if at(page, sel) or page.locator(sel).first.get_attribute("aria-keyshortcuts") == "P":
            keys.press("Enter" if at(page, sel) else "p")
        else:
            reach(page, keys, sel)
            keys.press("Enter")
    else:
        raise AssertionError(f"an unknown hint: {hint}")


def test_a_whole_game_by_the_keyboard_alone(calm: Any) -> None:
    page = calm
    open_turn(page, "machine", LINK.format(deal=7))
    keys = Keys(page)
    keys.press("Tab")  # into the page (the focus starts on its body)
    # at set-up: the arrows move along the pairs, Enter chooses one, Escape takes it back
    reach(page, keys, "[data-testid=mm-pair]:not(.taken)")
    keys.press("ArrowRight")
    keys.press("Enter")
    assert page.locator("[data-testid=mm-pair][aria-pressed=true]").count() == 1
    assert at(page, "[data-testid=mm-pair]")  # the focus stays on what it pressed
    keys.press("Escape")
    assert page.locator("[data-testid=mm-pair][aria-pressed=true]").count() == 0
    keys.presses = 0  # (a look around, not an action)
    for turns in range(1, 300):
        wait_turn(page, LIVE)
        if over(page):
            break
        follow(page, keys, ask_hint(page, keys))
        keys.acted()
        if turns == 3 and not over(page) and page.locator(f"{TABLE}.live").count():
            # in the hand: arrows move, Enter selects, Escape clears, the focus stays
            reach(page, keys, "[data-testid=mm-hand-card]")
            keys.press("End")
            keys.press("Enter")
            assert page.locator("[data-testid=mm-hand-card][aria-pressed=true]").count() == 1
            keys.press("Escape")
            assert page.locator("[data-testid=mm-hand-card][aria-pressed=true]").count() == 0
            assert at(page, "[data-testid=mm-hand-card]:last-of-type, .mm-hli:last-child "
                            "[data-testid=mm-hand-card]")
            keys.presses = 0
    assert over(page), "the game did not end"
    assert at(page, "#end-title")
    assert keys.lost == [], keys.lost
    figures = keys.figures()
    print(f"\nThe Machine by keyboard: {figures['actions']:.0f} actions, key presses per "
          f"action median {figures['median']:.1f}, worst {figures['worst']:.0f} "
          f"({keys.per_action})")
    assert figures["worst"] <= 12, keys.per_action


# --- by roles, accessible names and the live region alone -----------------------------------

def heard_hint(listener: Listener, since: int) -> str:
    """The Hint the live region said since sentence ``since``."""
    for s in reversed(listener.heard()[since:]):
        if "Hint: the Strong computer would " in s:
            return s.split("Hint: the Strong computer would ", 1)[1]
    raise AssertionError(f"no hint said: {listener.heard()[since:]}")


def act_on(page: Any, advice: str) -> None:
    """Do what the Hint said, finding the control by its role and name."""
    if advice.startswith("place the set-up cubes"):
        press(page, button(page, "Place on "))
    elif advice.startswith("draw a face-down card"):
        press(page, button(page, "Draw"))
    elif advice.startswith("take the "):
        card = advice[len("take the "):].split(" from the display")[0]
        press(page, button(page, f"{card}, face up"))
    elif advice.startswith("stop taking"):
        press(page, button(page, "Stop taking"))
    elif advice.startswith("stop trading"):
        press(page, button(page, "Stop trading"))
    elif advice.startswith("trade the "):
        press(page, button(page, r"Trade \d+ cards? for"))
    elif advice.startswith("discard the "):
        press(page, button(page, r"Discard \d+ cards?"))
    elif advice.startswith("play "):
        # "play Full House, kings over fours on Full House[, 1 from the general pile]"
        kind = advice[5:].split(",")[0]
        where = re.split(r"[,.]", advice.split(" on ", 1)[1])[0].split(" and ")
        ways = page.get_by_role("button", name=re.compile(r"^Play.*: as ")).all()
        pile = re.search(r", (\d+) from the general pile", advice)
        for way in ways:
            name = way.get_attribute("aria-label") or ""
            on = name.count(" track: ") + name.count(" area: ") + name.count(": full")
            if (f"as {kind} on" in name and all(f" {t} " in name for t in where)
                    and on == len(where)
                    and (pile is None or f"({pile.group(1)} from the pile" in name)):
                press(page, way)
                return
        raise AssertionError(f"no Play button for {advice}: "
                             f"{[w.get_attribute('aria-label') for w in ways]}")
    else:
        raise AssertionError(f"an unknown hint: {advice}")


def test_a_whole_game_by_roles_names_and_what_is_said(calm: Any) -> None:
    page = calm
    listener = Listener(page)
    start = len(listener.heard())
    open_turn(page, "machine", LINK.format(deal=8))  # the computer's set-up is heard too
    for _ in range(300):
        wait_turn(page, LIVE)
        if over(page):
            break
        since = len(listener.heard())
        press(page, button(page, "Hint"))
        page.wait_for_function("n => (window.__heard || []).slice(n).some("
                               "s => s.includes('Hint: the Strong computer would'))",
                               arg=since, timeout=60_000)
        act_on(page, heard_hint(listener, since))
    assert over(page), "the game did not end"
    heard = listener.heard()[start:]
    turns = heard_turns(page, heard)
    log, theirs, silent, repeats = turns.log, turns.theirs, turns.silent, turns.repeats
    print("\n".join(["", "log:", *log, "", "heard:", *heard]))
    print(f"\nThe Machine by screen reader: {len(theirs)} turns of the computer, "
          f"{len(silent)} silent; {len(heard)} sentences said, {len(repeats)} repeated")
    assert theirs, log
    assert silent == [], (silent, heard)
    assert repeats == [], repeats
    # the end and its result were said; the player's own steps each said what they did
    assert any("win" in h.lower() or "lose" in h.lower() or "lost" in h.lower()
               for h in heard[-3:]), heard[-3:]
    assert any(h.startswith("You ") for h in heard), heard


# --- looked at ------------------------------------------------------------------------------

@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screenshots_of_a_turn_with_the_focus_and_of_the_end(calm: Any, scheme: str) -> None:
    page = calm
    page.emulate_media(color_scheme=scheme, reduced_motion="reduce")
    open_turn(page, "machine", LINK.format(deal=9 if scheme == "light" else 10))
    keys = Keys(page)
    keys.press("Tab")
    follow(page, keys, ask_hint(page, keys))  # the set-up
    wait_turn(page, LIVE)
    reach(page, keys, "[data-testid=mm-hand-card]")
    keys.press("ArrowRight")
    keys.press("Enter")
    keys.press("ArrowRight")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"machine-keyboard-turn-{scheme}.png"))
    ring = page.evaluate("""() => {
      const a = document.activeElement, r = a.getBoundingClientRect();
      const cs = getComputedStyle(a);
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {outline: cs.outlineStyle, width: cs.outlineWidth, top: r.top, bottom: r.bottom,
              over: !!hit && (hit === a || a.contains(hit))};
    }""")
    assert ring["outline"] != "none" and ring["over"], ring  # a ring, on top, in view
    assert ring["top"] >= 0 and ring["bottom"] <= 640, ring
    keys.press("Escape")
    for _ in range(300):
        wait_turn(page, LIVE)
        if over(page):
            break
        follow(page, keys, ask_hint(page, keys))
    assert over(page)
    page.screenshot(path=str(SHOTS / f"machine-keyboard-end-{scheme}.png"))
    for testid in ("end", "new-game"):
        el = page.get_by_test_id(testid)
        if el.count():
            box = el.first.bounding_box()
            assert box is not None and box["y"] + box["height"] <= 640, (testid, box)
