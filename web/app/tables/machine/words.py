"""What the Machine table says: sets, limits, tracks, set-up pairs and actions in words, for
the screen reader, the message line and the Hint, in one place so they read alike."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import plural, rank_word, symbols
from engine.cards import SUIT_NAMES, Card
from engine.games.machine import sets as S
from engine.games.machine.mat import TRACKS, TWO_PAIR
from engine.games.machine.rules import (
    PILE_KINDS,
    TAKING,
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
)


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


def player_name(names: Sequence[str], p: int) -> str:
    return names[p] if p < len(names) else f"Player {p + 1}"


def short_track(t: int) -> str:
    return {0: "Three", 1: "Straight", 2: "Flush", 3: "Full House"}.get(t, TRACKS[t].name)


def pair_gains(view: MachineView, a: int, b: int) -> str:
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


def pair_label(a: int, b: int) -> str:
    return (short_track(a) + " + " + short_track(b) if a != b
            else f"{short_track(a)} × 2")
