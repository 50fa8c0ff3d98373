"""The keys of this app's data in the device's storage, written once.

Every form is derived from the definitions here: the key functions the tables use, the pattern
of saved games' keys (:class:`app.link.Mirror` compares and sets their writes), and the pattern
of the keys another tab's writes are shown for (:data:`SHARED_KEY`: handed to the page at start,
so ``web/bridge.js`` holds no copy). Saves written by every older version use these keys.
"""

from __future__ import annotations

import re

PREFIX = "tabletop."  # every key of the app (the page's snapshot takes the keys it starts with)
GAME_ID = "[a-z0-9-]{1,40}"  # a game's id as it appears in a key

SAVE, RECORD, SETUP, DAILY = "save", "record", "setup", "daily"  # one game's keys end so
SETTINGS_KEY = f"{PREFIX}settings"
GUIDES_KEY = f"{PREFIX}guides"  # {"dismissed": [game ids]}: the guide offers no longer made
# this phone's seat at another phone's table (app.net): {"token": ..., "name": ...}
SEAT_KEY = f"{PREFIX}seat"
PHONES = "phones"  # a hosted game's seat tokens: {"gid": ..., "tokens": {seat: token}}


def game_key(game_id: str, kind: str) -> str:
    return f"{PREFIX}{game_id}.{kind}"


def save_key(game_id: str) -> str:
    return game_key(game_id, SAVE)


def record_key(game_id: str) -> str:
    return game_key(game_id, RECORD)


def setup_key(game_id: str) -> str:
    return game_key(game_id, SETUP)


def daily_key(game_id: str) -> str:
    return game_key(game_id, DAILY)


def phones_key(game_id: str) -> str:
    return game_key(game_id, PHONES)


def broken_prefix(game_id: str) -> str:
    """Where an unreadable save of ``game_id`` is moved (the time in ms follows)."""
    return game_key(game_id, "unreadable.")


def daily_aside_prefix(game_id: str) -> str:
    """Where an unreadable daily book is moved (the time in ms follows)."""
    return game_key(game_id, "daily-unreadable.")


# Patterns in the syntax Python and JavaScript share (the page builds a RegExp from the text).
_GAME = re.escape(PREFIX) + GAME_ID + r"\."
SAVE_KEY = re.compile(f"^{_GAME}{SAVE}$")  # a saved game's key (writes are compared and set)
SHARED_KEY = re.compile(  # the keys another tab's writes are shown for
    f"^{re.escape(PREFIX)}(settings|{GAME_ID}\\.({SAVE}|{RECORD}|{DAILY}))$")
