"""The revision stamp a saved game's text starts with, so two tabs can tell whose is newer.

The app writes ``{"rev":N,"tab":"id",`` before the game's own fields, so reading the stamp
does not need the whole game parsed; a save from before revisions reads as revision 0.
"""

from __future__ import annotations

import re

from app.storage.stored_json import loads_stored

_STAMP = re.compile(r'\{"rev":([1-9][0-9]{0,15}),"tab":"([0-9a-z]{0,40})",?')


def stamped(body: str, rev: int, tab: str) -> str:
    """A saved game's JSON text with its revision and tab first (so reading them is cheap)."""
    return f'{{"rev":{rev},"tab":"{tab}"' + ("," if body != "{}" else "") + body[1:]


def unstamped(text: str) -> str:
    """A saved game's text without the revision and tab this app puts first: the game alone,
    as ``to_json`` writes it (so two tabs' copies of one position compare equal)."""
    head = _STAMP.match(text)
    return text if head is None else "{" + text[head.end():]


def stamp_of(text: str | None) -> tuple[int, str]:
    """A saved game's revision and the tab that wrote it ((0, "") for none, or a save from
    before revisions)."""
    if not text:
        return 0, ""
    head = _STAMP.match(text)  # the app writes them first: no need to read the whole game
    if head is not None:
        return int(head.group(1)), head.group(2)
    try:
        data = loads_stored(text)
    except (ValueError, TypeError, RecursionError):  # deep nesting: RecursionError
        return 0, ""
    if not isinstance(data, dict):
        return 0, ""
    rev, tab = data.get("rev"), data.get("tab")
    if not isinstance(rev, int) or isinstance(rev, bool) or rev <= 0:
        rev = 0
    return rev, (tab if isinstance(tab, str) else "")
