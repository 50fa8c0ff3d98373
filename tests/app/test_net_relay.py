"""app.net.relay: the app's end of the page's WebRTC (web/app/net/rtc.js), driven by the
``net`` events the page tells, as JSON read by app.messages.read_message."""

from __future__ import annotations

import json
from typing import Any

import pytest
from app.link import LinkEnv
from app.messages import BadMessage, Event, Item, encode_items, read_message
from app.net.relay import Relay
from app.net.transport import Transport
from app.net.wire import Wire


def net(action: str, **data: Any) -> Event:
    """A ``net`` event as the page sends it, read at the edge as the app reads it."""
    text = json.dumps({"kind": "net", "action": action,
                       "data": {k: str(v) for k, v in data.items()}, "today": "2026-12-04"})
    body = read_message(text).body
    assert isinstance(body, Event)
    return body


class Page:
    """What the relay pushed, as the page gets it (the items' JSON)."""

    def __init__(self) -> None:
        self.items: list[Item] = []

    def push(self, item: Item) -> None:
        self.items.append(item)

    def ops(self) -> list[dict[str, Any]]:
        out = [i["net"] for i in json.loads(encode_items(self.items))]
        self.items.clear()
        return out


def relay(stun: str = "") -> tuple[Relay, Page]:
    page = Page()
    return Relay(page.push, True, lambda: stun), page


def test_a_relay_is_a_wire_and_its_channels_are_transports() -> None:
    r, _ = relay()
    wire: Wire = r
    channel: Transport = r.channel(r.offer())
    assert wire.available and not channel.open


def test_the_host_offers_and_accepts_by_ops_and_hears_its_offer() -> None:
    r, page = relay()
    a, b = r.offer(), r.offer()
    assert (a, b) == (1, 2)
    assert page.ops() == [{"op": "offer", "link": 1, "stun": ""},
                          {"op": "offer", "link": 2, "stun": ""}]
    assert r.local(a) is None and r.failure(a) is None
    r.heard(net("offer", link=a, sdp="v=0 offer"))
    assert r.local(a) == "v=0 offer" and r.local(b) is None
    r.accept(a, "v=0 answer")
    r.accept(99, "v=0 answer")  # no such link: nothing asked of the page
    assert page.ops() == [{"op": "accept", "link": 1, "sdp": "v=0 answer"}]


def test_the_guest_answers_with_the_stun_server_of_the_settings() -> None:
    r, page = relay("stun.example.org:3478")
    link = r.answer("v=0 offer")
    assert page.ops() == [{"op": "answer", "link": link, "sdp": "v=0 offer",
                           "stun": "stun.example.org:3478"}]
    r.heard(net("answer", link=link, sdp="v=0 answer"))
    assert r.local(link) == "v=0 answer"


def test_a_channel_opens_carries_messages_in_order_and_closes() -> None:
    r, page = relay()
    link = r.offer()
    page.ops()
    ch = r.channel(link)
    ch.send("early")  # before it opens: waits
    assert page.ops() == [] and ch.receive() == []
    r.heard(net("open", link=link))
    assert ch.open
    assert page.ops() == [{"op": "send", "link": link, "text": "early"}]
    for text in ("one", "two", "x" * 100_000):
        r.heard(net("message", link=link, text=text))
    assert ch.receive() == ["one", "two", "x" * 100_000]
    assert ch.receive() == []
    ch.send("back")
    assert page.ops() == [{"op": "send", "link": link, "text": "back"}]
    r.heard(net("message", link=link, text="last"))
    r.heard(net("close", link=link))
    assert not ch.open
    assert ch.receive() == ["last"]  # what arrived before the close is still read
    ch.send("lost")
    r.heard(net("open", link=link))  # an open after the close changes nothing
    assert not ch.open and page.ops() == []


def test_closing_a_channel_asks_the_page_once_and_dropping_forgets_the_link() -> None:
    r, page = relay()
    link = r.offer()
    r.heard(net("open", link=link))
    page.ops()
    r.channel(link).close()
    r.channel(link).close()
    assert page.ops() == [{"op": "close", "link": link}]
    other = r.offer()
    r.heard(net("open", link=other))
    page.ops()
    r.drop(other)
    assert page.ops() == [{"op": "close", "link": other}]
    r.heard(net("message", link=other, text="late"))  # a dropped link's events: ignored
    assert not r.channel(other).open and r.channel(other).receive() == []
    assert r.failure(other) == "no such link" and r.local(other) is None
    r.drop(other)
    assert page.ops() == []


def test_a_failed_link_says_why_and_its_channel_is_closed() -> None:
    r, _ = relay()
    link = r.answer("v=0 bad")
    r.heard(net("failed", link=link, reason="This invitation could not be used."))
    assert r.failure(link) == "This invitation could not be used."
    assert not r.channel(link).open
    r.heard(net("open", link=link))
    assert not r.channel(link).open


def test_events_of_links_never_made_are_ignored() -> None:
    r, _ = relay()
    for ev in (net("offer", link=7, sdp="v=0"), net("open", link=7), net("close", link=7),
               net("message", link=7, text="hi"), net("failed", link=7, reason="no")):
        r.heard(ev)
    assert r.links == {}
    r.heard(Event("net", action="message", data={}))  # no link at all (a test's nudge)


def test_the_scanner_reads_once_or_says_once_why_not() -> None:
    r, page = relay()
    r.scan("net-scan-view")
    assert page.ops() == [{"op": "scan", "into": "net-scan-view"}]
    assert r.scanned() is None and r.scan_failure() is None
    r.heard(net("scanned", text="https://example.org/#/join/abc"))
    assert r.scanned() == "https://example.org/#/join/abc"
    assert r.scanned() is None
    r.scan("net-scan-view")
    r.heard(net("scan-failed", reason="The camera is not available: paste the code instead."))
    assert r.scan_failure() == "The camera is not available: paste the code instead."
    assert r.scan_failure() is None
    r.scan_stop()
    assert page.ops()[-1] == {"op": "scan-stop"}


def test_the_app_has_a_relay_when_the_page_has_webrtc() -> None:
    class FakeLink:
        def push(self, item: Item) -> None:
            pass

    async def no_fetch(url: str) -> str | None:
        return None

    with_rtc = LinkEnv(FakeLink(), {"device": {"webrtc": True}}, no_fetch)  # type: ignore[arg-type]
    without = LinkEnv(FakeLink(), {"device": {"webrtc": False}}, no_fetch)  # type: ignore[arg-type]
    old_page = LinkEnv(FakeLink(), {}, no_fetch)  # type: ignore[arg-type]
    assert with_rtc.wire.available
    assert not without.wire.available and not old_page.wire.available


@pytest.mark.parametrize(("event", "why"), [
    ({"action": "hello", "data": {}}, "event.action: expected one of"),
    ({"action": "open", "data": {}}, "event.data.link: missing"),
    ({"action": "open", "data": {"link": "1", "sdp": "x"}}, "event.data.sdp: not a field"),
    ({"action": "open", "data": {"link": "-1"}}, "expected a whole number"),
    ({"action": "open", "data": {"link": "²"}}, "expected a whole number"),
    ({"action": "open", "data": {"link": "1234567890"}}, "longer than 9 bytes"),
    ({"action": "open", "data": {"link": 1}}, "event.data.link: expected text"),
    ({"action": "offer", "data": {"link": "1", "sdp": "x" * (16 * 1024 + 1)}},
     "event.data.sdp: longer than 16384 bytes"),
    ({"action": "message", "data": {"link": "1", "text": "é" * (1 << 19) + "x"}},
     "event.data.text: longer than 1048576 bytes"),
    ({"action": "scanned", "data": {"text": "x", "link": "1"}}, "event.data.link: not a field"),
])
def test_a_net_event_that_rtc_js_does_not_send_is_refused_at_the_edge(
        event: dict[str, Any], why: str) -> None:
    with pytest.raises(BadMessage, match=why):
        read_message(json.dumps({"kind": "net", **event}))


def test_the_biggest_net_events_are_read() -> None:
    assert net("message", link=1, text="x" * (1 << 20)).get("text") == "x" * (1 << 20)
    assert net("offer", link=123456789, sdp="s" * (16 * 1024)).get("link") == "123456789"


def test_the_screen_stays_on_while_any_table_wants_it_and_why_not_is_read_once() -> None:
    """Issue 46: a table hosting and a seat at another's each ask for the screen kept on; the
    page is asked only when the answer changes (on while anyone wants it), and its word that
    it cannot is read once."""
    r, page = relay()
    r.awake("host:machiavelli", True)
    r.awake("guest:machine", True)
    assert page.ops() == [{"op": "awake", "on": True}]
    r.awake("host:machiavelli", False)
    assert page.ops() == []  # the seat at the other table still plays
    r.awake("guest:machine", False)
    r.awake("guest:machine", False)
    assert page.ops() == [{"op": "awake", "on": False}]
    assert r.awake_failure() is None
    r.heard(net("awake-failed", reason="This browser cannot keep the screen on."))
    assert r.awake_failure() == "This browser cannot keep the screen on."
    assert r.awake_failure() is None
