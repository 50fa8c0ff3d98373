"""The shell's part that keeps the player's settings (:mod:`app.settings`): the Settings screen,
its taps and choices, and what the page does with them (four colours, sounds, vibrations).
Browser-free, as the shell."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from app import screens
from app import settings as cfg
from app.page import Page
from app.storage import TabStore
from app.table import Declared, Event


class SettingsScreen:
    """The player's settings (``settings``, read from this device's store) and the Settings
    screen: the app's own settings, each game's (its :class:`Declared` fields) and the table of
    phones' STUN server. ``actions`` are its taps, ``changes`` its choices and text (each says
    whether it took the change)."""

    def __init__(self, page: Page, store: TabStore, declared: Mapping[str, Declared],
                 say: Callable[[str, str], None], render: Callable[[], None]) -> None:
        self.page = page
        self.store = store
        self.declared = declared
        self.say = say
        self.render = render
        self.settings = cfg.load_settings(store)
        self.actions: dict[str, Callable[[Event], None]] = {"toggle-setting": self.act_toggle}
        self.changes: dict[str, Callable[[Event], bool]] = {
            "setting-choice": self.choose, "setting-text": self.write}

    def reload(self) -> None:
        """Read the settings again (another tab or an import wrote them) and show them."""
        self.settings = cfg.load_settings(self.store)
        self.apply()

    def apply(self) -> None:
        self.page.root_class("four-colour", self.settings.four_colour)
        # what web/app/cues.js may play
        self.page.data("sound", "1" if self.settings.sound else None)
        self.page.data("haptics", "1" if self.settings.haptics else None)

    def cue(self, name: str) -> None:
        if self.settings.sound or self.settings.haptics:
            self.page.cue(name)

    def save(self) -> None:
        cfg.save_settings(self.store, self.settings)

    def fields(self) -> dict[str, tuple[cfg.Field, list[str]]]:
        """Every table's own settings by key, with the names of the games that declare it."""
        out: dict[str, tuple[cfg.Field, list[str]]] = {}
        for d in self.declared.values():
            for f in d.fields(self.settings):
                out.setdefault(f.key, (f, []))[1].append(d.name)
        return out

    def html(self) -> str:
        """The Settings screen: the settings every game shares, then each game's own."""
        fields = self.fields()
        shared = [(f, names) for f, names in fields.values() if f.shared]
        games = [(d.name, [fields[k][0] for k in fields
                           if not fields[k][0].shared and d.name in fields[k][1]])
                 for d in self.declared.values()]
        return screens.settings_html(self.settings, shared, games)

    def act_toggle(self, ev: Event) -> None:
        key = ev.get("key")
        declared = self.fields().get(key)
        if key in ("four_colour", "sound", "haptics") or (
                declared is not None and not declared[0].choices):
            on = self.settings.get(key) is True
            self.settings.put(key, not on)
            self.save()
            self.apply()
            if not on and key in ("sound", "haptics"):
                self.cue("turn")  # what it sounds or feels like
        self.render()
        self.page.focus(f"set-{key}")

    def choose(self, ev: Event) -> bool:
        """A game's setting chosen from its list (one it does not offer is ignored)."""
        declared = self.fields().get(ev.get("key"))
        if declared is not None and declared[0].read(ev.value) == ev.value:
            self.settings.put(declared[0].key, ev.value)
            self.save()
        return True

    def write(self, ev: Event) -> bool:
        """A setting written out: the STUN server (any other is not this screen's)."""
        if ev.get("key") != "stun":
            return False
        self.set_stun(ev.value.strip())
        return True

    def set_stun(self, value: str) -> None:
        if not cfg.STUN.fullmatch(value) or len(value) > cfg.MAX_TEXT:
            self.say("A STUN server is written host:port, like stun.example.org:3478 (or "
                     "nothing, for phones on one Wi-Fi).", "refusal")
            return
        self.settings.put("stun", value)
        self.save()
        self.say("Saved." if value else "No STUN server: phones connect on one Wi-Fi.", "info")
