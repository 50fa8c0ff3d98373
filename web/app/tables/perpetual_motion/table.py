"""Perpetual Motion's table: the solitaire's deal, its forced moves, playing a deal to its
end, statistics.

A table (:class:`app.table.Table`) over the shell: the shell routes ``#/perpetual-motion...``
here and hands over the taps and keys; this module keeps the session (:mod:`.session`), saved
by the shell's :class:`~app.storage.GameSaves` as every game is, its guide, the daily deal and
the routes; its board (:mod:`.board`) draws the table and answers the taps on it, as a seated
game's board does at the table core (the step before this table gives way to that core).
"""

from __future__ import annotations

from collections.abc import Callable

from app import stats
from app.core.guiding import Guiding
from app.core.keeping import Keeping, Written
from app.guide import GuideRun
from app.routes import Route
from app.settings import PACE, SPEEDS
from app.stats import GameRecord
from app.storage import OTHER_TAB, JSONObject, random_deal_number
from app.table import Event, Host, SaveInfo, TableClass
from app.tables.perpetual_motion import DECLARED, MANUAL, PM
from app.tables.perpetual_motion import session as pm
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion.board import PerpetualMotionBoard
from app.tables.perpetual_motion.replay import PMReplay
from app.tables.perpetual_motion.session import Session, won
from app.tables.perpetual_motion.sim_panel import SimPanel
from engine.games.perpetual_motion.rules import GAME, PMAction


def line_of(s: Session) -> str | None:
    """The home tile's line of a deal (kept in its save)."""
    return v.SavedSummary(pm.deal_of(s), pm.view_of(s).round, s.over).text()


class Table:
    game_id = PM
    name = DECLARED.name
    screens = DECLARED.screens
    scores = DECLARED.scores

    def __init__(self, app: Host) -> None:
        self.app = app
        self.page = app.page
        self.store = app.store
        self.session: Session | None = None
        self.sims = SimPanel(app, self.render_stats)
        # the guided first game (app.guide): while it runs, ``session`` is the guided game,
        # never saved nor counted; the player's own game is read again from its save after
        self.guiding = Guiding(self.page, app.store, PM, app.go, self.say)
        self.board = PerpetualMotionBoard(self)
        self.keeping = Keeping(app.store, PM, GAME.info.name, self.board.codec, won,
                               self.board.daily_result, line=line_of)
        self.saves = self.keeping.saves
        # every tap the table answers, by action (the board's guide_allows: those a guided game
        # lets by, besides the guide's own buttons):
        # the board's, and the table's own (a linked deal's offer, the statistics' simulation)
        self.actions: dict[str, Callable[[Event], None]] = {
            **self.board.actions, "open-deal": self.act_open_deal,
            "continue": self.act_continue, "sim-start": self.sims.start,
            "sim-stop": self.sims.stop}

    @property
    def run(self) -> GuideRun | None:
        return self.guiding.run

    # --- the shell's interface ---
    def load(self) -> str | None:
        self.session, problem = self.saves.load(" and a new game can start.")
        return problem

    def summary(self) -> str | None:
        return None if self.session is None else line_of(self.session)

    def describe_save(self, text: str) -> SaveInfo:
        s = self.board.codec.read(text)
        return SaveInfo(self.saves.text(s), self.board.saved_text(s), s.over)

    # --- the daily deal (app.daily) ---
    def daily_setup(self) -> str:
        return self.board.daily_setup()

    def daily_on_table(self) -> tuple[str, bool] | None:
        return self.keeping.daily_on_table(self.session)

    def game_to_lose(self) -> str | None:
        s = self.session
        return None if s is None else self.board.to_lose(s)

    def start_daily(self, deal: int, date: str) -> None:
        self.board.confirming = None
        self.new_session(deal, date)

    def keys(self) -> str:
        return self.board.keys

    def say(self, text: str, kind: str = "info") -> None:
        self.page.text(self.board.frame.msg, text, f"msg {kind}")

    def save(self) -> None:
        """Save the game, unless another tab saved a newer one: then this tab takes that one
        (and nothing of this tab's older copy is written, nor counted in the record)."""
        s = self.session
        if s is None or self.run is not None:  # a guided game is never saved
            return
        ending = s.over and not s.counted  # it ended in this tab just now: counted once
        if not self.keeping.save(s):
            self.take_newer()
        if ending and self.session is s:
            self.app.cue("won" if won(s) else "lost")

    def changed_elsewhere(self, key: str) -> None:
        """Another tab wrote ``key``: take its newer game at once; show its record. (During
        a guided game the player's game is read again when the guide ends.)"""
        if self.run is not None:
            return
        written = self.keeping.written(key)
        if written is Written.GAME:
            self.take_newer()
        elif written is Written.RECORD and self.app.route.screen == "stats" and (
                not self.sims.running):
            self.render_stats()

    def resume_here(self) -> None:
        """The player is back on this tab (nothing of this table runs in another tab)."""

    def hidden(self) -> None:
        """The app went to the background: a solitaire has no hand to cover."""

    def take_newer(self) -> None:
        """Another tab played on: stop whatever this tab was doing with its older copy, show
        the game as that tab saved it and say so."""
        self.board.taken_over()
        problem = self.load()
        if not self.on_table():
            return
        s = self.session
        if s is None:
            self.app.go_home(problem)
            return
        deal = pm.deal_of(s)
        if deal is not None:
            self.app.settle(Route("table", game=PM, deal=deal), f"#/{PM}/deal/{deal}")
        self.render()
        self.app.tell(problem or OTHER_TAB, "refusal" if problem else "info")

    def leave(self, route: Route) -> None:
        if route.screen != "learn" or route.game != PM:
            self.end_guide()
        if route.screen != "table" or route.game != PM:
            self.board.stop_autoplay()
        if route.screen != "stats" or route.game != PM:
            self.sims.stop()

    def open(self, route: Route) -> None:
        self.board.turn_reset()
        if route.screen == "learn":
            self.start_guide()
            return
        self.end_guide()
        if route.screen == "stats":
            self.app.set_title("Statistics")
            self.render_stats()
            return
        s = self.session
        if route.deal is None:
            if s is None:
                self.new_session(random_deal_number())
                return
            deal = pm.deal_of(s)
            if deal is not None:
                self.page.replace_hash(f"#/{PM}/deal/{deal}")
            self.render()
            return
        if s is not None and pm.deal_of(s) == route.deal:
            self.render()
            return
        if s is not None and not s.over and pm.view_of(s).deals > 0:  # a game really in progress
            self.page.region("screen", v.offer_html(
                v.SavedSummary(pm.deal_of(s), pm.view_of(s).round, s.over), route.deal))
            return
        self.new_session(route.deal)

    def new_session(self, deal: int, date: str = "") -> None:
        """A new game of ``deal`` (``date``: the daily deal of that date)."""
        self.board.stop_autoplay()
        manual = (pm.is_manual(self.session) if self.session is not None
                  else MANUAL.read(self.app.settings.get(MANUAL.key)) is True)
        new = self.session = pm.new_session(deal, manual=manual)
        new.daily = date
        self.board.turn_reset()
        self.save()
        if self.session is not new:  # another tab's newer game is shown instead
            return
        if self.app.route.game == PM and self.app.route.screen == "table":
            self.app.settle(Route("table", game=PM, deal=deal), f"#/{PM}/deal/{deal}")
            self.render()
        else:
            self.app.go(f"#/{PM}/deal/{deal}")

    # --- the guided first game ---
    def start_guide(self) -> None:
        guide = self.guiding.begin()
        if guide is None:
            return
        self.board.stop_autoplay()
        self.board.confirming = None
        self.session = pm.guided_session(guide.start)
        self.render()

    def end_guide(self) -> None:
        """Back from a guided game: the player's own game, as its save has it."""
        if not self.guiding.end():
            return
        self.board.to_end.on = False
        self.board.turn_reset()
        self.load()

    def show_guide(self) -> None:
        """The guide's bar and the step's text in the message line."""
        if self.on_table():
            self.guiding.show()

    def guide_play(self, actions: list[PMAction]) -> None:
        """Skip step: the step's actions, played for the player."""
        s = self.session
        assert s is not None
        for a in actions:
            pm.apply(s, a)
        self.board.selected = None

    def guide_stepped(self, focus: str) -> None:
        self.render_board()
        self.show_guide()
        self.page.focus(focus)

    # --- rendering ---
    def render(self) -> None:
        s = self.session
        deal = None if s is None else pm.deal_of(s)
        name = ("Guided: Perpetual Motion" if self.run is not None else
                f"Perpetual Motion, deal {deal}" if deal is not None else "Perpetual Motion")
        self.app.set_title(name)
        self.page.region("screen", v.table_html(name))
        self.render_board()
        self.show_guide()

    def render_board(self) -> None:
        """The board and its controls, as the game on the table is now."""
        self.board.render_board()

    def on_table(self) -> bool:
        r = self.app.route
        return r.screen in ("table", "learn") and r.game == PM

    # --- events ---
    def on_click(self, ev: Event) -> None:
        if self.board.busy and self.run is not None and ev.action in ("guide-next", "guide-skip"):
            return  # a step still moving
        if self.guiding.click(ev.action, self, self.board.guide_allows.__contains__,
                              self.board.frame.guide_focus):
            return
        if self.board.set_aside(ev):
            return
        handler = self.actions.get(ev.action)
        if handler is not None:
            handler(ev)

    def on_change(self, ev: Event) -> None:
        if ev.action == "speed":
            if ev.value in SPEEDS:
                self.app.settings.put(PACE, ev.value)
                self.app.save_settings()
        else:
            self.sims.change(ev)

    def on_key(self, key: str) -> None:
        self.board.on_key(key)

    def act_open_deal(self, ev: Event) -> None:
        self.new_session(int(ev.get("deal")))

    def act_continue(self, _ev: Event | None) -> None:
        s = self.session
        deal = None if s is None else pm.deal_of(s)
        self.app.settle(Route("table", game=PM, deal=deal),
                        f"#/{PM}/deal/{deal}" if deal is not None else None)
        self.render()

    # --- statistics ---
    def render_stats(self) -> None:
        record = GameRecord(PM, self.name, self.saves.record(), self.scores)
        self.page.region("screen", stats.game_html(record, self.sims.html()))

    def replay(self, entry: JSONObject) -> PMReplay:
        return self.board.replay(self, entry)


TABLE: TableClass = Table
