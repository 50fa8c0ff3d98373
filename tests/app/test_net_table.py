"""A table of phones through the whole app in CPython (issue 36): a host's app and a guest's
app, paired by the real codes (offer and answer, as QR codes and text) over in-memory channels
(tests/helpers/net.py), play a whole game; the guest's phone shows its own seat with the same
board as the host's, and the same end (the game's scores), and only ever gets its own view.
The browser tests (tests/net/) do the same over real WebRTC."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from app.net.protocol import ViewUpdate, read_host
from app.seated.local import MatchSession
from app.seated.seats import ENDED, Match
from app.seated.table import SeatedTable
from app.shell import App
from helpers.net import Air, AirWire, deliver
from helpers.net_apps import M, apps, change, host_a_game, invite, table
from helpers.shell import FakeEnv, boot, click, run_async, settle

from engine.seats import choose, make_bots


def phones(air: Air) -> tuple[tuple[App, Any, FakeEnv], tuple[App, Any, FakeEnv]]:
    first, second = apps(air, 2)
    return first, second


# options that keep a whole game short
OPTIONS: dict[str, dict[str, str]] = {
    "machiavelli": {}, "machine": {"max_rounds": "10"}, "cube-farm": {"hands": "2"}}
# deals whose whole games (the beginner's choices) end each its own way: Bea wins on her phone,
# Ana on the host's, and all three share the win
DEALS = {"machiavelli": "13", "cube-farm": "7", "machine": "3"}


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_a_guest_joins_by_the_codes_and_plays_a_whole_game_seeing_only_its_own_view(
        game_id: str) -> None:
    async def run() -> None:
        air = Air()
        (host, hpage, henv), (guest, gpage, genv) = phones(air)
        await host_a_game(host, henv, game_id, [("you", "Ana"), ("phone", "Bea"),
                                                ("computer", "beginner")], OPTIONS[game_id],
                          DEALS[game_id])
        ht = table(host, game_id)
        m = ht.match
        assert m is not None and m.setup.phones == [1]
        assert 'data-testid="phone-invite"' in hpage.regions.get(ht.frame.board, "")
        await invite(host, hpage, guest, gpage, genv, 1, "Bea")
        assert genv.address == f"#/{game_id}/guest"
        gt = table(guest, game_id)
        assert gt.visiting.view is not None
        assert 'data-testid="phone-here"' in hpage.regions[ht.frame.board]
        game: Any = m.game
        bots = make_bots(game_id, ["beginner"] * 3)
        sent: Any = air.answers  # the host's end of the one channel
        host_end = next(iter(sent.values()))[0].end
        states = [m.start]  # every state of the game, from the deal by the host's moves
        marked_seen = 0
        for _ in range(3000):
            if m.over:
                break
            seat = m.current
            assert seat is not None
            if seat == 2:  # the computer: the host's app plays it
                if ht.hand_over is not None:  # after the hand-over panel's Next hand
                    click(host, "mt-next-hand")
                await settle(host)
                deliver(host, guest)
                continue
            action = choose(game, m.state, bots[seat], 1, m.actions)
            if seat == 0:
                ht.moves.perform(m, 0, [action], None, False)
            else:
                assert gt.visiting.turn == 1 and gt.shown is None  # no game of its own shown
                gt.session.act(1, [game.parse_action(str(action))], None, False)
            deliver(host, guest)
            await settle(host)
            deliver(host, guest)
            g = guest.phones.guest
            assert g is not None and g.version == ht.phones.host.version  # type: ignore[union-attr]
            assert g.view == game.view(m.state, 1).to_dict()
            # the guest's marks are what the host's board marks of the true states, step by
            # step, since the guest last acted (its phone has no hidden cards to guess them from)
            for text in (m.moves or [])[len(states) - 1:]:
                states.append(game.apply(states[-1], game.parse_action(text)))
            last = max((i for i in range(len(states) - 1)
                        if game.current_player(states[i]) == 1), default=-1)
            want: set[str] = set()
            for s0, s1 in zip(states[last + 1:], states[last + 2:], strict=False):
                want |= ht.board.marks(s0, s1)
            marked = gt.visiting.seen().marked
            assert marked == want, (m.actions, sorted(marked ^ want)[:6])
            marked_seen += bool(want)
        assert m.over and m.actions > 10 and marked_seen > 3
        for text in host_end.sent:  # everything the host sent the guest: its own view only
            message = read_host(text)
            if isinstance(message, ViewUpdate):
                assert message.view["player"] == 1
                assert "hands" not in message.view and "deck" not in message.view
        g = guest.phones.guest
        assert g is not None and g.ending is not None
        # the guest's end is the game's own, drawn from its view as the host draws its own:
        # the same sentence and scores table, the head told to each phone, no Play again on
        # the guest's
        hboard, gboard = hpage.regions[ht.frame.board], gpage.regions[gt.frame.board]
        assert 'data-testid="end"' in gboard
        assert summary(gboard) == summary(hboard)
        assert scores(gboard) == scores(hboard)
        out = m.outcome
        assert out is not None
        for board, you in ((hboard, 0), (gboard, 1)):
            winners = " and ".join(m.names()[w] for w in out.winners) or "Nobody"
            assert end_head(board) == ("You win!" if out.winners == (you,) else
                                       "You share the win!" if you in out.winners else
                                       f"{winners} {'wins' if len(out.winners) == 1 else 'win'}")
        assert 'data-testid="mt-again"' in hboard and 'data-testid="mt-again"' not in gboard
    run_async(run())


def end_part(board: str, pattern: str) -> str:
    """A part of the end on a page's board (the first group of ``pattern``)."""
    found = re.search(pattern, board, re.S)
    assert found is not None, f"no {pattern} in {board[:400]}"
    return found.group(1)


def scores(board: str) -> str:
    return end_part(board, r'(<table class="scores" data-testid="scores">.*?</table>)')


def summary(board: str) -> str:
    return end_part(board, r'<p data-testid="end-summary">(.*?)</p>')


def end_head(board: str) -> str:
    return end_part(board, r'<h2 id="end-title"[^>]*>(.*?)</h2>')


async def seated_pair(game_id: str = M) -> tuple[Air, tuple[App, Any, FakeEnv],
                                                 tuple[App, Any, FakeEnv]]:
    """A host (Ana, seat 0) and Bea's phone (seat 1) at a game, a computer in seat 2."""
    air = Air()
    (host, hpage, henv), (guest, gpage, genv) = phones(air)
    await host_a_game(host, henv, game_id, [("you", "Ana"), ("phone", "Bea"),
                                            ("computer", "beginner")], OPTIONS[game_id])
    await invite(host, hpage, guest, gpage, genv, 1, "Bea")
    return air, (host, hpage, henv), (guest, gpage, genv)


async def to_turn(host: App, guest: App, seat: int, game_id: str = M) -> None:
    """Play on (the host's seat and Bea's by the beginner computer's choice) until ``seat``
    is to move."""
    ht, gt = table(host, game_id), table(guest, game_id)
    m = ht.match
    assert m is not None
    game: Any = m.game
    bots = make_bots(game_id, ["beginner"] * 3)
    for _ in range(500):
        if m.current == seat:
            return
        cur = m.current
        assert cur is not None and not m.over
        if cur == 2:
            await settle(host)
        elif cur == 0:
            ht.moves.perform(m, 0, [choose(game, m.state, bots[0], 1, m.actions)], None, False)
        else:
            bea_steps(gt, game, choose(game, m.state, bots[1], 1, m.actions))
        deliver(host, guest)
        await settle(host)
        deliver(host, guest)
    raise AssertionError(f"seat {seat} never got the turn")


def bea_steps(gt: SeatedTable[Any, Any, Any, Any], game: Any, action: Any) -> None:
    """Bea taps ``action`` on her phone (its text read by her phone's game): it goes to the
    host."""
    assert gt.visiting.turn == 1
    gt.session.act(1, [game.parse_action(str(action))], None, False)


def test_a_refused_action_is_explained_on_the_guests_phone_and_changes_nothing() -> None:
    async def run() -> None:
        _air, (host, _hpage, _henv), (guest, gpage, _genv) = await seated_pair()
        await to_turn(host, guest, 1)
        ht, gt = table(host), table(guest)
        m = ht.match
        assert m is not None
        before = (m.game.state_to_dict(m.state), m.actions)
        # nothing laid: the host's engine refuses the end of the turn (the board would not
        # send it: a phone of an older version might)
        gt.session.act(1, [m.game.parse_action("end")], None, False)
        deliver(host, guest)
        assert (m.game.state_to_dict(m.state), m.actions) == before
        said = gpage.texts[gt.frame.msg]
        assert said.startswith("Not allowed:"), said
        assert 'data-testid="m-table"' in gpage.regions[gt.frame.board]
    run_async(run())


def undo_live(dock: str) -> bool:
    """Whether the Machiavelli dock's Undo is live (not aria-disabled with its reason)."""
    found = re.search(r'<button[^>]*data-testid="m-undo"[^>]*>', dock)
    assert found is not None, dock[:300]
    return "aria-disabled" not in found.group(0) and " disabled" not in found.group(0)


def test_a_guests_undo_takes_back_its_last_step_of_the_turn_on_the_host() -> None:
    """Undo on a guest's phone: the host takes back that seat's last step of the turn it is
    playing, as its own Undo would, and every phone shows the table as it was; with nothing
    of the turn left to take back, the guest is told so and nothing changes."""
    async def run() -> None:
        _air, (host, _hpage, _henv), (guest, gpage, _genv) = await seated_pair()
        await to_turn(host, guest, 1)
        ht, gt = table(host), table(guest)
        m = ht.match
        assert m is not None
        game: Any = m.game
        before = (game.state_to_dict(m.state), m.actions)
        step = next(a for a in game.legal_actions(m.state)
                    if game.current_player(game.apply(m.state, a)) == 1
                    and str(a) not in ("draw", "end"))  # a step of the turn: it goes on
        assert undo_live(gpage.regions[gt.frame.dock]) is False  # nothing yet to take back
        gt.session.act(1, [game.parse_action(str(step))], None, False)
        deliver(host, guest)
        assert m.actions == before[1] + 1
        assert undo_live(gpage.regions[gt.frame.dock]) is True  # the board's own Undo
        click(guest, "m-undo")
        assert "Sent to the host" in gpage.texts[gt.frame.msg]
        deliver(host, guest)
        assert (game.state_to_dict(m.state), m.actions) == before
        g = guest.phones.guest
        assert g is not None and g.view == game.view(m.state, 1).to_dict()
        assert undo_live(gpage.regions[gt.frame.dock]) is False
        click(guest, "m-undo")  # (a stale tap) nothing of this turn is left to take back
        deliver(host, guest)
        assert (game.state_to_dict(m.state), m.actions) == before
        said = gpage.texts[gt.frame.msg]
        assert said == "Not allowed: nothing to undo in this turn.", said
    run_async(run())


def test_a_guest_whose_phone_reloaded_rejoins_its_seat_with_new_codes() -> None:
    async def run() -> None:
        air, (host, hpage, _henv), (guest, _gpage, genv) = await seated_pair()
        await to_turn(host, guest, 1)
        ht = table(host)
        hand = ht.match.state.hands[1]  # type: ignore[union-attr]
        g = guest.phones.guest
        assert g is not None and g.token
        g.transport.close()  # the page reloads: its channel closes
        deliver(host)
        assert "Bea" in MatchSession(ht, ht.match).turn_words()  # type: ignore[arg-type]
        assert 'data-testid="phone-invite"' in hpage.regions[ht.frame.board]
        # the same phone, started again (its storage kept)
        env = FakeEnv(genv.store)
        env.wire = AirWire(air)
        again, apage, aenv = boot(env=env)
        await invite(host, hpage, again, apage, aenv, 1, "")
        assert aenv.address == f"#/{M}/guest"
        g2 = again.phones.guest
        assert g2 is not None and g2.seat == 1 and g2.token == g.token
        assert 'data-testid="phone-here"' in hpage.regions[ht.frame.board]
        shown = apage.regions[table(again).frame.dock]
        assert all(f'data-card="{c}"' in shown for c in map(str, hand))
    run_async(run())


def test_a_host_whose_page_reloaded_resumes_its_game_and_its_guest_rejoins() -> None:
    async def run() -> None:
        air, (host, _hpage, henv), (guest, _gpage, genv) = await seated_pair()
        await to_turn(host, guest, 1)
        m = table(host).match
        assert m is not None
        actions = m.actions
        g = guest.phones.guest
        assert g is not None
        g.transport.close()  # the host's page reloads: every channel closes
        deliver(guest)
        env = FakeEnv(henv.store)
        env.wire = AirWire(air)
        host2, hpage2, _henv2 = boot(env=env, address=f"#/{M}")
        await settle(host2)
        t2 = table(host2)
        assert t2.match is not None and t2.match.actions == actions
        assert "Waiting for Bea's phone" in hpage2.texts[t2.frame.msg]
        await invite(host2, hpage2, guest, _gpage, genv, 1, "")
        g2 = guest.phones.guest
        assert g2 is not None and g2.seat == 1 and g2.token == g.token
        assert g2.view == m.game.view(t2.match.state, 1).to_dict()
    run_async(run())


def test_a_stun_server_set_in_settings_is_used_for_every_new_link() -> None:
    async def run() -> None:
        from app.net.relay import Relay

        ops: list[Any] = []
        env = FakeEnv()
        env.wire = Relay(ops.append, True)
        app, page, env = boot(env=env, address="#/settings")
        assert 'data-testid="set-stun"' in page.regions["screen"]
        change(app, "setting-text", "stun.example.org:34x78", key="stun")
        assert "host:port" in page.texts["settings-msg"]
        assert app.settings.stun == ""
        change(app, "setting-text", " stun.example.org:3478 ", key="stun")
        assert app.settings.stun == "stun.example.org:3478"
        env.wire.offer()
        assert ops[-1]["net"]["stun"] == "stun.example.org:3478"
        again, _page, _env = boot(env.store)  # kept on this device
        assert again.settings.stun == "stun.example.org:3478"
    run_async(run())


def test_phones_mix_with_pass_and_play_people_and_computers_on_the_host() -> None:
    async def run() -> None:
        air = Air()
        (host, hpage, henv), (guest, gpage, genv) = phones(air)
        await host_a_game(host, henv, M, [("you", "Ana"), ("person", "Bo"), ("phone", "Bea"),
                                          ("computer", "beginner")], OPTIONS[M])
        await invite(host, hpage, guest, gpage, genv, 2, "Bea")
        ht = table(host)
        m = ht.match
        assert m is not None and m.setup.here == [0, 1] and m.setup.phones == [2]
        seen_cover = seen_phone = False
        game: Any = m.game
        bots = make_bots(M, ["beginner"] * 4)
        for _ in range(200):
            if m.over or (seen_cover and seen_phone):
                break
            cur = m.current
            assert cur is not None
            if m.covered:  # a person of this phone: the cover, nothing of a hand
                seen_cover = True
                assert 'data-testid="cover"' in hpage.regions["screen"]
                assert "m-hand-card" not in hpage.regions["screen"]
                click(host, "mt-take")
            elif cur == 2:  # Bea's turn: no cover on the host, her phone plays
                seen_phone = True
                assert not m.covered
                assert "Bea is playing on their phone" in hpage.texts[ht.frame.msg]
                gt = table(guest)
                action = choose(game, m.state, bots[2], 1, m.actions)
                gt.session.act(2, [game.parse_action(str(action))], None, False)
            elif cur == 3:
                await settle(host)
            else:
                ht.moves.perform(m, cur, [choose(game, m.state, bots[cur], 1, m.actions)], None,
                           False)
            deliver(host, guest)
            await settle(host)
            deliver(host, guest)
        assert seen_cover and seen_phone
    run_async(run())


# --- issue 46: the table's state on every phone; a departed seat, the end, the screen --------


async def three_phones() -> tuple[Air, list[tuple[App, Any, FakeEnv]]]:
    """A host (Ana, seat 0) and two guests' phones, Bea (seat 1) and Cal (seat 2), at a game
    of Machiavelli; each phone's wire keeps what it asked of the screen."""
    air = Air()
    (host, hpage, henv), bea, cal = three = apps(air, 3)
    await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea"), ("phone", "Cal")],
                      OPTIONS[M], "13")
    await invite(host, hpage, *bea, 1, "Bea")
    await invite(host, hpage, *cal, 2, "Cal")
    return air, three


async def play_until(apps: list[tuple[App, Any, FakeEnv]], seat: int) -> None:
    """Play on, each seat by the beginner computer's choice on its own phone, until ``seat``
    is to move."""
    host = apps[0][0]
    ht = table(host)
    m = ht.match
    assert m is not None
    game: Any = m.game
    bots = make_bots(M, ["beginner"] * 3)
    for _ in range(500):
        if m.current == seat:
            return
        cur = m.current
        assert cur is not None and not m.over
        action = choose(game, m.state, bots[cur], 1, m.actions)
        if cur == 0:
            ht.moves.perform(m, 0, [action], None, False)
        else:
            table(apps[cur][0]).session.act(cur, [game.parse_action(str(action))], None, False)
        deliver(*(a for a, _p, _e in apps))
        await settle(host)
    raise AssertionError(f"seat {seat} never got the turn")


def test_every_phone_says_whom_the_table_waits_for_and_a_computer_plays_the_departed_seat(
        ) -> None:
    """Bea's page closes on her turn: the host and Cal's phone say that the table waits for
    Bea's phone to come back (and a screen reader hears it); the host gives her seat to a
    computer, every phone is told, the game is played to its end and its save (the seat a
    computer's now) loads again."""
    async def run() -> None:
        _air, apps = await three_phones()
        (host, hpage, _henv), (bea, _bpage, _benv), (cal, cpage, _cenv) = apps
        await play_until(apps, 1)
        ht, ct = table(host), table(cal)
        m = ht.match
        assert m is not None
        assert "Bea is playing" in cpage.texts[ct.frame.msg]
        g = bea.phones.guest
        assert g is not None
        g.transport.close()  # her page closes: its channel closes
        deliver(host, cal)
        want = "waiting for bea's phone to come back"
        assert want in hpage.texts[ht.frame.msg].lower(), hpage.texts[ht.frame.msg]
        assert want in cpage.texts[ct.frame.msg].lower(), cpage.texts[ct.frame.msg]
        assert any(want in t.lower() for t in cpage.announced_all)
        assert any(want in t.lower() for t in hpage.announced_all)
        board = hpage.regions[ht.frame.board]
        assert 'data-testid="phone-computer"' in board and 'data-testid="phone-end"' in board
        click(host, "net-computer", seat="1")
        deliver(host, cal)
        assert m.setup.seats[1].kind == "computer" and m.setup.seats[1].name == "Bea"
        told = "A computer plays Bea's seat for the rest of the game."
        assert told in hpage.announced_all and told in cpage.announced_all
        assert 'data-testid="phone-computer"' not in hpage.regions[ht.frame.board]
        game: Any = m.game
        bots = make_bots(M, ["beginner"] * 3)
        for _ in range(3000):
            if m.over:
                break
            cur = m.current
            if cur == 0:
                ht.moves.perform(m, 0, [choose(game, m.state, bots[0], 1, m.actions)], None,
                                 False)
            elif cur == 2:
                ct.session.act(2, [game.parse_action(str(
                    choose(game, m.state, bots[2], 1, m.actions)))], None, False)
            deliver(host, cal)
            await settle(host)
            deliver(host, cal)
        assert m.over and not m.ended
        gc = cal.phones.guest
        assert gc is not None and gc.ending is not None
        assert 'data-testid="end"' in cpage.regions[ct.frame.board]
        again = Match.from_json(m.to_json(), M)
        assert again.setup.seats[1].kind == "computer" and again.over and again.given == [1]
        click(host, "mt-again")  # the next game: Bea's seat is a phone's again
        m2 = ht.match
        assert m2 is not None and m2 is not m and not m2.over
        assert [s.kind for s in m2.setup.seats] == ["you", "phone", "phone"]
    run_async(run())


def test_the_host_ends_the_game_for_everyone_nobody_wins_and_it_is_not_counted() -> None:
    async def run() -> None:
        air, apps = await three_phones()
        (host, hpage, henv), (bea, _bpage, _benv), (cal, cpage, _cenv) = apps
        hwire, cwire = henv.wire, apps[2][2].wire
        assert hwire.awakes == [True] and cwire.awakes == [True]  # the screens stay on
        await play_until(apps, 1)
        ht, ct = table(host), table(cal)
        m = ht.match
        assert m is not None
        g = bea.phones.guest
        assert g is not None
        g.transport.close()
        deliver(host, cal)
        click(host, "net-end")  # asked again first: nothing ended yet
        assert not m.over and 'data-testid="phone-end-yes"' in hpage.regions[ht.frame.board]
        click(host, "net-end-no")
        assert not m.over and 'data-testid="phone-end-yes"' not in hpage.regions[ht.frame.board]
        click(host, "net-end")
        click(host, "net-end-yes")
        deliver(host, cal)
        assert m.over and m.ended and m.outcome is not None and m.outcome.winners == ()
        assert ENDED in hpage.announced_all and ENDED in cpage.announced_all
        assert ENDED in summary(hpage.regions[ht.frame.board])
        assert ENDED in summary(cpage.regions[ct.frame.board])
        assert not ht.keeping.saves.record().has(m.gid)  # not counted: not a game played
        again = Match.from_json(m.to_json(), M)  # saved so, and read so
        assert again.ended and again.over
        older = json.loads(m.to_json())
        del older["ended"]
        assert not Match.from_json(json.dumps(older), M).over  # a save without it: played on
        assert hwire.awakes == [True, False] and cwire.awakes == [True, False]
        del air
    run_async(run())


def test_a_phone_that_cannot_keep_its_screen_on_says_so_once_and_plays_on() -> None:
    async def run() -> None:
        air = Air()
        (host, hpage, henv), (guest, gpage, genv) = phones(air)
        henv.wire.no_awake = "This browser cannot keep the screen on: keep it awake."
        await host_a_game(host, henv, M, [("you", "Ana"), ("phone", "Bea"),
                                          ("computer", "beginner")], OPTIONS[M])
        await invite(host, hpage, guest, gpage, genv, 1, "Bea")
        said = [t for t in hpage.announced_all if "cannot keep the screen on" in t]
        assert len(said) == 1, hpage.announced_all
        await to_turn(host, guest, 1)
        await to_turn(host, guest, 0)
        said = [t for t in hpage.announced_all if "cannot keep the screen on" in t]
        assert len(said) == 1
        assert henv.wire.awakes == [True] and genv.wire.awakes == [True]
    run_async(run())
