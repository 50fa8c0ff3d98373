"""Reading JSON this app did not just write, without letting deep nesting kill the app."""

from __future__ import annotations

import json
import re
from typing import Any

# JSON as ``json.loads`` gives it and ``json.dumps`` takes it: what a save, a record or a
# message holds where its shape is not fixed (a game's state, a set-up's options)
JSON = dict[str, "JSON"] | list["JSON"] | str | int | float | bool | None
JSONObject = dict[str, JSON]

MAX_JSON_DEPTH = 64  # arrays and objects in one another: saves need fewer than 10
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def loads_stored(text: str) -> Any:
    """``json.loads`` for text this app did not just write (a saved game, a record, settings,
    an imported file). Nesting deeper than MAX_JSON_DEPTH is refused with a ValueError first:
    in Pyodide the JSON decoder's recursion exhausts the JavaScript stack long before Python's
    recursion limit, which kills the interpreter for good (not a RecursionError), so a save of
    ``[[[[…`` would stop the app from ever starting again."""
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH:
        depth = 0
        for token in _JSON_TOKENS.finditer(text):
            c = token.group()
            if c == "[" or c == "{":
                depth += 1
                if depth > MAX_JSON_DEPTH:
                    raise ValueError(f"nested more than {MAX_JSON_DEPTH} deep")
            elif c == "]" or c == "}":
                depth -= 1
    return json.loads(text)
