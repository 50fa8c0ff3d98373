"""Cube Farm: the game protocol (hands, turns, claims, scoring) over :mod:`board`.

A turn is two actions: ``place C07 at 3,-2 rot 1`` (lay a card from your hand), then, if some
cubicle may be claimed, ``claim 3,-2`` (the cubicle whose first unit in reading order is on that
square) or ``pass``. When there is nothing to claim the turn passes on at once, so a touch
screen never asks for a pointless tap. When every card of a hand is played the table is scored;
``next hand`` (by the player who starts it) clears the table and deals again. A game is one hand
per player (four with two players); the highest total wins, ties share the win.

The state stores the hand's actions (who did what), not the table: the table is rebuilt by
replaying them, which also checks a saved game completely. Later hands are shuffled with
``random.Random(f"{seed}:{hand}")`` so a seed reproduces the whole game; the seed is hidden
from the players' views (it would reveal the next deals) and resampled by ``determinize``.
"""

from __future__ import annotations

import random
import re
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from engine.cards import redeal_unseen
from engine.data import Reader, check_int
from engine.errors import InvalidConfig, InvalidState, ParseError
from engine.games.cube_farm.board import (
    SHAPES,
    Board,
    Cubicle,
    pos_text,
)
from engine.games.cube_farm.deck import DECK_IDS, START_CARD
from engine.games.cube_farm.info import INFO
from engine.protocol import (
    PUBLIC,
    Game,
    GameInfo,
    JSONDict,
    Outcome,
    SoakProfile,
)

PLACE, CLAIM, HAND_OVER, OVER = "place", "claim", "hand_over", "over"
PHASES = (PLACE, CLAIM, HAND_OVER, OVER)


# --- values ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class CFConfig:
    """Players 2-5; ``hands`` 0 means the seed's number (one per player, four with two);
    ``join`` "yes" lets a card join cubicles claimed by two players (this edition: "no")."""

    players: int = 2
    hands: int = 0
    join: str = "no"

    @property
    def hand_count(self) -> int:
        if self.hands:
            return self.hands
        return 4 if self.players == 2 else self.players

    @property
    def hand_size(self) -> int:
        return 6 if self.players == 2 else 5

    def to_dict(self) -> JSONDict:
        return {"players": self.players, "hands": self.hands, "join": self.join}


@dataclass(frozen=True)
class Place:
    """Lay ``card`` with its north-west square at (x, y), turned ``rot`` quarter turns."""

    card: str
    x: int
    y: int
    rot: int

    def __str__(self) -> str:
        return f"place {self.card} at {self.x},{self.y} rot {self.rot}"


@dataclass(frozen=True)
class Claim:
    """Put stones in the cubicle whose first unit (reading order) is on (x, y)."""

    x: int
    y: int

    @property
    def pos(self) -> tuple[int, int]:
        return (self.x, self.y)

    def __str__(self) -> str:
        return f"claim {self.x},{self.y}"


@dataclass(frozen=True)
class Pass:
    """Claim nothing this turn."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class NextHand:
    """Clear the table and deal the next hand."""

    def __str__(self) -> str:
        return "next hand"


CFAction = Place | Claim | Pass | NextHand

# ASCII digits, and few of them: int() refuses other digits ('²') and very long numbers.
_PLACE_RE = re.compile(r"^place\s+([a-z][0-9]{1,3})\s+at\s+(-?[0-9]{1,6})\s*,\s*(-?[0-9]{1,6})"
                       r"\s+rot\s+([0-9])$", re.ASCII)
_CLAIM_RE = re.compile(r"^claim\s+(-?[0-9]{1,6})\s*,\s*(-?[0-9]{1,6})$", re.ASCII)


def parse_cf_action(text: str) -> CFAction:
    low = " ".join(text.strip().split()).lower()
    if low == "pass":
        return Pass()
    if low == "next hand":
        return NextHand()
    m = _PLACE_RE.match(low)
    if m:
        return Place(m.group(1).upper(), int(m.group(2)), int(m.group(3)), int(m.group(4)))
    m = _CLAIM_RE.match(low)
    if m:
        return Claim(int(m.group(1)), int(m.group(2)))
    raise ParseError(f"{text!r} is not an action: use 'place C07 at 3,-2 rot 1', "
                     "'claim 3,-2', 'pass' or 'next hand'")


@dataclass(frozen=True)
class Event:
    """One action of the current hand, with who took it (the saved game's table)."""

    player: int
    action: CFAction

    def to_json(self) -> list[object]:
        return [self.player, str(self.action)]


@dataclass(frozen=True)
class CFState:
    """A game in progress. ``board`` is derived from ``log`` (not saved, not compared)."""

    players: int
    hands_total: int
    hand: int  # 1-based number of the current hand
    to_move: int
    phase: str
    hands: tuple[tuple[str, ...], ...]
    deck: tuple[str, ...]
    log: tuple[Event, ...]
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]  # each finished hand's scores
    seed: int
    join: bool = False  # the "join" option: two players' cubicles may be joined
    board: Board = field(compare=False, repr=False, default_factory=Board.start)

    @property
    def first(self) -> int:
        """Who starts this hand: the dealer rotates, the player to the dealer's left starts."""
        return (self.hand - 1) % self.players


@dataclass(frozen=True)
class CFView:
    """What one player sees: the table, the scores, their own hand; counts of the rest."""

    player: int
    players: int
    hands_total: int
    hand: int
    to_move: int
    phase: str
    my_hand: tuple[str, ...]
    hand_counts: tuple[int, ...]
    deck_count: int
    log: tuple[Event, ...]
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]
    hand_size: int  # cards dealt to each player a hand
    board: Board = field(compare=False, repr=False, default_factory=Board.start)
    join: bool = False  # the "join" option (the board follows it: a guest rebuilds it)

    def placements_for(self, card: str) -> list[Place]:
        """Where ``card`` of this player's hand may go now (none unless it is their turn to lay
        a card): :meth:`CubeFarm.placements_for` from what the player sees."""
        if self.phase != PLACE or self.to_move != self.player or card not in self.my_hand:
            return []
        return [Place(card, x, y, r) for x, y, r in self.board.legal_placements(card)]

    def explain_illegal(self, action: CFAction) -> str | None:
        """:meth:`CubeFarm.explain_illegal` for this player's action, from what they see."""
        hand = self.my_hand if self.to_move == self.player else ()
        return _problem(self.phase, hand, self.board, action)

    def to_dict(self) -> JSONDict:
        b = self.board
        reach = b.claimable()
        claimable = {c.id for c in reach}
        return {
            "player": self.player,
            "players": self.players,
            "hands_total": self.hands_total,
            "hand": self.hand,
            "to_move": self.to_move,
            "phase": self.phase,
            "my_hand": list(self.my_hand),
            "hand_counts": list(self.hand_counts),
            "deck_count": self.deck_count,
            "log": [e.to_json() for e in self.log],
            "totals": list(self.totals),
            "history": [list(h) for h in self.history],
            "hand_size": self.hand_size,
            "join": "yes" if self.join else "no",
            "table": table_dict(b, claimable),
            "hand_scores": b.totals(self.players),
        }


def table_dict(b: Board, claimable: set[tuple[int, int]]) -> JSONDict:
    """The table for a screen: placements, squares, cubicles and explained scores."""
    return {
        "placements": [[c, x, y, r] for c, x, y, r in b.placements],
        "squares": sorted([[p[0], p[1], sq.token] for p, sq in b.cells.items()]),
        "floor_holes": sorted([[p[0], p[1]] for p in b.holes]),
        "stones": sorted([[p[0], p[1], who] for p, who in b.stones.items()]),
        "cubicles": [cubicle_dict(c, c.id in claimable) for c in b.cubicles()],
        "scores": [s.to_dict() for s in b.scores()],
    }


def cubicle_dict(c: Cubicle, claimable: bool) -> JSONDict:
    return {"id": pos_text(c.id), "units": [pos_text(u) for u in c.units], "owner": c.owner,
            "value": c.value, "character": c.character, "claimable": claimable,
            "doors": [[pos_text(u), pos_text(q)] for u, q in c.doors]}


# --- the rules ------------------------------------------------------------------------------


def _problem(phase: str, hand: Sequence[str], board: Board, action: CFAction) -> str | None:
    """Why ``action`` of the player to move (holding ``hand``) is illegal now, or None."""
    if phase == OVER:
        return "the game is over"
    if isinstance(action, NextHand):
        return None if phase == HAND_OVER else "the hand is not over yet"
    if phase == HAND_OVER:
        return "the hand is over: deal the next hand"
    if isinstance(action, Place):
        if phase == CLAIM:
            return "you have played your card: claim a cubicle or pass"
        if action.card not in hand:
            return f"{action.card} is not in your hand"
        return board.placement_problem(action.card, action.x, action.y, action.rot)
    if isinstance(action, Pass):
        return None if phase == CLAIM else "play a card first"
    if isinstance(action, Claim):
        if phase != CLAIM:
            return "play a card first; then you may claim a cubicle"
        return board.claim_problem(action.pos)
    return f"{action} is not a Cube Farm action"


class CubeFarm(Game[CFConfig, CFState, CFAction, CFView]):
    """Cube Farm for 2-5 players (RULINGS.md section 4).

    An instance remembers its last replay of a hand's log (see :meth:`_replay`).
    """

    # the computers take ~30 ms a decision (the strong one plays out replies), two thirds of
    # a soak game's time with the usual share of seats: they sit in fewer seats; 0 hands (the
    # usual number) mostly, 20 hands being a long game
    soak: ClassVar[SoakProfile] = SoakProfile(option_values={"hands": (0,) * 12 + (1, 2, 3, 20)},
                                              random_seats=0.7)

    def __init__(self) -> None:
        self._last_replay: _Replay | None = None

    info: ClassVar[GameInfo] = INFO

    # --- set-up ---
    def default_config(self, players: int | None = None) -> CFConfig:
        n = 2 if players is None else players
        if not 2 <= n <= 5:
            raise InvalidConfig("Cube Farm is for 2 to 5 players")
        return CFConfig(players=n)

    def config_from_dict(self, data: object) -> CFConfig:
        try:
            r = Reader(data, "config")
            players = r.integer("players", 2, 5)
            hands = r.integer("hands", 0, 20) if r.has("hands") else 0
            join = r.text("join", ("no", "yes")) if r.has("join") else "no"
        except InvalidConfig:
            raise
        except InvalidState as e:  # the protocol promises InvalidConfig for a bad config
            raise InvalidConfig(str(e)) from None
        return CFConfig(players, hands, join)

    def new_game(self, config: CFConfig, rng: random.Random) -> CFState:
        seed = rng.randrange(2**31)
        deck = list(DECK_IDS)
        rng.shuffle(deck)
        return self._deal(config, 1, deck, (0,) * config.players, (), seed)

    def new_game_from_deck(self, config: CFConfig, deck: Sequence[str]) -> CFState:
        ids = [d.strip().upper() for d in deck]
        if sorted(ids) != sorted(DECK_IDS):
            missing = sorted(set(DECK_IDS) - set(ids))
            extra = sorted((Counter(ids) - Counter(DECK_IDS)).elements())
            raise ParseError(f"the deck must hold each of the {len(DECK_IDS)} cards once "
                             f"(missing: {', '.join(missing) or 'none'}; "
                             f"unknown or repeated: {', '.join(extra) or 'none'})")
        seed = zlib.crc32(" ".join(ids).encode()) & 0x7FFFFFFF
        return self._deal(config, 1, ids, (0,) * config.players, (), seed)

    def _deal(self, config: CFConfig, hand: int, deck: Sequence[str], totals: tuple[int, ...],
              history: tuple[tuple[int, ...], ...], seed: int) -> CFState:
        n, size = config.players, config.hand_size
        first = (hand - 1) % n
        hands: list[list[str]] = [[] for _ in range(n)]
        for i in range(n * size):
            hands[(first + i) % n].append(deck[i])
        return CFState(players=n, hands_total=config.hand_count, hand=hand, to_move=first,
                       phase=PLACE, hands=tuple(tuple(h) for h in hands),
                       deck=tuple(deck[n * size:]), log=(), totals=totals, history=history,
                       seed=seed, join=config.join == "yes",
                       board=Board.start(join_players=config.join == "yes"))

    def config_of(self, state: CFState) -> CFConfig:
        default = 4 if state.players == 2 else state.players
        return CFConfig(state.players, 0 if state.hands_total == default else state.hands_total,
                        "yes" if state.join else "no")

    # --- play ---
    def current_player(self, state: CFState) -> int | None:
        return None if state.phase == OVER else state.to_move

    def legal_actions(self, state: CFState) -> list[CFAction]:
        if state.phase == OVER:
            return []
        if state.phase == HAND_OVER:
            return [NextHand()]
        if state.phase == CLAIM:
            claims: list[CFAction] = [Claim(*c.id) for c in state.board.claimable()]
            return [*claims, Pass()]
        # the same table is asked again and again (views, computer players): kept with it
        cards = tuple(sorted(set(state.hands[state.to_move])))
        memo = state.board.memo()
        got = memo.get(("place", cards))
        if got is None:
            out: list[CFAction] = []
            free = state.board.sorted_anchors()
            for card in cards:
                out.extend(Place(card, x, y, r)
                           for x, y, r in state.board.legal_placements(card, free))
            got = memo[("place", cards)] = tuple(out)
        return list(got)

    def explain_illegal(self, state: CFState, action: CFAction) -> str | None:
        return _problem(state.phase, state.hands[state.to_move], state.board, action)

    def _apply(self, state: CFState, action: CFAction) -> CFState:
        p = state.to_move
        if isinstance(action, NextHand):
            deck = list(DECK_IDS)
            random.Random(f"{state.seed}:{state.hand + 1}").shuffle(deck)
            return self._deal(self.config_of(state), state.hand + 1, deck, state.totals,
                              state.history, state.seed)
        log = (*state.log, Event(p, action))
        if isinstance(action, Place):
            board = state.board.copy()
            board.place(action.card, action.x, action.y, action.rot)
            hand = list(state.hands[p])
            hand.remove(action.card)
            hands = tuple(tuple(hand) if i == p else h for i, h in enumerate(state.hands))
            st = replace(state, hands=hands, log=log, board=board)
            if board.claimable():
                return replace(st, phase=CLAIM)
            return self._next_turn(st)
        board = state.board
        if isinstance(action, Claim):
            board = board.copy()
            board.claim(action.pos, p)
        return self._next_turn(replace(state, log=log, board=board))

    def _next_turn(self, state: CFState) -> CFState:
        if any(state.hands):
            return replace(state, phase=PLACE, to_move=(state.to_move + 1) % state.players)
        scores = tuple(state.board.totals(state.players))
        totals = tuple(a + b for a, b in zip(state.totals, scores, strict=True))
        history = (*state.history, scores)
        if state.hand >= state.hands_total:
            return replace(state, phase=OVER, totals=totals, history=history, to_move=0)
        return replace(state, phase=HAND_OVER, totals=totals, history=history,
                       to_move=state.hand % state.players)

    def outcome(self, state: CFState) -> Outcome | None:
        if state.phase != OVER:
            return None
        best = max(state.totals)
        winners = tuple(i for i, t in enumerate(state.totals) if t == best)
        names = " and ".join(f"player {w + 1}" for w in winners)
        several = len(winners) > 1
        verb = "share the win" if several else "wins"
        return Outcome(winners, f"{names} {verb} with {best} points.",
                       scores=tuple(float(t) for t in state.totals),
                       details={"hands": [list(h) for h in state.history]},
                       text=(f"{{winners}} {verb if several else '{wins}'} with {best} points "
                             f"after {state.hands_total} "
                             f"hand{'s' if state.hands_total != 1 else ''}."))

    def table_text(self, state: CFState) -> str:
        """The table's picture (squares, ``@n``: a stone of player n) and each claimed
        cubicle's score."""
        scores = [f"player {sc.owner + 1}: {sc.describe()}" for sc in state.board.scores()]
        return "\n".join([state.board.render(), *scores])

    def parse_action(self, text: str) -> CFAction:
        return parse_cf_action(text)

    # --- helpers for screens and players ---
    def placements_for(self, state: CFState, card: str) -> list[Place]:
        """Where ``card`` may go now (positions and rotations to highlight)."""
        if state.phase != PLACE or card not in state.hands[state.to_move]:
            return []
        return [Place(card, x, y, r) for x, y, r in state.board.legal_placements(card)]

    def claimable(self, state: CFState) -> list[Cubicle]:
        return state.board.claimable() if state.phase == CLAIM else []

    # --- information ---
    def view(self, state: CFState, player: int) -> CFView:
        return CFView(player=player, players=state.players, hands_total=state.hands_total,
                      hand=state.hand, to_move=state.to_move, phase=state.phase,
                      my_hand=() if player == PUBLIC else state.hands[player],
                      hand_counts=tuple(len(h) for h in state.hands),
                      deck_count=len(state.deck), log=state.log, totals=state.totals,
                      history=state.history, board=state.board,
                      hand_size=self.config_of(state).hand_size, join=state.join)

    def determinize(self, view: CFView, rng: random.Random) -> CFState:
        unseen = Counter(DECK_IDS)
        unseen.subtract(c for c, _, _, _ in view.board.placements if c != START_CARD)
        unseen.subtract(view.my_hand)
        pool = sorted(unseen.elements())
        rng.shuffle(pool)
        hands: list[tuple[str, ...]] = []
        i = 0
        for p, count in enumerate(view.hand_counts):
            if p == view.player:
                hands.append(view.my_hand)
            else:
                hands.append(tuple(pool[i:i + count]))
                i += count
        return CFState(players=view.players, hands_total=view.hands_total, hand=view.hand,
                       to_move=view.to_move, phase=view.phase, hands=tuple(hands),
                       deck=tuple(pool[i:]), log=view.log, totals=view.totals,
                       history=view.history, seed=rng.randrange(2**31),
                       join=view.join, board=view.board)

    def card_multiset(self, state: CFState) -> Counter[str]:
        cards: Counter[str] = Counter(c for c, _, _, _ in state.board.placements)
        for h in state.hands:
            cards.update(h)
        cards.update(state.deck)
        return cards

    # --- saving ---
    def state_to_dict(self, state: CFState) -> JSONDict:
        return {
            "game": self.info.id,
            "players": state.players,
            "hands_total": state.hands_total,
            "hand": state.hand,
            "to_move": state.to_move,
            "phase": state.phase,
            "hands": [list(h) for h in state.hands],
            "deck": list(state.deck),
            "log": [e.to_json() for e in state.log],
            "totals": list(state.totals),
            "history": [list(h) for h in state.history],
            "seed": state.seed,
            "join": "yes" if state.join else "no",
        }

    def state_from_dict(self, data: object) -> CFState:
        r = Reader(data, "state")
        if r.has("game") and r.text("game") != self.info.id:
            raise InvalidState(f"state.game: this is a {r.text('game')} game, not Cube Farm")
        shown, placed = self._read_shown(r)
        n = shown.players
        hands_raw = r.array("hands")
        if len(hands_raw) != n:
            raise InvalidState(f"state.hands: expected {n} hands, got {len(hands_raw)}")
        hands = tuple(tuple(_read_ids(h, f"state.hands[{i}]")) for i, h in enumerate(hands_raw))
        deck = tuple(_read_ids(r.array("deck"), "state.deck"))
        on_table = Counter(c for c, _, _, _ in shown.board.placements if c != START_CARD)
        every = Counter(deck)
        for h in hands:
            every.update(h)
        every.update(on_table)
        if every != Counter(DECK_IDS):
            raise InvalidState("state: hands, deck and table must hold each card exactly once")
        size = self.config_of(shown).hand_size
        for p in range(n):
            if len(hands[p]) + placed[p] != size:
                raise InvalidState(f"state.hands[{p}]: expected {size - placed[p]} "
                                   "cards after the cards played")
        return replace(shown, hands=hands, deck=deck, seed=r.integer("seed", 0))

    def view_from_dict(self, data: object) -> CFView:
        r = Reader(data, "view")
        s, _ = self._read_shown(r)
        n = s.players
        counts = tuple(r.items("hand_counts", lambda v, path: check_int(v, path, 0,
                                                                        len(DECK_IDS))))
        if len(counts) != n:
            raise InvalidState(f"view.hand_counts: expected {n} counts, got {len(counts)}")
        player = r.integer("player", PUBLIC, n - 1)
        view = CFView(player=player, players=n, hands_total=s.hands_total, hand=s.hand,
                      to_move=s.to_move, phase=s.phase,
                      my_hand=tuple(_read_ids(r.array("my_hand"), "view.my_hand")),
                      hand_counts=counts, deck_count=r.integer("deck_count", 0, len(DECK_IDS)),
                      log=s.log, totals=s.totals, history=s.history,
                      hand_size=r.integer("hand_size", 0), board=s.board, join=s.join)
        return self.possible_view(view, player)

    def _read_shown(self, r: Reader) -> tuple[CFState, list[int]]:
        """Everything of a saved game or a view but the hands, the deck and the seed (a
        state without them, its table rebuilt from the hand's actions), checked as far as it
        goes without them; and the cards each player has laid this hand."""
        where = r.path
        try:
            config = self.config_from_dict({
                "players": r.integer("players"), "hands": r.integer("hands_total", 1, 20),
                "join": r.text("join") if r.has("join") else "no"})
        except InvalidConfig as e:
            raise InvalidState(f"{where}: {e}") from None
        n, hands_total, join = config.players, config.hand_count, config.join == "yes"
        hand = r.integer("hand", 1, hands_total)
        to_move = r.integer("to_move", 0, n - 1)
        phase = r.text("phase", PHASES)
        log = tuple(r.items("log", _read_event))
        totals = tuple(r.items("totals", _read_int))
        history = tuple(tuple(_read_int_list(h, f"{where}.history[{i}]", n))
                        for i, h in enumerate(r.array("history")))
        if len(totals) != n:
            raise InvalidState(f"{where}.totals: expected {n} totals, got {len(totals)}")
        finished = phase in (HAND_OVER, OVER)
        if len(history) != hand - (0 if finished else 1):
            raise InvalidState(f"{where}.history: one entry per finished hand")
        if any(sum(h[p] for h in history) != totals[p] for p in range(n)):
            raise InvalidState(f"{where}.totals: must be the sum of the hands' scores")
        if phase == OVER and hand != hands_total:
            raise InvalidState(f"{where}.phase: the game ends after the last hand")
        if phase == HAND_OVER and hand == hands_total:
            raise InvalidState(f"{where}.phase: after the last hand the game is over")
        first = (hand - 1) % n
        board, placed, exp_to_move, exp_phase = self._replay(log, n, first, config.hand_size,
                                                             join, where)
        if exp_phase == "end":
            if not finished:
                raise InvalidState(f"{where}.phase: every card is played, the hand is over")
            if history[-1] != tuple(board.totals(n)):
                raise InvalidState(f"{where}.history: the last hand's scores do not match the "
                                   "table")
            exp_to_move = 0 if phase == OVER else hand % n
        elif finished or phase != exp_phase:
            raise InvalidState(f"{where}.phase: expected {exp_phase!r} after these actions")
        if to_move != exp_to_move:
            raise InvalidState(f"{where}.to_move: expected player {exp_to_move}")
        return CFState(players=n, hands_total=hands_total, hand=hand, to_move=to_move,
                       phase=phase, hands=(), deck=(), log=log, totals=totals,
                       history=history, seed=0, join=join, board=board), placed

    def redeal_hidden(self, state: CFState, player: int, rng: random.Random) -> CFState:
        """The other hands and the deck dealt again (sizes kept), and the seed of later
        hands' shuffles drawn anew: all ``player`` cannot see."""
        hands, (deck,) = redeal_unseen(state.hands, [state.deck], player, rng)
        return replace(state, hands=hands, deck=deck, seed=rng.randrange(2**31))

    def full_set(self, config: CFConfig) -> Counter[str]:
        return Counter([*DECK_IDS, START_CARD])

    def _replay(self, log: Sequence[Event], n: int, first: int, size: int,
                join: bool = False, where: str = "state") -> tuple[Board, list[int], int, str]:
        """Rebuild the table from a hand's actions, checking each; returns board, cards
        placed per player, who moves next and the phase (``"end"`` when every card is played).

        The last replay is remembered: a log that goes on from it (a game saved after every
        action) replays only the actions added since. Tables are changed only on a fresh
        copy, so the remembered one stays as it was; it is used only while it still holds as
        many cards and claims as when it was remembered.
        """
        board, placed, to_move, phase = _replay(log, n, first, size, join, self._last_replay,
                                                where)
        self._last_replay = _Replay(tuple(log), (n, first, size, join), board, tuple(placed),
                                    to_move, phase, _extent(board))
        return board, placed, to_move, phase


@dataclass(frozen=True)
class _Replay:
    """A replayed hand log and what it gave (see :meth:`CubeFarm._replay`)."""

    log: tuple[Event, ...]
    params: tuple[int, int, int, bool]
    board: Board
    placed: tuple[int, ...]
    to_move: int
    phase: str
    extent: tuple[int, int]  # cards and claims on ``board`` when remembered


def _extent(board: Board) -> tuple[int, int]:
    return len(board.placements), len(board.stones)


def _replay(log: Sequence[Event], n: int, first: int, size: int, join: bool,
            last: _Replay | None, path: str = "state") -> tuple[Board, list[int], int, str]:
    """Replay ``log``, from ``last`` when the log goes on from it (``path``: the saved game's
    or the view's, for the errors)."""
    log = tuple(log)
    params = (n, first, size, join)
    start = 0
    if last is not None and last.params == params and len(last.log) <= len(log) and (
            last.log == log[:len(last.log)]) and _extent(last.board) == last.extent:
        start = len(last.log)
        board, placed, to_move, phase = last.board, list(last.placed), last.to_move, last.phase
    else:
        board = Board.start(join_players=join)
        placed = [0] * n
        to_move, phase = first, PLACE
    for i in range(start, len(log)):
        ev = log[i]
        where = f"{path}.log[{i}]"
        if phase == "end":
            raise InvalidState(f"{where}: the hand is already over")
        if ev.player != to_move:
            raise InvalidState(f"{where}: it was player {to_move}'s turn")
        a = ev.action
        if isinstance(a, Place):
            if phase != PLACE:
                raise InvalidState(f"{where}: a claim or pass was due")
            problem = board.placement_problem(a.card, a.x, a.y, a.rot)
            if problem is None and a.card == START_CARD:
                problem = "the starting elevator is not in a hand"
            if problem is not None:
                raise InvalidState(f"{where}: {problem}")
            board = board.copy()
            board.place(a.card, a.x, a.y, a.rot)
            placed[to_move] += 1
            if placed[to_move] > size:
                raise InvalidState(f"{where}: more cards played than dealt")
            if board.claimable():
                phase = CLAIM
                continue
        elif isinstance(a, Claim | Pass):
            if phase != CLAIM:
                raise InvalidState(f"{where}: nothing to claim now")
            if isinstance(a, Claim):
                problem = board.claim_problem(a.pos)
                if problem is not None:
                    raise InvalidState(f"{where}: {problem}")
                board = board.copy()
                board.claim(a.pos, to_move)
        else:
            raise InvalidState(f"{where}: {a} is not part of a hand")
        if sum(placed) == n * size:
            phase = "end"
        else:
            phase = PLACE
            to_move = (to_move + 1) % n
    return board, placed, to_move, phase


def _read_ids(v: object, path: str) -> list[str]:
    if not isinstance(v, list):
        raise InvalidState(f"{path}: expected a list of card ids")
    out = []
    for i, x in enumerate(v):
        if not isinstance(x, str) or x not in SHAPES or x == START_CARD:
            raise InvalidState(f"{path}[{i}]: {x!r} is not a card of the deck")
        out.append(x)
    return out


def _read_event(v: object, path: str) -> Event:
    if (not isinstance(v, list) or len(v) != 2 or not isinstance(v[0], int)
            or isinstance(v[0], bool) or not isinstance(v[1], str)):
        raise InvalidState(f"{path}: expected [player, action text]")
    try:
        action = parse_cf_action(v[1])
    except ParseError as e:
        raise InvalidState(f"{path}: {e}") from None
    return Event(v[0], action)


def _read_int(v: object, path: str) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidState(f"{path}: expected a whole number")
    return v


def _read_int_list(v: object, path: str, n: int) -> list[int]:
    if not isinstance(v, list) or len(v) != n:
        raise InvalidState(f"{path}: expected {n} scores")
    return [_read_int(x, f"{path}[{i}]") for i, x in enumerate(v)]


GAME = CubeFarm()
