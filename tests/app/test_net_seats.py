"""Seats that belong to a table, and Play again at the same table (issue 46), through the whole
app in CPython over in-memory channels (tests/helpers/net.py): a phone sits at one table after
another (two games of one host, then another game, then another host's table) without clearing
anything, each join carrying that table's token or none, never another table's; Play again
deals the next game to the same phones, seats and names kept, with no invitation (a phone that
left in between is invited as before); a refused join is said in words on both phones with the
way out; an older app's stored seat still loads. tests/net/test_seats.py does it over WebRTC."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from app.net import protocol
from app.net.phones import MAX_TABLES
from app.storage import SEAT_KEY
from helpers.net import Air, AirWire, deliver
from helpers.net_apps import apps, change, host_a_game, invite, table
from helpers.shell import FakeEnv, boot, click, run_async, settle

M = "machiavelli"


def joins(monkeypatch: pytest.MonkeyPatch) -> list[protocol.Join]:
    """Every Join a guest's phone sends, as it sends it."""
    import app.net.guest

    sent: list[protocol.Join] = []

    def encode(message: Any) -> str:
        if isinstance(message, protocol.Join):
            sent.append(message)
        return protocol.encode(message)

    monkeypatch.setattr(app.net.guest, "encode", encode)
    return sent


def said(html: str, testid: str) -> str:
    m = re.search(rf'data-testid="{testid}">([^<]*)<', html)
    assert m is not None, f"no {testid} in {html[:600]}"
    return m.group(1).replace("&#x27;", "'")


def test_a_phone_sits_at_table_after_table_with_each_tables_token_only(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sent = joins(monkeypatch)

    async def run() -> None:
        air = Air()
        (host, hpage, henv), (bea, bpage, benv), (dan, dpage, denv) = apps(air, 3)
        await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea")])
        await invite(host, hpage, bea, bpage, benv, 1, "Bea")
        g = bea.phones.guest
        assert g is not None and g.seat == 1 and g.table is not None and g.token
        first_table, first_token = g.table, g.token
        assert first_table == table(host).phones.host.table  # type: ignore[attr-defined]
        # Play again: the same phone at the next game, no invitation
        before = table(host).match
        click(host, "mt-again")
        await settle(host)
        deliver(host, bea)
        m = table(host).match
        assert m is not None and m is not before
        assert bea.phones.guest is g and g.sittings == 2 and g.token == first_token
        assert benv.address == f"#/{M}/guest"
        assert table(bea).visiting.view.to_dict() == m.game.view(m.state, 1).to_dict()  # type: ignore[union-attr]
        assert 'data-testid="phone-here"' in hpage.regions[table(host).frame.board]
        # a table of another game on the same host: a new table id, a new seat
        await host_a_game(host, henv, "machine", [("you", "Ana"), ("phone", "Bea"),
                                                  ("computer", "beginner")],
                          {"max_rounds": "10"}, "3")
        await invite(host, hpage, bea, bpage, benv, 1, "Bea")
        g2 = bea.phones.guest
        assert g2 is not None and g2.seat == 1 and g2.table not in (None, first_table)
        assert benv.address == "#/machine/guest"
        # another host's table
        await host_a_game(dan, denv, M, [("you", "Dan"), ("phone", "Bea")], deal="9")
        await invite(dan, dpage, bea, bpage, benv, 1, "Bea")
        g3 = bea.phones.guest
        assert g3 is not None and g3.seat == 1 and g3.table not in (first_table, g2.table)
        kept = json.loads(benv.store.get(SEAT_KEY) or "{}")
        assert kept["name"] == "Bea"
        assert kept["tables"] == {first_table: first_token, g2.table: g2.token,
                                  g3.table: g3.token}
        # each table's first join carried no token (never another table's)
        assert [j.token for j in sent] == [None, None, None], sent

    run_async(run())


def test_a_phone_comes_back_to_a_table_it_left_with_that_tables_token(
        monkeypatch: pytest.MonkeyPatch) -> None:
    sent = joins(monkeypatch)

    async def run() -> None:
        air = Air()
        (host, hpage, henv), (bea, bpage, benv), (dan, dpage, denv) = apps(air, 3)
        await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea")])
        await invite(host, hpage, bea, bpage, benv, 1, "Bea")
        g = bea.phones.guest
        assert g is not None
        first = (g.table, g.token)
        await host_a_game(dan, denv, M, [("you", "Dan"), ("phone", "Bea")], deal="9")
        await invite(dan, dpage, bea, bpage, benv, 1, "")  # her first channel closes
        deliver(host)
        await invite(host, hpage, bea, bpage, benv, 1, "")
        g2 = bea.phones.guest
        assert g2 is not None and (g2.table, g2.token) == first and g2.seat == 1
        assert [j.token for j in sent] == [None, None, first[1]]
        assert not table(host).phones.host.problems  # type: ignore[attr-defined]

    run_async(run())


def test_a_host_that_reloaded_between_games_lets_the_phone_in_again(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's own case: the host's page started again after a game, then Play again and
    Invite Bea. Her phone joins with the token it keeps for this table (the host still knows
    the table's id, not that old game's token): a token the table does not know is as none,
    and the seat is hers again, with a new token."""
    sent = joins(monkeypatch)

    async def run() -> None:
        air = Air()
        (host, hpage, henv), (bea, bpage, benv) = apps(air, 2)
        await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea")])
        await invite(host, hpage, bea, bpage, benv, 1, "Bea")
        g = bea.phones.guest
        assert g is not None and g.token is not None
        old = g.token
        g.transport.close()  # the host's page reloads: every channel closes
        deliver(bea)
        env = FakeEnv(henv.store)
        env.wire = AirWire(air)
        again, apage, _aenv = boot(env=env, address=f"#/{M}")
        await settle(again)
        click(again, "mt-again")
        await settle(again)
        await invite(again, apage, bea, bpage, benv, 1, "")
        g2 = bea.phones.guest
        assert g2 is not None and g2.seat == 1 and g2.table == g.table
        assert g2.token not in (None, old)
        assert [j.token for j in sent] == [None, old]
        assert benv.address == f"#/{M}/guest"
        assert not table(again).phones.host.problems  # type: ignore[attr-defined]

    run_async(run())


def test_play_again_deals_the_next_game_to_the_same_phones_and_invites_one_that_left() -> None:
    async def run() -> None:
        air = Air()
        (host, hpage, henv), (bea, bpage, benv), (cal, cpage, cenv) = apps(air, 3)
        await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")])
        await invite(host, hpage, bea, bpage, benv, 1, "Bea")
        await invite(host, hpage, cal, cpage, cenv, 2, "Cal")
        hosting = table(host).phones
        old = hosting.host  # type: ignore[attr-defined]
        tokens = dict(old.tokens)
        click(host, "mt-again")
        await settle(host)
        deliver(host, bea, cal)
        new = hosting.host  # type: ignore[attr-defined]
        m = table(host).match
        assert new is not old and new.match is m and old.closed
        assert new.table == old.table and new.tokens == tokens
        assert sorted(new.present()) == [1, 2]
        for seat, (app, env) in {1: (bea, benv), 2: (cal, cenv)}.items():
            g = app.phones.guest
            assert g is not None and not g.host_left and g.seat == seat
            assert g.names == ("Ana", "Bea", "Cal") and g.token == tokens[seat]
            assert env.address == f"#/{M}/guest"
            assert table(app).visiting.view.to_dict() == m.game.view(m.state, seat).to_dict()  # type: ignore[union-attr]
        # Cal's phone leaves; the next game is his to be invited to again, as before
        cg = cal.phones.guest
        assert cg is not None
        cg.transport.close()
        deliver(host)
        click(host, "mt-again")
        await settle(host)
        deliver(host, bea)
        board = hpage.regions[table(host).frame.board]
        assert board.count('data-testid="phone-here"') == 1  # Bea's
        assert 'data-testid="phone-invite" data-seat="2"' in board or "Invite Cal" in board
        await invite(host, hpage, cal, cpage, cenv, 2, "")
        assert sorted(hosting.host.present()) == [1, 2]  # type: ignore[attr-defined]

    run_async(run())


def test_a_new_game_from_the_set_up_keeps_the_phones_of_the_seats_it_keeps() -> None:
    """New game (the set-up again, not Play again): a phone seat of the same name keeps its
    phone; a seat given to someone else is not Cal's any more: his phone hears the host left."""
    async def run() -> None:
        air = Air()
        (host, hpage, henv), (bea, bpage, benv), (cal, cpage, cenv) = apps(air, 3)
        await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")])
        await invite(host, hpage, bea, bpage, benv, 1, "Bea")
        await invite(host, hpage, cal, cpage, cenv, 2, "Cal")
        await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Dan")],
                          deal="8")
        deliver(host, bea, cal)
        hosted = table(host).phones.host  # type: ignore[attr-defined]
        m = table(host).match
        assert m is not None and hosted.match is m and sorted(hosted.present()) == [1]
        bg, cg = bea.phones.guest, cal.phones.guest
        assert bg is not None and bg.sittings == 2 and not bg.host_left
        assert table(bea).visiting.view.to_dict() == m.game.view(  # type: ignore[union-attr]
            m.state, 1).to_dict()
        assert cg is not None and cg.host_left and cg.sittings == 1

    run_async(run())


def test_a_refused_join_is_said_in_words_on_both_phones() -> None:
    async def run() -> None:
        air = Air()
        (host, hpage, henv), (bea, bpage, benv) = apps(air, 2)
        await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")])
        await invite(host, hpage, bea, bpage, benv, 1, "Bea")
        # Bea's phone opens the invitation meant for Cal's seat
        click(host, "net-invite", seat="2")
        deliver(host)
        screen = hpage.regions["screen"]
        link = re.search(r'value="([^"]*)" data-testid="invite-link"', screen)
        assert link is not None
        benv.go("#" + link.group(1).replace("&amp;", "&").split("#", 1)[1])
        click(bea, "net-join")
        deliver(bea)
        answer = re.search(r'value="([^"]*)" data-testid="answer-code"',
                           bpage.regions["screen"])
        assert answer is not None
        change(host, "net-answer", answer.group(1))
        deliver(host, bea)
        why = "this phone sits in Bea's seat at this table, and the invitation is for Cal's"
        guest_says = said(bpage.regions["screen"], "join-problem")
        assert why in guest_says and "Ask the host for a new invitation" in guest_says
        assert "Waiting for the host" not in bpage.regions["screen"]
        host_says = said(hpage.regions["screen"], "invite-problem")
        assert why in host_says and "Invite Cal" in host_says, host_says

    run_async(run())


def test_an_older_apps_stored_seat_loads_and_a_phone_keeps_its_last_tables_only() -> None:
    env = FakeEnv()
    env.store.set(SEAT_KEY, json.dumps({"token": "T" * 24, "name": "Bea"}))
    app, _page, _ = boot(env=env)
    assert app.phones.stored() == ({}, "Bea")  # the old token: of no table it can name
    for i in range(MAX_TABLES + 5):
        app.phones.keep_seat(f"table-{i:02d}-{'x' * 10}", f"token-{i:02d}-{'y' * 10}")
    app.phones.keep_seat("table-07-xxxxxxxxxx", "token-07-again-yyyy")  # newest again
    tables, name = app.phones.stored()
    assert name == "Bea" and len(tables) == MAX_TABLES
    assert list(tables)[-1] == "table-07-xxxxxxxxxx" and tables["table-07-xxxxxxxxxx"] == (
        "token-07-again-yyyy")
    assert "table-04-xxxxxxxxxx" not in tables and "table-05-xxxxxxxxxx" in tables
    env.store.set(SEAT_KEY, "{not json")
    assert app.phones.stored() == ({}, "")


def test_a_host_of_another_version_that_names_no_table_is_said_on_both_phones(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An older host says nothing first (it has no Hello): the guest's phone does not wait
    for ever for the table's name; the host's refusal of its first message, of another
    version, is said on both phones."""
    import app.net.host
    from helpers.net import deliver as read
    from test_net_join import answered

    monkeypatch.setattr(app.net.host.Referee, "connect", _connect_without_hello)
    monkeypatch.setattr(app.net.host, "encode", lambda message: protocol.encode(
        message).replace(f'{{"v":{protocol.VERSION},', f'{{"v":{protocol.VERSION - 1},', 1))

    async def run() -> None:
        host, _hpage, guest, gpage, genv = await answered()
        read(host, guest)
        assert "The host's phone runs an older version of this app" in said(
            gpage.regions["screen"], "join-problem")
        assert genv.address.startswith("#/join/")

    run_async(run())


def _connect_without_hello(self: Any, transport: Any, seat: int | None = None) -> Any:
    from app.net.host import GuestLink

    self._numbers += 1
    link = GuestLink(transport, seat, self._numbers)
    self.links.append(link)
    return link
