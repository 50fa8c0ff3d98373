"""The join screen of a table of phones where it cannot work (issue 36): a browser without
WebRTC data channels (WebKitGTK here, an old or locked-down browser on a phone) says so as the
link opens, before asking for a name, and a tap on a Join button the page no longer shows does
nothing; a link whose code is broken says what is wrong with it. In CPython, over the app's
own pages (tests/helpers/shell.py); tests/xbrowser/test_webkit.py sees the same in WebKit."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from app.net.codes import pack
from app.shell import App
from helpers.shell import FakeEnv, boot, click, run_async

SDP = Path(__file__).parents[1] / "fixtures" / "sdp" / "chromium-offer.sdp"
OFFER = pack(SDP.read_bytes().decode())


def test_a_browser_without_data_channels_says_so_as_the_join_link_opens() -> None:
    env = FakeEnv()  # its wire: NoWire, as the shell makes it where rtc.js found no WebRTC
    assert not env.wire.available
    app, page, _ = boot(env=env, address=f"#/join/{OFFER}")
    screen = page.regions["screen"]
    assert 'data-testid="join-problem"' in screen
    assert "no WebRTC data channels" in screen and "another browser" in screen
    assert 'data-testid="join-go"' not in screen and 'id="net-name"' not in screen
    click(app, "net-join")  # (a stale tap) nothing is made, nothing breaks
    assert page.regions["screen"] == screen


def test_a_broken_code_in_a_join_link_is_reported_and_the_app_goes_on() -> None:
    env = FakeEnv()
    _app, page, _ = boot(env=env, address=f"#/join/{OFFER[:30]}")
    screen = page.regions["screen"]
    problem = re.search(r'data-testid="join-problem">([^<]*)<', screen)
    assert problem is not None and problem.group(1).strip(), screen[:400]
    assert "new invitation" in screen
    env.go("#/")
    assert 'data-testid="join' not in page.regions["screen"]


async def answered() -> tuple[App, Any, App, Any, FakeEnv]:
    """A host's Machiavelli game with Bea's seat on a phone; Bea's phone opened the join link
    and answered; the host took the answer (nothing read on either side yet)."""
    from helpers.net import Air, AirWire, deliver
    from helpers.net_apps import change, field, host_a_game

    air = Air()
    envs = [FakeEnv(), FakeEnv()]
    for env in envs:
        env.wire = AirWire(air)
    (host, hpage, henv), (guest, gpage, genv) = boot(env=envs[0]), boot(env=envs[1])
    await host_a_game(host, henv, "machiavelli", [("you", "Ana"), ("phone", "Bea")])
    click(host, "net-invite", seat="1")
    deliver(host)
    genv.go("#" + field(hpage.regions["screen"], "invite-link").split("#", 1)[1])
    change(guest, "net-name", "Bea")
    click(guest, "net-join")
    deliver(guest)
    change(host, "net-answer", field(gpage.regions["screen"], "answer-code"))
    return host, hpage, guest, gpage, genv


def test_a_guest_goes_to_the_table_only_once_it_has_been_shown_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's welcome and the first view are two messages; on a slow phone the second can
    come a read later. The guest's phone stays on the join screen until the view is there,
    then opens the table: never the home screen (with "sits at no table") under a table."""
    from helpers.net import Gate, deliver
    from helpers.net_apps import table

    async def run() -> None:
        host, _hpage, guest, gpage, genv = await answered()
        whole, held = Gate.receive, dict[int, list[str]]()

        def one_at_a_time(gate: Gate) -> list[str]:
            queue = held.setdefault(id(gate), [])
            queue += whole(gate)
            return [queue.pop(0)] if queue else []

        monkeypatch.setattr(Gate, "receive", one_at_a_time)
        hashes = []
        for _ in range(12):
            deliver(host, guest, rounds=1)
            hashes.append((genv.address, gpage.hash))
        assert genv.address == "#/machiavelli/guest", hashes
        assert gpage.hash != "#/" and "sits at no table" not in gpage.html(), hashes
        assert table(guest, "machiavelli").visiting.view is not None

    run_async(run())


@pytest.mark.parametrize("older", ["guest", "host"])
def test_phones_with_different_versions_of_the_app_say_so_on_both(
        older: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A phone whose app is older (or newer) than the other's: their messages are of another
    version. Neither phone waits for ever: the host's invitation says the guest's phone runs an
    older or newer app, the guest's join screen says it of the host's, and what to do."""
    import app.net.guest
    import app.net.host
    from app.net import protocol
    from helpers.net import deliver

    side = app.net.guest if older == "guest" else app.net.host
    monkeypatch.setattr(side, "encode", lambda message: protocol.encode(message).replace(
        f'{{"v":{protocol.VERSION},', f'{{"v":{protocol.VERSION - 1},', 1))

    async def run() -> None:
        host, hpage, guest, gpage, genv = await answered()
        deliver(host, guest)
        said = re.search(r'data-testid="(invite|join)-problem">([^<]*)<',
                         (hpage if older == "guest" else gpage).regions["screen"])
        assert said is not None
        who = "Bea&#x27;s phone" if older == "guest" else "The host&#x27;s phone"
        assert said.group(2).startswith(f"{who} runs an older version of this app"), said[2]
        assert "take its update" in said.group(2)
        assert genv.address.startswith("#/join/")  # not seated at a table it cannot read

    run_async(run())
