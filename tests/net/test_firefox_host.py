"""A Firefox host (issue 46): Ana's phone, which hosts the table, is Firefox ESR; Bea's is
Chromium and Cal's another Firefox (each Firefox its own browser and profile,
scripts/lib/xbrowser.py). Both guests join by the codes alone, the answers pasted on the
Firefox host, and the three play a whole Machiavelli game by the Hint's steps (hands of 3, a
deal where Ana and Bea draw and Cal lays his whole hand: every phone takes a turn, and it is
short, three browsers running at once on the test machine). Each guest's page holds its own
hand only; every view the host sent went to its own seat; the game ends on every phone as the
seeded game does on one device; no console error in any browser. The join times are printed.
tests/net/test_firefox_guest.py has a Firefox guest at a Chromium host."""

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
def firefoxes(site_url: str) -> Iterator[tuple[Any, Any]]:
    """Ana's and Cal's phones: two Firefox ESR, the app booted; no console error at the end."""
    ana = firefox_phone(site_url)
    try:
        cal = firefox_phone(site_url)
    except BaseException:
        ana.close()
        raise
    try:
        yield ana, cal
        for name, page in (("Ana", ana), ("Cal", cal)):
            assert page.page.errors() == [], f"console errors in {name}'s Firefox"
    finally:
        ana.close()
        cal.close()


def test_a_firefox_host_plays_a_whole_game_with_a_chromium_and_a_firefox_guest(
        launch: Any, site_url: str, firefoxes: tuple[Any, Any]) -> None:
    host, cal = firefoxes
    bea = phone(launch(), site_url)
    host_game(host, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")],
              {"hand_size": "3"}, deal=342)
    joins = [invite(host, bea, 1, "Bea").seconds, invite(host, cal, 2, "Cal").seconds]
    print(f"\njoin at a Firefox host (answer pasted -> table shown), s: Chromium "
          f"{joins[0]:.2f}, Firefox {joins[1]:.2f}")
    pages = {0: host, 1: bea, 2: cal}
    for seat in (1, 2):
        assert pages[seat].get_by_test_id("m-hand-card").count() == 3
    turns = 0
    for _ in range(60):
        wait_all(pages)
        if host.get_by_test_id("end").count():
            break
        state = GAME.state_from_dict(saved_state(host, M))
        for seat in (1, 2):
            check_guest_sees_only_its_own(pages[seat], seat, state)
        page = pages[state.player]
        page.wait_for_function("!!document.querySelector('[data-testid=m-table].live')",
                               timeout=60_000)
        play_turn_by_hint(page)
        turns += 1
    wait_all(pages)
    assert turns >= 3  # every phone took a turn
    for seat, page in pages.items():
        assert page.get_by_test_id("end").count(), f"no end on seat {seat}'s phone"
    assert check_sent(host, links_of(host)) >= turns
    same_as_on_one_device(host)
