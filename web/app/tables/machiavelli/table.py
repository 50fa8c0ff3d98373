"""Machiavelli's table: the shell's seated table plus the board of :mod:`.board` (melds,
hand, taps, the exact Hint, log lines), and the points of a match, hand by hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from app.kit import Tap, esc
from app.seated.seats import Match
from app.seated.table import SeatedTable
from app.table import Event, Host
from app.tables.machiavelli import board as mu
from engine.games.machiavelli.rules import MAction, MState, MView


class Table(SeatedTable[mu.TurnUI]):
    game_id = "machiavelli"

    def __init__(self, app: Host) -> None:
        super().__init__(app, mu.TurnUI())

    def view(self, m: Match, seat: int) -> MView:
        view: MView = self.game.view(m.state, seat)
        return view

    def board_html(self, m: Match, seat: int, interactive: bool) -> str:
        return mu.table_html(self.view(m, seat), self.ui, m.names(), interactive=interactive,
                             marked=self.marked)

    def board_click(self, m: Match, seat: int, ev: Event) -> Tap[mu.TurnUI, Any] | None:
        return mu.tap(self.view(m, seat), self.ui, ev.action, ev.data or {})

    def board_key(self, m: Match, seat: int, key: str) -> Tap[mu.TurnUI, Any] | None:
        k = key.lower()
        if k in ("u", "z"):  # Undo and Hint are the shell's and the worker's
            self.act_m_undo(None)
            return None
        if k == "h":
            self.act_m_hint(None)
            return None
        return mu.key(self.view(m, seat), self.ui, key)

    def keys(self) -> str:
        return "Escape e E d D r R u U z Z h H . n N s S j J"

    def turn_reset(self) -> None:
        self.ui = mu.TurnUI(sort=self.ui.sort)

    def hand_of(self, state: MState) -> int:
        return int(state.hand_no)

    def check_hand_over(self, before: MState, m: Match) -> None:
        """A hand of a match ended: keep its points; pause at the hand-over panel unless the
        match ended with it."""
        s: MState = m.state
        if s.hand_no != before.hand_no or (m.over and s.hand_no > len(m.hands)
                                           and s.config.match_limit):
            points = [int(x) for x in s.last_hand]
            if points:
                m.hands.append(points)
            if not m.over and not m.watch:  # a watched match goes straight on
                self.hand_over = tuple(points)

    def describe_turn(self, m: Match, before: MState, actions: Sequence[MAction],
                      seat: int) -> str:
        return mu.describe_turn(self.game.view(before, seat), self.game.view(m.state, seat),
                                actions, m.names()[seat])

    def marks(self, before: MState, after: MState) -> frozenset[str]:
        return mu.marked_keys(self.game.view(before, 0), self.game.view(after, 0))

    def line(self, m: Match) -> str:
        s: MState = m.state
        seat = self.viewer(m)
        hand = f"hand {s.hand_no}, " if s.config.match_limit else ""
        return f"{hand}turn {s.turns + 1}, {len(s.hands[seat])} cards in hand"

    def score_caption(self, m: Match) -> str:
        return ("Penalty points, match total" if m.state.config.match_limit
                else "Penalty points (cards left in hand)")

    def hand_over_html(self, m: Match) -> str:
        s: MState = m.state
        points = self.hand_over or ()
        rows = "".join(f"<tr><th scope='row'>{esc(n)}</th><td>{p}</td><td>{t}</td></tr>"
                       for n, p, t in zip(m.names(), points, s.scores, strict=False))
        return (f'<section class="end" data-testid="hand-over" aria-labelledby="ho-h">'
                f'<h2 id="ho-h">Hand {s.hand_no - 1} is over</h2>'
                f'<table class="scores"><caption>Penalty points</caption><thead><tr><th></th>'
                f'<th scope="col">This hand</th><th scope="col">Match</th></tr></thead>'
                f"<tbody>{rows}</tbody></table>"
                f'<div class="row"><button type="button" class="btn primary" '
                f'data-action="mt-next-hand" data-testid="mt-next-hand">Next hand</button></div>'
                f"</section>")

    # --- the Hint, thought out in the worker ---
    def act_m_undo(self, ev: Event | None) -> None:
        self.ui = mu.TurnUI(sort=self.ui.sort)
        self.act_mt_undo(ev)

    def act_m_hint(self, _ev: Event | None) -> None:
        self.ask_hint("Thinking about the best play…", "hint", self.show_hint)

    def show_hint(self, m: Match, seat: int, _state: MState, answer: dict[str, Any]) -> None:
        h = mu.HintInfo(int(answer["cards"]), bool(answer["proven"]),
                        tuple(self.game.parse_action(s) for s in answer["steps"]))
        self.ui = replace(self.ui, hint=h)
        self.render_board()
        self.say(mu.hint_message(h, self.view(m, seat)), "hint")
