"""app.storage.revisions: the stamp a save starts with is written, read and taken off again."""

from __future__ import annotations

import json

from app.storage.revisions import stamp_of, stamped, unstamped


def test_a_stamped_save_reads_back_its_revision_and_body() -> None:
    body = json.dumps({"game": "machine", "gid": "x"}, separators=(",", ":"))
    text = stamped(body, 7, "t1")
    assert text.startswith('{"rev":7,"tab":"t1",') and json.loads(text)["gid"] == "x"
    assert stamp_of(text) == (7, "t1") and unstamped(text) == body
    assert stamped("{}", 1, "a") == '{"rev":1,"tab":"a"}'
    assert unstamped('{"rev":1,"tab":"a"}') == "{}"


def test_a_save_from_before_revisions_is_revision_0() -> None:
    body = '{"game":"machine"}'
    assert stamp_of(body) == (0, "") and unstamped(body) == body
    assert stamp_of(None) == (0, "")


def test_a_stamp_written_elsewhere_in_the_object_is_still_read() -> None:
    assert stamp_of('{"game":"m", "tab":"t2", "rev":4}') == (4, "t2")
    assert stamp_of('{"rev":4,"tab":5}') == (4, "")
