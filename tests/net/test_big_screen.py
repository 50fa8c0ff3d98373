"""The table itself on a big screen, and a watcher, over real WebRTC data channels on loopback
(issue 46, item 5): a laptop at 1280 x 800 hosts a Machiavelli game whose three seats are
phones (it sits in none: it is the table), the three people play it to its end on their phones
by the Hint's steps, and a fourth phone joins mid-game only to watch. After every action the
table's page draws no card of any hand (no hand at all, every ``data-card`` one of the table's),
and neither the table nor the watcher ever received a message holding a card of a hand: the
table hears only the phones' actions (hand positions, no cards), the watcher only public views.

``SHOTS_46=<folder>``: also screenshots of the big screen (mid-game and at the end) and of the
watcher (mid-game), light and dark.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from typing import Any

from helpers.machiavelli_taps import play_turn_by_hint
from helpers.table_of_phones import GAME, M, cards_in, check_guest_sees_only_its_own

from scripts.lib.pages import idle
from scripts.lib.phones import (
    BOOT_MS,
    PHONE,
    SPY,
    change,
    host_game,
    invite,
    phones,
    saved_state,
    sent,
    tap,
)

# every message a page hears, kept in order (window.netGot)
KEEP_GOT = """addEventListener('DOMContentLoaded', () => {
  const app = window.tabletop, tell = app.tell;
  window.netGot = [];
  app.tell = (ev) => {
    if (ev && ev.kind === "net" && ev.action === "message") window.netGot.push(ev.data.text);
    return tell(ev);
  };
});"""
BIG = {"viewport": {"width": 1280, "height": 800}, "has_touch": True,  # (a tablet, a touch laptop)
       "permissions": ["camera", "microphone"]}
TOKEN = re.compile(r"[0-9A-Za-z]+[♣♦♥♠]?")
SHOTS = os.environ.get("SHOTS_46", "")


def device(browser: Any, url: str, options: dict[str, Any]) -> Any:
    ctx = browser.new_context(**options)
    ctx.add_init_script(SPY)
    ctx.add_init_script(KEEP_GOT)
    page = ctx.new_page()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=BOOT_MS)
    return page


def watch(host: Any, tv: Any) -> None:
    """The host invites a watcher; ``tv`` opens the /watch link and answers; the host pastes."""
    tap(host, "watcher-invite")
    host.wait_for_selector("[data-testid=invite-link]", timeout=30_000)
    link = host.get_attribute("[data-testid=invite-link]", "value") or ""
    assert link.endswith("/watch"), link
    tv.evaluate("h => { location.hash = h; }", link.split("#", 1)[1])
    tv.wait_for_selector("[data-testid=join-go]", timeout=30_000)
    assert "watch" in (tv.get_by_test_id("join-words").text_content() or "")
    change(tv, "#net-name", "Tv")
    tap(tv, "join-go")
    tv.wait_for_selector("[data-testid=answer-code]", timeout=30_000)
    answer = tv.get_attribute("[data-testid=answer-code]", "value") or ""
    host.fill("#net-answer", answer)
    host.press("#net-answer", "Tab")
    tv.wait_for_function("location.hash.endsWith('/guest') && "
                         "!!document.querySelector('#mt-board [data-testid=m-table]')",
                         timeout=30_000)
    host.wait_for_selector("[data-testid=watchers-here]", timeout=30_000)
    idle(tv)
    idle(host)


def wait_seen(host: Any, pages: dict[int, Any], tv: Any | None) -> None:
    """Every page idle, the host having heard every message a phone sent it, and every phone
    (the watcher too) showing the last view the host sent it."""
    for page in (*pages.values(), *([tv] if tv is not None else [])):
        idle(page)
    links: dict[int, Any] = {}  # link -> its page
    for link, message in sent(host):
        if message.get("t") == "welcome":
            links[link] = pages[message["seat"]]
        elif message.get("t") == "watching" and tv is not None:
            links[link] = tv
    for link, page in links.items():
        told: int = page.evaluate("window.netSent.length")
        host.wait_for_function("([link, n]) => (window.netHeard[link] || 0) >= n",
                               arg=[str(link), told], timeout=30_000)
    idle(host)
    last: dict[int, int] = {}
    for link, message in sent(host):
        if message.get("t") == "view":
            last[link] = message["version"]
    for link, version in last.items():
        page = links[link]
        page.wait_for_function("v => document.documentElement.dataset.version === String(v)",
                               arg=version, timeout=30_000)
        idle(page)


def public_cards(state: Any) -> Counter[str]:
    return Counter(str(tc.card) for m in state.table for tc in m) + Counter(
        str(c) for c in state.helping if c is not None)


def check_public_page(page: Any, state: Any, who: str) -> None:
    """``page`` draws no hand, the table's cards and no other, and every seat's count."""
    assert page.get_by_test_id("m-hand-card").count() == 0, f"{who} draws a hand"
    drawn, shown = cards_in(page), public_cards(state)
    if state.status != "over":  # (the end's table says the cards left in every hand)
        assert set(drawn) == set(shown), f"{who} draws {dict(drawn)}, the table is {shown}"
    counts = page.evaluate("[...document.querySelectorAll('[data-testid=m-opponent]')]"
                           ".map(e => [e.dataset.seat, e.querySelector('.mt-opp-count')"
                           ".textContent])")
    assert counts == [[str(p), str(len(h))] for p, h in enumerate(state.hands)], (who, counts)


def check_heard(page: Any, state: Any, who: str, seen: set[str], public: bool) -> int:
    """Every message ``page`` heard: no card of a hand that the table never showed; a watcher
    heard public views only. Their number."""
    got: list[str] = page.evaluate("window.netGot")
    hidden = {str(c) for h in state.hands for c in h} - seen
    for text in got:
        message = json.loads(text)
        if public and message.get("t") == "view":
            assert message["public"] and message["view"]["player"] == -1, text[:200]
            assert message["view"]["hand"] == []
        leaked = set(TOKEN.findall(json.dumps(message, ensure_ascii=False))) & hidden
        assert not leaked, f"{who} heard {sorted(leaked)}: {text[:300]}"
    return len(got)


def shoot(page: Any, name: str) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        idle(page)
        page.screenshot(path=str(Path(SHOTS) / f"{name}-{scheme}.png"))
    page.emulate_media(color_scheme="light")


def test_a_big_screen_table_and_a_watcher_over_a_whole_machiavelli_game(
        launch: Any, site_url: str) -> None:
    browser = launch()
    host = device(browser, site_url, BIG)
    ana, bea, cal = phones(browser, site_url, 3)
    tv = device(browser, site_url, PHONE)
    host_game(host, M, [("phone", "Ana"), ("phone", "Bea"), ("phone", "Cal")],
              {"hand_size": "3"}, deal=7)
    pages = {0: ana, 1: bea, 2: cal}
    for seat, page in pages.items():
        invite(host, page, seat, ["Ana", "Bea", "Cal"][seat])
    seen: set[str] = set()  # every card the table has shown so far
    turns = checked = 0
    watching = False

    def check() -> None:
        nonlocal checked
        wait_seen(host, pages, tv if watching else None)
        state = GAME.state_from_dict(saved_state(host, M))
        seen.update(public_cards(state))
        check_public_page(host, state, "the table")
        check_heard(host, state, "the table", seen, public=False)
        if watching:
            check_public_page(tv, state, "the watcher")
            check_heard(tv, state, "the watcher", seen, public=True)
        if checked % 5 == 0:  # (each phone's own page: tests/net/test_table_of_phones.py)
            for seat, page in pages.items():
                check_guest_sees_only_its_own(page, seat, state)
        checked += 1

    for _ in range(200):
        if host.get_by_test_id("end").count():
            break
        if turns == 2 and not watching:  # a watcher comes mid-game
            watch(host, tv)
            watching = True
            check()
        if turns == 16:  # a few melds on the table
            shoot(host, "big-screen-1280x800-mid")
            shoot(tv, "watcher-360x640-mid")
        cur = GAME.state_from_dict(saved_state(host, M)).player
        page = pages[cur]
        page.wait_for_function("!!document.querySelector('[data-testid=m-table].live')",
                               timeout=60_000)
        play_turn_by_hint(page, check)
        turns += 1
    check()
    assert watching and turns > 3 and checked > turns
    for name, page in (("the table", host), ("the watcher", tv), *(
            (f"seat {s}", p) for s, p in pages.items())):
        page.wait_for_selector("[data-testid=end]", timeout=30_000)
        assert page.get_by_test_id("end").first.is_visible(), f"no end on {name}"
    assert tv.evaluate("window.netGot.length") > turns
    shoot(host, "big-screen-1280x800-end")
    shoot(tv, "watcher-360x640-end")
