"""The Machiavelli table's field as HTML: the other players and the draw pile, the helping row
and the melds (each a button, the opened one with a button per card)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.kit import board_button as _btn
from app.kit import esc
from app.tables.machiavelli.controls import card_face, keyed, rove
from app.tables.machiavelli.turn import MTurnUI, sane, table_changed
from app.tables.machiavelli.words import card_name, meld_label, valid_words
from engine.cards import Card
from engine.games.machiavelli.melds import meld_problem
from engine.games.machiavelli.rules import (
    FROM_HAND,
    OLD,
    OVER,
    EndTurn,
    Lay,
    Meld,
    Merge,
    Move,
    MView,
    Split,
    TableCard,
    Take,
)
from engine.protocol import PUBLIC


def _src_note(tc: TableCard) -> str:
    if tc.src == FROM_HAND:
        return ", laid this turn"
    if tc.src != OLD:
        return ", helping card taken this turn"
    return ""


def hint_targets(view: MView, ui: MTurnUI) -> tuple[set[str], set[int | None]]:
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
    elif isinstance(s, EndTurn):  # a guide's last step: the melds it changed, and End turn
        start = Counter(tuple(m) for m in view.start_table)
        for k, m in enumerate(view.table):
            now = tuple(tc.card for tc in m)
            if start[now] > 0:
                start[now] -= 1
            else:
                melds.add(k)
    return cards, melds


def table_face(card: Card, cls: str, extra: str = "", key: str | None = None,
          uid: str | None = None) -> str:
    """:func:`.controls.card_face` with the card's ``data-card`` made unique on the table
    (``uid``): two decks hold two of each card, and a card's flight finds its element by
    ``data-card``."""
    html = card_face(card, cls, extra, key)
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
    who = "Players" if view.player == PUBLIC else "Other players"  # the public view: all
    return (f'<div class="mt-top"><ul class="mt-opps" aria-label="{who}">'
            f'{"".join(items)}</ul>{pile}</div>')


# web/app/drag.js: a card (data-drag) can be dragged onto a place (data-drop) that takes it;
# a drop is the tap data-drop-action with the card's data-* as from* values (disabled: not)
DRAG = "card"


def _helping_html(view: MView, ui: MTurnUI, live: bool, marked: frozenset[str],
                  hinted: set[str]) -> str:
    if not view.helping:
        return ""
    out = []
    for s, c in enumerate(view.helping):
        if c is None:
            out.append('<li class="mt-slot empty"><span class="sr-only">empty place</span></li>')
            continue
        on = s in ui.slots
        label = f"{card_name(c)}, helping card"
        key = f"x{s}"
        if key in hinted:
            label += ", hint: use this card"
        cls = "mt-cardbtn mt-help" + (" picked" if on else "") + (
            " marked" if key in marked else "") + (" hinted" if key in hinted else "")
        out.append('<li class="mt-slot">'
                   + rove(_btn(table_face(c, "mt-card", key=key, uid=f"x{s}-{c}"), "m-help",
                               cls=cls, testid="m-help-card", aria_label=label, live=live,
                          pressed=on, slot=s, card=c, drag=DRAG), key in hinted)
                   + "</li>")
    return ('<section class="mt-helping" aria-label="Helping cards"><h2 class="mt-h">Helping'
            f'</h2><ul class="mt-help-row" data-rove>{"".join(out)}</ul></section>')


def picked_cards(view: MView, ui: MTurnUI) -> list[Card]:
    cards = [view.hand[i] for i in ui.picked if 0 <= i < len(view.hand)]
    cards += [c for s in ui.slots if 0 <= s < len(view.helping)
              and (c := view.helping[s]) is not None]
    if ui.lifted is not None:
        m, p = ui.lifted
        if 0 <= m < len(view.table) and 0 <= p < len(view.table[m]):
            cards.append(view.table[m][p].card)
    return cards


def _meld_looks(view: MView, ui: MTurnUI, k: int, meld: Meld, marked: frozenset[str],
                hinted_melds: set[int | None], moving: list[Card],
                hinted_cards: frozenset[str] | set[str] = frozenset()) -> tuple[str, str]:
    """A meld button's classes and its name: a target, whether the picked cards fit, valid or
    not, marked, hinted, how many cards were laid on it this turn."""
    ace = view.config.ace
    cards = [tc.card for tc in meld]
    label = meld_label(k, meld, ace)
    cls = "mt-meld"
    selecting = bool(moving) and not (ui.lifted is not None and ui.lifted[0] == k)
    if selecting or (ui.joining and ui.opened != k):
        cls += " target"
        if moving and meld_problem(cards + moving, ace) is None:
            cls += " fits"
            label += ", the picked cards fit here"
    if meld_problem(cards, ace) is not None:
        cls += " bad"
    if f"m{k}" in marked:
        cls += " marked"
    if k in hinted_melds:
        cls += " hinted"
        label += ", hint: this meld"
    elif ui.opened != k and any(key.startswith(f"m{k}.") for key in hinted_cards):
        cls += " hinted"  # the hint moves one of its cards: open it first
        label += ", hint: open this meld"
    laid = sum(tc.src != OLD for tc in meld)
    if laid:
        label += f", {laid} card{'s' if laid != 1 else ''} laid this turn"
    return cls, label


def _meld_face(k: int, pos: int, tc: TableCard, marked: frozenset[str], hinted_cards: set[str],
               uid: str) -> str:
    """A card of meld ``k`` as drawn on the table: new this turn, marked, hinted."""
    key = f"m{k}.{pos}"
    extra = (" new" if tc.src != OLD else "") + (" marked" if key in marked else "") + (
        " hinted" if key in hinted_cards else "")
    return table_face(tc.card, "mt-card", extra, key, uid)


def _meld_html(view: MView, ui: MTurnUI, k: int, meld: Meld, live: bool, building: bool,
               marked: frozenset[str], hinted_cards: set[str], hinted_melds: set[int | None],
               moving: list[Card], uids: list[str]) -> str:
    """Meld ``k`` as one button of overlapped cards, or (opened) a button per card."""
    cards = [tc.card for tc in meld]
    problem = meld_problem(cards, view.config.ace)
    cls, label = _meld_looks(view, ui, k, meld, marked, hinted_melds, moving, hinted_cards)
    status = ""
    # the visible words are the end of the name (axe: label-content-name-mismatch); the
    # number, a picture as the cards are, is drawn from data-t (table.css)
    if building or problem is not None:
        status = (' <span class="mt-ok" aria-hidden="true">✓</span>' if problem is None else
                  f' <span class="mt-why">{esc(problem)}</span>')
    number = f'<span class="mt-no" data-t="{k + 1}" aria-hidden="true"></span>'
    hinted = " hinted" in cls
    if ui.opened == k:
        words = valid_words(cards, view.config.ace)
        shown = f' <span class="mt-open-words">{esc(words)}</span>' if words else ""
        head = rove(_btn(f"{number}{shown}{status}", "m-meld",
                         cls=cls + " mt-head", testid="m-meld", aria_label=label, live=live,
                         meld=k, drop=DRAG, drop_action="m-drop"), hinted)
        return _open_meld_html(view, ui, k, meld, live, marked, hinted_cards, uids, head)
    faces = "".join(_meld_face(k, p, tc, marked, set(), uids[p])
                    for p, tc in enumerate(meld))
    return ('<li class="mt-item">'
            + rove(_btn(f'<span class="mt-box" data-vars="--n:{len(meld)}">'
                   f'<span class="mt-fan">{faces}</span>'
                   f'<span class="mt-status">{number}{status}</span>'
                   '</span>',
                   "m-meld", cls=cls, testid="m-meld", aria_label=label, live=live,
                   meld=k, drop=DRAG, drop_action="m-drop"), hinted)
            + "</li>")


def _open_meld_html(view: MView, ui: MTurnUI, k: int, meld: Meld, live: bool,
                    marked: frozenset[str], hinted_cards: set[str], uids: list[str],
                    head: str) -> str:
    """The opened meld: its ``head`` button, Join… and ✕, then every card a button with a
    split control between each two."""
    parts = []
    for p, tc in enumerate(meld):
        if p:
            a, b = meld[p - 1].card, tc.card
            parts.append(rove(_btn('<span aria-hidden="true">✂</span>', "m-split",
                                   cls="mt-split",
                              testid="m-split",
                              aria_label=f"split meld {k + 1} between {card_name(a)} and "
                                         f"{card_name(b)}", live=live, meld=k, at=p)))
        lifted = ui.lifted == (k, p)
        key = f"m{k}.{p}"
        c_label = (f"{card_name(tc.card)}, meld {k + 1}" + _src_note(tc)
                   + (", hint: move this card" if key in hinted_cards else ""))
        c_cls = "mt-cardbtn" + (" lifted" if lifted else "")
        parts.append(rove(_btn(_meld_face(k, p, tc, marked, hinted_cards, uids[p]), "m-card",
                          cls=c_cls, testid="m-table-card",
                          aria_label=c_label, live=live, pressed=lifted,
                          meld=k, pos=p, card=tc.card, drag=DRAG), key in hinted_cards))
    join = ""
    if len(view.table) > 1:
        join = keyed(_btn("Join…", "m-join", cls="btn small", testid="m-join",
                          aria_label=f"Join meld {k + 1} with another meld", live=live,
                          pressed=ui.joining, meld=k), "m-join")
    close = keyed(_btn('<span aria-hidden="true">✕</span>', "m-close", cls="btn small mt-x",
                       testid="m-close", aria_label=f"Close meld {k + 1}", live=live, meld=k),
                  "m-close")
    return (f'<li class="mt-item open"><div class="mt-open-bar">{head}{join}{close}</div>'
            f'<div class="mt-open-cards" role="group" aria-label="Cards of meld {k + 1}">'
            f'{"".join(parts)}</div></li>')


def table_html(view: MView, ui: MTurnUI, names: Sequence[str], *, interactive: bool,
               marked: frozenset[str] = frozenset(), colours: bool = False) -> str:
    """The Machiavelli table in the frame's field (it scrolls): the other players and the
    draw pile, the helping row, the melds. ``interactive`` False renders every control
    disabled (not your turn, a watched game, game over). ``marked``: keys like "m3.2" (see the
    module docstring) to highlight. ``colours``: the four-colour deck (also set by the
    ``four-colour`` class on <html>). The hand and the actions are :func:`dock_html`'s."""
    live = interactive and view.status != OVER and view.current == view.player
    ui = sane(view, ui)
    hinted_cards, hinted_melds = hint_targets(view, ui) if live else (set(), set())
    moving = picked_cards(view, ui) if live else []
    building = table_changed(view)
    uids = table_uids(view.table)
    melds = "".join(
        _meld_html(view, ui, k, m, live, building, marked, hinted_cards, hinted_melds, moving,
                   uids[k])
        for k, m in enumerate(view.table))
    if not view.table:
        melds = '<li class="mt-none">No melds on the table yet</li>'
    if live:  # a place for a new meld, after the last one: shown when cards are on the move
        zone = "mt-meld mt-newzone" + (" target" if moving else "")
        zone_btn = _btn('<span aria-hidden="true">＋</span> New meld', "m-new", cls=zone,
                         testid="m-new-zone", new="1",
                         aria_label="New meld: put the picked cards down as a new meld",
                         drop=DRAG, drop_action="m-drop")
        # an item of the melds' roving group only when it shows
        melds += ('<li class="mt-item mt-newitem">' + (rove(zone_btn) if moving else zone_btn)
                  + "</li>")
    count = len(view.table)
    root = "mtb" + (" four-colour" if colours else "") + (" live" if live else "") + (
        " moving" if moving else "")
    return (f'<div class="{root}" data-testid="m-table">'
            + _players_html(view, names)
            + _helping_html(view, ui, live, marked, hinted_cards)
            + f'<section class="mt-melds" aria-label="Table, {count} '
              f'meld{"s" if count != 1 else ""}"><ul class="mt-meld-list" data-rove>{melds}</ul>'
              f'</section></div>')
