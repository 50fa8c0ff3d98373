"""The Machine table's dock as HTML, always in view: the line saying what the turn allows,
the display with Draw, the hand, and the turn's buttons."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import and_list, attrs, esc, hand_order, plural, symbols
from app.kit import board_button as _btn
from app.tables.machine.selection import held_sets, not_a_set, play_data, play_options, track_ids
from app.tables.machine.turn import (
    WAIT,
    MachineTurnUI,
    card_face,
    is_live,
    keyed,
    picked_cards,
    sane,
)
from app.tables.machine.words import (
    hand_count,
    pair_gains,
    pair_label,
    player_name,
    set_words,
    short_track,
    taking_words,
)
from engine.cards import Card
from engine.games.machine import sets as S
from engine.games.machine.mat import TRACK_IDS, TRACKS, TWO_PAIR
from engine.games.machine.rules import (
    DISCARDING,
    OVER,
    PILE_KINDS,
    SETUP,
    TAKING,
    TRADING,
    TURN,
    MachineView,
    PlayerMat,
    PlaySet,
    apply_set,
    trade_problem,
)


def dock_html(view: MachineView, ui: MachineTurnUI, names: Sequence[str], *, interactive: bool,
              marked: frozenset[str] = frozenset(), fresh: frozenset[str] = frozenset()
              ) -> str:
    """The frame's dock, under the message line: one line saying what the turn allows now (or
    what the selection is), the display with Draw (take cards), the hand, and the buttons of
    the turn, so the selected cards and Trade or Play are on the screen together. ``fresh``:
    the cards that came into the hand with the player's last action (marked).

    The dock keeps its controls in their places whoever plays (aria-disabled while the others
    play, saying why), so that the keyboard's focus stays on what it pressed."""
    if view.phase == OVER:
        return ""
    ui = sane(view, ui)
    live = is_live(view, interactive)
    hinted = set(ui.picked) if ui.hint else set()
    cards = picked_cards(view, ui)
    say = _say(view, ui, names, live, cards)
    top = f'<p class="mm-say" data-testid="mm-say">{say}</p>'
    hand = _hand_html(view, ui, live, hinted, fresh)
    if view.phase == SETUP:
        body = top + hand + _setup_buttons(view, ui, live)
    elif live and view.phase == DISCARDING:
        body = top + _take_row(view, ui, live, marked) + hand + _discard_buttons(view, ui,
                                                                                 cards)
    else:
        body = (top + _take_row(view, ui, live, marked) + hand
                + _turn_buttons(view, ui, cards, live))
    return (f'<div class="mm mm-dock{" live" if live else ""}" data-testid="mm-dock" '
            f'data-phase="{view.phase}">{body}</div>')


def _sort_btns(ui: MachineTurnUI) -> str:
    by = "Suit" if ui.sort == "rank" else "Rank"
    return (keyed(_btn(by, "mm-sort", cls="btn small", testid="mm-sort",
                       aria_label=f"{by}: sort the hand by {by.lower()}"), "O")
            + keyed(_btn("Sets", "mm-aid", cls="btn small", testid="mm-aid", pressed=ui.aid,
                         aria_label="Sets: show the sets my hand holds"), "A"))


def _say_setup(view: MachineView, ui: MachineTurnUI, names: Sequence[str], live: bool) -> str:
    """The dock's line at set-up: who is placing, or the pair chosen and what it gives."""
    if view.current != view.player or not live:
        placed = view.setup[view.player] is not None
        who = ("You are" if view.current == view.player  # a replay of your set-up
               else f"{player_name(names, view.current)} is")
        return esc(f"{who} placing set-up cubes."
                   + (" Yours are placed." if placed else ""))
    if ui.pair:
        a, b = sorted(TRACK_IDS.index(t) for t in ui.pair.split())
        gains = pair_gains(view, a, b)
        return (f"<b>{esc(pair_label(a, b))}</b>"
                + (f": {esc(gains)}" if gains else "") + ". Place your cubes there?")
    return esc("Choose a pair above: your two set-up cubes go on the lowest section of "
               "one or two tracks, and no two players may choose the same pair.")


def _say(view: MachineView, ui: MachineTurnUI, names: Sequence[str], live: bool,
         cards: Sequence[Card]) -> str:
    """The dock's one line (HTML): what the turn allows now, or what the selection is."""
    if view.phase == SETUP:
        return _say_setup(view, ui, names, live)
    mat = view.mats[view.player]
    phase = view.phase
    if not live:
        if view.out[view.player]:
            return esc("You are out: one cube left and no single-cube section free. "
                       "The others play on.")
        return esc("Your turn." if view.current == view.player  # a replay of your turn
                   else f"{player_name(names, view.current)} is playing.")
    if phase == DISCARDING:
        over = len(view.hand) - mat.hand_limit
        return esc(f"Over your hand limit of {mat.hand_limit}: select "
                   f"{plural(over, 'card')} to discard face down.")
    if phase == TAKING:
        return esc(taking_words(view))
    if not cards:
        if phase == TRADING:
            return esc(f"Traded {view.traded} of {mat.trade_limit}: select more to trade, "
                       "or stop.")
        return esc("Your turn: draw or take cards, or select cards to trade or to play "
                   "as a set.")
    trade = trade_problem(mat, view.traded, len(cards))
    trade_words = (f"Trade: {trade}." if trade else
                   f"Trade: {plural(len(cards), 'cube')}.")
    if phase == TRADING:
        return esc(f"{plural(len(cards), 'card')} selected. {trade_words}")
    ways = play_options(view, cards)
    if not ways:
        if len(cards) in (3, 4, 5):
            reason = f" {not_a_set(cards)}" if len(cards) == 3 else " tap Play to see why"
            return (f'<span data-testid="mm-what">Not a set:{esc(reason)}.</span> '
                    + esc(trade_words))
        return esc(f"{plural(len(cards), 'card')} selected. {trade_words}")
    first, why = ways[0]
    text = f'<b data-testid="mm-what">{esc(set_words(first.kind, first.cards))}</b>'
    if why is not None:
        return text + f': <span class="mm-why">not possible: {esc(why)}</span>'
    warn = _stuck_warning(mat, first)
    return (text + f": {esc(_play_short(mat, first))}"
            + (f' <span class="mm-warn">Careful: {esc(warn)}</span>' if warn else ""))


def _take_row(view: MachineView, ui: MachineTurnUI, live: bool, marked: frozenset[str]) -> str:
    """Take cards: Draw (face down, a pile you tap) and the display's four face-up cards
    (one stop of Tab, the arrows move along it); Stop once taking has begun."""
    mat = view.mats[view.player]
    phase = view.phase
    can_take = live and phase in (TURN, TAKING)
    wait = None if live else WAIT
    hinted = ui.hint if live else None
    slots = []
    for i, c in enumerate(view.display):
        if c is None:
            slots.append('<li class="mm-slot empty" aria-label="empty slot"></li>')
            continue
        why = wait
        if why is None and not can_take:
            why = ("First discard down to your hand limit" if phase == DISCARDING
                   else "This turn you are trading cards for cubes")
        elif why is None and view.taken >= mat.face_up_limit:
            why = "Your Full House track allows no more face-up cards this turn"
        mark = " marked" if f"d{i}" in marked else ""
        hint = " hinted" if hinted == f"take {i + 1}" else ""
        slots.append("<li>" + _btn(card_face(c, "mm-face", mark), "mm-take",
                                   cls="mt-cardbtn" + hint, testid="mm-display",
                                   aria_label=f"{c.name}, face up"
                                   + (", new on the display" if mark else ""),
                                   why=why, slot=i, card=str(c), rove_item="") + "</li>")
    draw_why = wait
    if draw_why is not None:
        pass
    elif not can_take:
        draw_why = ("first discard down to your hand limit" if phase == DISCARDING
                    else "this turn you are trading cards for cubes")
    elif mat.face_down_limit == 0:
        draw_why = "your Flush track is empty: no face-down cards until it has a cube"
    elif view.taken:
        draw_why = "face-down cards come before face-up ones"
    elif view.drawn >= mat.face_down_limit:
        draw_why = f"your Flush track allows {plural(mat.face_down_limit, 'face-down card')}"
    # what the count says is the player's own: in another's turn the phase and the cards drawn
    # are theirs (it read "1/0"), so it says nothing; a Flush track with no cube allows none.
    # The name starts with the words on the button (axe: label-content-name-mismatch).
    if view.current != view.player or phase not in (TURN, TAKING):
        count, said = "", "Draw face down"
    elif mat.face_down_limit == 0:
        count, said = "Flush empty", "Draw Flush empty: no face-down cards this turn"
    elif phase == TAKING:
        count = f"{view.drawn} of {mat.face_down_limit}"
        said = f"Draw {count} drawn face down"
    else:
        count = f"up to {mat.face_down_limit}"
        said = f"Draw {count} face down"
    small = f" <small>{esc(count)}</small>" if count else ""
    draw = keyed(_btn(f'<span class="mm-draw-w">Draw</span>{small}', "mm-draw",
                      cls="btn mm-drawbtn" + (" hinted" if hinted == "draw" else ""),
                      testid="mm-draw", why=draw_why,
                      aria_label=f"{said}, {view.deck_count} in the deck"), "D",
                 id_="mm-pile-down")
    stop = (keyed(_btn("Stop taking", "mm-stop", cls="btn primary mm-stopbtn",
                       testid="mm-stop"), "S")
            if live and phase == TAKING else "")
    return (f'<div class="mm-take-row" data-testid="mm-choice-take">{draw}'
            f'<ul class="mm-display" id="mm-display" data-rove '
            f'aria-label="Display, face up">{"".join(slots)}</ul>{stop}</div>')


def _hand_html(view: MachineView, ui: MachineTurnUI, live: bool, hinted: set[str],
               fresh: frozenset[str]) -> str:
    """The hand as a list, one stop of Tab (the arrows move along it, Enter or Space selects
    a card), its size and limit beside it in words, the sort and the sets aid."""
    mat = view.mats[view.player]
    cards = []
    gaps = 0
    prev: Card | None = None
    for c in (view.hand[i] for i in hand_order(view.hand, ui.sort, ace_high=True)):
        on = str(c) in ui.picked
        gap = prev is not None and (prev.suit != c.suit if ui.sort == "suit"
                                    else prev.rank != c.rank)
        gaps += gap
        new = str(c) in fresh
        cls = "mt-cardbtn mm-hcard" + (" hinted" if str(c) in hinted else "")
        label = (c.name + (", just taken" if new else "")
                 + (", hint" if str(c) in hinted else ""))
        cards.append(f'<li class="mm-hli{" gap" if gap else ""}">'
                     + _btn(card_face(c, "mm-face", " fresh" if new else ""), "mm-card",
                            cls=cls,
                            testid="mm-hand-card", aria_label=label, pressed=on,
                            why=None if live else WAIT, card=str(c), rove_item="")
                     + "</li>")
        prev = c
    n = len(view.hand)
    count = hand_count(n, mat.hand_limit)
    empty = "" if cards else '<p class="mm-empty-hand">No cards</p>'
    aid = ""
    if ui.aid:
        found = held_sets(view)
        if found:
            rows = "".join(
                "<li>" + _btn(f"{esc(set_words(k, cs))} <small aria-hidden=\"true\">"
                              f"{esc(symbols(cs))}</small>", "mm-pick",
                              cls="btn small mm-setbtn", testid="mm-held",
                              aria_label=f"{set_words(k, cs)}: select "
                              + and_list([c.name for c in cs]),
                              why=None if live else WAIT,
                              cards=" ".join(str(c) for c in cs), rove_item="") + "</li>"
                for k, cs in found)
            aid = (f'<ul class="mm-held" id="mm-held" data-rove aria-label="Sets in your hand" '
                   f'data-testid="mm-aid-list">{rows}</ul>')
        else:
            aid = ('<p class="mm-held none" id="mm-held" tabindex="-1" '
                   'data-testid="mm-aid-list">No set in your hand yet.</p>')
    over = " over" if n > mat.hand_limit else ""
    return (f'<div class="mm-hand-box">{aid}<div class="mm-hand-row"><div class="mm-hand-col">'
            f'<ul class="mm-hand fit-{hand_step(n, gaps)}" id="mm-hand" data-rove '
            f'data-testid="mm-hand"{attrs(tabindex=None if cards else "-1")} '
            f'aria-label="Your hand: {count}">'
            f'{"".join(cards)}</ul>{empty}'
            f'<p class="mm-hand-n{over}" aria-hidden="true" data-testid="mm-hand-n">'
            f'{esc(count)}</p></div>'
            f'<div class="mm-head-btns">{_sort_btns(ui)}</div></div></div>')


# The hand strip's room at 360 px (table.css; 231 measured in Chromium with a count "7/7"
# beside it, which now stands under it in words), a card's width and the space a sort gap adds,
# in CSS px.
HAND_ROOM, CARD_W, GAP_W = 228, 48, 8
HAND_STEPS = (34, 30, 26, 22)  # how much of each card shows, most first (table.css: .fit-N)


def hand_step(n: int, gaps: int) -> int:
    """How much of each card of a hand of ``n`` cards with ``gaps`` sort gaps shows, so that
    the whole hand fits the strip on a phone (seven cards however sorted, eight by suit; more
    scroll); the corner's rank and suit stay readable at the least."""
    for step in HAND_STEPS:
        if CARD_W + (n - 1) * step + gaps * GAP_W <= HAND_ROOM:
            return step
    return HAND_STEPS[-1]


def _hint_btn(live: bool) -> str:
    return keyed(_btn("Hint", "mm-hint", cls="btn", testid="mm-hint",
                      why=None if live else WAIT,
                      aria_label="Hint: what would the Strong computer do?"), "H")


def _clear_btn(cards: Sequence[Card]) -> str:
    return (keyed(_btn("Clear", "mm-clear", cls="btn", testid="mm-clear",
                       aria_label="Clear the selection"), "Escape") if cards else "")


def _actions(btns: Sequence[str]) -> str:
    """The turn's buttons, in one place whoever plays (the focus stays in it)."""
    return f'<div class="mm-actions" id="mm-actions">{"".join(btns)}</div>'


def _setup_buttons(view: MachineView, ui: MachineTurnUI, live: bool) -> str:
    tracks = ui.pair or ""
    label = "Place cubes"
    if ui.pair:
        a, b = sorted(TRACK_IDS.index(t) for t in ui.pair.split())
        label = f"Place on {pair_label(a, b)}"
    why = (WAIT if not live else None if ui.pair else "Choose a pair of tracks above first")
    place = keyed(_btn(esc(label), "mm-setup",
                       cls="btn mm-main" + (" primary" if ui.pair and live else ""),
                       testid="mm-setup", why=why, tracks=tracks), "P")
    return _actions([place, _hint_btn(live)])


def _discard_buttons(view: MachineView, ui: MachineTurnUI, cards: Sequence[Card]) -> str:
    mat = view.mats[view.player]
    over = len(view.hand) - mat.hand_limit
    btn = keyed(_btn(f"Discard {plural(len(cards), 'card')}" if cards else "Discard",
                     "mm-discard", cls="btn primary mm-main", testid="mm-discard",
                     why=None if 0 < len(cards) <= over else f"Select {plural(over, 'card')}"),
                "X")
    return _actions([btn, _clear_btn(cards), _hint_btn(True)])


def _turn_buttons(view: MachineView, ui: MachineTurnUI, cards: Sequence[Card],
                  live: bool = True) -> str:
    """Trade the selection, Play it (one button per legal way), Clear, Hint; Stop trading.
    While the others play the same buttons wait in their places."""
    mat = view.mats[view.player]
    phase = view.phase
    n = len(cards)
    ways = play_options(view, cards) if live and phase == TURN else []
    legal = [a for a, why in ways if why is None]
    trade_why = None
    if not live:
        trade_why = WAIT
    elif phase == TAKING:
        trade_why = "this turn you are taking cards"
    elif not cards:
        trade_why = "select the cards to trade"
    else:
        trade_why = trade_problem(mat, view.traded, n)
    btns = []
    if phase != TAKING or not live:
        btns.append(keyed(_btn(
            f"Trade {plural(n, 'card')}" if n else "Trade", "mm-trade",
            cls="btn" + (" primary" if n and not legal and trade_why is None else ""),
            testid="mm-trade", why=trade_why,
            aria_label=(f"Trade {plural(n, 'card')} for {plural(n, 'cube')}" if n
                        else "Trade selected cards for cubes")), "T"))
    if not legal and (phase == TURN or not live):
        why: str | None
        if not live:
            first, why = None, WAIT
        elif not cards:
            first, why = None, "select the cards of a set first"
        else:
            first, why = ways[0] if ways else (None, not_a_set(cards))
        data = play_data(first) if first is not None else {"kind": "none", "tracks": "",
                                                            "pile": "0"}
        btns.append(keyed(_btn("Play", "mm-play", cls="btn", testid="mm-play", why=why,
                               aria_label="Play the selected set", kind=data["kind"],
                               tracks=data["tracks"], pile=data["pile"]), "P"))
    kinds = {a.kind for a in legal}
    primary = False
    for i, a in enumerate(legal[:8]):
        warn = _stuck_warning(mat, a)
        cls = "btn mm-playbtn"
        if warn is None and not primary:
            cls += " primary"
            primary = True
        label = _way_label(a, legal, len(kinds) > 1)
        btn = _btn(esc(label) + (' <span aria-hidden="true">⚠</span>' if warn else ""),
                   "mm-play", cls=cls, testid="mm-play",
                   aria_label=f"{label}: {_play_desc(mat, a)}"
                   + (f". Careful: {warn}" if warn else ""), kind=a.kind,
                   tracks=track_ids(a), pile=a.from_pile)
        btns.append(keyed(btn, "P") if i == 0 else btn)
    if live and phase == TRADING:
        btns.append(keyed(_btn("Stop trading", "mm-stop", cls="btn", testid="mm-stop"), "S"))
    btns.append(_clear_btn(cards) if live else "")
    btns.append(_hint_btn(live))
    return _actions(btns)


def _way_label(a: PlaySet, legal: Sequence[PlaySet], kinds: bool) -> str:
    """A play button's short label: "Play", or what tells the ways apart ("Play Straight
    Flush on Straight", "Play, 2 from pile")."""
    same = [b for b in legal if b.kind == a.kind]
    text = "Play"
    if kinds:
        text += f" {S.KIND_NAMES[a.kind]}"
    if len({b.tracks for b in same}) > 1:
        text += " on " + " + ".join(short_track(t) for t in a.tracks)
    if len({b.from_pile for b in same if b.tracks == a.tracks}) > 1:
        text += f", {a.from_pile} from pile"
    return text


def _stuck_warning(mat: PlayerMat, a: PlaySet) -> str | None:
    after = apply_set(mat, a)
    if after.stuck:
        return ("you would be out: one cube left and no single-cube section free, so you "
                "could never finish")
    return None


def _play_short(mat: PlayerMat, a: PlaySet) -> str:
    """The dock's few words for a play: "1 cube, Full House from 1 to 2" (cubes from the
    supply, and from the pile when it pays; each track's value now and after)."""
    parts = []
    for t in a.tracks:
        cost = mat.next_cost(t)
        if cost is None or t == TWO_PAIR:
            parts.append(TRACKS[t].name)
            continue
        then = TRACKS[t].sections[mat.filled[t]].value
        parts.append(f"{short_track(t)} from {mat.value(t)} to {then}")
    need = sum(mat.next_cost(t) or 0 for t in a.tracks)
    text = plural(need, "cube")
    if a.kind in PILE_KINDS:
        text += f" ({a.from_pile} from the pile)"
    return text + ", " + " and ".join(parts)


def _play_desc(mat: PlayerMat, a: PlaySet) -> str:
    """"as Full House on the Full House track: 3 cubes, value from 3 to 4" (and where the
    cubes come from)."""
    parts = []
    for t in a.tracks:
        cost = mat.next_cost(t)
        if cost is None:
            parts.append(f"{TRACKS[t].name}: full")
            continue
        area = "area" if t == TWO_PAIR else "track"
        value = ("" if t == TWO_PAIR else
                 f", value from {mat.value(t)} to {TRACKS[t].sections[mat.filled[t]].value}")
        parts.append(f"the {TRACKS[t].name} {area}: {plural(cost, 'cube')}{value}")
    text = f"as {S.KIND_NAMES[a.kind]} on " + " and ".join(parts)
    if a.kind in PILE_KINDS:
        need = sum(mat.next_cost(t) or 0 for t in a.tracks)
        text += f" ({a.from_pile} from the pile, {need - a.from_pile} from the supply)"
    return text
