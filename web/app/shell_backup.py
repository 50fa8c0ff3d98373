"""The shell's part that moves your games to another device (:mod:`app.backup` reads and writes
the file): Settings' Export games and Import games, and the question an import asks when this
device already has a game the file has too ("Replace" or "Keep"). Browser-free, as the shell."""

from __future__ import annotations

import json
from collections.abc import Callable

from app import backup, screens
from app.page import Page
from app.routes import Route
from app.storage import TabStore
from app.table import Event
from app.tables import Tables


def version() -> str:
    """The engine's version (kept in exports, said on About)."""
    import engine

    return str(engine.__version__)


class Backup:
    """Export and import of this device's games, saves and settings; ``importing`` is an import
    waiting for the player's answer (drawn on the Settings screen instead of the settings)."""

    def __init__(self, page: Page, store: TabStore, tables: Tables,
                 say: Callable[[str, str], None], render: Callable[[], None],
                 imported_settings: Callable[[], None]) -> None:
        self.page = page
        self.store = store
        self.tables = tables
        self.say = say
        self.render = render
        self.imported_settings = imported_settings  # read the settings the import wrote
        self.importing: backup.Plan | None = None
        self.actions: dict[str, Callable[[Event], None]] = {
            "export-games": self.act_export, "import-replace": self.act_replace,
            "import-keep": self.act_keep}

    def question_html(self) -> str | None:
        """The import's question, when one waits for an answer."""
        if self.importing is None:
            return None
        return screens.import_confirm_html([c.text for c in self.importing.conflicts])

    def forget(self) -> None:
        """The player went elsewhere: the question is not asked any more."""
        self.importing = None

    def act_export(self, _ev: Event) -> None:
        for t in self.tables.made.values():
            t.save()
        data = backup.export_data(self.store, self.tables, version())
        name = backup.file_name()
        self.page.download(name, json.dumps(data, indent=1, ensure_ascii=False))
        what = backup.export_counts(data) or "your settings"
        self.say(f"Saved {what} in “{name}” (look in your downloads). On the other device: "
                 "Settings, Import games.", "info")

    def read_file(self, ev: Event) -> None:
        """The page's bridge read the chosen file (``value``; ``size`` in bytes, not read
        when it is over the limit)."""
        self.importing = None
        try:
            size = int(ev.get("size", "0"))
        except ValueError:
            size = 0
        if ev.get("error"):
            self.say(f"The file could not be read ({ev.get('error')[:100]}). Nothing was "
                     "imported.", "refusal")
            return
        for t in self.tables.made.values():
            t.save()
        try:
            if size > screens.MAX_IMPORT_BYTES and not ev.value:
                raise backup.FileRefused(f"This file is too large to be a file of your games "
                                     f"({size / 1e6:.1f} MB). Nothing was imported.")
            plan = backup.plan_import(self.store, ev.value, self.tables)
        except backup.FileRefused as e:
            self.say(str(e), "refusal")
            return
        if plan.conflicts:
            self.importing = plan
            self.render()
            self.page.focus("h1")
            return
        self.finish(plan, replace=True)

    def act_replace(self, _ev: Event) -> None:
        if self.importing is not None:
            self.finish(self.importing, replace=True)

    def act_keep(self, _ev: Event) -> None:
        if self.importing is not None:
            self.finish(self.importing, replace=False)

    def finish(self, plan: backup.Plan, replace: bool) -> None:
        self.importing = None
        done = backup.apply_plan(self.store, plan, replace, self.tables)
        for gid in done.games:  # a fresh table reads the imported game and set-up
            old = self.tables.made.get(gid)
            if old is not None:  # one not made yet reads them when it is
                old.leave(Route("settings"))
                self.tables.again(gid)
        self.imported_settings()
        self.render()
        self.say(backup.result_text(plan, done), "refusal" if plan.problems else "info")
        self.page.focus("import-choose")
