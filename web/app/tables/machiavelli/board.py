"""The Machiavelli table: HTML, taps and keys, hints and log lines. Pure Python, no browser.

The shell owns the top bar, the message line, the game log, undo and applying actions; this
module turns a view (:class:`MView`) and the turn's UI state (:class:`TurnUI`) into HTML, and a
tap (a ``data-action`` with its ``data-*`` values) into engine actions.

Design (phone first, one thumb):

* The table's melds wrap; each is one big button showing its cards overlapped (corners
  readable) with its number and, while the table is being built, whether it is valid and if
  not why. Cards laid this turn sit raised with a gold ring; ``marked`` cards (what the last
  computers changed since you last acted) get a blue ring.
* Tap hand cards (and in the helping variant face-up helping cards) to pick them, then tap a
  meld to lay them there, or *New meld*. Every meld lights up as a target; melds the picked
  cards would complete are marked "fits".
* Tap a meld with nothing picked to *open* it: its cards become buttons of their own (tap one
  to lift it, then tap any meld or *New meld* to move it there) with a scissors button between
  each two cards (split there) and *Join…* (then tap the meld to join it with).
* The frame's dock (:func:`dock_html`, under the message line, always in view): a line saying
  what is picked (with *Cancel*) or the hand's order (*Runs*, *Groups*, *By rank/suit*), the
  hand strip (scrolls sideways and keeps its place across redraws; the card just drawn is
  marked), then Undo, Reset, Hint, Step and New meld, Draw/Pass, End turn. Draw that would
  take back what was laid asks first, in the dock. The melds (:func:`table_html`) are in the
  frame's field, which scrolls.
* Dragging does what the taps do (``web/app/drag.js``): a hand card, the picked cards, a
  helping card or a card of the opened meld dragged onto a meld or a new-meld place.

Data actions (all ``m-``) and their ``data-*`` values:

``m-hand`` hand (index into ``view.hand``) · ``m-help`` slot · ``m-meld`` meld ·
``m-card`` meld, pos · ``m-split`` meld, at · ``m-join`` meld · ``m-close`` meld ·
``m-cancel`` · ``m-new`` · ``m-end`` · ``m-draw`` · ``m-reset`` · ``m-undo`` · ``m-hint`` ·
``m-hint-step`` · ``m-sort`` · ``m-arrange`` arrange · ``m-keep`` (keep playing, not draw) ·
``m-drop`` meld or new, and fromHand, fromSlot or fromMeld/fromPos (a drag's drop).

Marked keys (the ``marked`` argument of :func:`table_html`, see :func:`marked_keys`):
``"m3.2"`` the card at position 2 of meld 3, ``"m3"`` meld 3 as a whole (0-based, as
``data-meld``/``data-pos``); ``"x1"`` helping slot 1 (0-based).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from app.kit import (
    SUIT_SORT,
    Tap,
    and_list,
    confirm_html,
    esc,
    face,
    hand_order,
    plural,
    rank_word,
    symbols,
)
from app.kit import board_button as _btn
from engine.cards import SUIT_NAMES, Card
from engine.games.machiavelli import plan
from engine.games.machiavelli.melds import meld_problem
from engine.games.machiavelli.rules import (
    FROM_HAND,
    OLD,
    OVER,
    Draw,
    EndTurn,
    Lay,
    MAction,
    Meld,
    Merge,
    Move,
    MState,
    MView,
    Pass,
    Reset,
    Split,
    TableCard,
    Take,
    _as_old,
    apply_step,
    plain,
    restore,
    turn_problem,
)

# --- UI state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class HintInfo:
    cards: int  # how many hand cards can be laid this turn (from the turn's start)
    proven: bool  # False: the solver's time budget ran out
    steps: tuple[MAction, ...]  # the remaining steps from the table as it is now (empty: draw)


ARRANGES = ("", "runs", "groups")


@dataclass(frozen=True)
class TurnUI:
    picked: tuple[int, ...] = ()  # picked hand cards: indices into view.hand
    lifted: tuple[int, int] | None = None  # a lifted table card: (meld, pos)
    opened: int | None = None  # the meld shown open (its cards as buttons, split controls)
    sort: str = "suit"  # "suit" | "rank": hand display order only
    hint: HintInfo | None = None
    slots: tuple[int, ...] = ()  # picked face-up helping cards (helping variant)
    joining: bool = False  # "Join…" pressed on the opened meld: the next meld tapped joins it
    # "runs" | "groups": the cards that make runs (groups) first, the rest in the sort order;
    # a display order only, as ``sort`` (the engine keeps the hand sorted)
    arrange: str = ""
    # "draw": Draw (or Pass) would take back what was laid this turn, so the dock asks first
    confirm: str = ""

    def cleared(self, opened: int | None = None) -> TurnUI:
        """Nothing picked, no hint, nothing asked; the hand's order kept."""
        return TurnUI(sort=self.sort, arrange=self.arrange, opened=opened)


TurnTap = Tap[TurnUI, MAction]  # a tap's answer on this board


# --- words ---------------------------------------------------------------------------------


def card_name(card: Card) -> str:
    """Screen-reader name: "seven of hearts"."""
    return card.name


def meld_words(cards: Sequence[Card], ace: str = "both") -> str:
    """"run 5 to 8 of hearts" / "group of sevens" / "7♠ 7♥" (not a meld)."""
    if not cards:
        return "empty"
    if meld_problem(cards, ace) is None:
        if len({c.rank for c in cards}) == 1:
            return f"group of {rank_word(cards[0].rank, True)}"
        return (f"run {rank_word(cards[0].rank, digits=True)} to "
                f"{rank_word(cards[-1].rank, digits=True)} "
                f"of {SUIT_NAMES[cards[0].suit]}")
    return symbols(cards)


def meld_label(k: int, meld: Meld, ace: str) -> str:
    """"meld 3: run 5 to 8 of hearts, valid" / "meld 4: 7♠ 7♥, not valid: group needs 3 cards"."""
    cards = [tc.card for tc in meld]
    problem = meld_problem(cards, ace)
    state = "valid" if problem is None else f"not valid: {problem}"
    return f"meld {k + 1}: {meld_words(cards, ace)}, {state}"


def _short_meld(cards: Sequence[Card], ace: str) -> str:
    """For log lines: "the 3♠–6♠ run", "the 7s", "3♠ 7♥"."""
    if not cards:
        return "the table"
    if len(cards) > 1 and len({c.rank for c in cards}) == 1:
        return f"the {rank_word(cards[0].rank, True, digits=True)}"
    if len({c.suit for c in cards}) == 1:
        if len(cards) == 1:
            return f"the {cards[0].symbol}"
        return f"the {cards[0].symbol}–{cards[-1].symbol} run"
    return symbols(cards)


def step_text(view: MView, step: MAction) -> str:
    """One step in words, for the hint: "lay 7♥ on meld 3"."""

    def where(to: int | None) -> str:
        return "as a new meld" if to is None else f"on meld {to + 1}"

    try:
        if isinstance(step, Lay):
            return f"lay {view.hand[step.hand].symbol} {where(step.to)}"
        if isinstance(step, Take):
            c = view.helping[step.slot]
            return f"take the helping {c.symbol if c else 'card'} {where(step.to)}"
        if isinstance(step, Move):
            c = view.table[step.meld][step.pos].card
            dest = "to a new meld" if step.to is None else f"to meld {step.to + 1}"
            return f"move {c.symbol} from meld {step.meld + 1} {dest}"
        if isinstance(step, Split):
            m = view.table[step.meld]
            return (f"split meld {step.meld + 1} between {m[step.at - 1].card.symbol} and "
                    f"{m[step.at].card.symbol}")
        if isinstance(step, Merge):
            return f"join meld {step.b + 1} to meld {step.a + 1}"
    except IndexError:
        pass
    if isinstance(step, Reset):
        return "reset the table and start again"
    if isinstance(step, EndTurn):
        return "end your turn"
    return str(step)


def laid_count(view: MView) -> int:
    """Cards laid this turn from the hand or the helping row (on the table now)."""
    return sum(tc.src != OLD for m in view.table for tc in m)


def hint_message(h: HintInfo, view: MView | None = None) -> str:
    """What the shell says when a hint arrives, counted from the table as it is now: the
    cards still in hand (or in the helping row) that the hint's steps lay, not the turn's
    total, so a hint asked after laying a card does not count that card again."""
    if h.cards == 0:
        if view is not None and view.deck_count == 0:
            return "Nothing can be laid: pass"
        return "Nothing can be laid: draw"
    laid = laid_count(view) if view is not None else 0
    left = sum(isinstance(s, Lay | Take) for s in h.steps) if h.steps else h.cards
    again = bool(h.steps) and isinstance(h.steps[0], Reset)
    if h.steps and left == 0:
        return "No more cards to lay: tap Step to finish the table."
    if not h.steps and laid:
        return "Nothing more can be laid: end your turn."
    least = "at least " if not h.proven else ""
    out = f"You can lay {least}{plural(left, 'more card' if laid else 'card')}"
    if again:
        out = f"Start again: you can lay {least}{plural(left, 'card')} this turn"
    if not h.proven:
        out += " (the search ran out of time)"
    if h.steps:
        out += ". Tap Step to see how, one step at a time."
    else:
        out += "."
    return out


# --- hint --------------------------------------------------------------------------------


def make_hint(view: MView, budget_ms: float | None = 2000) -> HintInfo:
    """The most cards the player can lay this turn and the steps from the table as it is now
    (slow: the shell runs it in a worker)."""
    sol, _ = plan.hint(view, budget_ms)
    if sol is None or sol.max_cards == 0:
        return HintInfo(0, True if sol is None else sol.proven, ())
    ace = view.config.ace
    target = [list(m) for m in sol.melds]
    left = max(view.step_limit - view.steps, 0)
    steps = plan.steps_to(view.table, view.hand, target, ace, left, view.helping)
    if steps is None:  # off the path: start again from the turn's start
        hand, row = restore(view.table, view.hand, view.helping)
        again = plan.steps_to(_as_old(view.start_table), hand, target, ace, left, row)
        steps = [Reset(), *again] if again is not None else []
    while steps and isinstance(steps[-1], EndTurn):
        steps = steps[:-1]
    return HintInfo(sol.max_cards, sol.proven, tuple(steps))


# --- taps -------------------------------------------------------------------------------------


def _int(data: Mapping[str, str], name: str) -> int | None:
    v = data.get(name)
    try:
        return int(str(v))
    except (TypeError, ValueError):
        return None


def _changed(view: MView) -> bool:
    return plain(view.table) != view.start_table


def _my_turn(view: MView) -> str | None:
    if view.status == OVER:
        return "The game is over"
    if view.current != view.player:
        return "It is not your turn"
    return None


def _sane(view: MView, ui: TurnUI) -> TurnUI:
    """Drop indices the view no longer has (a stale UI after the table changed)."""
    n = len(view.table)
    picked = tuple(i for i in dict.fromkeys(ui.picked) if 0 <= i < len(view.hand))
    slots = tuple(s for s in dict.fromkeys(ui.slots)
                  if 0 <= s < len(view.helping) and view.helping[s] is not None)
    lifted = ui.lifted
    if lifted is not None and not (0 <= lifted[0] < n and 0 <= lifted[1] < len(
            view.table[lifted[0]])):
        lifted = None
    opened = ui.opened if ui.opened is not None and 0 <= ui.opened < n else None
    joining = ui.joining and opened is not None
    sort = ui.sort if ui.sort in ("suit", "rank") else "suit"
    arrange = ui.arrange if ui.arrange in ARRANGES else ""
    if (picked, slots, lifted, opened, joining, sort, arrange) == (
            ui.picked, ui.slots, ui.lifted, ui.opened, ui.joining, ui.sort, ui.arrange):
        return ui
    return replace(ui, picked=picked, slots=slots, lifted=lifted, opened=opened,
                   joining=joining, sort=sort, arrange=arrange)


def _opened_after(view: MView, opened: int | None, actions: Sequence[MAction]) -> int | None:
    """Where the opened meld is after ``actions`` (None: it is gone)."""
    sizes = [len(m) for m in view.table]
    for a in actions:
        if opened is None:
            return None
        if isinstance(a, Lay | Take):
            if a.to is None:
                sizes.append(1)
            elif 0 <= a.to < len(sizes):
                sizes[a.to] += 1
        elif isinstance(a, Move):
            if not (0 <= a.meld < len(sizes)):
                return opened
            if a.to is None:
                sizes.append(1)
            elif 0 <= a.to < len(sizes):
                sizes[a.to] += 1
            sizes[a.meld] -= 1
            if sizes[a.meld] == 0:
                del sizes[a.meld]
                if opened == a.meld:
                    return None
                if opened > a.meld:
                    opened -= 1
        elif isinstance(a, Split):
            if 0 <= a.meld < len(sizes):
                sizes.append(sizes[a.meld] - a.at)
                sizes[a.meld] = a.at
        elif isinstance(a, Merge) and 0 <= a.a < len(sizes) and 0 <= a.b < len(sizes):
            sizes[a.a] += sizes[a.b]
            del sizes[a.b]
            if opened == a.b:
                opened = a.a
            elif opened > a.b:
                opened -= 1
    return opened


def _done(view: MView, ui: TurnUI, actions: Sequence[MAction], message: str | None = None,
          keep_open: bool = True) -> TurnTap:
    opened = _opened_after(view, ui.opened, actions) if keep_open else None
    return Tap(ui.cleared(opened), tuple(actions), message)


def _refuse(ui: TurnUI, message: str) -> TurnTap:
    return Tap(ui, (), message, refusal=True)


def _to_target(view: MView, ui: TurnUI, k: int | None) -> TurnTap:
    """Something is picked (or lifted, or a join is pending) and meld ``k`` (None: new) tapped."""
    n = len(view.table)
    if ui.picked or ui.slots:
        actions: list[MAction] = []
        to = k
        for i in sorted(ui.picked, reverse=True):  # later cards first: earlier indices hold
            actions.append(Lay(i, to))
            if to is None:
                to = n  # the new meld; the next cards go onto it
        for s in ui.slots:
            actions.append(Take(s, to))
            if to is None:
                to = n
        return _done(view, ui, actions)
    if ui.lifted is not None:
        m, p = ui.lifted
        if k == m:  # put it back down
            return Tap(replace(ui, lifted=None))
        return _done(view, ui, [Move(m, p, k)])
    if ui.joining and ui.opened is not None:
        o = ui.opened
        if k is None:
            return _refuse(ui, f"Tap the meld to join with meld {o + 1}")
        if k == o:
            return Tap(replace(ui, joining=False))
        return _done(view, ui, [Merge(min(o, k), max(o, k))])
    if k is None:
        return _refuse(ui, "Pick cards from your hand first (or lift a card from an open meld)")
    if ui.opened == k:
        return Tap(replace(ui, opened=None))
    return Tap(replace(ui, opened=k, joining=False))


def _drop(view: MView, ui: TurnUI, data: Mapping[str, str]) -> TurnTap:
    """A card dragged onto a meld (``meld``) or onto a new-meld place (``new``): from the hand
    (``fromHand``; a picked card brings every picked card with it), from the helping row
    (``fromSlot``) or from an opened meld (``fromMeld``, ``fromPos``). The same steps as the
    taps that pick it and then tap the target."""
    n = len(view.table)
    k = None if data.get("new") else _int(data, "meld")
    if not data.get("new") and (k is None or not 0 <= k < n):
        return _refuse(ui, "That meld is no longer there")
    base = replace(ui, lifted=None, joining=False)
    i, slot = _int(data, "fromHand"), _int(data, "fromSlot")
    fm, fp = _int(data, "fromMeld"), _int(data, "fromPos")
    if i is not None:
        if not 0 <= i < len(view.hand):
            return _refuse(ui, "That card is no longer there")
        if i not in ui.picked:
            base = replace(base, picked=(i,), slots=())
        return _to_target(view, base, k)
    if slot is not None:
        if not 0 <= slot < len(view.helping) or view.helping[slot] is None:
            return _refuse(ui, "That helping card is already taken")
        if slot not in ui.slots:
            base = replace(base, picked=(), slots=(slot,))
        return _to_target(view, base, k)
    if fm is not None and fp is not None:
        if not (0 <= fm < n and 0 <= fp < len(view.table[fm])):
            return _refuse(ui, "That card is no longer there")
        if k == fm:
            return Tap(replace(ui, lifted=None))  # dropped where it was
        return _done(view, replace(base, picked=(), slots=()), [Move(fm, fp, k)])
    return _refuse(ui, "That does nothing here")


def tap(view: MView, ui: TurnUI, action: str, data: Mapping[str, str]) -> TurnTap:
    """What a tap does: a new UI state and the engine actions to apply (the shell applies them
    with ``engine.apply`` all or nothing and keeps the old UI state when the engine refuses)."""
    if ui.confirm:  # a question in the dock is answered (or set aside) by any tap
        ui = replace(ui, confirm="")
    if action == "m-sort":
        return Tap(replace(ui, sort="rank" if ui.sort == "suit" else "suit", arrange=""))
    if action == "m-arrange":
        how = str(data.get("arrange", ""))
        if how not in ARRANGES:
            return _refuse(ui, "That does nothing here")
        return Tap(replace(ui, arrange="" if ui.arrange == how else how))
    if action == "m-keep":
        return Tap(ui)
    if action == "m-cancel":
        return Tap(replace(ui.cleared(ui.opened), hint=ui.hint))
    if action == "m-close":
        return Tap(replace(ui, opened=None, joining=False, lifted=None))
    why = _my_turn(view)
    if why is not None:
        return _refuse(ui, why)
    ui = _sane(view, ui)
    n = len(view.table)
    stale = "That card is no longer there"

    if action == "m-hand":
        i = _int(data, "hand")
        if i is None or not 0 <= i < len(view.hand):
            return _refuse(ui, stale)
        picked = tuple(x for x in ui.picked if x != i) if i in ui.picked else (*ui.picked, i)
        return Tap(replace(ui, picked=picked, lifted=None, joining=False))
    if action == "m-help":
        s = _int(data, "slot")
        if s is None or not 0 <= s < len(view.helping) or view.helping[s] is None:
            return _refuse(ui, "That helping card is already taken")
        slots = tuple(x for x in ui.slots if x != s) if s in ui.slots else (*ui.slots, s)
        return Tap(replace(ui, slots=slots, lifted=None, joining=False))
    if action == "m-meld":
        k = _int(data, "meld")
        if k is None or not 0 <= k < n:
            return _refuse(ui, "That meld is no longer there")
        return _to_target(view, ui, k)
    if action == "m-new":
        return _to_target(view, ui, None)
    if action == "m-drop":
        return _drop(view, ui, data)
    if action == "m-card":
        m, p = _int(data, "meld"), _int(data, "pos")
        if m is None or p is None or not 0 <= m < n or not 0 <= p < len(view.table[m]):
            return _refuse(ui, stale)
        if ui.lifted == (m, p):
            return Tap(replace(ui, lifted=None))
        if ui.picked or ui.slots or ui.joining or (ui.lifted is not None and ui.lifted[0] != m):
            return _to_target(view, ui, m)
        return Tap(replace(ui, lifted=(m, p), opened=m, picked=(), slots=(), joining=False))
    if action == "m-split":
        m, at = _int(data, "meld"), _int(data, "at")
        if m is None or at is None or not 0 <= m < n:
            return _refuse(ui, "That meld is no longer there")
        return _done(view, replace(ui, opened=m), [Split(m, at)])
    if action == "m-join":
        m = _int(data, "meld")
        if m is None or not 0 <= m < n:
            return _refuse(ui, "That meld is no longer there")
        if n < 2:
            return _refuse(ui, "There is no other meld to join it with")
        joining = not (ui.joining and ui.opened == m)
        return Tap(replace(ui, opened=m, joining=joining, picked=(), slots=(), lifted=None),
                   message=f"Now tap the meld to join with meld {m + 1}" if joining else None)
    if action == "m-end":
        problem = turn_problem(view.table, view.config.ace)
        if problem is not None:
            return _refuse(ui, f"You cannot end your turn yet: {problem}")
        return Tap(ui.cleared(), (EndTurn(),))
    if action in ("m-draw", "m-draw-sure"):
        if _changed(view) and action == "m-draw":
            return Tap(replace(ui.cleared(ui.opened), confirm="draw"))  # the dock asks first
        return Tap(ui.cleared(), (Draw() if view.deck_count else Pass(),))
    if action == "m-reset":
        if not _changed(view):
            return _refuse(ui, "Nothing to reset: the table is as your turn found it")
        return Tap(ui.cleared(), (Reset(),))
    if action == "m-undo":
        if view.steps <= 0:
            return _refuse(ui, "Nothing to undo this turn")
        return Tap(ui.cleared(ui.opened))  # the shell restores the previous state
    if action == "m-hint":
        return Tap(ui.cleared(ui.opened))  # the shell runs make_hint and sets ui.hint
    if action == "m-hint-step":
        h = ui.hint
        if h is None:
            return _refuse(ui, "Tap Hint first")
        if not h.steps:
            if h.cards == 0:
                return _refuse(ui, "Nothing can be laid: " + ("draw" if view.deck_count
                                                             else "pass"))
            return _refuse(ui, "That was the last step: end your turn")
        step = h.steps[0]
        opened = _opened_after(view, ui.opened, [step])
        new_ui = replace(ui.cleared(opened), hint=replace(h, steps=h.steps[1:]))
        return Tap(new_ui, (step,), "Hint: " + step_text(view, step))
    return _refuse(ui, "That does nothing here")


KEYS = {"e": "m-end", "d": "m-draw", "r": "m-reset", "u": "m-undo", "z": "m-undo",
        "h": "m-hint", ".": "m-hint-step", "n": "m-new", "s": "m-sort"}


def key(view: MView, ui: TurnUI, key: str) -> TurnTap | None:
    """Keyboard shortcuts: E end turn, D draw/pass, R reset, U or Z undo, H hint, . next hint
    step, N new meld, S sort, J join (open meld), Escape cancel (None: the key is not ours)."""
    if key == "Escape":
        if (ui.picked or ui.slots or ui.lifted is not None or ui.joining
                or ui.opened is not None or ui.confirm):
            return Tap(replace(ui.cleared(), hint=ui.hint))
        return None
    k = key.lower() if len(key) == 1 else key
    if k == "j" and ui.opened is not None:
        return tap(view, ui, "m-join", {"meld": str(ui.opened)})
    action = KEYS.get(k)
    if action is None:
        return None
    return tap(view, ui, action, {})


# --- HTML ---------------------------------------------------------------------------------


def _seen(card: Card, label: str) -> str:
    """A card button's name starts with what is seen (WCAG 2.5.3): "7♥ seven of hearts..."."""
    return f"{card.symbol} {label}"


def _src_note(tc: TableCard) -> str:
    if tc.src == FROM_HAND:
        return ", laid this turn"
    if tc.src != OLD:
        return ", helping card taken this turn"
    return ""


def _hint_targets(view: MView, ui: TurnUI) -> tuple[set[str], set[int | None]]:
    """Keys of the next hint step's cards and the melds it goes to (None: New meld)."""
    cards: set[str] = set()
    melds: set[int | None] = set()
    if ui.hint is None or not ui.hint.steps:
        return cards, melds
    s = ui.hint.steps[0]
    if isinstance(s, Lay):
        cards.add(f"h{s.hand}")
        melds.add(s.to)
    elif isinstance(s, Take):
        cards.add(f"x{s.slot}")
        melds.add(s.to)
    elif isinstance(s, Move):
        cards.add(f"m{s.meld}.{s.pos}")
        melds.add(s.to)
    elif isinstance(s, Split):
        melds.add(s.meld)
    elif isinstance(s, Merge):
        melds.update((s.a, s.b))
    return cards, melds


def _face(card: Card, cls: str, extra: str = "", key: str | None = None,
          uid: str | None = None) -> str:
    """:func:`app.kit.face` with the card's ``data-card`` made unique on the table (``uid``):
    two decks hold two of each card, and a card's flight finds its element by ``data-card``."""
    html = face(card, cls, extra, key)
    return html if uid is None else html.replace(f'data-card="{card}"', f'data-card="{uid}"', 1)


def table_uids(table: Sequence[Sequence[TableCard]] | Sequence[Sequence[Card]],
               ) -> list[list[str]]:
    """Each table card's ``data-card`` in reading order: "7H" the first seven of hearts, "7H-2"
    the second (so the page has one element per key)."""
    seen: Counter[str] = Counter()
    out = []
    for m in table:
        row = []
        for x in m:
            c = str(x.card if isinstance(x, TableCard) else x)
            seen[c] += 1
            row.append(c if seen[c] == 1 else f"{c}-{seen[c]}")
        out.append(row)
    return out


def _players_html(view: MView, names: Sequence[str]) -> str:
    items = []
    for p, count in enumerate(view.hand_sizes):
        if p == view.player:
            continue
        name = names[p] if p < len(names) else f"Player {p + 1}"
        playing = view.current == p
        won = view.status == OVER and p in view.winners
        state = ", playing now" if playing else ", won" if won else ""
        score = (f", {view.scores[p]} penalty points" if view.scores and p < len(view.scores)
                 else "")
        label = f"{name}: {count} card{'s' if count != 1 else ''}{state}{score}"
        cls = "mt-opp" + (" current" if playing else "") + (" won" if won else "")
        badge = ('<span class="mt-turn" aria-hidden="true">▶</span>' if playing else
                 '<span class="mt-turn" aria-hidden="true">★</span>' if won else "")
        items.append(f'<li class="{cls}" data-testid="m-opponent" data-seat="{p}"'
                     + (' aria-current="true"' if playing else "")
                     + f'><span class="sr-only">{esc(label)}</span>'
                     f'<span aria-hidden="true" class="mt-opp-name">{badge}{esc(name)}</span>'
                     f'<span aria-hidden="true" class="mt-opp-count">{count}</span></li>')
    pile = (f'<div class="mt-pile" role="img" aria-label="draw pile, {view.deck_count} '
            f'card{"s" if view.deck_count != 1 else ""}">'
            f'<span class="mt-back" aria-hidden="true"></span>'
            f'<b data-testid="m-draw-count" aria-hidden="true">{view.deck_count}</b></div>')
    return (f'<div class="mt-top"><ul class="mt-opps" aria-label="Other players">'
            f'{"".join(items)}</ul>{pile}</div>')


# web/app/drag.js: a card (data-drag) can be dragged onto a place (data-drop) that takes it;
# a drop is the tap data-drop-action with the card's data-* as from* values (disabled: not)
DRAG = "card"


def _helping_html(view: MView, ui: TurnUI, live: bool, marked: frozenset[str],
                  hinted: set[str]) -> str:
    if not view.helping:
        return ""
    out = []
    for s, c in enumerate(view.helping):
        if c is None:
            out.append('<li class="mt-slot empty"><span class="sr-only">empty place</span></li>')
            continue
        on = s in ui.slots
        label = f"{card_name(c)}, helping card" + (", picked" if on else "")
        key = f"x{s}"
        if key in hinted:
            label += ", hint: use this card"
        cls = "mt-cardbtn mt-help" + (" picked" if on else "") + (
            " marked" if key in marked else "") + (" hinted" if key in hinted else "")
        out.append('<li class="mt-slot">'
                   + _btn(_face(c, "mt-card", key=key, uid=f"x{s}-{c}"), "m-help", cls=cls,
                          testid="m-help-card", aria_label=_seen(c, label), live=live,
                          pressed=on, slot=s, card=c, drag=DRAG)
                   + "</li>")
    return ('<section class="mt-helping" aria-label="Helping cards"><h2 class="mt-h">Helping'
            f'</h2><ul class="mt-help-row">{"".join(out)}</ul></section>')


def _picked_cards(view: MView, ui: TurnUI) -> list[Card]:
    cards = [view.hand[i] for i in ui.picked if 0 <= i < len(view.hand)]
    cards += [c for s in ui.slots if 0 <= s < len(view.helping)
              and (c := view.helping[s]) is not None]
    if ui.lifted is not None:
        m, p = ui.lifted
        if 0 <= m < len(view.table) and 0 <= p < len(view.table[m]):
            cards.append(view.table[m][p].card)
    return cards


def _meld_html(view: MView, ui: TurnUI, k: int, meld: Meld, live: bool, building: bool,
               marked: frozenset[str], hinted_cards: set[str], hinted_melds: set[int | None],
               moving: list[Card], uids: list[str]) -> str:
    ace = view.config.ace
    cards = [tc.card for tc in meld]
    problem = meld_problem(cards, ace)
    label = meld_label(k, meld, ace)
    cls = "mt-meld"
    selecting = bool(moving) and not (ui.lifted is not None and ui.lifted[0] == k)
    if selecting or (ui.joining and ui.opened != k):
        cls += " target"
        if moving and meld_problem(cards + moving, ace) is None:
            cls += " fits"
            label += ", the picked cards fit here"
    if problem is not None:
        cls += " bad"
    if f"m{k}" in marked:
        cls += " marked"
    if k in hinted_melds:
        cls += " hinted"
        label += ", hint: this meld"
    laid = sum(tc.src != OLD for tc in meld)
    if laid:
        label += f", {laid} card{'s' if laid != 1 else ''} laid this turn"
    status = ""
    if building or problem is not None:
        status = ('<span class="mt-ok">✓</span>' if problem is None else
                  f'<span class="mt-why">{esc(problem)}</span>')
    number = f'<span class="mt-no">{k + 1}</span>'
    opened = ui.opened == k

    def meld_face(pos: int, tc: TableCard) -> str:
        key = f"m{k}.{pos}"
        extra = (" new" if tc.src != OLD else "") + (" marked" if key in marked else "") + (
            " hinted" if key in hinted_cards else "")
        return _face(tc.card, "mt-card", extra, key, uids[pos])

    if not opened:
        faces = "".join(meld_face(p, tc) for p, tc in enumerate(meld))
        return ('<li class="mt-item">'
                + _btn(f'<span class="mt-box" data-vars="--n:{len(meld)}">'
                       f'<span class="mt-fan">{faces}</span>'
                       f'<span class="mt-status" aria-hidden="true">{number}{status}</span>'
                       '</span>',
                       "m-meld", cls=cls, testid="m-meld", aria_label=label, live=live,
                       meld=k, drop=DRAG, drop_action="m-drop")
                + "</li>")
    # the opened meld: every card a button, a split control between each two
    parts = []
    for p, tc in enumerate(meld):
        if p:
            a, b = meld[p - 1].card, tc.card
            parts.append(_btn('<span aria-hidden="true">✂</span>', "m-split", cls="mt-split",
                              testid="m-split",
                              aria_label=f"split meld {k + 1} between {card_name(a)} and "
                                         f"{card_name(b)}", live=live, meld=k, at=p))
        lifted = ui.lifted == (k, p)
        key = f"m{k}.{p}"
        c_label = (f"{card_name(tc.card)}, in meld {k + 1}, {meld_words(cards, ace)}"
                   + _src_note(tc) + (", lifted" if lifted else "")
                   + (", hint: move this card" if key in hinted_cards else ""))
        c_cls = "mt-cardbtn" + (" lifted" if lifted else "")
        parts.append(_btn(meld_face(p, tc), "m-card", cls=c_cls, testid="m-table-card",
                          aria_label=_seen(tc.card, c_label), live=live, pressed=lifted,
                          meld=k, pos=p, card=tc.card, drag=DRAG))
    join = ""
    if len(view.table) > 1:
        joining = ui.joining
        join = _btn("Join…", "m-join", cls="btn small", testid="m-join",
                    aria_label=f"join meld {k + 1} with another meld", live=live,
                    pressed=joining, meld=k)
    head = _btn(f'{number}<span class="mt-open-words">{esc(meld_words(cards, ace))}</span>'
                f'{status}', "m-meld", cls=cls + " mt-head", testid="m-meld",
                aria_label=label, live=live, meld=k, drop=DRAG, drop_action="m-drop")
    close = _btn('<span aria-hidden="true">✕</span>', "m-close", cls="btn small mt-x",
                 testid="m-close", aria_label=f"close meld {k + 1}", live=live, meld=k)
    return (f'<li class="mt-item open"><div class="mt-open-bar">{head}{join}{close}</div>'
            f'<div class="mt-open-cards" role="group" aria-label="cards of meld {k + 1}">'
            f'{"".join(parts)}</div></li>')


# --- the hand's order -------------------------------------------------------------------------


def _run_blocks(hand: Sequence[Card], base: list[int], ace: str) -> list[list[int]]:
    """Runs the hand holds (3 or more cards of a suit in sequence), suit by suit, longest
    first; each card in one run at most (the second of two equal cards may make another)."""
    high = ace in ("both", "high", "wrap")
    out: list[list[int]] = []
    for suit in SUIT_SORT:
        by: dict[int, list[int]] = {r: [] for r in range(1, 14)}
        for i in base:
            if hand[i].suit == suit:
                by[hand[i].rank].append(i)
        tops = 14 if high else 13
        runs: list[list[int]] = []
        while True:
            best: tuple[int, int] = (0, 0)
            start = 0
            for r in range(1, tops + 2):
                ok = r <= tops and bool(by[1 if r == 14 else r])
                if ok and not start:
                    start = r
                if not ok and start:
                    lo, hi = start, min(r - 1, start + 12)
                    if hi - lo > best[1] - best[0] or not best[0]:
                        best = (lo, hi)
                    start = 0
            lo, hi = best
            if not lo or hi - lo < 2:
                break
            runs.append([by[1 if r == 14 else r].pop(0) for r in range(lo, hi + 1)])
        out += sorted(runs, key=lambda run: hand[run[0]].rank)
    return out


def _group_blocks(hand: Sequence[Card], base: list[int]) -> list[list[int]]:
    """Groups the hand holds (3 or 4 cards of a rank, each of another suit), by rank."""
    out: list[list[int]] = []
    for rank in range(1, 14):
        left = [i for i in base if hand[i].rank == rank]
        while True:
            group: dict[str, int] = {}
            for i in left:
                group.setdefault(hand[i].suit, i)
            if len(group) < 3:
                break
            block = [i for i in left if i in group.values()]
            out.append(block)
            left = [i for i in left if i not in block]
    return out


def hand_blocks(hand: Sequence[Card], sort: str, arrange: str = "",
                ace: str = "both") -> list[list[int]]:
    """The hand as shown, in blocks (a small gap between two): ``arrange`` "runs" or "groups"
    puts the runs (groups) the hand holds first, one block each, then the other cards in the
    ``sort`` order; with no ``arrange`` one block per suit (by suit) or rank (by rank)."""
    base = hand_order(hand, sort)
    if arrange in ("runs", "groups"):
        blocks = (_run_blocks(hand, base, ace) if arrange == "runs"
                  else _group_blocks(hand, base))
        used = {i for b in blocks for i in b}
        rest = [i for i in base if i not in used]
        return blocks + ([rest] if rest else [])
    out: list[list[int]] = []
    for i in base:
        c = hand[i]
        if out and (hand[out[-1][-1]].suit if sort == "suit" else hand[out[-1][-1]].rank) == (
                c.suit if sort == "suit" else c.rank):
            out[-1].append(i)
        else:
            out.append([i])
    return out


# --- the dock: the hand and the turn's actions ---------------------------------------------------


def _hand_html(view: MView, ui: TurnUI, names: Sequence[str], live: bool,
               hinted: set[str], drawn: Card | None) -> str:
    cards = []
    shown_drawn = False
    for b, block in enumerate(hand_blocks(view.hand, ui.sort, ui.arrange, view.config.ace)):
        for j, i in enumerate(block):
            c = view.hand[i]
            on = i in ui.picked
            key = f"h{i}"
            new = drawn is not None and c == drawn and not shown_drawn
            shown_drawn = shown_drawn or new
            cls = ("mt-cardbtn mt-hcard" + (" picked" if on else "")
                   + (" gap" if b and not j else "") + (" hinted" if key in hinted else "")
                   + (" marked drawn" if new else ""))
            label = (f"{card_name(c)}, in your hand" + (", just drawn" if new else "")
                     + (", selected" if on else "")
                     + (", hint: lay this card" if key in hinted else ""))
            # the card just drawn: the strip scrolls to it, once (web/app/drag.js)
            reveal = f"drawn-{view.turns}-{c}" if new else ""
            cards.append(_btn(face(c, "mt-card"), "m-hand", cls=cls, testid="m-hand-card",
                              aria_label=_seen(c, label), live=live, pressed=on, hand=i,
                              card=c, drag=DRAG, reveal=reveal))
    n = len(view.hand)
    who = names[view.player] if view.player < len(names) else f"Player {view.player + 1}"
    empty = "" if cards else '<p class="mt-empty">No cards</p>'
    return (f'<div class="mt-hand" role="group" data-testid="m-hand" data-keep-scroll="m-hand" '
            f'aria-label="{esc(who)}: hand, {n} card{"s" if n != 1 else ""}">'
            f'{"".join(cards)}{empty}</div>')


def _dock_head(view: MView, ui: TurnUI, names: Sequence[str], live: bool) -> str:
    n = len(view.hand)
    picked = len(ui.picked) + len(ui.slots)
    if live and picked:
        text = (f"{picked} card{'s' if picked != 1 else ''} picked: tap or drag to a meld or "
                f"<b>New meld</b>")
    elif live and ui.lifted is not None:
        text = "Card lifted: tap a meld or <b>New meld</b>"
    elif live and ui.joining and ui.opened is not None:
        text = f"Tap the meld to join with meld {ui.opened + 1}"
    elif live and ui.opened is not None:
        text = "Tap or drag a card to move it, ✂ to split"
    else:
        who = "Your hand" if live else (
            names[view.player] if view.player < len(names) else f"Player {view.player + 1}")
        text = f"{esc(who)}: {plural(n, 'card')}"
    if live and (picked or ui.lifted is not None or ui.joining):
        right = _btn("Cancel", "m-cancel", cls="btn small", testid="m-cancel",
                     aria_label="Cancel: put the picked cards back")
    else:
        right = "".join(
            _btn(word, "m-arrange", cls="btn small", testid=f"m-arrange-{how}", live=live,
                 pressed=ui.arrange == how, arrange=how,
                 aria_label=f"Arrange the hand: {how} first")
            for how, word in (("runs", "Runs"), ("groups", "Groups")))
        right += _btn("By rank" if ui.sort == "suit" else "By suit", "m-sort",
                      cls="btn small", testid="m-sort", live=live,
                      aria_label=("Sort the hand by rank" if ui.sort == "suit"
                                  else "Sort the hand by suit"))
    return (f'<div class="mt-dock-head"><p class="mt-say">{text}</p>'
            f'<div class="mt-head-btns">{right}</div></div>')


def _confirm_html(view: MView) -> str:
    """Draw (or Pass) would take back what was laid this turn: the dock asks first, inline."""
    laid = laid_count(view)
    verb = "draw" if view.deck_count else "pass"
    what = (f"Take back the {plural(laid, 'card')} you laid and {verb}?" if laid else
            f"Put the table back as your turn found it and {verb}?")
    # the one question of every table (app.kit.confirm_html): the safe choice is the main one
    return ('<div class="mt-controls mt-confirm">'
            + confirm_html(what, f"{verb.capitalize()} anyway", "m-draw-sure", "Keep playing",
                           "m-keep")
            + "</div>")


def _controls_html(view: MView, ui: TurnUI, live: bool) -> str:
    if live and ui.confirm == "draw":
        return _confirm_html(view)
    ace = view.config.ace
    problem = turn_problem(view.table, ace)
    can_end = problem is None
    changed = _changed(view)
    undo = _btn("Undo", "m-undo", cls="btn small", testid="m-undo", live=live,
                why=None if view.steps > 0 else "Nothing to undo this turn",
                aria_label="Undo the last step")
    reset = _btn("Reset", "m-reset", cls="btn small", testid="m-reset", live=live,
                 why=None if changed else "Nothing to reset",
                 aria_label="Reset: the table as your turn found it")
    hint = _btn("Hint", "m-hint", cls="btn small", testid="m-hint", live=live,
                aria_label="Hint: how many cards can I lay?")
    left = len(ui.hint.steps) if ui.hint is not None else 0
    step = _btn(f"Step{f' ({left})' if left else ''}", "m-hint-step", cls="btn small",
                testid="m-hint-step", live=live, why=None if left else "Tap Hint first",
                aria_label=(f"Show the next step of the hint, {left} left" if left
                            else "Show the next step of the hint"))
    new = _btn("New meld", "m-new", cls="btn" + (" hinted" if None in _hint_targets(
        view, ui)[1] else ""), testid="m-new", live=live,
        aria_label="New meld: put the picked cards down as a new meld", new="1", drop=DRAG,
        drop_action="m-drop")
    draw_word = "Draw" if view.deck_count else "Pass"
    # one primary button: End turn once the table has been changed (Draw would take it back)
    end_first = can_end or changed
    draw = _btn(draw_word, "m-draw", cls="btn" + ("" if end_first else " primary"),
                testid="m-draw", live=live,
                aria_label=(("Draw a card and end your turn" if view.deck_count
                             else "Pass: lay nothing")
                            + (", taking back what you laid" if changed else "")))
    end = _btn("End turn", "m-end", cls="btn" + (" primary" if end_first else ""),
               testid="m-end", live=live,
               why=None if can_end else f"You cannot end your turn yet: {problem}",
               aria_label="End turn" if can_end else f"End turn (not yet: {problem})")
    return (f'<div class="mt-controls"><div class="mt-row mt-tools">{undo}{reset}{hint}{step}'
            f'</div><div class="mt-row mt-main">{new}{draw}{end}</div></div>')


def dock_html(view: MView, ui: TurnUI, names: Sequence[str], *, interactive: bool,
              drawn: Card | None = None) -> str:
    """The frame's dock under the message line: what is picked (with Cancel) or the hand's
    order buttons, the hand strip (it scrolls sideways and keeps its place across redraws),
    then Undo, Reset, Hint, Step and New meld, Draw/Pass, End turn (or, when Draw would take
    back what was laid, the question first). ``drawn``: the card just drawn, marked."""
    live = interactive and view.status != OVER and view.current == view.player
    ui = _sane(view, ui)
    hinted_cards = _hint_targets(view, ui)[0] if live else set()
    return ('<section class="mt-dock" aria-label="Your hand and actions" data-testid="m-dock">'
            + _dock_head(view, ui, names, live)
            + _hand_html(view, ui, names, live, hinted_cards, drawn)
            + _controls_html(view, ui, live)
            + "</section>")


def table_html(view: MView, ui: TurnUI, names: Sequence[str], *, interactive: bool,
               marked: frozenset[str] = frozenset(), colours: bool = False) -> str:
    """The Machiavelli table in the frame's field (it scrolls): the other players and the
    draw pile, the helping row, the melds. ``interactive`` False renders every control
    disabled (not your turn, a watched game, game over). ``marked``: keys like "m3.2" (see the
    module docstring) to highlight. ``colours``: the four-colour deck (also set by the
    ``four-colour`` class on <html>). The hand and the actions are :func:`dock_html`'s."""
    live = interactive and view.status != OVER and view.current == view.player
    ui = _sane(view, ui)
    hinted_cards, hinted_melds = _hint_targets(view, ui) if live else (set(), set())
    moving = _picked_cards(view, ui) if live else []
    building = _changed(view)
    uids = table_uids(view.table)
    melds = "".join(
        _meld_html(view, ui, k, m, live, building, marked, hinted_cards, hinted_melds, moving,
                   uids[k])
        for k, m in enumerate(view.table))
    if not view.table:
        melds = '<li class="mt-none">No melds on the table yet</li>'
    if live:  # a place for a new meld, after the last one: shown when cards are on the move
        zone = "mt-meld mt-newzone" + (" target" if moving else "")
        melds += ('<li class="mt-item mt-newitem">'
                  + _btn('<span aria-hidden="true">＋</span> New meld', "m-new", cls=zone,
                         testid="m-new-zone", new="1",
                         aria_label="New meld: put the picked cards down as a new meld",
                         drop=DRAG, drop_action="m-drop")
                  + "</li>")
    count = len(view.table)
    root = "mtb" + (" four-colour" if colours else "") + (" live" if live else "") + (
        " moving" if moving else "")
    return (f'<div class="{root}" data-testid="m-table">'
            + _players_html(view, names)
            + _helping_html(view, ui, live, marked, hinted_cards)
            + f'<section class="mt-melds" aria-label="Table, {count} '
              f'meld{"s" if count != 1 else ""}"><ul class="mt-meld-list">{melds}</ul>'
              f'</section></div>')


# --- marks and log lines ------------------------------------------------------------------


def marked_keys(before: MView, after: MView) -> frozenset[str]:
    """What changed on the table between two views (across one computer's turn or several):
    "m3" for each meld that is not one of the melds before, and in it "m3.2" for each card
    that was not in it before: new on the table, or moved there from another meld (the meld
    before that shares the most cards with it is where it stood)."""
    if after.hand_no != before.hand_no:
        return frozenset()
    old = plain(before.table)
    old_melds = Counter(tuple(sorted(m)) for m in old)
    out: set[str] = set()
    for k, m in enumerate(plain(after.table)):
        key = tuple(sorted(m))
        if old_melds[key] > 0:
            old_melds[key] -= 1
            continue
        out.add(f"m{k}")
        here = Counter(m)
        was = max((here & Counter(o) for o in old), key=lambda c: sum(c.values()),
                  default=Counter[Card]())
        for p, c in enumerate(m):
            if was[c] > 0:
                was[c] -= 1
            else:
                out.add(f"m{k}.{p}")
    return frozenset(out)


def flights(before: MState, after: MState) -> list[tuple[str, str | None]]:
    """The cards one step moved on the table, as the page's card flights: each card laid
    flies from its player's name chip (a helping card from its place), each table card that
    changed place from where it stood (its old ``data-key``). Cards are followed by
    position: a card still at its old place (or, of two equal cards, the nearer) stays put."""
    if after.hand_no != before.hand_no or after.status == OVER:
        return []
    board = "#mt-board "
    old: dict[str, list[tuple[int, int]]] = {}
    for k, m in enumerate(before.table):
        for p, tc in enumerate(m):
            old.setdefault(str(tc.card), []).append((k, p))
    uids = table_uids(after.table)
    todo: list[tuple[int, int, str]] = []
    out: list[tuple[str, str | None]] = []
    for k, m in enumerate(after.table):  # first the cards still where they were
        for p, tc in enumerate(m):
            places = old.get(str(tc.card), [])
            if (k, p) in places:
                places.remove((k, p))
            else:
                todo.append((k, p, str(tc.card)))
    helping = {str(c): s for s, c in enumerate(before.helping) if c is not None}
    seat = before.player
    for k, p, card in todo:
        places = old.get(card, [])
        if places:
            same = [x for x in places if x[0] == k]
            src = (same or places)[0]
            places.remove(src)
            out.append((uids[k][p], f'{board}[data-key="m{src[0]}.{src[1]}"]'))
        elif card in helping:
            out.append((uids[k][p], f'{board}[data-key="x{helping.pop(card)}"]'))
        else:
            # from the player's chip; a watched game shows the player's own hand instead
            out.append((uids[k][p], f'{board}[data-testid=m-opponent][data-seat="{seat}"], '
                                    f'#mt-dock [data-testid=m-hand-card][data-card="{card}"]'))
    return out


def _final_table(before: MView, actions: Sequence[MAction]) -> tuple[Meld, ...] | None:
    """The table just before the turn ended, with where each card came from (None when the
    actor's hand is not in ``before``)."""
    if before.player != before.current:
        return None
    table, hand, row = before.table, before.hand, before.helping
    ace = before.config.ace
    try:
        for a in actions:
            if isinstance(a, Lay | Take | Move | Split | Merge):
                table, hand, row = apply_step(table, hand, row, a, ace)
            elif isinstance(a, Reset):
                hand, row = restore(table, hand, row)
                table = _as_old(before.start_table)
    except (IndexError, AssertionError):
        return None
    return table


def describe_turn(before: MView, after: MView, actions: Sequence[MAction], name: str) -> str:
    """One log line for a whole turn: "Bea laid 4♠ 5♠ on the 3♠–6♠ run and split 1 meld"."""
    ace = before.config.ace
    ended = next((a for a in reversed(actions) if isinstance(a, EndTurn | Draw | Pass)), None)
    over = after.status == OVER
    actor = before.current if before.current is not None else before.player
    if isinstance(ended, Draw):
        line = f"{name} drew a card"
        return line + (". Game over." if over else "")
    if isinstance(ended, Pass):
        return f"{name} passed" + (". Game over: nobody can lay a card." if over else "")
    if ended is None:
        return f"{name} is still playing"
    # laid: from the replayed table when the hand is known, else from the difference
    table = _final_table(before, actions)
    if table is not None and after.hand_no == before.hand_no and not over and sum(
            tc.src == FROM_HAND for m in table for tc in m) != (
            before.hand_sizes[actor] - after.hand_sizes[actor]):
        table = None  # ``actions`` are not the whole turn (a person's last tap): the difference
    if table is None:
        if after.hand_no != before.hand_no or over:
            table = ()
        else:
            gone = Counter(c for m in plain(before.table) for c in m)
            marked: list[Meld] = []
            for m in after.table:
                row = []
                for tc in m:
                    if gone[tc.card] > 0:
                        gone[tc.card] -= 1
                        row.append(tc)
                    else:
                        row.append(TableCard(tc.card, FROM_HAND))
                marked.append(tuple(row))
            table = tuple(marked)
    taken = [before.helping[a.slot] for a in actions if isinstance(a, Take)
             and 0 <= a.slot < len(before.helping)]
    parts = []
    for m in table:
        new = [tc.card for tc in m if tc.src != OLD]
        if not new:
            continue
        old = [tc.card for tc in m if tc.src == OLD]
        if not old:
            parts.append(f"{symbols(new)} as a new meld")
        else:
            parts.append(f"{symbols(new)} on {_short_meld(old, ace)}")
    if parts:
        line = f"{name} laid {and_list(parts)}"
    else:
        n = before.hand_sizes[actor] - (after.hand_sizes[actor]
                                        if after.hand_no == before.hand_no else 0)
        line = f"{name} laid {plural(max(n, 1), 'card')}"
    extras = []
    moves = sum(isinstance(a, Move) for a in actions)
    splits = sum(isinstance(a, Split) for a in actions)
    merges = sum(isinstance(a, Merge) for a in actions)
    if moves:
        extras.append(f"moved {plural(moves, 'table card')}")
    if splits:
        extras.append(f"split {plural(splits, 'meld')}")
    if merges:
        extras.append(f"joined {plural(merges, 'meld')}")
    got = [c for c in taken if c is not None]
    if got:
        extras.append(f"took {symbols(got)} from the helping cards")
    if extras:
        line += ", " + and_list(extras)
    went_out = (after.hand_no != before.hand_no or
                (actor < len(after.hand_sizes) and after.hand_sizes[actor] == 0))
    if went_out:
        if over and actor in after.winners:
            line += f" and went out: {name} wins"
        elif over:
            line += " and went out. Game over"
        else:
            line += f" and went out, winning hand {before.hand_no}"
    return line
