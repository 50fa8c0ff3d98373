"""Perpetual Motion's board at the table core: how the solitaire's table is drawn, its
animated Deal and its Play to the end (the engine decides what is legal).

The core (:class:`app.seated.table.SeatedTable`) keeps the game (a :class:`Match` with one
seat, the player's), its save, the guide, the daily deal, links and the routes, as it does for
every game; this board holds only what a turn at the table needs and reaches the core only
through :class:`app.board.Core`. Its Deal and Play to the end (:mod:`.to_the_end`) apply the
engine's forced moves one by one, shown moving, and have the core keep them (``played``). Its
collaborators: Tap moves and the Hint (:mod:`.tap_moves`), the question New deal and Restart
ask first (:mod:`.question`), Deals pressed ahead (:mod:`.deal_queue`), its words
(:mod:`.words`) and the statistics page's simulator (:mod:`.sim_panel`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from app.board import BoardClass, Core, Frame, Handler, Replaying
from app.guide import GuideRun
from app.kit import Tap
from app.page import FLY_MS
from app.routes import Route
from app.seated.moves import Mover
from app.seated.plain import PlainBoard
from app.seen import Finale, Seen
from app.settings import pace
from app.storage import JSONObject
from app.table import Event, Replay
from app.tables.perpetual_motion import MANUAL, PM, words
from app.tables.perpetual_motion import session as pm
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion.deal_queue import DealQueue
from app.tables.perpetual_motion.question import DealQuestion
from app.tables.perpetual_motion.replay import PMReplay
from app.tables.perpetual_motion.session import CODEC, Session
from app.tables.perpetual_motion.sim_panel import SimPanel
from app.tables.perpetual_motion.tap_moves import TapMoves
from app.tables.perpetual_motion.to_the_end import ROW_STAGGER_MS, ToTheEnd
from engine.errors import IllegalAction
from engine.games.perpetual_motion.rules import (
    Deal,
    Gather,
    Move,
    PMAction,
    PMState,
    PMView,
)

MOVE_PAUSE_S = 0.30  # between the steps of one Deal


# what the board draws from: the deal's view (nothing is hidden but the deck's order)
Seeing = Seen[None, PMAction, PMView]


class PerpetualMotionBoard(PlainBoard[None, PMState, PMAction, PMView]):
    """The solitaire's board at the core's table; ``actions``: its taps, by ``data-action``
    (every tap is one of them: the board has no UI state for the core to keep)."""

    keys = "1 2 3 4 d D h H a A Escape"
    frame: Frame = v.FRAME
    # what a guided game lets by besides the guide's own buttons (the rest would leave the
    # guided deal): the taps the guide asks for, the Hint, and closing Share
    guide_allows = frozenset({"stack", "deal", "hint", "share-done"})

    def __init__(self, core: Core[None, PMState, PMAction, PMView]) -> None:
        super().__init__(core)
        self.codec = CODEC  # the deal's save, in its own shape (older saves load)
        self.app = core.app
        self.page = core.page
        self.busy = False  # cards are still moving (a Deal, or a tapped move not yet made)
        self.deals = DealQueue()  # presses made while cards were still moving
        self.to_end = ToTheEnd(self)
        self.tap_moves = TapMoves(self)  # the selected stack, the Hint, the switch
        self.question = DealQuestion(self)  # New deal and Restart, asked first
        self.sims = SimPanel(core.app, core.render_stats)  # under the statistics
        q = self.question
        own: dict[str, Callable[[Event], None]] = {
            "keep-deal": q.keep, "new-deal": q.new_deal, "new-deal-sure": q.new_deal_sure,
            "restart": q.restart, "restart-sure": q.restart_sure, "stack": self.tap_moves.stack,
            "hint": self.tap_moves.show_hint, "deal": self.act_deal, "autoplay": self.act_autoplay,
            "stop": self.to_end.stop, "toggle-manual": self.tap_moves.toggle}
        self.actions: Mapping[str, Handler] = {
            **{a: q.setting_aside(a, h) for a, h in own.items()},
            "sim-start": self.sims.start, "sim-stop": self.sims.stop}
        self.changes: Mapping[str, Handler] = {
            "speed": self.to_end.change_speed, "sim-seed": self.sims.change,
            "sim-games": self.sims.change}

    @property
    def session(self) -> Session | None:
        """The deal on the table (the guided one during a guided game)."""
        return self.t.shown

    @property
    def run(self) -> GuideRun[PMState, PMAction] | None:
        return self.t.guiding.run

    @property
    def moving(self) -> bool:
        return self.busy

    @property
    def autoplay(self) -> bool:
        """Playing to the end."""
        return self.to_end.on

    def fresh_ui(self) -> None:
        return None

    def switches(self, previous: Session | None, guided: bool) -> dict[str, bool]:
        """Tap moves: on in the guided game; else as the deal it replaces had it, or, for the
        first deal, as the player's setting says."""
        if guided:
            return {pm.MANUAL: True}
        if previous is not None:
            return dict(previous.switches)
        return {pm.MANUAL: MANUAL.read(self.app.settings.get(MANUAL.key)) is True}

    def left(self, route: Route) -> None:
        if route.screen != "table" or route.game != PM:
            self.to_end.stop()
            self.question.at_table = ""
        if route.screen != "stats" or route.game != PM:
            self.sims.stop()

    def stats_html(self) -> str:
        return self.sims.html()

    def save(self) -> None:
        """Keep the deal on show as it is (a switch flipped)."""
        s = self.session
        if s is not None:
            self.t.save()

    def played(self, actions: list[PMAction], after: PMState | None = None) -> None:
        """The board's own steps, shown moving by the board: the table's one path of a move
        (``after``: the state they lead to, worked out already); IllegalAction: none
        applied."""
        s = self.session
        if s is not None and actions:
            self.t.moves.advance(s, 0, actions, Mover.BOARD, draw=False, after=after)

    def say(self, text: str, kind: str = "info") -> None:
        self.t.say(text, kind)

    def tell(self, s: Session, text: str) -> None:
        """``text`` said after a step of ``s``; at the deal's end the end follows it on the
        message line, not said again (the table announced the result as the deal ended)."""
        if text:
            self.say(text)
        out = s.outcome
        if out is not None:
            self.page.text(self.frame.msg, f"{text} {out.summary}".strip(), "msg info")

    def replay(self, table: Replaying[PMState, PMAction], entry: JSONObject) -> Replay:
        """A finished deal again from its record's entry (its number: every entry kept it);
        drawn by the board's own screens, whatever table asks."""
        return PMReplay(self.page, entry)

    # --- its wording (:mod:`.words`) ---
    def saved_text(self, s: Session) -> str:
        return words.saved_text(s)

    def to_lose(self, s: Session) -> str | None:
        return words.to_lose(s)

    def daily_setup(self) -> str:
        return words.DAILY_SETUP

    def daily_result(self, s: Session) -> str:
        return words.daily_result(s)

    def line(self, m: Session) -> str:
        """The home tile's line of a deal (kept in its save)."""
        return words.line_of(m) or ""

    def turn_reset(self) -> None:
        """Another game, or the same read again: nothing selected, no Hint nor question on
        show; playing to the end and queued Deals stop (the game they played is not on the
        table any more)."""
        self.tap_moves.clear()
        self.question.what = None
        self.to_end.on = False
        self.deals.clear()
        self.busy = False  # (a step still moving drops itself: it is not this game's)

    def guide_refused(self, actions: Sequence[object]) -> bool:
        """The guide refuses ``actions`` (not the step's): say so; nothing is applied."""
        problem = self.t.guiding.refuses(actions)
        if problem is None:
            return False
        self.tap_moves.selected = None
        self.render_board()
        self.say(problem, "refusal")
        return True

    def guide_noted(self, actions: list[PMAction]) -> None:
        """The guide's step played: the guide notes it, and its next step is said."""
        self.t.guiding.noted(actions)
        self.render_board()

    def table_ui(self, manual: bool, pending: bool) -> v.TableUI:
        """The table's own state as drawn: Tap moves on (``manual``), a forced move
        ``pending``, what is selected or hinted, Play to the end running."""
        hint, asked = self.tap_moves.hint, None
        if self.run is not None:  # the guide marks what it asks for, as the Hint does
            asked = self.run.next_action()
            hint = asked if isinstance(asked, Move) else None
        return v.TableUI(manual=manual, selected=self.tap_moves.selected, hint=hint,
                         autoplay=self.autoplay, busy=self.busy, pending=manual and pending,
                         speed=pace(self.app.settings), guided=self.run is not None,
                         deal_hint=isinstance(asked, Deal | Gather))

    # --- drawn by the core ---
    def board_html(self, seen: Seeing) -> str:
        """The stacks (the end takes their place: :meth:`end_html`); the stacks the selected
        card may go to, as the table's ``trial`` of each move says."""
        if seen.outcome is not None:
            return ""
        targets: list[int] = []
        src = self.tap_moves.selected
        if src is not None and seen.trial is not None:
            targets = [dst for dst in range(len(seen.view.stacks))
                       if dst != src and seen.trial([Move(src, dst)]) is not None]
        return v.board_html(seen.view, None, self.seen_ui(seen), targets)

    def end_html(self, seen: Seeing, finale: Finale) -> str:
        """The end in place of the stacks, the record under it (none in a guided game)."""
        ui = replace(self.seen_ui(seen), record=finale.record)
        # a daily deal's note and its result to share under the end's heading (brought into
        # view with it): the end card is long
        share = f'<div class="row">{finale.share}</div>' if finale.share else ""
        return v.board_html(seen.view, seen.outcome, ui, daily=finale.note + share)

    def dock_html(self, seen: Seeing) -> str:
        return v.controls_html(seen.view, seen.outcome, self.seen_ui(seen))

    def seen_ui(self, seen: Seeing) -> v.TableUI:
        return replace(self.table_ui(bool(seen.switches.get(pm.MANUAL)),
                                     seen.view.pending is not None), daily=bool(seen.daily))

    def after_render(self) -> None:
        if self.autoplay:  # said again after every redraw while the deal plays itself out
            self.say(words.PLAYING)
        self.question.after_render()

    def click(self, seen: Seeing, ev: Event) -> Tap[None, PMAction] | None:
        """Every tap on the board is one of its ``actions``: nothing else to answer."""
        return None

    def key(self, seen: Seeing, key: str) -> Tap[None, PMAction] | None:
        """A key: what its button does (the board acts at once: nothing for the core). A
        stack's digit brings the focus to that stack, and A to Stop (or back to Play to the
        end); D and H leave it where the player is (H with Make moves myself off says why no
        Hint is shown) (on the stacks, arrows and Enter go on from
        there). Escape sets aside, in this order, the question on show, playing to the end,
        the selected card."""
        if self.session is None or not self.t.on_table():
            return None
        focus = ""
        if key in ("1", "2", "3", "4"):
            self.tap_moves.tap(int(key) - 1)
            focus = f"stack-{int(key) - 1}"
        elif key in ("d", "D"):
            self.act_deal(None)
        elif key in ("h", "H"):
            if pm.is_manual(self.session):
                self.tap_moves.show_hint(None)
            elif not (self.autoplay or self.busy or self.session.over):
                self.say(words.NO_HINT)  # the key is heard, not lost: why there is none
        elif key in ("a", "A") and self.run is None:
            if self.autoplay:
                self.to_end.stop()
            else:
                self.act_autoplay(None)
            focus = "pm-auto"
        elif key == "Escape":
            if self.question.what is not None:
                self.question.keep(None)
                focus = "pm-deal"
            elif self.autoplay:
                self.to_end.stop()
                focus = "pm-auto"
            else:
                self.tap_moves.unselect()
        if focus and not self.session.over and self.question.what is None:
            self.page.focus(focus)
        return None

    def render_board(self) -> None:
        """The stacks (or the end) and the controls, drawn by the core, if on show."""
        if self.session is not None and self.t.on_table():
            self.t.render_board()

    def render_controls(self) -> None:
        s = self.session
        if s is None or not self.t.on_table():
            return
        ui = replace(self.table_ui(pm.is_manual(s), pm.pending(s) is not None),
                     daily=bool(s.daily))
        self.page.region(self.frame.dock, v.controls_html(pm.view_of(s), s.outcome, ui))

    # --- Deal: a step of the deal, shown moving ---
    def act_deal(self, _ev: Event | None) -> None:
        s = self.session
        if s is None or self.autoplay or s.over:
            return
        if self.busy:  # cards are still moving: deal right after they land
            self.deals.press("deal")
            return
        try:
            plan = pm.step_plan(s)
        except IllegalAction as e:
            if self.guide_refused([Deal() if s.state.deck else Gather()]):  # said kindly
                return
            self.say(f"Not yet: {e.reason}.", "refusal")
            return
        if self.guide_refused(plan):
            return
        self.tap_moves.clear()
        self.busy = True  # from now: a press made before the step starts waits for it too
        self.app.spawn(self.run_plan(plan))

    async def run_plan(self, plan: list[PMAction]) -> None:
        s = self.session
        assert s is not None
        animate = not self.app.env.reduced_motion()
        self.busy = True
        before = pm.view_of(s)
        moved: list[tuple[str, int]] = []
        row = list(s.state.deck[:4]) if isinstance(plan[0], Deal) else []  # the row dealt
        try:
            for k, action in enumerate(plan):
                if self.session is not s:  # New deal or Restart meanwhile: drop the rest
                    return
                if isinstance(action, Move):
                    moved.append((pm.view_of(s).stacks[action.src][-1].name, action.dst))
                await self.perform(action, animate=animate, render=animate or k == len(plan) - 1)
                if animate:  # let the card(s) land before the next step redraws the table
                    self.page.flush()
                    await asyncio.sleep(MOVE_PAUSE_S if isinstance(action, Move) else
                                        (ROW_STAGGER_MS * 3 + FLY_MS + 40) / 1000)
        finally:
            self.busy = False
            self.render_controls()
        if self.session is not s:
            self.deals.clear()
            return
        if self.run is not None:
            self.guide_noted(plan)
        else:
            self.tell(s, words.plan_done(s, before, plan, moved, row))
        self.ended(s)
        self.play_presses(s)

    def play_presses(self, s: Session) -> None:
        """The presses made while cards were moving, played in their order now that they
        have landed (each as if made now: a guided game's step refuses a wrong one kindly),
        until one sets cards moving again (the rest wait for it)."""
        while not self.busy:
            if self.session is not s or s.over or self.autoplay:
                self.deals.clear()
                return
            press = self.deals.take()
            if press is None:
                return
            if press == "deal":
                self.act_deal(None)
            elif press == "hint":
                self.tap_moves.show_hint(None)
            else:
                self.tap_moves.tap(int(press))

    def ended(self, s: Session) -> None:
        """A deal just ended at the table: the focus goes to its end's heading, in view,
        where the keys go on from (a guided game's end: its bar's way on)."""
        if s.over and self.session is s and self.run is None and self.t.on_table():
            self.page.focus("end-title")

    async def perform(self, action: PMAction, animate: bool, render: bool = True) -> None:
        """Apply one action (IllegalAction: nothing changes), save, show it moving."""
        s = self.session
        assert s is not None
        before = pm.view_of(s)
        self.played([action])
        if render and not self.autoplay and not s.over:
            self.app.cue("placed")
        if not render or self.session is not s:  # not s: another tab's newer game is shown
            return
        after = pm.view_of(s)
        self.render_board()
        if not animate:
            return
        if isinstance(action, Move):
            card = before.stacks[action.src][-1] if before.stacks[action.src] else None
            if card is not None:
                self.page.flight(str(card))
        elif isinstance(action, Deal):
            if len(after.discarded) > len(before.discarded):
                cards = [str(after.discarded[-1])]
            else:
                cards = [str(st[-1]) for st in after.stacks if st]
            for k, name in enumerate(cards):
                self.page.flight(name, "#pm-deck", k * ROW_STAGGER_MS)

    # --- playing to the end (:mod:`.to_the_end`) ---
    def act_autoplay(self, _ev: Event | None) -> None:
        """Play to the end: the deal plays itself out (a Deal still moving finishes first)."""
        s = self.session
        if s is None or s.over or self.autoplay or self.run is not None:
            return
        self.deals.clear()
        self.tap_moves.clear()
        self.to_end.on = True  # drawn as playing from now
        self.render_board()  # "Playing to the end…" said after it
        self.to_end.start()


BOARD: BoardClass[None, PMState, PMAction, PMView] = PerpetualMotionBoard

