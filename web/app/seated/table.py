"""The shell's multi-player table: set-up, seats, computer turns you can follow, pass-and-play,
the end screen, share and watch links. Every multi-player game's table module subclasses
:class:`SeatedTable` and adds only its own board (views and taps).

Computer players think in the thinking worker (``env.think``), so a long turn never freezes
the page; each of their steps is shown at the speed setting's pace (instant with reduced motion
or ``speed=fastest``), the cards they changed stay marked until your next action, and a short
log says what each player did. Between two people's turns a cover hides the next hand: nothing
of it is in the page until that person taps.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from app import game as g
from app import seats as st
from app import views as v
from app.routes import Route, shared
from app.views import button, esc
from engine.errors import IllegalAction
from engine.registry import get_game

FASTEST_BATCH_MS = 40  # watching at "fastest": redraw about this often


class SeatedTable:
    game_id = ""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.page = app.page
        self.store = app.store
        self.game = get_game(self.game_id)
        self.info = self.game.info
        self.match: st.Match | None = None  # the player's game (saved)
        self.watching: st.Match | None = None  # a watched game (never saved)
        self.draft: st.Setup = st.load_setup(self.store, self.game_id)
        self.undo: list[tuple[Any, int]] = []  # states of this turn, for Undo
        self.marked: frozenset[str] = frozenset()
        self.runner: Any = None  # the computer-turn task
        # another tab plays this game on: it moves the computers, this tab only shows them
        # (until a person acts here or opens the table again)
        self.follower = False
        self.paused = False
        self.fastest = False
        self.offer: Route | None = None
        self.setup_error = ""
        self.hand_over: tuple[int, ...] | None = None  # a match hand just ended: its points
        self.ui: Any = None  # the game module's in-turn UI state (selection, hint…)
        self.before_tap: Any = None  # the UI before the last tap (restored on a refusal)

    # --- what each game's module provides ---
    def board_html(self, m: st.Match, seat: int, interactive: bool) -> str:
        raise NotImplementedError

    def board_click(self, m: st.Match, seat: int, ev: Any) -> tuple[list[Any], str | None, bool]:
        """A tap on the board: (engine actions to apply, message, refusal)."""
        raise NotImplementedError

    def board_key(self, m: st.Match, seat: int, key: str) -> tuple[list[Any], str | None,
                                                                     bool] | None:
        return None

    def describe_turn(self, m: st.Match, before: Any, actions: list[Any], seat: int) -> str:
        return f"{m.names()[seat]} played."

    def marks(self, before: Any, after: Any) -> frozenset[str]:
        return frozenset()

    def line(self, m: st.Match) -> str:
        """The home tile's one line about the game in progress."""
        return f"{len(m.log)} turns played"

    def turn_reset(self) -> None:
        """A new turn starts: the module forgets its in-turn selection."""

    def refused(self) -> None:
        """The engine refused the steps of the last tap: the UI goes back to before it."""
        self.ui = self.before_tap

    def tapped(self, t: Any) -> tuple[list[Any], str | None, bool]:
        """A game module's answer to a tap (``ui``, ``actions``, ``message``, ``refusal``):
        keep the UI it leads to, and the one before in case the engine refuses."""
        self.before_tap = self.ui
        self.ui = t.ui
        return list(t.actions), t.message, t.refusal

    def person_to_move(self) -> tuple[st.Match, int] | None:
        """The player's game and the seat of the person to move now, if a person may act."""
        m = self.match
        if m is None or self.watching is not None or m.over or self.runner is not None:
            return None
        cur = m.current
        if cur is None or not m.setup.seats[cur].human or self.covered(m):
            return None
        return m, cur

    def ask_hint(self, thinking: str, kind: str,
                 then: Callable[[st.Match, int, Any, dict[str, Any]], None]) -> None:
        """The Hint, thought out in the thinking worker for the person to move: ``kind``
        "hint" (the game's own) or "advice" (what a Strong computer would do). ``then`` gets
        the game, the seat, the state asked about and the answer, unless the table changed
        meanwhile (a stale hint is dropped)."""
        who = self.person_to_move()
        if who is None:
            return
        m, seat = who
        self.say(thinking)
        request: dict[str, Any] = ({"kind": "hint", "player": seat} if kind == "hint" else
                                   {"kind": "advice", "level": "strong", "seed": m.deal,
                                    "actions": m.actions})

        async def run() -> None:
            state = m.state
            answer = json.loads(await self.app.env.think(json.dumps({
                **request, "game": self.game_id, "state": self.game.state_to_dict(state)})))
            if self.match is m and m.state is state:
                then(m, seat, state, answer)

        self.app.spawn(run())

    # --- the shell's interface ---
    @property
    def shown(self) -> st.Match | None:
        return self.watching if self.watching is not None else self.match

    def load(self) -> str | None:
        loaded = st.load_match(self.store, self.game_id)
        self.match = loaded.match
        if loaded.problem:
            return g.unreadable_notice(f"Your saved {self.info.name} game", loaded.problem,
                                       loaded.set_aside_as, "; a new game can start.")
        return None

    def save(self) -> None:
        """Save the game, unless another tab saved a newer one: then this tab takes that one
        (and nothing of this tab's older copy is written, nor counted in the record)."""
        m = self.match
        if m is None:
            return
        if m.over and not m.counted:  # counted only if this tab's end is the latest game
            if self.store.newer(st.save_key(self.game_id)):
                self.take_newer()
                return
            st.GameRecord.load(self.store, self.game_id).count(self.store, m)
        if not st.save_match(self.store, m):
            self.take_newer()

    def changed_elsewhere(self, key: str) -> None:
        """Another tab wrote ``key``: take its newer game at once."""
        if key == st.save_key(self.game_id) and self.store.newer(key):
            self.take_newer()

    def resume_here(self) -> None:
        """The player is back on this tab: computers another tab was moving play on here."""
        if self.follower:
            self.follower = False
            self.kick()

    def take_newer(self) -> None:
        """Another tab played on: stop this tab's computers and its turn in progress, show the
        game as that tab saved it and say so. The computers stay that tab's to move."""
        self.stop_runner()
        self.follower = True
        problem = self.load()
        self.undo = []
        self.marked = frozenset()
        self.hand_over = None
        self.offer = None
        self.turn_reset()
        self.before_tap = None
        m = self.match
        cur = m.current if m is not None else None
        if m is not None and len(m.setup.humans) > 1 and cur is not None and (
                m.setup.seats[cur].human):
            m.shown = None  # pass-and-play: the cover again, whoever holds this tab
        r = self.app.route
        if r.game != self.game_id or r.screen != "table" or self.watching is not None:
            return
        if m is None:
            self.app.route = Route("home")
            self.page.replace_hash("#/")
            self.app.notice = problem
            self.app.render()
            return
        self.render()
        self.app.tell(problem or g.OTHER_TAB, "refusal" if problem else "info")

    def summary(self) -> str | None:
        m = self.match
        return None if m is None or m.over else self.line(m)

    def keys(self) -> str:
        return "Escape"

    def say(self, text: str, kind: str = "info") -> None:
        self.page.text("mt-msg", text, f"msg {kind}")

    def leave(self, route: Route) -> None:
        if route.game != self.game_id or route.screen not in ("table", "watch"):
            self.stop_runner()
            self.watching = None

    def stop_runner(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
            self.runner = None

    def open(self, route: Route) -> None:
        self.offer = None
        self.follower = False
        if route.screen == "setup":
            self.watching = None
            self.stop_runner()
            self.app.set_title(f"{self.info.name}: set-up")
            self.render_setup()
            return
        if route.screen == "watch":
            self.open_watch(route)
            return
        self.watching = None
        if route.deal is not None:
            try:
                setup = st.setup_from_query(self.game_id, route.query, route.deal)
            except st.SetupError as e:
                self.app.notice = f"This {self.info.name} link cannot be played: {e}."
                self.page.replace_hash("#/")
                self.app.route = Route("home")
                self.app.render()
                return
            m = self.match
            if m is not None and m.deal == route.deal and m.setup.seats == setup.seats and (
                    m.setup.options == setup.options):
                self.render()
                return
            if m is not None and not m.over and m.actions > 0:
                self.offer = route
                self.render_offer(setup, route.deal)
                return
            self.start(setup, route.deal)
            return
        if self.match is None:
            self.start(self.draft, self.draft.deal)
            return
        self.render()

    # --- starting games ---
    def start(self, setup: st.Setup, deal: int | None, watch: bool = False) -> None:
        self.stop_runner()
        self.follower = False
        number = deal if deal is not None else g.random_deal_number()
        m = st.Match.new(setup, number, watch=watch)
        humans = setup.humans
        m.shown = humans[0] if len(humans) == 1 else None
        self.undo = []
        self.marked = frozenset()
        self.paused = False
        self.hand_over = None
        self.turn_reset()
        if watch:
            self.watching = m
        else:
            self.watching = None
            self.match = m
            self.save()
        self.app.spawn(self.app.env.think(json.dumps({"kind": "forget", "gid": m.gid})))
        route = self.app.route
        if not watch and not (route.screen == "table" and route.game == self.game_id):
            self.app.go(f"#/{self.game_id}")
            return
        self.render()

    def open_watch(self, route: Route) -> None:
        try:
            setup = st.setup_from_query(self.game_id, route.query, route.deal, watch=True)
        except st.SetupError as e:
            self.app.notice = f"This watch link cannot be played: {e}."
            self.page.replace_hash("#/")
            self.app.route = Route("home")
            self.app.render()
            return
        self.fastest = route.param("speed") == "fastest"
        self.page.data("outcome", None)
        self.page.data("actions", None)
        self.start(setup, route.deal, watch=True)

    # --- drawing ---
    def viewer(self, m: st.Match) -> int:
        """Whose hand the page shows: the person who may see it, or in a watched game the
        player to move."""
        if m.watch:
            cur = m.current
            return cur if cur is not None else 0
        if m.shown is not None:
            return m.shown
        humans = m.setup.humans
        return humans[0] if humans else 0

    def covered(self, m: st.Match) -> bool:
        """Pass-and-play: the next person has not yet taken the device."""
        if m.watch or m.over or len(m.setup.humans) < 2:
            return False
        cur = m.current
        return cur is not None and m.setup.seats[cur].human and m.shown != cur

    def title(self) -> str:
        m = self.shown
        if m is None:
            return self.info.name
        return f"{self.info.name}, deal {m.deal}" + (" (watching)" if m.watch else "")

    def frame_html(self) -> str:
        right = (f'<a class="btn icon" href="#/rules/{esc(self.game_id)}" aria-label="Rules" '
                 f'data-testid="rules-link">?</a>')
        return (v.topbar(self.title(), right=right)
                + f'<main class="page table mt mt-{esc(self.game_id)}" id="main">'
                + '<div id="mt-board" class="mt-board"></div>'
                + '<p id="mt-msg" class="msg" role="status" aria-live="polite" '
                  'data-testid="message"></p>'
                + '<div id="mt-extra"></div>'
                + '<section id="mt-log" class="mt-log" aria-label="What happened" '
                  'data-testid="log"></section></main>')

    def render(self) -> None:
        m = self.shown
        self.app.set_title(self.title())
        if m is None:
            self.render_setup()
            return
        if self.covered(m):
            self.page.region("screen", self.cover_html(m))
            self.page.focus("cover-go")
            return
        self.page.region("screen", self.frame_html())
        self.render_board()
        self.kick()

    def render_board(self) -> None:
        m = self.shown
        if m is None or self.covered(m):
            return
        seat = self.viewer(m)
        cur = m.current
        interactive = (not m.watch and not m.over and cur is not None
                       and m.setup.seats[cur].human and self.runner is None
                       and self.hand_over is None)
        if m.over:
            html = self.end_html(m) + self.board_html(m, seat, False)
        elif self.hand_over is not None:
            html = self.hand_over_html(m) + self.board_html(m, seat, False)
        else:
            html = self.board_html(m, seat, interactive)
        self.page.region("mt-board", html)
        self.page.region("mt-extra", self.extra_html(m))
        self.page.region("mt-log", self.log_html(m))
        self.page.data("actions", str(m.actions))

    def extra_html(self, m: st.Match) -> str:
        if m.watch:
            stop = (button("Resume", "mt-resume", cls="btn primary", testid="mt-resume")
                    if self.paused else button("Stop", "mt-stop", testid="mt-stop"))
            if m.over:
                stop = ""
            return ('<div class="row mt-watch">' + stop
                    + f'<a class="btn" href="#/{esc(self.game_id)}/setup">Set up a game</a>'
                    + "</div>")
        return ('<div class="row mt-more">'
                + button("Share", "share", testid="mt-share",
                         aria_label="Share a link to this deal with these seats",
                         share_hash=shared(Route("table", game=self.game_id, deal=m.deal,
                                                 query=m.setup.query()).href()),
                         share_title=f"{self.info.name}, deal {m.deal}",
                         share_text=f"Play deal {m.deal} of {self.info.name}")
                + f'<a class="btn" href="#/{esc(self.game_id)}/setup" '
                  f'data-testid="mt-new-game">New game</a></div>')

    def log_html(self, m: st.Match) -> str:
        lines = m.log[-6:]
        if not lines:
            return ""
        items = "".join(f"<li>{esc(ln.text)}</li>" for ln in lines)
        return f'<h2 class="sr-only">What happened</h2><ol class="log-lines">{items}</ol>'

    def cover_html(self, m: st.Match) -> str:
        cur = m.current
        assert cur is not None
        name = m.names()[cur]
        since = m.log[m.seen.get(cur, 0):]
        news = ("".join(f"<li>{esc(ln.text)}</li>" for ln in since[-8:])
                if since else "<li>Nothing yet: you start.</li>")
        return (v.topbar(self.title())
                + '<main class="page cover" id="main"><section class="panel cover-panel" '
                  'data-testid="cover" aria-labelledby="cover-h">'
                + f'<h2 id="cover-h">Pass to {esc(name)}</h2>'
                + f"<p>{esc(name)}, tap when you hold the device. Your cards stay hidden "
                  "until then.</p>"
                + f'<h3>Since your last turn</h3><ol class="log-lines">{news}</ol>'
                + button(f"I am {esc(name)}: show my cards", "mt-take", cls="btn primary wide",
                         id_="cover-go", testid="cover-go")
                + "</section></main>")

    def end_html(self, m: st.Match) -> str:
        out = m.outcome
        names = m.names()
        winners = " and ".join(names[w] for w in out.winners) or "Nobody"
        verb = "win" if len(out.winners) != 1 else "wins"
        if any(m.setup.seats[w].kind == "you" for w in out.winners):
            head = "You win!" if len(out.winners) == 1 else "You share the win!"
        else:
            head = f"{winners} {verb}"
        rows = self.scores_html(m)
        rec = st.GameRecord.load(self.store, self.game_id)
        record = ("" if m.watch else
                  f'<p class="record" data-testid="record">On this device: played '
                  f'<b>{rec.played}</b> · won <b>{rec.won}</b></p>')
        again = ("" if m.watch else
                 button("Play again", "mt-again", cls="btn primary", testid="mt-again",
                        aria_label="Play again with the same seats"))
        return (f'<section class="end" data-testid="end" aria-labelledby="end-title">'
                f'<h2 id="end-title">{esc(head)}</h2>'
                f'<p data-testid="end-summary">{esc(self.end_line(m))}</p>{rows}{record}'
                f'<div class="row">{again}</div></section>')

    def score_caption(self, m: st.Match) -> str:
        return "Points"

    def scores_html(self, m: st.Match) -> str:
        """The end screen's table: each player's points, and in a match each hand's."""
        out = m.outcome
        if out.scores is None:
            return ""
        names = m.names()
        hands = m.hands if len(m.hands) > 1 else []
        head = ""
        if hands:
            head = ("<thead><tr><td></td>"
                    + "".join(f'<th scope="col">Hand {k + 1}</th>' for k in range(len(hands)))
                    + '<th scope="col">Total</th></tr></thead>')
        rows = "".join(
            f"<tr><th scope='row'>{esc(n)}</th>"
            + "".join(f"<td>{h[i]}</td>" for h in hands)
            + f"<td>{int(s)}</td></tr>"
            for i, (n, s) in enumerate(zip(names, out.scores, strict=False)))
        return (f'<div class="scores-wrap"><table class="scores" data-testid="scores"><caption>'
                f'{esc(self.score_caption(m))}</caption>{head}<tbody>{rows}</tbody></table>'
                f"</div>")

    def end_line(self, m: st.Match) -> str:
        return str(m.outcome.summary)

    def hand_over_html(self, m: st.Match) -> str:
        return ""

    def render_offer(self, setup: st.Setup, deal: int) -> None:
        m = self.match
        assert m is not None
        html = (v.topbar(self.info.name)
                + '<main class="page offer" id="main"><section class="panel" data-testid="offer">'
                + f"<h2>Open deal {deal}?</h2>"
                + f"<p>You have a {esc(self.info.name)} game in progress (deal {m.deal}). "
                  f"Opening the link starts deal {deal} in its place.</p>"
                + '<div class="stack-buttons">'
                + button(f"Play deal {deal}", "mt-open-link", cls="btn primary",
                         testid="open-deal")
                + button("Continue my game", "mt-keep", testid="keep-game")
                + "</div></section></main>")
        self.page.region("screen", html)

    # --- set-up screen ---
    def render_setup(self, focus: str | None = None) -> None:
        self.page.region("screen", self.setup_html())
        if focus:
            self.page.focus(focus)

    def setup_html(self) -> str:
        d = self.draft
        info = self.info
        rows = []
        for i, s in enumerate(d.seats):
            kinds = "".join(
                f'<option value="{k}"{" selected" if s.kind == k else ""}>{lbl}</option>'
                for k, lbl in (("you", "You"), ("person", "A person"),
                               ("computer", "Computer")))
            detail = ""
            if s.kind == "person":
                detail = (f'<label class="sr-only" for="seat-name-{i}">Name of seat {i + 1}'
                          f'</label><input id="seat-name-{i}" type="text" maxlength="24" '
                          f'autocomplete="off" value="{esc(s.name)}" data-action="setup-name" '
                          f'data-seat="{i}" data-testid="seat-name" placeholder="Name">')
            elif s.kind == "computer":
                levels = "".join(
                    f'<option value="{esc(lv)}"{" selected" if s.level == lv else ""}>'
                    f"{esc(st.level_label(lv))}</option>" for lv in info.bot_levels)
                detail = (f'<label class="sr-only" for="seat-level-{i}">Level of seat {i + 1}'
                          f'</label><select id="seat-level-{i}" data-action="setup-level" '
                          f'data-seat="{i}" data-testid="seat-level">{levels}</select>')
            remove = (button("✕", "setup-remove", cls="btn icon", seat=i,
                             aria_label=f"Remove seat {i + 1}", testid="seat-remove")
                      if len(d.seats) > info.min_players else "")
            rows.append(f'<li class="seat-row" data-testid="seat"><span class="seat-no">'
                        f'{i + 1}</span><label class="sr-only" for="seat-kind-{i}">Seat {i + 1}'
                        f'</label><select id="seat-kind-{i}" data-action="setup-kind" '
                        f'data-seat="{i}" data-testid="seat-kind">{kinds}</select>{detail}'
                        f"{remove}</li>")
        add = (button("Add a seat", "setup-add", testid="seat-add")
               if len(d.seats) < info.max_players else "")
        opts = []
        for o in info.options:
            val = d.option(o.id, o.default)
            if o.kind == "choice":
                choices = "".join(
                    f'<option value="{esc(c[0])}"{" selected" if str(c[0]) == str(val) else ""}>'
                    f"{esc(c[1])}</option>" for c in o.choices)
                ctl = (f'<select id="opt-{esc(o.id)}" data-action="setup-option" '
                       f'data-key="{esc(o.id)}" data-testid="opt-{esc(o.id)}">{choices}</select>')
            else:
                ctl = (f'<input id="opt-{esc(o.id)}" type="number" inputmode="numeric" '
                       f'min="{o.min if o.min is not None else 0}"'
                       + (f' max="{o.max}"' if o.max is not None else "")
                       + f' value="{esc(val)}" data-action="setup-option" data-key="{esc(o.id)}" '
                       f'data-testid="opt-{esc(o.id)}">')
            help_ = f'<span class="fine">{esc(o.help)}</span>' if o.help else ""
            opts.append(f'<div class="form-row"><label for="opt-{esc(o.id)}">{esc(o.name)}'
                        f"</label>{ctl}</div>{help_}")
        deal = "" if d.deal is None else str(d.deal)
        err = (f'<p class="msg refusal" role="alert" data-testid="setup-error">'
               f"{esc(self.setup_error)}</p>" if self.setup_error else "")
        return (v.topbar(f"{info.name}: set-up")
                + '<main class="page setup" id="main"><section class="panel" data-testid="setup" '
                  'aria-labelledby="seats-h">'
                + f'<h2 id="seats-h">Who plays</h2><ol class="seats">{"".join(rows)}</ol>{add}'
                + ('<h2>Options</h2>' + "".join(opts) if opts else "")
                + '<div class="form-row"><label for="setup-deal">Deal number</label>'
                  f'<input id="setup-deal" type="text" inputmode="numeric" value="{esc(deal)}" '
                  'placeholder="random" data-action="setup-deal" data-testid="setup-deal"></div>'
                + err + "</section></main>"
                + '<div class="bottom-bar">'
                + button("Start", "setup-start", cls="btn primary wide", testid="setup-start",
                         id_="setup-start")
                + "</div>")

    def draft_seats(self) -> list[st.Seat]:
        return list(self.draft.seats)

    def set_draft(self, seats: list[st.Seat] | None = None, **kw: Any) -> None:
        from dataclasses import replace

        if seats is not None:
            kw["seats"] = tuple(st.name_computers(seats))
        self.draft = replace(self.draft, **kw)

    # --- events ---
    def on_change(self, ev: Any) -> None:
        a = ev.action
        if a == "setup-kind":
            i = int(ev.get("seat"))
            seats = self.draft_seats()
            kind = ev.value
            if kind == "you":  # only one "you": the old one becomes a person
                seats = [st.Seat("person", f"Player {k + 1}") if s.kind == "you" else s
                         for k, s in enumerate(seats)]
                seats[i] = st.Seat("you", "You")
            elif kind == "person":
                seats[i] = st.Seat("person", f"Player {i + 1}")
            else:
                levels = self.info.bot_levels
                seats[i] = st.Seat("computer", "", "standard" if "standard" in levels
                                   else levels[0])
            self.set_draft(seats)
            self.render_setup(focus=f"seat-kind-{i}")
        elif a == "setup-name":
            i = int(ev.get("seat"))
            seats = self.draft_seats()
            seats[i] = st.Seat("person", st.clean_name(ev.value))
            self.set_draft(seats)
        elif a == "setup-level":
            i = int(ev.get("seat"))
            seats = self.draft_seats()
            seats[i] = st.Seat("computer", "", ev.value)
            self.set_draft(seats)
            self.render_setup(focus=f"seat-level-{i}")
        elif a == "setup-option":
            key = ev.get("key")
            opt = next((o for o in self.info.options if o.id == key), None)
            if opt is None:
                return
            val: Any = ev.value
            if opt.kind == "int":
                try:
                    val = int(ev.value)
                except ValueError:
                    self.setup_error = f"{opt.name} must be a whole number."
                    self.render_setup(focus=f"opt-{key}")
                    return
            elif not isinstance(opt.default, str):
                val = type(opt.default)(ev.value)
            opts = dict(self.draft.options)
            opts[key] = val
            self.set_draft(options=tuple(sorted(opts.items())))
            self.render_setup(focus=f"opt-{key}")
        elif a == "setup-deal":
            text = ev.value.strip()
            if not text:
                self.set_draft(deal=None)
                return
            from app.routes import parse_deal_number

            n = parse_deal_number(text)
            if n is None:
                self.setup_error = "The deal number must be a whole number (or empty: random)."
                self.render_setup(focus="setup-deal")
                return
            self.set_draft(deal=n)

    def on_click(self, ev: Any) -> None:
        self.follower = False  # a person acts in this tab: its computers move again
        handler = getattr(self, "act_" + ev.action.replace("-", "_"), None)
        if handler is not None:
            handler(ev)
            return
        m = self.shown
        if m is None or m.over or m.watch or self.covered(m) or self.hand_over is not None:
            return
        cur = m.current
        if cur is None or not m.setup.seats[cur].human or self.runner is not None:
            self.say("Wait for your turn: the computers are playing.", "refusal")
            self.kick()  # left to another tab until now: they play on here
            return
        actions, message, refusal = self.board_click(m, cur, ev)
        self.perform(m, cur, actions, message, refusal)

    def on_key(self, key: str) -> None:
        m = self.shown
        if m is None:
            return
        self.follower = False
        if key == "Escape" and m.watch:
            self.act_mt_stop(None)
            return
        cur = m.current
        if (m.over or m.watch or cur is None or not m.setup.seats[cur].human
                or self.covered(m) or self.runner is not None):
            return
        res = self.board_key(m, cur, key)
        if res is not None:
            self.perform(m, cur, *res)

    def perform(self, m: st.Match, seat: int, actions: list[Any], message: str | None,
                refusal: bool) -> None:
        """A person's steps: all-or-nothing; a refusal leaves the game as it was."""
        if actions:
            before, count = m.state, m.actions
            try:
                m.apply_all(actions)
            except IllegalAction as e:
                self.refused()
                self.render_board()
                self.say(f"Not allowed: {e.reason}.", "refusal")
                return
            self.marked = frozenset()
            self.undo.append((before, count))
            if m.current != seat or m.over:
                m.log.append(st.LogLine(seat, self.describe_turn(m, self.turn_start(before),
                                                                 actions, seat),
                                        getattr(m.state, "hand_no", 1)))
                m.seen[seat] = len(m.log)
                self.undo = []
                self.turn_reset()
                self.check_hand_over(before, m)
            self.save()
        self.render_board()
        if message:
            self.say(message, "refusal" if refusal else "info")
        self.after_change()

    def turn_start(self, before: Any) -> Any:
        """The state the turn started from (for the log line): the first undo point."""
        return self.undo[0][0] if self.undo else before

    def check_hand_over(self, before: Any, m: st.Match) -> None:
        """A hand of a match ended: keep its points; pause at the hand-over panel unless the
        match ended with it."""
        if getattr(m.state, "hand_no", 1) != getattr(before, "hand_no", 1) or (
                m.over and getattr(m.state, "hand_no", 1) > len(m.hands)
                and getattr(getattr(m.state, "config", None), "match_limit", 0)):
            points = [int(x) for x in getattr(m.state, "last_hand", ())]
            if points:
                m.hands.append(points)
            if not m.over and not m.watch:  # a watched match goes straight on
                self.hand_over = tuple(points)

    def after_change(self) -> None:
        m = self.shown
        if m is None:
            return
        if m.over:
            self.page.data("outcome", json.dumps(m.outcome.to_dict()))
            self.page.data("actions", str(m.actions))
            self.render_board()
            return
        if self.covered(m):
            self.render()
            return
        self.kick()

    def kick(self) -> None:
        """Start the computers if one of them is to play."""
        m = self.shown
        if m is None or m.over or self.runner is not None or self.paused:
            return
        if self.hand_over is not None or (self.follower and not m.watch):
            return
        cur = m.current
        if cur is None or m.setup.seats[cur].human:
            return
        self.runner = self.app.spawn(self.run_computers(m))

    def pace_ms(self, m: st.Match) -> int:
        if m.watch and self.fastest:
            return 0
        if self.app.env.reduced_motion():
            return 0
        return g.SPEEDS.get(self.app.settings.speed, 450)

    async def run_computers(self, m: st.Match) -> None:
        """Computer turns, one step at a time, until a person is to play or the game ends."""
        try:
            last_draw = asyncio.get_event_loop().time()
            while self.shown is m and not m.over and not self.paused:
                seat = m.current
                if seat is None or m.setup.seats[seat].human or self.hand_over is not None:
                    break
                start, acts = m.state, []
                while m.current == seat and not m.over and self.hand_over is None:
                    request = json.dumps({
                        "kind": "bot", "game": self.game_id, "gid": m.gid,
                        "levels": [s.level for s in m.setup.seats], "seat": seat,
                        "seed": m.deal, "actions": m.actions,
                        "state": self.game.state_to_dict(m.state)})
                    answer = json.loads(await self.app.env.think(request))
                    if self.shown is not m:
                        return
                    action = self.game.parse_action(answer["action"])
                    before = m.state
                    m.apply_all([action])
                    acts.append(action)
                    pace = self.pace_ms(m)
                    self.marked = self.marks(start, m.state)
                    if pace:
                        self.render_board()
                        self.page.flush()
                        await asyncio.sleep(pace / 1000)
                    else:
                        now = asyncio.get_event_loop().time()
                        if (now - last_draw) * 1000 >= FASTEST_BATCH_MS * 5:
                            last_draw = now
                            self.render_board()
                            self.page.flush()
                        await asyncio.sleep(0)
                    self.check_hand_over(before, m)
                    if self.paused or self.hand_over is not None:
                        break
                m.log.append(st.LogLine(seat, self.describe_turn(m, start, acts, seat),
                                        getattr(m.state, "hand_no", 1)))
                if not m.watch:
                    self.save()
                self.render_board()
                self.page.flush()
        finally:
            if self.shown is m:  # stopped, failed or done: the computers may be started again
                self.runner = None
        if self.shown is m:
            self.runner = None
            if not m.watch:
                self.save()
            self.render_board()
            self.after_change()

    # --- actions ---
    def act_setup_add(self, _ev: Any) -> None:
        seats = self.draft_seats()
        if len(seats) >= self.info.max_players:
            return
        levels = self.info.bot_levels
        seats.append(st.Seat("computer", "", "standard" if "standard" in levels else levels[0]))
        self.set_draft(seats)
        self.render_setup(focus="setup-start")

    def act_setup_remove(self, ev: Any) -> None:
        seats = self.draft_seats()
        if len(seats) <= self.info.min_players:
            return
        seats.pop(int(ev.get("seat")))
        self.set_draft(seats)
        self.render_setup(focus="setup-start")

    def act_setup_start(self, _ev: Any) -> None:
        try:
            st.check(self.draft)
        except st.SetupError as e:
            self.setup_error = str(e)[:1].upper() + str(e)[1:] + "."
            self.render_setup(focus="setup-start")
            return
        self.setup_error = ""
        st.save_setup(self.store, self.draft)
        self.start(self.draft, self.draft.deal)
        if self.app.route.screen == "setup":
            self.app.go(f"#/{self.game_id}")

    def act_mt_take(self, _ev: Any) -> None:
        m = self.match
        if m is None or not self.covered(m):
            return
        cur = m.current
        m.shown = cur
        if cur is not None:
            m.seen[cur] = len(m.log)
        self.save()
        self.render()
        since = ""
        self.say(since or f"{m.names()[cur or 0]}, your turn.")

    def act_mt_stop(self, _ev: Any) -> None:
        if self.watching is None:
            return
        self.paused = True
        self.stop_runner()
        self.render_board()
        self.say("Stopped. Tap Resume to go on.")

    def act_mt_resume(self, _ev: Any) -> None:
        self.paused = False
        self.render_board()
        self.kick()

    def act_mt_again(self, _ev: Any) -> None:
        m = self.match
        if m is None:
            return
        self.start(m.setup, None)

    def act_mt_next_hand(self, _ev: Any) -> None:
        self.hand_over = None
        self.render_board()
        self.after_change()

    def act_mt_open_link(self, _ev: Any) -> None:
        r = self.offer
        if r is None or r.deal is None:
            return
        self.start(st.setup_from_query(self.game_id, r.query, r.deal), r.deal)

    def act_mt_keep(self, _ev: Any) -> None:
        self.offer = None
        self.page.replace_hash(f"#/{self.game_id}")
        self.app.route = Route("table", game=self.game_id)
        self.render()

    def act_mt_undo(self, _ev: Any) -> None:
        m = self.match
        if m is None or not self.undo or self.runner is not None:
            self.say("Nothing to undo in this turn.", "refusal")
            return
        m.state, m.actions = self.undo.pop()
        self.save()
        self.render_board()
        self.say("Undone.")
