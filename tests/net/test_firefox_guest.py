"""A Firefox guest at a Chromium host's table (issue 36): Bea's phone is Debian's Firefox ESR
(puppeteer-core over WebDriver BiDi, scripts/lib/xbrowser.py), Ana's is Chromium. Bea joins by
the codes alone (the join link opened in Firefox, her answer pasted on the host), and the two
play a whole Machiavelli game by the Hint's steps, Bea's turns tapped in Firefox with the same
helpers as the Chromium phones. Her page holds her own hand only; the game ends on both phones
as the seeded game does on one device (the host's moves, applied again by the engine to the
same deal, give the host's final state); no console error in either browser.

Firefox gathers loopback candidates only when loopback is allowed
(``media.peerconnection.ice.loopback``), candidates are addresses (not mDNS names) and the page
may use the camera or the microphone: otherwise it offers only the default route's address,
and this namespace has no route (as Chromium, see conftest.py; the prefs:
``scripts.lib.phones.FIREFOX_PHONE``). The one test of tests/net with two browsers at once:
the table it is about is made of two."""

from __future__ import annotations

from collections.abc import Iterator
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

from scripts.lib.phones import firefox_phone, host_game, invite, phone, saved_state


@pytest.fixture()
def firefox(site_url: str) -> Iterator[Any]:
    """Bea's phone: Firefox ESR, the app booted; no console error in it at the end."""
    guest = firefox_phone(site_url)
    try:
        yield guest
        assert guest.page.errors() == [], "console errors in Firefox"
    finally:
        guest.close()


def test_a_firefox_guest_joins_a_chromium_host_and_plays_to_the_end(
        launch: Any, site_url: str, firefox: Any) -> None:
    host, bea = phone(launch(), site_url), firefox
    host_game(host, M, [("you", "Ana"), ("phone", "Bea")], {"hand_size": "5"}, deal=3)
    invite(host, bea, 1, "Bea")
    assert bea.get_by_test_id("m-hand-card").count() == 5
    pages = {0: host, 1: bea}
    turns = 0
    for _ in range(300):
        wait_all(pages)
        if host.get_by_test_id("end").count():
            break
        state = GAME.state_from_dict(saved_state(host, M))
        check_guest_sees_only_its_own(bea, 1, state)
        page = pages[state.player]
        page.wait_for_function("!!document.querySelector('[data-testid=m-table].live')",
                               timeout=60_000)
        play_turn_by_hint(page)
        turns += 1
    wait_all(pages)
    assert turns > 2
    for seat, page in pages.items():
        assert page.get_by_test_id("end").count(), f"no end on seat {seat}'s phone"
    assert check_sent(host, links_of(host)) >= turns
    same_as_on_one_device(host)
