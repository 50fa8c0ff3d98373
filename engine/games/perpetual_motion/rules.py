"""Perpetual Motion, Mark Masten's solitaire, exactly as RULINGS.md section 1 settles it.

Deal four cards at a time onto four stacks; a dealt row of one rank is discarded at once; then
forced moves put each top card onto the leftmost stack showing its rank, until no two stacks
show one rank. When the deck is used up the stacks are gathered (4 onto 3 onto 2 onto 1) and
turned over into the next round's deck. The game is won when all 52 cards are discarded and
lost when a round starts with a rank order seen at the start of an earlier round (it would then
loop forever; suits never affect play, so comparing ranks is exact).

Two implementations live here on purpose: the step-by-step :class:`PerpetualMotion` protocol
that the app drives one tap at a time, and :func:`play_out`, a tight loop over rank numbers used
for statistics (tens of thousands of deals). Tests check that they agree on every deal.

Counting: ``rounds`` is the number of rounds played until the win, or until the round whose
starting deck repeats an earlier one was reached (that round is not counted). Masten's published
44.7 seems to count that revealing round too, i.e. ours + 1 for lost deals.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import (
    RANKS,
    Card,
    check_single_deck,
    parse_cards,
    rank_name,
    shuffled,
    standard_deck,
)
from engine.data import Reader, check_int, read_cards
from engine.errors import InvalidConfig, InvalidState, ParseError
from engine.games.perpetual_motion.info import INFO
from engine.protocol import Game, GameInfo, JSONDict, Outcome

STACKS = 4
_RANK_CHARS = frozenset(RANKS)
PLAYING, WON, LOOPED = "playing", "won", "looped"


# --- values ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PMConfig:
    """Perpetual Motion has no options; the config exists so it speaks the shared protocol."""

    players: int = 1

    def to_dict(self) -> JSONDict:
        return {"players": 1}


@dataclass(frozen=True)
class Deal:
    """Deal the next row of four cards (one onto each stack)."""

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True)
class Move:
    """Move the top card of stack ``src`` onto stack ``dst`` (0-based; text form is 1-based)."""

    src: int
    dst: int

    def __str__(self) -> str:
        return f"move {self.src + 1} {self.dst + 1}"


@dataclass(frozen=True)
class Gather:
    """End the round: gather the stacks (4 onto 3 onto 2 onto 1) and turn them over."""

    def __str__(self) -> str:
        return "gather"


PMAction = Deal | Move | Gather


@dataclass(frozen=True)
class PMState:
    """A Perpetual Motion game in progress.

    ``deck``: the cards still to deal this round, first dealt first. ``stacks``: four stacks,
    each bottom to top. ``discarded``: in the order they left the game. ``round`` counts from 1;
    ``deals`` counts four-card deals made; ``seen`` holds the rank order of the deck at the
    start of every round so far (``seen[r-1]`` for round r), which is what loop detection needs.
    """

    deck: tuple[Card, ...]
    stacks: tuple[tuple[Card, ...], ...]
    discarded: tuple[Card, ...]
    round: int
    deals: int
    seen: tuple[str, ...]
    status: str = PLAYING
    loop_start: int | None = None
    loop_length: int | None = None
    seed: int | None = None  # the deal number, when the deal came from a seed


@dataclass(frozen=True)
class PMView:
    """What the player sees: everything but the order of the cards left in the deck."""

    deck_count: int
    stacks: tuple[tuple[Card, ...], ...]
    discarded: tuple[Card, ...]
    round: int
    deals: int
    seen: tuple[str, ...]
    status: str
    loop_start: int | None
    loop_length: int | None
    seed: int | None
    pending: Move | None

    def to_dict(self) -> JSONDict:
        return {
            "deck_count": self.deck_count,
            "stacks": [[str(c) for c in s] for s in self.stacks],
            "discarded": [str(c) for c in self.discarded],
            "round": self.round,
            "deals": self.deals,
            "seen": list(self.seen),
            "status": self.status,
            "loop_start": self.loop_start,
            "loop_length": self.loop_length,
            "seed": self.seed,
            "pending": None if self.pending is None else str(self.pending),
        }


# --- the rules ------------------------------------------------------------------------------


def rank_key(cards: Sequence[Card]) -> str:
    """The rank order of some cards as text (``"A7TK..."``): what loop detection compares."""
    return "".join(RANKS[c.rank - 1] for c in cards)


def forced_move(stacks: Sequence[Sequence[Card]]) -> Move | None:
    """The next forced move, or None.

    The top card of the leftmost stack whose rank already shows on a stack to its left moves
    onto the leftmost stack showing that rank (RULINGS 1.3). Empty stacks take no moves.
    """
    first_with_rank: dict[int, int] = {}
    for j, stack in enumerate(stacks):
        if not stack:
            continue
        r = stack[-1].rank
        if r in first_with_rank:
            return Move(j, first_with_rank[r])
        first_with_rank[r] = j
    return None


def deck_from_seed(seed: int) -> list[Card]:
    """The deal numbered ``seed``: a standard deck shuffled by ``random.Random(seed)``."""
    return shuffled(standard_deck(), random.Random(seed))


class PerpetualMotion(Game[PMConfig, PMState, PMAction, PMView]):
    """The step-by-step protocol: Deal, forced Moves one at a time, Gather between rounds."""

    info: ClassVar[GameInfo] = INFO

    def default_config(self, players: int | None = None) -> PMConfig:
        if players not in (None, 1):
            raise InvalidConfig("Perpetual Motion is played alone (1 player)")
        return PMConfig()

    def config_from_dict(self, data: object) -> PMConfig:
        r = Reader(data, "config")
        if r.has("players"):
            r.integer("players", 1, 1)
        return PMConfig()

    def new_game(self, config: PMConfig, rng: random.Random) -> PMState:
        return self._start(shuffled(standard_deck(), rng), None)

    def new_seeded(self, seed: int) -> PMState:
        """The deal numbered ``seed`` (what links and the deal number refer to)."""
        return self._start(deck_from_seed(seed), seed)

    def new_game_numbered(self, config: PMConfig, number: int) -> PMState:
        """Deal ``number`` is :meth:`new_seeded`'s, as the app's links have always numbered
        deals (the command line plays the deal a link of that number shows)."""
        return self.new_seeded(number)

    def new_game_from_deck(self, config: PMConfig, deck: Sequence[str]) -> PMState:
        cards = parse_cards(deck)
        check_single_deck(cards)
        return self._start(cards, None)

    def _start(self, deck: Sequence[Card], seed: int | None) -> PMState:
        return PMState(
            deck=tuple(deck),
            stacks=((),) * STACKS,
            discarded=(),
            round=1,
            deals=0,
            seen=(rank_key(deck),),
            seed=seed,
        )

    # --- play ---
    def current_player(self, state: PMState) -> int | None:
        return None if state.status != PLAYING else 0

    def pending_move(self, state: PMState) -> Move | None:
        """The forced move the player must make now (the Hint), if any."""
        return forced_move(state.stacks) if state.status == PLAYING else None

    def legal_actions(self, state: PMState) -> list[PMAction]:
        if state.status != PLAYING:
            return []
        move = forced_move(state.stacks)
        if move is not None:
            return [move]
        return [Deal()] if state.deck else [Gather()]

    def explain_illegal(self, state: PMState, action: PMAction) -> str | None:
        if state.status == WON:
            return "the game is over: every card is discarded"
        if state.status == LOOPED:
            return "the game is over: this deal loops forever"
        move = forced_move(state.stacks)
        if isinstance(action, Deal):
            if move is not None:
                return f"a forced move is pending first: {describe_move(state, move)}"
            if not state.deck:
                return "the deck is used up: gather the stacks for the next round"
            return None
        if isinstance(action, Gather):
            if move is not None:
                return f"a forced move is pending first: {describe_move(state, move)}"
            if state.deck:
                return f"the round is not over: {len(state.deck)} cards are left to deal"
            return None
        if isinstance(action, Move):
            if not (0 <= action.src < STACKS and 0 <= action.dst < STACKS):
                return "there are only four stacks"
            if move == action:
                return None
            src, dst = state.stacks[action.src], state.stacks[action.dst]
            if not src:
                return f"stack {action.src + 1} is empty"
            if action.src == action.dst:
                return "a card cannot move onto its own stack"
            if not dst:
                return f"stack {action.dst + 1} is empty: it takes no moves until the next deal"
            if src[-1].rank != dst[-1].rank:
                return (f"the {src[-1].name} does not match the {dst[-1].name} on "
                        f"stack {action.dst + 1}")
            if move is None:
                return "no move is possible now"
            if action.dst > action.src:
                return "cards only move left, onto the leftmost stack of the same rank"
            return f"not this one yet: {describe_move(state, move)}"
        return f"{action} is not a Perpetual Motion action"

    def _apply(self, state: PMState, action: PMAction) -> PMState:
        if isinstance(action, Move):
            piles = [list(s) for s in state.stacks]
            piles[action.dst].append(piles[action.src].pop())
            return _replace(state, stacks=tuple(tuple(s) for s in piles))
        if isinstance(action, Deal):
            row, deck = state.deck[:STACKS], state.deck[STACKS:]
            deals = state.deals + 1
            if len({c.rank for c in row}) == 1:
                discarded = state.discarded + tuple(row)
                status = WON if len(discarded) == 52 else PLAYING
                return _replace(state, deck=deck, discarded=discarded, deals=deals, status=status)
            dealt = tuple(s + (c,) for s, c in zip(state.stacks, row, strict=True))
            return _replace(state, deck=deck, stacks=dealt, deals=deals)
        # Gather: 4 onto 3 onto 2 onto 1, turned over: the bottom of stack 1 is dealt first.
        deck = tuple(c for s in state.stacks for c in s)
        key = rank_key(deck)
        if key in state.seen:
            start = state.seen.index(key) + 1
            return _replace(state, deck=deck, stacks=((),) * STACKS, status=LOOPED,
                            loop_start=start, loop_length=state.round + 1 - start)
        return _replace(state, deck=deck, stacks=((),) * STACKS, round=state.round + 1,
                        seen=(*state.seen, key))

    def outcome(self, state: PMState) -> Outcome | None:
        details = {
            "won": state.status == WON,
            "rounds": state.round,
            "deals": state.deals,
            "loop_start": state.loop_start,
            "loop_length": state.loop_length,
        }
        r = state.round
        if state.status == WON:
            return Outcome((0,), f"Won in {r} round{_s(r)}: every card is discarded.",
                           details=details,
                           text=f"Every card is discarded, in {r} round{_s(r)}.")
        if state.status == LOOPED:
            n = state.loop_length
            return Outcome((), f"Loops {every_rounds(n or 0)} from round "
                               f"{state.loop_start}.", details=details,
                           text=f"Loops {every_rounds(n or 0)} from round "
                                f"{state.loop_start}. ({r} round{_s(r)} played until the repeat "
                                "was found.)")
        return None

    def parse_action(self, text: str) -> PMAction:
        words = text.strip().lower().split()
        if words == ["deal"]:
            return Deal()
        if words == ["gather"]:
            return Gather()
        if len(words) == 3 and words[0] == "move" and all(
                w.isascii() and w.isdigit() and len(w) <= 2 for w in words[1:]):
            src, dst = int(words[1]), int(words[2])
            if 1 <= src <= STACKS and 1 <= dst <= STACKS:
                return Move(src - 1, dst - 1)
        raise ParseError(f"{text!r} is not an action: use 'deal', 'gather' or 'move 3 1'")

    # --- information ---
    def view(self, state: PMState, player: int = 0) -> PMView:
        return PMView(
            deck_count=len(state.deck),
            stacks=state.stacks,
            discarded=state.discarded,
            round=state.round,
            deals=state.deals,
            seen=state.seen,
            status=state.status,
            loop_start=state.loop_start,
            loop_length=state.loop_length,
            seed=state.seed,
            pending=self.pending_move(state),
        )

    def determinize(self, view: PMView, rng: random.Random) -> PMState:
        shown: Counter[Card] = Counter(c for s in view.stacks for c in s)
        shown.update(view.discarded)
        rest = [c for c in standard_deck() if c not in shown]
        rng.shuffle(rest)
        # the ranks of the deck are known, only its suits are not: the gathered deck of a
        # loop repeats a round's start, else the deck is what is left of this round's
        if view.status == LOOPED and view.loop_start is not None:
            rest = _in_rank_order(rest, view.seen[view.loop_start - 1])
        elif view.deck_count and view.seen:
            rest = _in_rank_order(rest, view.seen[-1][-view.deck_count:])
        return PMState(deck=tuple(rest), stacks=view.stacks, discarded=view.discarded,
                       round=view.round, deals=view.deals, seen=view.seen, status=view.status,
                       loop_start=view.loop_start, loop_length=view.loop_length, seed=view.seed)

    def card_multiset(self, state: PMState) -> Counter[str]:
        cards = list(state.deck) + [c for s in state.stacks for c in s] + list(state.discarded)
        return Counter(map(str, cards))

    def redeal_hidden(self, state: PMState, player: int, rng: random.Random) -> PMState:
        """The face-down deck in another order: all the player does not see."""
        deck = list(state.deck)
        rng.shuffle(deck)
        return _replace(state, deck=tuple(deck))

    def config_of(self, state: PMState) -> PMConfig:
        return PMConfig()

    def full_set(self, config: PMConfig) -> Counter[str]:
        return Counter(str(c) for c in standard_deck())

    # --- saving ---
    def state_to_dict(self, state: PMState) -> JSONDict:
        return {
            "game": self.info.id,
            "deck": [str(c) for c in state.deck],
            "stacks": [[str(c) for c in s] for s in state.stacks],
            "discarded": [str(c) for c in state.discarded],
            "round": state.round,
            "deals": state.deals,
            "seen": list(state.seen),
            "status": state.status,
            "loop_start": state.loop_start,
            "loop_length": state.loop_length,
            "seed": state.seed,
        }

    def state_from_dict(self, data: object) -> PMState:
        r = Reader(data, "state")
        if r.has("game") and r.text("game") != self.info.id:
            raise InvalidState(f"state.game: this is a {r.text('game')} game, not Perpetual Motion")
        deck = r.cards("deck")
        state = _replace(_read_shown(r), deck=tuple(deck))
        every = deck + [c for s in state.stacks for c in s] + list(state.discarded)
        try:
            check_single_deck(every)
        except ParseError as e:
            raise InvalidState(f"state: the cards in deck, stacks and discards: {e}") from None
        if len(deck) % STACKS or len(state.discarded) % STACKS:
            raise InvalidState("state: deck and discards must hold whole rows of four cards")
        if state.status == LOOPED:
            start = state.loop_start
            assert start is not None
            # the gathered deck repeats the start of round loop_start
            if any(state.stacks) or state.seen[start - 1] != rank_key(deck):
                raise InvalidState("state: loop_start and loop_length do not describe the loop")
        return state

    def view_from_dict(self, data: object) -> PMView:
        r = Reader(data, "view")
        shown = _read_shown(r)
        pending = None if r.data.get("pending") is None else self._read_move(r, "pending")
        view = PMView(deck_count=r.integer("deck_count", 0, 52), stacks=shown.stacks,
                      discarded=shown.discarded, round=shown.round, deals=shown.deals,
                      seen=shown.seen, status=shown.status, loop_start=shown.loop_start,
                      loop_length=shown.loop_length, seed=shown.seed, pending=pending)
        return self.possible_view(view, 0)

    def _read_move(self, r: Reader, key: str) -> Move:
        text = r.text(key)
        try:
            move = self.parse_action(text)
        except ParseError:
            move = None
        if not isinstance(move, Move):
            raise InvalidState(f"{r.path}.{key}: expected a move like 'move 3 1', got "
                               f"{text[:40]!r}")
        return move


def _read_shown(r: Reader) -> PMState:
    """Everything of a saved game or a view but the deck (a state with an empty deck),
    checked as far as it goes without the deck."""
    where = r.path
    stacks_raw = r.array("stacks")
    if len(stacks_raw) != STACKS:
        raise InvalidState(f"{where}.stacks: expected 4 stacks, got {len(stacks_raw)}")
    stacks = tuple(tuple(read_cards(s, f"{where}.stacks[{i}]")) for i, s in enumerate(stacks_raw))
    discarded = r.cards("discarded")
    rnd = r.integer("round", 1)
    deals = r.integer("deals", 0)
    seen = tuple(r.items("seen", _read_rank_key))
    if len(seen) != rnd:
        raise InvalidState(f"{where}.seen: expected one entry per round ({rnd}), got {len(seen)}")
    status = r.text("status", (PLAYING, WON, LOOPED))
    loop_start = r.opt_integer("loop_start", 1, rnd)
    loop_length = r.opt_integer("loop_length", 1, rnd)
    if (status == LOOPED) != (loop_start is not None and loop_length is not None):
        raise InvalidState(f"{where}: loop_start and loop_length are set exactly when looped")
    if (status == WON) != (len(discarded) == 52):
        raise InvalidState(f"{where}.status: won exactly when all 52 cards are discarded")
    if loop_start is not None and loop_length != rnd + 1 - loop_start:
        raise InvalidState(f"{where}: loop_start and loop_length do not describe the loop")
    seed = r.opt_integer("seed", 0)
    return PMState(deck=(), stacks=stacks, discarded=tuple(discarded), round=rnd, deals=deals,
                   seen=seen, status=status, loop_start=loop_start, loop_length=loop_length,
                   seed=seed)


def _in_rank_order(cards: Sequence[Card], key: str) -> list[Card]:
    """``cards`` reordered to have the ranks ``key`` (each rank's cards in their order), or
    as they are when their ranks are not those of ``key``."""
    by_rank: dict[str, list[Card]] = {}
    for c in cards:
        by_rank.setdefault(RANKS[c.rank - 1], []).append(c)
    if sorted(key) != sorted(rank_key(cards)):
        return list(cards)
    return [by_rank[ch].pop() for ch in key]


def _read_rank_key(v: object, path: str) -> str:
    if not isinstance(v, str) or not _RANK_CHARS.issuperset(v) or len(v) % 4 or len(v) > 52:
        raise InvalidState(f"{path}: expected the ranks of a deck, like 'A7TK...'")
    return v


def _s(n: int) -> str:
    return "" if n == 1 else "s"


def every_rounds(n: int) -> str:
    """How often a loop comes round, as a player says it: "every round", "every 12 rounds"."""
    return "every round" if n == 1 else f"every {n} rounds"


def _replace(state: PMState, **changes: Any) -> PMState:
    from dataclasses import replace

    return replace(state, **changes)


def describe_move(state: PMState, move: Move) -> str:
    card = state.stacks[move.src][-1]
    return f"the {card.name} on stack {move.src + 1} goes onto stack {move.dst + 1}"


def describe_stack(stack: Sequence[Card], index: int) -> str:
    """Screen-reader label: ``"stack 2, 5 cards, top: queen of spades"``."""
    if not stack:
        return f"stack {index + 1}, empty"
    n = len(stack)
    return f"stack {index + 1}, {n} card{'s' if n != 1 else ''}, top: {stack[-1].name}"


GAME = PerpetualMotion()


# --- fast play-out for statistics -----------------------------------------------------------


@dataclass(frozen=True)
class PlayResult:
    """The result of playing one deal to its end through :func:`play_out` (what ``stats``
    adds up; the same figures as the outcome's details of the step-by-step game)."""

    won: bool
    rounds: int
    deals: int
    loop_start: int | None
    loop_length: int | None

    def to_dict(self) -> JSONDict:
        return {"won": self.won, "rounds": self.rounds, "deals": self.deals,
                "loop_start": self.loop_start, "loop_length": self.loop_length}


def play_out(ranks: Sequence[int]) -> PlayResult:
    """Play a deal (ranks 1..13, first dealt first) to the win or the first repeated round.

    The same rules as :class:`PerpetualMotion`, written as one tight loop over small integers
    because the statistics panel plays thousands of deals in the browser.
    """
    deck = list(ranks)
    seen: dict[bytes, int] = {bytes(deck): 1}
    rnd = 1
    deals = 0
    while True:
        s0: list[int] = []
        s1: list[int] = []
        s2: list[int] = []
        s3: list[int] = []
        for i in range(0, len(deck), 4):
            a, b, c, d = deck[i], deck[i + 1], deck[i + 2], deck[i + 3]
            deals += 1
            if a == b == c == d:
                continue
            s0.append(a)
            s1.append(b)
            s2.append(c)
            s3.append(d)
            # forced moves until no two stacks show one rank
            while True:
                t0 = s0[-1] if s0 else -1
                t1 = s1[-1] if s1 else -2
                t2 = s2[-1] if s2 else -3
                t3 = s3[-1] if s3 else -4
                if t1 == t0:
                    s0.append(s1.pop())
                elif t2 == t0:
                    s0.append(s2.pop())
                elif t2 == t1:
                    s1.append(s2.pop())
                elif t3 == t0:
                    s0.append(s3.pop())
                elif t3 == t1:
                    s1.append(s3.pop())
                elif t3 == t2:
                    s2.append(s3.pop())
                else:
                    break
        deck = s0 + s1 + s2 + s3
        if not deck:
            return PlayResult(True, rnd, deals, None, None)
        key = bytes(deck)
        start = seen.get(key)
        if start is not None:
            return PlayResult(False, rnd, deals, start, rnd + 1 - start)
        rnd += 1
        seen[key] = rnd


@dataclass
class Stats:
    """Running totals over many deals (used by the command line and the app's panel)."""

    games: int = 0
    won: int = 0
    rounds_total: int = 0
    rounds_won_total: int = 0
    rounds_sq_total: int = 0
    loop_lengths: Counter[int] | None = None

    def add(self, r: PlayResult) -> None:
        if self.loop_lengths is None:
            self.loop_lengths = Counter()
        self.games += 1
        self.rounds_total += r.rounds
        self.rounds_sq_total += r.rounds * r.rounds
        if r.won:
            self.won += 1
            self.rounds_won_total += r.rounds
        elif r.loop_length is not None:
            self.loop_lengths[r.loop_length] += 1

    @property
    def win_rate(self) -> float:
        return self.won / self.games if self.games else 0.0

    @property
    def win_rate_error(self) -> float:
        """Standard error of the win rate (binomial)."""
        p = self.win_rate
        return (p * (1 - p) / self.games) ** 0.5 if self.games else 0.0

    @property
    def mean_rounds(self) -> float:
        return self.rounds_total / self.games if self.games else 0.0

    @property
    def mean_rounds_error(self) -> float:
        """Standard error of the mean number of rounds."""
        n = self.games
        if n < 2:
            return 0.0
        var = (self.rounds_sq_total - n * self.mean_rounds ** 2) / (n - 1)
        return math.sqrt(max(var, 0.0) / n)

    def to_dict(self) -> JSONDict:
        return {
            "games": self.games,
            "won": self.won,
            "win_rate": self.win_rate,
            "win_rate_stderr": self.win_rate_error,
            "mean_rounds": self.mean_rounds,
            "mean_rounds_stderr": self.mean_rounds_error,
            "mean_rounds_masten_count": self.mean_rounds + (self.games - self.won) / self.games
            if self.games else 0.0,
            "loop_lengths": {str(k): v for k, v in sorted((self.loop_lengths or {}).items())},
        }


def simulate(games: int, seed: int) -> Stats:
    """Play ``games`` deals numbered from a generator seeded with ``seed``."""
    rng = random.Random(seed)
    ranks = [r for r in range(1, 14) for _ in range(4)]
    stats = Stats()
    for _ in range(games):
        rng.shuffle(ranks)
        stats.add(play_out(ranks))
    return stats


# --- command line ---------------------------------------------------------------------------


def cli_main(argv: list[str]) -> int:
    """``python -m engine perpetual-motion stats ...``: many deals through :func:`play_out`
    (one deal is the shared ``python -m engine play perpetual-motion``)."""
    p = argparse.ArgumentParser(prog="python -m engine perpetual-motion",
                                description="Perpetual Motion's own commands (besides play).")
    sub = p.add_subparsers(dest="cmd", required=True)
    st = sub.add_parser("stats", help="simulate many deals")
    st.add_argument("--games", type=int, default=10000, help="deals to play (default 10000)")
    st.add_argument("--seed", type=int, default=1,
                    help="seed of the generator that shuffles every deal (default 1)")
    st.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if args.games < 1:
        raise ParseError("--games must be at least 1")
    return _stats_cli(args.games, args.seed, args.json)


def _stats_cli(games: int, seed: int, as_json: bool) -> int:
    rng = random.Random(seed)
    ranks = [r for r in range(1, 14) for _ in range(4)]
    stats = Stats()
    show_bar = games >= 2000  # a long run: show progress on stderr
    step = max(1, games // 50)
    for i in range(games):
        rng.shuffle(ranks)
        stats.add(play_out(ranks))
        if show_bar and (i + 1) % step == 0:
            done = (i + 1) / games
            bar = "#" * int(done * 40)
            print(f"\r[{bar:<40}] {i + 1}/{games}", end="", file=sys.stderr, flush=True)
    if show_bar:
        print(file=sys.stderr)
    if as_json:
        print(json.dumps(stats.to_dict()))
        return 0
    print(f"deals played: {stats.games}")
    print(f"won: {stats.won} ({100 * stats.win_rate:.2f} % ± {100 * stats.win_rate_error:.2f} %)")
    print(f"mean rounds (until the win or the repeated deck): {stats.mean_rounds:.2f} "
          f"± {stats.mean_rounds_error:.2f}")
    print(f"mean rounds counting the repeating round (Masten's count): "
          f"{stats.to_dict()['mean_rounds_masten_count']:.2f}")
    print("loop lengths (rounds: deals):")
    for length, n in sorted((stats.loop_lengths or Counter()).items()):
        print(f"  {length:>4}: {n}")
    return 0


__all__ = [
    "GAME", "Deal", "Gather", "Move", "PMConfig", "PMState", "PMView", "PerpetualMotion",
    "PlayResult", "Stats", "check_int", "deck_from_seed", "forced_move", "play_out",
    "rank_name", "simulate",
]
