"""app.storage.stored_json: JSON from outside is read, unless nested deep enough to kill
Pyodide's decoder."""

from __future__ import annotations

import pytest
from app.storage.stored_json import MAX_JSON_DEPTH, loads_stored


def test_ordinary_json_reads_as_json_loads_does() -> None:
    assert loads_stored('{"a": [1, {"b": null}]}') == {"a": [1, {"b": None}]}


def test_nesting_deeper_than_the_limit_is_refused_before_decoding() -> None:
    deep = "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1)
    with pytest.raises(ValueError, match="nested more than"):
        loads_stored(deep)
    with pytest.raises(ValueError, match="nested more than"):
        loads_stored("[" * 100_000)
    at_limit = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert loads_stored(at_limit) is not None


def test_brackets_inside_strings_do_not_count() -> None:
    text = '["' + "[{" * MAX_JSON_DEPTH + '", "\\"[["]'
    assert loads_stored(text)[0] == "[{" * MAX_JSON_DEPTH
    many_flat = "[" + ",".join(["[]"] * (MAX_JSON_DEPTH * 2)) + "]"
    assert len(loads_stored(many_flat)) == MAX_JSON_DEPTH * 2
