"""Perpetual-Motion Machine's table: the shell's seated table plus the board of :mod:`.board`
(mats, display, hand, the three choices, log lines), and the Hint (what a Strong computer would
do, thought out in the worker).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app.kit import Tap
from app.seated.seats import Match
from app.seated.table import SeatedTable
from app.table import Event, Host
from app.tables.machine import board as mu
from engine.errors import IllegalAction
from engine.games.machine.rules import (
    DISCARDING,
    TAKING,
    TRADING,
    MachineAction,
    MachineState,
    MachineView,
    PlayerMat,
    Stop,
)


class Table(SeatedTable[mu.TurnUI]):
    game_id = "machine"

    def __init__(self, app: Host) -> None:
        super().__init__(app, mu.TurnUI())
        # seat -> the mats when that person last tapped
        self.seen: dict[int, tuple[PlayerMat, ...]] = {}

    def view(self, m: Match, seat: int) -> MachineView:
        view: MachineView = self.game.view(m.state, seat)
        return view

    def board_html(self, m: Match, seat: int, interactive: bool) -> str:
        marked = mu.mat_marks(self.seen.get(seat), m.state.mats) | self.marked
        return mu.table_html(self.view(m, seat), self.ui, m.names(), interactive=interactive,
                             marked=marked)

    def board_click(self, m: Match, seat: int, ev: Event) -> Tap[mu.TurnUI, Any] | None:
        return self.finished(m, seat, mu.tap(self.view(m, seat), self.ui, ev.action,
                                             ev.data or {}))

    def board_key(self, m: Match, seat: int, key: str) -> Tap[mu.TurnUI, Any] | None:
        if key.lower() == "h":
            self.act_mm_hint(None)
            return None
        t = mu.key(self.view(m, seat), self.ui, key)
        return None if t is None else self.finished(m, seat, t)

    def finished(self, m: Match, seat: int, t: Tap[mu.TurnUI, Any]
                 ) -> Tap[mu.TurnUI, Any]:
        """The Tap, with a closing Stop when a trade leaves the turn open."""
        actions = list(t.actions)
        if actions:
            self.seen[seat] = m.state.mats
        if actions and t.finish:
            state: MachineState | None = m.state
            try:
                for a in actions:
                    state = self.game.apply(state, a)
            except IllegalAction:
                state = None  # the shell applies them again and shows the engine's reason
            if (state is not None and self.game.current_player(state) == seat
                    and state.phase in (TRADING, TAKING)):
                actions.append(Stop())
        return replace(t, actions=tuple(actions))

    def keys(self) -> str:
        return "Escape d D s S t T x X p P o O a A h H"

    def turn_reset(self) -> None:
        self.ui = mu.TurnUI(sort=self.ui.sort, aid=self.ui.aid, opp=self.ui.opp)

    def describe_turn(self, m: Match, before: MachineState, actions: Sequence[MachineAction],
                      seat: int) -> str:
        return mu.describe_turn(self.game.view(before, seat), self.game.view(m.state, seat),
                                actions, m.names()[seat])

    def marks(self, before: MachineState, after: MachineState) -> frozenset[str]:
        out = set(mu.mat_marks(before.mats, after.mats))
        out.update(f"d{i}" for i, (a, b) in enumerate(zip(before.display, after.display,
                                                          strict=True)) if a != b and b)
        return frozenset(out)

    def line(self, m: Match) -> str:
        s: MachineState = m.state
        seat = self.viewer(m)
        if s.phase == "setup":
            return "set-up"
        limit = f" of {s.max_rounds}" if s.max_rounds else ""
        return f"round {s.round}{limit}, {s.mats[seat].left} cubes to place"

    def score_caption(self, m: Match) -> str:
        return "Cubes on the mat"

    # --- looking around works any time, also during the computers' turns ---
    def look(self, ev: Event) -> None:
        m = self.shown
        if m is None or self.covered(m):
            return
        t = mu.tap(self.view(m, self.viewer(m)), self.ui, ev.action, ev.data or {})
        self.ui = t.ui
        self.render_board()

    act_mm_opp = act_mm_sort = act_mm_aid = look

    # --- the Hint: what a Strong computer would do, thought out in the worker ---
    def act_mm_hint(self, _ev: Event | None) -> None:
        self.ask_hint("Thinking as the Strong computer would…", "advice", self.show_hint)

    def show_hint(self, m: Match, seat: int, state: MachineState,
                  answer: dict[str, Any]) -> None:
        action = self.game.parse_action(answer["action"])
        view = self.view(m, seat)
        cards = [str(c) for c in getattr(action, "cards", ())]
        card = getattr(action, "card", None)
        if card is not None:
            cards = [str(card)]
        self.ui = replace(self.ui, hint=str(action), picked=tuple(cards) or self.ui.picked)
        self.render_board()
        follow = ""
        if cards and state.phase != DISCARDING:
            follow = " The cards are selected: tap " + (
                "Play." if str(action).startswith("play") else "Trade.")
        elif cards:
            follow = " The card is selected: tap Discard."
        self.say(f"Hint: the Strong computer would {mu.action_words(view, action)}.{follow}",
                 "hint")
