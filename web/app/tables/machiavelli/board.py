"""Machiavelli's board at the table core: the parts of :mod:`.parts` (the melds in the frame's
field; the hand and the actions in its dock; taps and drops, the exact Hint, log lines, the
computers' card flights), the card just drawn, and the penalty points: of the hand, or of a
match hand by hand.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from app.board import BoardClass, Core, Handler
from app.guide import guided_tap
from app.kit import esc
from app.seated import screens
from app.seated.plain import PlainBoard
from app.seated.seats import Match
from app.seen import Finale, Seen
from app.storage import JSONObject
from app.table import Event
from app.tables.machiavelli import parts as mu
from app.tables.machiavelli.controls import BUTTON_IDS, HAND_START
from app.tables.machiavelli.taps import ANY_TIME
from engine.cards import Card
from engine.games.machiavelli.rules import Draw, EndTurn, MAction, MState, MView, Pass


class MachiavelliBoard(PlainBoard[mu.MTurnUI, MState, MAction, MView]):
    keys = "Escape e E d D r R u U z Z h H . n N s S j J"
    # the taps that only change what is shown (sorting the hand, closing a meld) pass every
    # step of a guided game, the steps to read included
    guide_allows = frozenset(ANY_TIME)

    def __init__(self, core: Core[mu.MTurnUI, MState, MAction, MView]) -> None:
        super().__init__(core)
        self.game = core.game
        # the card a person just drew: (seat, hand number, card), marked in that hand until
        # the person's next action
        self.drawn: tuple[int, int, Card] | None = None
        self.hand: tuple[Card, ...] = ()  # the person's hand before their steps
        self.hand_no = 0
        # the person ended their turn: the focus goes to their hand when it comes back
        self.to_hand = False
        self.actions: Mapping[str, Handler] = {"m-undo": self.act_m_undo,
                                               "m-hint": self.act_m_hint}

    def fresh_ui(self) -> mu.MTurnUI:
        return mu.MTurnUI()

    def view(self, m: Match[MState], seat: int) -> MView:
        view: MView = self.game.view(m.state, seat)
        return view

    def board_html(self, seen: Seen[mu.MTurnUI, MAction, MView]) -> str:
        return mu.table_html(seen.view, self.ui, list(seen.names),
                             interactive=seen.interactive, marked=seen.marked)

    def dock_html(self, seen: Seen[mu.MTurnUI, MAction, MView]) -> str:
        view = seen.view
        d = self.drawn
        drawn = d[2] if d is not None and d[:2] == (seen.seat, view.hand_no) else None
        if self.to_hand and seen.interactive and view.current == view.player:
            self.to_hand = False
            self.t.page.focus(HAND_START)
        return mu.dock_html(view, self.ui, list(seen.names), interactive=seen.interactive,
                            drawn=drawn, can_undo=seen.can_undo)

    def click(self, seen: Seen[mu.MTurnUI, MAction, MView], ev: Event) -> mu.TurnTap | None:
        # in a guided game a wrong try is said again as the whole step, nothing left picked
        # (the meld that was open stays open)
        ui = self.ui
        run = self.t.guiding.run
        t = guided_tap(run, mu.tap(seen.view, ui, ev.action, ev.data or {}),
                       ui.cleared(opened=ui.opened))
        if run is not None and not t.refusal and t.message:
            # the guide's step is the message line's; what the tap did is still told to a
            # screen reader
            self.t.page.announce(t.message)
            t = replace(t, message=None)
        return self.focus_after(ui, t)

    def focus_after(self, before: mu.MTurnUI, t: mu.TurnTap) -> mu.TurnTap:
        """Where the keyboard's focus goes when what it pressed is gone: the question in the
        dock, on its safe answer; the question answered, back on the button that asked; the
        turn ended, on the hand when the turn comes back (the others' turns leave the dock's
        buttons disabled)."""
        page = self.t.page
        ended = any(isinstance(a, EndTurn | Draw | Pass) for a in t.actions)
        if t.ui.confirm and not before.confirm:
            page.focus("m-keep")
        elif before.confirm and not t.ui.confirm and not ended:
            page.focus(BUTTON_IDS["m-draw" if before.confirm == "draw" else "m-reset"])
        if ended:
            self.to_hand = True
        return t

    def before_steps(self, seat: int, view: MView, actions: Sequence[MAction]) -> None:
        """A draw remembers the card drawn (marked in the hand until the person acts again):
        the hand before, to find it."""
        self.hand, self.hand_no = view.hand, view.hand_no
        if actions:
            self.drawn = None

    def after_steps(self, seat: int, view: MView, actions: Sequence[MAction]) -> None:
        """The card drawn is marked in the hand, and said to the one person who plays here:
        the mark is seen, not heard (in pass-and-play the next person may be listening)."""
        if any(isinstance(a, Draw) for a in actions) and view.hand_no == self.hand_no:
            new = Counter(view.hand) - Counter(self.hand)
            self.drawn = next(((seat, self.hand_no, c) for c in new), None)
            m = self.t.shown
            if (self.drawn is not None and m is not None and m.you == seat
                    and self.t.guiding.run is None):
                self.t.say(f"You drew {self.drawn[2].symbol}.")

    def guide_mark(self, expected: list[MAction], seen: Seen[mu.MTurnUI, MAction, MView]
                   ) -> None:
        """A guided game's next step is marked as the Hint's next step is."""
        self.ui = replace(self.ui, hint=mu.HintInfo(0, True, tuple(expected))
                            if expected else None)

    def key(self, seen: Seen[mu.MTurnUI, MAction, MView], key: str) -> mu.TurnTap | None:
        k = key.lower()
        if k in ("u", "z"):  # Undo and Hint are the core's and the worker's
            self.act_m_undo(None)
            return None
        if k == "h":
            self.act_m_hint(None)
            return None
        ui = self.ui
        t = mu.key(seen.view, ui, key)
        return None if t is None else self.focus_after(ui, t)

    def turn_reset(self) -> None:
        self.ui = self.ui.cleared()

    def hand_of(self, state: MState) -> int:
        return int(state.hand_no)

    def hand_over(self, before: MState, m: Match[MState]) -> tuple[int, ...] | None:
        """A hand of a match ended: its points, to pause at the hand-over panel, unless the
        match ended with it (a watched match goes straight on)."""
        s: MState = m.state
        if len(s.history) > len(before.history) and not m.over and not m.watch:
            return tuple(s.history[-1])
        return None

    def describe_turn(self, m: Match[MState], before: MState, actions: Sequence[MAction],
                      seat: int, you: bool = False) -> str:
        return mu.describe_turn(self.game.view(before, seat), self.game.view(m.state, seat),
                                actions, m.names()[seat], you)

    def closes_turn(self, before: MState, after: MState) -> bool:
        """A hand of a match ends with the turn that won it (whoever deals the next)."""
        return len(after.history) > len(before.history)

    def marks(self, before: MState, after: MState) -> frozenset[str]:
        return mu.marked_keys(self.game.view(before, 0), self.game.view(after, 0))

    def flights(self, m: Match[MState], before: MState, after: MState
                ) -> list[tuple[str, str | None]]:
        return mu.flights(before, after)

    def line(self, m: Match[MState]) -> str:
        s: MState = m.state
        seat = m.viewer
        hand = f"hand {s.hand_no}, " if s.config.match_limit else ""
        return f"{hand}turn {s.turns + 1}, {len(s.hands[seat])} cards in hand"

    def end_html(self, seen: Seen[mu.MTurnUI, MAction, MView], finale: Finale) -> str:
        """The end, with Machiavelli's own table of points (and a daily deal's note: its
        result to share)."""
        out = seen.outcome
        assert out is not None
        return screens.end_html(seen.names, out, finale, self.scores_html(seen.view, seen.names))

    @staticmethod
    def scores_html(view: MView, names: Sequence[str]) -> str:
        """The end's table: one hand, each player's cards left and their penalty points (ace
        15, ten to king 10, the others 5); a match, each hand's points and the total."""
        if view.config.match_limit:
            caption = "Penalty points, hand by hand"
            hands = view.history
            head = screens.hands_head(len(hands))
            rows = "".join(
                f"<tr><th scope='row'>{esc(n)}</th>"
                + "".join(f"<td>{h[i] if i < len(h) else ''}</td>" for h in hands)
                + f"<td>{view.scores[i] if i < len(view.scores) else ''}</td></tr>"
                for i, n in enumerate(names))
        else:
            caption = "Cards left in hand and their penalty points"
            head = ('<thead><tr><td></td><th scope="col">Cards left</th>'
                    '<th scope="col">Points</th></tr></thead>')
            rows = "".join(
                f"<tr><th scope='row'>{esc(n)}</th><td>{view.hand_sizes[i]}</td>"
                f"<td>{view.last_hand[i] if i < len(view.last_hand) else ''}</td></tr>"
                for i, n in enumerate(names))
        return (f'<div class="scores-wrap"><table class="scores" data-testid="scores">'
                f"<caption>{esc(caption)}</caption>{head}<tbody>{rows}</tbody>"
                f'</table><p class="fine mt-points">Penalty points: ace 15, ten to king 10, '
                f"the others 5.</p></div>")

    def hand_over_html(self, seen: Seen[mu.MTurnUI, MAction, MView]) -> str:
        view = seen.view
        points = seen.hand_over or ()
        rows = "".join(f"<tr><th scope='row'>{esc(n)}</th><td>{p}</td><td>{t}</td></tr>"
                       for n, p, t in zip(seen.names, points, view.scores, strict=False))
        return (f'<section class="end" data-testid="hand-over" aria-labelledby="ho-h">'
                f'<h2 id="ho-h">Hand {view.hand_no - 1} is over</h2>'
                f'<table class="scores"><caption>Penalty points</caption><thead><tr><th></th>'
                f'<th scope="col">This hand</th><th scope="col">Match</th></tr></thead>'
                f"<tbody>{rows}</tbody></table>"
                f'<div class="row"><button type="button" class="btn primary" '
                f'data-action="mt-next-hand" data-testid="mt-next-hand">Next hand</button></div>'
                f"</section>")

    # --- Undo that forgets the selection, and the Hint, thought out in the worker ---
    def act_m_undo(self, _ev: Event | None) -> None:
        self.ui = self.ui.cleared()
        self.t.undo()

    def act_m_hint(self, _ev: Event | None) -> None:
        self.t.ask_hint("Thinking about the best play…", "hint", self.show_hint)

    def show_hint(self, seen: Seen[mu.MTurnUI, MAction, MView], answer: JSONObject) -> None:
        cards, steps = answer["cards"], answer["steps"]  # as .hint.hint answers them
        if not isinstance(cards, int) or not isinstance(steps, list):
            raise ValueError("the Hint's answer cannot be read")
        h = mu.HintInfo(cards, bool(answer["proven"]),
                        tuple(self.game.parse_action(str(s)) for s in steps))
        self.ui = replace(self.ui, hint=h)
        self.t.render_board()
        self.t.say(mu.hint_message(h, seen.view), "hint")


BOARD: BoardClass[mu.MTurnUI, MState, MAction, MView] = MachiavelliBoard
