"""Cube Farm's board at the table core: the floor plan of :mod:`.parts` (the floor in the
frame's field, the hand and actions in its dock; taps, walks, the computers' flights, the Hint
from the Strong computer's advice).

A hand's end stops the table (``hand_over``) so everyone can follow the scoring walks player
by player; *Next hand* deals on (the engine's ``next hand`` action of whoever starts it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from app.board import BoardClass, Core, Handler
from app.guide import guided_tap
from app.seated import screens
from app.seated.plain import PlainBoard
from app.seated.seats import Match
from app.seen import Seen
from app.storage import JSONObject
from app.table import Event
from app.tables.cube_farm import parts as cu
from engine.games.cube_farm.board import pos_text
from engine.games.cube_farm.rules import (
    CLAIM,
    HAND_OVER,
    OVER,
    PLACE,
    CFAction,
    CFState,
    CFView,
    Claim,
    NextHand,
    Place,
)


class CubeFarmBoard(PlainBoard[cu.CFTurnUI, CFState, CFAction, CFView]):
    keys = "Escape Enter r R n N p P h H 1 2 3 4 5 6"
    # the end keeps the dock: the scoring is stepped through there, player by player
    frame = replace(screens.SEATED_FRAME, dock_at_end=True)
    # taps that never change the game (a guided game lets them through)
    guide_allows = frozenset({"cf-show", "cf-step"})

    def __init__(self, core: Core[cu.CFTurnUI, CFState, CFAction, CFView]) -> None:
        super().__init__(core)
        self.game = core.game
        self.live = False  # the last dock drawn was the person's turn (its prompt is said)
        self.was_live = False  # the draw before it was (a turn just started: the hand)
        self.said = False  # a tap's own message follows the redraw: no prompt before it
        # where the keyboard goes after the redraw: "place" (a card picked: its places),
        # "claim" (a card laid: a cubicle to claim), or an element's id
        self.focus_to: str | None = None
        self.actions: Mapping[str, Handler] = {
            "cf-show": self.act_cf_show, "cf-step": self.act_cf_step,
            "cf-hint": self.act_cf_hint}

    def fresh_ui(self) -> cu.CFTurnUI:
        return cu.CFTurnUI()

    def key_of(self, seen: Seen[cu.CFTurnUI, CFAction, CFView]) -> str:
        scored = ":scored" if seen.view.phase in (HAND_OVER, OVER) else ""
        return f"{seen.gid}:{seen.view.hand}{scored}"  # a new key: the view starts afresh

    def view(self, m: Match[CFState], seat: int) -> CFView:
        return self.game.view(m.state, seat)

    def board_html(self, seen: Seen[cu.CFTurnUI, CFAction, CFView]) -> str:
        return cu.board_html(seen.view, self.ui, list(seen.names), interactive=seen.interactive,
                             marked=seen.marked, key_=self.key_of(seen))

    def dock_html(self, seen: Seen[cu.CFTurnUI, CFAction, CFView]) -> str:
        self.was_live, self.live = self.live, seen.interactive
        return cu.dock_html(seen.view, self.ui, list(seen.names), interactive=seen.interactive,
                            undo=seen.can_undo, hand_over=seen.hand_over is not None)

    def after_render(self) -> None:
        """The redraw cleared the message line; what the player is to do now goes back in it
        (unless a tap's own message, said after this, takes its place); while the others
        play, who is playing. The keyboard goes where the tap's next step is."""
        t, seen = self.t, self.last_seen
        said, self.said = self.said, False
        if seen is None:
            return
        if self.live and t.guiding.run is None and not said:
            text = cu.prompt(seen.view, self.ui, True)
            if text:
                t.say(text)
        elif not self.live and not said and seen.outcome is None and not seen.watch \
                and t.guiding.run is None:  # a guided game's line is the guide's step
            view = seen.view
            cur = view.to_move
            if view.phase in (PLACE, CLAIM) and cur != seen.seat and cur < len(seen.names):
                # shown, not said: the core tells a screen reader the whole turn at its end
                t.page.text(self.frame.msg, f"{seen.names[cur]} is playing…", "msg info")
        self.place_focus(seen)

    def place_focus(self, seen: Seen[cu.CFTurnUI, CFAction, CFView]) -> None:
        """The keyboard after a redraw: a card picked, on its place shown (or its first); a
        card laid, on the cubicle to claim (the hinted one, else one on the card laid); a
        turn just started, on the hand."""
        to, self.focus_to = self.focus_to, None
        view, ui = seen.view, self.ui
        if to == "claim" and not self.live and view.phase in (PLACE, CLAIM):
            # nothing to claim: the turn ended with the card laid; the floor it lies on
            self.t.page.focus("cf-view")
            return
        if not self.live or self.t.guiding.run is not None:
            return
        if to is None and not self.was_live and view.phase == PLACE and ui.card is None \
                and view.my_hand:
            to = cu.card_id(sorted(view.my_hand)[0])
        elif to == "place" and ui.card is not None:
            anchors = cu.positions(view, ui.card)[ui.rot]
            at = ui.at if ui.at in anchors else anchors[0] if anchors else None
            to = None if at is None else f"cf-at-{at[0]}_{at[1]}"
        elif to == "claim":
            to = None
            if view.phase == CLAIM:
                free = view.board.claimable()
                card, x, y, rot = view.board.placements[-1]
                laid = set(cu.footprint(card, rot, x, y))
                on = [c for c in free if ui.hint == f"claim {pos_text(c.id)}"] or [
                    c for c in free if set(c.units) & laid] or free
                if on:
                    to = f"cf-cub-{on[0].id[0]}_{on[0].id[1]}"
        elif to in ("place", "claim"):
            to = None
        if to:
            self.t.page.focus(to)

    def tap(self, seen: Seen[cu.CFTurnUI, CFAction, CFView], ev: Event
            ) -> cu.TurnTap | None:
        """The tap's answer; and where the keyboard goes once it is drawn."""
        before = self.ui
        t = super().tap(seen, ev)
        if t is not None:
            self.said = bool(t.message)
            ui = t.ui
            if any(isinstance(a, Place) for a in t.actions):
                self.focus_to = "claim"
            elif ui.card is not None and (ui.card != before.card or (
                    ev.kind == "key" and ui.rot != before.rot)):
                self.focus_to = "place"  # a card picked (or turned by its key): its places
            elif ui.card is None and before.card is not None and not t.actions:
                self.focus_to = cu.card_id(before.card)  # put back: the card again
        return t

    def guide_mark(self, expected: list[CFAction], seen: Seen[cu.CFTurnUI, CFAction, CFView]
                   ) -> None:
        """A guided game's next step is marked as the Hint marks its advice: the card shown
        where it goes (unless the player picked another card to look at), the cubicle to
        claim ringed."""
        if not expected:
            self.ui = replace(self.ui, hint=None)
            return
        a = expected[0]
        if isinstance(a, Place) and self.ui.card is None:
            self.ui, _ = cu.advice_ui(seen.view, self.ui, a)
        else:
            self.ui = replace(self.ui, hint=str(a))

    def flights(self, m: Match[CFState], before: CFState, after: CFState
                ) -> list[tuple[str, str | None]]:
        seat = m.viewer
        return cu.flights(self.game.view(before, seat), self.game.view(after, seat))

    def click(self, seen: Seen[cu.CFTurnUI, CFAction, CFView], ev: Event) -> cu.TurnTap | None:
        # in a guided game a wrong try is said again as the whole step, nothing left picked
        run = self.t.guiding.run
        t = guided_tap(run, cu.tap(seen.view, self.ui, ev.action, ev.data or {}, seen.names),
                       cu.CFTurnUI(step=self.ui.step))
        if run is not None and not t.refusal and t.message:
            # the guide's step is the message line's; what the tap did is still told to a
            # screen reader
            self.t.page.announce(t.message)
            t = replace(t, message=None)
        return t

    def key(self, seen: Seen[cu.CFTurnUI, CFAction, CFView], key: str) -> cu.TurnTap | None:
        if key in ("h", "H"):
            self.act_cf_hint(None)
            return None
        return cu.key(seen.view, self.ui, key, seen.names)

    def turn_reset(self) -> None:
        self.ui = cu.CFTurnUI(step=self.ui.step)  # as a guided game's wrong try leaves it

    def hand_of(self, state: CFState) -> int:
        return int(state.hand)

    def describe_turn(self, m: Match[CFState], before: CFState, actions: Sequence[CFAction],
                      seat: int, you: bool = False) -> str:
        return cu.describe_turn(self.game.view(before, seat), self.view(m, seat), seat,
                                m.names()[seat], you)

    def closes_turn(self, before: CFState, after: CFState) -> bool:
        """A hand's end ends the turn of whoever ended it, even when (with two players) the
        same person deals the next."""
        return before.phase not in (HAND_OVER, OVER) and after.phase in (HAND_OVER, OVER)

    def marks(self, before: CFState, after: CFState) -> frozenset[str]:
        return cu.marked_keys(self.game.view(before, 0), self.game.view(after, 0))

    def line(self, m: Match[CFState]) -> str:
        s = m.state
        seat = m.viewer
        return f"hand {s.hand} of {s.hands_total}, {len(s.hands[seat])} cards in hand"

    # --- a hand's end ---
    def hand_over(self, before: CFState, m: Match[CFState]) -> tuple[int, ...] | None:
        if m.watch:
            return None
        if before.phase not in (HAND_OVER, OVER) and m.state.phase in (HAND_OVER, OVER):
            self.ui = cu.CFTurnUI()
            if m.state.phase == HAND_OVER:
                return tuple(m.state.history[-1])
        return None

    def next_hand(self, m: Match[CFState] | None) -> bool:
        """Next hand deals it: the engine's action of whoever starts the hand (not undone)."""
        t = self.t
        self.ui = cu.CFTurnUI()
        if m is not None and not m.over and m.state.phase == HAND_OVER:
            cur = m.current
            if cur is not None and m.setup.seats[cur].here and not m.covered:
                t.moves.perform(m, cur, [NextHand()], None, False, undoable=False)
                return True
        return False

    def undoing(self) -> None:
        """The card taken back: nothing picked, shown or hinted for the turn it left."""
        self.ui = cu.CFTurnUI(step=self.ui.step)

    # --- taps that never change the game ---
    def act_cf_show(self, ev: Event) -> None:
        t, seen = self.t, self.last_seen
        if seen is None:
            return
        try:
            pos = (int(ev.get("x")), int(ev.get("y")))
        except (TypeError, ValueError):
            return
        self.ui = replace(self.ui, show=None if self.ui.show == pos else pos)
        self.said = True
        t.render_board()
        view = seen.view
        cub = view.board.cubicle_at(pos)
        if view.phase in (HAND_OVER, OVER) and cub is not None and cub.owner == min(
                self.ui.step, view.players):
            return  # its line in the scoring says it, lit
        t.say(cu.walks_message(view, pos, list(seen.names)))

    def act_cf_step(self, ev: Event) -> None:
        seen = self.last_seen
        if seen is None:
            return
        try:
            d = int(ev.get("d"))
        except (TypeError, ValueError):
            d = 1
        step = min(max(self.ui.step + d, 0), seen.view.players)
        self.ui = replace(self.ui, step=step, show=None)
        self.said = True
        self.t.render_board()
        self.t.say(cu.step_words(seen.view, step, list(seen.names)))

    # --- the Hint: what the Strong computer would do ---
    def act_cf_hint(self, _ev: Event | None) -> None:
        self.t.ask_hint("Thinking about the best play…", "advice", self.show_hint)

    def show_hint(self, seen: Seen[cu.CFTurnUI, CFAction, CFView], answer: JSONObject) -> None:
        action = self.game.parse_action(str(answer["action"]))  # the action's text
        self.ui, text = cu.advice_ui(seen.view, self.ui, action)
        self.said = True
        # the keyboard on what the Hint shows: the card's place, or the cubicle
        if isinstance(action, Place):
            self.focus_to = f"cf-at-{action.x}_{action.y}"
        elif isinstance(action, Claim):
            self.focus_to = f"cf-cub-{action.x}_{action.y}"
        self.t.render_board()
        self.t.say(text, "hint")


BOARD: BoardClass[cu.CFTurnUI, CFState, CFAction, CFView] = CubeFarmBoard
