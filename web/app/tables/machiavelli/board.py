"""The Machiavelli table: HTML, taps and keys, hints and log lines. Pure Python, no browser.

The shell owns the top bar, the message line, the game log, undo and applying actions; this
module turns a view (:class:`MView`) and the turn's UI state (:class:`TurnUI`) into HTML, and a
tap (a ``data-action`` with its ``data-*`` values) into engine actions.

Design (phone first, one thumb):

* The table's melds wrap; each is one big button showing its cards overlapped (corners
  readable) with its number and, while the table is being built, whether it is valid and if
  not why. Cards laid this turn sit raised with a gold ring; ``marked`` cards (what the last
  computer turn changed) get a blue ring.
* Tap hand cards (and in the helping variant face-up helping cards) to pick them, then tap a
  meld to lay them there, or *New meld*. Every meld lights up as a target; melds the picked
  cards would complete are marked "fits".
* Tap a meld with nothing picked to *open* it: its cards become buttons of their own (tap one
  to lift it, then tap any meld or *New meld* to move it there) with a scissors button between
  each two cards (split there) and *Join…* (then tap the meld to join it with).
* The dock at the bottom: a line saying what is picked (with *Cancel*) or whose hand it is
  (with the sort toggle), the hand strip (scrolls sideways inside itself), then Undo, Reset,
  Hint, Step, and the primary row New meld, Draw/Pass, End turn.

Data actions (all ``m-``) and their ``data-*`` values:

``m-hand`` hand (index into ``view.hand``) · ``m-help`` slot · ``m-meld`` meld ·
``m-card`` meld, pos · ``m-split`` meld, at · ``m-join`` meld · ``m-close`` meld ·
``m-cancel`` · ``m-new`` · ``m-end`` · ``m-draw`` · ``m-reset`` · ``m-undo`` · ``m-hint`` ·
``m-hint-step`` · ``m-sort``.

Marked keys (the ``marked`` argument of :func:`table_html`, see :func:`marked_keys`):
``"m3.2"`` the card at position 2 of meld 3, ``"m3"`` meld 3 as a whole (0-based, as
``data-meld``/``data-pos``); ``"x1"`` helping slot 1 (0-based).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from app.kit import Tap, and_list, esc, face, hand_order, plural, rank_word, symbols
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


@dataclass(frozen=True)
class TurnUI:
    picked: tuple[int, ...] = ()  # picked hand cards: indices into view.hand
    lifted: tuple[int, int] | None = None  # a lifted table card: (meld, pos)
    opened: int | None = None  # the meld shown open (its cards as buttons, split controls)
    sort: str = "suit"  # "suit" | "rank": hand display order only
    hint: HintInfo | None = None
    slots: tuple[int, ...] = ()  # picked face-up helping cards (helping variant)
    joining: bool = False  # "Join…" pressed on the opened meld: the next meld tapped joins it

    def cleared(self, opened: int | None = None) -> TurnUI:
        """Nothing picked, no hint; the sort order kept."""
        return TurnUI(sort=self.sort, opened=opened)


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


def hint_message(h: HintInfo, view: MView | None = None) -> str:
    """What the shell says when a hint arrives."""
    if h.cards == 0:
        if view is not None and view.deck_count == 0:
            return "Nothing can be laid: pass"
        return "Nothing can be laid: draw"
    n = f"{h.cards} card{'s' if h.cards != 1 else ''}"
    out = f"You can lay {n}"
    if not h.proven:
        out = f"You can lay at least {n} (the search ran out of time)"
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
    if (picked, slots, lifted, opened, joining, sort) == (
            ui.picked, ui.slots, ui.lifted, ui.opened, ui.joining, ui.sort):
        return ui
    return replace(ui, picked=picked, slots=slots, lifted=lifted, opened=opened,
                   joining=joining, sort=sort)


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


def tap(view: MView, ui: TurnUI, action: str, data: Mapping[str, str]) -> TurnTap:
    """What a tap does: a new UI state and the engine actions to apply (the shell applies them
    with ``engine.apply`` all or nothing and keeps the old UI state when the engine refuses)."""
    if action == "m-sort":
        return Tap(replace(ui, sort="rank" if ui.sort == "suit" else "suit"))
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
        return Tap(TurnUI(sort=ui.sort), (EndTurn(),))
    if action == "m-draw":
        return Tap(TurnUI(sort=ui.sort), (Draw() if view.deck_count else Pass(),))
    if action == "m-reset":
        if not _changed(view):
            return _refuse(ui, "Nothing to reset: the table is as your turn found it")
        return Tap(TurnUI(sort=ui.sort), (Reset(),))
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
        new_ui = TurnUI(sort=ui.sort, opened=opened, hint=replace(h, steps=h.steps[1:]))
        return Tap(new_ui, (step,), "Hint: " + step_text(view, step))
    return _refuse(ui, "That does nothing here")


KEYS = {"e": "m-end", "d": "m-draw", "r": "m-reset", "u": "m-undo", "z": "m-undo",
        "h": "m-hint", ".": "m-hint-step", "n": "m-new", "s": "m-sort"}


def key(view: MView, ui: TurnUI, key: str) -> TurnTap | None:
    """Keyboard shortcuts: E end turn, D draw/pass, R reset, U or Z undo, H hint, . next hint
    step, N new meld, S sort, J join (open meld), Escape cancel (None: the key is not ours)."""
    if key == "Escape":
        if ui.picked or ui.slots or ui.lifted is not None or ui.joining or ui.opened is not None:
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
                   + _btn(face(c, "mt-card"), "m-help", cls=cls, testid="m-help-card",
                          aria_label=_seen(c, label), live=live, pressed=on, slot=s, card=c)
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
               moving: list[Card]) -> str:
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
        return face(tc.card, "mt-card", extra, key)

    if not opened:
        faces = "".join(meld_face(p, tc) for p, tc in enumerate(meld))
        return ('<li class="mt-item">'
                + _btn(f'<span class="mt-box" data-vars="--n:{len(meld)}">'
                       f'<span class="mt-fan">{faces}</span>'
                       f'<span class="mt-status" aria-hidden="true">{number}{status}</span>'
                       '</span>',
                       "m-meld", cls=cls, testid="m-meld", aria_label=label, live=live,
                       meld=k)
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
                          meld=k, pos=p, card=tc.card))
    join = ""
    if len(view.table) > 1:
        joining = ui.joining
        join = _btn("Join…", "m-join", cls="btn small", testid="m-join",
                    aria_label=f"join meld {k + 1} with another meld", live=live,
                    pressed=joining, meld=k)
    head = _btn(f'{number}<span class="mt-open-words">{esc(meld_words(cards, ace))}</span>'
                f'{status}', "m-meld", cls=cls + " mt-head", testid="m-meld",
                aria_label=label, live=live, meld=k)
    close = _btn('<span aria-hidden="true">✕</span>', "m-close", cls="btn small mt-x",
                 testid="m-close", aria_label=f"close meld {k + 1}", live=live, meld=k)
    return (f'<li class="mt-item open"><div class="mt-open-bar">{head}{join}{close}</div>'
            f'<div class="mt-open-cards" role="group" aria-label="cards of meld {k + 1}">'
            f'{"".join(parts)}</div></li>')


def _hand_html(view: MView, ui: TurnUI, names: Sequence[str], live: bool,
               marked: frozenset[str], hinted: set[str]) -> str:
    cards = []
    prev: Card | None = None
    for i in hand_order(view.hand, ui.sort):
        c = view.hand[i]
        on = i in ui.picked
        key = f"h{i}"
        gap = prev is not None and (prev.suit != c.suit if ui.sort == "suit"
                                    else prev.rank != c.rank)
        cls = "mt-cardbtn mt-hcard" + (" picked" if on else "") + (" gap" if gap else "") + (
            " hinted" if key in hinted else "") + (" marked" if key in marked else "")
        label = f"{card_name(c)}, in your hand" + (", selected" if on else "") + (
            ", hint: lay this card" if key in hinted else "")
        cards.append(_btn(face(c, "mt-card"), "m-hand", cls=cls, testid="m-hand-card",
                          aria_label=_seen(c, label),
                          live=live, pressed=on, hand=i, card=c))
        prev = c
    n = len(view.hand)
    who = names[view.player] if view.player < len(names) else f"Player {view.player + 1}"
    empty = "" if cards else '<p class="mt-empty">No cards</p>'
    return (f'<div class="mt-hand" role="group" data-testid="m-hand" '
            f'aria-label="{esc(who)}: hand, {n} card{"s" if n != 1 else ""}">'
            f'{"".join(cards)}{empty}</div>')


def _dock_head(view: MView, ui: TurnUI, names: Sequence[str], live: bool) -> str:
    who = names[view.player] if view.player < len(names) else f"Player {view.player + 1}"
    n = len(view.hand)
    picked = len(ui.picked) + len(ui.slots)
    if live and picked:
        text = (f"{picked} card{'s' if picked != 1 else ''} picked: tap a meld or "
                f"<b>New meld</b>")
    elif live and ui.lifted is not None:
        text = "Card lifted: tap a meld or <b>New meld</b> to move it"
    elif live and ui.joining and ui.opened is not None:
        text = f"Tap the meld to join with meld {ui.opened + 1}"
    elif live and ui.opened is not None:
        text = "Tap a card to lift it, ✂ to split"
    else:
        turn = (" · your turn" if view.current == view.player and view.status != OVER
                else "")
        text = f"{esc(who)} · {n} card{'s' if n != 1 else ''}{turn}"
    right = ""
    if live and (picked or ui.lifted is not None or ui.joining):
        right = _btn("Cancel", "m-cancel", cls="btn small", testid="m-cancel",
                     aria_label="Cancel: put the picked cards back")
    right += _btn("By rank" if ui.sort == "suit" else "By suit", "m-sort",
                  cls="btn small", testid="m-sort", live=live,
                  aria_label=("Sort the hand by rank" if ui.sort == "suit"
                              else "Sort the hand by suit"))
    return (f'<div class="mt-dock-head"><p class="mt-say">{text}</p>'
            f'<div class="mt-head-btns">{right}</div></div>')


def _controls_html(view: MView, ui: TurnUI, live: bool) -> str:
    ace = view.config.ace
    problem = turn_problem(view.table, ace)
    can_end = problem is None
    changed = _changed(view)
    undo = _btn("Undo", "m-undo", testid="m-undo", live=live,
                why=None if view.steps > 0 else "Nothing to undo this turn",
                aria_label="Undo the last step")
    reset = _btn("Reset", "m-reset", testid="m-reset", live=live,
                 why=None if changed else "Nothing to reset",
                 aria_label="Reset: the table as your turn found it")
    hint = _btn("Hint", "m-hint", testid="m-hint", live=live,
                aria_label="Hint: how many cards can I lay?")
    left = len(ui.hint.steps) if ui.hint is not None else 0
    step = _btn(f"Step{f' ({left})' if left else ''}", "m-hint-step", testid="m-hint-step",
                live=live, why=None if left else "Tap Hint first",
                aria_label=(f"Show the next step of the hint, {left} left" if left
                            else "Show the next step of the hint"))
    new = _btn("New meld", "m-new", cls="btn" + (" hinted" if None in _hint_targets(
        view, ui)[1] else ""), testid="m-new", live=live,
        aria_label="New meld: put the picked cards down as a new meld")
    draw_word = "Draw" if view.deck_count else "Pass"
    draw = _btn(draw_word, "m-draw", cls="btn" + ("" if can_end else " primary"),
                testid="m-draw", live=live,
                aria_label=("Draw a card and end your turn" if view.deck_count
                            else "Pass: lay nothing"))
    end = _btn("End turn", "m-end", cls="btn" + (" primary" if can_end else ""),
               testid="m-end", live=live,
               why=None if can_end else f"You cannot end your turn yet: {problem}",
               aria_label="End turn" if can_end else f"End turn (not yet: {problem})")
    return (f'<div class="mt-controls"><div class="mt-row">{undo}{reset}{hint}{step}</div>'
            f'<div class="mt-row mt-main">{new}{draw}{end}</div></div>')


def table_html(view: MView, ui: TurnUI, names: Sequence[str], *, interactive: bool,
               marked: frozenset[str] = frozenset(), colours: bool = False) -> str:
    """Everything of the Machiavelli table below the top bar, except the message line and the
    log: the other players and the draw pile, the helping row, the melds, the hand and the
    controls. ``interactive`` False renders every control disabled (not your turn, a watched
    game, game over). ``marked``: keys like "m3.2" (see the module docstring) to highlight.
    ``colours``: the four-colour deck (also set by the ``four-colour`` class on <html>)."""
    live = interactive and view.status != OVER and view.current == view.player
    ui = _sane(view, ui)
    hinted_cards, hinted_melds = _hint_targets(view, ui) if live else (set(), set())
    moving = _picked_cards(view, ui) if live else []
    building = _changed(view)
    melds = "".join(
        _meld_html(view, ui, k, m, live, building, marked, hinted_cards, hinted_melds, moving)
        for k, m in enumerate(view.table))
    if not view.table:
        melds = '<li class="mt-none">No melds on the table yet</li>'
    count = len(view.table)
    root = "mt" + (" four-colour" if colours else "") + (" live" if live else "")
    return (f'<div class="{root}" data-testid="m-table">'
            + _players_html(view, names)
            + _helping_html(view, ui, live, marked, hinted_cards)
            + f'<section class="mt-melds" aria-label="Table, {count} '
              f'meld{"s" if count != 1 else ""}"><ul class="mt-meld-list">{melds}</ul>'
              f'</section>'
            + '<section class="mt-dock" aria-label="Your hand and actions">'
            + _dock_head(view, ui, names, live)
            + _hand_html(view, ui, names, live, marked, hinted_cards)
            + _controls_html(view, ui, live)
            + "</section></div>")


# --- marks and log lines ------------------------------------------------------------------


def marked_keys(before: MView, after: MView) -> frozenset[str]:
    """What changed on the table between two views (e.g. across a computer's turn): "m3" for
    each meld that is not one of the melds before, "m3.2" for each card new on the table."""
    if after.hand_no != before.hand_no:
        return frozenset()
    old_melds = Counter(tuple(sorted(m)) for m in plain(before.table))
    new_cards = Counter(c for m in plain(after.table) for c in m) - Counter(
        c for m in plain(before.table) for c in m)
    out: set[str] = set()
    for k, m in enumerate(plain(after.table)):
        key = tuple(sorted(m))
        if old_melds[key] > 0:
            old_melds[key] -= 1
            continue
        out.add(f"m{k}")
        for p, c in enumerate(m):
            if new_cards[c] > 0:
                new_cards[c] -= 1
                out.add(f"m{k}.{p}")
    return frozenset(out)


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
