"""Perpetual-Motion Machine: the rules of the seed rulebook as RULINGS.md section 3 settles them.

Players build an engine of cubes with poker sets: each set moves cubes from the personal supply
onto one track of the player's mat, and filled sections raise the track's limit (cards traded
for cubes, hand and cube limit, face-down draws, face-up takes). The first player with every
cube on the mat wins; a player left with one cube and no single-cube section is out; if
everybody is out, everybody loses.

Multi-step decisions are phases of the state so that the legal list stays small and a touch
screen can drive them one tap at a time:

* ``setup``: in reverse turn order each player names the (unordered) pair of tracks for the two
  set-up cubes; no two players may name the same pair.
* ``turn``: the start of a turn. ``draw`` (face-down card), ``take 2`` (display slot 2) start
  Take Cards; ``trade 7H`` starts Trade Cards for Cubes; ``play ...`` plays one set.
* ``taking``: more ``draw`` (only before any face-up card) and ``take k`` up to the Flush and
  Full House limits, or ``stop``. When nothing more may be taken, taking ends by itself.
* ``discarding``: ``discard 7H`` one card at a time until the hand limit is met; then the
  display is refilled and the turn passes.
* ``trading``: more ``trade 7H`` up to the Three of a Kind limit, or ``stop``.

This edition adds one rule the seed does not have (see the rules page): a round limit, after
which the player with the fewest cubes off the mat wins, so that every game ends.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations_with_replacement
from typing import Any, ClassVar

from engine.cards import (
    Card,
    check_single_deck,
    parse_cards,
    redeal_unseen,
    shuffled,
    standard_deck,
)
from engine.data import Reader, check_int, read_card
from engine.errors import InvalidConfig, InvalidState, ParseError
from engine.games.machine import sets as S
from engine.games.machine.info import DEFAULT_MAX_ROUNDS, INFO, MAX_MAX_ROUNDS
from engine.games.machine.mat import (
    CUBES_IN_BOX,
    CUBES_PER_PLAYER,
    DISPLAY_SLOTS,
    ENGINE_TRACKS,
    FLUSH,
    FULL_HOUSE,
    PREFIX,
    SETUP_CUBES,
    START_HAND,
    START_SUPPLY,
    STRAIGHT,
    THREE,
    TRACK_IDS,
    TRACKS,
    TWO_PAIR,
)
from engine.protocol import (
    PUBLIC,
    Game,
    GameInfo,
    JSONDict,
    Outcome,
    SoakProfile,
)

SETUP, TURN, TAKING, DISCARDING, TRADING, OVER = (
    "setup", "turn", "taking", "discarding", "trading", "over")
PHASES = (SETUP, TURN, TAKING, DISCARDING, TRADING, OVER)
WON, STUCK, LIMIT = "won", "everybody-stuck", "round-limit"
RESULTS = (WON, STUCK, LIMIT)

# Which track each kind of set places its cubes on, and whether the general pile may pay.
KIND_TRACK: dict[str, int] = {
    S.THREE: THREE, S.STRAIGHT: STRAIGHT, S.FLUSH: FLUSH, S.FULL_HOUSE: FULL_HOUSE,
    S.TWO_PAIR: TWO_PAIR, S.FOUR: TWO_PAIR,
}
DOUBLE_KINDS = (S.STRAIGHT_FLUSH, S.ROYAL_FLUSH)  # advance the Straight and Flush tracks
PILE_KINDS = (S.FOUR, S.ROYAL_FLUSH)  # cubes may come from the general pile


# --- values ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MachineConfig:
    """Player count and the edition's round limit (0: no limit)."""

    players: int = 2
    max_rounds: int = DEFAULT_MAX_ROUNDS

    def to_dict(self) -> JSONDict:
        return {"players": self.players, "max_rounds": self.max_rounds}


@dataclass(frozen=True)
class PlayerMat:
    """One player's cubes: sections filled per track (in TRACKS order), supply and general pile."""

    filled: tuple[int, ...]
    supply: int
    pile: int

    @property
    def on_mat(self) -> int:
        f = self.filled
        return (PREFIX[0][f[0]] + PREFIX[1][f[1]] + PREFIX[2][f[2]] + PREFIX[3][f[3]]
                + PREFIX[4][f[4]])

    @property
    def left(self) -> int:
        """Cubes not yet on the mat (personal supply + general pile)."""
        return self.supply + self.pile

    def value(self, track: int) -> int:
        v = TRACKS[track].value(self.filled[track])
        return 0 if v is None else v

    @property
    def trade_limit(self) -> int:
        return self.value(THREE)

    @property
    def hand_limit(self) -> int:
        return self.value(STRAIGHT)

    @property
    def cube_limit(self) -> int:
        return self.value(STRAIGHT)

    @property
    def face_down_limit(self) -> int:
        return self.value(FLUSH)

    @property
    def face_up_limit(self) -> int:
        return self.value(FULL_HOUSE)

    def next_cost(self, track: int) -> int | None:
        """Cubes the next empty section of ``track`` needs, or None when the track is full."""
        t = TRACKS[track]
        f = self.filled[track]
        return t.sections[f].cubes if f < len(t.sections) else None

    def place(self, track: int, from_supply: int, from_pile: int) -> PlayerMat:
        filled = list(self.filled)
        filled[track] += 1
        return PlayerMat(tuple(filled), self.supply - from_supply, self.pile - from_pile)

    @property
    def stuck(self) -> bool:
        """Exactly one cube left and no empty single-cube section: this player can never finish."""
        return self.left == 1 and all(self.next_cost(t) != 1 for t in range(len(TRACKS)))

    def to_dict(self) -> JSONDict:
        return {"filled": {tid: f for tid, f in zip(TRACK_IDS, self.filled, strict=True)},
                "supply": self.supply, "pile": self.pile}


@dataclass(frozen=True)
class Setup:
    """Place the two set-up cubes on the lowest empty sections of these tracks (sorted)."""

    tracks: tuple[int, int]

    def __str__(self) -> str:
        return "setup " + " ".join(TRACK_IDS[t] for t in self.tracks)


@dataclass(frozen=True)
class Draw:
    """Take the top card of the face-down deck (Take Cards)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class TakeUp:
    """Take the face-up card in display slot ``slot`` (0-based; text form is 1-based)."""

    slot: int

    def __str__(self) -> str:
        return f"take {self.slot + 1}"


@dataclass(frozen=True)
class Stop:
    """Stop taking cards or trading cards this turn."""

    def __str__(self) -> str:
        return "stop"


@dataclass(frozen=True)
class Discard:
    """Discard one card face down (down to the hand limit after Take Cards)."""

    card: Card

    def __str__(self) -> str:
        return f"discard {self.card}"


@dataclass(frozen=True)
class Trade:
    """Trade one card for one cube from the general pile to the personal supply."""

    card: Card

    def __str__(self) -> str:
        return f"trade {self.card}"


@dataclass(frozen=True)
class PlaySet:
    """Play a set and place its cubes.

    ``cards`` are canonically sorted; ``tracks`` are the tracks that get a section (only a
    Straight Flush or Royal Flush has a choice); ``from_pile`` is how many of the cubes come from
    the general pile (only Four of a Kind and Royal Flush may use it).
    """

    kind: str
    cards: tuple[Card, ...]
    tracks: tuple[int, ...]
    from_pile: int = 0

    def __str__(self) -> str:
        text = f"play {self.kind} " + " ".join(str(c) for c in self.cards)
        if self.kind in DOUBLE_KINDS:
            text += " on " + "+".join(TRACK_IDS[t] for t in self.tracks)
        if self.kind in PILE_KINDS:
            text += f" pile {self.from_pile}"
        return text


MachineAction = Setup | Draw | TakeUp | Stop | Discard | Trade | PlaySet


@dataclass(frozen=True)
class MachineState:
    """A game in progress (plain data; see the module docstring for the phases).

    ``deck``: face-down draw deck, top first. ``display``: the four face-up slots (None when a
    slot is empty mid-turn or the cards ran out). ``discard``: face-down discard pile.
    ``drawn``/``taken``/``traded`` count this turn's steps. ``round`` counts from 1 and goes up
    when play passes back to the first seat. ``seed``/``shuffles`` make reshuffles reproducible.
    """

    players: int
    max_rounds: int
    deck: tuple[Card, ...]
    display: tuple[Card | None, ...]
    discard: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    mats: tuple[PlayerMat, ...]
    setup: tuple[tuple[int, int] | None, ...]
    out: tuple[bool, ...]
    phase: str
    current: int
    round: int = 1
    drawn: int = 0
    taken: int = 0
    traded: int = 0
    turns: int = 0
    seed: int = 0
    shuffles: int = 0
    result: str | None = None
    winners: tuple[int, ...] = ()


@dataclass(frozen=True)
class MachineView:
    """What ``player`` sees: their own hand, every mat, the display, counts of hidden cards."""

    player: int
    players: int
    max_rounds: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    discard_count: int
    display: tuple[Card | None, ...]
    mats: tuple[PlayerMat, ...]
    setup: tuple[tuple[int, int] | None, ...]
    out: tuple[bool, ...]
    phase: str
    current: int
    round: int
    drawn: int
    taken: int
    traded: int
    turns: int
    shuffles: int
    result: str | None
    winners: tuple[int, ...]

    def to_dict(self) -> JSONDict:
        return {
            "player": self.player,
            "players": self.players,
            "max_rounds": self.max_rounds,
            "hand": [str(c) for c in self.hand],
            "hand_counts": list(self.hand_counts),
            "deck_count": self.deck_count,
            "discard_count": self.discard_count,
            "display": [None if c is None else str(c) for c in self.display],
            "mats": [m.to_dict() for m in self.mats],
            "setup": [None if s is None else [TRACK_IDS[t] for t in s] for s in self.setup],
            "out": list(self.out),
            "phase": self.phase,
            "current": self.current,
            "round": self.round,
            "drawn": self.drawn,
            "taken": self.taken,
            "traded": self.traded,
            "turns": self.turns,
            "shuffles": self.shuffles,
            "result": self.result,
            "winners": list(self.winners),
        }


# --- helpers --------------------------------------------------------------------------------


def placements(kind: str, mat: PlayerMat) -> list[tuple[tuple[int, ...], int]]:
    """The ways a set of ``kind`` may place cubes on ``mat``: (tracks, cubes from the pile).

    Empty when the set cannot be played (track full, or too few cubes): the exact-cube rule.
    """
    use_pile = kind in PILE_KINDS
    avail = mat.supply + (mat.pile if use_pile else 0)
    if kind in DOUBLE_KINDS:
        costs = {t: mat.next_cost(t) for t in (STRAIGHT, FLUSH)}
        open_tracks = [t for t, c in costs.items() if c is not None]
        options: list[tuple[int, ...]]
        total = sum(c for c in costs.values() if c is not None)
        if len(open_tracks) == 2 and total <= avail:
            options = [(STRAIGHT, FLUSH)]
        else:
            options = [(t,) for t in open_tracks if (costs[t] or 0) <= avail]
    else:
        track = KIND_TRACK[kind]
        cost = mat.next_cost(track)
        options = [(track,)] if cost is not None and cost <= avail else []
    out: list[tuple[tuple[int, ...], int]] = []
    for tracks in options:
        need = sum(mat.next_cost(t) or 0 for t in tracks)
        if use_pile:
            for k in range(max(0, need - mat.supply), min(need, mat.pile) + 1):
                out.append((tracks, k))
        else:
            out.append((tracks, 0))
    return out


def set_actions(hand: Sequence[Card], mat: PlayerMat) -> list[PlaySet]:
    """Every set the player may play now, type by type."""
    out: list[PlaySet] = []
    for kind in S.KINDS:
        ways = placements(kind, mat)
        if not ways:
            continue
        for cards in S.generate(kind, hand):
            for tracks, pile in ways:
                out.append(PlaySet(kind, cards, tracks, pile))
    return out


def set_problem(hand: Sequence[Card], mat: PlayerMat, action: PlaySet) -> str | None:
    """Why this set cannot be played from this hand on this mat (None: it can), in the
    player's words: what a screen shows before the tap, from the same rules as the refusal."""
    if (all(c in hand for c in action.cards) and len(set(action.cards)) == len(action.cards)
            and action.kind in S.KINDS and S.is_kind(action.kind, action.cards)
            and (action.tracks, action.from_pile) in placements(action.kind, mat)):
        return None
    return GAME._set_reason(hand, mat, action)


def trade_problem(mat: PlayerMat, traded: int, count: int = 1) -> str | None:
    """Why ``count`` more cards cannot be traded this turn, after ``traded`` (None: they can),
    in the player's words. A trade that meets a limit ends the turn, so a screen must check
    the whole selection before its first card goes: the engine then judges the rest against
    the next player's hand."""
    room = min(mat.trade_limit - traded, mat.cube_limit - mat.supply, mat.pile)
    if count <= room:
        return None
    if mat.pile == 0:
        return "your general pile has no cubes left to trade for"
    if mat.supply >= mat.cube_limit:
        return f"your personal supply is at its cube limit of {mat.cube_limit}"
    if room <= 0:
        return (f"your Three of a Kind track allows trading "
                f"{_plural(mat.trade_limit, 'card')} a turn")
    if room == mat.pile and room < mat.trade_limit - traded:
        why = f"your general pile has {_plural(mat.pile, 'cube')} left"
    elif room == mat.cube_limit - mat.supply and room < mat.trade_limit - traded:
        why = (f"your personal supply has room for {_plural(room, 'more cube')} (cube limit "
               f"{mat.cube_limit})")
    else:
        why = (f"your Three of a Kind track allows trading "
               f"{_plural(mat.trade_limit, 'card')} a turn")
    return f"you may trade {_plural(room, 'more card')}: {why}"


def apply_set(mat: PlayerMat, action: PlaySet) -> PlayerMat:
    """The mat after placing the cubes of a legal set (supply pays what the pile does not)."""
    pile_left = action.from_pile
    for t in action.tracks:
        cost = mat.next_cost(t) or 0
        from_pile = min(cost, pile_left)
        pile_left -= from_pile
        mat = mat.place(t, cost - from_pile, from_pile)
    return mat


def _track_name(t: int) -> str:
    return TRACKS[t].name


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


# --- the rules ------------------------------------------------------------------------------


class Machine(Game[MachineConfig, MachineState, MachineAction, MachineView]):
    """The rules object: every method takes and returns values.

    An instance remembers the legal actions of the last state asked about (explain_illegal
    lists them too): states are immutable, and holding the state keeps its identity from
    being reused by another, so the answer can never be stale.
    """

    # 0 (no limit) rarely: with random players such a game may not end for a long time
    soak: ClassVar[SoakProfile] = SoakProfile(
        option_values={"max_rounds": (150, 150, 1, 2, 5, 20, 60, 0)})

    def __init__(self) -> None:
        self._last_legal: tuple[MachineState, tuple[MachineAction, ...]] | None = None

    info: ClassVar[GameInfo] = INFO

    # --- set-up ---
    def default_config(self, players: int | None = None) -> MachineConfig:
        n = 2 if players is None else players
        if n not in CUBES_PER_PLAYER:
            raise InvalidConfig(f"Perpetual-Motion Machine is for 2 to 4 players, not {n}")
        return MachineConfig(players=n)

    def config_from_dict(self, data: object) -> MachineConfig:
        try:
            r = Reader(data, "config")
            players = r.integer("players", 2, 4) if r.has("players") else 2
            rounds = (r.integer("max_rounds", 0, MAX_MAX_ROUNDS) if r.has("max_rounds")
                      else DEFAULT_MAX_ROUNDS)
        except InvalidState as e:
            raise InvalidConfig(str(e)) from None
        return MachineConfig(players, rounds)

    def new_game(self, config: MachineConfig, rng: random.Random) -> MachineState:
        return self._start(config, shuffled(standard_deck(), rng), rng.randrange(2**31))

    def new_game_from_deck(self, config: MachineConfig, deck: Sequence[str],
                           seed: int = 0) -> MachineState:
        cards = parse_cards(deck)
        check_single_deck(cards)
        return self._start(config, cards, seed)

    def _start(self, config: MachineConfig, deck: Sequence[Card], seed: int) -> MachineState:
        n = config.players
        if n not in CUBES_PER_PLAYER:
            raise InvalidConfig(f"Perpetual-Motion Machine is for 2 to 4 players, not {n}")
        if not 0 <= config.max_rounds <= MAX_MAX_ROUNDS:
            raise InvalidConfig(f"max_rounds must be 0..{MAX_MAX_ROUNDS}")
        cards = list(deck)
        # Deal three cards to each player, one at a time starting with the first player.
        hands: list[list[Card]] = [[] for _ in range(n)]
        for i in range(START_HAND * n):
            hands[i % n].append(cards[i])
        rest = cards[START_HAND * n:]
        display = tuple(rest[:DISPLAY_SLOTS])
        cubes = CUBES_PER_PLAYER[n]
        mat = PlayerMat((0,) * len(TRACKS), START_SUPPLY, cubes - START_SUPPLY)
        return MachineState(
            players=n, max_rounds=config.max_rounds, deck=tuple(rest[DISPLAY_SLOTS:]),
            display=display, discard=(), hands=tuple(tuple(h) for h in hands),
            mats=(mat,) * n, setup=(None,) * n, out=(False,) * n, phase=SETUP,
            current=n - 1, seed=seed,
        )

    # --- queries ---
    def current_player(self, state: MachineState) -> int | None:
        return None if state.phase == OVER else state.current

    def can_draw(self, state: MachineState) -> bool:
        """Whether a face-down card may be drawn now (phase limits and cards to draw)."""
        mat = state.mats[state.current]
        return (state.phase in (TURN, TAKING) and state.taken == 0
                and state.drawn < mat.face_down_limit and bool(state.deck or state.discard))

    def can_take_up(self, state: MachineState) -> bool:
        return (state.phase in (TURN, TAKING)
                and state.taken < state.mats[state.current].face_up_limit)

    def can_trade(self, state: MachineState) -> bool:
        mat = state.mats[state.current]
        return (state.phase in (TURN, TRADING) and state.traded < mat.trade_limit
                and mat.pile > 0 and mat.supply < mat.cube_limit
                and bool(state.hands[state.current]))

    def legal_actions(self, state: MachineState) -> list[MachineAction]:
        last = self._last_legal
        if last is not None and last[0] is state:
            return list(last[1])
        out = self._legal_actions(state)
        self._last_legal = (state, tuple(out))
        return out

    def _legal_actions(self, state: MachineState) -> list[MachineAction]:
        phase = state.phase
        if phase == OVER:
            return []
        p = state.current
        if phase == SETUP:
            taken = {s for s in state.setup if s is not None}
            return [Setup((a, b)) for a, b in combinations_with_replacement(ENGINE_TRACKS, 2)
                    if (a, b) not in taken]
        hand = state.hands[p]
        if phase == DISCARDING:
            return [Discard(c) for c in S.sort_cards(hand)]
        out: list[MachineAction] = []
        if phase in (TURN, TAKING):
            if self.can_draw(state):
                out.append(Draw())
            if self.can_take_up(state):
                out.extend(TakeUp(i) for i, c in enumerate(state.display) if c is not None)
        if self.can_trade(state):
            out.extend(Trade(c) for c in S.sort_cards(hand))
        if phase in (TAKING, TRADING):
            out.append(Stop())
        if phase == TURN:
            out.extend(set_actions(hand, state.mats[p]))
        return out

    def explain_illegal(self, state: MachineState, action: MachineAction) -> str | None:
        if state.phase == OVER:
            return "the game is over"
        if action in self.legal_actions(state):
            return None
        return self._reason(state, action)

    def _reason(self, state: MachineState, action: MachineAction) -> str:
        """Why a non-legal action is refused, in the player's words."""
        phase, p = state.phase, state.current
        mat, hand = state.mats[p], state.hands[p]
        if phase == SETUP and not isinstance(action, Setup):
            return "first every player places their two set-up cubes"
        if phase != SETUP and isinstance(action, Setup):
            return "the set-up is over"
        if isinstance(action, Setup):
            if any(t not in ENGINE_TRACKS for t in action.tracks):
                return "set-up cubes go on the Three of a Kind, Straight, Flush or Full House track"
            names = " + ".join(_track_name(t) for t in action.tracks)
            return f"another player already chose {names}: each player needs a different pair"
        if phase == DISCARDING and not isinstance(action, Discard):
            over = len(hand) - mat.hand_limit
            return (f"discard {_plural(over, 'more card')} first: your hand limit is "
                    f"{mat.hand_limit}")
        if isinstance(action, Discard):
            if phase != DISCARDING:
                return "you discard only when Take Cards leaves you over your hand limit"
            return f"you do not hold the {action.card.name}"
        if phase == TAKING and isinstance(action, (Trade, PlaySet)):
            return "this turn you are taking cards: take more or stop"
        if phase == TRADING and isinstance(action, (Draw, TakeUp, PlaySet)):
            return "this turn you are trading cards for cubes: trade more or stop"
        if isinstance(action, Stop):
            return "there is nothing to stop: choose an action for your turn"
        if isinstance(action, Draw):
            if state.taken:
                return "face-down cards must be drawn before any face-up card"
            if mat.face_down_limit == 0:
                return "you may not draw face-down cards until your Flush track has a cube"
            if state.drawn >= mat.face_down_limit:
                return (f"your Flush track allows {_plural(mat.face_down_limit, 'face-down card')}"
                        " a turn")
            return "there are no cards left to draw"
        if isinstance(action, TakeUp):
            if not 0 <= action.slot < DISPLAY_SLOTS:
                return "the display has four slots"
            if state.taken >= mat.face_up_limit:
                return (f"your Full House track allows {_plural(mat.face_up_limit, 'face-up card')}"
                        " a turn")
            return f"display slot {action.slot + 1} is empty"
        if isinstance(action, Trade):
            if action.card not in hand:
                return f"you do not hold the {action.card.name}"
            why = trade_problem(mat, state.traded)
            return why or "there are no cards to trade"
        if isinstance(action, PlaySet):
            return self._set_reason(hand, mat, action)
        return f"{action} is not a Perpetual-Motion Machine action"

    def _set_reason(self, hand: Sequence[Card], mat: PlayerMat, action: PlaySet) -> str:
        if action.kind not in S.KINDS:
            return f"{action.kind} is not a set"
        name = S.KIND_NAMES[action.kind]
        for c in action.cards:
            if c not in hand:
                return f"you do not hold the {c.name}"
        if len(set(action.cards)) != len(action.cards) or not S.is_kind(action.kind,
                                                                        action.cards):
            return S.why_not_kind(action.kind, action.cards)
        ways = placements(action.kind, mat)
        use_pile = action.kind in PILE_KINDS
        where = "your supply and general pile hold" if use_pile else "your supply has"
        avail = mat.supply + (mat.pile if use_pile else 0)
        if not ways:
            if action.kind in DOUBLE_KINDS:
                costs = [(t, mat.next_cost(t)) for t in (STRAIGHT, FLUSH)]
                if all(c is None for _, c in costs):
                    return "your Straight and Flush tracks are both full"
                cheapest = min(c for _, c in costs if c is not None)
                return (f"the next Straight or Flush section needs at least "
                        f"{_plural(cheapest, 'cube')} and {where} {avail}")
            track = KIND_TRACK[action.kind]
            cost = mat.next_cost(track)
            tname = _track_name(track)
            if cost is None:
                return f"your {tname} {'area' if track == TWO_PAIR else 'track'} is full"
            section = "Two Pair section" if track == TWO_PAIR else f"{tname} section"
            return f"the next {section} needs {_plural(cost, 'cube')} and {where} {avail}"
        tracks_ok = [t for t, _ in ways]
        if action.tracks not in tracks_ok:
            if action.kind in DOUBLE_KINDS:
                if tracks_ok == [(STRAIGHT, FLUSH)]:
                    return (f"your cubes cover both tracks, so a {name} advances the Straight "
                            "and the Flush track")
                full = [t for t in (STRAIGHT, FLUSH) if mat.next_cost(t) is None]
                if full:
                    return (f"your {_track_name(full[0])} track is full: the {name} advances "
                            f"only the other track")
                opts = " or ".join(_track_name(t[0]) for t in tracks_ok)
                return (f"your cubes cover only one track: choose {opts}")
            return f"a {name} places its cubes on the {_track_name(tracks_ok[0][0])} track"
        lo = min(k for t, k in ways if t == action.tracks)
        hi = max(k for t, k in ways if t == action.tracks)
        if not use_pile:
            return f"a {name} takes its cubes from your personal supply only"
        return (f"take between {lo} and {hi} of the cubes from your general pile "
                f"(it holds {mat.pile}, your supply {mat.supply})")

    # --- applying ---
    def _apply(self, state: MachineState, action: MachineAction) -> MachineState:
        p = state.current
        if isinstance(action, Setup):
            return self._apply_setup(state, action)
        if isinstance(action, Draw):
            deck, discard, shuffles = state.deck, state.discard, state.shuffles
            if not deck:
                deck, discard, shuffles = _reshuffle(state.seed, shuffles, discard)
            hands = _with(state.hands, p, state.hands[p] + (deck[0],))
            st = replace(state, deck=deck[1:], discard=discard, shuffles=shuffles, hands=hands,
                         drawn=state.drawn + 1, phase=TAKING)
            return self._after_take(st)
        if isinstance(action, TakeUp):
            card = state.display[action.slot]
            assert card is not None
            hands = _with(state.hands, p, state.hands[p] + (card,))
            display = _with(state.display, action.slot, None)
            st = replace(state, hands=hands, display=display, taken=state.taken + 1,
                         phase=TAKING)
            return self._after_take(st)
        if isinstance(action, Stop):
            if state.phase == TAKING:
                return self._finish_taking(state)
            return self._end_turn(state)
        if isinstance(action, Discard):
            hand = tuple(c for c in state.hands[p] if c != action.card)
            st = replace(state, hands=_with(state.hands, p, hand),
                         discard=state.discard + (action.card,))
            if len(hand) <= state.mats[p].hand_limit:
                return self._end_turn(st)
            return st
        if isinstance(action, Trade):
            hand = tuple(c for c in state.hands[p] if c != action.card)
            m = state.mats[p]
            mat = PlayerMat(m.filled, m.supply + 1, m.pile - 1)
            st = replace(state, hands=_with(state.hands, p, hand),
                         discard=state.discard + (action.card,), mats=_with(state.mats, p, mat),
                         traded=state.traded + 1, phase=TRADING)
            if not self.can_trade(st):
                return self._end_turn(st)
            return st
        # PlaySet
        hand = tuple(c for c in state.hands[p] if c not in action.cards)
        mat = apply_set(state.mats[p], action)
        st = replace(state, hands=_with(state.hands, p, hand),
                     discard=state.discard + action.cards, mats=_with(state.mats, p, mat))
        if mat.left == 0:
            return replace(st, phase=OVER, result=WON, winners=(p,), turns=st.turns + 1)
        if mat.stuck:
            st = replace(st, out=_with(st.out, p, True))
        return self._end_turn(st)

    def _apply_setup(self, state: MachineState, action: Setup) -> MachineState:
        p = state.current
        m = state.mats[p]
        filled = list(m.filled)
        for t in action.tracks:
            filled[t] += 1
        mat = PlayerMat(tuple(filled), m.supply - SETUP_CUBES, m.pile)
        st = replace(state, mats=_with(state.mats, p, mat),
                     setup=_with(state.setup, p, action.tracks))
        if p == 0:
            return replace(st, phase=TURN, current=0)
        return replace(st, current=p - 1)

    def _after_take(self, state: MachineState) -> MachineState:
        """Taking ends by itself when nothing more may be taken."""
        if self.can_draw(state) or (self.can_take_up(state)
                                    and any(c is not None for c in state.display)):
            return state
        return self._finish_taking(state)

    def _finish_taking(self, state: MachineState) -> MachineState:
        p = state.current
        if len(state.hands[p]) > state.mats[p].hand_limit:
            return replace(state, phase=DISCARDING)
        return self._end_turn(state)

    def _end_turn(self, state: MachineState) -> MachineState:
        """Pass the turn to the next player who is not out; end the game if nobody is left
        or the round limit is reached."""
        state = _refill(state)  # after Take Cards; a no-op after other actions
        n = state.players
        turns = state.turns + 1
        if all(state.out):
            return replace(state, phase=OVER, result=STUCK, winners=(), turns=turns,
                           drawn=0, taken=0, traded=0)
        nxt, rnd = state.current, state.round
        while True:
            nxt = (nxt + 1) % n
            if nxt == 0:
                rnd += 1
            if not state.out[nxt]:
                break
        base = replace(state, phase=TURN, current=nxt, round=rnd, drawn=0, taken=0, traded=0,
                       turns=turns)
        if state.max_rounds and rnd > state.max_rounds:
            return replace(base, phase=OVER, result=LIMIT, current=state.current,
                           round=state.max_rounds, winners=_fewest_left(state))
        return base

    def outcome(self, state: MachineState) -> Outcome | None:
        if state.phase != OVER:
            return None
        left = tuple(m.left for m in state.mats)
        details = {"result": state.result, "rounds": state.round, "turns": state.turns,
                   "cubes_left": list(left), "out": list(state.out)}
        scores = tuple(float(m.on_mat) for m in state.mats)
        if state.result == WON:
            summary = f"Player {state.winners[0] + 1} placed every cube and wins."
            text = f"{{winners}} placed every cube on the mat in {state.round} rounds."
        elif state.result == STUCK:
            summary = "Every player is stuck with one cube: everybody loses."
            text = "Every player is out with one cube left: everybody loses."
        else:
            who = " and ".join(f"Player {w + 1}" for w in state.winners)
            if not state.winners:
                summary = f"After {state.max_rounds} rounds nobody is left in the game."
                text = summary
            elif len(state.winners) == 1:
                summary = (f"After {state.max_rounds} rounds {who} has the fewest cubes left "
                           "and wins.")
                text = (f"After {state.max_rounds} rounds {{winners}} {{has}} the fewest cubes "
                        "left and {wins}.")
            else:
                summary = (f"After {state.max_rounds} rounds {who} have the fewest cubes left "
                           "and share the win.")
                text = (f"After {state.max_rounds} rounds {{winners}} have the fewest cubes "
                        "left and share the win.")
        return Outcome(state.winners, summary, scores=scores, details=details, text=text)

    # --- text forms ---
    def parse_action(self, text: str) -> MachineAction:
        words = text.strip().lower().split()
        try:
            return self._parse(words)
        except (ParseError, ValueError, IndexError):
            pass
        raise ParseError(
            f"{text!r} is not an action: use 'setup straight flush', 'draw', 'take 2', 'stop', "
            "'discard 7H', 'trade 7H' or 'play three 9S 9H 9D'")

    def _parse(self, words: list[str]) -> MachineAction:
        if words == ["draw"]:
            return Draw()
        if words == ["stop"]:
            return Stop()
        head = words[0]
        if head == "setup" and len(words) == 3:
            a, b = sorted(TRACK_IDS.index(w) for w in words[1:])
            return Setup((a, b))
        if head == "take" and len(words) == 2 and words[1].isdigit():
            slot = int(words[1])
            if 1 <= slot <= DISPLAY_SLOTS:
                return TakeUp(slot - 1)
        if head in ("discard", "trade") and len(words) == 2:
            card = Card.parse(words[1])
            return Discard(card) if head == "discard" else Trade(card)
        if head == "play" and len(words) >= 3 and words[1] in S.KINDS:
            kind = words[1]
            rest = words[2:]
            pile = 0
            if kind in PILE_KINDS:
                if len(rest) < 2 or rest[-2] != "pile" or not rest[-1].isdigit():
                    raise ParseError("missing 'pile N'")
                pile = int(rest[-1])
                rest = rest[:-2]
            if kind in DOUBLE_KINDS:
                if len(rest) < 2 or rest[-2] != "on":
                    raise ParseError("missing 'on straight+flush'")
                names = rest[-1].split("+")
                tracks = tuple(TRACK_IDS.index(t) for t in names)
                if sorted(tracks) != list(tracks) or len(set(tracks)) != len(tracks):
                    raise ParseError("tracks out of order")
                rest = rest[:-2]
            else:
                tracks = (KIND_TRACK[kind],)
            cards = S.sort_cards(Card.parse(w) for w in rest)
            return PlaySet(kind, cards, tracks, pile)
        raise ParseError("unknown action")

    # --- information ---
    def view(self, state: MachineState, player: int) -> MachineView:
        return MachineView(
            player=player, players=state.players, max_rounds=state.max_rounds,
            hand=() if player == PUBLIC else state.hands[player],
            hand_counts=tuple(len(h) for h in state.hands),
            deck_count=len(state.deck), discard_count=len(state.discard),
            display=state.display, mats=state.mats, setup=state.setup, out=state.out,
            phase=state.phase, current=state.current, round=state.round, drawn=state.drawn,
            taken=state.taken, traded=state.traded, turns=state.turns,
            shuffles=state.shuffles, result=state.result, winners=state.winners,
        )

    def determinize(self, view: MachineView, rng: random.Random) -> MachineState:
        """Deal the cards the viewer cannot see (other hands, deck, discards) at random."""
        seen = set(view.hand) | {c for c in view.display if c is not None}
        unknown = [c for c in standard_deck() if c not in seen]
        rng.shuffle(unknown)
        hands: list[tuple[Card, ...]] = []
        i = 0
        for p, n in enumerate(view.hand_counts):
            if p == view.player:
                hands.append(view.hand)
            else:
                hands.append(tuple(unknown[i:i + n]))
                i += n
        discard = tuple(unknown[i:i + view.discard_count])
        i += view.discard_count
        deck = tuple(unknown[i:])
        if len(deck) != view.deck_count:
            raise InvalidState("view: card counts do not add up to 52")
        return MachineState(
            players=view.players, max_rounds=view.max_rounds, deck=deck, display=view.display,
            discard=discard, hands=tuple(hands), mats=view.mats, setup=view.setup, out=view.out,
            phase=view.phase, current=view.current, round=view.round, drawn=view.drawn,
            taken=view.taken, traded=view.traded, turns=view.turns, seed=rng.randrange(2**31),
            shuffles=view.shuffles, result=view.result, winners=view.winners,
        )

    def card_multiset(self, state: MachineState) -> Counter[str]:
        cards: list[Card] = list(state.deck) + list(state.discard)
        cards += [c for c in state.display if c is not None]
        for h in state.hands:
            cards += h
        return Counter(map(str, cards))

    def redeal_hidden(self, state: MachineState, player: int,
                      rng: random.Random) -> MachineState:
        """The other hands, the face-down deck and the face-down discard pile dealt again
        (sizes kept), and the seed of later reshuffles drawn anew."""
        hands, (deck, discard) = redeal_unseen(state.hands, [state.deck, state.discard],
                                               player, rng)
        return replace(state, hands=hands, deck=deck, discard=discard,
                       seed=rng.randrange(2**31))

    def config_of(self, state: MachineState) -> MachineConfig:
        return MachineConfig(players=state.players, max_rounds=state.max_rounds)

    def full_set(self, config: MachineConfig) -> Counter[str]:
        """The deck, each player's cubes and every cube of the box."""
        out = Counter(str(c) for c in standard_deck())
        for p in range(config.players):
            out[f"cubes of player {p + 1}"] += CUBES_PER_PLAYER[config.players]
        out["cubes in the box"] += CUBES_IN_BOX
        return out

    def conserved(self, state: MachineState) -> Counter[str]:
        """The cards, each player's cubes (on the mat, in the supply and in the general
        pile) and every cube of the box wherever it is."""
        out = self.card_multiset(state)
        for p, m in enumerate(state.mats):
            out[f"cubes of player {p + 1}"] += m.on_mat + m.supply + m.pile
        out["cubes in the box"] += sum(self.cube_count(state).values())
        return out

    def cube_count(self, state: MachineState) -> dict[str, int]:
        """Every cube of the box, wherever it is (the property tests check the total is 80)."""
        on_mat = sum(m.on_mat for m in state.mats)
        supply = sum(m.supply for m in state.mats)
        pile = sum(m.pile for m in state.mats)
        box = CUBES_IN_BOX - CUBES_PER_PLAYER[state.players] * state.players
        return {"mat": on_mat, "supply": supply, "pile": pile, "box": box}

    # --- saving ---
    def state_to_dict(self, state: MachineState) -> JSONDict:
        return {
            "game": self.info.id,
            "players": state.players,
            "max_rounds": state.max_rounds,
            "deck": [str(c) for c in state.deck],
            "display": [None if c is None else str(c) for c in state.display],
            "discard": [str(c) for c in state.discard],
            "hands": [[str(c) for c in h] for h in state.hands],
            "mats": [m.to_dict() for m in state.mats],
            "setup": [None if s is None else [TRACK_IDS[t] for t in s] for s in state.setup],
            "out": list(state.out),
            "phase": state.phase,
            "current": state.current,
            "round": state.round,
            "drawn": state.drawn,
            "taken": state.taken,
            "traded": state.traded,
            "turns": state.turns,
            "seed": state.seed,
            "shuffles": state.shuffles,
            "result": state.result,
            "winners": list(state.winners),
        }

    def state_from_dict(self, data: object) -> MachineState:
        r = Reader(data, "state")
        if r.has("game") and r.text("game") != self.info.id:
            raise InvalidState(f"state.game: this is a {r.text('game')} game, not "
                               "Perpetual-Motion Machine")
        shown = self._read_shown(r)
        hands = tuple(tuple(h) for h in r.items("hands", _read_cards))
        if len(hands) != shown.players:
            raise InvalidState(f"state.hands: expected {shown.players} hands")
        state = replace(shown, deck=tuple(r.cards("deck")), discard=tuple(r.cards("discard")),
                        hands=hands, seed=r.integer("seed", 0))
        _check_state(state)
        return state

    def view_from_dict(self, data: object) -> MachineView:
        r = Reader(data, "view")
        s = self._read_shown(r)
        n = s.players
        counts = tuple(r.items("hand_counts", lambda v, path: check_int(v, path, 0, 52)))
        if len(counts) != n:
            raise InvalidState(f"view.hand_counts: expected {n} counts")
        player = r.integer("player", PUBLIC, n - 1)
        view = MachineView(
            player=player, players=n, max_rounds=s.max_rounds,
            hand=tuple(_read_cards(r.array("hand"), "view.hand")), hand_counts=counts,
            deck_count=r.integer("deck_count", 0, 52),
            discard_count=r.integer("discard_count", 0, 52), display=s.display, mats=s.mats,
            setup=s.setup, out=s.out, phase=s.phase, current=s.current, round=s.round,
            drawn=s.drawn, taken=s.taken, traded=s.traded, turns=s.turns,
            shuffles=s.shuffles, result=s.result, winners=s.winners)
        return self.possible_view(view, player)

    def _read_shown(self, r: Reader) -> MachineState:
        """Everything of a saved game or a view but the hands, the deck, the discards and
        the seed (a state without them)."""
        where = r.path
        try:
            config = self.config_from_dict({"players": r.integer("players"),
                                            "max_rounds": r.integer("max_rounds")})
        except InvalidConfig as e:
            raise InvalidState(f"{where}: {e}") from None
        n, max_rounds = config.players, config.max_rounds
        display_raw = r.array("display")
        if len(display_raw) != DISPLAY_SLOTS:
            raise InvalidState(f"{where}.display: expected {DISPLAY_SLOTS} slots")
        display = tuple(None if v is None else read_card(v, f"{where}.display[{i}]")
                        for i, v in enumerate(display_raw))
        mats = tuple(r.items("mats", lambda v, path: _read_mat(v, path, n)))
        if len(mats) != n:
            raise InvalidState(f"{where}.mats: expected {n} mats")
        setup = tuple(r.items("setup", _read_setup))
        if len(setup) != n:
            raise InvalidState(f"{where}.setup: expected {n} entries")
        out = tuple(r.items("out", _read_flag))
        if len(out) != n:
            raise InvalidState(f"{where}.out: expected {n} entries")
        phase = r.text("phase", PHASES)
        current = r.integer("current", 0, n - 1)
        rnd = r.integer("round", 1, max(1, max_rounds) if max_rounds else None)
        drawn = r.integer("drawn", 0, 4)
        taken = r.integer("taken", 0, DISPLAY_SLOTS)
        traded = r.integer("traded", 0, 6)
        turns = r.integer("turns", 0)
        shuffles = r.integer("shuffles", 0)
        result_raw = r.data.get("result")
        if result_raw is not None and result_raw not in RESULTS:
            raise InvalidState(f"{where}.result: expected one of {', '.join(RESULTS)} or null")
        result = result_raw if isinstance(result_raw, str) else None
        winners = tuple(r.items("winners", lambda v, path: check_int(v, path, 0, n - 1)))
        return MachineState(
            players=n, max_rounds=max_rounds, deck=(), display=display, discard=(),
            hands=(), mats=mats, setup=setup, out=out, phase=phase, current=current,
            round=rnd, drawn=drawn, taken=taken, traded=traded, turns=turns, seed=0,
            shuffles=shuffles, result=result, winners=winners,
        )


# --- module helpers -------------------------------------------------------------------------


def _with(items: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return items[:i] + (value,) + items[i + 1:]


def _reshuffle(seed: int, shuffles: int, discard: tuple[Card, ...]
               ) -> tuple[tuple[Card, ...], tuple[Card, ...], int]:
    """Shuffle the discard pile into a new deck (reproducibly from the state's seed)."""
    cards = list(discard)
    random.Random(f"{seed}:{shuffles}").shuffle(cards)
    return tuple(cards), (), shuffles + 1


def _refill(state: MachineState) -> MachineState:
    """Turn a card from the deck into each empty display slot, reshuffling when it runs out."""
    if all(c is not None for c in state.display):
        return state
    deck, discard, shuffles = state.deck, state.discard, state.shuffles
    display = list(state.display)
    for i, c in enumerate(display):
        if c is not None:
            continue
        if not deck and discard:
            deck, discard, shuffles = _reshuffle(state.seed, shuffles, discard)
        if deck:
            display[i], deck = deck[0], deck[1:]
    return replace(state, deck=deck, discard=discard, shuffles=shuffles, display=tuple(display))


def _fewest_left(state: MachineState) -> tuple[int, ...]:
    """Players still in the game with the fewest cubes off their mat (ties share the win)."""
    alive = [p for p in range(state.players) if not state.out[p]]
    if not alive:
        return ()
    best = min(state.mats[p].left for p in alive)
    return tuple(p for p in alive if state.mats[p].left == best)


def _read_cards(v: object, path: str) -> list[Card]:
    from engine.data import read_cards

    return read_cards(v, path)


def _read_flag(v: object, path: str) -> bool:
    if not isinstance(v, bool):
        raise InvalidState(f"{path}: expected true or false")
    return v


def _read_setup(v: object, path: str) -> tuple[int, int] | None:
    if v is None:
        return None
    if (not isinstance(v, list) or len(v) != 2
            or any(x not in [TRACK_IDS[t] for t in ENGINE_TRACKS] for x in v)):
        raise InvalidState(f"{path}: expected two of three, straight, flush, full-house")
    a, b = sorted(TRACK_IDS.index(x) for x in v)
    return (a, b)


def _read_mat(v: object, path: str, players: int) -> PlayerMat:
    r = Reader(v, path)
    fr = r.obj("filled")
    filled = tuple(fr.integer(t.id, 0, len(t.sections)) for t in TRACKS)
    if set(fr.data) != set(TRACK_IDS):
        raise InvalidState(f"{path}.filled: expected exactly the tracks {', '.join(TRACK_IDS)}")
    cubes = CUBES_PER_PLAYER[players]
    mat = PlayerMat(filled, r.integer("supply", 0, 10), r.integer("pile", 0, cubes))
    if mat.on_mat + mat.left != cubes:
        raise InvalidState(f"{path}: cubes on the mat, in supply and pile must add up to "
                           f"{cubes}, got {mat.on_mat + mat.left}")
    if mat.supply > mat.cube_limit:
        raise InvalidState(f"{path}.supply: {mat.supply} is over the cube limit "
                           f"{mat.cube_limit}")
    return mat


def _check_state(st: MachineState) -> None:
    """Everything a saved game must satisfy beyond field types; raises InvalidState."""
    cards: list[Card] = list(st.deck) + list(st.discard) + [c for c in st.display if c]
    for h in st.hands:
        cards += h
    try:
        check_single_deck(cards)
    except ParseError as e:
        raise InvalidState(f"state: the cards are not one deck: {e}") from None
    n = st.players
    placed = [sum(st.mats[p].filled[t] for t in ENGINE_TRACKS) for p in range(n)]
    if st.phase == SETUP:
        for p in range(n):
            done = p > st.current
            if (st.setup[p] is not None) != done or placed[p] != (SETUP_CUBES if done else 0):
                raise InvalidState(f"state.setup[{p}]: does not match the set-up order")
    elif any(s is None for s in st.setup):
        raise InvalidState("state.setup: every player places set-up cubes before play")
    chosen = [s for s in st.setup if s is not None]
    if len(set(chosen)) != len(chosen):
        raise InvalidState("state.setup: two players chose the same pair of tracks")
    for p, m in enumerate(st.mats):
        if m.stuck != st.out[p] and st.phase != SETUP:
            raise InvalidState(f"state.out[{p}]: does not match the player's cubes")
    live = st.phase != OVER
    mat = st.mats[st.current]
    hand = st.hands[st.current]
    for p, h in enumerate(st.hands):
        if len(h) > st.mats[p].hand_limit and not (
                live and p == st.current and st.phase in (TAKING, DISCARDING)):
            raise InvalidState(f"state.hands[{p}]: over the hand limit")
    if live and st.out[st.current]:
        raise InvalidState("state.current: that player is out")
    if st.drawn > mat.face_down_limit or st.taken > mat.face_up_limit:
        raise InvalidState("state: more cards taken this turn than the mat allows")
    if st.traded > mat.trade_limit:
        raise InvalidState("state.traded: more cards traded than the mat allows")
    if st.phase in (SETUP, TURN) and (st.drawn or st.taken or st.traded):
        raise InvalidState("state: turn counters must be 0 at the start of a turn")
    if st.phase == TAKING and (st.traded or not (st.drawn or st.taken)):
        raise InvalidState("state: taking cards without having taken one")
    if st.phase == TRADING and (st.drawn or st.taken or not st.traded):
        raise InvalidState("state: trading without having traded a card")
    if st.phase == DISCARDING and len(hand) <= mat.hand_limit:
        raise InvalidState("state: discarding while within the hand limit")
    if st.phase != TAKING and st.phase != DISCARDING and None in st.display and st.deck:
        raise InvalidState("state.display: an empty slot while the deck has cards")
    if st.deck and st.shuffles < 0:
        raise InvalidState("state.shuffles: negative")
    if st.phase == OVER:
        if st.result is None:
            raise InvalidState("state.result: a finished game needs a result")
        if st.result == WON and (len(st.winners) != 1 or st.mats[st.winners[0]].left != 0):
            raise InvalidState("state.winners: the winner must have every cube on the mat")
        if st.result == STUCK and (st.winners or not all(st.out)):
            raise InvalidState("state.result: everybody-stuck needs every player out")
        if st.result == LIMIT and st.winners != _fewest_left(st):
            raise InvalidState("state.winners: not the players with the fewest cubes left")
    elif st.result is not None or st.winners:
        raise InvalidState("state.result: a game in progress has no result")
    if live and any(m.left == 0 for m in st.mats):
        raise InvalidState("state: a player has every cube placed but the game goes on")


GAME = Machine()

__all__ = [
    "GAME", "Discard", "Draw", "Machine", "MachineAction", "MachineConfig", "MachineState",
    "MachineView", "PlaySet", "PlayerMat", "Setup", "Stop", "TakeUp", "Trade", "placements",
    "set_actions", "set_problem",
]
