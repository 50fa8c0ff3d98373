"""The table core every game shares: the set-up, the game in progress and its save, which game
is shown (the player's, a watched one, the guided one, this phone's seat at another's table),
pass-and-play's cover, and the shell's interface. A solitaire is a game of one seat with no
set-up screen: its table opens on a deal, and its address carries the deal's number.

A game's table package does not subclass it: it supplies a board (:class:`app.board.Board`)
that draws from a seat's view and sees the core only through :class:`app.board.Core`. The parts
a reader can hold one at a time live beside this module: the moves and Undo (:mod:`.moving`),
the drawing (:mod:`.drawing`), the guided game (:mod:`.guided`), the core's taps
(:mod:`.core_taps`), the computers' turns (:mod:`.computers`), the screens (:mod:`.screens`),
the set-up (:mod:`.setup_form`, :mod:`.setups`) and the game in progress (:mod:`.seats`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, TypeVar

from app.board import Board, BoardClass, Handler, HintAnswer
from app.core.guiding import Guiding
from app.core.keeping import Keeping, Written
from app.guide import GuideRun
from app.messages import Advice, Forget, GameHint, read_answer
from app.routes import Route
from app.seated.computers import ComputerTurns
from app.seated.core_taps import TableTaps
from app.seated.drawing import TableDrawing
from app.seated.guided import GuidedGame
from app.seated.history import History
from app.seated.links import Links
from app.seated.local import MatchSession
from app.seated.moving import Moves
from app.seated.remote import Hosted, Visit
from app.seated.seats import Match, Setup, default_setup, won
from app.seated.sessions import Session
from app.seated.setup_form import SetupForm
from app.seated.setup_screen import SetupScreen
from app.seen import Left, TapRefused, TurnReset
from app.storage import OTHER_TAB, JSONObject, random_deal_number
from app.table import Event, Host, Replay, SaveInfo
from app.tables import declared
from engine.protocol import Action, Game, View
from engine.registry import get_game

U = TypeVar("U")  # the game's in-turn UI state (selection, hint…)
S = TypeVar("S")  # the game's state
A = TypeVar("A", bound=Action)  # its actions
V = TypeVar("V", bound=View)  # what one player sees of a state


class SeatedTable(Generic[U, S, A, V]):
    """The table core: one per game, composed with the game's board (``board``); generic in
    the board's UI and the game's state, actions and views, which it never looks into."""

    def __init__(self, app: Host, game_id: str, board: BoardClass[U, S, A, V]) -> None:
        self.game_id = game_id
        self.app = app
        self.page = app.page
        self.store = app.store
        # the registry holds every game, so it cannot say which: the board's binding does
        self.game: Game[Any, S, A, V] = get_game(self.game_id)
        self.info = self.game.info
        self.declared = declared(self.game_id)  # its package's DECLARED (app.seated.declare)
        self.name = self.declared.name
        self.screens = self.declared.screens
        self.scores = self.declared.scores  # "high": points, "low": penalties
        # a game with no set-up is its deal alone: its address carries the deal's number
        # (``#/{game}/deal/{n}``), which reproduces the game exactly
        self.by_deal = "setup" not in self.screens
        self.form = SetupForm(app.store, self.info)
        self.setup_screen = SetupScreen(app, game_id, self.form, self)
        self.computers = ComputerTurns(self, app)
        self.links = Links(app, game_id, self.info.name, self, self.computers)
        # the guided first game (app.guide): a game in memory only, never saved nor counted
        self.guiding = Guiding(self.page, app.store, game_id, app.go, self.say)
        self.guided: Match[S] | None = None
        self.match: Match[S] | None = None  # the player's game (saved)
        self.watching: Match[S] | None = None  # a watched game (never saved)
        self.marked: frozenset[str] = frozenset()
        # another tab plays this game on: it moves the computers, this tab only shows them
        # (until a person acts here or opens the table again)
        self.follower = False
        self.hand_over: tuple[int, ...] | None = None  # a match hand just ended: its points
        self.board: Board[U, S, A, V] = board(self)
        self.moves: Moves[U, S, A, V] = Moves(self)
        # the turns and log lines, read from the shown game's action log alone
        self.history: History[S, A] = History(self.game, self.board.words)
        self.keeping: Keeping[Match[S]] = Keeping(
            app.store, game_id, self.info.name, self.board.codec, won,
            self.board.words.daily_result,
            low=self.scores == "low",
            line=lambda m: None if m.over else self.board.words.line(m))  # the home tile's
        self.saves = self.keeping.saves
        self.frame = self.board.frame  # the regions drawn into: the board's ids
        self.drawing: TableDrawing[U, S, A, V] = TableDrawing(self)
        self.guide: GuidedGame[U, S, A, V] = GuidedGame(self)
        self.core_taps: TableTaps[U, S, A, V] = TableTaps(self)
        # every tap the table answers, by its action: the core's, then the board's own (the
        # guide's allow-list is the board's ``guide_allows`` of these)
        # a game with seats on other phones, hosted here; this phone's seat at another's table
        self.phones: Hosted[S]
        self.visiting: Visit[U, A, V]
        self.phones, self.visiting = app.phones.seat(self, self.board.words, self.board.marker)
        self.moves.listeners.append(self.phones.changed)
        # after each of the page's net events: the hosted game's channels, or this phone's
        # seat at another's table
        app.phones.pumps.extend((self.phones.pump, self.visiting.pump))
        self.actions: dict[str, Handler] = {**self.core_actions(), **self.board.taps.actions}

    def core_actions(self) -> dict[str, Handler]:
        return {**self.setup_screen.actions, **self.core_taps.actions(),
                **self.links.actions, **self.phones.actions}

    @property
    def run(self) -> GuideRun[S, A] | None:
        return self.guiding.run

    @property
    def since_states(self) -> list[S]:
        return self.computers.since

    def refused(self) -> None:
        """The engine refused the steps of the last tap: the UI goes back to before it."""
        self.board.heard(TapRefused())

    def fresh_turn(self) -> None:
        """Another game is on the table (or the same read again): nothing of a turn in
        progress is kept (its undo, its marks, its selection, a hand-over panel)."""
        self.moves.undo = []
        self.marked = frozenset()
        self.hand_over = None
        self.board.heard(TurnReset())

    def person_to_move(self) -> tuple[Match[S], int] | None:
        """The player's game and the seat of the person to move now, if a person may act."""
        m = self.guided if self.guided is not None else self.match
        if (m is None or self.visiting.showing() or self.watching is not None or m.over
                or self.computers.runner is not None):
            return None
        cur = m.current
        if cur is None or not m.setup.seats[cur].here or m.covered:
            return None
        return m, cur

    def ask_hint(self, thinking: str, kind: str, then: HintAnswer) -> None:
        """The Hint, thought out in the thinking worker for the person to move, from what
        their seat sees (on a guest's phone too): ``kind`` "hint" (the game's own) or
        "advice" (what a Strong computer would do). ``then`` gets that seat's Seen and the
        answer, unless the table changed meanwhile (a stale hint is dropped)."""
        session = self.session
        seen = None if session is None else session.tapped(say=False)
        if seen is None:
            return
        self.say(thinking)
        view = seen.view.to_dict()
        request = (GameHint(self.game_id, view, seen.seat) if kind == "hint" else
                   Advice(self.game_id, view, "strong", seen.deal, seen.actions))

        async def run() -> None:
            answer = read_answer(await self.app.env.think(request))
            now = self.session
            later = None if now is None else now.tapped(say=False)
            if later is not None and (later.gid, later.seat, later.actions) == (
                    seen.gid, seen.seat, seen.actions):
                then(later, answer)

        self.app.spawn(run())

    # --- the shell's interface ---
    @property
    def shown(self) -> Match[S] | None:
        """The game on this device on show (None: none, or this phone's seat at another's
        table is)."""
        if self.guided is not None:
            return self.guided
        if self.visiting.showing():
            return None
        return self.watching if self.watching is not None else self.match

    @property
    def session(self) -> Session[U, A, V] | None:
        """What the table shows: a game on this device, or this phone's seat at another's."""
        if self.guided is None and self.visiting.showing():
            return self.visiting
        m = self.shown
        return None if m is None else MatchSession(self, m)

    def undo(self) -> None:
        """Undo, in the session shown."""
        session = self.session
        if session is not None:
            session.undo()

    def load(self) -> str | None:
        self.match, problem = self.saves.load()
        if self.match is not None:
            self.history.retell(self.match)
        self.cover_again()
        return problem

    def cover_again(self) -> None:
        """Pass-and-play: a hand on show goes back under the cover when it leaves the screen
        (the player went elsewhere, the app started again, another tab played on), so whoever
        holds the device then must take it to see it."""
        m = self.match
        if m is not None and len(m.setup.here) > 1 and m.uncovered is not None:
            m.uncovered = None

    def save(self) -> None:
        """Save the game, unless another tab saved a newer one: then this tab takes that one
        (and nothing of this tab's older copy is written, nor counted in the record)."""
        if self.run is not None:  # a guided game is never saved (the player's already is)
            return
        m = self.match
        if m is not None and not self.keeping.save(m):
            self.take_newer()

    def describe_save(self, text: str) -> SaveInfo:
        m = self.board.codec.read(text)
        return SaveInfo(self.saves.text(m), self.board.words.saved_text(m), m.over)

    def changed_elsewhere(self, key: str) -> None:
        """Another tab wrote ``key``: take its newer game at once (after a guided game:
        the player's game is read again when the guide ends)."""
        if self.run is not None:
            return
        written = self.keeping.written(key)
        if written is Written.GAME:
            self.take_newer()
        elif written is Written.RECORD and self.app.route == Route("stats", self.game_id):
            self.render_stats()  # another tab counted a game

    def hidden(self) -> None:
        """The app went to the background: a pass-and-play hand goes under its cover now, so
        neither the app switcher's picture nor whoever picks the phone up sees it."""
        m = self.match
        if m is None or m.uncovered is None or len(m.setup.here) < 2:
            return
        self.cover_again()
        r = self.app.route
        if r.game == self.game_id and r.screen == "table" and self.watching is None:
            self.render()

    def resume_here(self) -> None:
        """The player is back on this tab: computers another tab was moving play on here."""
        if self.follower:
            self.follower = False
            self.computers.kick()

    def take_newer(self) -> None:
        """Another tab played on: stop this tab's computers and its turn in progress, show the
        game as that tab saved it and say so. The computers stay that tab's to move."""
        self.computers.stop()
        self.follower = True
        problem = self.load()
        self.fresh_turn()
        self.links.offer = None
        m = self.match
        cur = m.current if m is not None else None
        if m is not None and len(m.setup.here) > 1 and cur is not None and (
                m.setup.seats[cur].here):
            m.uncovered = None  # pass-and-play: the cover again, whoever holds this tab
        r = self.app.route
        if r.game != self.game_id or r.screen != "table" or self.watching is not None:
            return
        if m is None:
            self.app.go_home(problem)
            return
        if self.by_deal:
            self.app.settle(Route("table", game=self.game_id, deal=m.deal), self.address(m))
        self.render()
        self.app.tell(problem or OTHER_TAB, "refusal" if problem else "info")

    def address(self, m: Match[S] | None) -> str:
        """The address of the table showing ``m``."""
        if self.by_deal and m is not None:
            return f"#/{self.game_id}/deal/{m.deal}"
        return f"#/{self.game_id}"

    def summary(self) -> str | None:
        m = self.match
        return None if m is None or m.over else self.board.words.line(m)

    # --- the daily deal (app.daily) ---
    def daily_setup(self) -> str:
        return self.board.words.daily_setup()

    def daily_on_table(self) -> tuple[str, bool] | None:
        return self.keeping.daily_on_table(self.match)

    def game_to_lose(self) -> str | None:
        m = self.match
        return None if m is None else self.board.words.to_lose(m)

    def start_daily(self, deal: int, date: str) -> None:
        self.start(default_setup(self.game_id), deal, daily=date)

    def keys(self) -> str:
        return self.board.keys

    def say(self, text: str, kind: str = "info") -> None:
        self.drawing.say(text, kind)

    def leave(self, route: Route) -> None:
        self.board.heard(Left(route))
        if route.game != self.game_id or route.screen != "learn":
            self.guide.end_guide()
        if route.game != self.game_id or route.screen != "guest":
            self.visiting.on = False
        if route.game != self.game_id or route.screen not in ("table", "watch"):
            self.computers.stop()
            if self.watching is not None:  # the watched game goes, and all its steps with it
                self.computers.person_acted()
            self.watching = None
            self.cover_again()

    def open(self, route: Route) -> None:
        self.links.offer = None
        self.follower = False
        if route.screen == "learn":
            self.guide.start_guide()
            return
        self.guide.end_guide()
        if route.screen == "guest":
            if not self.visiting.open():
                self.app.go_home("This phone sits at no table of that game now: open the "
                                 "host's invitation again.")
                return
            self.render()
            return
        if route.screen == "stats":
            self.app.set_title(f"{self.info.name}: statistics")
            self.render_stats()
            return
        if route.screen == "setup":
            self.watching = None
            self.computers.stop()
            self.app.set_title(f"{self.info.name}: set-up")
            self.setup_screen.render()
            return
        if route.screen == "watch":
            self.links.open_watch(route)
            return
        self.watching = None
        if route.deal is not None:
            self.links.open_deal(route, route.deal)
            return
        if self.match is None:
            setup = self.form.draft if not self.by_deal else default_setup(self.game_id)
            self.start(setup, setup.deal)
            return
        if self.by_deal:
            self.page.replace_hash(self.address(self.match))
        self.render()

    # --- starting games ---
    def start(self, setup: Setup, deal: int | None, watch: bool = False,
              daily: str = "") -> None:
        """Start a game (``daily``: the date of the daily deal it is)."""
        self.computers.stop()
        self.follower = False
        number = deal if deal is not None else random_deal_number()
        m: Match[S] = Match.new(setup, number, watch=watch)
        m.daily = daily
        m.switches = self.board.switches(self.match, guided=False)
        here = setup.here
        m.uncovered = here[0] if len(here) == 1 else None
        self.fresh_turn()
        self.computers.paused = False
        if watch:
            self.watching = m
        else:
            self.watching = None
            self.match = m
            self.save()
        if not all(s.human for s in setup.seats):  # the computers forget any game of this id
            self.app.spawn(self.app.env.think(Forget(m.gid)))
        route = self.app.route
        if not watch and not (route.screen == "table" and route.game == self.game_id):
            self.app.go(self.address(m))
            return
        if not watch and self.by_deal and self.match is m:
            self.app.settle(Route("table", game=self.game_id, deal=m.deal), self.address(m))
        self.render()

    def new_game(self, deal: int) -> None:
        """Deal ``deal`` of the set-up on the table in place of its game (switches kept)."""
        m = self.match
        self.start(m.setup_again() if m is not None else default_setup(self.game_id), deal)

    def on_table(self) -> bool:
        r = self.app.route
        return r.game == self.game_id and r.screen in ("table", "learn")

    # --- drawing ---
    def render(self) -> None:
        session = self.session
        if session is None:
            self.app.set_title(self.info.name)
            self.setup_screen.render()
            return
        title = session.title()
        self.app.set_title(title)
        if session.instead():
            return
        self.page.region("screen", self.frame.html(self.game_id, title))
        self.render_board()
        self.computers.kick()

    def render_board(self) -> None:
        """The board and the dock; then the board says again what is still true."""
        self.drawing.render_board(self.session)

    # --- set-up screen ---
    # --- events ---
    def on_change(self, ev: Event) -> None:
        if self.phones.on_change(ev):
            return
        handler = self.board.taps.changes.get(ev.action)
        if handler is not None:
            handler(ev)
            return
        self.setup_screen.change(ev)

    def replay(self, entry: JSONObject) -> Replay:
        return self.board.replay(self.drawing, entry)

    def render_stats(self) -> None:
        self.drawing.render_stats()

    def on_click(self, ev: Event) -> None:
        self.follower = False  # a person acts in this tab: its computers move again
        if self.computers.showing_again is not None:  # any tap during a Replay stops it
            self.computers.stop_showing()
            self.render_board()
            return
        if not self.guide.guide_click(ev):
            return
        handler = self.actions.get(ev.action)
        if handler is not None:
            handler(ev)
            return
        session = self.session
        seen = None if session is None else session.tapped(say=True)
        if session is None or seen is None:
            return
        tap = self.board.tap(seen, ev)
        if tap is not None:
            session.act(seen.seat, list(tap.actions), tap.message, tap.refusal)

    def on_key(self, key: str) -> None:
        session = self.session
        if session is None:
            return
        self.follower = False
        if self.run is not None:  # a guided game is played by taps (and Tab and Enter)
            return
        if key == "Escape" and self.watching is not None and self.shown is self.watching:
            self.core_taps.act_mt_stop(None)
            return
        seen = session.tapped(say=False)
        tap = None if seen is None else self.board.tap(seen, Event("key", key=key))
        if seen is not None and tap is not None:
            session.act(seen.seat, list(tap.actions), tap.message, tap.refusal)

    # --- the board's answers, for the computers' turns and the replays ---
    def fly(self, flights: Sequence[tuple[str, str | None]]) -> None:
        """Cards fly (the bridge's flights), as a computer's step flies them: a guest's phone
        flies what the host told it (not with reduced motion, nor at the fastest pace)."""
        if self.computers.paced(watch=False) == 0:
            return
        for card, source in flights:
            self.page.flight(card, source)

