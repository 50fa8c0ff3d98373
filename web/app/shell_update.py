"""The shell's part that offers a new version of the app: the update bar, shown once the page's
service worker has the new version, and its Update button. Browser-free, as the shell."""

from __future__ import annotations

from collections.abc import Callable

from app import screens
from app.page import Page
from app.table import Env, Event
from app.tables import Tables


class UpdateBar:
    """"Update available", and taking the new version with every game saved."""

    def __init__(self, page: Page, env: Env, tables: Tables) -> None:
        self.page = page
        self.env = env
        self.tables = tables
        self.ready = False  # the new version waits
        self.actions: dict[str, Callable[[Event], None]] = {"apply-update": self.act_apply}

    def show(self) -> None:
        self.ready = True
        self.page.region("update-bar", screens.update_bar_html())
        self.page.hidden("update-bar", False)
        self.page.root_class("has-update", True)  # the table makes room

    def act_apply(self, _ev: Event) -> None:
        """Save every table's game, then take the new version: even if a save fails (every
        change was saved already), Update never does nothing."""
        try:
            for t in self.tables.made.values():
                t.save()
        finally:
            self.env.apply_update()
