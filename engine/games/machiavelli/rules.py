"""Machiavelli / Manipulation rummy, as RULINGS.md section 2 settles it.

A turn is built step by step, the way a person does it at the table (and the way the screen
drives it): lay a hand card onto a meld or as a new meld, move a table card, split a meld,
merge two melds, take a face-up helping card. In the middle of a turn the table may be invalid;
every meld reports why (:func:`meld_problem`). "End turn" needs a valid table and at least one
card laid from the hand; "Reset" restores the turn's start; "Draw" (or "Pass" once the draw pile
is empty) resets and ends the turn. Cards on the table never return to a hand.

Cards are addressed by position because two identical cards exist: meld ``k`` (1-based in text),
position ``p`` inside it; hand card ``i`` of the sorted hand. Every meld is kept in display order
(runs in sequence, groups by suit) so a position always names the same card.

App rule (random play must end): a turn has at most ``10 + 2 x (table cards at its start) +
(hand cards at its start)`` steps; after that only End turn, Reset and Draw/Pass remain. Reset
gives the turn a fresh start (its steps back) up to ``MAX_RESETS`` times a turn, so that every
turn still ends.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from engine.cards import Card, double_deck, parse_cards, redeal_unseen, shuffled, sort_cards
from engine.data import Reader, check_int, read_card, read_cards
from engine.errors import InvalidConfig, InvalidState, ParseError
from engine.protocol import PUBLIC, Game, GameInfo, JSONDict, Outcome, SoakProfile

from .info import INFO
from .melds import ACE_OPTIONS, display_order, meld_problem

VARIANTS = ("machiavelli", "manipulation", "helping")
VARIANT_HAND = {"machiavelli": 15, "manipulation": 7, "helping": 6}
BIG_GAME_HAND = {6: 13, 7: 11, 8: 10}
HELPING_ROW = 4
MAX_RESETS = 5  # fresh starts (steps given back by Reset) in one turn
PLAYING, OVER = "playing", "over"
OLD, FROM_HAND, HELPING = "t", "h", "x"
_TWO_DECKS: Counter[Card] = Counter(double_deck())  # compared with, never changed


# --- values ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MConfig:
    """Set-up: players 2-8, variant, hand size (3-15), ace option, match limit (0: one hand)."""

    players: int = 2
    variant: str = "machiavelli"
    hand_size: int = 15
    ace: str = "both"
    match_limit: int = 0

    def to_dict(self) -> JSONDict:
        return {"players": self.players, "variant": self.variant, "hand_size": self.hand_size,
                "ace": self.ace, "match_limit": self.match_limit}


@dataclass(frozen=True, order=True)
class TableCard:
    """A card on the table and where it came from this turn: ``t`` already on the table at the
    start of the turn, ``h`` laid from the hand, ``x1``..``x4`` a helping card taken from that
    slot. Text: ``7H``, ``7H/h``, ``7H/x2``."""

    card: Card
    src: str = OLD

    def __str__(self) -> str:
        return str(self.card) if self.src == OLD else f"{self.card}/{self.src}"


Meld = tuple[TableCard, ...]


@dataclass(frozen=True)
class Lay:
    """Lay hand card ``hand`` onto meld ``to`` (None: as a new meld). 0-based; text 1-based."""

    hand: int
    to: int | None

    def __str__(self) -> str:
        return f"lay {self.hand + 1} -> {_target(self.to)}"


@dataclass(frozen=True)
class Move:
    """Move the card at position ``pos`` of meld ``meld`` onto meld ``to`` (None: new meld)."""

    meld: int
    pos: int
    to: int | None

    def __str__(self) -> str:
        return f"move {self.meld + 1}.{self.pos + 1} -> {_target(self.to)}"


@dataclass(frozen=True)
class Split:
    """Split meld ``meld`` after its first ``at`` cards; the rest becomes a new meld."""

    meld: int
    at: int

    def __str__(self) -> str:
        return f"split {self.meld + 1}.{self.at}"


@dataclass(frozen=True)
class Merge:
    """Put every card of meld ``b`` into meld ``a`` (a < b)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"merge {self.a + 1} {self.b + 1}"


@dataclass(frozen=True)
class Take:
    """Take face-up helping card ``slot`` onto meld ``to`` (None: a new meld)."""

    slot: int
    to: int | None

    def __str__(self) -> str:
        return f"take {self.slot + 1} -> {_target(self.to)}"


@dataclass(frozen=True)
class EndTurn:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Reset:
    def __str__(self) -> str:
        return "reset"


@dataclass(frozen=True)
class Draw:
    """Lay nothing: put the table back and draw the top card (``pass`` when the pile is empty)."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


MAction = Lay | Move | Split | Merge | Take | EndTurn | Reset | Draw | Pass
STEP_TYPES = (Lay, Move, Split, Merge, Take)


def _target(to: int | None) -> str:
    return "new" if to is None else str(to + 1)


@dataclass(frozen=True)
class MState:
    """A game (or a match of several hands) in progress.

    ``deck``: the draw pile, top first. ``hands``: sorted. ``table``: the melds now, with
    where each card came from this turn. ``start_table``: the table as the turn found it (what
    Reset restores). ``helping``: the face-up row (None: a slot whose card was taken this turn).
    ``passes``: consecutive passes with an empty pile. ``turns``: turns played this hand.
    ``scores``: match penalty totals. ``history``: a match's penalty points, hand by hand (every
    finished hand: the score sheet the end shows). ``seed``: where later hands of a match are
    shuffled from.
    """

    config: MConfig
    deck: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    table: tuple[Meld, ...]
    start_table: tuple[tuple[Card, ...], ...]
    helping: tuple[Card | None, ...]
    player: int
    steps: int = 0
    passes: int = 0
    turns: int = 0
    status: str = PLAYING
    winners: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    hand_no: int = 1
    seed: int = 0
    last_hand: tuple[int, ...] = ()  # penalty points of the hand that just ended (matches)
    resets: int = 0  # fresh starts (Reset) used this turn
    history: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class MView:
    """What ``player`` sees: everything but the other hands and the order of the draw pile."""

    player: int
    config: MConfig
    deck_count: int
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    table: tuple[Meld, ...]
    start_table: tuple[tuple[Card, ...], ...]
    helping: tuple[Card | None, ...]
    current: int | None
    steps: int
    step_limit: int
    passes: int
    turns: int
    status: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]
    hand_no: int
    last_hand: tuple[int, ...]
    resets: int = 0  # fresh starts used this turn (Reset gives steps back while below the max)
    history: tuple[tuple[int, ...], ...] = ()  # a match's points, hand by hand

    def to_dict(self) -> JSONDict:
        return {
            "player": self.player,
            "config": self.config.to_dict(),
            "deck_count": self.deck_count,
            "hand": [str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "table": [[str(tc) for tc in m] for m in self.table],
            "meld_problems": [meld_problem([tc.card for tc in m], self.config.ace)
                              for m in self.table],
            "start_table": [[str(c) for c in m] for m in self.start_table],
            "helping": [None if c is None else str(c) for c in self.helping],
            "current": self.current,
            "steps": self.steps,
            "step_limit": self.step_limit,
            "passes": self.passes,
            "turns": self.turns,
            "status": self.status,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "hand_no": self.hand_no,
            "last_hand": list(self.last_hand),
            "history": [list(h) for h in self.history],
            "resets": self.resets,
            "resets_left": MAX_RESETS - self.resets,
        }


# --- helpers shared by the game, the bots and the hint --------------------------------------


def order_meld(cards: Sequence[TableCard], ace: str) -> Meld:
    """Display order; identical cards keep a fixed order (older before laid before helping)."""
    pool = sorted(cards, key=lambda tc: (str(tc.card), tc.src))
    out: list[TableCard] = []
    for c in display_order([tc.card for tc in cards], ace):
        for i, tc in enumerate(pool):
            if tc.card == c:
                out.append(pool.pop(i))
                break
    return tuple(out)


def step_limit(start_table_cards: int, start_hand: int) -> int:
    """The most steps one turn may take (an app rule so that any turn ends)."""
    return 10 + 2 * start_table_cards + start_hand


def penalty(cards: Sequence[Card]) -> int:
    """Match penalty for cards left in hand: ace 15, ten to king 10, others 5."""
    return sum(15 if c.rank == 1 else 10 if c.rank >= 10 else 5 for c in cards)


def apply_step(table: tuple[Meld, ...], hand: tuple[Card, ...], helping: tuple[Card | None, ...],
               action: MAction, ace: str,
               ) -> tuple[tuple[Meld, ...], tuple[Card, ...], tuple[Card | None, ...]]:
    """The table, hand and helping row after one turn-building step (assumed legal)."""
    melds = list(table)
    if isinstance(action, Lay | Take):
        if isinstance(action, Lay):
            card = hand[action.hand]
            hand = hand[:action.hand] + hand[action.hand + 1:]
            tc = TableCard(card, FROM_HAND)
        else:
            got = helping[action.slot]
            assert got is not None
            tc = TableCard(got, f"{HELPING}{action.slot + 1}")
            helping = helping[:action.slot] + (None,) + helping[action.slot + 1:]
        if action.to is None:
            melds.append((tc,))
        else:
            melds[action.to] = order_meld(melds[action.to] + (tc,), ace)
        return tuple(melds), hand, helping
    if isinstance(action, Move):
        src = melds[action.meld]
        tc = src[action.pos]
        rest = src[:action.pos] + src[action.pos + 1:]
        if action.to is None:
            melds.append((tc,))
        else:
            melds[action.to] = order_meld(melds[action.to] + (tc,), ace)
        melds[action.meld] = order_meld(rest, ace)
        return tuple(m for m in melds if m), hand, helping
    if isinstance(action, Split):
        m = melds[action.meld]
        melds[action.meld] = order_meld(m[:action.at], ace)
        melds.append(order_meld(m[action.at:], ace))
        return tuple(melds), hand, helping
    if isinstance(action, Merge):
        melds[action.a] = order_meld(melds[action.a] + melds[action.b], ace)
        del melds[action.b]
        return tuple(melds), hand, helping
    raise AssertionError(f"not a step: {action}")


def turn_problem(table: Sequence[Meld], ace: str) -> str | None:
    """Why the turn cannot end now (None: End turn is possible)."""
    for k, m in enumerate(table):
        p = meld_problem([tc.card for tc in m], ace)
        if p is not None:
            return f"meld {k + 1}: {p}"
    if not any(tc.src == FROM_HAND for m in table for tc in m):
        return "lay at least one card from your hand first"
    for k, m in enumerate(table):
        if any(tc.src.startswith(HELPING) for tc in m) and not any(
                tc.src == FROM_HAND for tc in m):
            return f"meld {k + 1}: a helping card must be melded with a card from your hand"
    return None


def unseen(view: MView) -> list[Card]:
    """Cards ``view.player`` cannot see (other hands and the draw pile), in a fixed order."""
    left = Counter(_TWO_DECKS)
    left.subtract(view.hand)
    left.subtract([tc.card for m in view.table for tc in m])
    left.subtract([c for c in view.helping if c is not None])
    return sort_cards(left.elements())  # counts below one give no element


def _deal_to_points(pool: Sequence[Card], sizes: dict[int, int], points: dict[int, int],
                    rng: random.Random) -> dict[int, list[Card]] | None:
    """Hands of ``sizes`` cards from ``pool`` (shuffled) whose :func:`penalty` is each
    player's ``points``: the mix of aces, tens to kings and others in each hand drawn at
    random among those that fit (a search over players, backtracking, remembering what
    failed); None when none fits."""
    by_value: dict[int, list[Card]] = {15: [], 10: [], 5: []}
    for c in pool:
        by_value[penalty([c])].append(c)
    order = list(sizes)
    mixes: dict[int, tuple[int, int, int]] = {}
    failed: set[tuple[int, int, int, int]] = set()

    def search(i: int, aces: int, tens: int, low: int) -> bool:
        if i == len(order):
            return True
        if (i, aces, tens, low) in failed:
            return False
        n, want = sizes[order[i]], points.get(order[i], -1)
        options = [(a, t, n - a - t) for a in range(min(n, aces) + 1)
                   for t in range(min(n - a, tens) + 1)
                   if n - a - t <= low and 15 * a + 10 * t + 5 * (n - a - t) == want]
        rng.shuffle(options)
        for a, t, f in options:
            mixes[order[i]] = (a, t, f)
            if search(i + 1, aces - a, tens - t, low - f):
                return True
        failed.add((i, aces, tens, low))
        return False

    if not search(0, len(by_value[15]), len(by_value[10]), len(by_value[5])):
        return None
    return {p: [by_value[v].pop() for v, k in zip((15, 10, 5), mixes[p], strict=True)
                for _ in range(k)] for p in order}


def plain(table: Sequence[Meld]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(tc.card for tc in m) for m in table)


def restore(state_table: Sequence[Meld], hand: Sequence[Card],
            helping: Sequence[Card | None]) -> tuple[tuple[Card, ...], tuple[Card | None, ...]]:
    """The hand and helping row as the turn found them (Reset)."""
    back = list(hand) + [tc.card for m in state_table for tc in m if tc.src == FROM_HAND]
    row = list(helping)
    for m in state_table:
        for tc in m:
            if tc.src.startswith(HELPING):
                row[int(tc.src[1:]) - 1] = tc.card
    return tuple(sort_cards(back)), tuple(row)


# --- the game ---------------------------------------------------------------------------------


class Machiavelli(Game[MConfig, MState, MAction, MView]):
    """Rules of Machiavelli; every method takes and returns values.

    An instance remembers the last legal-action list with the immutable values it was
    computed from (states that differ only in what the mover cannot see, a view's sampled
    states, have the same actions), so a repeated question is answered without the search.
    """

    soak: ClassVar[SoakProfile] = SoakProfile(
        option_values={"match_limit": (0, 0, 0, 0, 1, 40, 100)})

    def __init__(self) -> None:
        self._last_legal: tuple[tuple[object, ...], tuple[MAction, ...]] | None = None

    info: ClassVar[GameInfo] = INFO

    # --- set-up ---
    def default_config(self, players: int | None = None) -> MConfig:
        n = 2 if players is None else players
        if not 2 <= n <= 8:
            raise InvalidConfig("Machiavelli is played by 2 to 8 players")
        return MConfig(players=n, hand_size=BIG_GAME_HAND.get(n, 15))

    def make_config(self, players: int = 2, variant: str = "machiavelli",
                    hand_size: int | None = None, ace: str = "both",
                    match_limit: int = 0) -> MConfig:
        """A checked config; the hand size defaults from the variant and player count."""
        if variant not in VARIANTS:
            raise InvalidConfig(f"config.variant: expected one of {', '.join(VARIANTS)}")
        if hand_size is None:
            hand_size = VARIANT_HAND[variant]
            if variant == "machiavelli":
                hand_size = BIG_GAME_HAND.get(players, 15)
        return self.config_from_dict({"players": players, "variant": variant,
                                      "hand_size": hand_size, "ace": ace,
                                      "match_limit": match_limit})

    def config_from_dict(self, data: object) -> MConfig:
        try:
            return self._config(data)
        except InvalidConfig:
            raise
        except InvalidState as e:
            raise InvalidConfig(str(e)) from None

    def _config(self, data: object) -> MConfig:
        r = Reader(data, "config")
        players = r.integer("players", 2, 8)
        variant = r.text("variant", VARIANTS) if r.has("variant") else "machiavelli"
        default_hand = VARIANT_HAND[variant]
        if variant == "machiavelli":
            default_hand = BIG_GAME_HAND.get(players, 15)
        # 0 (the set-up screen's default) stands for the variant's usual size
        hand_size = r.integer("hand_size", 0, 15) if r.has("hand_size") else 0
        if hand_size == 0:
            hand_size = default_hand
        elif hand_size < 3:
            raise InvalidConfig(f"config.hand_size: expected 3 to 15 (0: the variant's usual "
                                f"size), got {hand_size}")
        ace = r.text("ace", ACE_OPTIONS) if r.has("ace") else "both"
        limit = r.integer("match_limit", 0, 10000) if r.has("match_limit") else 0
        need = players * hand_size + (HELPING_ROW if variant == "helping" else 0)
        if need > 104:
            raise InvalidConfig(f"config: {players} hands of {hand_size} do not fit in 104 cards")
        return MConfig(players, variant, hand_size, ace, limit)

    def new_game(self, config: MConfig, rng: random.Random) -> MState:
        seed = rng.randrange(2**31)
        return self._deal(config, shuffled(double_deck(), rng), seed, 1, 0,
                          tuple([0] * config.players) if config.match_limit else ())

    def new_game_from_deck(self, config: MConfig, deck: Sequence[str]) -> MState:
        cards = parse_cards(deck)
        if Counter(cards) != Counter(double_deck()):
            raise ParseError("a Machiavelli deck is two full decks: every card exactly twice")
        return self._deal(config, cards, 0, 1, 0,
                          tuple([0] * config.players) if config.match_limit else ())

    def _deal(self, config: MConfig, cards: Sequence[Card], seed: int, hand_no: int,
              first: int, scores: tuple[int, ...], last: tuple[int, ...] = (),
              history: tuple[tuple[int, ...], ...] = ()) -> MState:
        n, k = config.players, config.hand_size
        hands = tuple(tuple(sort_cards(cards[i * k:(i + 1) * k])) for i in range(n))
        rest = list(cards[n * k:])
        helping: tuple[Card | None, ...] = ()
        if config.variant == "helping":
            helping = tuple(rest[:HELPING_ROW])
            rest = rest[HELPING_ROW:]
        return MState(config=config, deck=tuple(rest), hands=hands, table=(), start_table=(),
                      helping=helping, player=first, scores=scores, hand_no=hand_no, seed=seed,
                      last_hand=last, history=history)

    # --- play ---
    def current_player(self, state: MState) -> int | None:
        return None if state.status == OVER else state.player

    def limit(self, state: MState) -> int:
        hand = len(state.hands[state.player]) + sum(
            1 for m in state.table for tc in m if tc.src == FROM_HAND)
        return step_limit(sum(len(m) for m in state.start_table), hand)

    def legal_actions(self, state: MState) -> list[MAction]:
        if state.status == OVER:
            return []
        key = (state.table, state.hands[state.player], state.helping, state.steps,
               self.limit(state), bool(state.deck), state.config.ace, _resettable(state))
        last = self._last_legal
        if last is not None and last[0] == key:
            return list(last[1])
        out = _legal(*key)
        self._last_legal = (key, tuple(out))
        return out

    def explain_illegal(self, state: MState, action: MAction) -> str | None:
        if state.status == OVER:
            return "the game is over"
        return _explain(state.table, state.hands[state.player], state.helping, state.steps,
                        self.limit(state), bool(state.deck), state.config.ace,
                        _resettable(state), action)

    def _apply(self, state: MState, action: MAction) -> MState:
        cfg = state.config
        p = state.player
        if isinstance(action, STEP_TYPES):
            table, hand, helping = apply_step(state.table, state.hands[p], state.helping,
                                              action, cfg.ace)
            hands = state.hands[:p] + (hand,) + state.hands[p + 1:]
            return replace(state, table=table, hands=hands, helping=helping,
                           steps=state.steps + 1)
        if isinstance(action, Reset):
            hand, helping = restore(state.table, state.hands[p], state.helping)
            hands = state.hands[:p] + (hand,) + state.hands[p + 1:]
            fresh = state.steps > 0 and state.resets < MAX_RESETS
            return replace(state, table=_as_old(state.start_table), hands=hands,
                           helping=helping, steps=0 if fresh else state.steps,
                           resets=state.resets + fresh)
        nxt = (p + 1) % cfg.players
        if isinstance(action, Draw | Pass):
            hand, helping = restore(state.table, state.hands[p], state.helping)
            deck = state.deck
            passes = state.passes
            if isinstance(action, Draw):
                hand = tuple(sort_cards(hand + (deck[0],)))
                deck = deck[1:]
                passes = 0
            else:
                passes += 1
            hands = state.hands[:p] + (hand,) + state.hands[p + 1:]
            after = replace(state, table=_as_old(state.start_table), hands=hands,
                            helping=helping, deck=deck, player=nxt, steps=0, passes=passes,
                            turns=state.turns + 1, resets=0)
            if passes >= cfg.players:
                sizes = [len(h) for h in hands]
                fewest = min(sizes)
                return self._hand_over(after, tuple(i for i, s in enumerate(sizes)
                                                    if s == fewest))
            return after
        # EndTurn
        table = tuple(tuple(TableCard(tc.card) for tc in m) for m in state.table)
        pile = list(state.deck)
        row = list(state.helping)
        for i, c in enumerate(row):
            if c is None and pile:
                row[i] = pile.pop(0)
        after = replace(state, table=table, start_table=plain(table), deck=tuple(pile),
                        helping=tuple(row), player=nxt, steps=0, passes=0,
                        turns=state.turns + 1, resets=0)
        if not state.hands[p]:
            return self._hand_over(after, (p,))
        return after

    def _hand_over(self, state: MState, winners: tuple[int, ...]) -> MState:
        cfg = state.config
        points = tuple(penalty(h) for h in state.hands)
        if not cfg.match_limit:
            return replace(state, status=OVER, winners=winners, last_hand=points)
        totals = tuple(a + b for a, b in zip(state.scores, points, strict=True))
        history = (*state.history, points)
        if max(totals) >= cfg.match_limit:
            best = min(totals)
            return replace(state, status=OVER, scores=totals, last_hand=points, history=history,
                           winners=tuple(i for i, t in enumerate(totals) if t == best))
        nxt_rng = random.Random(f"{state.seed}:{state.hand_no + 1}")
        cards = shuffled(double_deck(), nxt_rng)
        return self._deal(cfg, cards, state.seed, state.hand_no + 1,
                          state.hand_no % cfg.players, totals, points, history)

    def outcome(self, state: MState) -> Outcome | None:
        if state.status != OVER:
            return None
        left = tuple(len(h) for h in state.hands)
        names = " and ".join(f"player {w + 1}" for w in state.winners)
        if state.config.match_limit:
            summary = f"{names} won the match with {min(state.scores)} penalty points."
            text = f"{{winners}} won the match with {min(state.scores)} penalty points."
            scores = tuple(float(s) for s in state.scores)
        elif any(n == 0 for n in left):
            summary = f"{names} laid every card and won."
            text = "{winners} laid every card and won."
            scores = tuple(float(x) for x in state.last_hand)
        else:
            summary = (f"Nobody could lay a card: {names} won with the fewest cards "
                       f"({min(left)}).")
            text = "Nobody could lay a card: {winners} won with the fewest cards left."
            scores = tuple(float(x) for x in state.last_hand)
        return Outcome(state.winners, summary, scores,
                       {"cards_left": list(left), "turns": state.turns,
                        "hands_played": state.hand_no}, text=text)

    def parse_action(self, text: str) -> MAction:
        return parse_action(text)

    # --- information ---
    def view(self, state: MState, player: int) -> MView:
        return MView(
            player=player, config=state.config, deck_count=len(state.deck),
            hand=() if player == PUBLIC else state.hands[player],
            hand_sizes=tuple(len(h) for h in state.hands), table=state.table,
            start_table=state.start_table, helping=state.helping,
            current=self.current_player(state), steps=state.steps,
            step_limit=self.limit(state) if state.status == PLAYING else 0,
            passes=state.passes, turns=state.turns, status=state.status,
            winners=state.winners, scores=state.scores, hand_no=state.hand_no,
            last_hand=state.last_hand, resets=state.resets, history=state.history)

    def determinize(self, view: MView, rng: random.Random) -> MState:
        unknown = unseen(view)
        rng.shuffle(unknown)
        others = {p: n for p, n in enumerate(view.hand_sizes) if p != view.player}
        # a finished hand shows the penalty points of the cards left in every hand
        dealt = (_deal_to_points(unknown, others, dict(enumerate(view.last_hand)), rng)
                 if view.status == OVER and len(view.last_hand) == len(view.hand_sizes)
                 else None)
        hands: list[tuple[Card, ...]] = []
        for p, n in enumerate(view.hand_sizes):
            if p == view.player:
                hands.append(view.hand)
            elif dealt is not None:
                hands.append(tuple(sort_cards(dealt[p])))
            else:
                hands.append(tuple(sort_cards(unknown[:n])))
                unknown = unknown[n:]
        if dealt is not None:
            used = Counter(c for h in dealt.values() for c in h)
            unknown = list((Counter(unknown) - used).elements())
            rng.shuffle(unknown)
        return MState(config=view.config, deck=tuple(unknown), hands=tuple(hands),
                      table=view.table, start_table=view.start_table, helping=view.helping,
                      player=view.current if view.current is not None else 0,
                      steps=view.steps, passes=view.passes, turns=view.turns,
                      status=view.status, winners=view.winners, scores=view.scores,
                      hand_no=view.hand_no, seed=rng.randrange(2**31), last_hand=view.last_hand,
                      resets=view.resets, history=view.history)

    def card_multiset(self, state: MState) -> Counter[str]:
        cards: list[Card] = list(state.deck)
        for h in state.hands:
            cards += h
        cards += [tc.card for m in state.table for tc in m]
        cards += [c for c in state.helping if c is not None]
        return Counter(map(str, cards))

    def redeal_hidden(self, state: MState, player: int, rng: random.Random) -> MState:
        """The other hands and the pile dealt again (sizes kept), and the seed of later
        hands' shuffles drawn anew: all ``player`` cannot see."""
        dealt, (deck,) = redeal_unseen(state.hands, [state.deck], player, rng)
        hands = tuple(h if q == player else tuple(sort_cards(h)) for q, h in enumerate(dealt))
        return replace(state, hands=hands, deck=deck, seed=rng.randrange(2**31))

    def config_of(self, state: MState) -> MConfig:
        return state.config

    def full_set(self, config: MConfig) -> Counter[str]:
        return Counter(str(c) for c in double_deck())

    # --- saving ---
    def state_to_dict(self, state: MState) -> JSONDict:
        return {
            "game": self.info.id,
            "config": state.config.to_dict(),
            "deck": [str(c) for c in state.deck],
            "hands": [[str(c) for c in h] for h in state.hands],
            "table": [[str(tc) for tc in m] for m in state.table],
            "start_table": [[str(c) for c in m] for m in state.start_table],
            "helping": [None if c is None else str(c) for c in state.helping],
            "player": state.player,
            "steps": state.steps,
            "passes": state.passes,
            "turns": state.turns,
            "status": state.status,
            "winners": list(state.winners),
            "scores": list(state.scores),
            "hand_no": state.hand_no,
            "seed": state.seed,
            "last_hand": list(state.last_hand),
            "resets": state.resets,
            **({"history": [list(h) for h in state.history]} if state.config.match_limit else {}),
        }

    def state_from_dict(self, data: object) -> MState:
        r = Reader(data, "state")
        if r.has("game") and r.text("game") != self.info.id:
            raise InvalidState(f"state.game: this is a {r.text('game')} game, not Machiavelli")
        shown = self._read_shown(r)
        config = shown.config
        n = config.players
        deck = tuple(r.cards("deck"))
        hands_raw = r.array("hands")
        if len(hands_raw) != n:
            raise InvalidState(f"state.hands: expected {n} hands, got {len(hands_raw)}")
        hands = tuple(_read_hand(h, f"state.hands[{i}]") for i, h in enumerate(hands_raw))
        st = replace(shown, deck=deck, hands=hands, player=r.integer("player", 0, n - 1),
                     seed=r.integer("seed", 0))
        table, helping, winners, status = st.table, st.helping, st.winners, st.status
        every: Counter[Card] = Counter(deck)
        for h in hands:
            every.update(h)
        every.update(tc.card for m in table for tc in m)
        every.update(c for c in helping if c is not None)
        if every != _TWO_DECKS:
            raise InvalidState("state: the cards are not exactly two decks")
        empty = {i for i, c in enumerate(helping) if c is None}
        taken = {int(tc.src[1:]) - 1 for m in table for tc in m if tc.src.startswith(HELPING)}
        if deck and empty - taken:
            # a slot stays empty after a turn only when the draw pile could not refill it
            raise InvalidState("state.helping: an empty slot while the draw pile has cards")
        if status == OVER:
            if st.last_hand != tuple(penalty(h) for h in hands):
                raise InvalidState("state.last_hand: not the penalty points of the hands left")
            if config.match_limit:
                if max(st.scores) < config.match_limit:
                    raise InvalidState("state.status: the match goes on below its limit")
                best = min(st.scores)
                expected = tuple(i for i, t in enumerate(st.scores) if t == best)
            else:
                fewest = min(len(h) for h in hands)
                expected = tuple(i for i, h in enumerate(hands) if len(h) == fewest)
            if winners != expected:
                raise InvalidState("state.winners: not the players the rules make winners")
        if status == PLAYING and st.steps > self.limit(st):
            raise InvalidState("state.steps: more than this turn's step limit")
        return st

    def view_from_dict(self, data: object) -> MView:
        r = Reader(data, "view")
        shown = self._read_shown(r)
        n = shown.config.players
        hand_sizes = tuple(r.items("hand_sizes", lambda v, path: check_int(v, path, 0, 104)))
        if len(hand_sizes) != n:
            raise InvalidState(f"view.hand_sizes: expected {n} sizes, got {len(hand_sizes)}")
        player = r.integer("player", PUBLIC, n - 1)
        view = MView(player=player, config=shown.config,
                     deck_count=r.integer("deck_count", 0, _TWO_DECKS.total()),
                     hand=_read_hand(r.array("hand"), "view.hand"), hand_sizes=hand_sizes,
                     table=shown.table, start_table=shown.start_table, helping=shown.helping,
                     current=r.opt_integer("current", 0, n - 1), steps=shown.steps,
                     step_limit=r.integer("step_limit", 0), passes=shown.passes,
                     turns=shown.turns, status=shown.status, winners=shown.winners,
                     scores=shown.scores, hand_no=shown.hand_no, last_hand=shown.last_hand,
                     resets=shown.resets, history=shown.history)
        return self.possible_view(view, player)

    def _read_shown(self, r: Reader) -> MState:
        """Everything of a saved game or a view but the hands, the draw pile, the player to
        move and the seed (a state without them), checked as far as it goes without them."""
        where = r.path
        try:
            config = self.config_from_dict(r.data.get("config"))
        except InvalidConfig as e:
            raise InvalidState(f"{where}.{e}") from None
        n = config.players
        table = tuple(tuple(m) for m in r.items("table", _read_meld))
        if any(not m for m in table):
            raise InvalidState(f"{where}.table: a meld cannot be empty")
        for k, m in enumerate(table):
            if tuple(m) != order_meld(m, config.ace):
                raise InvalidState(f"{where}.table[{k}]: cards are not in display order")
        start_raw = r.array("start_table")
        start = tuple(tuple(_read_cards(m, f"{where}.start_table[{i}]"))
                      for i, m in enumerate(start_raw))
        helping_raw = r.array("helping")
        helping = tuple(None if v is None else read_card(v, f"{where}.helping[{i}]")
                        for i, v in enumerate(helping_raw))
        if len(helping) != (HELPING_ROW if config.variant == "helping" else 0):
            raise InvalidState(f"{where}.helping: four slots in the helping-cards variant, "
                               "none otherwise")
        steps = r.integer("steps", 0)
        passes = r.integer("passes", 0, n)
        turns = r.integer("turns", 0)
        status = r.text("status", (PLAYING, OVER))
        winners = tuple(check_int(w, f"{where}.winners[{i}]", 0, n - 1)
                        for i, w in enumerate(r.array("winners")))
        scores = tuple(check_int(s, f"{where}.scores[{i}]", 0)
                       for i, s in enumerate(r.array("scores")))
        if len(scores) != (n if config.match_limit else 0):
            raise InvalidState(f"{where}.scores: one total per player in a match, else none")
        hand_no = r.integer("hand_no", 1)
        last = tuple(check_int(s, f"{where}.last_hand[{i}]", 0)
                     for i, s in enumerate(r.array("last_hand")))
        resets = r.integer("resets", 0, MAX_RESETS) if r.has("resets") else 0
        # a match's points, hand by hand (saves before it was kept here have none)
        history = tuple(
            tuple(check_int(x, f"{where}.history[{i}][{j}]", 0) for j, x in enumerate(
                _row(h, n, f"{where}.history[{i}]")))
            for i, h in enumerate(r.array("history") if r.has("history") else []))
        if history and not config.match_limit:
            raise InvalidState(f"{where}.history: only a match keeps points hand by hand")
        if len(history) > hand_no:
            raise InvalidState(f"{where}.history: more hands scored than played")
        # consistency of what is on the table
        old: Counter[Card] = Counter(tc.card for m in table for tc in m if tc.src == OLD)
        if old != Counter(c for m in start for c in m):
            raise InvalidState(f"{where}.start_table: not the cards already on the table")
        for sm in start:
            if meld_problem(sm, config.ace) is not None:
                raise InvalidState(f"{where}.start_table: a turn always starts with valid melds")
        taken = [int(tc.src[1:]) - 1 for m in table for tc in m if tc.src.startswith(HELPING)]
        empty = {i for i, c in enumerate(helping) if c is None}
        if len(set(taken)) != len(taken) or not set(taken) <= empty:
            raise InvalidState(f"{where}.helping: taken slots and helping cards on the table "
                               "differ")
        if status == OVER and (not winners or steps):
            raise InvalidState(f"{where}.status: a finished game has winners and no turn going "
                               "on")
        if status == PLAYING and winners:
            raise InvalidState(f"{where}.winners: only a finished game has winners")
        if not config.match_limit and hand_no != 1:
            raise InvalidState(f"{where}.hand_no: a single game has one hand")
        if status == PLAYING and len(last) != (0 if hand_no == 1 else n):
            raise InvalidState(f"{where}.last_hand: one entry per player after the first hand")
        return MState(config=config, deck=(), hands=(), table=table, start_table=start,
                      helping=helping, player=0, steps=steps, passes=passes, turns=turns,
                      status=status, winners=winners, scores=scores, hand_no=hand_no,
                      last_hand=last, resets=resets, history=history)


def _row(v: object, n: int, path: str) -> list[object]:
    """One hand's points: a list of one number per player."""
    if not isinstance(v, list) or len(v) != n:
        raise InvalidState(f"{path}: expected one number per player ({n})")
    return v


def _read_hand(v: object, path: str) -> tuple[Card, ...]:
    hand = tuple(_read_cards(v, path))
    if list(hand) != sort_cards(hand):
        raise InvalidState(f"{path}: a hand is kept sorted")
    return hand


def _read_cards(v: object, path: str) -> list[Card]:
    if not isinstance(v, list):
        raise InvalidState(f"{path}: expected a list of cards")
    return read_cards(v, path)


def read_table_card(v: object, path: str) -> TableCard:
    if not isinstance(v, str):
        raise InvalidState(f"{path}: expected a card like '7H' or '7H/h'")
    card_text, _, src = v.partition("/")
    card = read_card(card_text, path)
    if not src:
        return TableCard(card)
    if src == FROM_HAND or src in {f"{HELPING}{i}" for i in range(1, HELPING_ROW + 1)}:
        return TableCard(card, src)
    raise InvalidState(f"{path}: unknown origin {src!r} (h: from the hand, x1-x4: helping)")


def _read_meld(v: object, path: str) -> list[TableCard]:
    if not isinstance(v, list):
        raise InvalidState(f"{path}: expected a list of cards")
    return [read_table_card(x, f"{path}[{j}]") for j, x in enumerate(v)]


def _as_old(start: Sequence[Sequence[Card]]) -> tuple[Meld, ...]:
    return tuple(tuple(TableCard(c) for c in m) for m in start)


# --- legal actions ----------------------------------------------------------------------------


def _resettable(state: MState) -> bool:
    """Reset does something: it restores the table, or it gives the turn a fresh start."""
    return plain(state.table) != state.start_table or (
        state.steps > 0 and state.resets < MAX_RESETS)


def _legal(table: tuple[Meld, ...], hand: tuple[Card, ...], helping: tuple[Card | None, ...],
           steps: int, limit: int, can_draw: bool, ace: str, changed: bool) -> list[MAction]:
    out: list[MAction] = []
    if turn_problem(table, ace) is None:
        out.append(EndTurn())
    if changed:
        out.append(Reset())
    out.append(Draw() if can_draw else Pass())
    if steps >= limit:
        return out
    n = len(table)
    targets: list[int | None] = [*range(n), None]
    for i in range(len(hand)):
        for k in targets:
            out.append(Lay(i, k))
    for s, c in enumerate(helping):
        if c is not None:
            for k in targets:
                out.append(Take(s, k))
    for m, meld in enumerate(table):
        size = len(meld)
        for pos in range(size):
            for k in targets:
                if k == m or (k is None and size == 1):
                    continue
                out.append(Move(m, pos, k))
        for at in range(1, size):
            out.append(Split(m, at))
    for a in range(n):
        for b in range(a + 1, n):
            out.append(Merge(a, b))
    return out


def _explain(table: tuple[Meld, ...], hand: tuple[Card, ...], helping: tuple[Card | None, ...],
             steps: int, limit: int, can_draw: bool, ace: str, changed: bool,
             action: MAction) -> str | None:
    if isinstance(action, EndTurn):
        return turn_problem(table, ace)
    if isinstance(action, Reset):
        return None if changed else "nothing to reset: the turn is as it began"
    if isinstance(action, Draw):
        return None if can_draw else "the draw pile is empty: pass instead"
    if isinstance(action, Pass):
        return None if not can_draw else "the draw pile is not empty: draw instead"
    if not isinstance(action, STEP_TYPES):
        return f"{action} is not a Machiavelli action"
    if steps >= limit:
        return f"this turn has used all its {limit} steps: end the turn, reset or draw"
    n = len(table)

    def bad_target(k: int | None) -> str | None:
        if k is not None and not 0 <= k < n:
            return f"there is no meld {k + 1}"
        return None

    if isinstance(action, Lay):
        if not 0 <= action.hand < len(hand):
            return f"your hand has no card {action.hand + 1}"
        return bad_target(action.to)
    if isinstance(action, Take):
        if not 0 <= action.slot < len(helping):
            return "there is no such helping card"
        if helping[action.slot] is None:
            return "that helping card is already taken"
        return bad_target(action.to)
    if isinstance(action, Move):
        if not 0 <= action.meld < n:
            return f"there is no meld {action.meld + 1}"
        if not 0 <= action.pos < len(table[action.meld]):
            return f"meld {action.meld + 1} has no card {action.pos + 1}"
        if action.to == action.meld:
            return "the card is already in that meld"
        if action.to is None and len(table[action.meld]) == 1:
            return "the card is already alone in its meld"
        return bad_target(action.to)
    if isinstance(action, Split):
        if not 0 <= action.meld < n:
            return f"there is no meld {action.meld + 1}"
        if not 1 <= action.at < len(table[action.meld]):
            return "split between two cards of the meld"
        return None
    assert isinstance(action, Merge)
    if not (0 <= action.a < n and 0 <= action.b < n):
        return "there is no such meld"
    if action.a >= action.b:
        return "merge the later meld into the earlier one (merge 2 5)"
    return None


def parse_action(text: str) -> MAction:
    """Read the text forms: ``lay 3 -> 2``, ``lay 3 -> new``, ``move 1.4 -> new``,
    ``split 2.3``, ``merge 2 5``, ``take 1 -> new``, ``end``, ``reset``, ``draw``, ``pass``."""
    t = " ".join(text.strip().lower().split())
    simple: dict[str, MAction] = {"end": EndTurn(), "reset": Reset(), "draw": Draw(),
                                  "pass": Pass()}
    if t in simple:
        return simple[t]
    bad = ParseError(f"{text!r} is not an action: use 'lay 3 -> 2', 'move 1.4 -> new', "
                     "'split 2.3', 'merge 2 5', 'take 1 -> new', 'end', 'reset' or 'draw'")
    words = t.replace("->", " -> ").split()

    def num(w: str) -> int:
        # ASCII digits only ('²' is a digit to str.isdigit but not to int), and few of them
        if not (w.isascii() and w.isdigit()) or len(w) > 6 or int(w) < 1:
            raise bad
        return int(w) - 1

    def tgt(w: str) -> int | None:
        return None if w == "new" else num(w)

    try:
        if words[0] in ("lay", "take") and len(words) == 4 and words[2] == "->":
            cls = Lay if words[0] == "lay" else Take
            return cls(num(words[1]), tgt(words[3]))
        if words[0] == "move" and len(words) == 4 and words[2] == "->":
            m, _, p = words[1].partition(".")
            return Move(num(m), num(p), tgt(words[3]))
        if words[0] == "split" and len(words) == 2:
            m, _, p = words[1].partition(".")
            return Split(num(m), num(p) + 1)
        if words[0] == "merge" and len(words) == 3:
            return Merge(num(words[1]), num(words[2]))
    except IndexError:
        raise bad from None
    raise bad


GAME = Machiavelli()
