"""What the table-of-phones browser tests (tests/net/) check on every phone: a guest's page
holds only its own hand and the table, every view the host sent went to its own seat, and the
host's game is the seeded game one device plays."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from app.seated.seats import Setup

from engine.registry import get_game
from engine.seats import deal_seeded
from scripts.lib.pages import idle
from scripts.lib.phones import sent, sent_views

M = "machiavelli"
GAME: Any = get_game(M)


def wait_all(pages: dict[int, Any]) -> None:
    """Every phone idle, the host having heard and handled every message a guest sent it, and
    every guest's page showing the last view the host sent it. (A guest's tap is handled on its
    own phone before its message reaches the host, which is then idle with the tap still on its
    way: its state, and the views it sends, are not yet the tap's.)"""
    for page in pages.values():
        idle(page)
    host = pages[0]
    seats = links_of(host)
    link_of = {seat: link for link, seat in seats.items()}  # a seat's latest link
    for seat, page in pages.items():
        if seat in link_of:
            told: int = page.evaluate("window.netSent.length")
            host.wait_for_function("([link, n]) => (window.netHeard[link] || 0) >= n",
                                   arg=[str(link_of[seat]), told], timeout=30_000)
    idle(host)
    last: dict[int, int] = {}  # seat -> the version of the last view sent to it
    for link, message in sent_views(host):
        last[seats[link]] = message["version"]
    for seat, version in last.items():
        if seat in pages:
            pages[seat].wait_for_function(
                "v => document.documentElement.dataset.version === String(v)", arg=version,
                timeout=30_000)
            idle(pages[seat])


def cards_in(page: Any, testid: str | None = None) -> Counter[str]:
    """The cards (``data-card``, a second copy's "-2" left off) in the page, or in its
    elements of ``testid``."""
    sel = "[data-card]" if testid is None else f"[data-testid={testid}][data-card]"
    keys: list[str] = page.evaluate(
        f"[...document.querySelectorAll('{sel}')].map(e => e.dataset.card)")
    return Counter(k.split("-")[0] for k in keys)


def check_guest_sees_only_its_own(page: Any, seat: int, state: Any) -> None:
    hand = Counter(str(c) for c in state.hands[seat])
    table = Counter(str(tc.card) for meld in state.table for tc in meld)
    shown = cards_in(page, "m-hand-card")
    # at the end the dock, the hand with it, gives way to the end card (its table says the
    # cards left in every hand)
    expected = Counter[str]() if state.status == "over" else hand
    assert shown == expected, f"seat {seat} ({state.status}): {dict(shown)}, holds {dict(hand)}"
    # (a hand card is drawn with its face inside it, both marked: compared as a set)
    assert set(cards_in(page)) <= set(hand + table), "a card the guest may not see is shown"


def check_sent(host: Any, seats_by_link: dict[int, int]) -> int:
    """Every view the host sent went to its own seat's link only; their number."""
    views = sent_views(host)
    for link, message in views:
        view = message["view"]
        assert view["player"] == seats_by_link[link]
        assert "hands" not in view and "deck" not in view
    return len(views)


def same_as_on_one_device(host: Any, game_id: str = M) -> None:
    """The host's game is the seeded game as one device plays it: its deal, dealt again from
    its number, with every move it kept applied again by the engine, is its final state (so
    nothing went astray on the way between the phones, a reload included)."""
    game: Any = get_game(game_id)
    data = json.loads(host.evaluate("k => localStorage.getItem(k)", f"tabletop.{game_id}.save"))
    state = deal_seeded(game, Setup.from_dict(data["setup"]).config(), data["deal"])
    assert data["moves"], "the host kept no moves"
    for move in data["moves"]:
        state = game.apply(state, game.parse_action(move))
    assert game.outcome(state) is not None
    assert game.state_to_dict(state) == data["state"]


def links_of(host: Any) -> dict[int, int]:
    """Each link's seat, from the welcomes the host sent."""
    out = {}
    for link, message in sent(host):
        if message.get("t") == "welcome":
            out[link] = message["seat"]
    return out
