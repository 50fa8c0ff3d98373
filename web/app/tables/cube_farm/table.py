"""Cube Farm's table: the shell's seated table plus the floor plan of :mod:`.board` (the
floor in the frame's field, the hand and actions in its dock; taps, walks, the computers'
flights, the Hint from the Strong computer's advice).

A hand's end stops the table (``hand_over``) so everyone can follow the scoring walks player
by player; *Next hand* deals on (the engine's ``next hand`` action of whoever starts it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app.kit import Tap
from app.seated.seats import LogLine, Match
from app.seated.table import SeatedTable
from app.table import Event, Host
from app.tables.cube_farm import board as cu
from engine.games.cube_farm.rules import HAND_OVER, OVER, CFAction, CFState, NextHand, Place
from engine.protocol import Action


class Table(SeatedTable[cu.TurnUI]):
    game_id = "cube-farm"

    def __init__(self, app: Host) -> None:
        super().__init__(app, cu.TurnUI())
        self.live = False  # the last dock drawn was the person's turn (its prompt is said)

    def key_of(self, m: Match) -> str:
        scored = ":scored" if m.state.phase in (HAND_OVER, OVER) else ""
        return f"{m.gid}:{m.state.hand}{scored}"  # a new key: the view starts afresh

    def view(self, m: Match, seat: int) -> Any:
        return self.game.view(m.state, seat)

    def board_html(self, m: Match, seat: int, interactive: bool) -> str:
        return cu.board_html(self.view(m, seat), self.ui, m.names(), interactive=interactive,
                             marked=self.marked, key_=self.key_of(m))

    def dock_html(self, m: Match, seat: int, interactive: bool) -> str:
        self.live = interactive
        return cu.dock_html(self.view(m, seat), self.ui, m.names(), interactive=interactive,
                            undo=bool(self.undo), hand_over=self.hand_over is not None)

    def render_board(self) -> None:
        """The shell's redraw clears the message line; what the player is to do now goes back
        in it (a tap's own message, said after this, takes its place)."""
        super().render_board()
        m = self.shown
        if m is not None and not self.covered(m) and self.live and self.run is None:
            text = cu.prompt(self.view(m, self.viewer(m)), self.ui, True)
            if text:
                self.say(text)

    def guide_mark(self, expected: list[Any]) -> None:
        """A guided game's next step is marked as the Hint marks its advice: the card shown
        where it goes (unless the player picked another card to look at), the cubicle to
        claim ringed."""
        m = self.shown
        if not expected or m is None:
            self.ui = replace(self.ui, hint=None)
            return
        a = expected[0]
        if isinstance(a, Place) and self.ui.card is None:
            self.ui, _ = cu.advice_ui(self.view(m, self.viewer(m)), self.ui, a)
        else:
            self.ui = replace(self.ui, hint=str(a))

    def flights(self, m: Match, before: CFState, after: CFState) -> list[tuple[str, str | None]]:
        seat = self.viewer(m)
        return cu.flights(self.game.view(before, seat), self.game.view(after, seat))

    def board_click(self, m: Match, seat: int, ev: Event) -> Tap[cu.TurnUI, Any] | None:
        return cu.tap(self.view(m, seat), self.ui, ev.action, ev.data or {})

    def board_key(self, m: Match, seat: int, key: str) -> Tap[cu.TurnUI, Any] | None:
        return cu.key(self.view(m, seat), self.ui, key)

    def keys(self) -> str:
        return "Escape Enter r R n N p P 1 2 3 4 5 6"

    def turn_reset(self) -> None:
        self.ui = cu.TurnUI(step=self.ui.step)

    def hand_of(self, state: CFState) -> int:
        return int(state.hand)

    def describe_turn(self, m: Match, before: CFState, actions: Sequence[CFAction],
                      seat: int) -> str:
        return cu.describe_turn(self.game.view(before, seat), self.view(m, seat), seat,
                                m.names()[seat])

    def marks(self, before: CFState, after: CFState) -> frozenset[str]:
        return cu.marked_keys(self.game.view(before, 0), self.game.view(after, 0))

    def line(self, m: Match) -> str:
        s = m.state
        seat = self.viewer(m)
        return f"hand {s.hand} of {s.hands_total}, {len(s.hands[seat])} cards in hand"

    # --- a hand's end ---
    def check_hand_over(self, before: CFState, m: Match) -> None:
        if m.watch:
            return
        if before.phase not in (HAND_OVER, OVER) and m.state.phase in (HAND_OVER, OVER):
            self.ui = cu.TurnUI()
            if m.state.phase == HAND_OVER:
                self.hand_over = tuple(m.state.history[-1])

    def perform(self, m: Match, seat: int, actions: Sequence[Action], message: str | None,
                refusal: bool) -> None:
        before: CFState = m.state
        start: CFState = self.turn_start(before)
        count = len(m.log)
        super().perform(m, seat, actions, message, refusal)
        # With two players the one who ends a hand also deals the next: the shell sees the
        # same person still to play, so close the turn here (log line, scoring stop).
        if (m.state is not before and m.state.phase == HAND_OVER and before.phase != HAND_OVER
                and m.current == seat and len(m.log) == count):
            line = cu.describe_turn(self.game.view(start, seat), self.view(m, seat), seat,
                                    m.names()[seat])
            m.log.append(LogLine(seat, line, m.state.hand))
            m.seen[seat] = len(m.log)
            self.undo = []
            self.check_hand_over(before, m)
            self.save()
            self.render_board()

    def act_mt_next_hand(self, _ev: Event | None) -> None:
        m = self.match
        self.hand_over = None
        self.ui = cu.TurnUI()
        if m is not None and not m.over and m.state.phase == HAND_OVER:
            cur = m.current
            if cur is not None and m.setup.seats[cur].human and not self.covered(m):
                self.perform(m, cur, [NextHand()], None, False)
                self.undo = []  # dealing is not undone
                return
        self.render_board()
        self.after_change()

    def act_mt_undo(self, ev: Event | None) -> None:
        """The card taken back: nothing picked, shown or hinted for the turn it left."""
        self.ui = cu.TurnUI(step=self.ui.step)
        super().act_mt_undo(ev)

    # --- taps that never change the game (a guided game lets them through) ---
    guide_allows = frozenset({"cf-show", "cf-step"})

    def act_cf_show(self, ev: Event) -> None:
        m = self.shown
        if m is None:
            return
        try:
            pos = (int(ev.get("x")), int(ev.get("y")))
        except (TypeError, ValueError):
            return
        self.ui = replace(self.ui, show=None if self.ui.show == pos else pos)
        self.render_board()
        view = self.view(m, self.viewer(m))
        cub = view.board.cubicle_at(pos)
        if m.state.phase in (HAND_OVER, OVER) and cub is not None and cub.owner == min(
                self.ui.step, m.state.players):
            return  # its line in the scoring says it, lit
        self.say(cu.walks_message(view, pos, m.names()))

    def act_cf_step(self, ev: Event) -> None:
        m = self.shown
        if m is None:
            return
        try:
            d = int(ev.get("d"))
        except (TypeError, ValueError):
            d = 1
        step = min(max(self.ui.step + d, 0), m.state.players)
        self.ui = replace(self.ui, step=step, show=None)
        self.render_board()

    # --- the Hint: what the Strong computer would do ---
    def act_cf_hint(self, _ev: Event | None) -> None:
        self.ask_hint("Thinking about the best play…", "advice", self.show_hint)

    def show_hint(self, m: Match, seat: int, state: CFState, answer: dict[str, Any]) -> None:
        action = self.game.parse_action(answer["action"])
        self.ui, text = cu.advice_ui(self.game.view(state, seat), self.ui, action)
        self.render_board()
        self.say(text, "hint")
