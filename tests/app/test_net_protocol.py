"""The protocol of a table of phones (app.net: protocol, host, guest, transport) in CPython
over in-memory channels: seat tokens, each guest's view and nothing more, refusals, bad
messages, rejoining, and the same seeded game as on one device."""

from __future__ import annotations

import json
import re
from collections import deque
from typing import Any

import pytest
from app.net.guest import Guest
from app.net.host import MAX_PER_PUMP, Referee
from app.net.protocol import (
    MAX_GUEST_MESSAGE,
    Act,
    BadMessage,
    Ending,
    Hello,
    HostLeft,
    Join,
    Ping,
    Pong,
    Refusal,
    TakeBack,
    ViewUpdate,
    Waiting,
    Welcome,
    encode,
    read_guest,
    read_host,
)
from app.net.transport import memory_pair
from app.seated.seats import Match

from engine.seats import choose, make_bots, play_seeded
from scripts.lib.net_table import (
    OPTIONS,
    REMOTE,
    Table,
    ViewTeller,
    open_table,
    play_out,
    table_setup,
)

GAMES = ("machiavelli", "machine", "cube-farm")
TOKEN_A = "A" * 24


# --- the messages --------------------------------------------------------------------------


@pytest.mark.parametrize("message", [
    Join(None, "Ana"), Join(TOKEN_A, "Ana ✓"), Act(TOKEN_A, ("lay 1 -> new", "draw"), 7), Ping(),
    TakeBack(TOKEN_A, 7),
    Welcome(1, TOKEN_A, "machiavelli", ("You", "Ana")),
    ViewUpdate(3, {"hand": ["AC"], "n": [1, {"x": None}]}, 1, 2, ("Ana drew a card",),
               Ending("You win", (1,), (0.0, 3.5))),
    ViewUpdate(0, {}, None, 0, (), None), Refusal("it is not your turn"),
    ViewUpdate(9, {}, 2, 0, (), None, ("took0:AD", "p0.t1.s0", "m1.2", "c:C43"),
               (("AD", None), ("floor:C43", "#cf-p1"),
                ("7S", '[data-testid=mm-opp][data-seat="2"]'),
                ("m1.2", '#mt-board [data-key="m0.1"]')), True),
    Waiting(("Ana",)), Pong(), HostLeft(), Hello("tbl_" + "x" * 12)])
def test_every_message_reads_back_as_written(message: Any) -> None:
    text = encode(message)
    read = read_guest if isinstance(message, Join | Act | TakeBack | Ping) else read_host
    assert read(text) == message
    assert json.loads(text)["v"] == 3


BAD_GUEST = {
    "too big": encode(Join(None, "x" * 100)).replace("x" * 100, "x" * MAX_GUEST_MESSAGE),
    "not JSON": "{\"v\":1,",
    "nested": "[" * 5000 + "]" * 5000,
    "not an object": "[1, 2]",
    "no version": '{"t":"ping"}',
    "an older version": '{"v":2,"t":"ping"}',
    "a newer version": '{"v":4,"t":"ping"}',
    "unknown kind": '{"v":3,"t":"eval","code":"import os"}',
    "missing field": '{"v":3,"t":"act","token":"' + TOKEN_A + '","actions":["draw"]}',
    "unknown field": '{"v":3,"t":"ping","x":1}',
    "seen not a number": '{"v":3,"t":"act","token":"' + TOKEN_A + '","actions":["draw"],'
                         '"seen":"0"}',
    "seen a flag": '{"v":3,"t":"act","token":"' + TOKEN_A + '","actions":["draw"],"seen":true}',
    "seen negative": '{"v":3,"t":"act","token":"' + TOKEN_A + '","actions":["draw"],"seen":-1}',
    "token not a token": '{"v":3,"t":"act","token":"../../etc","actions":["draw"],"seen":0}',
    "action not text": '{"v":3,"t":"act","token":"' + TOKEN_A + '","actions":"draw",'
                       '"seen":0}',
    "action too long": encode(Act(TOKEN_A, ("d" * 5000,), 0)),
    "name too long": encode(Join(None, "n" * 300)),
}


@pytest.mark.parametrize("case", sorted(BAD_GUEST))
def test_a_bad_message_is_refused_with_its_reason_and_changes_nothing(case: str) -> None:
    with pytest.raises(BadMessage):
        read_guest(BAD_GUEST[case])
    t = open_table("machiavelli", 1)
    host, ana = t.host, t.guests[1]
    state, version = host.match.state, host.version
    sent_to_bea = len(t.ends[2].sent)
    ana.transport.send(BAD_GUEST[case])
    t.pump()
    assert host.match.state is state and host.version == version
    assert ana.refusals[-1].startswith("that message could not be read: ")
    assert host.problems[-1].endswith(ana.refusals[-1])
    assert len(t.ends[2].sent) == sent_to_bea  # only the sender hears of it
    # and the table goes on: a ping is still answered
    ana.ping()
    t.pump()
    assert ana.pongs == 1


ACT = '{"v":3,"t":"act","token":"' + TOKEN_A + '","actions":["draw"],"seen":0'


@pytest.mark.parametrize(("text", "said"), [
    (encode(Act(TOKEN_A, ("draw " * 1000,), 0)), "act.actions[0]: longer than 4000 characters"),
    (encode(Act("<" * 5000, ("draw",), 0)), "act.token: longer than 64 characters"),
    (encode(Join(None, "n" * 300)), "join.name: longer than 200 characters"),
    (ACT.replace('"seen":0', '"seen":"0"') + "}", "act.seen: expected a whole number, got '0'"),
    (ACT.replace(',"seen":0', "") + "}", "act.seen: missing"),
    (ACT.replace('"draw"', "") + "}", "act.actions: expected at least 1 item"),
    (ACT.replace(TOKEN_A, "../../etc") + "}", "act.token: expected a seat token, got '../../etc'"),
    (ACT + ',"x":1}', "act.x: not a field of this message"),
    ('{"v":3,"t":"eval","code":"import os"}',
     "guest.t: expected one of join, act, take-back, ping, watch, got 'eval'"),
])
def test_a_bad_guest_message_is_refused_naming_its_path(text: str, said: str) -> None:
    """A text is measured before anything else is asked of it: a long action is refused as
    too long, not as not text."""
    with pytest.raises(BadMessage) as refused:
        read_guest(text)
    assert str(refused.value) == said


def test_a_flood_of_messages_is_cut_short() -> None:
    t = open_table("machiavelli", 1)
    ana = t.guests[1]
    for _ in range(MAX_PER_PUMP + 10):
        ana.ping()
    t.pump()
    assert ana.pongs == MAX_PER_PUMP
    assert ana.refusals == ["too many messages at once: 10 were not read"]


def test_the_size_limit_counts_bytes_not_characters() -> None:
    name = "€" * (MAX_GUEST_MESSAGE // 3)  # fewer characters than the limit, more bytes
    text = '{"v":3,"t":"join","token":null,"name":"' + name + '"}'
    assert len(text) < MAX_GUEST_MESSAGE < len(text.encode())
    with pytest.raises(BadMessage, match="larger than"):
        read_guest(text)


VIEW = encode(ViewUpdate(1, {}, 0, 0, (), None))
BAD_HOST_NEWS = {
    "a mark with markup": VIEW.replace('"marks":[]', '"marks":["<img src=x>"]'),
    "a mark not text": VIEW.replace('"marks":[]', '"marks":[3]'),
    "a mark too long": VIEW.replace('"marks":[]', '"marks":["' + "m" * 65 + '"]'),
    "too many marks": VIEW.replace('"marks":[]', '"marks":[' + ",".join(['"m"'] * 2001) + "]"),
    "marks missing": VIEW.replace(',"marks":[]', ""),
    "undo not a flag": VIEW.replace('"undo":false', '"undo":1'),
    "a flight's card with a quote": VIEW.replace('"flights":[]', '"flights":[["A\\"D",null]]'),
    "a flight from a script": VIEW.replace('"flights":[]',
                                           '"flights":[["AD","javascript:alert(1)"]]'),
    "a flight with three parts": VIEW.replace('"flights":[]', '"flights":[["AD",null,1]]'),
    "a flight not a list": VIEW.replace('"flights":[]', '"flights":{"AD":null}'),
    "too many flights": VIEW.replace('"flights":[]', '"flights":[' + ",".join(
        ['["AD",null]'] * 201) + "]"),
}


@pytest.mark.parametrize("case", sorted(BAD_HOST_NEWS))
def test_marks_flights_and_undo_from_the_host_are_checked(case: str) -> None:
    assert read_host(VIEW) == ViewUpdate(1, {}, 0, 0, (), None)
    with pytest.raises(BadMessage, match=r"view\.(marks|flights|undo)"):
        read_host(BAD_HOST_NEWS[case])


def test_a_guest_notes_a_bad_message_from_the_host_and_goes_on() -> None:
    host_end, guest_end = memory_pair()
    guest = Guest(guest_end, "Ana")
    for text in ("nonsense", '{"v":3,"t":"view","version":1}', encode(Pong())):
        host_end.send(text)
    guest.pump()
    assert len(guest.problems) == 2 and guest.pongs == 1


# --- seats and their tokens ----------------------------------------------------------------


def turn_of(t: Table, seat: int) -> None:
    """Play the table on (as play_seeded would, deal 1) until it is ``seat``'s turn."""
    m = t.host.match
    bots = make_bots(m.setup.game, ["beginner"] * len(m.setup.seats))
    while m.current != seat:
        current = m.current
        assert current is not None
        action = choose(m.game, m.state, bots[current], 1, m.actions)
        if current in t.guests:
            t.guests[current].act(str(action))
        else:
            t.host.play(current, action)
        t.pump()


def test_each_remote_seat_gets_its_own_random_token() -> None:
    t = open_table("machiavelli", 1)
    ana, bea = t.guests[1], t.guests[2]
    assert (ana.seat, bea.seat) == (1, 2)
    assert ana.token and bea.token and ana.token != bea.token and len(ana.token) >= 24
    assert ana.names == ("Player 1", "Ana", "Bea", "Cal") and ana.game == "machiavelli"
    assert open_table("machiavelli", 1).guests[1].token != ana.token  # not derived from seeds


def test_a_guest_cannot_act_for_another_seat() -> None:
    t = open_table("machiavelli", 1)
    host, ana, bea = t.host, t.guests[1], t.guests[2]
    turn_of(t, 1)
    state, version = host.match.state, host.version
    assert bea.token is not None and ana.token is not None
    bea.act("draw")  # its own token, not its turn
    bea.transport.send(encode(Act(ana.token, ("draw",), bea.version)))  # Ana's token, Bea's channel
    t.pump()
    assert bea.refusals == ["it is not your turn", "that token is not this seat's"]
    assert host.match.state is state and host.version == version and ana.refusals == []


def test_a_guest_cannot_take_back_another_seats_step() -> None:
    """An Undo is checked as an action is: its own seat's turn, its own token; and a host
    with no way to take back (this bare referee) refuses it with words."""
    t = open_table("machiavelli", 1)
    host, ana, bea = t.host, t.guests[1], t.guests[2]
    turn_of(t, 1)
    state, version = host.match.state, host.version
    assert ana.token is not None
    bea.take_back()  # not its turn
    bea.transport.send(encode(TakeBack(ana.token, bea.version)))  # Ana's token, Bea's channel
    ana.take_back()  # its turn: but this referee has no way to take back
    t.pump()
    assert bea.refusals == ["it is not your turn", "that token is not this seat's"]
    assert ana.refusals == ["Undo is the host's at this table"]
    assert host.match.state is state and host.version == version


def test_a_guest_cannot_take_a_seat_it_was_not_given() -> None:
    t = open_table("machiavelli", 1)
    host, ana = t.host, t.guests[1]
    assert ana.token is not None
    tries = {
        # a second phone on Ana's invitation, without her token
        "taken": (1, None, "Ana's seat is taken: only the phone that sat in it can come "
                               "back to it"),
        # Ana's token on the channel opened for Bea's seat
        "other seat": (2, ana.token, "this phone sits in Ana's seat at this table, and the "
                                     "invitation is for Bea's"),
        # a rejoin channel with a token the host never gave
        "unknown": (None, "Z" * 24, "that seat token is not one of this table's"),
        # a rejoin channel with no token
        "no token": (None, None, "this invitation is for coming back to a seat, and this "
                                 "phone holds none at this table"),
    }
    for case, (seat, token, reason) in tries.items():
        host_end, guest_end = memory_pair()
        host.connect(host_end, seat)
        intruder = Guest(guest_end, "Eve", token)
        intruder.join()
        t.pump()
        intruder.pump()
        assert intruder.refusals == [reason], case
        assert intruder.seat is None and intruder.view is None, case
        assert [read_host(x) for x in host_end.sent] == [Hello(host.table), Refusal(reason)], case
        # and acting without a seat is refused too
        intruder.transport.send(encode(Act(ana.token, ("draw",), host.version)))
        t.pump()
        intruder.pump()
        assert intruder.refusals[-1] == "join the table first", case
    assert host.present()[1].transport is t.ends[1]  # Ana keeps her seat


def test_only_a_persons_seat_can_be_remote() -> None:
    m: Match[Any] = Match.new(table_setup("machiavelli"), 1)
    for seat in (0, 3, 4):  # you, a computer, no seat
        with pytest.raises(ValueError):
            Referee(m, [seat])


def test_the_host_cannot_play_a_remote_seat_or_out_of_turn() -> None:
    t = open_table("machiavelli", 1)
    m = t.host.match
    turn_of(t, 1)
    action = m.game.legal_actions(m.state)[0]
    with pytest.raises(Exception, match="another phone"):
        t.host.play(1, action)
    with pytest.raises(Exception, match="not that seat's turn"):
        t.host.play(0, action)


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_an_illegal_action_is_refused_to_that_guest_only(game_id: str) -> None:
    t = open_table(game_id, 2)
    host, m = t.host, t.host.match
    turn_of(t, 1)
    ana = t.guests[1]
    state, version, actions = m.state, host.version, m.actions
    legal = {str(a) for a in m.game.legal_actions(m.state)}
    # an action of this game that is not legal now: another seat's legal action text, or a
    # made-up one (what the engine says of it is what Ana reads)
    illegal = {"machiavelli": "lay 99 -> new", "machine": "trade 9 9",
               "cube-farm": "place C99 at 50,50 rot 0"}[game_id]
    assert illegal not in legal
    t.collect()
    ana.act(illegal)
    ana.act("not an action at all")
    t.pump()
    assert m.state is state and host.version == version and m.actions == actions
    assert len(ana.refusals) == 2
    try:
        reason = m.game.explain_illegal(m.state, m.game.parse_action(illegal))
    except Exception as e:
        reason = str(e)
    assert ana.refusals[0] == reason
    assert [type(read_host(x)) for x in t.ends[1].sent] == [Refusal, Refusal]
    assert t.ends[2].sent == []  # Bea heard nothing


def test_an_action_chosen_from_an_old_view_is_refused_and_the_view_sent_again() -> None:
    t = open_table("machiavelli", 1)
    turn_of(t, 1)
    ana, m = t.guests[1], t.host.match
    state = m.state
    ana.transport.send(encode(Act(ana.token or "", ("draw",), ana.version - 1)))
    t.pump()
    assert ana.refusals == ["the table changed since you saw it"] and m.state is state
    assert ana.version == t.host.version


def test_an_action_after_the_end_is_refused() -> None:
    t = open_table("machine", 4)
    play_out(t, 4)
    ana = t.guests[1]
    ana.act("draw")
    t.pump()
    assert ana.refusals == ["the game is over"] and ana.ending is not None


# --- what each guest is sent ---------------------------------------------------------------

CARD_TOKEN = re.compile(r"[0-9A-Za-z]+[♣♦♥♠]?")


def card_forms(card: Any) -> set[str]:
    """The text forms a card may be written in: its text form and, for a playing card, its
    form with a suit symbol (the log lines' "7♠")."""
    out = {str(card)}
    symbol = getattr(card, "symbol", None)
    if symbol is not None:
        out.add(symbol)
    return out


def tokens(value: Any) -> set[str]:
    return set(CARD_TOKEN.findall(json.dumps(value, ensure_ascii=False)))


class LeakCheck:
    """After every action: each message the host sent a guest since the last check reads as a
    host message; each view sent is exactly the engine's view of that guest's seat now; and no
    card of another seat's hand that this guest has never been shown by its own views appears
    in any message, in either text form."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.shown: dict[int, set[str]] = {seat: set() for seat in REMOTE}
        self.messages = 0
        self.updates: list[int] = []  # the size of every ViewUpdate, in bytes
        self.check(t)

    def check(self, t: Table) -> None:
        m = t.host.match
        game, state = m.game, m.state
        for seat in REMOTE:
            view = json.loads(json.dumps(game.view(state, seat).to_dict()))
            self.shown[seat] |= tokens(view)
            hidden: set[str] = set()
            for other, hand in enumerate(state.hands):
                if other != seat:
                    for card in hand:
                        forms = card_forms(card)
                        if not forms & self.shown[seat]:
                            hidden |= forms
            for text in t.ends[seat].sent:
                self.messages += 1
                message = read_host(text)
                if isinstance(message, ViewUpdate):
                    assert message.view == view, f"seat {seat} was sent a view not its own"
                    self.updates.append(len(text.encode()))
                leaked = tokens(json.loads(text)) & hidden
                assert not leaked, f"seat {seat} was sent {sorted(leaked)}: {text[:300]}"
        t.collect()


@pytest.mark.parametrize("deal", [1, 2])
@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_sends_each_guest_its_own_view_only(game_id: str, deal: int) -> None:
    t = open_table(game_id, deal)
    check = LeakCheck(t)
    moves = play_out(t, deal, after=check.check)
    assert check.updates and check.messages > len(moves)
    # every guest saw the end, told to it, and the same log as the host's history
    m = t.host.match
    assert t.host.history is not None
    for seat, guest in t.guests.items():
        assert guest.ending is not None and guest.version == t.host.version
        assert guest.view == json.loads(json.dumps(m.game.view(m.state, seat).to_dict()))
        assert guest.log == [ln.text for ln in t.host.history.lines(m, seat)]
        assert guest.log and list(guest.problems) == []
        assert guest.refusals == []


@pytest.mark.parametrize("game_id", GAMES)
def test_the_remote_game_is_the_same_seeded_game_as_on_one_device(game_id: str) -> None:
    deal = 5
    t = open_table(game_id, deal)
    moves = play_out(t, deal)
    local: list[str] = []
    result = play_seeded(game_id, deal, ["beginner"] * 4, OPTIONS[game_id],
                         on_action=lambda p, a: local.append(str(a)))
    m = t.host.match
    assert moves == local == m.trail
    assert m.state == result.state and m.outcome == result.outcome


# --- away and back -------------------------------------------------------------------------


def test_a_guest_who_drops_out_keeps_its_seat_and_rejoins_with_its_token() -> None:
    deal = 3
    t = open_table("machiavelli", deal)
    host, m = t.host, t.host.match
    turn_of(t, 1)
    turn_of(t, 2)
    ana, bea = t.guests[1], t.guests[2]
    token = ana.token
    t.ends[1].close()  # Ana's phone locks
    t.pump()
    assert host.waiting() == ("Ana",) and bea.waiting == ("Ana",)
    turn_of(t, 0)
    host.play(0, choose(m.game, m.state, make_bots("machiavelli", ["beginner"] * 4)[0], deal,
                        m.actions))
    t.pump()
    assert m.current == 1  # the table waits for Ana
    version_lost = ana.version
    ana = t.reconnect(1)
    assert ana.seat == 1 and ana.token == token and ana.version == host.version > version_lost
    assert ana.my_turn and host.waiting() == () and t.guests[2].waiting == ()
    assert host.history is not None
    assert ana.log == [ln.text for ln in host.history.lines(m, 1)]  # the whole log again
    moves = play_out(t, deal)
    assert m.state == play_seeded("machiavelli", deal, ["beginner"] * 4).state
    assert moves and ana.ending is not None


def test_a_seat_taken_up_on_a_new_channel_closes_the_old_one() -> None:
    t = open_table("machiavelli", 1)
    old_end, old_guest = t.ends[1], t.guests[1]
    host_end, guest_end = memory_pair()
    t.host.connect(host_end)
    again = Guest(guest_end, "Ana", old_guest.token)
    again.join()
    t.pump()
    again.pump()
    assert again.seat == 1 and not old_end.open
    assert old_guest.refusals == ["your seat was taken up again on another channel"]
    assert t.host.present()[1].transport is host_end


def test_an_undo_on_the_host_takes_back_the_guests_views_and_log_lines() -> None:
    t = open_table("machiavelli", 2)
    host, m = t.host, t.host.match
    turn_of(t, 2)
    state, actions = m.state, m.actions
    turn_of(t, 1)
    ana = t.guests[1]
    longer = list(ana.log)
    m.rewind(state, actions)
    host.changed()
    t.pump()
    assert host.history is not None
    for seat, guest in t.guests.items():
        assert guest.log == [ln.text for ln in host.history.lines(m, seat)]
        assert guest.view == json.loads(json.dumps(m.game.view(m.state, seat).to_dict()))
    assert len(ana.log) < len(longer) and ana.log == longer[:len(ana.log)]


def test_a_guest_rejoins_a_host_that_reloaded_its_game() -> None:
    t = open_table("machiavelli", 1)
    turn_of(t, 2)
    ana = t.guests[1]
    assert ana.token is not None
    # the host's page reloads: the same match, a new Referee with the seats' tokens kept
    host: Referee[Any, Any] = Referee(t.host.match, REMOTE, ViewTeller("machiavelli"),
                                tokens=t.host.tokens)
    host_end, guest_end = memory_pair()
    host.connect(host_end)
    back = Guest(guest_end, "Ana", ana.token)
    back.version = ana.version + 50  # what it knew of the old host's count
    back.join()
    for _ in range(3):
        host.pump()
        back.pump()
    assert back.seat == 1 and back.version == host.version and back.problems == deque()


def test_the_guests_hear_that_the_host_left() -> None:
    t = open_table("cube-farm", 1)
    t.host.close()
    t.pump()
    assert all(g.host_left and not g.transport.open for g in t.guests.values())


def test_a_guest_joins_with_the_token_of_the_table_the_host_names_and_no_other() -> None:
    """A phone keeps a token per table: it joins once the host has named its table, with that
    table's token, or none; a table's name that is not one is noted and not joined."""
    kept = {"table-one-xxxxxxxx": TOKEN_A}
    for table, token in (("table-two-xxxxxxxx", None), ("table-one-xxxxxxxx", TOKEN_A)):
        host_end, guest_end = memory_pair()
        guest = Guest(guest_end, "Ana", tables=kept)
        guest.pump()
        assert guest_end.sent == []  # nothing before the host names its table
        host_end.send(encode(Hello(table)))
        host_end.send(encode(Hello(table)))  # (said again: joined once)
        guest.pump()
        assert [read_guest(x) for x in guest_end.sent] == [Join(token, "Ana")]
        assert guest.table == table
    host_end, guest_end = memory_pair()
    guest = Guest(guest_end, "Ana", tables=kept)
    host_end.send('{"v":3,"t":"hello","table":"<img src=x>"}')
    guest.pump()
    assert guest_end.sent == [] and guest.table is None
    assert guest.problems[-1].startswith("hello.table: expected a table's id")
