"""app.messages: the page's messages decoded once (a broken one refused with its path), the
answers' JSON exactly as bridge.js reads it, the thinking worker's requests round-tripping
through the JSON the worker has always read."""

from __future__ import annotations

import json
import re

import pytest
from app.messages import (
    Advice,
    BadMessage,
    BotTurn,
    DeviceChange,
    Event,
    Forget,
    GameHint,
    ThinkRequest,
    Thought,
    WriteRefused,
    encode_items,
    encode_request,
    read_answer,
    read_chosen,
    read_message,
    read_request,
)
from app.page import FLY_MS, Page, RecordingPage
from app.think import Thinker


def test_a_tap_is_decoded_with_the_pages_date() -> None:
    m = read_message(json.dumps({"today": "2026-01-02", "kind": "click", "action": "stack",
                                 "data": {"stack": "2"}, "value": ""}))
    assert m.today == "2026-01-02"
    assert m.body == Event("click", action="stack", data={"stack": "2"})
    assert read_message('{"kind": "visible"}') == read_message(
        '{"kind": "visible", "data": null, "key": null}')


def test_the_pages_own_notes_are_their_own_types() -> None:
    assert read_message('{"kind": "thought", "key": "7", "value": "{}", "data": {"ok": "1"}}'
                        ).body == Thought(7, True, "{}")
    assert read_message('{"kind": "refused", "key": "k", "value": "full"}').body == WriteRefused(
        "k", "full")
    device = read_message('{"kind": "device", "data": {"persisted": false, "offline": "ready"}}')
    assert device.body == DeviceChange(offline="ready", persisted=False)
    assert read_message('{"kind": "device", "data": {"updateReady": true}}').body == (
        DeviceChange(update_ready=True))


@pytest.mark.parametrize(("text", "said"), [
    ("not json", "event: not JSON"),
    ("[1]", "event: expected an object"),
    ('{"kind": "tap"}', "event.kind: expected one of click,"),
    ('{"kind": "click", "data": [1]}', "event.data: expected an object"),
    ('{"kind": "click", "data": {"stack": 2}}', "event.data.stack: expected text, got 2"),
    ('{"kind": "key", "key": 13}', "event.key: expected text"),
    ('{"kind": "click", "today": 1}', "event.today: expected text"),
    ('{"kind": "thought", "key": "x"}', "event.key: expected a question's number"),
    ('{"kind": "device", "data": {"persisted": "yes"}}',
     "event.data.persisted: expected true or false"),
])
def test_a_broken_message_is_refused_with_its_path(text: str, said: str) -> None:
    with pytest.raises(BadMessage, match="^" + re.escape(said)):
        read_message(text)


def test_a_batch_reaches_the_page_in_the_shape_bridge_js_reads() -> None:
    sent: list[str] = []
    page = Page(lambda batch: sent.append(encode_items([batch])))
    page.region("screen", "<p>a</p>")
    page.text("msg", "Hello", "msg refusal")
    page.text("title", "T")
    page.data("ready", "1")
    page.data("gone", None)
    page.flight("AS", "#pile", 40)
    page.cue("placed")
    page.download("games.json", "{}")
    page.scroll_top()
    page.flush()
    assert json.loads(sent[0]) == [{
        "regions": {"screen": "<p>a</p>"}, "texts": {"msg": ["Hello", "msg refusal"],
                                                     "title": ["T", None]},
        "data": {"ready": "1", "gone": None},
        "flights": [{"card": "AS", "from": "#pile", "delay": 40, "ms": FLY_MS}], "cues": ["placed"],
        "download": {"name": "games.json", "text": "{}", "type": "application/json"},
        "scrollTop": True}]
    assert sent[0].startswith('[{"regions":{"screen":')  # compact, as it always was
    rec = RecordingPage()
    rec.text("msg", "x")
    rec.flush()
    assert rec.batches == [{"texts": {"msg": ["x", None]}}] and rec.texts == {"msg": "x"}


def test_think_requests_keep_their_json_and_round_trip() -> None:
    state = {"stacks": [[]]}
    view = {"player": 0}  # a Hint is asked from the seat's view
    wire: list[tuple[ThinkRequest, dict[str, object]]] = [
        (BotTurn("machine", "g1", ("", "strong"), 1, 5, 9, state),
         {"kind": "bot", "game": "machine", "gid": "g1", "levels": ["", "strong"],
          "seat": 1, "seed": 5, "actions": 9, "state": state}),
        (Advice("cube-farm", view, "strong", 3, 4),
         {"kind": "advice", "level": "strong", "seed": 3, "actions": 4, "game": "cube-farm",
          "view": view}),
        (GameHint("machiavelli", view, 0),
         {"kind": "hint", "player": 0, "game": "machiavelli", "view": view}),
        (Forget("g1"), {"kind": "forget", "gid": "g1"}),
    ]
    for request, data in wire:
        assert json.loads(encode_request(request)) == data
        assert read_request(encode_request(request)) == request
    assert read_request('{"kind": "advice", "game": "m", "view": {}}') == Advice("m", {})
    with pytest.raises(BadMessage, match=r"^request\.seat: expected a whole number"):
        read_request('{"kind": "bot", "game": "m", "gid": "g", "levels": [], "seat": "1"}')
    with pytest.raises(BadMessage, match=r"^request\.kind: expected one of bot, advice, hint, "
                                         "forget, got 'dream'"):
        read_request('{"kind": "dream"}')


def test_answers_are_read_by_their_senders() -> None:
    assert read_chosen('{"action": "deal"}') == "deal"
    assert read_answer('{"cards": 2}') == {"cards": 2}
    assert Thinker().think(encode_request(Forget("nobody"))) == "{}"
    with pytest.raises(BadMessage, match=r"^answer\.action: missing"):
        read_chosen("{}")
    with pytest.raises(BadMessage, match=r"^answer\.action: expected text, got 3"):
        read_chosen('{"action": 3}')
