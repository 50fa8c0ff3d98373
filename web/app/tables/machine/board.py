"""The Perpetual-Motion Machine table: HTML, taps and keys, log lines. Pure Python, no browser.

The shell owns the top bar, the message line, the log and applying actions; this module turns
a view (:class:`MachineView`) and the turn's UI state (:class:`TurnUI`) into HTML, and a tap
(a ``data-action`` with its ``data-*`` values) into engine actions. No rule is decided here:
what a selection is, where it goes and why it cannot be played come from the engine
(``sets.kinds_in``, ``placements``, ``set_problem``); every refusal is the engine's.

Design (phone first, one thumb), top to bottom:

* the other players: a chip each (cards, cubes left, *out*), tap for their mat full size;
* round, deck and discard counts, the display's four face-up cards (tap one to take it);
* your mat: the four engine tracks filled from the bottom, the Two Pair area, every section
  with its cube count and value; general pile and personal supply; under it what the mat gives
  you now in words ("draw 2 face-down · take 1 face-up · ..."). Sections filled since your
  last tap are marked, and the limits they changed;
* your hand (tap cards to select; sort by rank or suit; an optional aid lists the sets held);
* the three choices of a turn, each saying what it allows now: *Take cards* (Draw, or tap a
  display card), *Trade* (the selected cards for cubes), *Play a set* (names the selection,
  where it goes and with how many cubes, or exactly why it cannot be played; a Straight
  Flush, Four of a Kind or Royal Flush offers one button per answer to its questions);
* Hint (what the Strong computer would do).

Data actions (all ``mm-``) and their ``data-*`` values: ``mm-card`` card · ``mm-sort`` ·
``mm-aid`` · ``mm-pick`` cards (space separated) · ``mm-clear`` · ``mm-draw`` · ``mm-take``
slot · ``mm-stop`` · ``mm-trade`` · ``mm-discard`` · ``mm-play`` kind, tracks, pile ·
``mm-setup`` tracks · ``mm-opp`` seat · ``mm-hint`` (the adapter's).

Marked keys (see :func:`mat_marks`): ``"p1.t2.s3"`` section 3 (0-based) of track 2 of player
1 newly filled, ``"p1.lim.draw"`` a limit of player 1 that changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement

from app.kit import Tap, and_list, attrs, esc, face, hand_order, plural, rank_word, symbols
from app.kit import board_button as _btn
from engine.cards import SUIT_NAMES, Card
from engine.games.machine import sets as S
from engine.games.machine.mat import ENGINE_TRACKS, FLUSH, STRAIGHT, TRACK_IDS, TRACKS, TWO_PAIR
from engine.games.machine.rules import (
    DISCARDING,
    DOUBLE_KINDS,
    KIND_TRACK,
    OVER,
    PILE_KINDS,
    SETUP,
    TAKING,
    TRADING,
    TURN,
    Discard,
    Draw,
    MachineAction,
    MachineView,
    PlayerMat,
    PlaySet,
    Setup,
    Stop,
    TakeUp,
    Trade,
    apply_set,
    placements,
    set_problem,
)

LIMITS = (("draw", "face-down draws"), ("take", "face-up takes"), ("trade", "trade limit"),
          ("hand", "hand limit"), ("supply", "supply limit"))


# --- UI state ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TurnUI:
    picked: tuple[str, ...] = ()  # selected hand cards (text forms), in tap order
    sort: str = "rank"  # "rank" | "suit": hand display order only
    aid: bool = False  # list the sets the hand holds
    opp: int | None = None  # the other player whose mat is shown full size
    hint: str | None = None  # the Strong computer's advice (an action's text form)

    def cleared(self) -> TurnUI:
        return TurnUI(sort=self.sort, aid=self.aid, opp=self.opp)


TurnTap = Tap[TurnUI, MachineAction]  # a tap's answer on this board


# --- words ------------------------------------------------------------------------------------


def _rankplural(card: Card) -> str:
    return rank_word(card.rank, True)


def set_words(kind: str, cards: Sequence[Card]) -> str:
    """"Full House, kings over fours", "Straight, five to nine", "Flush, hearts"."""
    name = S.KIND_NAMES[kind]
    cs = S.sort_cards(cards)
    counts: dict[int, list[Card]] = {}
    for c in cs:
        counts.setdefault(c.rank, []).append(c)
    groups = sorted(counts.values(), key=lambda g: (-len(g), -(g[0].rank if g[0].rank != 1
                                                              else 14)))
    if kind in (S.THREE, S.FOUR):
        return f"{name}, {_rankplural(cs[0])}"
    if kind == S.FULL_HOUSE:
        return f"{name}, {_rankplural(groups[0][0])} over {_rankplural(groups[1][0])}"
    if kind == S.TWO_PAIR:
        return f"{name}, {_rankplural(groups[0][0])} and {_rankplural(groups[1][0])}"
    if kind == S.FLUSH:
        return f"{name}, {SUIT_NAMES[cs[0].suit]}"
    if kind == S.ROYAL_FLUSH:
        return f"{name}, {SUIT_NAMES[cs[0].suit]}"
    ranks = {c.rank for c in cs}
    if ranks == set(S.ROYAL_RANKS):
        low, high = "ten", "ace"
    else:
        order = sorted(cs, key=lambda c: c.rank)
        low, high = rank_word(order[0].rank), rank_word(order[-1].rank)
    tail = f" of {SUIT_NAMES[cs[0].suit]}" if kind == S.STRAIGHT_FLUSH else ""
    return f"{name}, {low} to {high}{tail}"


def limits(mat: PlayerMat) -> dict[str, int]:
    return {"draw": mat.face_down_limit, "take": mat.face_up_limit, "trade": mat.trade_limit,
            "hand": mat.hand_limit, "supply": mat.cube_limit}


def limits_words(mat: PlayerMat) -> list[tuple[str, str]]:
    """(key, words) of what the mat gives now: "draw 2 face-down", "hand limit 7"..."""
    v = limits(mat)
    return [("draw", f"draw {v['draw']} face-down"), ("take", f"take {v['take']} face-up"),
            ("trade", f"trade {v['trade']}"), ("hand", f"hand limit {v['hand']}"),
            ("supply", f"supply limit {v['supply']}")]


def track_label(mat: PlayerMat, t: int) -> str:
    """"Straight track: 3 of 11 cubes, value 7; next section 2 cubes for value 8"."""
    track = TRACKS[t]
    f = mat.filled[t]
    on = sum(s.cubes for s in track.sections[:f])
    area = "area" if t == TWO_PAIR else "track"
    text = f"{track.name} {area}: {on} of {track.cubes} cubes"
    if t != TWO_PAIR:
        text += f", value {mat.value(t)}"
    nxt = mat.next_cost(t)
    if nxt is None:
        text += ", full"
    elif t == TWO_PAIR:
        text += f"; next section {plural(nxt, 'cube')}"
    else:
        text += (f"; next section {plural(nxt, 'cube')} for value "
                 f"{track.sections[f].value}")
    return text


def action_words(view: MachineView, action: MachineAction) -> str:
    """One step in words, for the Hint: "play Full House, kings over fours"."""
    if isinstance(action, Draw):
        return "draw a face-down card"
    if isinstance(action, TakeUp):
        c = view.display[action.slot] if 0 <= action.slot < len(view.display) else None
        return f"take the {c.symbol if c else 'face-up card'} from the display"
    if isinstance(action, Stop):
        return "stop taking cards" if view.phase == TAKING else "stop trading"
    if isinstance(action, Discard):
        return f"discard the {action.card.symbol}"
    if isinstance(action, Trade):
        return f"trade the {action.card.symbol} for a cube"
    if isinstance(action, Setup):
        return "place the set-up cubes on " + " + ".join(TRACKS[t].name for t in action.tracks)
    if isinstance(action, PlaySet):
        where = " and ".join(TRACKS[t].name for t in action.tracks)
        pile = (f", {action.from_pile} from the general pile" if action.kind in PILE_KINDS
                else "")
        return (f"play {set_words(action.kind, action.cards)} ({symbols(action.cards)}) "
                f"on {where}{pile}")
    return str(action)


# --- taps -------------------------------------------------------------------------------------


def _picked_cards(view: MachineView, ui: TurnUI) -> list[Card]:
    held = {str(c): c for c in view.hand}
    return [held[t] for t in ui.picked if t in held]


def _sane(view: MachineView, ui: TurnUI) -> TurnUI:
    held = {str(c) for c in view.hand}
    picked = tuple(t for t in dict.fromkeys(ui.picked) if t in held)
    opp = ui.opp if ui.opp is not None and 0 <= ui.opp < view.players else None
    if picked == ui.picked and opp == ui.opp:
        return ui
    return replace(ui, picked=picked, opp=opp)


def _refuse(ui: TurnUI, message: str) -> TurnTap:
    return Tap(ui, (), message, refusal=True)


def _done(ui: TurnUI, actions: Sequence[MachineAction], finish: bool = False) -> TurnTap:
    return Tap(ui.cleared(), tuple(actions), finish=finish)


def tap(view: MachineView, ui: TurnUI, action: str, data: Mapping[str, str]) -> TurnTap:
    """What a tap does: a new UI state and the engine actions to apply (the shell applies them
    all or nothing, keeps the old UI state when the engine refuses, and with ``finish`` ends a
    trading or taking step that the engine has not ended by itself)."""
    ui = _sane(view, ui)
    if action == "mm-sort":
        return Tap(replace(ui, sort="suit" if ui.sort == "rank" else "rank"))
    if action == "mm-aid":
        return Tap(replace(ui, aid=not ui.aid))
    if action == "mm-opp":
        try:
            seat = int(data.get("seat", ""))
        except ValueError:
            return _refuse(ui, "That player is not at the table")
        return Tap(replace(ui, opp=None if ui.opp == seat else seat))
    if action == "mm-clear":
        return Tap(replace(ui, picked=()))
    if view.phase == OVER:
        return _refuse(ui, "The game is over")
    if view.current != view.player:
        return _refuse(ui, "It is not your turn")
    if action == "mm-card":
        card = data.get("card", "")
        if card not in {str(c) for c in view.hand}:
            return _refuse(ui, "That card is no longer in your hand")
        picked = (tuple(t for t in ui.picked if t != card) if card in ui.picked
                  else (*ui.picked, card))
        return Tap(replace(ui, picked=picked))
    if action == "mm-pick":
        texts = tuple(data.get("cards", "").split())
        return Tap(replace(ui, picked=tuple(t for t in texts
                                            if t in {str(c) for c in view.hand})))
    if action == "mm-setup":
        try:
            a, b = sorted(TRACK_IDS.index(t) for t in data.get("tracks", "").split())
        except ValueError:
            return _refuse(ui, "Choose two tracks")
        return _done(ui, [Setup((a, b))])
    if action == "mm-draw":
        return Tap(replace(ui, hint=None), (Draw(),))
    if action == "mm-take":
        try:
            slot = int(data.get("slot", ""))
        except ValueError:
            return _refuse(ui, "That display slot is empty")
        return Tap(replace(ui, hint=None), (TakeUp(slot),))
    if action == "mm-stop":
        return _done(ui, [Stop()])
    cards = _picked_cards(view, ui)
    if action == "mm-trade":
        if not cards:
            return _refuse(ui, "Select the cards to trade first: each brings one cube from "
                               "your general pile to your supply")
        return _done(ui, [Trade(c) for c in cards], finish=True)
    if action == "mm-discard":
        over = len(view.hand) - view.mats[view.player].hand_limit
        if not cards:
            return _refuse(ui, f"Select {plural(over, 'card')} to discard")
        if len(cards) > over:
            return _refuse(ui, f"Discard only {plural(over, 'card')}: your hand limit is "
                               f"{view.mats[view.player].hand_limit}")
        return _done(ui, [Discard(c) for c in cards])
    if action == "mm-play":
        kind = data.get("kind", "")
        if not cards:
            return _refuse(ui, "Select the cards of a set first")
        if kind not in S.KINDS:
            return _refuse(ui, _not_a_set(cards))
        tracks_text = data.get("tracks", "")
        if tracks_text:
            tracks = tuple(sorted(TRACK_IDS.index(t) for t in tracks_text.split()
                                  if t in TRACK_IDS))
        else:
            tracks = _default_tracks(kind)
        try:
            pile = int(data.get("pile", "0"))
        except ValueError:
            pile = 0
        return _done(ui, [PlaySet(kind, S.sort_cards(cards), tracks, pile)])
    return _refuse(ui, "That does nothing here")


KEYS = {"d": "mm-draw", "s": "mm-stop", "t": "mm-trade", "x": "mm-discard", "o": "mm-sort",
        "a": "mm-aid"}


def key(view: MachineView, ui: TurnUI, key: str) -> TurnTap | None:
    """Keyboard: D draw, S stop, T trade the selection, X discard the selection, P play the
    selection (its first way), O sort, A the sets aid, Escape clear the selection (None: the
    key is not ours; H, the hint, is the adapter's)."""
    if key == "Escape":
        return Tap(replace(ui, picked=())) if ui.picked else None
    k = key.lower() if len(key) == 1 else key
    if k == "p":
        ways = play_options(view, _picked_cards(view, _sane(view, ui)))
        if not ways:
            return tap(view, ui, "mm-play", {})
        a = ways[0][0]
        return tap(view, ui, "mm-play", _play_data(a))
    name = KEYS.get(k)
    return None if name is None else tap(view, ui, name, {})


# --- what a selection is ----------------------------------------------------------------------


def _default_tracks(kind: str) -> tuple[int, ...]:
    return (STRAIGHT, FLUSH) if kind in DOUBLE_KINDS else (KIND_TRACK[kind],)


def _not_a_set(cards: Sequence[Card]) -> str:
    n = len(cards)
    if n == 3:
        return S.why_not_kind(S.THREE, cards)
    if n == 4:
        return ("those cards are not a set: four cards make Two Pair (two pairs of two "
                "different ranks) or Four of a Kind (four of one rank)")
    if n == 5:
        return ("those cards are not a set: five cards make a Straight (five ranks in a row), "
                "a Flush (five of one suit) or a Full House (three of a rank and a pair)")
    return f"a set is 3, 4 or 5 cards, not {n}"


def play_options(view: MachineView, cards: Sequence[Card]) -> list[tuple[PlaySet, str | None]]:
    """Every way the selected cards can be played (legal ones first), each with None or the
    engine's reason why not: one per kind they form, track choice and general-pile count."""
    if not cards:
        return []
    mat = view.mats[view.player]
    hand = view.hand
    cs = S.sort_cards(cards)
    ok: list[tuple[PlaySet, str | None]] = []
    bad: list[tuple[PlaySet, str | None]] = []
    for kind in reversed(S.kinds_in(cs)):  # the grandest reading first
        ways = placements(kind, mat)
        if not ways:
            a = PlaySet(kind, cs, _default_tracks(kind), 0)
            bad.append((a, set_problem(hand, mat, a)))
            continue
        for tracks, pile in ways:
            a = PlaySet(kind, cs, tracks, pile)
            why = set_problem(hand, mat, a)
            (ok if why is None else bad).append((a, why))
    return ok + bad


def _tracks_text(a: PlaySet) -> str:
    return " ".join(TRACK_IDS[t] for t in a.tracks)


def _play_data(a: PlaySet) -> dict[str, str]:
    """The ``data-*`` values of the button that plays ``a``."""
    return {"kind": a.kind, "tracks": _tracks_text(a), "pile": str(a.from_pile)}


def held_sets(view: MachineView, limit: int = 6) -> list[tuple[str, tuple[Card, ...]]]:
    """Sets the hand holds (one per kind and rank/suit pattern, at most ``limit``)."""
    out: list[tuple[str, tuple[Card, ...]]] = []
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for kind in reversed(S.KINDS):
        for cards in S.generate(kind, view.hand):
            key = (kind, tuple(sorted(c.rank for c in cards)))
            if key in seen:
                continue
            seen.add(key)
            out.append((kind, cards))
            if len(out) >= limit:
                return out
    return out


# --- marks ------------------------------------------------------------------------------------


def mat_marks(before: Sequence[PlayerMat] | None, after: Sequence[PlayerMat]) -> frozenset[str]:
    """Sections filled and limits changed between two sets of mats (see the module doc)."""
    if before is None or len(before) != len(after):
        return frozenset()
    out: set[str] = set()
    for p, (a, b) in enumerate(zip(before, after, strict=True)):
        for t in range(len(TRACKS)):
            for s in range(a.filled[t], b.filled[t]):
                out.add(f"p{p}.t{t}.s{s}")
        la, lb = limits(a), limits(b)
        out.update(f"p{p}.lim.{k}" for k in la if la[k] != lb[k])
    return frozenset(out)


# --- HTML -------------------------------------------------------------------------------------


def _name(names: Sequence[str], p: int) -> str:
    return names[p] if p < len(names) else f"Player {p + 1}"


def mat_html(view: MachineView, p: int, names: Sequence[str], marked: frozenset[str],
             small: bool = False) -> str:
    """A player's mat: four engine tracks filled from the bottom, the Two Pair area, the
    general pile and the personal supply, and (full size) what the mat gives in words."""
    mat = view.mats[p]
    who = "Your" if p == view.player else f"{_name(names, p)}’s"
    cols = []
    for t in ENGINE_TRACKS:
        track = TRACKS[t]
        cells = []
        for s, sec in enumerate(track.sections):
            filled = s < mat.filled[t]
            new = f"p{p}.t{t}.s{s}" in marked
            cls = "mm-sec" + (" on" if filled else "") + (" new" if new else "") + (
                " next" if s == mat.filled[t] else "")
            cubes = "".join('<i class="mm-cube"></i>' for _ in range(sec.cubes))
            cells.append(f'<div class="{cls}" data-vars="--c:{sec.cubes}"><span class="mm-cubes">'
                         f'{cubes}</span><span class="mm-val">{sec.value}</span></div>')
        empty = (f'<div class="mm-sec mm-empty">'
                 f'<span class="mm-val">{track.empty_value}</span></div>')
        cols.append(f'<li class="mm-track t-{track.id}"><span class="sr-only">'
                    f'{esc(track_label(mat, t))}</span><div class="mm-col" aria-hidden="true">'
                    f'{empty}{"".join(cells)}</div><span class="mm-tname" aria-hidden="true">'
                    f'{esc(_short_track(t))}</span></li>')
    tp = TRACKS[TWO_PAIR]
    pairs = []
    for s, _sec in enumerate(tp.sections):
        filled = s < mat.filled[TWO_PAIR]
        new = f"p{p}.t{TWO_PAIR}.s{s}" in marked
        pairs.append(f'<span class="mm-sec mm-pair{" on" if filled else ""}'
                     f'{" new" if new else ""}"><i class="mm-cube"></i><i class="mm-cube"></i>'
                     f"</span>")
    two = (f'<div class="mm-two"><span class="sr-only">{esc(track_label(mat, TWO_PAIR))}</span>'
           f'<span class="mm-tname" aria-hidden="true">Two Pair</span>'
           f'<span class="mm-pairs" aria-hidden="true">{"".join(pairs)}</span></div>')
    bins = (f'<div class="mm-bins"><span class="mm-bin" data-testid="mm-pile">General pile '
            f'<b>{mat.pile}</b></span><span class="mm-bin" data-testid="mm-supply">Supply '
            f'<b>{mat.supply}</b> of {mat.cube_limit}</span>'
            f'<span class="mm-bin">On the mat <b>{mat.on_mat}</b></span></div>')
    words = ""
    if not small:
        parts = []
        for k, text in limits_words(mat):
            hot = f"p{p}.lim.{k}" in marked
            parts.append(f'<li class="mm-lim" data-lim="{k}"><span'
                         f'{" class=mm-new" if hot else ""}>{esc(text)}'
                         f"{' (new)' if hot else ''}</span></li>")
        words = (f'<ul class="mm-limits" data-testid="mm-limits" aria-label="What '
                 f'{esc(who.lower() if p == view.player else who)} mat gives now">'
                 f'{"".join(parts)}</ul>')
    out = " · out" if view.out[p] else ""
    return (f'<section class="mm-mat{" small" if small else ""}" data-testid="mm-mat" '
            f'data-seat="{p}" aria-label="{esc(who)} mat: {mat.on_mat} cubes placed, '
            f'{mat.left} to go{out}">{bins}<ul class="mm-tracks">{"".join(cols)}</ul>'
            f"{two}{words}</section>")


def _short_track(t: int) -> str:
    return {0: "Three", 1: "Straight", 2: "Flush", 3: "Full House"}.get(t, TRACKS[t].name)


def _players_html(view: MachineView, ui: TurnUI, names: Sequence[str],
                  marked: frozenset[str]) -> str:
    items = []
    for p in range(view.players):
        if p == view.player:
            continue
        mat = view.mats[p]
        name = _name(names, p)
        playing = view.current == p and view.phase != OVER
        won = view.phase == OVER and p in view.winners
        state = (" · out" if view.out[p] else " · playing" if playing
                 else " · won" if won else "")
        count = f"{plural(view.hand_counts[p], 'card')} · {mat.left} left{state}"
        label = (f"{name} {count}; {mat.on_mat} cubes placed. Show the mat full size")
        cls = "mm-opp" + (" current" if playing else "") + (" out" if view.out[p] else "")
        mini = "".join(
            f'<i class="mm-bar" data-vars="--f:{mat.filled[t] / len(TRACKS[t].sections):.2f}">'
            f"</i>" for t in range(len(TRACKS)))
        items.append(
            "<li>" + _btn(f'<span class="mm-opp-name">{esc(name)}</span> '
                          f'<span class="mm-mini" aria-hidden="true">{mini}</span> '
                          f'<span class="mm-opp-n">{esc(count)}</span>', "mm-opp", cls=cls,
                          testid="mm-opp", aria_label=label, pressed=ui.opp == p, seat=p)
            + "</li>")
    big = ""
    if ui.opp is not None and ui.opp != view.player:
        big = mat_html(view, ui.opp, names, marked)
    return (f'<section class="mm-players" aria-label="The other players">'
            f'<ul class="mm-opps">{"".join(items)}</ul>{big}</section>')


def _display_html(view: MachineView, live: bool, marked: frozenset[str]) -> str:
    mat = view.mats[view.player]
    can_take = live and view.phase in (TURN, TAKING)
    slots = []
    for i, c in enumerate(view.display):
        if c is None:
            slots.append('<li class="mm-slot empty" aria-label="empty slot"></li>')
            continue
        why = None
        if view.taken >= mat.face_up_limit:
            why = "Your Full House track allows no more face-up cards this turn"
        mark = " marked" if f"d{i}" in marked else ""
        slots.append("<li>" + _btn(face(c, "mm-face", mark), "mm-take",
                                   cls="mm-cardbtn", testid="mm-display",
                                   aria_label=f"{c.symbol} {c.name}, face up: take it",
                                   live=can_take, why=why, slot=i, card=str(c)) + "</li>")
    limit = f"of {view.max_rounds}" if view.max_rounds else "(no limit)"
    return (f'<section class="mm-table" aria-label="Display and piles">'
            f'<p class="mm-counts" data-testid="mm-counts"><span data-testid="mm-round">Round '
            f"<b>{view.round}</b> {limit}</span> · <span>Deck <b data-testid=\"mm-deck\">"
            f"{view.deck_count}</b></span> · <span>Discards <b data-testid=\"mm-discards\">"
            f"{view.discard_count}</b> (face down)</span></p>"
            f'<ul class="mm-display" aria-label="Display, face up">{"".join(slots)}</ul>'
            f"</section>")


def _hand_html(view: MachineView, ui: TurnUI, live: bool, hinted: set[str]) -> str:
    mat = view.mats[view.player]
    cards = []
    prev: Card | None = None
    for c in (view.hand[i] for i in hand_order(view.hand, ui.sort, ace_high=True)):
        on = str(c) in ui.picked
        gap = prev is not None and (prev.suit != c.suit if ui.sort == "suit"
                                    else prev.rank != c.rank)
        cls = ("mm-cardbtn mm-hcard" + (" gap" if gap else "")
               + (" hinted" if str(c) in hinted else ""))
        label = f"{c.symbol} {c.name}" + (", selected" if on else "") + (
            ", hint" if str(c) in hinted else "")
        cards.append(_btn(face(c, "mm-face"), "mm-card", cls=cls, testid="mm-hand-card",
                          aria_label=label, live=live, pressed=on, card=str(c)))
        prev = c
    n = len(view.hand)
    empty = "" if cards else '<p class="mm-empty-hand">No cards</p>'
    head_btns = _btn("By suit" if ui.sort == "rank" else "By rank", "mm-sort", cls="btn small",
                     testid="mm-sort", aria_label=("Sort the hand by suit" if ui.sort == "rank"
                                                   else "Sort the hand by rank"))
    head_btns += _btn("Sets", "mm-aid", cls="btn small", testid="mm-aid", pressed=ui.aid,
                      aria_label="Show the sets my hand holds")
    picked = len(ui.picked)
    say = (f"{plural(picked, 'card')} selected" if picked and live
           else f"Your hand · {plural(n, 'card')} of {mat.hand_limit}")
    clear = (_btn("Clear", "mm-clear", cls="btn small", testid="mm-clear",
                  aria_label="Clear the selection") if picked and live else "")
    aid = ""
    if ui.aid:
        found = held_sets(view)
        if found:
            rows = "".join(
                "<li>" + _btn(f"{esc(set_words(k, cs))} <small>{esc(symbols(cs))}</small>",
                              "mm-pick", cls="btn small mm-setbtn", testid="mm-held",
                              live=live,
                              cards=" ".join(str(c) for c in cs)) + "</li>"
                for k, cs in found)
            aid = (f'<ul class="mm-held" aria-label="Sets in your hand" '
                   f'data-testid="mm-aid-list">{rows}</ul>')
        else:
            aid = '<p class="mm-held none" data-testid="mm-aid-list">No set in your hand yet.</p>'
    return (f'<section class="mm-hand-box" aria-label="Your hand">'
            f'<div class="mm-hand-head"><p class="mm-say">{esc(say)}</p>'
            f'<div class="mm-head-btns">{clear}{head_btns}</div></div>'
            f'<div class="mm-hand" role="group" data-testid="mm-hand" aria-label="Your hand, '
            f'{plural(n, "card")}">{"".join(cards)}{empty}</div>{aid}</section>')


def _setup_html(view: MachineView, names: Sequence[str], live: bool) -> str:
    taken = {s: p for p, s in enumerate(view.setup) if s is not None}
    mat = view.mats[view.player]
    rows = []
    placed = view.setup[view.player] is not None  # the mat holds this player's cubes already
    for a, b in combinations_with_replacement(ENGINE_TRACKS, 2):
        pair = (a, b)
        gains: list[str] = []
        if not placed:  # what the pair would give (never past a track's last section)
            after = PlayerMat(tuple(min(f + (t == a) + (t == b), len(TRACKS[t].sections))
                                    for t, f in enumerate(mat.filled)), mat.supply, mat.pile)
            gains = [text for (_k, text), (_, old) in zip(limits_words(after), limits_words(mat),
                                                          strict=True) if text != old]
        label = (TRACKS[a].name + " + " + TRACKS[b].name if a != b
                 else f"{TRACKS[a].name} × 2")
        why = None
        if pair in taken:
            who = taken[pair]
            why = (f"{'You' if who == view.player else _name(names, who)} chose {label}: each "
                   "player needs a different pair")
        gain = ", ".join(gains)
        body = (f'<b>{esc(label)}</b> <small>{esc(gain)}</small>'
                + (f' <small class="mm-why">{esc(why)}</small>' if why else ""))
        rows.append("<li>" + _btn(body, "mm-setup", cls="btn mm-pairbtn" + (
            " taken" if why else ""), testid="mm-setup", live=live, why=why,
            tracks=f"{TRACK_IDS[a]} {TRACK_IDS[b]}") + "</li>")
    cur = view.current
    head = ("Place your two set-up cubes" if cur == view.player
            else f"{_name(names, cur)} is placing set-up cubes")
    return (f'<section class="mm-choices mm-setup" data-testid="mm-setup-panel" '
            f'aria-labelledby="mm-setup-h"><h2 id="mm-setup-h">{esc(head)}</h2>'
            f"<p class=\"fine\">Two cubes from your supply go on the lowest sections of one or "
            f"two tracks. No two players may choose the same pair. Set-up goes from the last "
            f"seat back to the first.</p><ul class=\"mm-pairs-list\">{''.join(rows)}</ul>"
            + (_hint_row(live) if cur == view.player else "") + "</section>")


def _hint_row(live: bool) -> str:
    return ('<div class="row mm-hint-row">'
            + _btn("Hint", "mm-hint", cls="btn", testid="mm-hint", live=live,
                   aria_label="Hint: what would the Strong computer do?")
            + "</div>")


def _stuck_warning(mat: PlayerMat, a: PlaySet) -> str | None:
    after = apply_set(mat, a)
    if after.stuck:
        return ("you would be out: one cube left and no single-cube section free, so you "
                "could never finish")
    return None


def _choices_html(view: MachineView, ui: TurnUI, live: bool) -> str:
    mat = view.mats[view.player]
    cards = _picked_cards(view, ui)
    phase = view.phase
    if phase == DISCARDING:
        over = len(view.hand) - mat.hand_limit
        btn = _btn(f"Discard {plural(len(cards), 'card')}" if cards else "Discard",
                   "mm-discard", cls="btn primary wide", testid="mm-discard", live=live,
                   why=None if 0 < len(cards) <= over else f"Select {plural(over, 'card')}")
        return (f'<section class="mm-choices" aria-labelledby="mm-ch-h" data-testid="mm-choices">'
                f'<h2 id="mm-ch-h">Over your hand limit</h2><p>You hold {len(view.hand)} cards '
                f"and your hand limit is {mat.hand_limit}: select "
                f"{plural(over, 'card')} to discard face down.</p>{btn}{_hint_row(live)}"
                f"</section>")
    # 1. take cards
    drawn, taken = view.drawn, view.taken
    in_turn = phase in (TURN, TAKING, TRADING)
    draw_why = None
    if mat.face_down_limit == 0:
        draw_why = "your Flush track is empty: no face-down cards until it has a cube"
    elif taken:
        draw_why = "face-down cards come before face-up ones"
    elif drawn >= mat.face_down_limit:
        draw_why = f"your Flush track allows {plural(mat.face_down_limit, 'face-down card')}"
    take_live = live and phase in (TURN, TAKING)
    draw = _btn(f"Draw face-down ({drawn} of {mat.face_down_limit})" if phase == TAKING
                else "Draw face-down", "mm-draw", cls="btn", testid="mm-draw", live=take_live,
                why=draw_why)
    stop = (_btn("Stop taking", "mm-stop", cls="btn primary", testid="mm-stop", live=live)
            if phase == TAKING else "")
    take_text = (f"Draw up to {mat.face_down_limit} face-down, then take up to "
                 f"{mat.face_up_limit} face-up from the display (tap a card above).")
    if phase == TAKING:
        take_text = (f"Taken: {drawn} of {mat.face_down_limit} face-down, {taken} of "
                     f"{mat.face_up_limit} face-up. Take more or stop.")
    take = (f'<div class="mm-choice{" active" if phase == TAKING else ""}" '
            f'data-testid="mm-choice-take"><h3>Take cards</h3><p>{esc(take_text)}</p>'
            f'<div class="row">{draw}{stop}</div></div>')
    # 2. trade
    room = min(mat.trade_limit - view.traded, mat.cube_limit - mat.supply, mat.pile)
    trade_why = None
    if phase == TAKING:
        trade_why = "this turn you are taking cards"
    elif not cards:
        trade_why = "select the cards to trade"
    elif len(cards) > max(room, 0):
        trade_why = (f"you may trade {plural(max(room, 0), 'card')} now: "
                     + ("your supply is at its cube limit" if mat.supply >= mat.cube_limit
                        else "your general pile is empty" if mat.pile == 0
                        else f"your Three of a Kind track allows {mat.trade_limit} a turn"))
    n = len(cards)
    trade_text = (f"Discard up to {plural(max(room, 0), 'card')} for as many cubes "
                  f"(trade limit {mat.trade_limit}; supply {mat.supply} of {mat.cube_limit}; "
                  f"pile {mat.pile}).")
    if room <= 0 and phase != TRADING:
        trade_text = ("No trade now: " + ("your supply is at its limit"
                                          if mat.supply >= mat.cube_limit
                                          else "your general pile is empty") + ".")
    trade_btn = _btn(f"Trade {plural(n, 'card')}" if n else "Trade", "mm-trade",
                     cls="btn" + (" primary" if n and phase != TAKING and not _any_play(
                         view, cards) else ""), testid="mm-trade",
                     live=live and in_turn, why=trade_why)
    trade = (f'<div class="mm-choice" data-testid="mm-choice-trade"><h3>Trade</h3>'
             f"<p>{esc(trade_text)}</p><div class=\"row\">{trade_btn}</div></div>")
    # 3. play a set
    play_body = ""
    if phase != TURN:
        play_body = "<p>Only at the start of a turn.</p>"
    elif not cards:
        play_body = ("<p>Select the cards of a set in your hand: Three of a Kind, Straight, "
                     "Flush, Full House, Two Pair, Four of a Kind, Straight Flush or Royal "
                     "Flush.</p>")
    else:
        options = play_options(view, cards)
        if not options:
            not_set = _not_a_set(cards)
            play_body = (f'<p class="mm-what" data-testid="mm-what">Not a set: {esc(not_set)}.</p>'
                         + _btn("Play", "mm-play", cls="btn", testid="mm-play", live=live,
                                why=not_set, kind="none"))
        else:
            first = options[0][0]
            play_body = (f'<p class="mm-what" data-testid="mm-what"><b>'
                         f'{esc(set_words(first.kind, first.cards))}</b></p>')
            btns = []
            primary_done = False
            for a, why in options[:8]:
                desc = _play_desc(mat, a)
                warn = _stuck_warning(mat, a) if why is None else None
                cls = "btn mm-playbtn"
                if why is None and not primary_done and warn is None:
                    cls += " primary"
                    primary_done = True
                text = (f"<b>Play {esc(desc)}</b>"
                        + (f' <small class="mm-why">Not possible: {esc(why)}</small>' if why
                           else "")
                        + (f' <small class="mm-warn">Careful: {esc(warn)}</small>' if warn
                           else ""))
                btns.append(_btn(text, "mm-play", cls=cls, testid="mm-play", live=live,
                                 why=why, kind=a.kind, tracks=_tracks_text(a),
                                 pile=a.from_pile))
            play_body += f'<div class="mm-play-list">{"".join(btns)}</div>'
    play = (f'<div class="mm-choice" data-testid="mm-choice-play"><h3>Play a set</h3>'
            f"{play_body}</div>")
    head = {TURN: "Your turn: do one of three things", TAKING: "Taking cards",
            TRADING: "Trading"}.get(phase, "Your turn")
    if phase == TRADING:
        trade += _btn("Stop trading", "mm-stop", cls="btn", testid="mm-stop", live=live)
    return (f'<section class="mm-choices" aria-labelledby="mm-ch-h" data-testid="mm-choices">'
            f'<h2 id="mm-ch-h">{esc(head)}</h2>{take}{trade}{play}{_hint_row(live)}</section>')


def _any_play(view: MachineView, cards: Sequence[Card]) -> bool:
    return any(why is None for _, why in play_options(view, cards))


def _play_desc(mat: PlayerMat, a: PlaySet) -> str:
    """"Full House track: 3 cubes, value 3 → 4" (and where the cubes come from)."""
    parts = []
    for t in a.tracks:
        cost = mat.next_cost(t)
        if cost is None:
            parts.append(f"{TRACKS[t].name}: full")
            continue
        area = "area" if t == TWO_PAIR else "track"
        value = ("" if t == TWO_PAIR else
                 f", value {mat.value(t)} → {TRACKS[t].sections[mat.filled[t]].value}")
        parts.append(f"{TRACKS[t].name} {area}: {plural(cost, 'cube')}{value}")
    text = f"as {S.KIND_NAMES[a.kind]} on " + " and ".join(parts)
    if a.kind in PILE_KINDS:
        need = sum(mat.next_cost(t) or 0 for t in a.tracks)
        text += f" ({a.from_pile} from the pile, {need - a.from_pile} from the supply)"
    return text


def table_html(view: MachineView, ui: TurnUI, names: Sequence[str], *, interactive: bool,
               marked: frozenset[str] = frozenset()) -> str:
    """Everything of the table below the top bar except the message line and the log.
    ``interactive`` False renders the controls disabled (not your turn, watched, over)."""
    ui = _sane(view, ui)
    live = interactive and view.phase != OVER and view.current == view.player
    hinted = set(ui.picked) if ui.hint else set()
    if view.phase == SETUP:
        body = (_players_html(view, ui, names, marked) + _display_html(view, False, marked)
                + mat_html(view, view.player, names, marked)
                + _setup_html(view, names, live) + _hand_html(view, ui, False, set()))
    else:
        choices = _choices_html(view, ui, live) if live else _waiting_html(view, names)
        body = (_players_html(view, ui, names, marked) + _display_html(view, live, marked)
                + mat_html(view, view.player, names, marked)
                + _hand_html(view, ui, live, hinted) + choices)
    root = "mm" + (" live" if live else "")
    return (f'<div class="{root}" data-testid="mm-table" data-phase="{view.phase}"'
            + attrs(data_hint=ui.hint if live else None) + f">{body}</div>")


def _waiting_html(view: MachineView, names: Sequence[str]) -> str:
    if view.phase == OVER:
        return ""
    cur = view.current
    if view.out[view.player]:
        text = ("You are out: one cube left and no single-cube section free. The others play "
                "on.")
    else:
        text = f"{_name(names, cur)} is playing."
    return (f'<section class="mm-choices waiting" data-testid="mm-waiting"><p>{esc(text)}</p>'
            f"</section>")


# --- log lines --------------------------------------------------------------------------------


def describe_turn(before: MachineView, after: MachineView, actions: Sequence[MachineAction],
                  name: str) -> str:
    """One log line for a whole turn: "Bea drew 2 face-down cards and took 7♥"."""
    seat = before.current
    parts: list[str] = []
    sets = [a for a in actions if isinstance(a, Setup)]
    draws = sum(isinstance(a, Draw) for a in actions)
    takes = [before.display[a.slot] for a in actions if isinstance(a, TakeUp)
             and 0 <= a.slot < len(before.display)]
    trades = sum(isinstance(a, Trade) for a in actions)
    discards = sum(isinstance(a, Discard) for a in actions)
    plays = [a for a in actions if isinstance(a, PlaySet)]
    if sets:
        parts.append("placed set-up cubes on " + " + ".join(TRACKS[t].name
                                                             for t in sets[0].tracks))
    if draws:
        parts.append(f"drew {plural(draws, 'face-down card')}")
    got = [c for c in takes if c is not None]
    if got:
        parts.append(f"took {symbols(got)}")
    if discards:
        parts.append(f"discarded {plural(discards, 'card')}")
    if trades:
        parts.append(f"traded {plural(trades, 'card')} for {plural(trades, 'cube')}")
    for a in plays:
        where = " and ".join(
            f"{TRACKS[t].name} now {after.mats[seat].value(t)}" if t != TWO_PAIR
            else "Two Pair area" for t in a.tracks)
        parts.append(f"played {set_words(a.kind, a.cards)} ({symbols(a.cards)}): {where}")
    if not parts:
        return f"{name} is still playing"
    line = f"{name} " + and_list(parts)
    if after.phase == OVER and seat in after.winners and after.mats[seat].left == 0:
        line += f", placing every cube: {name} wins"
    elif after.out[seat] and not before.out[seat]:
        line += " and is out (one cube left, no single-cube section)"
    return line
