"""New deal and Restart, asked first: either would throw away a deal in progress, so the dock
asks before (Keep playing, or New deal / Restart anyway). The home tile's New deal asks at the
table, once the table is drawn."""

from __future__ import annotations

from typing import Protocol

from app.board import Core, Frame, Handler
from app.kit import confirm_html
from app.page import Page
from app.storage import random_deal_number
from app.table import Event, Host
from app.tables.perpetual_motion import PM, words
from app.tables.perpetual_motion import session as pm
from app.tables.perpetual_motion.session import Session
from app.tables.perpetual_motion.to_the_end import ToTheEnd
from engine.games.perpetual_motion.rules import PMAction, PMState, PMView


class Asking(Protocol):
    """What the question needs of the board it is asked on."""

    t: Core[None, PMState, PMAction, PMView]
    app: Host
    page: Page
    frame: Frame
    to_end: ToTheEnd  # playing to the end stops while the question is on show

    @property
    def session(self) -> Session | None: ...

    def render_controls(self) -> None: ...

    def say(self, text: str, kind: str = "info") -> None: ...


class DealQuestion:
    """The question on show in the dock (``what``: "new-deal" | "restart"), if any, and one to
    ask once the table is drawn (``at_table``)."""

    def __init__(self, board: Asking) -> None:
        self.board = board
        self.what: str | None = None
        self.at_table = ""

    def setting_aside(self, action: str, handler: Handler) -> Handler:
        """``handler``, after a question on show is set aside: any of the board's taps but
        the question's answer sets it aside (Keep playing only does that)."""

        def tap(ev: Event) -> None:
            if self.what is not None and not action.endswith("-sure"):
                self.what = None
                self.board.render_controls()
                if action == "keep-deal":
                    return
            handler(ev)

        return tap

    def ask(self, what: str) -> bool:
        """Ask before ``what`` throws a deal in progress away; True: the question is on show,
        nothing done yet."""
        b = self.board
        s = b.session
        if s is None or not words.in_progress(s):
            return False
        b.to_end.stop()
        self.what = what
        question, yes = words.question(what, s)
        b.page.region(b.frame.dock, confirm_html(question, yes, f"{what}-sure",
                                                 "Keep playing", "keep-deal"))
        b.page.focus("keep-deal")
        b.page.announce(f"{question} Keep playing, or {yes}?")  # the dock asks: said too
        return True

    def after_render(self) -> None:
        """The table is drawn: the question the home tile's New deal left, asked now."""
        if self.at_table:
            what, self.at_table = self.at_table, ""
            self.ask(what)

    def keep(self, _ev: Event | None) -> None:
        self.what = None
        self.board.render_controls()
        s = self.board.session
        if s is not None:
            self.board.say(f"Deal {pm.deal_of(s)} goes on where it was.")

    def new_deal(self, _ev: Event | None) -> None:
        b = self.board
        if not b.t.on_table() and words.in_progress(b.session):
            # the home tile's New deal: the question is asked at the table, drawn first
            self.at_table = "new-deal"
            b.app.go(f"#/{PM}")
            return
        if not self.ask("new-deal"):
            self.new_deal_sure(None)

    def new_deal_sure(self, _ev: Event | None) -> None:
        self.what = None
        self.board.t.new_game(random_deal_number())
        s = self.board.session
        if s is not None:
            self.board.say(f"A new deal, number {pm.deal_of(s)}. {words.first_words(s)}")

    def restart(self, _ev: Event | None) -> None:
        if not self.ask("restart"):
            self.restart_sure(None)

    def restart_sure(self, _ev: Event | None) -> None:
        self.what = None
        b = self.board
        s = b.session
        if s is None or pm.deal_of(s) is None:
            return
        b.to_end.stop()
        b.t.new_game(s.deal)  # Tap moves kept
        s = b.session
        if s is not None:
            b.say(f"Deal {pm.deal_of(s)} starts again from the beginning. "
                  f"{words.first_words(s)}")
