"""The player's settings, one object for the whole app, kept under one key."""

from __future__ import annotations

import json
from dataclasses import dataclass

from app.storage import Store, loads_stored

SETTINGS_KEY = "tabletop.settings"
SPEEDS = {"slow": 900, "normal": 450, "fast": 150, "instant": 0}  # ms between auto-play steps


@dataclass
class Settings:
    four_colour: bool = False
    manual: bool = False  # new games start in manual mode
    speed: str = "normal"

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

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
        if isinstance(data.get("four_colour"), bool):
            s.four_colour = data["four_colour"]
        if isinstance(data.get("manual"), bool):
            s.manual = data["manual"]
        if data.get("speed") in SPEEDS:
            s.speed = data["speed"]
        return s


def load_settings(store: Store) -> Settings:
    return Settings.from_json(store.get(SETTINGS_KEY))


def save_settings(store: Store, settings: Settings) -> None:
    store.set(SETTINGS_KEY, settings.to_json())
