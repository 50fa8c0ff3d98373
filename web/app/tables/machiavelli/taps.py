"""What a tap or a key means on the Machiavelli table: a new UI state and the engine actions to
apply (the shell applies them all or nothing). No HTML here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from app.kit import Tap
from app.tables.machiavelli.turn import ARRANGES, MTurnUI, TurnTap, sane, table_changed
from app.tables.machiavelli.words import (
    after_view,
    meld_words,
    moved_message,
    step_message,
)
from engine.games.machiavelli.rules import (
    OVER,
    Draw,
    EndTurn,
    Lay,
    MAction,
    Merge,
    Move,
    MView,
    Pass,
    Reset,
    Split,
    Take,
    turn_problem,
)


def _int(data: Mapping[str, str], name: str) -> int | None:
    v = data.get(name)
    try:
        return int(str(v))
    except (TypeError, ValueError):
        return None


def _my_turn(view: MView) -> str | None:
    if view.status == OVER:
        return "The game is over"
    if view.current != view.player:
        return "It is not your turn"
    return None


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


def _done(view: MView, ui: MTurnUI, actions: Sequence[MAction], message: str | None = None,
          keep_open: bool = True) -> TurnTap:
    """The steps made; what they did is said (a tap is never silent). Steps that are the
    hint's next ones, made by hand, leave the rest of the hint (any other step ends it: the
    hint would speak of a table that is no more)."""
    opened = _opened_after(view, ui.opened, actions) if keep_open else None
    h = ui.hint
    n = len(actions)
    rest = (replace(h, steps=h.steps[n:]) if h is not None and n
            and tuple(h.steps[:n]) == tuple(actions) else None)
    return Tap(replace(ui.cleared(opened), hint=rest), tuple(actions),
               message or moved_message(view, actions))


def _refuse(ui: MTurnUI, message: str) -> TurnTap:
    return Tap(ui, (), message, refusal=True)


def _to_target(view: MView, ui: MTurnUI, k: int | None) -> TurnTap:
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
            return Tap(replace(ui, lifted=None),
                       message=f"{view.table[m][p].card.symbol} put back in meld {m + 1}.")
        return _done(view, ui, [Move(m, p, k)])
    if ui.joining and ui.opened is not None:
        o = ui.opened
        if k is None:
            return _refuse(ui, f"Tap the meld to join with meld {o + 1}")
        if k == o:
            return Tap(replace(ui, joining=False), message="Join cancelled.")
        return _done(view, ui, [Merge(min(o, k), max(o, k))])
    if k is None:
        return _refuse(ui, "Pick cards from your hand first (or lift a card from an open meld)")
    if ui.opened == k:
        return Tap(replace(ui, opened=None), message=f"Meld {k + 1} closed.")
    return Tap(replace(ui, opened=k, joining=False), message=open_message(view, k))


def open_message(view: MView, k: int) -> str:
    """What opening meld ``k`` says: the meld. What its opened cards are for is the dock's
    line above the hand, and each card and ✂ button's name: said here too, the message took
    four lines on a phone and the dock grew over the New meld place a card is dragged to."""
    words = meld_words([tc.card for tc in view.table[k]], view.config.ace)
    return f"Meld {k + 1} open: {words}."


def _drop(view: MView, ui: MTurnUI, data: Mapping[str, str]) -> TurnTap:
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


Data = Mapping[str, str]
STALE = "That card is no longer there"
NO_MELD = "That meld is no longer there"


def _sort(ui: MTurnUI, data: Data) -> TurnTap:
    sort = "rank" if ui.sort == "suit" else "suit"
    return Tap(replace(ui, sort=sort, arrange=""), message=f"Your hand, sorted by {sort}.")


def _arrange(ui: MTurnUI, data: Data) -> TurnTap:
    how = str(data.get("arrange", ""))
    if how not in ARRANGES:
        return _refuse(ui, "That does nothing here")
    arrange = "" if ui.arrange == how else how
    said = (f"Your hand, {arrange} first." if arrange
            else f"Your hand, sorted by {ui.sort}.")
    return Tap(replace(ui, arrange=arrange), message=said)


def _keep(ui: MTurnUI, data: Data) -> TurnTap:
    return Tap(ui, message="Your turn goes on.")


def _cancel(ui: MTurnUI, data: Data) -> TurnTap:
    return Tap(replace(ui.cleared(ui.opened), hint=ui.hint), message="Nothing picked.")


def _close(ui: MTurnUI, data: Data) -> TurnTap:
    k = ui.opened
    return Tap(replace(ui, opened=None, joining=False, lifted=None),
               message=None if k is None else f"Meld {k + 1} closed.")


# taps that only change what is shown: answered whoever's turn it is
ANY_TIME: dict[str, Callable[[MTurnUI, Data], TurnTap]] = {
    "m-sort": _sort, "m-arrange": _arrange, "m-keep": _keep, "m-cancel": _cancel,
    "m-close": _close}


def _hand(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    i = _int(data, "hand")
    if i is None or not 0 <= i < len(view.hand):
        return _refuse(ui, STALE)
    picked = tuple(x for x in ui.picked if x != i) if i in ui.picked else (*ui.picked, i)
    return Tap(replace(ui, picked=picked, lifted=None, joining=False),
               message=_picked_message(view.hand[i].symbol, i in picked,
                                       len(picked) + len(ui.slots)))


def _picked_message(card: str, on: bool, count: int) -> str:
    """"7♥ picked: now a meld, or New meld." / "7♥ put back: 2 cards picked."."""
    if on:
        more = f" ({count} cards picked)" if count > 1 else ""
        return f"{card} picked{more}: now a meld, or New meld."
    return f"{card} no longer picked" + (f": {count} still picked." if count else ".")


def _help(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    s = _int(data, "slot")
    if s is None or not 0 <= s < len(view.helping) or view.helping[s] is None:
        return _refuse(ui, "That helping card is already taken")
    slots = tuple(x for x in ui.slots if x != s) if s in ui.slots else (*ui.slots, s)
    card = view.helping[s]
    return Tap(replace(ui, slots=slots, lifted=None, joining=False),
               message=_picked_message(card.symbol if card else "The helping card",
                                       s in slots, len(ui.picked) + len(slots)))


def _meld(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    k = _int(data, "meld")
    if k is None or not 0 <= k < len(view.table):
        return _refuse(ui, NO_MELD)
    return _to_target(view, ui, k)


def _new(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    return _to_target(view, ui, None)


def _card(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    m, p = _int(data, "meld"), _int(data, "pos")
    n = len(view.table)
    if m is None or p is None or not 0 <= m < n or not 0 <= p < len(view.table[m]):
        return _refuse(ui, STALE)
    card = view.table[m][p].card.symbol
    if ui.lifted == (m, p):
        return Tap(replace(ui, lifted=None), message=f"{card} put back in meld {m + 1}.")
    if ui.picked or ui.slots or ui.joining or (ui.lifted is not None and ui.lifted[0] != m):
        return _to_target(view, ui, m)
    return Tap(replace(ui, lifted=(m, p), opened=m, picked=(), slots=(), joining=False),
               message=f"{card} lifted from meld {m + 1}: now another meld, or New meld.")


def _split(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    m, at = _int(data, "meld"), _int(data, "at")
    if m is None or at is None or not 0 <= m < len(view.table):
        return _refuse(ui, NO_MELD)
    return _done(view, replace(ui, opened=m), [Split(m, at)])


def _join(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    m = _int(data, "meld")
    n = len(view.table)
    if m is None or not 0 <= m < n:
        return _refuse(ui, NO_MELD)
    if n < 2:
        return _refuse(ui, "There is no other meld to join it with")
    joining = not (ui.joining and ui.opened == m)
    return Tap(replace(ui, opened=m, joining=joining, picked=(), slots=(), lifted=None),
               message=f"Now tap the meld to join with meld {m + 1}" if joining else None)


def _end(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    problem = turn_problem(view.table, view.config.ace)
    if problem is not None:
        return _refuse(ui, f"You cannot end your turn yet: {problem}")
    return Tap(ui.cleared(), (EndTurn(),))


def _draw(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    if table_changed(view):
        return Tap(replace(ui.cleared(ui.opened), confirm="draw"))  # the dock asks first
    return _draw_sure(view, ui, data)


def _draw_sure(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    return Tap(ui.cleared(), (Draw() if view.deck_count else Pass(),))


def _reset(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    if not table_changed(view):
        return _refuse(ui, "Nothing to reset: the table is as your turn found it")
    return Tap(replace(ui.cleared(ui.opened), confirm="reset"))  # the dock asks first


def _reset_sure(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    if not table_changed(view):
        return _refuse(ui, "Nothing to reset: the table is as your turn found it")
    return Tap(ui.cleared(), (Reset(),), "The table is back as your turn found it.")


def _undo(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    if view.steps <= 0:
        return _refuse(ui, "Nothing to undo this turn")
    return Tap(ui.cleared(ui.opened))  # the shell restores the previous state


def _hint(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
    return Tap(ui.cleared(ui.opened))  # the shell runs make_hint and sets ui.hint


def _hint_step(view: MView, ui: MTurnUI, data: Data) -> TurnTap:
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
    # said in the past, with the next step: never a step already made as advice
    return Tap(new_ui, (step,), step_message(view, step, h.steps[1:], after_view(view, [step])))


# taps on the player's own turn: the UI state is made sane for the view first
ON_TURN: dict[str, Callable[[MView, MTurnUI, Data], TurnTap]] = {
    "m-hand": _hand, "m-help": _help, "m-meld": _meld, "m-new": _new, "m-drop": _drop,
    "m-card": _card, "m-split": _split, "m-join": _join, "m-end": _end, "m-draw": _draw,
    "m-draw-sure": _draw_sure, "m-reset": _reset, "m-reset-sure": _reset_sure, "m-undo": _undo,
    "m-hint": _hint, "m-hint-step": _hint_step}


def tap(view: MView, ui: MTurnUI, action: str, data: Mapping[str, str]) -> TurnTap:
    """What a tap does: a new UI state and the engine actions to apply (the shell applies them
    with ``engine.apply`` all or nothing and keeps the old UI state when the engine refuses)."""
    if ui.confirm:  # a question in the dock is answered (or set aside) by any tap
        ui = replace(ui, confirm="")
    shown = ANY_TIME.get(action)
    if shown is not None:
        return shown(ui, data)
    why = _my_turn(view)
    if why is not None:
        return _refuse(ui, why)
    ui = sane(view, ui)
    turn = ON_TURN.get(action)
    if turn is None:
        return _refuse(ui, "That does nothing here")
    return turn(view, ui, data)


KEYS = {"e": "m-end", "d": "m-draw", "r": "m-reset", "u": "m-undo", "z": "m-undo",
        "h": "m-hint", ".": "m-hint-step", "n": "m-new", "s": "m-sort"}


def key(view: MView, ui: MTurnUI, key: str) -> TurnTap | None:
    """Keyboard shortcuts: E end turn, D draw/pass, R reset, U or Z undo, H hint, . next hint
    step, N new meld, S sort, J join (open meld), Escape cancel (None: the key is not ours)."""
    if key == "Escape":
        if ui.confirm:
            return Tap(replace(ui, confirm=""), message="Your turn goes on.")
        if ui.picked or ui.slots or ui.lifted is not None or ui.joining:
            return Tap(replace(ui.cleared(ui.opened), hint=ui.hint), message="Nothing picked.")
        if ui.opened is not None:
            return Tap(replace(ui.cleared(), hint=ui.hint),
                       message=f"Meld {ui.opened + 1} closed.")
        return None
    k = key.lower() if len(key) == 1 else key
    if k == "j" and ui.opened is not None:
        return tap(view, ui, "m-join", {"meld": str(ui.opened)})
    action = KEYS.get(k)
    if action is None:
        return None
    return tap(view, ui, action, {})
