"""The set-up screen of a seated game: the form (:class:`.setup_form.SetupForm`) drawn, its
fields and buttons answered, and Start, asked first when it would end a game in progress."""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, Protocol, TypeVar

from app.board import Handler
from app.seated.screens import played_text
from app.seated.seats import Match, Setup
from app.seated.setup_form import SetupForm
from app.table import Event, Host

S = TypeVar("S")  # the game's state


class Starting(Protocol[S]):
    """What the set-up screen needs of its table: the game a Start would end, and Start."""

    @property
    def match(self) -> Match[S] | None: ...

    def start(self, setup: Setup, deal: int | None, watch: bool = False,
              daily: str = "") -> None: ...


class SetupScreen(Generic[S]):
    """The set-up screen of ``table``'s game."""

    def __init__(self, app: Host, game_id: str, form: SetupForm, table: Starting[S]) -> None:
        self.app = app
        self.page = app.page
        self.game_id = game_id
        self.form = form
        self.table = table
        self.actions: dict[str, Handler] = {
            "setup-add": self.add, "setup-remove": self.remove, "setup-start": self.start,
            "setup-keep": self.keep, "setup-start-anyway": self.start_anyway}

    def render(self, focus: str | None = None) -> None:
        self.page.region("screen", self.form.html(phones=self.app.phones.available))
        if focus:
            self.page.focus(focus)

    def change(self, ev: Event) -> None:
        focus = self.form.change(ev)
        if focus is not None:
            self.render(focus=focus)

    def _redraw_if(self, changed: Callable[[], bool]) -> None:
        if changed():
            self.render(focus="setup-start")

    def add(self, _ev: Event | None) -> None:
        self._redraw_if(self.form.add)

    def remove(self, ev: Event) -> None:
        self._redraw_if(lambda: self.form.remove(int(ev.get("seat"))))

    def start(self, _ev: Event | None) -> None:
        if not self.form.ready():
            self.render(focus=self.form.focus())
            return
        m = self.table.match
        if m is not None and not m.over and m.actions > 0:
            # a game in progress would be thrown away: ask first
            self.page.region("screen", self.form.html(played_text(m),
                                                      self.app.phones.available))
            self.page.focus("setup-keep")
            return
        self.start_anyway(None)

    def keep(self, _ev: Event | None) -> None:
        self.app.go(f"#/{self.game_id}")

    def start_anyway(self, _ev: Event | None) -> None:
        if not self.form.ready():
            self.render(focus=self.form.focus())
            return
        draft = self.form.draft
        self.table.start(draft, draft.deal)
        if self.app.route.screen == "setup":
            self.app.go(f"#/{self.game_id}")
