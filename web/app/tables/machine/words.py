"""What the Machine table says: sets, limits, tracks, set-up pairs and actions in words, for
the screen reader, the message line and the Hint, in one place so they read alike."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import and_list, plural, rank_word
from engine.cards import SUIT_NAMES, Card
from engine.games.machine import sets as S
from engine.games.machine.mat import TRACKS, TWO_PAIR
from engine.games.machine.rules import (
    DISCARDING,
    PILE_KINDS,
    TAKING,
    TRADING,
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
    """(key, words) of what the mat gives now: "draw 2 cards face down", "hand limit 7"..."""
    v = limits(mat)
    return [("draw", f"draw {plural(v['draw'], 'card')} face down"),
            ("take", f"take {plural(v['take'], 'card')} face up"),
            ("trade", f"trade {plural(v['trade'], 'card')}"),
            ("hand", f"hand limit {v['hand']}"),
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


def track_row_words(mat: PlayerMat, t: int) -> tuple[str, str]:
    """A track's short row on the mat summary, words first: ("value 4", "2 cubes make it 5")
    for an engine track, ("1 of 6 filled", "next 2 cubes") for Two Pair, "full" once it is (never
    "4 → 5 for 2")."""
    track = TRACKS[t]
    nxt = mat.next_cost(t)
    if t == TWO_PAIR:
        return (f"{mat.filled[t]} of {len(track.sections)} filled",
                "full" if nxt is None else f"next {plural(nxt, 'cube')}")
    if nxt is None:
        return f"value {mat.value(t)}", "full"
    makes = "makes" if nxt == 1 else "make"
    return (f"value {mat.value(t)}",
            f"{plural(nxt, 'cube')} {makes} it {track.sections[mat.filled[t]].value}")


def action_words(view: MachineView, action: MachineAction) -> str:
    """One step in words, for the Hint: "play Full House, kings over fours"."""
    if isinstance(action, Draw):
        return "draw a face-down card"
    if isinstance(action, TakeUp):
        c = view.display[action.slot] if 0 <= action.slot < len(view.display) else None
        return f"take the {c.name if c else 'face-up card'} from the display"
    if isinstance(action, Stop):
        return "stop taking cards" if view.phase == TAKING else "stop trading"
    if isinstance(action, Discard):
        return f"discard the {action.card.name}"
    if isinstance(action, Trade):
        return f"trade the {action.card.name} for a cube"
    if isinstance(action, Setup):
        return "place the set-up cubes on " + tracks_words(action.tracks)
    if isinstance(action, PlaySet):
        where = " and ".join(TRACKS[t].name for t in action.tracks)
        pile = (f", {action.from_pile} from the general pile" if action.kind in PILE_KINDS
                else "")
        return f"play {set_words(action.kind, action.cards)} on {where}{pile}"
    return str(action)


def tracks_words(tracks: Sequence[int]) -> str:
    """A set-up's two tracks in words: "Straight and Flush", "both on Three of a Kind"."""
    a, b = tracks[0], tracks[-1]
    return f"both on {TRACKS[a].name}" if a == b else f"{TRACKS[a].name} and {TRACKS[b].name}"


def cards_words(cards: Sequence[Card]) -> str:
    """"the seven of hearts", "the seven of hearts and the two of clubs"."""
    return and_list([f"the {c.name}" for c in cards])


def hand_count(n: int, limit: int) -> str:
    """A hand's size and limit in words: "6 cards, 5 allowed" (never "6/5")."""
    return f"{plural(n, 'card')}, {limit} allowed"


def taking_words(view: MachineView, done: bool = True) -> str:
    """What a player taking cards has done (``done``) and may still do, in words: "You drew
    1 card face down. You may draw 1 more card face down or take 2 cards face up, or stop."
    (never "Taken: 1 of 2 face-down")."""
    mat = view.mats[view.player]
    did = []
    if view.drawn:
        did.append(f"drew {plural(view.drawn, 'card')} face down")
    if view.taken:
        did.append(f"took {plural(view.taken, 'card')} face up")
    down = 0 if view.taken else max(mat.face_down_limit - view.drawn, 0)
    up = max(mat.face_up_limit - view.taken, 0)
    more = []
    if down:
        more.append(f"draw {plural(down, 'more card' if view.drawn else 'card')} face down")
    if up:
        more.append(f"take {plural(up, 'more card' if view.taken else 'card')} face up")
    head = f"You {and_list(did)}. " if did and done else ""
    if not more:
        return head + "You may take no more cards."
    return head + f"You may {' or '.join(more)}, or stop."


def own_step_words(before: MachineView, after: MachineView,
                   actions: Sequence[MachineAction]) -> str:
    """What the player's own step did, said on the message line (a screen reader hears it):
    "You drew the seven of hearts face down.", "You traded 2 cards for 2 cubes: 4 in your
    supply.", "You played Full House, kings over fours: your Full House track is now 3."
    Then what the turn still asks, while it is still the player's."""
    me = before.player
    m1 = after.mats[me]
    got = [c for c in after.hand if c not in before.hand]
    said: list[str] = []
    trades = [a.card for a in actions if isinstance(a, Trade)]
    discards = [a.card for a in actions if isinstance(a, Discard)]
    for a in actions:
        if isinstance(a, Setup):
            said.append(f"You placed your set-up cubes: {tracks_words(a.tracks)}.")
        elif isinstance(a, Draw):
            drawn = [c for c in got if c not in before.display]
            said.append(f"You drew {cards_words(drawn[-1:]) or 'a card'} face down.")
        elif isinstance(a, TakeUp):
            c = before.display[a.slot] if 0 <= a.slot < len(before.display) else None
            said.append(f"You took the {c.name if c else 'face-up card'} from the display.")
        elif isinstance(a, PlaySet):
            where = and_list([f"your {TRACKS[t].name} track is now {m1.value(t)}"
                              if t != TWO_PAIR else "2 cubes went on your Two Pair area"
                              for t in a.tracks])
            said.append(f"You played {set_words(a.kind, a.cards)}: {where}.")
        elif isinstance(a, Stop) and before.phase == TAKING:
            said.append("You stopped taking cards.")
    if trades:
        said.append(f"You traded {plural(len(trades), 'card')} for "
                    f"{plural(len(trades), 'cube')}: {m1.supply} in your supply.")
    if discards:
        said.append(f"You discarded {cards_words(discards)}.")
    if after.current == me and after.phase == TAKING:
        said.append(taking_words(after, done=False))
    elif after.current == me and after.phase == DISCARDING:
        over = len(after.hand) - m1.hand_limit
        said.append(f"Your hand is over its limit of {m1.hand_limit}: discard "
                    f"{plural(over, 'card')}.")
    elif after.current == me and after.phase == TRADING:
        said.append(f"You may trade {plural(m1.trade_limit - after.traded, 'more card')}, "
                    "or stop trading.")
    return " ".join(said)


def player_name(names: Sequence[str], p: int) -> str:
    return names[p] if p < len(names) else f"Player {p + 1}"


def short_track(t: int) -> str:
    return {0: "Three", 1: "Straight", 2: "Flush", 3: "Full House"}.get(t, TRACKS[t].name)


def pair_gains(view: MachineView, a: int, b: int) -> str:
    """What a set-up pair would give the viewer ("trade 2 cards · draw 1 card face down");
    nothing once the viewer has placed (and never past a track's last section)."""
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
