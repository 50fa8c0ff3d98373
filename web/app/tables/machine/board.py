"""The Perpetual-Motion Machine table: HTML, taps and keys, log lines. Pure Python, no browser.

The shell owns the top bar, the message line, the log and applying actions; this module turns
a view (:class:`MachineView`) and the turn's UI state (:class:`TurnUI`) into HTML, and a tap
(a ``data-action`` with its ``data-*`` values) into engine actions. No rule is decided here:
what a selection is, where it goes and why it cannot be played come from the engine
(``sets.kinds_in``, ``placements``, ``set_problem``); every refusal is the engine's.

Design (phone first, one thumb; one screen per turn at 360 x 640 in the shared table frame):

* the field: the other players (a chip each with their name, cards, cubes left, *out*; tap for
  their mat full size, headed with their name), round, deck and discard counts, and your mat
  as what it gives you now in words ("draw 2 face-down · take 1 face-up · ...") with a line per
  track, full size on request. Sections filled since your last tap are marked, and the limits
  they changed;
* the dock: the display's four face-up cards with Draw, your hand (tap cards to select; sort by
  rank or suit; an optional aid lists the sets held), and the three choices of a turn, each
  saying what it allows now: *Take cards* (Draw, or tap a display card), *Trade* (the selected
  cards for cubes), *Play a set* (names the selection, where it goes and with how many cubes, or
  exactly why it cannot be played; a Straight Flush, Four of a Kind or Royal Flush offers one
  button per answer to its questions); Hint (what the Strong computer would do).

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
    MachineState,
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
    trade_problem,
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
    hint_text: str | None = None  # the advice in words, said while it is true
    pair: str | None = None  # set-up: the pair of tracks chosen, not yet placed ("three flush")
    mat: bool = False  # your own mat shown full size, not as its summary

    def cleared(self) -> TurnUI:
        """After an action: the selection and the hint spoke of the table before it."""
        return TurnUI(sort=self.sort, aid=self.aid, opp=self.opp, mat=self.mat)


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



def limits_html(mat: PlayerMat, p: int, marked: frozenset[str], label: str) -> str:
    """The list of what player ``p``'s mat gives now, a limit changed since the last tap
    marked "(new)"; ``label`` names whose mat it is for a screen reader."""
    parts = []
    for k, text in limits_words(mat):
        hot = f"p{p}.lim.{k}" in marked
        parts.append(f'<li class="mm-lim" data-lim="{k}"><span'
                     f'{" class=mm-new" if hot else ""}>{esc(text)}'
                     f"{' (new)' if hot else ''}</span></li>")
    return (f'<ul class="mm-limits" data-testid="mm-limits" aria-label="{esc(label)}">'
            f'{"".join(parts)}</ul>')

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
    if action == "mm-mat":
        return Tap(replace(ui, mat=not ui.mat))
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
    if action in ("mm-setup", "mm-pair"):
        try:
            a, b = sorted(TRACK_IDS.index(t) for t in data.get("tracks", "").split())
        except ValueError:
            return _refuse(ui, "Choose a pair of tracks above first")
        taken = (a, b) in {s for s in view.setup if s is not None}
        if action == "mm-pair" and not taken:  # chosen, placed by the dock's button
            return Tap(replace(ui, pair=f"{TRACK_IDS[a]} {TRACK_IDS[b]}"))
        return _done(ui, [Setup((a, b))])  # a taken pair: the engine says why not
    if action == "mm-draw":
        return Tap(replace(ui, hint=None, hint_text=None), (Draw(),))
    if action == "mm-take":
        try:
            slot = int(data.get("slot", ""))
        except ValueError:
            return _refuse(ui, "That display slot is empty")
        return Tap(replace(ui, hint=None, hint_text=None), (TakeUp(slot),))
    if action == "mm-stop":
        return _done(ui, [Stop()])
    cards = _picked_cards(view, ui)
    if action == "mm-trade":
        if not cards:
            return _refuse(ui, "Select the cards to trade first: each brings one cube from "
                               "your general pile to your supply")
        why = trade_problem(view.mats[view.player], view.traded, len(cards))
        if why is not None:  # checked whole: a trade that meets a limit ends the turn
            return _refuse(ui, why[0].upper() + why[1:])
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
        "a": "mm-aid", "m": "mm-mat"}


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


def step_news(before: MachineState, after: MachineState) -> frozenset[str]:
    """What one step showed everybody (see :func:`news`): a face-up card taken
    (``took<p>:<card>``), the cards of a set played (``set<p>:<card>``). Cards drawn face
    down or traded stay hidden: nothing of them."""
    if before.players != after.players or before.phase not in (TURN, TAKING):
        return frozenset()
    p = before.current
    out = {f"took{p}:{a}" for a, b in zip(before.display, after.display, strict=True)
           if a is not None and a != b and a in after.hands[p]}
    if before.phase == TURN and sum(after.mats[p].filled) > sum(before.mats[p].filled):
        out.update(f"set{p}:{c}" for c in before.hands[p] if c not in after.hands[p])
    return frozenset(out)


def step_flights(before: MachineState, after: MachineState) -> list[tuple[str, str | None]]:
    """The card flights of one computer's step (the bridge's ``data-card`` key, where from):
    a face-up card taken flies from its display slot to the taker's row, a set played from
    the player's chip, a new display card from the face-down pile."""
    out: list[tuple[str, str | None]] = []
    for key in sorted(step_news(before, after)):
        head, card = key.split(":", 1)
        if head.startswith("took"):
            out.append((card, None))
        else:
            out.append((card, f'[data-testid=mm-opp][data-seat="{head[3:]}"]'))
    out.extend((str(b), "#mm-pile-down") for a, b in zip(before.display, after.display,
                                                         strict=True)
               if b is not None and a != b)
    return out


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
    words = "" if small else limits_html(
        mat, p, marked, f"What {who.lower() if p == view.player else who} mat gives now")
    out = " · out" if view.out[p] else ""
    return (f'<section class="mm-mat{" small" if small else ""}" data-testid="mm-mat" '
            f'data-seat="{p}" aria-label="{esc(who)} mat: {mat.on_mat} cubes placed, '
            f'{mat.left} to go{out}">{bins}<ul class="mm-tracks">{"".join(cols)}</ul>'
            f"{two}{words}</section>")


def _short_track(t: int) -> str:
    return {0: "Three", 1: "Straight", 2: "Flush", 3: "Full House"}.get(t, TRACKS[t].name)


# The field: the table, scrolling inside itself above the dock ---------------------------------


def table_html(view: MachineView, ui: TurnUI, names: Sequence[str], *, interactive: bool,
               marked: frozenset[str] = frozenset()) -> str:
    """The table in the frame's field: the other players (and the mat of the one opened), the
    round and the piles, your mat as a summary (full size on request) and, at set-up, the
    pairs to choose from. The hand and the turn's buttons are the dock's (:func:`dock_html`).
    ``interactive`` False renders the controls disabled (not your turn, watched, over)."""
    ui = _sane(view, ui)
    live = _live(view, interactive)
    body = _players_html(view, ui, names, marked) + _counts_html(view)
    if view.phase == SETUP:  # the choice first, what the mat gives now under it
        body += _pairs_html(view, ui, names, live)
    body += _my_mat_html(view, ui, names, marked)
    root = "mm" + (" live" if live else "")
    return (f'<div class="{root}" data-testid="mm-table" data-phase="{view.phase}"'
            + attrs(data_hint=ui.hint if live else None) + f">{body}</div>")


def _live(view: MachineView, interactive: bool) -> bool:
    return interactive and view.phase != OVER and view.current == view.player


def _players_html(view: MachineView, ui: TurnUI, names: Sequence[str],
                  marked: frozenset[str]) -> str:
    """A chip per other player (tap: their mat opens below, headed with their name), and
    beside it what they took face up and the sets they played since your last action."""
    shown = {str(c) for c in view.hand} | {str(c) for c in view.display if c is not None}
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
        label = (f"{name} {count}; {mat.on_mat} cubes placed. "
                 + ("Hide the mat" if ui.opp == p else "Show the mat"))
        cls = "mm-opp" + (" current" if playing else "") + (" out" if view.out[p] else "")
        mini = "".join(
            f'<i class="mm-bar" data-vars="--f:{mat.filled[t] / len(TRACKS[t].sections):.2f}">'
            f"</i>" for t in range(len(TRACKS)))
        chip = _btn(f'<span class="mm-opp-name">{esc(name)}</span> '
                    f'<span class="mm-mini" aria-hidden="true">{mini}</span> '
                    f'<span class="mm-opp-n">{esc(count)}</span>', "mm-opp", cls=cls,
                    testid="mm-opp", aria_label=label, pressed=ui.opp == p, seat=p)
        items.append(f'<li class="mm-opp-row">{chip}{_news_html(p, name, marked, shown)}</li>')
    big = ""
    if ui.opp is not None and ui.opp != view.player:
        name = _name(names, ui.opp)
        big = (f'<section class="mm-oppmat" data-testid="mm-oppmat" aria-labelledby="mm-oppmat-h">'
               f'<div class="mm-oppmat-head"><h2 id="mm-oppmat-h">{esc(name)}’s mat</h2>'
               + _btn("Close", "mm-opp", cls="btn small", testid="mm-oppmat-close",
                      aria_label=f"Close {name}’s mat", seat=ui.opp)
               + "</div>" + mat_html(view, ui.opp, names, marked) + "</section>")
    return (f'<section class="mm-players" aria-label="The other players">'
            f'<ul class="mm-opps">{"".join(items)}</ul>{big}</section>')


def news(marked: frozenset[str], p: int) -> tuple[list[Card], list[Card]]:
    """What player ``p`` took face up and played (marks ``took<p>:<card>``, ``set<p>:<card>``)
    since the viewer last acted; a card both taken and played counts as played."""
    played = [Card.parse(k.split(":", 1)[1]) for k in sorted(marked)
              if k.startswith(f"set{p}:")]
    took = [Card.parse(k.split(":", 1)[1]) for k in sorted(marked)
            if k.startswith(f"took{p}:")]
    return [c for c in took if c not in played], list(S.sort_cards(played))


def _news_html(p: int, name: str, marked: frozenset[str], shown: set[str]) -> str:
    took, played = news(marked, p)
    took = [c for c in took if str(c) not in shown]  # a card is on the page once (flights)
    played = [c for c in played if str(c) not in shown]
    if not took and not played:
        return ""
    words = []
    if took:
        words.append(f"took {symbols(took)}")
    if played:
        words.append(f"played {symbols(played)}")
    faces = "".join(face(c, "mm-face mm-news-card", " marked") for c in took)
    if played:
        faces += ('<span class="mm-news-set">'
                  + "".join(face(c, "mm-face mm-news-card", " marked") for c in played)
                  + "</span>")
    return (f'<p class="mm-news" data-testid="mm-news" data-seat="{p}">'
            f'<span class="sr-only">{esc(name)} {esc(and_list(words))} since your last move'
            f"</span>{faces}</p>")


def _counts_html(view: MachineView) -> str:
    limit = f"of {view.max_rounds}" if view.max_rounds else "(no limit)"
    return (f'<p class="mm-counts" data-testid="mm-counts"><span data-testid="mm-round">Round '
            f"<b>{view.round}</b> {limit}</span> · <span>Deck <b data-testid=\"mm-deck\">"
            f"{view.deck_count}</b></span> · <span>Discards <b data-testid=\"mm-discards\">"
            f'{view.discard_count}</b><span class="sr-only"> (face down)</span></span></p>')


def _my_mat_html(view: MachineView, ui: TurnUI, names: Sequence[str],
                 marked: frozenset[str]) -> str:
    """Your mat as what it gives (draw, take, trade, the limits) and one line per track;
    the button shows it full size."""
    p = view.player
    mat = view.mats[p]
    gives = limits_html(mat, p, marked, "What your mat gives now")
    out = " · out" if view.out[p] else ""
    head = (f'<div class="mm-me-head"><h2 id="mm-me-h">Your mat</h2>'
            f'<p class="mm-bins"><span data-testid="mm-onmat">{mat.on_mat} on, '
            f'{mat.left} to go{out}</span> · <span data-testid="mm-supply">supply '
            f'<b>{mat.supply}</b>/{mat.cube_limit}</span> · <span data-testid="mm-pile">pile '
            f'<b>{mat.pile}</b></span></p>'
            + _btn("Less" if ui.mat else "Full", "mm-mat", cls="btn small", testid="mm-mat-size",
                   aria_label="Show your mat as a summary" if ui.mat
                   else "Show your mat full size", pressed=ui.mat)
            + "</div>")
    body = (mat_html(view, p, names, marked, small=True) if ui.mat
            else _tracks_line_html(view, p, marked))
    return (f'<section class="mm-me" data-testid="mm-me" aria-labelledby="mm-me-h">'
            f"{head}{gives}{body}</section>")


def _tracks_line_html(view: MachineView, p: int, marked: frozenset[str]) -> str:
    """One short row per track: its sections as small squares (filled, new, next) and its
    value now and next."""
    mat = view.mats[p]
    rows = []
    for t, track in enumerate(TRACKS):
        secs = "".join(
            f'<i class="mm-sq{" on" if s < mat.filled[t] else ""}'
            f'{" new" if f"p{p}.t{t}.s{s}" in marked else ""}'
            f'{" next" if s == mat.filled[t] else ""}" data-vars="--c:{sec.cubes}"></i>'
            for s, sec in enumerate(track.sections))
        nxt = mat.next_cost(t)
        if t == TWO_PAIR:
            now = f"{mat.filled[t]} of {len(track.sections)}"
            then = "full" if nxt is None else f"next {nxt}"
        else:
            now = str(mat.value(t))
            then = ("full" if nxt is None else
                    f"→ {track.sections[mat.filled[t]].value} for {nxt}")
        rows.append(f'<li class="mm-tl t-{track.id}"><span class="sr-only">'
                    f'{esc(track_label(mat, t))}</span><span class="mm-tl-name" '
                    f'aria-hidden="true">{esc(_short_track(t))}</span><span class="mm-tl-secs" '
                    f'aria-hidden="true">{secs}</span><span class="mm-tl-val" aria-hidden="true">'
                    f"<b>{esc(now)}</b> {esc(then)}</span></li>")
    return f'<ul class="mm-tl-list" data-testid="mm-tracks">{"".join(rows)}</ul>'


def _pair_gains(view: MachineView, a: int, b: int) -> str:
    """What a set-up pair would give the viewer ("trade 2 · draw 1 face-down"); nothing once
    the viewer has placed (and never past a track's last section)."""
    mat = view.mats[view.player]
    if view.setup[view.player] is not None:
        return ""
    after = PlayerMat(tuple(min(f + (t == a) + (t == b), len(TRACKS[t].sections))
                            for t, f in enumerate(mat.filled)), mat.supply, mat.pile)
    return " · ".join(text for (_k, text), (_, old) in zip(limits_words(after),
                                                            limits_words(mat), strict=True)
                      if text != old)


def _pair_label(a: int, b: int) -> str:
    return (_short_track(a) + " + " + _short_track(b) if a != b
            else f"{_short_track(a)} × 2")


def _pairs_html(view: MachineView, ui: TurnUI, names: Sequence[str], live: bool) -> str:
    """Set-up: the ten pairs, two to a row, each with what it gives; pairs already chosen say
    by whom. Tapping one chooses it; the dock's button places the cubes."""
    taken = {s: p for p, s in enumerate(view.setup) if s is not None}
    hinted = ui.hint.split(" ", 1)[1] if ui.hint and ui.hint.startswith("setup ") else None
    rows = []
    for a, b in combinations_with_replacement(ENGINE_TRACKS, 2):
        tracks = f"{TRACK_IDS[a]} {TRACK_IDS[b]}"
        why = None
        if (a, b) in taken:
            who = taken[(a, b)]
            whose = "You" if who == view.player else _name(names, who)
            why = f"{whose} chose {_pair_label(a, b)}: each player needs a different pair"
            small = f"{'yours' if who == view.player else f'{_name(names, who)}’s'}"
        else:
            small = _pair_gains(view, a, b)
        cls = "btn mm-pairbtn" + (" taken" if why else "") + (
            " hinted" if hinted == tracks else "")
        body = (f"<b>{esc(_pair_label(a, b))}</b>"
                + (f" <small>{esc(small)}</small>" if small else ""))
        rows.append("<li>" + _btn(body, "mm-pair", cls=cls, testid="mm-pair", live=live,
                                  why=why, pressed=ui.pair == tracks if not why else None,
                                  aria_label=(f"{TRACKS[a].name} + {TRACKS[b].name}"
                                              + (f": {small}" if small and not why else "")
                                              + (f" ({why})" if why else "")),
                                  tracks=tracks) + "</li>")
    cur = view.current
    head = ("Choose a pair for your set-up cubes" if cur == view.player
            else f"{_name(names, cur)} is placing set-up cubes")
    return (f'<section class="mm-setup" data-testid="mm-setup-panel" '
            f'aria-labelledby="mm-setup-h"><h2 id="mm-setup-h">{esc(head)}</h2>'
            f'<ul class="mm-pairs-list">{"".join(rows)}</ul></section>')


# The dock: the display, the hand and the turn's buttons, always in view ------------------------


def dock_html(view: MachineView, ui: TurnUI, names: Sequence[str], *, interactive: bool,
              marked: frozenset[str] = frozenset(), fresh: frozenset[str] = frozenset()
              ) -> str:
    """The frame's dock, under the message line: one line saying what the turn allows now (or
    what the selection is), the display with Draw (take cards), the hand, and the buttons of
    the turn, so the selected cards and Trade or Play are on the screen together. ``fresh``:
    the cards that came into the hand with the player's last action (marked)."""
    if view.phase == OVER:
        return ""
    ui = _sane(view, ui)
    live = _live(view, interactive)
    hinted = set(ui.picked) if ui.hint else set()
    cards = _picked_cards(view, ui)
    say = _say(view, ui, names, live, cards)
    top = f'<p class="mm-say" data-testid="mm-say">{say}</p>'
    hand = _hand_html(view, ui, live, hinted, fresh)
    if view.phase == SETUP:
        body = top + hand + _setup_buttons(view, ui, live)
    elif not live:
        body = top + _take_row(view, ui, False, marked) + hand
    elif view.phase == DISCARDING:
        body = top + hand + _discard_buttons(view, ui, cards)
    else:
        body = top + _take_row(view, ui, True, marked) + hand + _turn_buttons(view, ui, cards)
    return (f'<div class="mm mm-dock{" live" if live else ""}" data-testid="mm-dock" '
            f'data-phase="{view.phase}">{body}</div>')


def _sort_btns(ui: TurnUI) -> str:
    return (_btn("Suit" if ui.sort == "rank" else "Rank", "mm-sort", cls="btn small",
                 testid="mm-sort", aria_label=("Sort the hand by suit" if ui.sort == "rank"
                                               else "Sort the hand by rank"))
            + _btn("Sets", "mm-aid", cls="btn small", testid="mm-aid", pressed=ui.aid,
                   aria_label="Show the sets my hand holds"))


def _say(view: MachineView, ui: TurnUI, names: Sequence[str], live: bool,
         cards: Sequence[Card]) -> str:
    """The dock's one line (HTML): what the turn allows now, or what the selection is."""
    mat = view.mats[view.player]
    phase = view.phase
    if phase == SETUP:
        if view.current != view.player or not live:
            placed = view.setup[view.player] is not None
            return esc(f"{_name(names, view.current)} is placing set-up cubes."
                       + (" Yours are placed." if placed else ""))
        if ui.pair:
            a, b = sorted(TRACK_IDS.index(t) for t in ui.pair.split())
            gains = _pair_gains(view, a, b)
            return (f"<b>{esc(_pair_label(a, b))}</b>"
                    + (f": {esc(gains)}" if gains else "") + ". Place your cubes there?")
        return esc("Choose a pair above: your two set-up cubes go on the lowest section of "
                   "one or two tracks, and no two players may choose the same pair.")
    if not live:
        if view.out[view.player]:
            return esc("You are out: one cube left and no single-cube section free. "
                       "The others play on.")
        return esc(f"{_name(names, view.current)} is playing.")
    if phase == DISCARDING:
        over = len(view.hand) - mat.hand_limit
        return esc(f"Over your hand limit of {mat.hand_limit}: select "
                   f"{plural(over, 'card')} to discard face down.")
    if phase == TAKING:
        return esc(f"Taken: {view.drawn} of {mat.face_down_limit} face-down, {view.taken} of "
                   f"{mat.face_up_limit} face-up. Take more or stop.")
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
            reason = f" {_not_a_set(cards)}" if len(cards) == 3 else " tap Play to see why"
            return (f'<span data-testid="mm-what">Not a set:{esc(reason)}.</span> '
                    + esc(trade_words))
        return esc(f"{plural(len(cards), 'card')} selected. {trade_words}")
    first, why = ways[0]
    text = f'<b data-testid="mm-what">{esc(set_words(first.kind, first.cards))}</b>'
    if why is not None:
        return text + f': <span class="mm-why">not possible: {esc(why)}</span>'
    warn = _stuck_warning(mat, first)
    return (text + f" → {esc(_play_short(mat, first))}"
            + (f' <span class="mm-warn">Careful: {esc(warn)}</span>' if warn else ""))


def _take_row(view: MachineView, ui: TurnUI, live: bool, marked: frozenset[str]) -> str:
    """Take cards: Draw (face down, a pile you tap) and the display's four face-up cards;
    Stop once taking has begun."""
    mat = view.mats[view.player]
    phase = view.phase
    can_take = live and phase in (TURN, TAKING)
    hinted = ui.hint if live else None
    slots = []
    for i, c in enumerate(view.display):
        if c is None:
            slots.append('<li class="mm-slot empty" aria-label="empty slot"></li>')
            continue
        why = None
        if view.taken >= mat.face_up_limit:
            why = "Your Full House track allows no more face-up cards this turn"
        mark = " marked" if f"d{i}" in marked else ""
        hint = " hinted" if hinted == f"take {i + 1}" else ""
        slots.append("<li>" + _btn(face(c, "mm-face", mark), "mm-take",
                                   cls="mm-cardbtn" + hint, testid="mm-display",
                                   aria_label=f"{c.symbol} {c.name}, face up: take it"
                                   + (" (new on the display)" if mark else ""),
                                   live=can_take, why=why, slot=i, card=str(c)) + "</li>")
    draw_why = None
    if mat.face_down_limit == 0:
        draw_why = "your Flush track is empty: no face-down cards until it has a cube"
    elif view.taken:
        draw_why = "face-down cards come before face-up ones"
    elif view.drawn >= mat.face_down_limit:
        draw_why = f"your Flush track allows {plural(mat.face_down_limit, 'face-down card')}"
    count = (f"{view.drawn}/{mat.face_down_limit}" if phase == TAKING
             else f"up to {mat.face_down_limit}")
    draw = _btn(f'<span class="mm-draw-w">Draw</span> <small>{esc(count)}</small>', "mm-draw",
                cls="btn mm-drawbtn" + (" hinted" if hinted == "draw" else ""),
                testid="mm-draw", id_="mm-pile-down", live=can_take, why=draw_why,
                aria_label=f"Draw {count} face-down (deck {view.deck_count})")
    stop = (_btn("Stop taking", "mm-stop", cls="btn primary mm-stopbtn", testid="mm-stop")
            if live and phase == TAKING else "")
    return (f'<div class="mm-take-row" data-testid="mm-choice-take">{draw}'
            f'<ul class="mm-display" aria-label="Display, face up">{"".join(slots)}</ul>'
            f"{stop}</div>")


def _hand_html(view: MachineView, ui: TurnUI, live: bool, hinted: set[str],
               fresh: frozenset[str]) -> str:
    mat = view.mats[view.player]
    cards = []
    prev: Card | None = None
    for c in (view.hand[i] for i in hand_order(view.hand, ui.sort, ace_high=True)):
        on = str(c) in ui.picked
        gap = prev is not None and (prev.suit != c.suit if ui.sort == "suit"
                                    else prev.rank != c.rank)
        new = str(c) in fresh
        cls = ("mm-cardbtn mm-hcard" + (" gap" if gap else "")
               + (" hinted" if str(c) in hinted else ""))
        label = (f"{c.symbol} {c.name}" + (", just taken" if new else "")
                 + (", selected" if on else "") + (", hint" if str(c) in hinted else ""))
        cards.append(_btn(face(c, "mm-face", " fresh" if new else ""), "mm-card", cls=cls,
                          testid="mm-hand-card", aria_label=label, live=live, pressed=on,
                          card=str(c)))
        prev = c
    n = len(view.hand)
    empty = "" if cards else '<p class="mm-empty-hand">No cards</p>'
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
    return (f'<section class="mm-hand-box" aria-label="Your hand, {plural(n, "card")} of '
            f'{mat.hand_limit}">{aid}<div class="mm-hand-row">'
            f'<div class="mm-hand" role="group" data-testid="mm-hand" aria-label="Your hand, '
            f'{plural(n, "card")}, hand limit {mat.hand_limit}">{"".join(cards)}{empty}'
            f'<span class="mm-hand-n" aria-hidden="true">{n}/{mat.hand_limit}</span></div>'
            f'<div class="mm-head-btns">{_sort_btns(ui)}</div></div></section>')


def _hint_btn(live: bool) -> str:
    return _btn("Hint", "mm-hint", cls="btn", testid="mm-hint", live=live,
                aria_label="Hint: what would the Strong computer do?")


def _clear_btn(cards: Sequence[Card]) -> str:
    return (_btn("Clear", "mm-clear", cls="btn", testid="mm-clear",
                 aria_label="Clear the selection") if cards else "")


def _setup_buttons(view: MachineView, ui: TurnUI, live: bool) -> str:
    if not live:
        return ""
    tracks = ui.pair or ""
    label = "Place cubes"
    if ui.pair:
        a, b = sorted(TRACK_IDS.index(t) for t in ui.pair.split())
        label = f"Place on {_pair_label(a, b)}"
    place = _btn(esc(label), "mm-setup", cls="btn mm-main" + (" primary" if ui.pair else ""),
                 testid="mm-setup",
                 why=None if ui.pair else "Choose a pair of tracks above first",
                 tracks=tracks)
    return f'<div class="mm-actions">{place}{_hint_btn(live)}</div>'


def _discard_buttons(view: MachineView, ui: TurnUI, cards: Sequence[Card]) -> str:
    mat = view.mats[view.player]
    over = len(view.hand) - mat.hand_limit
    btn = _btn(f"Discard {plural(len(cards), 'card')}" if cards else "Discard",
               "mm-discard", cls="btn primary mm-main", testid="mm-discard",
               why=None if 0 < len(cards) <= over else f"Select {plural(over, 'card')}")
    return f'<div class="mm-actions">{btn}{_clear_btn(cards)}{_hint_btn(True)}</div>'


def _turn_buttons(view: MachineView, ui: TurnUI, cards: Sequence[Card]) -> str:
    """Trade the selection, Play it (one button per legal way), Clear, Hint; Stop trading."""
    mat = view.mats[view.player]
    phase = view.phase
    n = len(cards)
    ways = play_options(view, cards) if phase == TURN else []
    legal = [a for a, why in ways if why is None]
    trade_why = None
    if phase == TAKING:
        trade_why = "this turn you are taking cards"
    elif not cards:
        trade_why = "select the cards to trade"
    else:
        trade_why = trade_problem(mat, view.traded, n)
    btns = []
    if phase != TAKING:
        btns.append(_btn(f"Trade {plural(n, 'card')}" if n else "Trade", "mm-trade",
                         cls="btn" + (" primary" if n and not legal and trade_why is None
                                      else ""), testid="mm-trade", why=trade_why,
                         aria_label=(f"Trade {plural(n, 'card')} for "
                                     f"{plural(n, 'cube')}" if n else "Trade selected cards "
                                     "for cubes")))
    if phase == TURN and cards:
        if not legal:
            first, why = ways[0] if ways else (None, _not_a_set(cards))
            data = _play_data(first) if first is not None else {"kind": "none", "tracks": "",
                                                                "pile": "0"}
            btns.append(_btn("Play", "mm-play", cls="btn", testid="mm-play", why=why,
                             kind=data["kind"], tracks=data["tracks"], pile=data["pile"]))
        kinds = {a.kind for a in legal}
        primary = False
        for a in legal[:8]:
            warn = _stuck_warning(mat, a)
            cls = "btn mm-playbtn"
            if warn is None and not primary:
                cls += " primary"
                primary = True
            label = _way_label(a, legal, len(kinds) > 1)
            btns.append(_btn(esc(label) + (" ⚠" if warn else ""), "mm-play", cls=cls,
                             testid="mm-play",
                             aria_label=f"Play {_play_desc(mat, a)}"
                             + (f". Careful: {warn}" if warn else ""), kind=a.kind,
                             tracks=_tracks_text(a), pile=a.from_pile))
    if phase == TRADING:
        btns.append(_btn("Stop trading", "mm-stop", cls="btn", testid="mm-stop"))
    btns.append(_clear_btn(cards))
    btns.append(_hint_btn(True))
    return f'<div class="mm-actions">{"".join(btns)}</div>'


def _way_label(a: PlaySet, legal: Sequence[PlaySet], kinds: bool) -> str:
    """A play button's short label: "Play", or what tells the ways apart ("Play Straight
    Flush on Straight", "Play, 2 from pile")."""
    same = [b for b in legal if b.kind == a.kind]
    text = "Play"
    if kinds:
        text += f" {S.KIND_NAMES[a.kind]}"
    if len({b.tracks for b in same}) > 1:
        text += " on " + " + ".join(_short_track(t) for t in a.tracks)
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
    """The dock's few words for a play: "Full House 1 → 2, 1 cube" (each track's value now
    and after; cubes from the supply, and from the pile when it pays)."""
    parts = []
    for t in a.tracks:
        cost = mat.next_cost(t)
        if cost is None or t == TWO_PAIR:
            parts.append(TRACKS[t].name)
            continue
        then = TRACKS[t].sections[mat.filled[t]].value
        parts.append(f"{_short_track(t)} {mat.value(t)} → {then}")
    need = sum(mat.next_cost(t) or 0 for t in a.tracks)
    text = " and ".join(parts) + f", {plural(need, 'cube')}"
    if a.kind in PILE_KINDS:
        text += f" ({a.from_pile} from the pile)"
    return text


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
