"""A table's game played with people on other phones: this phone hosts it (issue 36).

The table core (:class:`app.seated.table.SeatedTable`) keeps one :class:`Hosting`. When the
game on the table has *phone* seats it holds the referee (:class:`app.net.host.Referee`) over
that game: every change the table saves is sent to the guests present (each its own view),
and a guest's actions come back through the table's own moves (``guest_step``), which applies,
logs, saves and redraws them as a tap's. The seat tokens given out are kept beside the game
(:func:`app.storage.phones_key`), so guests rejoin a host whose page reloaded, with the
table's id: random, made once, and kept across the table's games, so that a guest's phone keeps
its seat token for this table only. At the end the next game of the same table (Play again,
or New game with phone seats again) is dealt to the phones sitting here: the new referee takes
over their channels, seats, names and tokens and welcomes them to it (no new invitation).

Inviting a phone: the host's link makes an offer; its code is shown as a QR code of the join
link (the guest's camera opens the app at ``#/join/<code>``) and as the link itself to share.
The guest's phone shows its answer as a QR code: the host scans it in the app (or pastes it),
the channel opens, the guest joins its seat.

A phone that leaves (its page closed, or silent: rtc.js's heartbeat ends its channel) shows as
away: its seat can be invited again (the same phone comes back to the same seat and hand by
its token), given to a computer for the rest of the game, or the game ended for everyone
(nobody wins; docs/table-of-phones.md). Every phone is told, in words. While the game is
played this phone asks to keep its screen on.

Inviting a watcher (a big screen, a phone that only watches): the same, over a link opened for
no seat, whose join link says ``/watch``; the watcher is sent the public view only.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, Generic, TypeVar

from app.kit import button, esc
from app.net.codes import BadCode, code_from_text, expand, join_link, pack
from app.net.host import Referee
from app.net.qr import qr_code
from app.net.wire import Wire
from app.seated.history import Marker, Teller
from app.seated.moves import Change
from app.seated.remote import SeatedCore
from app.seated.seats import ENDED, Match, Seat
from app.storage import JSONObject, loads_stored, phones_key
from app.table import Event
from engine.protocol import Action

S = TypeVar("S")
A = TypeVar("A", bound=Action)

SCAN_VIEW = "net-scan-view"  # where the camera's picture is shown while scanning
# a guest's join refused, said on the invitation (the guest's phone says it too)
REFUSED_JOIN = ("The phone that answered could not join: {reason}. Go back and tap “Invite "
                "{name}” again for a new invitation.")


def away_words(names: Sequence[str]) -> str:
    """Whose phones are away while another seat plays, said on every phone ("Bea's phone is
    away."; the table waits for it on its turn: "Waiting for Bea's phone to come back")."""
    if len(names) == 1:
        return f"{names[0]}'s phone is away."
    return ", ".join(f"{n}'s" for n in names[:-1]) + f" and {names[-1]}'s phones are away."


def computer_level(m: Match[Any]) -> str:
    """The level a computer taking over a seat plays at: the table's other computers' (the
    first one's), else the game's middle level."""
    levels = m.game.info.bot_levels or ("",)
    for s in m.setup.seats:
        if s.kind == "computer" and s.level in levels:
            return s.level
    return "standard" if "standard" in levels else levels[len(levels) // 2]


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
        self.kept: JSONObject = {}  # the table's id and seat tokens as last stored
        self.here: frozenset[int] = frozenset()  # the phone seats present when last drawn
        self.confirming = False  # End the game was tapped: asked again before it is done
        self.actions: dict[str, Callable[[Event], None]] = {
            "net-invite": self.act_invite, "net-invite-close": self.act_close,
            "net-watch-invite": self.act_invite_watcher,
            "net-scan": self.act_scan, "net-answer-go": lambda _ev: None,
            "net-computer": self.act_computer, "net-end": self.act_end,
            "net-end-yes": self.act_end_yes, "net-end-no": self.act_end_no}

    # --- the game hosted ---
    def attach(self, m: Match[S] | None) -> None:
        """The table shows ``m``: host it if it has phone seats (once per game)."""
        if m is None or m.watch or not (m.setup.phones or self.hosts(m)):
            if self.host is not None:
                self.host.close()
            self.host = None
            self.keep_awake()
            return
        if self.host is not None and self.host.match is m:
            return
        old = self.host
        self.kept = self.stored()
        table = old.table if old is not None else self.kept.get("table")
        self.host = Referee(m, m.setup.phones, teller=self.teller, tokens=self.tokens(m.gid),
                            perform=self.core.moves.guest_step, marker=self.marker,
                            take_back=self.core.moves.guest_take_back,
                            can_take_back=self.core.moves.guest_can_take_back,
                            table=table if isinstance(table, str) else
                            secrets.token_urlsafe(12))
        if old is not None:  # the table's next game: its phones sit at it at once
            self.host.adopt(old)
        self.pending.clear()
        self.keep_tokens()
        self.confirming = False
        self.keep_awake()

    def hosts(self, m: Match[S]) -> bool:
        """This table hosts ``m`` already (its phone seats may all have gone to computers)."""
        return self.host is not None and self.host.match is m

    def keep_awake(self) -> None:
        """The screen stays on while this table hosts a game still played (Screen Wake Lock:
        web/app/net/rtc.js); why it cannot is said once."""
        h = self.host
        on = h is not None and not h.closed and not h.match.over
        self.wire().awake(f"host:{self.core.game_id}", on)  # (the wire: an op on a change)
        reason = self.wire().awake_failure() if on else None
        if reason and self.core.on_table():
            self.core.say(reason)

    def stored(self) -> JSONObject:
        text = self.core.store.get(phones_key(self.core.game_id))
        try:
            data = loads_stored(text) if text else None
        except ValueError:
            return {}
        return data if isinstance(data, dict) else {}

    def tokens(self, gid: str) -> dict[int, str]:
        """The seat tokens kept for game ``gid`` (none for another game of the table)."""
        data = self.kept
        tokens = data.get("tokens")
        if data.get("gid") != gid or not isinstance(tokens, dict):
            return {}
        return {int(k): v for k, v in tokens.items() if k.isdigit() and isinstance(v, str)}

    def keep_tokens(self) -> None:
        h = self.host
        if h is None:
            return
        data: JSONObject = {"gid": h.match.gid, "table": h.table,
                            "tokens": {str(k): v for k, v in h.tokens.items()}}
        if data != self.kept:  # (read once, when the game was attached)
            self.kept = data
            self.core.store.set(phones_key(self.core.game_id), json.dumps(data))

    def changed(self, m: Match[S], _change: Change[S]) -> None:
        """A move or an Undo in ``m`` (the table's one path tells it once): every guest present
        gets its view, once."""
        if self.host is not None and self.host.match is m:
            self.host.changed()
            self.keep_awake()

    def remote(self, m: Match[S], seat: int | None) -> bool:
        return seat is not None and m.setup.seats[seat].kind == "phone"

    def present(self) -> Sequence[int]:
        return tuple(self.host.present()) if self.host is not None else ()

    def waiting_words(self, m: Match[S]) -> str:
        """What the table says of its phones ("": nothing to say): who is playing on their
        phone, and whom the table waits for and why, with what the host can do."""
        if m.over or self.host is None:
            return ""
        cur, names = m.current, m.names()
        away = self.host.away()
        if self.remote(m, cur) and cur is not None and cur not in self.present():
            name = names[cur]
            return (f"Waiting for {name}'s phone to "
                    + ("come back" if cur in away else "join")
                    + f": tap “Invite {name}” to let them in"
                    + (f", or “Computer for {name}” to play on without them." if cur in away
                       else "."))
        playing = (f"{names[cur]} is playing on their phone." if self.remote(m, cur)
                   and cur is not None else "")
        gone = [names[s] for s in away if s != cur]
        if gone:
            return (playing + " " if playing else "") + away_words(gone)
        return playing

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
        refused = (h.refused_joins.pop(inv.seat, None) if inv is not None
                   and inv.seat is not None else None)
        if inv is not None and inv.seat is not None and refused is not None:
            inv.problem = REFUSED_JOIN.format(reason=refused, name=h.match.names()[inv.seat])
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
        self.keep_awake()

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
        if seat in m.setup.phones:
            self.offer(seat, ": play with pass-and-play instead")

    def offer(self, seat: int | None, instead: str = "") -> None:
        """An invitation for ``seat`` (None: a watcher): a new link's offer, shown as it is
        gathered; a browser without data channels says so (and ``instead``, what to do)."""
        wire = self.wire()
        if not wire.available:
            self.core.say("This browser cannot connect phones (it has no WebRTC data "
                          f"channels){instead}.", "refusal")
            return
        link = wire.offer()
        self.pending[link] = seat
        self.inviting = Invitation(seat, link)
        self.core.render()

    def act_computer(self, ev: Event) -> None:
        """Give a departed phone's seat to a computer for the rest of the game: the seat's
        kind in this game's set-up becomes a computer (its name kept; the level of the
        table's other computers, else the middle one), saved as any seat, and every phone is
        told."""
        m, h = self.core.match, self.host
        seat = int(ev.get("seat") or -1)
        if m is None or h is None or m.over or seat not in h.away():
            return
        name = m.names()[seat]
        m.setup = replace(m.setup, seats=tuple(
            Seat("computer", s.name, computer_level(m)) if i == seat else s
            for i, s in enumerate(m.setup.seats)))
        m.given.append(seat)
        h.release(seat)
        self.keep_tokens()
        words = f"A computer plays {name}'s seat for the rest of the game."
        h.notice(words)
        self.core.save()
        self.core.render()  # (the computers play on from here)
        self.core.say(words)

    def act_end(self, _ev: Event) -> None:
        if self.host is not None and self.host.away():
            self.confirming = True
            self.core.render()
            self.core.page.focus("net-end-yes")

    def act_end_no(self, _ev: Event) -> None:
        self.confirming = False
        self.core.render()
        self.core.page.focus("net-end")

    def act_end_yes(self, _ev: Event) -> None:
        """End the game before its end: nobody wins, it is not counted in the record, and
        every phone shows that the host ended it (docs/table-of-phones.md)."""
        m, h = self.core.match, self.host
        self.confirming = False
        if m is None or h is None or h.match is not m or m.over:
            return
        m.end_here()
        h.notice(ENDED)
        h.changed()  # every phone present gets the end
        self.core.save()
        self.keep_awake()
        self.core.render()
        self.core.say(ENDED)

    def act_invite_watcher(self, _ev: Event) -> None:
        """Invite a watcher: a link opened for no seat (its join link says ``/watch``)."""
        if self.core.match is not None and self.host is not None:
            self.offer(None)

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
        away = self.host.away()
        items = []
        for seat in m.setup.phones:
            name = esc(m.names()[seat])
            if seat in here:
                items.append(f'<li class="phone-here" data-testid="phone-here">{name}: '
                             "on their phone</li>")
            else:
                items.append("<li>" + button(f"Invite {name}", "net-invite", seat=seat,
                                             testid="phone-invite") + "</li>")
            if seat in away:  # gone: the host may let a computer play on for them
                items.append("<li>" + button(
                    f"Computer for {name}", "net-computer", seat=seat, testid="phone-computer",
                    aria_label=f"Give {name}'s seat to a computer for the rest of the game")
                    + "</li>")
        if away and self.confirming:
            items.append('<li class="phone-end" role="group" aria-label="End the game for '
                         'everyone? Nobody wins.">'
                         + button("End it for everyone", "net-end-yes", id_="net-end-yes",
                                  cls="btn primary", testid="phone-end-yes")
                         + button("Keep playing", "net-end-no", testid="phone-end-no")
                         + "</li>")
        elif away:
            items.append("<li>" + button("End the game", "net-end", id_="net-end",
                                         testid="phone-end") + "</li>")
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
