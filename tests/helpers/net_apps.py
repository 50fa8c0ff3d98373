"""The apps of a table of phones in one process (tests/app/test_net_*.py): booted with the
in-memory stand-in for the page's WebRTC (:mod:`helpers.net`), a game set up through the
set-up screen's own events, and a phone invited by the real codes (the join link opened, the
answer pasted)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from app.messages import Event
from app.seated.table import SeatedTable
from app.shell import App

from helpers.net import Air, AirWire, deliver
from helpers.shell import FakeEnv, boot, click, settle

M = "machiavelli"


def table(app: App, game: str = M) -> SeatedTable[Any, Any, Any, Any]:
    t: SeatedTable[Any, Any, Any, Any] = app.tables[game]  # type: ignore[assignment]
    return t


def change(app: App, action: str, value: str, **data: str) -> None:
    app.handle(Event("change", action=action, value=value, data=data))


def field(html: str, testid: str) -> str:
    m = re.search(rf'value="([^"]*)" data-testid="{testid}"', html) or re.search(
        rf'data-testid="{testid}"[^>]*value="([^"]*)"', html)
    assert m is not None, f"no {testid} in {html[:400]}"
    return m.group(1).replace("&amp;", "&")


def apps(air: Air, n: int) -> list[tuple[App, Any, FakeEnv]]:
    """``n`` phones' apps, booted, their WebRTC the same ``air``."""
    out = []
    for _ in range(n):
        env = FakeEnv()
        env.wire = AirWire(air)
        out.append(boot(env=env))
    return out


async def host_a_game(host: App, env: FakeEnv, game: str, seats: list[tuple[str, str]],
                      options: dict[str, str] | None = None, deal: str = "7",
                      before_start: Callable[[], None] | None = None) -> None:
    """Set up ``game`` with ``seats`` (kind, name or level) and start it (``before_start``:
    what to check of the set-up first)."""
    env.go(f"#/{game}/setup")
    await settle(host)
    t = table(host, game)
    while len(t.form.draft.seats) < len(seats):
        click(host, "setup-add")
    for i, (kind, detail) in enumerate(seats):
        change(host, "setup-kind", kind, seat=str(i))
        if kind == "computer":
            change(host, "setup-level", detail, seat=str(i))
        elif detail:
            change(host, "setup-name", detail, seat=str(i))
    for key, value in (options or {}).items():
        change(host, "setup-option", value, key=key)
    change(host, "setup-deal", deal)
    if before_start is not None:
        before_start()
    click(host, "setup-start")
    await settle(host)


async def invite(host: App, hpage: Any, guest: App, gpage: Any, genv: FakeEnv, seat: int,
                 name: str) -> None:
    """The host invites ``seat``; the guest opens the join link, answers; the host pastes
    the answer."""
    click(host, "net-invite", seat=str(seat))
    deliver(host)
    screen = hpage.regions["screen"]
    assert 'data-testid="invite-qr"' in screen and "<svg" in screen
    link = field(screen, "invite-link")
    assert link.startswith("https://example.org/cards/#/join/")
    genv.go("#" + link.split("#", 1)[1])
    assert 'data-testid="join"' in gpage.regions["screen"]
    change(guest, "net-name", name)
    click(guest, "net-join")
    deliver(guest)
    answer = field(gpage.regions["screen"], "answer-code")
    assert 'data-testid="answer-qr"' in gpage.regions["screen"]
    change(host, "net-answer", answer)
    deliver(host, guest)
    await settle(host)
