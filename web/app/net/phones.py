"""This phone at a table of phones, as the shell keeps it (issue 36): the page's WebRTC
(:class:`~app.net.wire.Wire`), and, when this phone joins another phone's table, the join
screen and the seat it sits in (:class:`~app.net.guest.Guest`).

Joining: a join link (``#/join/<code>``) carries the host's offer. The join screen asks the
player's name, answers the offer and shows the answer as a QR code (and as text to paste)
for the host to scan. Once the channel opens, the host names its table (its id) and the guest
joins with the seat token this phone kept from an earlier sitting at that table, if any (a
phone keeps one token per table, for the last :data:`MAX_TABLES` tables, and never sends one
table's token to another); the host welcomes it to its seat, and the game's own table shows it
(``#/<game>/guest``) with the same board as on the host. A join the host refuses is said on
the join screen, with the way out; a new welcome on the same channel (the host's Play again)
shows the new game.

A watcher's link (``#/join/<code>/watch``) asks to watch instead: this phone (or big screen)
takes no seat and sends no seat token; the host sends it the public view only.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TypeVar

from app.kit import button, esc, topbar
from app.net.codes import BadCode, code_from_text, expand, pack
from app.net.guest import Guest
from app.net.hosting import Hosting
from app.net.qr import qr_code
from app.net.visiting import Visiting
from app.net.wire import Wire
from app.page import Page
from app.seated.history import Marker
from app.seated.remote import SeatedCore, Told
from app.seated.seats import clean_name
from app.storage import SEAT_KEY, Store, loads_stored
from app.table import Event
from engine.protocol import Action, View

U = TypeVar("U")
S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=View)

SCAN_VIEW = "net-join-scan"
MAX_TABLES = 20  # the tables whose seat tokens a phone keeps (the oldest forgotten first)
REFUSED_JOIN = ("The host's phone did not let this phone in: {reason}. Ask the host for a new "
                "invitation.")


class Phones:
    """The shell's part: the wire, and this phone's sitting at another phone's table."""

    def __init__(self, page: Page, store: Store, wire: Wire, go: Callable[[str], None],
                 base_url: Callable[[], str]) -> None:
        self.page = page
        self.store = store
        self.wire = wire
        self.go = go
        self.base_url = base_url
        self.offer = ""  # the join link's offer (its SDP), on the join screen
        self.problem = ""
        self.link: int | None = None  # the link answering it
        self.answer = ""  # the answer's code, once gathered
        self.guest: Guest | None = None
        self.sitting = 0  # the host's welcomes (a game each) this phone was shown
        self.watch = False  # the join link is a watcher's: watch, without a seat
        self.pumps: list[Callable[[], None]] = []  # the tables' hosting, read after an event
        self.actions: dict[str, Callable[[Event], None]] = {
            "net-join": self.act_join}

    @property
    def available(self) -> bool:
        return self.wire.available

    def seat(self, core: SeatedCore[U, S, A, V], words: Told[S, A], marker: Marker[S]
             ) -> tuple[Hosting[S, A], Visiting[U, S, A, V]]:
        """A seated table's parts (:class:`app.seated.remote.RemoteSeats`): hosting its game
        for people on other phones, and this phone's seat at another phone's table."""
        return (Hosting(core, words, marker, lambda: self.wire, self.base_url),
                Visiting(core, words, lambda: self.guest, lambda: self.wire))

    # --- the stored seat ---
    def stored(self) -> tuple[dict[str, str], str]:
        """The seat tokens this phone kept, by table id (the oldest first), and the name its
        player gave. An older app's form (one token, of whichever table it was) still loads:
        its token is dropped, as no table can be told to be its."""
        text = self.store.get(SEAT_KEY)
        try:
            data = loads_stored(text) if text else None
        except ValueError:
            data = None
        if not isinstance(data, dict):
            return {}, ""
        tables, name = data.get("tables"), data.get("name")
        kept = ({k: v for k, v in tables.items() if isinstance(k, str) and isinstance(v, str)}
                if isinstance(tables, dict) else {})
        return kept, name if isinstance(name, str) else ""

    def keep(self, tables: dict[str, str], name: str) -> None:
        last = list(tables.items())[-MAX_TABLES:]
        self.store.set(SEAT_KEY, json.dumps({"tables": dict(last), "name": name}))

    def keep_seat(self, table: str, token: str) -> None:
        """The token of this phone's seat at ``table``, kept as the newest."""
        tables, name = self.stored()
        tables.pop(table, None)
        tables[table] = token
        self.keep(tables, name)

    # --- the join screen ---
    def open_join(self, text: str, watch: bool = False) -> None:
        """``#/join/<code>`` (``/watch``: a watcher's): read the offer, then the join
        screen."""
        self.watch = watch
        if self.guest is not None:  # a new invitation: the last sitting ends
            self.guest.transport.close()
        self.link, self.answer, self.problem = None, "", ""
        self.guest, self.sitting = None, 0
        try:
            self.offer = expand(code_from_text(text), "offer")
        except BadCode as e:
            self.offer, self.problem = "", str(e)
        self.render_join()

    def act_join(self, _ev: Event) -> None:
        if not self.offer or self.link is not None or not self.wire.available:
            return
        self.link = self.wire.answer(self.offer)
        self.render_join()

    def on_change(self, ev: Event) -> bool:
        if ev.action != "net-name":
            return False
        tables, _ = self.stored()
        self.keep(tables, clean_name(ev.value))
        return True

    def join_words(self) -> tuple[str, str]:
        """The join screen's line and its button's words."""
        if self.watch:
            return ("You are invited to watch a table: no hand is dealt to this screen, it "
                    "shows the table as everyone sees it.", "Watch the table")
        return "You are invited to a table. Your hand stays on this phone.", "Join the table"

    def render_join(self) -> None:
        _, name = self.stored()
        if self.problem and not self.offer:
            body = (f'<p class="msg refusal" role="alert" data-testid="join-problem">'
                    f"{esc(self.problem)}</p><p>Ask the host for a new invitation.</p>")
        elif not self.wire.available:  # said at once, before a name is asked for
            body = ('<p class="msg refusal" role="alert" data-testid="join-problem">This '
                    "browser cannot join a table of phones: it has no WebRTC data channels."
                    "</p><p>Open the same link in another browser on this phone (a recent "
                    "Chrome, Firefox or Safari), or play on the host's phone.</p>")
        elif self.link is None:
            problem = (f'<p class="msg refusal" role="alert" data-testid="join-problem">'
                       f"{esc(self.problem)}</p>" if self.problem else "")
            said, go = self.join_words()
            body = (f'<p data-testid="join-words">{esc(said)}</p>'
                    '<label for="net-name">Your name</label>'
                    f'<input id="net-name" type="text" maxlength="24" autocomplete="off" '
                    f'value="{esc(name)}" data-action="net-name" data-testid="join-name" '
                    f'placeholder="Name">{problem}'
                    + button(go, "net-join", cls="btn primary wide",
                             testid="join-go"))
        elif self.problem:  # after the answer: the host's phone could not be joined
            body = (f'<p class="msg refusal" role="alert" data-testid="join-problem">'
                    f"{esc(self.problem)}</p>")
            if "new invitation" not in self.problem:
                body += "<p>Ask the host for a new invitation.</p>"
        elif not self.answer:
            body = '<p data-testid="join-wait">Preparing your answer…</p>'
        else:
            body = (f'<p>Show this to the host: they tap “Scan the answer”.</p>'
                    f'<div class="qr" data-testid="answer-qr">'
                    f'{qr_code(self.answer, "QR code of your answer", self.page)}</div>'
                    '<p>Or send them this code to paste:</p>'
                    f'<input class="code" readonly aria-label="Your answer" '
                    f'value="{esc(self.answer)}" data-testid="answer-code">'
                    '<p class="fine" data-testid="join-status">Waiting for the host…</p>')
        self.page.region("screen", topbar("Join a table")
                         + f'<main class="page join" id="main"><section class="panel" '
                           f'data-testid="join">{body}</section></main>')

    # --- after each of the page's net events ---
    def pump(self) -> None:
        if self.link is not None and not self.answer and self.guest is None:
            local = self.wire.local(self.link)
            problem = self.wire.failure(self.link)
            if local:
                self.answer = pack(local)
                self.render_join()
            elif problem:
                self.link, self.problem = None, problem
                self.render_join()
        if self.link is not None and self.guest is None and self.wire.channel(self.link).open:
            tables, name = self.stored()  # (it joins once the host has named its table)
            self.guest = Guest(self.wire.channel(self.link),
                               name or ("Watcher" if self.watch else "Guest"),
                               tables=None if self.watch else tables, watch=self.watch)
            # said at once: a host whose app is of another version, which may not name its
            # table, answers it as such, and both phones say so (never a silent wait)
            self.guest.ping()
        g = self.guest
        if g is not None:
            g.pump()
            if g.other_app is not None and g.seat is None:  # said on the join screen
                self.problem, g.other_app = g.other_app.words("The host's phone"), None
                self.render_join()
            elif g.seat is None and g.refusals and not self.problem:  # the join refused
                self.problem = REFUSED_JOIN.format(reason=g.refusals[-1])
                self.render_join()
            # welcomed and shown the table (its first view can come a moment after the
            # welcome): its table shows it; a new welcome (Play again) shows the new game
            if ((g.seat is not None or g.watching) and g.view is not None
                    and g.sittings != self.sitting):
                self.sitting = g.sittings
                if not g.watching and g.table is not None and g.token is not None:
                    self.keep_seat(g.table, g.token)
                self.go(f"#/{g.game}/guest")
        for pump in self.pumps:
            pump()
