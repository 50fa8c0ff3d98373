"""A table's game played with people on other phones: this phone hosts it (issue 36).

The table core (:class:`app.seated.table.SeatedTable`) keeps one :class:`Hosting`. When the
game on the table has *phone* seats it holds the referee (:class:`app.net.host.Referee`) over
that game: every change the table saves is sent to the guests present (each its own view),
and a guest's actions come back through the table's own moves (``guest_step``), which applies,
logs, saves and redraws them as a tap's. The seat tokens given out are kept beside the game
(:func:`app.storage.phones_key`), so guests rejoin a host whose page reloaded.

Inviting a phone: the host's link makes an offer; its code is shown as a QR code of the join
link (the guest's camera opens the app at ``#/join/<code>``) and as the link itself to share.
The guest's phone shows its answer as a QR code: the host scans it in the app (or pastes it),
the channel opens, the guest joins its seat.

Inviting a watcher (a big screen, a phone that only watches): the same, over a link opened for
no seat, whose join link says ``/watch``; the watcher is sent the public view only.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Generic, TypeVar

from app.kit import button, esc
from app.net.codes import BadCode, code_from_text, expand, join_link, pack
from app.net.host import Referee
from app.net.qr import qr_code
from app.net.wire import Wire
from app.seated.history import Marker, Teller
from app.seated.moves import Change
from app.seated.remote import SeatedCore
from app.seated.seats import Match
from app.storage import JSONObject, loads_stored, phones_key
from app.table import Event
from engine.protocol import Action

S = TypeVar("S")
A = TypeVar("A", bound=Action)

SCAN_VIEW = "net-scan-view"  # where the camera's picture is shown while scanning


class Invitation:
    """The phone seat being invited, its link, and its offer's join link once gathered."""

    def __init__(self, seat: int | None, link: int) -> None:
        self.seat = seat  # None: a watcher's invitation
        self.link = link
        self.join = ""  # the join link (empty while the offer is gathered)
        self.problem = ""  # what went wrong, said on the invitation
        self.scanning = False


class Hosting(Generic[S, A]):
    def __init__(self, core: SeatedCore[Any, S, A, Any], teller: Teller[S, A], marker: Marker[S],
                 wire: Callable[[], Wire], base_url: Callable[[], str]) -> None:
        self.core = core
        self.teller = teller
        self.marker = marker
        self.wire = wire
        self.base_url = base_url
        self.host: Referee[S, A] | None = None
        self.inviting: Invitation | None = None
        # link -> the phone seat it was offered for (None: a watcher)
        self.pending: dict[int, int | None] = {}
        self.watchers = 0  # the watchers here when last drawn
        self.kept: dict[int, str] = {}  # the seat tokens as last stored
        self.here: frozenset[int] = frozenset()  # the phone seats present when last drawn
        self.actions: dict[str, Callable[[Event], None]] = {
            "net-invite": self.act_invite, "net-invite-close": self.act_close,
            "net-watch-invite": self.act_invite_watcher,
            "net-scan": self.act_scan, "net-answer-go": lambda _ev: None}

    # --- the game hosted ---
    def attach(self, m: Match[S] | None) -> None:
        """The table shows ``m``: host it if it has phone seats (once per game)."""
        if m is None or m.watch or not m.setup.phones:
            if self.host is not None:
                self.host.close()
            self.host = None
            return
        if self.host is not None and self.host.match is m:
            return
        if self.host is not None:
            self.host.close()
        self.kept = self.tokens(m.gid)
        self.host = Referee(m, m.setup.phones, teller=self.teller, tokens=self.kept,
                         perform=self.core.moves.guest_step, marker=self.marker,
                         take_back=self.core.moves.guest_take_back,
                         can_take_back=self.core.moves.guest_can_take_back)
        self.pending.clear()

    def tokens(self, gid: str) -> dict[int, str]:
        text = self.core.store.get(phones_key(self.core.game_id))
        try:
            data = loads_stored(text) if text else None
        except ValueError:
            return {}
        if not isinstance(data, dict) or data.get("gid") != gid:
            return {}
        tokens = data.get("tokens")
        if not isinstance(tokens, dict):
            return {}
        return {int(k): v for k, v in tokens.items() if k.isdigit() and isinstance(v, str)}

    def keep_tokens(self) -> None:
        h = self.host
        if h is None:
            return
        if h.tokens != self.kept:  # (read once, when the game was attached)
            self.kept = dict(h.tokens)
            data: JSONObject = {"gid": h.match.gid,
                                "tokens": {str(k): v for k, v in h.tokens.items()}}
            self.core.store.set(phones_key(self.core.game_id), json.dumps(data))

    def changed(self, m: Match[S], _change: Change[S]) -> None:
        """A move or an Undo in ``m`` (the table's one path tells it once): every guest present
        gets its view, once."""
        if self.host is not None and self.host.match is m:
            self.host.changed()

    def remote(self, m: Match[S], seat: int | None) -> bool:
        return seat is not None and m.setup.seats[seat].kind == "phone"

    def present(self) -> Sequence[int]:
        return tuple(self.host.present()) if self.host is not None else ()

    def waiting_words(self, m: Match[S]) -> str:
        """What the table says while a phone seat is to play ("": none is)."""
        cur = m.current
        if m.over or not self.remote(m, cur) or cur is None:
            return ""
        name = m.names()[cur]
        if cur in self.present():
            return f"{name} is playing on their phone."
        return f"Waiting for {name}'s phone: tap “Invite {name}” to let them in."

    # --- what comes in ---
    def pump(self) -> None:
        """Read the channels and the camera (after each of the page's ``net`` events)."""
        h = self.host
        if h is None:
            return
        wire = self.wire()
        inv = self.inviting
        redraw = False
        if inv is not None and not inv.join and wire.local(inv.link):
            inv.join = join_link(self.base_url(), pack(wire.local(inv.link) or ""),
                                 watch=inv.seat is None)
            redraw = True
        for link, seat in list(self.pending.items()):
            channel = wire.channel(link)
            problem = wire.failure(link)
            if channel.open:
                h.connect(channel, seat)
                del self.pending[link]
            elif problem:
                del self.pending[link]
                if inv is not None and inv.link == link:
                    inv.problem = problem
                    redraw = True
        h.pump()
        self.keep_tokens()
        now = frozenset(h.present())
        joined, changed = now - self.here, now != self.here
        self.here = now
        watchers = len(h.watchers())
        watched, changed = watchers > self.watchers, changed or watchers != self.watchers
        self.watchers = watchers
        scanned = wire.scanned()
        failed = wire.scan_failure()
        if inv is not None and (scanned is not None or failed is not None):
            inv.scanning = False
            if failed is not None:
                inv.problem = failed
            else:
                self.take_answer(scanned or "")
            redraw = True
        other = (h.other_app.pop(inv.seat, None) if inv is not None and inv.seat is not None
                 else None)
        if inv is not None and inv.seat is not None and other is not None:
            inv.problem = other.words(f"{h.match.names()[inv.seat]}'s phone")
            redraw = True
        if inv is not None and (inv.seat in joined or (inv.seat is None and watched)):
            self.inviting = None
            wire.scan_stop()
            redraw = True
        if not self.core.on_table():  # drawn when the table is opened again
            return
        if redraw or changed:
            self.core.render()
        for seat in sorted(joined):
            self.core.say(f"{h.match.names()[seat]} joined on their phone.")
        if watched:
            self.core.say("A watcher joined: it sees the table as everyone does.")

    def take_answer(self, text: str) -> None:
        inv = self.inviting
        if inv is None:
            return
        try:
            sdp = expand(code_from_text(text), "answer")
        except BadCode as e:
            inv.problem = str(e)
            return
        inv.problem = ""
        self.wire().accept(inv.link, sdp)

    # --- taps ---
    def act_invite(self, ev: Event) -> None:
        m = self.core.match
        if m is None or self.host is None:
            return
        seat = int(ev.get("seat") or -1)
        if seat not in m.setup.phones:
            return
        wire = self.wire()
        if not wire.available:
            self.core.say("This browser cannot connect phones (it has no WebRTC data "
                          "channels): play with pass-and-play instead.", "refusal")
            return
        link = wire.offer()
        self.pending[link] = seat
        self.inviting = Invitation(seat, link)
        self.core.render()

    def act_invite_watcher(self, _ev: Event) -> None:
        """Invite a watcher: a link opened for no seat (its join link says ``/watch``)."""
        if self.core.match is None or self.host is None:
            return
        wire = self.wire()
        if not wire.available:
            self.core.say("This browser cannot connect phones (it has no WebRTC data "
                          "channels).", "refusal")
            return
        link = wire.offer()
        self.pending[link] = None
        self.inviting = Invitation(None, link)
        self.core.render()

    def act_close(self, _ev: Event | None) -> None:
        if self.inviting is not None:
            self.wire().scan_stop()
        self.inviting = None
        self.core.render()

    def act_scan(self, _ev: Event) -> None:
        inv = self.inviting
        if inv is None:
            return
        inv.scanning = True
        inv.problem = ""
        self.core.render()
        self.wire().scan(SCAN_VIEW)

    def on_change(self, ev: Event) -> bool:
        """The answer pasted (True: the change was hosting's)."""
        if ev.action != "net-answer":
            return False
        self.take_answer(ev.value)
        self.core.render()
        return True

    # --- drawing ---
    def strip_html(self, m: Match[S]) -> str:
        """Above the board: each phone seat, here or to invite."""
        if self.host is None or m.over:
            return ""
        here = self.present()
        items = []
        for seat in m.setup.phones:
            name = m.names()[seat]
            if seat in here:
                items.append(f'<li class="phone-here" data-testid="phone-here">{esc(name)}: '
                             "on their phone</li>")
            else:
                items.append("<li>" + button(f"Invite {name}", "net-invite", seat=seat,
                                             testid="phone-invite") + "</li>")
        n = len(self.host.watchers())
        if n:
            items.append(f'<li class="phone-here" data-testid="watchers-here">{n} watching'
                         "</li>")
        items.append("<li>" + button("Invite a watcher", "net-watch-invite",
                                     testid="watcher-invite") + "</li>")
        return f'<ul class="phones" aria-label="Phones at the table">{"".join(items)}</ul>'

    def invite_html(self, title: str) -> str:
        inv = self.inviting
        m = self.core.match
        if inv is None or m is None:
            return ""
        name = "a watcher" if inv.seat is None else m.names()[inv.seat]
        # a watcher: any screen (a tablet, a TV's browser) or a phone, without a seat
        reader = "On the screen that watches" if inv.seat is None else name
        whose = "the watcher's" if inv.seat is None else f"{name}'s"
        if inv.join:
            qr = qr_code(inv.join, f"QR code inviting {name}", self.core.page)
            offer = (f'<div class="qr" data-testid="invite-qr">{qr}</div>'
                     f'<p>{esc(reader)}: scan this with your phone\'s camera, or open this link:'
                     f'</p><input class="code" readonly aria-label="The invitation link" '
                     f'value="{esc(inv.join)}" data-testid="invite-link">')
        else:
            offer = '<p data-testid="invite-wait">Preparing the invitation…</p>'
        camera = (f'<div id="{SCAN_VIEW}" class="scan-view" data-testid="scan-view"></div>'
                  if inv.scanning else "")
        problem = (f'<p class="msg refusal" role="alert" data-testid="invite-problem">'
                   f"{esc(inv.problem)}</p>" if inv.problem else "")
        return (f'<header class="topbar"><span class="icon-space"></span><h1 class="title">'
                f"Invite {esc(name)}</h1><span class=\"icon-space\"></span></header>"
                f'<main class="page invite" id="main"><section class="panel" '
                f'data-testid="invite">{offer}'
                f"<h2>Then scan {esc(whose)} answer</h2>{camera}{problem}"
                + button("Scan the answer", "net-scan", cls="btn primary", testid="scan")
                + '<label for="net-answer">Or paste it here</label>'
                  '<input id="net-answer" type="text" autocomplete="off" '
                  'data-action="net-answer" data-testid="answer-paste">'
                + button("Connect", "net-answer-go", testid="answer-go")
                + "</section></main><div class=\"bottom-bar\">"
                + button(f"Back to {esc(title)}", "net-invite-close", cls="btn wide",
                         testid="invite-close")
                + "</div>")
