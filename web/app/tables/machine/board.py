"""Perpetual-Motion Machine's board at the table core: the parts of :mod:`.parts` (mats,
display, hand, the three choices, log lines), and the Hint (what a Strong computer would do,
thought out in the worker).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from app.board import BoardClass, Core, Handler
from app.guide import guided_tap
from app.seated.plain import PlainBoard
from app.seated.seats import Match
from app.seen import Seen
from app.storage import JSONObject
from app.table import Event
from app.tables.machine import parts as mu
from engine.cards import Card
from engine.games.machine.mat import TRACK_IDS
from engine.games.machine.rules import (
    DISCARDING,
    SETUP,
    TAKING,
    TRADING,
    Discard,
    MachineAction,
    MachineState,
    MachineView,
    PlayerMat,
    PlaySet,
    Setup,
    Stop,
    Trade,
)


def action_cards(a: MachineAction) -> list[str]:
    """The cards of the hand an action plays, trades or discards (selected for it)."""
    match a:
        case PlaySet(cards=cards):
            return [str(c) for c in cards]
        case Trade(card=card) | Discard(card=card):
            return [str(card)]
    return []


def setup_pair(a: Setup) -> str:
    """A set-up's two tracks as the pair picker names them ("A B")."""
    return " ".join(TRACK_IDS[t] for t in a.tracks)


# what the Machine's board draws from, and answers a tap from
Seeing = Seen[mu.MachineTurnUI, MachineAction, MachineView]


class MachineBoard(PlainBoard[mu.MachineTurnUI, MachineState, MachineAction, MachineView]):
    keys = "Escape d D s S t T x X p P o O a A m M h H"
    # looking around works any time, also during the computers' turns and a guided game
    guide_allows = frozenset({"mm-opp", "mm-sort", "mm-aid", "mm-mat"})

    def __init__(self, core: Core[mu.MachineTurnUI, MachineState, MachineAction, MachineView]
                 ) -> None:
        super().__init__(core)
        self.game = core.game
        # seat -> the mats when that person last tapped
        self.seen: dict[int, tuple[PlayerMat, ...]] = {}
        # seat -> the hand when that person last acted: what came in since is marked
        self.held: dict[int, tuple[Card, ...]] = {}
        self.held_before: dict[int, tuple[Card, ...]] = {}  # restored on a refusal
        self.hint_at: int | None = None  # the action count the hint was thought out for
        self.stepping: MachineView | None = None  # the person's view before their step
        self.actions: Mapping[str, Handler] = {
            "mm-opp": self.look, "mm-sort": self.look, "mm-aid": self.look,
            "mm-mat": self.look, "mm-hint": self.act_mm_hint}

    def fresh_ui(self) -> mu.MachineTurnUI:
        return mu.MachineTurnUI()

    def view(self, m: Match[MachineState], seat: int) -> MachineView:
        view: MachineView = self.game.view(m.state, seat)
        return view

    def board_html(self, seen: Seeing) -> str:
        return mu.table_html(seen.view, self.ui, list(seen.names), interactive=seen.interactive,
                             marked=self.all_marks(seen))

    def dock_html(self, seen: Seeing) -> str:
        return mu.dock_html(seen.view, self.ui, list(seen.names), interactive=seen.interactive,
                            marked=self.all_marks(seen), fresh=self.fresh(seen))

    def all_marks(self, seen: Seeing) -> frozenset[str]:
        """The computers' changes since the person last acted, and the person's own new
        sections and limits since their last tap."""
        return mu.mat_marks(self.seen.get(seen.seat), seen.view.mats) | seen.marked

    def fresh(self, seen: Seeing) -> frozenset[str]:
        """The cards that came into the seat's hand with that person's last action (a card
        drawn face down is seen nowhere else), marked until their next action."""
        held = self.held.get(seen.seat)
        if held is None or seen.watch:
            return frozenset()
        return frozenset(str(c) for c in seen.view.hand if c not in held)

    def after_render(self) -> None:
        """The hint again while it is true (every redraw clears the message line, and a hint
        speaks of the table it was thought out for)."""
        seen = self.last_seen
        if self.ui.hint is None or seen is None:
            return
        if self.hint_at != seen.actions or not seen.interactive:
            self.ui = replace(self.ui, hint=None, hint_text=None)
            return
        if self.ui.hint_text:
            self.t.say(self.ui.hint_text, "hint")

    def guide_mark(self, expected: list[MachineAction], seen: Seeing) -> None:
        """A guided game's next step is marked as the Hint marks its advice: the pair chosen,
        the display card or Draw ringed, the cards of a trade or a set selected."""
        ui = self.ui
        if not expected:
            self.ui = replace(ui, hint=None, hint_text=None)
            return
        a = expected[0]
        cards = [c for x in expected if isinstance(x, Trade | Discard)
                 for c in action_cards(x)] or action_cards(a)
        # the pair asked for, unless the player chose another (Place then says Not quite)
        pair = (ui.pair or setup_pair(a)) if isinstance(a, Setup) else ui.pair
        self.ui = replace(ui, hint=str(a), hint_text=None, pair=pair,
                            picked=ui.picked or tuple(cards))
        self.hint_at = seen.actions

    def click(self, seen: Seeing, ev: Event) -> mu.TurnTap | None:
        mats = dict(self.seen)
        t = self.finished(seen, mu.tap(seen.view, self.ui, ev.action, ev.data or {}))
        # in a guided game a wrong try is said again as the whole step, nothing left picked
        g = guided_tap(self.t.guiding.run, t, self.turn_ui())
        if g is not t and t.actions:  # nothing is applied: the mats' and hand's marks stay
            self.seen = mats
            self.refused()
        return g

    def key(self, seen: Seeing, key: str) -> mu.TurnTap | None:
        if key.lower() == "h":
            self.act_mm_hint(None)
            return None
        t = mu.key(seen.view, self.ui, key)
        return None if t is None else self.finished(seen, t)

    def finished(self, seen: Seeing, t: mu.TurnTap) -> mu.TurnTap:
        """The Tap, with a closing Stop when a trade leaves the turn open (the seat's view
        after the tap's actions says so: the table's ``trial``)."""
        actions = list(t.actions)
        seat = seen.seat
        if actions:
            self.seen[seat] = seen.view.mats
            self.held_before = dict(self.held)
            self.held[seat] = seen.view.hand
        if actions and t.finish and seen.trial is not None:
            after = seen.trial(actions)  # None: refused (the core says the engine's reason)
            if after is not None and after.current == seat and after.phase in (TRADING,
                                                                              TAKING):
                actions.append(Stop())
        return replace(t, actions=tuple(actions))

    def refused(self) -> None:
        self.held = self.held_before  # a refused tap is no action: its marks stay

    def before_steps(self, seat: int, view: MachineView, actions: Sequence[MachineAction]
                     ) -> None:
        self.stepping = view

    def after_steps(self, seat: int, view: MachineView, actions: Sequence[MachineAction]
                    ) -> None:
        """The person's step said on the message line (a screen reader hears it): what they
        drew, took, traded, played or discarded, and what the turn still asks. Nothing for a
        refused step (the engine's reason is said), nor in a guided game (its step is)."""
        before, self.stepping = self.stepping, None
        if before is None or before == view or self.t.guiding.run is not None:
            return
        text = mu.own_step_words(before, view, actions)
        if text:
            self.t.say(text)
        if any(isinstance(a, Setup) for a in actions):
            # the pairs are gone with the set-up: the keys go on from Draw, where a turn starts
            self.t.page.focus("mm-pile-down")

    def turn_reset(self) -> None:
        self.ui = self.turn_ui()

    def turn_ui(self) -> mu.MachineTurnUI:
        """The UI at the start of a turn: nothing picked, the views chosen kept."""
        ui = self.ui
        return mu.MachineTurnUI(sort=ui.sort, aid=ui.aid, opp=ui.opp, mat=ui.mat)

    def describe_turn(self, m: Match[MachineState], before: MachineState,
                      actions: Sequence[MachineAction], seat: int, you: bool = False) -> str:
        return mu.describe_turn(self.game.view(before, seat), self.game.view(m.state, seat),
                                actions, m.names()[seat], you)

    def closes_turn(self, before: MachineState, after: MachineState) -> bool:
        """The set-up round ends with the first player's set-up, who then plays the first
        turn: the set-up is its own line."""
        return before.phase == SETUP and after.phase != SETUP

    def marks(self, before: MachineState, after: MachineState) -> frozenset[str]:
        """Sections filled, limits changed, display cards new, and what each player took face
        up or played, from ``before`` (when the person last acted) to ``after``, over as many
        computers' turns as lie between."""
        out = set(mu.mat_marks(before.mats, after.mats))
        out.update(f"d{i}" for i, (a, b) in enumerate(zip(before.display, after.display,
                                                          strict=True)) if a != b and b)
        for s0, s1 in self.steps(before, after):
            out.update(mu.step_news(s0, s1))
        return frozenset(out)

    def steps(self, before: MachineState, after: MachineState
              ) -> list[tuple[MachineState, MachineState]]:
        """The single steps from ``before`` to ``after``, from the computers' record of the
        states since the person acted (one step when they are not in it)."""
        states = self.t.since_states
        ids = [id(s) for s in states]
        if id(before) in ids and id(after) in ids:
            i, j = ids.index(id(before)), ids.index(id(after))
            if i <= j:
                return list(zip(states[i:j], states[i + 1:j + 1], strict=True))
        return [(before, after)]

    def flights(self, m: Match[MachineState], before: MachineState, after: MachineState
                ) -> list[tuple[str, str | None]]:
        """A computer's step, card by card: a face-up card flies from the display to the
        player's chip row; a set played flies from the player's chip; new display cards fly
        from the face-down pile."""
        return mu.step_flights(before, after)

    def line(self, m: Match[MachineState]) -> str:
        s: MachineState = m.state
        seat = m.viewer
        if s.phase == "setup":
            return "set-up"
        limit = f" of {s.max_rounds}" if s.max_rounds else ""
        return f"round {s.round}{limit}, {s.mats[seat].left} cubes to place"

    def score_caption(self, view: MachineView) -> str:
        return "Cubes on the mat"

    def look(self, ev: Event) -> None:
        """Looking around (another mat, the sort, the aid): any time, the game unchanged."""
        seen = self.last_seen
        if seen is None:
            return
        t = mu.tap(seen.view, self.ui, ev.action, ev.data or {})
        self.ui = t.ui
        self.t.render_board()

    # --- the Hint: what a Strong computer would do, thought out in the worker ---
    def act_mm_hint(self, _ev: Event | None) -> None:
        self.t.ask_hint("Thinking as the Strong computer would…", "advice", self.show_hint)

    def show_hint(self, seen: Seeing, answer: JSONObject) -> None:
        action = self.game.parse_action(str(answer["action"]))  # the action's text
        view = seen.view
        cards = action_cards(action)
        follow = ""
        if cards and view.phase != DISCARDING:
            follow = " The cards are selected: tap " + (
                "Play." if isinstance(action, PlaySet) else "Trade.")
        elif cards:
            follow = " The card is selected: tap Discard."
        elif isinstance(action, Setup):
            follow = " The pair is chosen: tap Place."
        ui = self.ui
        pair = setup_pair(action) if isinstance(action, Setup) else ui.pair
        text = f"Hint: the Strong computer would {mu.action_words(view, action)}.{follow}"
        self.ui = replace(ui, hint=str(action), hint_text=text, pair=pair,
                            picked=tuple(cards) or ui.picked)
        self.hint_at = seen.actions
        self.t.render_board()


BOARD: BoardClass[mu.MachineTurnUI, MachineState, MachineAction, MachineView] = MachineBoard
