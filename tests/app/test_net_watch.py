"""A watcher at a table of phones (issue 46, item 5): a big screen or a phone that joins without
a seat is sent the game's public view only (``Game.public_view``), never a card of any hand,
and can act for nobody. CPython, over in-memory channels (:mod:`scripts.lib.net_table`)."""

from __future__ import annotations

import json
import re
from collections import deque
from typing import Any

import pytest
from app.net.guest import Guest
from app.net.host import MAX_WATCHERS, GuestLink
from app.net.protocol import (
    Join,
    ViewUpdate,
    Watch,
    Watching,
    encode,
    read_guest,
    read_host,
)
from app.net.transport import MemoryEnd, memory_pair
from app.seated.seats import Match

from engine.protocol import PUBLIC
from scripts.lib.net_table import REMOTE, Table, open_table, play_out

GAMES = ("machiavelli", "machine", "cube-farm")
CARD_TOKEN = re.compile(r"[0-9A-Za-z]+[♣♦♥♠]?")


def tokens(value: Any) -> set[str]:
    return set(CARD_TOKEN.findall(json.dumps(value, ensure_ascii=False)))


def card_forms(card: Any) -> set[str]:
    out = {str(card)}
    symbol = getattr(card, "symbol", None)
    if symbol is not None:
        out.add(symbol)
    return out


def watcher(t: Table, name: str = "Big screen") -> tuple[Guest, MemoryEnd, GuestLink]:
    """A watcher over a channel opened for no seat, joined and told the table."""
    host_end, guest_end = memory_pair()
    link = t.host.connect(host_end)
    g = Guest(guest_end, name)
    g.watch()
    pump(t, g)
    return g, host_end, link


def pump(t: Table, *watchers: Guest) -> None:
    for _ in range(4):
        t.pump()
        for w in watchers:
            w.pump()


def test_watch_and_watching_read_back_as_written() -> None:
    assert read_guest(encode(Watch("Tv"))) == Watch("Tv")
    assert read_host(encode(Watching("machiavelli", ("A", "B")))) == Watching(
        "machiavelli", ("A", "B"))
    u = ViewUpdate(3, {"player": -1}, 1, 0, ("Ana drew.",), None, ("m1.2",), (), False, True)
    assert read_host(encode(u)) == u
    # an update of before (no "public" field) reads as a seat's
    text = encode(ViewUpdate(3, {}, 1, 0, (), None)).replace(',"public":false', "")
    back = read_host(text)
    assert isinstance(back, ViewUpdate) and not back.public


class PublicCheck:
    """After every action: each message the host sent the watcher reads as a host message; each
    view is the engine's public view now, marked public; and no card of any hand that the
    public views of the game so far (before the watcher came too: the log may name a card
    shown then) have never shown appears in any message, in either text form."""

    def __init__(self, t: Table) -> None:
        self.end: MemoryEnd | None = None
        self.shown: set[str] = set()
        self.updates = 0
        self.check(t)

    def check(self, t: Table) -> None:
        m = t.host.match
        game, state = m.game, m.state
        view = json.loads(json.dumps(game.public_view(state).to_dict()))
        assert view["player"] == PUBLIC
        self.shown |= tokens(view)
        if self.end is None:
            return
        hidden: set[str] = set()
        for hand in state.hands:
            for card in hand:
                forms = card_forms(card)
                if not forms & self.shown:
                    hidden |= forms
        for text in self.end.sent:
            message = read_host(text)
            if isinstance(message, ViewUpdate):
                assert message.public and message.view == view, "a watcher was sent a seat's view"
                self.updates += 1
            leaked = tokens(json.loads(text)) & hidden
            assert not leaked, f"the watcher was sent {sorted(leaked)}: {text[:300]}"
        self.end.sent.clear()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_watcher_joins_mid_game_and_is_sent_the_public_view_only(game_id: str) -> None:
    t = open_table(game_id, 3)
    m = t.host.match
    check = PublicCheck(t)
    play_out_some_with(t, 6, check.check)
    w, end, link = watcher(t)
    check.end = end
    assert w.watching and w.seat is None and w.game == m.setup.game
    assert w.names == tuple(m.names()) and link.watcher
    assert w.view == json.loads(json.dumps(m.game.public_view(m.state).to_dict()))
    assert w.version == t.host.version and list(w.problems) == []
    # the seats' guests are untouched by it
    assert not t.host.present().keys() - set(REMOTE) and set(t.host.present()) == set(REMOTE)
    check.check(t)

    def after(table: Table) -> None:
        w.pump()
        check.check(table)

    play_out(t, 3, after=after)
    w.pump()
    assert check.updates > 3
    assert w.ending is not None and w.ending == t.guests[REMOTE[0]].ending
    assert w.view == json.loads(json.dumps(m.game.public_view(m.state).to_dict()))
    assert t.host.history is not None
    assert w.log == [ln.text for ln in t.host.history.lines(m, None)]
    assert list(w.problems) == [] and w.refusals == []
    # the engine reads what it was sent back as the public view
    back = m.game.view_from_dict(w.view)
    assert back == m.game.public_view(m.state)


class _Enough(Exception):
    pass


def test_a_watcher_acts_for_nobody_and_takes_no_seat() -> None:
    t = open_table("machiavelli", 2)
    m = t.host.match
    w, _, link = watcher(t)
    ana = t.guests[REMOTE[0]]
    assert ana.token is not None
    state, actions = m.state, m.actions
    # with a seat's token (stolen) or none: it acts for nobody, joins no seat
    w.token = ana.token
    w.act(str(m.game.legal_actions(m.state)[0]))
    w.transport.send(encode(Join(ana.token, "Thief")))
    w.watch()
    pump(t, w)
    assert m.state is state and m.actions == actions
    assert w.refusals[-3:] == ["a watcher plays no seat",
                               "you watch this table: ask the host to invite you to a seat",
                               "you are already at this table"]
    assert link.seat is None and t.host.present()[REMOTE[0]].transport.open


def test_a_seats_invitation_is_not_a_watchers() -> None:
    t = open_table("machine", 1)
    host_end, guest_end = memory_pair()
    link = t.host.connect(host_end, REMOTE[0])  # opened for a seat's phone
    g = Guest(guest_end, "Tv")
    g.watch()
    pump(t, g)
    assert not g.watching and not link.watcher and g.view is None
    assert "ask the host to invite a watcher" in g.refusals[-1]


def test_watchers_are_counted() -> None:
    t = open_table("cube-farm", 1)
    ws = [watcher(t, f"W{i}")[0] for i in range(MAX_WATCHERS)]
    assert all(w.watching for w in ws)
    extra = watcher(t, "One too many")[0]
    assert not extra.watching and "watchers already" in extra.refusals[-1]


def test_a_watcher_refuses_a_seats_view() -> None:
    end_a, end_b = memory_pair()
    g = Guest(end_b, "Tv")
    end_a.send(encode(Watching("machiavelli", ("A", "B"))))
    end_a.send(encode(ViewUpdate(1, {"player": 0, "hand": ["7S"]}, 0, 0, (), None)))
    g.pump()
    assert g.watching and g.view is None and g.problems == deque(
        ["a seat's view sent to a watcher"])


class Marks:
    """A marker that marks each step by its mover and number."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.n = 0

    def marks(self, before: Any, after: Any) -> frozenset[str]:
        self.n += 1
        return frozenset({f"p{self.game.current_player(before)}.{self.n}"})

    def flights(self, m: Match[Any], before: Any, after: Any
                ) -> list[tuple[str, str | None]]:
        return [(f"c{self.n}", None)]


def test_a_watcher_sees_the_turn_being_played_marked() -> None:
    t = open_table("machiavelli", 4)
    m = t.host.match
    marker = Marks(m.game)
    t.host.marker = t.host.news.marker = marker
    w, _, _ = watcher(t)
    mover: list[int | None] = [m.current]
    seen: list[frozenset[str]] = []

    def after(_table: Table) -> None:
        w.pump()
        # the marks are the steps of one mover's turn, all of them since its first step
        movers = {k.split(".")[0] for k in w.marks}
        assert movers == {f"p{mover[0]}"}, (w.marks, mover)
        assert w.flights == ((f"c{marker.n}", None),)  # the last step's, flown once
        seen.append(w.marks)
        mover[0] = m.current

    play_out_some_with(t, 40, after, seed=4)
    assert any(len(s) > 1 for s in seen) and len({next(iter(s))[:2] for s in seen}) > 1


def play_out_some_with(t: Table, n: int, after: Any, seed: int = 3) -> None:
    """Play ``n`` actions of the table's game as :func:`play_out` would (``after`` each)."""
    count = 0

    def each(table: Table) -> None:
        nonlocal count
        after(table)
        count += 1
        if count >= n:
            raise _Enough

    try:
        play_out(t, seed, after=each)
    except _Enough:
        pass


def test_a_watcher_watches_the_next_game_at_the_same_table() -> None:
    """Play again at the same table (``Referee.adopt``): the watcher is welcomed to the next
    game on the same channel and sent its public view, with no new invitation."""
    from app.net.host import Referee

    t = open_table("machiavelli", 3)
    w, _, _ = watcher(t)
    first = t.host.match
    nxt: Match[Any] = Match.new(first.setup, 4)
    host: Referee[Any, Any] = Referee(nxt, REMOTE)
    host.adopt(t.host)
    t.host = host
    pump(t, w)
    assert w.watching and w.sittings == 2 and not w.host_left
    assert [ln.watcher for ln in host.watchers()] == [True]
    assert w.view is not None
    assert nxt.game.view_from_dict(w.view) == nxt.game.public_view(nxt.state)
