"""The player's settings, one object for the whole app, kept under one key.

The app's own settings (for every game) are this object's attributes; a game's table declares
its own (:class:`Field`, through its package's ``DECLARED.fields``) and their values are kept
in the same object and key, by the field's key (Perpetual Motion's ``manual`` and ``speed`` are
such). Settings written by an older version (only ``four_colour``, ``manual`` and ``speed``)
load unchanged; keys this version does not know (a newer version's) are kept as they are.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, fields

from app.storage import SETTINGS_KEY as SETTINGS_KEY  # the shell and backup read it here
from app.storage import Store, loads_stored

SPEEDS = {"slow": 900, "normal": 450, "fast": 150, "instant": 0}  # ms between auto-play steps
# The auto-play speed's key: how fast the app plays moves for the player. A table declares the
# field (Perpetual Motion's Play to the end); a replay's pace and the computers' speed until it
# is chosen follow it too (:func:`pace`).
PACE = "speed"
CUES = ("placed", "refused", "turn", "won", "lost")  # the sounds and pulses the page can play
_KEY = re.compile(r"^[a-z][a-z0-9_]{0,39}$")
MAX_TEXT = 40  # a stored choice is a short word
STUN = re.compile(r"(?:[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63})*(?::[0-9]{1,5})?)?")


@dataclass(frozen=True)
class Field:
    """One setting a table declares: a switch, or a choice among ``choices`` (value, label).
    ``shared``: the same setting for every game that declares it, shown once under "Every
    game" with the names of those games."""

    key: str
    label: str
    hint: str = ""
    choices: tuple[tuple[str, str], ...] = ()
    default: bool | str = False
    shared: bool = False

    def read(self, value: object) -> bool | str:
        """A stored value as this field's, or its default when it is not one."""
        if self.choices:
            return next((v for v, _ in self.choices if v == value), self.default)
        return value if isinstance(value, bool) else self.default


def speed_choices() -> tuple[tuple[str, str], ...]:
    return tuple((k, k.capitalize()) for k in SPEEDS)


@dataclass
class Settings:
    four_colour: bool = False
    sound: bool = False  # sound effects (generated on the page: web/app/cues.js)
    haptics: bool = False  # short vibrations, where the device has them
    # a STUN server (host:port) for a table of phones across the internet; "": none (phones on
    # one Wi-Fi or one phone's hotspot need none, and nothing is sent anywhere else)
    stun: str = ""
    values: dict[str, bool | str] = field(default_factory=dict)  # tables' own, by key

    def get(self, key: str) -> bool | str | None:
        """A setting by its key: one of the attributes, or a table's own (None: not set)."""
        if key != "values" and key in self._own():
            value: bool | str = getattr(self, key)
            return value
        return self.values.get(key)

    def put(self, key: str, value: bool | str) -> None:
        if key != "values" and key in self._own():
            setattr(self, key, value)
        elif _KEY.match(key):
            self.values[key] = value

    @classmethod
    def _own(cls) -> dict[str, object]:
        return {f.name: f.default for f in fields(cls) if f.name != "values"}

    def to_json(self) -> str:
        data: dict[str, bool | str] = dict(self.values)
        data.update({k: getattr(self, k) for k in self._own()})
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str | None) -> Settings:
        s = cls()
        if not text:
            return s
        try:
            data = loads_stored(text)
        except ValueError:
            return s
        if not isinstance(data, dict):
            return s
        for key, default in cls._own().items():
            value = data.get(key)
            if (isinstance(default, bool) and isinstance(value, bool)) or (
                    isinstance(default, str) and isinstance(value, str)
                    and STUN.fullmatch(value)):  # the one text setting: a STUN address
                setattr(s, key, value)
        for key, value in data.items():
            if (isinstance(key, str) and key not in cls._own() and key != "values"
                    and _KEY.match(key) and (isinstance(value, bool) or (
                        isinstance(value, str) and len(value) <= MAX_TEXT))):
                s.values[key] = value
        return s


def pace(settings: Settings) -> str:
    """The auto-play speed (a key of SPEEDS): "normal" until one is chosen."""
    value = settings.get(PACE)
    return value if isinstance(value, str) and value in SPEEDS else "normal"


def load_settings(store: Store) -> Settings:
    return Settings.from_json(store.get(SETTINGS_KEY))


def save_settings(store: Store, settings: Settings) -> None:
    store.set(SETTINGS_KEY, settings.to_json())
