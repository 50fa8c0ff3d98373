"""Seats that belong to a table, Play again at the same table, and messages refused for the right
reason (issue 46), in Chromium over real WebRTC data channels on this machine's loopback.

Three phones: Ana hosts a Machiavelli table (hands of 3 cards, a deal where she lays her whole
hand at once) with Bea and Cal on their phones, joined by the codes alone. Ana's Hint ends the
game; her Play again deals the next game to the same phones, which show it without any
scanning. Then Ana hosts a Machine table for the same phones: Bea's phone, which sat at two
games of another table, joins it (before issue 46 it was refused: it sent its one token to
every table); Bea's phone opening the invitation meant for Cal's seat is refused, said in words
on both phones with the way out; Cal joins. Over Cal's real channel, messages at and just over
each of the protocol's limits are refused for their size (or, at the limit, for something
else), a 5,000-character action as too long. The join times (answer pasted → table shown) are
printed."""

from __future__ import annotations

import json
from typing import Any

from app.net.protocol import MAX_GUEST_MESSAGE, MAX_NAME_IN, MAX_TEXT, VERSION
from helpers.machiavelli_taps import play_turn_by_hint
from helpers.table_of_phones import GAME, M, check_guest_sees_only_its_own, wait_all

from scripts.lib.pages import idle
from scripts.lib.phones import change, host_game, invite, phones, saved_state, sent, tap

TOKEN = "T" * 24  # a seat token of the right form, none of this table's


def shows_table(page: Any, game: str) -> None:
    page.wait_for_function(f"location.hash === '#/{game}/guest' && "
                           "!!document.querySelector('#mt-board *')", timeout=30_000)
    idle(page)


def refusal(host: Any, guest: Any, message: dict[str, Any] | str) -> str:
    """``message`` (a raw text when not a dict) sent over the guest's last link, as its page
    sends any; the reason of the host's refusal of it."""
    text = message if isinstance(message, str) else json.dumps(
        message, separators=(",", ":"), ensure_ascii=False)
    link = sent(guest)[-1][0]
    before = len(sent(host))
    guest.evaluate("([link, text]) => window.tabletopNet.carry({op: 'send', link, text})",
                   [link, text])
    host.wait_for_function("n => window.netSent.slice(n).some(([, t]) => "
                           "t.includes('\"t\":\"refused\"'))", arg=before, timeout=30_000)
    [reason] = [m["reason"] for _, m in sent(host)[before:] if m.get("t") == "refused"][:1]
    return str(reason)


def act(*actions: str) -> dict[str, Any]:
    return {"v": VERSION, "t": "act", "token": TOKEN, "actions": list(actions), "seen": 0}


def sized(total: int) -> dict[str, Any]:
    """An act of ``total`` bytes, in actions of at most MAX_TEXT characters."""
    def size(m: dict[str, Any]) -> int:
        return len(json.dumps(m, separators=(",", ":")))

    message = act("")
    while size(message) + MAX_TEXT + 3 <= total:  # room for one more whole action
        message["actions"].insert(0, "x" * MAX_TEXT)
    message["actions"][-1] = "x" * (total - size(message))
    assert size(message) == total and len(message["actions"][-1]) <= MAX_TEXT
    return message


def test_a_phone_plays_three_tables_play_again_a_refused_join_and_sizes(
        launch: Any, site_url: str) -> None:
    host, bea, cal = phones(launch(), site_url, 3)
    host_game(host, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")],
              {"hand_size": "3"}, deal=275)
    joins = [invite(host, bea, 1, "Bea").seconds, invite(host, cal, 2, "Cal").seconds]
    pages = {0: host, 1: bea, 2: cal}
    play_turn_by_hint(host)  # Ana lays 3-4-5 of hearts: her hand is out, the game ends
    wait_all(pages)
    for seat, page in pages.items():
        assert page.get_by_test_id("end").count(), f"no end on seat {seat}'s phone"
    first = saved_state(host, M)

    # Play again: the next game on the same phones, no invitation, no scanning
    tap(host, "mt-again")
    wait_all(pages)
    state = GAME.state_from_dict(saved_state(host, M))
    assert state.status == "playing" and saved_state(host, M) != first
    assert host.get_by_test_id("phone-invite").count() == 0  # both phones are here
    assert host.get_by_test_id("phone-here").count() == 2
    for seat in (1, 2):
        page = pages[seat]
        assert page.evaluate("location.hash") == f"#/{M}/guest"
        assert not page.get_by_test_id("end").count()
        check_guest_sees_only_its_own(page, seat, state)
        assert page.get_by_test_id("m-hand-card").count() == 3

    # a table of another game: Bea's phone, which sat at two games of the first, joins it
    host_game(host, "machine", [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")])
    joins.append(invite(host, bea, 1, "").seconds)
    shows_table(bea, "machine")
    # Bea's phone opens the invitation meant for Cal: refused, in words, on both phones
    tap(host, "phone-invite")  # (Cal's: Bea's seat is here)
    host.wait_for_selector("[data-testid=invite-link]", timeout=30_000)
    link = host.get_attribute("[data-testid=invite-link]", "value") or ""
    bea.evaluate("h => { location.hash = h; }", link.split("#", 1)[1])
    bea.wait_for_selector("[data-testid=join-go]", timeout=30_000)
    idle(bea)
    tap(bea, "join-go")
    bea.wait_for_selector("[data-testid=answer-code]", timeout=30_000)
    change(host, "#net-answer", bea.get_attribute("[data-testid=answer-code]", "value") or "")
    why = "this phone sits in Bea's seat at this table, and the invitation is for Cal's"
    bea.wait_for_selector("[data-testid=join-problem]", timeout=30_000)
    host.wait_for_selector("[data-testid=invite-problem]", timeout=30_000)
    guest_says = bea.get_by_test_id("join-problem").inner_text()
    host_says = host.get_by_test_id("invite-problem").inner_text()
    assert why in guest_says and "Ask the host for a new invitation" in guest_says, guest_says
    assert bea.get_by_test_id("join-status").count() == 0  # no "Waiting for the host…"
    assert why in host_says and "Invite Cal" in host_says, host_says
    tap(host, "invite-close")
    joins.append(invite(host, cal, 2, "").seconds)
    shows_table(cal, "machine")
    print(f"\njoin (answer pasted -> table shown), s: {', '.join(f'{s:.2f}' for s in joins)}")

    # sizes, over Cal's real channel: refused for their size, and at the limit for another
    # reason (this token is none of the table's)
    not_this_seat = "that token is not this seat's"
    assert refusal(host, cal, act("draw " + "x" * 4995)) == (
        f"that message could not be read: act.actions[0]: longer than {MAX_TEXT} characters")
    assert refusal(host, cal, act("x" * (MAX_TEXT + 1))).endswith(
        f"act.actions[0]: longer than {MAX_TEXT} characters")
    assert refusal(host, cal, act("x" * MAX_TEXT)) == not_this_seat
    assert refusal(host, cal, act("é" * MAX_TEXT)) == not_this_seat  # characters, not bytes
    assert refusal(host, cal, act("\U0001f0a1" * (MAX_TEXT // 2))) == not_this_seat
    assert refusal(host, cal, act("\U0001f0a1" * (MAX_TEXT + 1))).endswith(
        f"act.actions[0]: longer than {MAX_TEXT} characters")
    assert refusal(host, cal, sized(MAX_GUEST_MESSAGE)) == not_this_seat
    assert refusal(host, cal, sized(MAX_GUEST_MESSAGE + 1)) == (
        f"that message could not be read: guest: larger than {MAX_GUEST_MESSAGE} bytes")
    join = {"v": VERSION, "t": "join", "token": None}
    assert refusal(host, cal, {**join, "name": "x" * MAX_NAME_IN}) == (
        "you already sit at this table")
    assert refusal(host, cal, {**join, "name": "x" * (MAX_NAME_IN + 1)}).endswith(
        f"join.name: longer than {MAX_NAME_IN} characters")
    # and the table goes on: Cal's phone still shows it
    shows_table(cal, "machine")
