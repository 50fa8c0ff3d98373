"""Tap moves: the switch, a stack's top card selected and then the stack it goes onto tapped,
and the Hint, which shows the forced move waiting. With the switch off Deal makes the forced
moves; turned off while some wait, the board plays them for the player."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from app.guide import GuideRun
from app.table import Event, Host
from app.tables.perpetual_motion import session as pm
from app.tables.perpetual_motion import words
from app.tables.perpetual_motion.deal_queue import DealQueue
from app.tables.perpetual_motion.session import Session
from engine.errors import IllegalAction
from engine.games.perpetual_motion.rules import (
    GAME,
    Deal,
    Gather,
    Move,
    PMAction,
    PMState,
    describe_stack,
)


def pending_chain(s: Session) -> list[Move]:
    """The forced moves waiting in ``s``, one after another, as Deal would make them."""
    state = s.state
    out: list[Move] = []
    while (m := GAME.pending_move(state)) is not None:
        out.append(m)
        state = GAME.apply(state, m)
    return out


class Tapped(Protocol):
    """What Tap moves need of the board they are made on."""

    app: Host
    busy: bool  # cards are still moving (a Deal, or a tapped move not yet made)
    deals: DealQueue  # the presses made meanwhile, played once they land

    @property
    def session(self) -> Session | None: ...

    @property
    def run(self) -> GuideRun[PMState, PMAction] | None: ...

    @property
    def autoplay(self) -> bool: ...

    def render_board(self) -> None: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def tell(self, s: Session, text: str) -> None:
        """``text`` said after a step; at the deal's end, the end shown after it."""

    def save(self) -> None:
        """Keep the deal on show as it is (its switch flipped)."""

    def guide_refused(self, actions: Sequence[object]) -> bool: ...

    def guide_noted(self, actions: list[PMAction]) -> None: ...

    def play_presses(self, s: Session) -> None:
        """The presses made while cards were moving, played now."""

    def ended(self, s: Session) -> None:
        """A deal just ended: the focus goes to its end."""

    async def perform(self, action: PMAction, animate: bool, render: bool = True) -> None:
        """Apply one action, as the board applies its own (IllegalAction: nothing changes)."""

    async def run_plan(self, plan: list[PMAction]) -> None:
        """Play a step as Deal plays it, shown moving."""


class TapMoves:
    """The stack whose top card is to move (``selected``) and the forced move the Hint shows
    (``hint``)."""

    def __init__(self, board: Tapped) -> None:
        self.board = board
        self.selected: int | None = None
        self.hint: Move | None = None

    def clear(self) -> None:
        """Nothing selected, no Hint on show."""
        self.selected = None
        self.hint = None

    def targets(self, s: Session) -> list[int]:
        """The stacks the selected card may go onto."""
        if self.selected is None:
            return []
        return [a.dst for a in GAME.legal_actions(s.state)
                if isinstance(a, Move) and a.src == self.selected]

    def stack(self, ev: Event) -> None:
        self.tap(int(ev.get("i")))

    def tap(self, i: int) -> None:
        """Stack ``i`` tapped: its card selected, or the selected card moved onto it."""
        b = self.board
        s = b.session
        if s is None or b.autoplay:
            return
        if b.busy:  # tapped while cards move: played, as tapped, once they land
            b.deals.press(i)
            return
        view = pm.view_of(s)
        if s.over:
            b.say("The game is over: start a new deal or restart this one.")
            return
        if b.run is not None and isinstance(b.run.next_action(), Deal | Gather):
            b.guide_refused([i])  # a stack, when the guide asks for Deal
            return
        if not pm.is_manual(s):
            b.say(describe_stack(view.stacks[i], i).capitalize()
                  + f". Deal makes the forced moves for you; turn on “{words.MANUAL_LABEL}” "
                  "to make them yourself.")
            return
        if self.selected is None:
            if not view.stacks[i]:
                b.say(f"Stack {i + 1} is empty: there is no card to move.", "refusal")
                return
            self.selected = i
            self.hint = None
            b.render_board()
            b.say(f"The {view.stacks[i][-1].name} is selected: tap the stack to move it onto.")
            return
        src = self.selected
        self.selected = None
        if src == i:
            b.render_board()
            b.say(words.NOTHING_SELECTED)
            return
        if b.guide_refused([Move(src, i)]):
            return
        b.busy = True  # until the move is made: a tap meanwhile waits for it
        b.app.spawn(self.move(Move(src, i)))

    def unselect(self) -> bool:
        """Escape: the selected stack let go; False: none was."""
        if self.selected is None:
            return False
        self.selected = None
        self.board.render_board()
        self.board.say(words.NOTHING_SELECTED)  # not "The … is selected" any more
        return True

    async def move(self, move: Move) -> None:
        """The player's move, shown moving; the guide notes it; then the taps made
        meanwhile."""
        b = self.board
        s = b.session
        assert s is not None
        stack = s.state.stacks[move.src]
        card = stack[-1] if stack else None
        try:
            await b.perform(move, animate=not b.app.env.reduced_motion())
        except IllegalAction as e:
            b.busy = False
            b.render_board()
            b.say(f"Not allowed: {e.reason}.", "refusal")
        else:
            b.busy = False
            if b.run is not None:
                b.guide_noted([move])
            else:
                b.tell(s, words.after_tap_move(s, card, move.dst))
            b.ended(s)
        finally:
            b.busy = False
        b.play_presses(s)

    def show_hint(self, _ev: Event | None) -> None:
        """The Hint: the forced move waiting, marked on the stacks and said."""
        b = self.board
        s = b.session
        if s is None or s.over or b.autoplay:
            return
        if b.busy:  # asked while cards move: shown once they land (it would not stay true)
            b.deals.press("hint")
            return
        move = pm.pending(s)
        if move is None:
            self.hint = None
            b.render_board()
            b.say("No forced move is waiting: " + words.next_step(s))
            return
        self.hint = move
        self.selected = None
        b.render_board()
        card = pm.view_of(s).stacks[move.src][-1]
        b.say(f"Hint: the {card.name} on stack {move.src + 1} goes onto stack "
              f"{move.dst + 1}.", "hint")

    def toggle(self, _ev: Event | None) -> None:
        """The Tap moves switch flipped (kept with the deal); turned off, the forced moves
        waiting are made at once."""
        b = self.board
        s = b.session
        if s is None:
            return
        pm.set_manual(s, not pm.is_manual(s))
        self.clear()
        b.save()
        if b.session is not s:  # another tab's newer game is shown instead
            return
        b.render_board()
        b.say(words.switched(pm.is_manual(s)))
        if not pm.is_manual(s) and pm.pending(s) is not None and not b.autoplay:
            b.app.spawn(b.run_plan(list(pending_chain(s))))
