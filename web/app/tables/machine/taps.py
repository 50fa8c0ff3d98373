"""What a tap or a key means on the Machine table: a new UI state and the engine actions to
apply (all or nothing; ``finish`` ends a trading or taking step). No HTML here."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace

from app.kit import Tap, plural
from app.tables.machine.selection import _default_tracks, not_a_set, play_data, play_options
from app.tables.machine.turn import MachineTurnUI, TurnTap, picked_cards, sane
from app.tables.machine.words import set_words
from engine.games.machine import sets as S
from engine.games.machine.mat import TRACK_IDS
from engine.games.machine.rules import (
    OVER,
    SETUP,
    Discard,
    Draw,
    MachineAction,
    MachineView,
    PlaySet,
    Setup,
    Stop,
    TakeUp,
    Trade,
    trade_problem,
)


def _refuse(ui: MachineTurnUI, message: str) -> TurnTap:
    return Tap(ui, (), message, refusal=True)


def _done(ui: MachineTurnUI, actions: Sequence[MachineAction], finish: bool = False) -> TurnTap:
    return Tap(ui.cleared(), tuple(actions), finish=finish)


Data = Mapping[str, str]


def _sort(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    return Tap(replace(ui, sort="suit" if ui.sort == "rank" else "rank"))


def _aid(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    return Tap(replace(ui, aid=not ui.aid))


def _opp(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    try:
        seat = int(data.get("seat", ""))
    except ValueError:
        return _refuse(ui, "That player is not at the table")
    return Tap(replace(ui, opp=None if ui.opp == seat else seat))


def _mat(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    return Tap(replace(ui, mat=not ui.mat))


def _clear(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    return Tap(replace(ui, picked=()), (), "Selection cleared." if ui.picked else None)


def _selected(view: MachineView, ui: MachineTurnUI) -> TurnTap:
    """A new selection, named when it is a set the player may play ("Full House, kings over
    fours."): what a screen reader hears, as the dock's line shows it."""
    ways = [a for a, why in play_options(view, picked_cards(view, ui)) if why is None]
    return Tap(ui, (), f"{set_words(ways[0].kind, ways[0].cards)}." if ways else None)


def _card(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    card = data.get("card", "")
    if card not in {str(c) for c in view.hand}:
        return _refuse(ui, "That card is no longer in your hand")
    picked = (tuple(t for t in ui.picked if t != card) if card in ui.picked
              else (*ui.picked, card))
    return _selected(view, replace(ui, picked=picked))


def _pick(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    texts = tuple(data.get("cards", "").split())
    return _selected(view, replace(ui, picked=tuple(t for t in texts
                                                    if t in {str(c) for c in view.hand})))


def _pair_or_setup(view: MachineView, ui: MachineTurnUI, data: Data, place: bool) -> TurnTap:
    try:
        a, b = sorted(TRACK_IDS.index(t) for t in data.get("tracks", "").split())
    except ValueError:
        return _refuse(ui, "Choose a pair of tracks above first")
    taken = (a, b) in {s for s in view.setup if s is not None}
    if not place and not taken:  # chosen, placed by the dock's button
        return Tap(replace(ui, pair=f"{TRACK_IDS[a]} {TRACK_IDS[b]}"))
    return _done(ui, [Setup((a, b))])  # a taken pair: the engine says why not


def _pair(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    return _pair_or_setup(view, ui, data, place=False)


def _setup(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    return _pair_or_setup(view, ui, data, place=True)


def _draw(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    return Tap(replace(ui, hint=None, hint_text=None), (Draw(),))


def _take(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    try:
        slot = int(data.get("slot", ""))
    except ValueError:
        return _refuse(ui, "That display slot is empty")
    return Tap(replace(ui, hint=None, hint_text=None), (TakeUp(slot),))


def _stop(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    return _done(ui, [Stop()])


def _trade(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    cards = picked_cards(view, ui)
    if not cards:
        return _refuse(ui, "Select the cards to trade first: each brings one cube from "
                           "your general pile to your supply")
    why = trade_problem(view.mats[view.player], view.traded, len(cards))
    if why is not None:  # checked whole: a trade that meets a limit ends the turn
        return _refuse(ui, why[0].upper() + why[1:])
    return _done(ui, [Trade(c) for c in cards], finish=True)


def _discard(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    cards = picked_cards(view, ui)
    over = len(view.hand) - view.mats[view.player].hand_limit
    if not cards:
        return _refuse(ui, f"Select {plural(over, 'card')} to discard")
    if len(cards) > over:
        return _refuse(ui, f"Discard only {plural(over, 'card')}: your hand limit is "
                           f"{view.mats[view.player].hand_limit}")
    return _done(ui, [Discard(c) for c in cards])


def _play(view: MachineView, ui: MachineTurnUI, data: Data) -> TurnTap:
    cards = picked_cards(view, ui)
    kind = data.get("kind", "")
    if not cards:
        return _refuse(ui, "Select the cards of a set first")
    if kind not in S.KINDS:
        return _refuse(ui, not_a_set(cards))
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


Handler = Callable[[MachineView, MachineTurnUI, Data], TurnTap]
# taps that only change what is shown: answered whoever's turn it is, and after the game
ANY_TIME: dict[str, Handler] = {"mm-sort": _sort, "mm-aid": _aid, "mm-opp": _opp,
                                "mm-mat": _mat, "mm-clear": _clear}
# taps on the player's own turn
ON_TURN: dict[str, Handler] = {
    "mm-card": _card, "mm-pick": _pick, "mm-setup": _setup, "mm-pair": _pair,
    "mm-draw": _draw, "mm-take": _take, "mm-stop": _stop, "mm-trade": _trade,
    "mm-discard": _discard, "mm-play": _play}


def tap(view: MachineView, ui: MachineTurnUI, action: str, data: Mapping[str, str]) -> TurnTap:
    """What a tap does: a new UI state and the engine actions to apply (the shell applies them
    all or nothing, keeps the old UI state when the engine refuses, and with ``finish`` ends a
    trading or taking step that the engine has not ended by itself)."""
    ui = sane(view, ui)
    shown = ANY_TIME.get(action)
    if shown is not None:
        return shown(view, ui, data)
    if view.phase == OVER:
        return _refuse(ui, "The game is over")
    if view.current != view.player:
        return _refuse(ui, "It is not your turn")
    turn = ON_TURN.get(action)
    if turn is None:
        return _refuse(ui, "That does nothing here")
    return turn(view, ui, data)


KEYS = {"d": "mm-draw", "s": "mm-stop", "t": "mm-trade", "x": "mm-discard", "o": "mm-sort",
        "a": "mm-aid", "m": "mm-mat"}


def key(view: MachineView, ui: MachineTurnUI, key: str) -> TurnTap | None:
    """Keyboard (the rules page's Keys): D draw, S stop, T trade the selection, X discard the
    selection, P play the selection (its first way) or, at set-up, place the cubes on the pair
    chosen, O sort, A the sets aid, M the whole mat, Escape clear the selection (else the pair
    chosen, else close another's mat). None: the key is not ours (H, the hint, is the
    board's)."""
    if key == "Escape":
        return _escape(ui)
    k = key.lower() if len(key) == 1 else key
    if k == "p" and view.phase == SETUP:
        return tap(view, ui, "mm-setup", {"tracks": ui.pair or ""})
    if k == "p":
        ways = play_options(view, picked_cards(view, sane(view, ui)))
        if not ways:
            return tap(view, ui, "mm-play", {})
        a = ways[0][0]
        return tap(view, ui, "mm-play", play_data(a))
    name = KEYS.get(k)
    return None if name is None else tap(view, ui, name, {})


def _escape(ui: MachineTurnUI) -> TurnTap | None:
    """Escape steps back from what is chosen: the cards selected, else the set-up pair, else
    another player's mat shown; each said (None: nothing was)."""
    if ui.picked:
        return Tap(replace(ui, picked=(), hint=None, hint_text=None), (),
                   "Selection cleared.")
    if ui.pair:
        return Tap(replace(ui, pair=None, hint=None, hint_text=None), (), "No pair chosen.")
    if ui.opp is not None:
        return Tap(replace(ui, opp=None), (), "Mat closed.")
    return None
