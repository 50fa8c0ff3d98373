"""Perpetual Motion's table: the solitaire's deal, its forced moves, playing a deal to its
end, statistics.

A table (:class:`app.table.Table`) over the shell: the shell routes ``#/perpetual-motion...``
here and hands over the taps and keys; this module keeps the session (:mod:`.session`), saved
by the shell's :class:`~app.storage.GameSaves` as every game is, draws with :mod:`.view` and
speaks to the page only through the shell's batched ``Page``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from app import daily, stats
from app.core.guiding import Guiding
from app.core.keeping import Keeping, Written
from app.guide import GuideRun
from app.kit import confirm_html, plural
from app.routes import Route
from app.settings import PACE, SPEEDS, pace
from app.stats import GameRecord
from app.storage import OTHER_TAB, JSONObject, random_deal_number
from app.table import Event, Host, SaveInfo, TableClass
from app.tables.perpetual_motion import DECLARED, MANUAL, PM
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion.replay import PMReplay
from app.tables.perpetual_motion.session import Session, won
from app.tables.perpetual_motion.sim_panel import SimPanel
from app.tables.perpetual_motion.to_the_end import ROW_STAGGER_MS, ToTheEnd
from engine.errors import IllegalAction
from engine.games.perpetual_motion.rules import (
    GAME,
    Deal,
    Gather,
    Move,
    PMAction,
    PMView,
    describe_stack,
)

FLY_MS = 220  # one card's flight
MOVE_PAUSE_S = 0.30  # between the steps of one Deal


# What a guided game's table answers to (the rest would leave the guided deal).
GUIDED_ACTIONS = frozenset({"stack", "deal", "hint", "guide-next", "guide-skip", "guide-leave",
                            "guide-again", "share-done"})


def line_of(s: Session) -> str | None:
    """The home tile's line of a deal (kept in its save)."""
    return v.SavedSummary(s.deal, s.view.round, s.over).text()


class Table:
    game_id = PM
    name = DECLARED.name
    screens = DECLARED.screens
    scores = DECLARED.scores

    def __init__(self, app: Host) -> None:
        self.app = app
        self.page = app.page
        self.store = app.store
        self.keeping = Keeping(app.store, PM, GAME.info.name, Session.from_json, won,
                               self.daily_result, line=line_of)
        self.saves = self.keeping.saves
        self.session: Session | None = None
        self.selected: int | None = None
        self.hint: Move | None = None
        self.to_end = ToTheEnd(self)
        self.busy = False
        self.deals_queued = 0  # Deal pressed again while a deal was still moving
        self.confirming: str | None = None  # "new-deal" | "restart": asked before throwing away
        self.sims = SimPanel(app, self.render_stats)
        # the guided first game (app.guide): while it runs, ``session`` is the guided game,
        # never saved nor counted; the player's own game is read again from its save after
        self.guiding = Guiding(self.page, app.store, PM, app.go, self.say)
        # every tap the table answers, by action (GUIDED_ACTIONS: those a guided game lets by)
        self.actions: dict[str, Callable[[Event], None]] = {
            "keep-deal": self.act_keep_deal, "new-deal": self.act_new_deal,
            "new-deal-sure": self.act_new_deal_sure, "restart": self.act_restart,
            "restart-sure": self.act_restart_sure, "open-deal": self.act_open_deal,
            "continue": self.act_continue, "stack": self.act_stack, "hint": self.act_hint,
            "deal": self.act_deal, "autoplay": self.act_autoplay, "stop": self.act_stop,
            "toggle-manual": self.act_toggle_manual, "sim-start": self.sims.start,
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
        s = Session.from_json(text)
        deal = f"deal {s.deal}, " if s.deal is not None else ""
        return SaveInfo(self.saves.text(s), f"{deal}round {s.view.round}"
                        + (", finished" if s.over else ""), s.over)

    # --- the daily deal (app.daily) ---
    def daily_setup(self) -> str:
        return "A solitaire: you alone with the deal, played as any deal is."

    def daily_on_table(self) -> tuple[str, bool] | None:
        return self.keeping.daily_on_table(self.session)

    def game_to_lose(self) -> str | None:
        s = self.session
        if s is None or not self.in_progress():
            return None
        return f"deal {s.deal}, round {s.view.round}"

    def start_daily(self, deal: int, date: str) -> None:
        self.confirming = None
        self.new_session(deal, date)

    def daily_result(self, s: Session) -> str:
        """A finished daily deal in a few words: won or lost, in which round."""
        return f"{'won' if won(s) else 'lost'} in round {s.view.round}"

    def keys(self) -> str:
        return "1 2 3 4 d D h H a A Escape"

    def say(self, text: str, kind: str = "info") -> None:
        self.page.text(v.FRAME.msg, text, f"msg {kind}")

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
        self.to_end.on = False
        self.deals_queued = 0
        self.selected = None
        self.hint = None
        problem = self.load()
        if not self.on_table():
            return
        s = self.session
        if s is None:
            self.app.go_home(problem)
            return
        if s.deal is not None:
            self.app.settle(Route("table", game=PM, deal=s.deal), f"#/{PM}/deal/{s.deal}")
        self.render()
        self.app.tell(problem or OTHER_TAB, "refusal" if problem else "info")

    def leave(self, route: Route) -> None:
        if route.screen != "learn" or route.game != PM:
            self.end_guide()
        if route.screen != "table" or route.game != PM:
            self.stop_autoplay()
        if route.screen != "stats" or route.game != PM:
            self.sims.stop()

    def open(self, route: Route) -> None:
        self.selected = None
        self.hint = None
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
            if s.deal is not None:
                self.page.replace_hash(f"#/{PM}/deal/{s.deal}")
            self.render()
            return
        if s is not None and s.deal == route.deal:
            self.render()
            return
        if s is not None and not s.over and s.view.deals > 0:  # a game really in progress
            self.page.region("screen", v.offer_html(
                v.SavedSummary(s.deal, s.view.round, s.over), route.deal))
            return
        self.new_session(route.deal)

    def new_session(self, deal: int, date: str = "") -> None:
        """A new game of ``deal`` (``date``: the daily deal of that date)."""
        self.stop_autoplay()
        manual = (self.session.manual if self.session is not None
                  else MANUAL.read(self.app.settings.get(MANUAL.key)) is True)
        new = self.session = Session.new(deal, manual=manual)
        new.daily = date
        self.selected = None
        self.hint = None
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
        self.stop_autoplay()
        self.confirming = None
        self.session = Session(guide.start, manual=True)
        self.render()

    def end_guide(self) -> None:
        """Back from a guided game: the player's own game, as its save has it."""
        if not self.guiding.end():
            return
        self.to_end.on = False
        self.selected = None
        self.hint = None
        self.load()

    def guide_refused(self, actions: Sequence[object]) -> bool:
        """The guide refuses ``actions`` (not the step's): say so; nothing is applied."""
        problem = self.guiding.refuses(actions)
        if problem is None:
            return False
        self.selected = None
        self.render_table()
        self.say(problem, "refusal")
        return True

    def show_guide(self) -> None:
        """The guide's bar and the step's text in the message line."""
        if self.on_table():
            self.guiding.show()

    def guide_play(self, actions: list[PMAction]) -> None:
        """Skip step: the step's actions, played for the player."""
        s = self.session
        assert s is not None
        for a in actions:
            s.apply(a)
        self.selected = None

    def guide_stepped(self, focus: str) -> None:
        self.render_table()
        self.show_guide()
        self.page.focus(focus)

    # --- rendering ---
    def render(self) -> None:
        s = self.session
        name = ("Guided: Perpetual Motion" if self.run is not None else
                f"Perpetual Motion, deal {s.deal}" if s is not None and s.deal is not None
                else "Perpetual Motion")
        self.app.set_title(name)
        self.page.region("screen", v.table_html(name))
        self.render_table()
        self.show_guide()

    def table_ui(self) -> v.TableUI:
        s = self.session
        assert s is not None
        record = self.saves.record() if s.over and self.run is None else None
        hint, asked = self.hint, None
        if self.run is not None:  # the guide marks what it asks for, as the Hint does
            asked = self.run.next_action()
            hint = asked if isinstance(asked, Move) else None
        return v.TableUI(manual=s.manual, selected=self.selected, hint=hint,
                         autoplay=self.autoplay, busy=self.busy,
                         pending=s.manual and s.pending() is not None,
                         speed=pace(self.app.settings), record=record,
                         guided=self.run is not None,
                         deal_hint=isinstance(asked, Deal | Gather))

    def on_table(self) -> bool:
        r = self.app.route
        return r.screen in ("table", "learn") and r.game == PM

    def render_table(self) -> None:
        s = self.session
        if s is None or not self.on_table():
            return
        view, outcome, ui = s.view, s.outcome, self.table_ui()
        targets: list[int] = []
        if self.selected is not None:
            targets = [a.dst for a in GAME.legal_actions(s.state)
                       if isinstance(a, Move) and a.src == self.selected]
        note = (daily.end_note_html(self.store, PM, GAME.info.name, s.daily, s.gid)
                if outcome is not None and s.daily else "")
        self.page.region(v.FRAME.board, v.board_html(view, outcome, ui, targets) + note)
        self.page.region(v.FRAME.dock, v.controls_html(view, outcome, ui))

    def render_controls(self) -> None:
        s = self.session
        if s is None or not self.on_table():
            return
        self.page.region(v.FRAME.dock, v.controls_html(s.view, s.outcome, self.table_ui()))

    # --- events ---
    def on_click(self, ev: Event) -> None:
        if self.busy and self.run is not None and ev.action in ("guide-next", "guide-skip"):
            return  # a step still moving
        if self.guiding.click(ev.action, self, GUIDED_ACTIONS.__contains__, "pm-deal"):
            return
        if self.confirming is not None and not ev.action.endswith("-sure"):
            # a question on show is set aside by any other tap (Keep playing included)
            self.confirming = None
            self.render_controls()
            if ev.action == "keep-deal":
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
        if self.session is None or not self.on_table():
            return
        if key in ("1", "2", "3", "4"):
            self.tap_stack(int(key) - 1)
        elif key in ("d", "D"):
            self.act_deal(None)
        elif key in ("h", "H") and self.session.manual:
            self.act_hint(None)
        elif key in ("a", "A") and self.run is None:
            if self.autoplay:
                self.stop_autoplay()
            else:
                self.act_autoplay(None)
        elif key == "Escape":
            if self.autoplay:
                self.stop_autoplay()
            elif self.selected is not None:
                self.selected = None
                self.render_table()
                self.say("Nothing selected.")  # not "The … is selected" any more

    # --- actions: home / navigation ---
    def in_progress(self) -> bool:
        """A deal played on from its start and not finished: New deal or Restart would throw
        that play away."""
        s = self.session
        return (s is not None and not s.over and s.deal is not None
                and s.state != GAME.new_seeded(s.deal))

    def ask_first(self, what: str) -> bool:
        """Ask before ``what`` ("new-deal" | "restart") throws a deal in progress away; True:
        the question is on show, nothing done yet."""
        s = self.session
        if not self.in_progress() or s is None:
            return False
        self.stop_autoplay()
        self.confirming = what
        rounds = s.view.round
        lose = f"Deal {s.deal} is in progress (round {rounds})."
        question = (f"{lose} A new deal ends it." if what == "new-deal" else
                    f"{lose} Restarting takes it back to its first card.")
        yes = "New deal anyway" if what == "new-deal" else "Restart anyway"
        self.page.region(v.FRAME.dock, confirm_html(question, yes, f"{what}-sure",
                                                     "Keep playing", "keep-deal"))
        self.page.focus("keep-deal")
        return True

    def act_keep_deal(self, _ev: Event | None) -> None:
        self.confirming = None
        self.render_controls()

    def act_new_deal(self, _ev: Event | None) -> None:
        if self.ask_first("new-deal"):
            return
        self.act_new_deal_sure(None)

    def act_new_deal_sure(self, _ev: Event | None) -> None:
        self.confirming = None
        self.new_session(random_deal_number())
        self.say("A new deal: tap Deal to deal the first row.")

    def act_restart(self, _ev: Event | None) -> None:
        if self.ask_first("restart"):
            return
        self.act_restart_sure(None)

    def act_restart_sure(self, _ev: Event | None) -> None:
        self.confirming = None
        s = self.session
        if s is None or s.deal is None:
            return
        self.stop_autoplay()
        self.session = s.restart()
        self.selected = None
        self.hint = None
        self.save()
        self.render_table()
        self.say(f"Deal {s.deal} starts again from the beginning.")

    def act_open_deal(self, ev: Event) -> None:
        self.new_session(int(ev.get("deal")))

    def act_continue(self, _ev: Event | None) -> None:
        s = self.session
        self.app.settle(Route("table", game=PM, deal=s.deal if s else None),
                        f"#/{PM}/deal/{s.deal}" if s is not None and s.deal is not None else None)
        self.render()

    # --- actions: the table ---
    def act_stack(self, ev: Event) -> None:
        self.tap_stack(int(ev.get("i")))

    def tap_stack(self, i: int) -> None:
        s = self.session
        if s is None or self.busy or self.autoplay:
            return
        view = s.view
        if s.over:
            self.say("The game is over: start a new deal or restart this one.")
            return
        if self.run is not None and isinstance(self.run.next_action(), Deal | Gather):
            self.guide_refused([i])  # a stack, when the guide asks for Deal
            return
        if not s.manual:
            self.say(describe_stack(view.stacks[i], i).capitalize()
                     + ". Forced moves are made for you; turn on Tap moves to make them.")
            return
        if self.selected is None:
            if not view.stacks[i]:
                self.say(f"Stack {i + 1} is empty: there is no card to move.", "refusal")
                return
            self.selected = i
            self.hint = None
            self.render_table()
            card = view.stacks[i][-1]
            self.say(f"The {card.name} is selected: tap the stack to move it onto.")
            return
        src = self.selected
        self.selected = None
        if src == i:
            self.render_table()
            self.say("Nothing selected.")
            return
        if self.guide_refused([Move(src, i)]):
            return
        self.app.spawn(self.perform_manual(Move(src, i)))

    async def perform_manual(self, move: Move) -> None:
        try:
            await self.perform(move, animate=not self.app.env.reduced_motion())
        except IllegalAction as e:
            self.render_table()
            self.say(f"Not allowed: {e.reason}.", "refusal")
            return
        s = self.session
        assert s is not None
        if self.run is not None:
            self.guiding.noted([move])
            self.render_table()
            self.show_guide()
            return
        out = s.outcome
        if out is not None:
            self.say(out.summary)
        elif s.pending() is None:
            self.say("Done: no forced move is left. " + (
                "Deal the next row." if s.view.deck_count else "Tap Next round to gather."))
        else:
            self.say("Moved. Another forced move is waiting.")

    def act_hint(self, _ev: Event | None) -> None:
        s = self.session
        if s is None or s.over or self.busy or self.autoplay:  # a hint would not stay true
            return
        move = s.pending()
        if move is None:
            self.hint = None
            self.render_table()
            self.say("No forced move is waiting: " + (
                "deal the next row." if s.view.deck_count else "tap Next round to gather."))
            return
        self.hint = move
        self.selected = None
        self.render_table()
        card = s.view.stacks[move.src][-1]
        self.say(f"Hint: the {card.name} on stack {move.src + 1} goes onto stack "
                 f"{move.dst + 1}.", "hint")

    def act_deal(self, _ev: Event | None) -> None:
        s = self.session
        if s is None or self.autoplay or s.over:
            return
        if self.busy:  # a deal is still moving: do the next one right after it
            self.deals_queued = min(self.deals_queued + 1, 3)
            return
        try:
            plan = s.step_plan()
        except IllegalAction as e:
            if self.guide_refused([Deal() if s.state.deck else Gather()]):  # said kindly
                return
            self.say(f"Not yet: {e.reason}.", "refusal")
            return
        if self.guide_refused(plan):
            return
        self.selected = None
        self.hint = None
        self.app.spawn(self.run_plan(plan))

    async def run_plan(self, plan: list[PMAction]) -> None:
        s = self.session
        assert s is not None
        animate = not self.app.env.reduced_motion()
        self.busy = True
        before = s.view
        moved: list[tuple[str, int]] = []
        try:
            for k, action in enumerate(plan):
                if self.session is not s:  # New deal or Restart meanwhile: drop the rest
                    return
                if isinstance(action, Move):
                    moved.append((s.view.stacks[action.src][-1].name, action.dst))
                await self.perform(action, animate=animate, render=animate or k == len(plan) - 1)
                if animate:  # let the card(s) land before the next step redraws the table
                    self.page.flush()
                    await asyncio.sleep(MOVE_PAUSE_S if isinstance(action, Move) else
                                        (ROW_STAGGER_MS * 3 + FLY_MS + 40) / 1000)
        finally:
            self.busy = False
            self.render_controls()
        if self.session is not s:
            self.deals_queued = 0
            return
        if self.run is not None:
            self.deals_queued = 0
            self.guiding.noted(plan)
            self.render_table()
            self.show_guide()
            return
        self.say(self.describe_plan(before, plan, moved))
        if self.deals_queued and self.session is s and not s.over:
            self.deals_queued -= 1
            self.act_deal(None)
        else:
            self.deals_queued = 0

    def describe_plan(self, before: PMView, plan: list[PMAction],
                      moved: list[tuple[str, int]] | None = None) -> str:
        s = self.session
        assert s is not None
        after = s.view
        first = plan[0] if plan else None
        if isinstance(first, Gather):
            text = (f"Stacks gathered: round {after.round} starts." if not s.over else "")
        elif isinstance(first, Deal):
            if len(after.discarded) > len(before.discarded) and len(plan) == 1:
                text = "Four of one rank: the row is discarded."
            else:
                moves = len(plan) - 1
                text = ("Dealt a row" + (f", then {plural(moves, 'forced move')}."
                                          if moves else ": no forced move."))
                if moves == 1 and moved:
                    name, dst = moved[0]
                    text = f"Dealt a row; the {name} was moved onto stack {dst + 1}."
                if s.manual and s.pending() is not None:
                    text = "Dealt a row: make the forced moves by tapping the stacks."
        elif plan:  # the forced moves left pending when Tap moves was turned off
            text = f"{plural(len(plan), 'forced move').capitalize()} made for you."
        else:
            text = ""
        out = s.outcome
        if out is not None:
            text = (text + " " if text else "") + str(out.summary)
        return text

    async def perform(self, action: PMAction, animate: bool, render: bool = True) -> None:
        """Apply one action (IllegalAction: nothing changes), save, show it moving."""
        s = self.session
        assert s is not None
        before = s.view
        s.apply(action)
        self.save()
        if render and not self.autoplay and not s.over:
            self.app.cue("placed")
        if not render or self.session is not s:  # not s: another tab's newer game is shown
            return
        after = s.view
        self.render_table()
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

    # --- playing to the end ---
    @property
    def autoplay(self) -> bool:
        return self.to_end.on

    def act_autoplay(self, _ev: Event | None) -> None:
        """Play to the end: the deal plays itself out (a Deal still moving finishes first)."""
        s = self.session
        if s is None or s.over or self.autoplay or self.run is not None:
            return
        self.deals_queued = 0
        self.selected = None
        self.hint = None
        self.to_end.on = True  # drawn as playing from now
        self.render_table()
        self.say("Playing to the end… tap Stop to take over.")
        self.to_end.start()

    def act_stop(self, _ev: Event | None) -> None:
        self.stop_autoplay()

    def stop_autoplay(self) -> None:
        self.to_end.stop()

    def act_toggle_manual(self, _ev: Event | None) -> None:
        s = self.session
        if s is None:
            return
        s.manual = not s.manual
        self.selected = None
        self.hint = None
        self.save()
        if self.session is not s:  # another tab's newer game is shown instead
            return
        self.render_table()
        if s.manual:
            self.say("Tap moves on: after each deal, tap a card, then the stack it must go to.")
        else:
            self.say("Tap moves off: Deal makes the forced moves for you.")
        if not s.manual and s.pending() is not None and not self.autoplay:
            self.app.spawn(self.run_plan(list(self.pending_chain())))

    def pending_chain(self) -> list[Move]:
        s = self.session
        assert s is not None
        state = s.state
        out: list[Move] = []
        while (m := GAME.pending_move(state)) is not None:
            out.append(m)
            state = GAME.apply(state, m)
        return out

    # --- statistics ---
    def render_stats(self) -> None:
        record = GameRecord(PM, self.name, self.saves.record(), self.scores)
        self.page.region("screen", stats.game_html(record, self.sims.html()))

    def replay(self, entry: JSONObject) -> PMReplay:
        return PMReplay(self.page, entry)


TABLE: TableClass = Table
