"""A table of phones in Chromium over real WebRTC data channels on this machine's loopback
(issue 36): three phones (browser contexts) play a whole Machiavelli game, each person on
their own phone by the Hint's steps, the guests joined by the codes alone (the join link, the
answer pasted; one guest's answer scanned by the host's fake camera). After every action no
card of another seat's hand is in a guest's page, and every message the host sent a guest is
that guest's own view; a guest's reload mid-game rejoins its seat with new codes and the game
goes on to its end on every phone, as the seeded game does on one device. Three phones play a
whole Machine game (with a computer) and a Cube Farm hand the same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from helpers.machiavelli_taps import play_turn_by_hint
from helpers.table_of_phones import (
    GAME,
    M,
    check_guest_sees_only_its_own,
    check_sent,
    links_of,
    same_as_on_one_device,
    wait_all,
)

from engine.registry import get_game
from scripts.lib.pages import tap_el
from scripts.lib.phones import (
    host_game,
    invite,
    phones,
    qr_video,
    saved_state,
    tap,
)


@pytest.fixture()
def scanning(launch: Any, tmp_path_factory: pytest.TempPathFactory
             ) -> tuple[Any, Callable[[str], None]]:
    """Chromium whose fake camera films a file the test writes (a guest's answer QR code)."""
    film = qr_video(tmp_path_factory.mktemp("camera") / "answer.y4m", "not yet")
    browser = launch("--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream",
                     f"--use-file-for-fake-video-capture={film}")

    def show(text: str) -> None:
        qr_video(film, text)

    return browser, show


def test_a_whole_machiavelli_game_on_three_phones(scanning: tuple[Any, Any],
                                                   site_url: str) -> None:
    browser, show = scanning
    host, bea, cal = phones(browser, site_url, 3)
    host_game(host, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")],
              {"hand_size": "5"}, deal=7)
    invite(host, bea, 1, "Bea")
    invite(host, cal, 2, "Cal", scan=show)  # the answer scanned by the host's camera
    pages = {0: host, 1: bea, 2: cal}
    assert bea.get_by_test_id("m-hand-card").count() == 5  # her own hand, on her phone
    assert cal.get_by_test_id("m-hand-card").count() == 5
    reloaded = False
    turns = checked = 0

    def check_guests() -> None:  # after every action: each guest's page holds its own only
        nonlocal checked
        wait_all(pages)
        state = GAME.state_from_dict(saved_state(host, M))
        for seat in (1, 2):
            check_guest_sees_only_its_own(pages[seat], seat, state)
        checked += 1

    for _ in range(400):
        check_guests()
        if host.get_by_test_id("end").count():
            break
        cur = GAME.state_from_dict(saved_state(host, M)).player
        page = pages[cur]
        page.wait_for_function("!!document.querySelector('[data-testid=m-table].live')",
                               timeout=60_000)
        play_turn_by_hint(page, check_guests)
        turns += 1
        if turns == 4 and not reloaded:  # Bea's phone reloads mid-game: she rejoins
            reloaded = True
            bea.reload()
            bea.wait_for_function("document.documentElement.dataset.ready === '1'",
                                  timeout=120_000)
            host.wait_for_selector("[data-testid=phone-invite]", timeout=30_000)
            invite(host, bea, 1, "")
            assert bea.get_by_test_id("m-hand-card").count() == len(
                GAME.state_from_dict(saved_state(host, M)).hands[1])
    wait_all(pages)
    assert reloaded and turns > 4 and checked > 2 * turns
    for seat, page in pages.items():
        end = page.get_by_test_id("end")
        assert end.count() and end.first.is_visible(), f"no end on seat {seat}'s phone"
    assert check_sent(host, links_of(host)) > turns
    same_as_on_one_device(host)


def test_a_browser_without_data_channels_says_so_in_the_set_up(launch: Any,
                                                               site_url: str) -> None:
    browser = launch()
    ctx = browser.new_context(viewport={"width": 360, "height": 640})
    ctx.add_init_script("delete window.RTCPeerConnection;")
    page = ctx.new_page()
    page.goto(site_url + f"#/{M}/setup")
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=120_000)
    page.wait_for_selector("[data-testid=no-phones]", timeout=30_000)
    assert page.locator("#seat-kind-1 option[value=phone]").get_attribute("disabled") is not None


def test_a_whole_machine_game_on_three_phones_and_a_computer(launch: Any,
                                                             site_url: str) -> None:
    """The Perpetual-Motion Machine: the host, Bea and Cal on their phones and a computer the
    host's phone plays; the three people follow the Hint. A guest's page never holds another
    hand's card, and the game ends on every phone as the seeded game does on one device."""
    from helpers.machine_taps import follow_hint, hand

    game: Any = get_game("machine")
    browser = launch()
    host, bea, cal = phones(browser, site_url, 3)
    host_game(host, "machine", [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal"),
                                ("computer", "beginner")], {"max_rounds": "2"}, deal=5)
    invite(host, bea, 1, "Bea")
    invite(host, cal, 2, "Cal")
    pages = {0: host, 1: bea, 2: cal}
    followed = 0
    for _ in range(1000):
        wait_all(pages)
        if host.get_by_test_id("end").count():
            break
        state = game.state_from_dict(saved_state(host, "machine"))
        visible = {str(c) for c in state.display if c is not None} | {
            str(c) for c in state.discard}
        for seat in (1, 2):
            page = pages[seat]
            assert sorted(hand(page)) == sorted(str(c) for c in state.hands[seat])
            others = {str(c) for s, h in enumerate(state.hands) if s != seat for c in h}
            # (a card another person took from the face-up display is news to all: marked)
            shown = set(page.evaluate("[...document.querySelectorAll('[data-card]')]"
                                      ".filter(e => !e.classList.contains('mm-news-card'))"
                                      ".map(e => e.dataset.card)"))
            assert not (shown & others) - visible - set(hand(page)), "another hand's card"
        cur = game.current_player(state)
        if cur == 3:  # the computer, on the host's phone (read again in a moment)
            host.wait_for_timeout(200)
            continue
        page = pages[cur]
        page.wait_for_function("!!document.querySelector('[data-testid=mm-table].live')",
                               timeout=60_000)
        follow_hint(page)
        followed += 1
    wait_all(pages)
    assert followed > 6
    for page in pages.values():
        assert page.get_by_test_id("end").count(), "no end on a phone"
    assert check_sent(host, links_of(host)) >= followed // 2
    same_as_on_one_device(host, "machine")


def test_a_cube_farm_hand_on_three_phones(launch: Any, site_url: str) -> None:
    """Cube Farm: the host, Bea and Cal on their phones play a hand by taps (a card laid on a
    lit square, a cubicle claimed), its scoring shown on every phone, to the end as the seeded
    game does on one device. A guest's page holds its own hand only."""
    from helpers.cube_farm_taps import hand, in_view, lay_a_card, my_turn, phase

    game: Any = get_game("cube-farm")
    browser = launch()
    host, bea, cal = phones(browser, site_url, 3)
    host_game(host, "cube-farm", [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")],
              {"hands": "1"}, deal=11)
    invite(host, bea, 1, "Bea")
    invite(host, cal, 2, "Cal")
    pages = {0: host, 1: bea, 2: cal}
    laid = {0: 0, 1: 0, 2: 0}
    for _ in range(300):
        wait_all(pages)
        if host.get_by_test_id("end").count():
            break
        state = game.state_from_dict(saved_state(host, "cube-farm"))
        for seat in (1, 2):
            assert sorted(hand(pages[seat])) == sorted(str(c) for c in state.hands[seat])
        page = next((p for p in pages.values() if my_turn(p)), None)
        if page is None:
            for p in pages.values():  # a hand's end: its scoring's steps, Next hand, Deal
                for testid in ("cf-step", "mt-next-hand", "cf-deal"):
                    if p.get_by_test_id(testid).count():
                        tap(p, testid)
                        break
            host.wait_for_timeout(200)
            continue
        seat = next(s for s, p in pages.items() if p is page)
        if phase(page) == "place":
            lay_a_card(page)
            laid[seat] += 1
        elif phase(page) == "claim":
            cubs = page.locator("[data-testid=cf-claimable]")
            if cubs.count():
                tap_el(page, in_view(page, cubs.first))
            else:
                tap(page, "cf-pass")
    wait_all(pages)
    assert min(laid.values()) > 2
    for page in pages.values():
        assert page.get_by_test_id("end").count(), "no end on a phone"
    check_sent(host, links_of(host))
    same_as_on_one_device(host, "cube-farm")
