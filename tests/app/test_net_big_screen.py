"""The table on a big screen and a watcher, in the app (issue 46, item 5), CPython over in-memory
channels: a host whose seats are all phones or computers shows the table from the public view
only; a watcher invited mid-game is shown the public view by the same board; neither page
draws a card that the public view does not show, and every board draws a public view."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from app.net.protocol import ViewUpdate, read_host
from app.shell import App
from app.storage.keys import record_key
from helpers.net import Air, deliver
from helpers.net_apps import apps, change, field, host_a_game, table
from helpers.shell import FakeEnv, click, run_async, settle

from engine.protocol import PUBLIC
from engine.seats import choose, make_bots

OPTIONS: dict[str, dict[str, str]] = {
    "machiavelli": {"hand_size": "5"}, "machine": {"max_rounds": "4"}, "cube-farm": {"hands": "1"}}
CARD = re.compile(r'data-card="(?:floor:)?([^"]+)"')
TOKEN = re.compile(r"[0-9A-Za-z]+[♣♦♥♠]?")


async def host_game(host: App, env: FakeEnv, game: str, seats: list[tuple[str, str]],
                    options: dict[str, str], deal: str, page: Any) -> None:
    def the_table() -> None:  # nobody plays here: the set-up says this device is the table
        assert 'data-testid="the-table"' in page.regions["screen"]

    await host_a_game(host, env, game, seats, options, deal, the_table)


async def join(host: App, hpage: Any, guest: App, gpage: Any, genv: FakeEnv, name: str,
               seat: int | None) -> None:
    """The host invites ``seat`` (None: a watcher); the guest opens the link and answers; the
    host pastes the answer."""
    if seat is None:
        click(host, "net-watch-invite")
    else:
        click(host, "net-invite", seat=str(seat))
    deliver(host)
    link = field(hpage.regions["screen"], "invite-link")
    assert link.endswith("/watch") == (seat is None)
    genv.go("#" + link.split("#", 1)[1])
    change(guest, "net-name", name)
    click(guest, "net-join")
    deliver(guest)
    change(host, "net-answer", field(gpage.regions["screen"], "answer-code"))
    deliver(host, guest)
    await settle(host)


def public_tokens(game: Any, state: Any) -> set[str]:
    """The card names in the public view of ``state``."""
    return set(TOKEN.findall(json.dumps(game.public_view(state).to_dict(), ensure_ascii=False)))


def drawn_cards(page: Any) -> set[str]:
    """Every card the page draws (its data-card keys, a duplicate's "-2" and a stone aside)."""
    out = set()
    for html in page.regions.values():
        for key in CARD.findall(html):
            if not key.startswith("stone:"):
                out.add(key.rsplit("-", 1)[0] if re.search(r"-\d+$", key) else key)
    return out


@pytest.mark.parametrize("game_id", sorted(OPTIONS))
def test_a_big_screen_table_and_a_watcher_show_the_public_view_only(game_id: str) -> None:
    async def run() -> None:
        air = Air()
        (host, hpage, henv), (ana, apage, aenv), (tv, tpage, tenv) = apps(air, 3)
        seats = [("phone", "Ana"), ("computer", "beginner"), ("computer", "beginner")]
        await host_game(host, henv, game_id, seats, OPTIONS[game_id], "5", hpage)
        ht = table(host, game_id)
        m = ht.match
        assert m is not None and m.setup.phones == [0] and not m.setup.here
        await join(host, hpage, ana, apage, aenv, "Ana", 0)
        at = table(ana, game_id)
        assert aenv.address == f"#/{game_id}/guest" and at.visiting.view is not None
        game: Any = m.game
        bots = make_bots(game_id, ["beginner"] * 3)
        watcher_in = False
        checked = 0
        ever = public_tokens(game, m.start)  # what the public views showed so far
        states = [m.start]
        for _ in range(3000):
            if m.over:
                break
            if m.actions >= 4 and not watcher_in:  # a watcher comes mid-game
                await join(host, hpage, tv, tpage, tenv, "Tv", None)
                watcher_in = True
                assert tenv.address == f"#/{game_id}/guest"
                assert 'data-testid="watchers-here"' in hpage.regions[ht.frame.board]
            seat = m.current
            assert seat is not None
            if seat == 0:
                action = choose(game, m.state, bots[0], 1, m.actions)
                at.session.act(0, [game.parse_action(str(action))], None, False)
            elif ht.hand_over is not None:
                click(host, "mt-next-hand")
            await settle(host)
            deliver(host, ana, tv)
            await settle(host)
            deliver(host, ana, tv)
            # the host's page: the public view, no hand drawn, no card it does not show
            seen = ht.session.seen()
            assert seen.seat == PUBLIC and seen.view == game.public_view(m.state)
            assert hpage.regions.get(ht.frame.dock, "") == ""
            assert "mm-mat-size" not in hpage.regions[ht.frame.board]  # (the Machine: no own mat)
            # a card taken from a face-up display is named after it left: shown before (every
            # state since the last check, the computers' steps too)
            for text in (m.moves or [])[len(states) - 1:]:
                states.append(game.apply(states[-1], game.parse_action(text)))
                ever |= public_tokens(game, states[-1])
            hidden = {str(c) for h in m.state.hands for c in h} - ever
            assert not drawn_cards(hpage) & hidden, drawn_cards(hpage) & hidden
            if watcher_in:
                tt = table(tv, game_id)
                ts = tt.visiting.seen()
                assert ts is not None and ts.seat == PUBLIC and not ts.interactive
                assert ts.view == game.public_view(m.state)
                assert tpage.regions.get(tt.frame.dock, "") == ""
                assert not drawn_cards(tpage) & hidden, drawn_cards(tpage) & hidden
                checked += 1
        assert m.over and checked > 3
        # nobody played on the table's device: its end says no record, and counts nothing
        await settle(host)
        end = hpage.regions[ht.frame.board]
        assert 'data-testid="end"' in end and "On this device" not in end
        assert not ht.store.get(record_key(game_id)), "the table counted the game"
        g = tv.phones.guest
        assert g is not None and g.watching and g.ending is not None and g.seat is None
        assert 'data-testid="end"' in tpage.regions[table(tv, game_id).frame.board]
        # all the watcher was sent: public views only
        for host_end, _guest_end in air.answers.values():
            for text in host_end.end.sent:
                message = read_host(text)
                if isinstance(message, ViewUpdate) and message.public:
                    assert message.view["player"] == PUBLIC
        # the watcher's taps act for nobody
        before = m.actions
        click(tv, "mt-draw")
        assert m.actions == before
    run_async(run())
