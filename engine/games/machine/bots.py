"""Computer players for Perpetual-Motion Machine, choosing only from their own view.

* **beginner**: weak but sensible: plays a set whenever it has one (any set that does not
  leave it out), trades when its supply cannot pay for a set it holds (or the cheapest next
  section), otherwise takes cards (face-down first, then the face-up card that goes best with
  its hand), and gives up (trades, discards) the card that goes least with it, never one of a
  set it holds; it never weighs one set against another. Two Beginners finish a game in about
  75 rounds (median of 40 games; Standard pairs take about 65), and Standard beats it about
  85 % of the time (issue 12).
* **standard**: heuristics on one value scale (cubes on the mat, cubes ready in the supply,
  the mat's limits while cubes remain, and how close the hand is to sets worth playing): set-up
  on Flush + Full House (card flow) when free, plays the set worth most (engine tracks early),
  never plays itself into the stuck position (one cube left, no single-cube section), trades
  when its supply cannot pay for a set it holds or runs low, takes the face-up cards that bring
  its hand closest to a valuable set and discards the cards that matter least.
* **strong**: the same heuristics with weights tuned by head-to-head play against standard
  (the mat's limits count for much more, above all the card flow of the Full House and Flush
  tracks: engine 2.5 instead of 1.0, face-up step 2.2 instead of 1.0, face-down step 1.8
  instead of 0.8, supply 0.5 instead of 0.35), and a look
  ahead where it pays: when it holds several different sets it plays each of them on deals
  sampled from its view (Monte Carlo over the hidden cards: opponents' hands, deck, discards),
  plays its own next turns out with its heuristics, and keeps the set whose futures score best.

Measured figures (tournament command, 2 players, seats alternating) are in the report of
issue 4; every bot is deterministic given the ``rng`` it is passed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from engine.cards import Card
from engine.games.machine import sets as S
from engine.games.machine.mat import (
    ENGINE_TRACKS,
    FLUSH,
    FULL_HOUSE,
    STRAIGHT,
    THREE,
    TRACKS,
    TWO_PAIR,
)
from engine.games.machine.rules import (
    DISCARDING,
    GAME,
    KIND_TRACK,
    OVER,
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
)
from engine.protocol import bot_levels

# --- hand evaluation ------------------------------------------------------------------------

# Chance-like weight of a set that is missing 0, 1, 2, ... cards.
CLOSE = (1.0, 0.45, 0.16, 0.05, 0.015, 0.0)


_WINDOWS = tuple(0b11111 << lo for lo in range(1, 11))  # rank bits 1..14 (14 = ace high)
_ROYAL = 0b11111 << 10
_SUIT_INDEX = {"S": 0, "H": 1, "D": 2, "C": 3}


class _RunBest(dict[int, int]):
    """Most ranks of one five-rank run present in a rank mask (ace counted high and low), by
    mask, each worked out when first looked up (a plain lookup after that: a hot path)."""

    def __missing__(self, mask: int) -> int:
        m = mask | 1 << 14 if mask & 2 else mask
        got = self[mask] = max((m & w).bit_count() for w in _WINDOWS)
        return got


def _missing(hand: Sequence[Card], run_best: Mapping[int, int]) -> tuple[int, ...]:
    """For each kind (in ``S.KINDS`` order), the fewest cards the hand lacks for that set;
    ``run_best``: :attr:`Memo.run_best`.

    A hot path of every computer player: written for speed, not beauty.
    """
    ranks = [0] * 14
    sm = [0, 0, 0, 0]
    sz = [0, 0, 0, 0]
    for c in hand:
        r = c.rank
        ranks[r] += 1
        i = _SUIT_INDEX[c.suit]
        sm[i] |= 1 << r
        sz[i] += 1
    c1 = c2 = 0
    for x in ranks:
        if x > c1:
            c1, c2 = x, c1
        elif x > c2:
            c2 = x
    m0, m1, m2, m3 = sm
    best_sf = max(run_best[m0], run_best[m1], run_best[m2], run_best[m3])
    royal = 0
    for m in sm:
        if m & 2:
            m |= 1 << 14
        royal = max(royal, (m & _ROYAL).bit_count())
    three = 3 - c1 if c1 < 3 else 0
    pair2 = 2 - c2 if c2 < 2 else 0
    return (
        three,  # THREE
        5 - run_best[m0 | m1 | m2 | m3],  # STRAIGHT
        5 - max(sz) if max(sz) < 5 else 0,  # FLUSH
        three + pair2,  # FULL_HOUSE
        (2 - c1 if c1 < 2 else 0) + pair2,  # TWO_PAIR
        4 - c1 if c1 < 4 else 0,  # FOUR
        5 - best_sf,  # STRAIGHT_FLUSH
        5 - royal,  # ROYAL_FLUSH
    )


@dataclass(frozen=True)
class Weights:
    """The knobs of the evaluation; the standard and strong players use different ones."""

    engine: float = 1.0  # worth of one step of a limit (scaled by the game still ahead)
    supply: float = 0.35  # worth of a cube in the supply (it saves a trade)
    hand: float = 1.2  # worth of the hand's closeness to sets
    cards: float = 0.05  # worth of each card held (options)
    stuck_risk: float = 1.5  # penalty for one cube left with few single sections
    close: tuple[float, ...] = CLOSE  # worth of a set missing 0, 1, 2, ... cards
    trade_step: float = 0.9  # one more card traded a turn (while the pile is big)
    hand_step: float = 0.7  # one more card of hand and cube limit
    down_step: float = 0.8  # one more face-down card a turn
    up_step: float = 1.0  # one more face-up card a turn


STANDARD_W = Weights()
# Tuned by head-to-head runs against the standard weights (see the module docstring).
STRONG_W = Weights(engine=2.5, supply=0.5, up_step=2.2, down_step=1.8)


def engine_value(mat: PlayerMat, w: Weights) -> float:
    """How much the mat's limits are worth while cubes remain to be placed."""
    ahead = mat.left / max(1, mat.left + mat.on_mat)
    v = (mat.trade_limit - 1) * (w.trade_step if mat.pile > 4 else w.trade_step / 3)
    v += (mat.hand_limit - 5) * w.hand_step
    v += mat.face_down_limit * w.down_step
    v += (mat.face_up_limit - 1) * w.up_step
    return w.engine * v * ahead


def set_value(kind: str, mat: PlayerMat, w: Weights) -> float:
    """What playing a set of ``kind`` now would add (0 when it cannot be placed)."""

    ways = placements(kind, mat)
    if not ways:
        return 0.0
    best = 0.0
    for tracks, pile in ways:
        act = PlaySet(kind, (), tracks, pile)
        after = apply_set(mat, act)
        best = max(best, mat_value(after, w) - mat_value(mat, w))
    return best


def mat_value(mat: PlayerMat, w: Weights) -> float:
    """Cubes on the mat, supply readiness, limits, minus the risk of getting stuck."""
    if mat.left == 0:
        return 1000.0
    v = float(mat.on_mat) + w.supply * mat.supply + engine_value(mat, w)
    if mat.stuck:
        return v - 100.0
    if mat.left == 1:
        v -= w.stuck_risk
    return v


class Memo:
    """What a computer player works out again and again: the best run of each rank mask and
    what each kind of set is worth to a mat. Pure functions of their keys, kept on the player
    (every seat its own) rather than in the module, so that two games share nothing."""

    __slots__ = ("_values", "run_best")
    KEEP = 8192  # mats whose set values are kept (a game's look-aheads meet many mats)

    def __init__(self) -> None:
        self.run_best: Mapping[int, int] = _RunBest()
        self._values: dict[tuple[PlayerMat, Weights], tuple[float, ...]] = {}

    def kind_values(self, mat: PlayerMat, w: Weights) -> tuple[float, ...]:
        """What a set of each kind (``S.KINDS`` order) is worth to this mat."""
        got = self._values.get((mat, w))
        if got is None:
            if len(self._values) >= self.KEEP:
                self._values.clear()
            got = self._values[(mat, w)] = tuple(
                set_value_affordable(k, mat, w) for k in S.KINDS)
        return got


def hand_value(hand: Sequence[Card], mat: PlayerMat, w: Weights, memo: Memo,
               values: tuple[float, ...] | None = None) -> float:
    """Closeness of the hand to sets worth playing, weighted by what each set would add:
    the best set counts fully, the second best half."""
    if values is None:
        values = memo.kind_values(mat, w)
    close = w.close
    a = b = 0.0
    for v, m in zip(values, _missing(hand, memo.run_best), strict=True):
        x = v * close[m if m < 5 else 5]
        if x > a:
            a, b = x, a
        elif x > b:
            b = x
    return w.hand * (a + 0.5 * b) + w.cards * len(hand)


def set_value_affordable(kind: str, mat: PlayerMat, w: Weights) -> float:
    """Like :func:`set_value`, but a set the supply cannot pay for yet still counts (less)."""
    v = set_value(kind, mat, w)
    if v > 0:
        return v
    track = KIND_TRACK.get(kind)
    tracks = [track] if track is not None else [STRAIGHT, FLUSH]
    costs = [c for c in (mat.next_cost(t) for t in tracks) if c is not None]
    if not costs or min(costs) > mat.left:
        return 0.0
    # Not affordable now: worth about the cubes, less a trading turn.
    return 0.5 * min(costs)


# --- the players ----------------------------------------------------------------------------


SETUP_ORDER: tuple[tuple[int, int], ...] = (
    (FLUSH, FULL_HOUSE), (STRAIGHT, FULL_HOUSE), (THREE, FULL_HOUSE), (STRAIGHT, FLUSH),
    (FULL_HOUSE, FULL_HOUSE), (THREE, FLUSH), (FLUSH, FLUSH), (THREE, STRAIGHT),
    (STRAIGHT, STRAIGHT), (THREE, THREE),
)


class BeginnerBot:
    """Weak but sensible: plays any set it holds (never one that leaves it out), trades when its
    supply cannot pay for a set it holds or the cheapest next section, otherwise takes cards.

    It does not plan: no choice of which set is worth most, no keeping cards for a set, random
    face-up cards and random discards. Trading before drawing is what lets it finish: a player
    who always draws once the Flush track allows it never fills the supply (issue 12).
    """

    def choose(self, view: MachineView, legal: Sequence[MachineAction],
               rng: random.Random) -> MachineAction:
        if view.phase == SETUP:
            return rng.choice(list(legal))
        hand = list(view.hand)
        mat = view.mats[view.player]
        if view.phase == DISCARDING:
            return self.loner(hand, [a for a in legal if isinstance(a, Discard)], mat, rng)
        plays = [a for a in legal if isinstance(a, PlaySet)]
        safe = [a for a in plays if not apply_set(mat, a).stuck]
        if safe:
            return rng.choice(safe)
        trades = [a for a in legal if isinstance(a, Trade)]
        want = self.supply_wanted(mat, hand)
        if view.phase == TRADING:
            return rng.choice(trades) if trades and mat.supply < want else Stop()
        if trades and mat.supply < want and view.phase != TAKING:
            return self.loner(hand, trades, mat, rng)
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return draws[0]
        takes = [a for a in legal if isinstance(a, TakeUp)]
        if takes:  # the face-up card that goes best with the hand
            scores = {a: self.keep(_slot(view, a), hand, mat) for a in takes}
            high = max(scores.values())
            return rng.choice([a for a in takes if scores[a] == high])
        if Stop() in legal:
            return Stop()
        return rng.choice(list(legal))

    @staticmethod
    def keep(card: Card, hand: Sequence[Card], mat: PlayerMat) -> float:
        """How much a card goes with the rest of the hand, for the areas still open: other
        cards of its rank (Three of a Kind, Full House, Two Pair), of its suit (Flush), near
        ranks (Straight). A beginner's rule of thumb, nothing more."""
        others = [c for c in hand if c is not card]

        def open_(t: int) -> bool:
            cost = mat.next_cost(t)
            return cost is not None and cost <= mat.left

        score = 0.0
        if any(open_(t) for t in (THREE, FULL_HOUSE, TWO_PAIR)):
            score += min(2, sum(1 for c in others if c.rank == card.rank))
        if open_(FLUSH):
            score += 0.4 * sum(1 for c in others if c.suit == card.suit)
        if open_(STRAIGHT):
            near = {c.rank for c in others if c.rank != card.rank
                    and (abs(c.rank - card.rank) < 5 or abs((c.rank % 13) - (card.rank % 13)) < 5)}
            score += 0.4 * len(near)
        return score

    def loner(self, hand: Sequence[Card], options: Sequence[Trade | Discard],
              mat: PlayerMat, rng: random.Random) -> MachineAction:
        """One of the cards (traded or discarded) that goes least with the rest of the hand,
        never breaking a set it holds for an area that can still take it, if it can help it."""
        held = self.open_sets(hand, mat)
        keeping = [a for a in options
                   if held <= self.open_sets([c for c in hand if c != a.card], mat)]
        options = keeping or options
        scores = {a: self.keep(a.card, hand, mat) for a in options}
        low = min(scores.values())
        return rng.choice([a for a in options if scores[a] == low])

    @staticmethod
    def open_sets(hand: Sequence[Card], mat: PlayerMat) -> set[str]:
        """The kinds of set the hand holds whose area could still take them."""
        out = set()
        for kind in S.KINDS:
            track = KIND_TRACK.get(kind)
            costs = [mat.next_cost(t) for t in ([track] if track is not None
                                                 else [STRAIGHT, FLUSH])]
            if any(c is not None and c <= mat.left for c in costs) and any(
                    True for _ in S.generate(kind, hand)):
                out.add(kind)
        return out

    @staticmethod
    def supply_wanted(mat: PlayerMat, hand: Sequence[Card]) -> int:
        """Cubes to keep ready: what the dearest set it holds needs, else the cheapest next
        section of any area (at least one), never more than the cube limit allows."""
        costs = [c for c in (mat.next_cost(t) for t in range(len(TRACKS))) if c is not None]
        want = max(1, min(costs, default=1))
        for kind in S.KINDS:
            if any(True for _ in S.generate(kind, hand)):
                track = KIND_TRACK.get(kind)
                for t in ([track] if track is not None else [STRAIGHT, FLUSH]):
                    cost = mat.next_cost(t)
                    if cost is not None:
                        want = max(want, cost)
        return min(want, mat.cube_limit, mat.left)


class StandardBot:
    """Good heuristics: plan sets from hand and display, trade when the supply runs low."""

    weights: Weights = STANDARD_W

    def __init__(self) -> None:
        self.memo = Memo()

    def choose(self, view: MachineView, legal: Sequence[MachineAction],
               rng: random.Random) -> MachineAction:
        if len(legal) == 1:
            return legal[0]
        if view.phase == SETUP:
            return self.choose_setup(legal)
        mat = view.mats[view.player]
        hand = list(view.hand)
        w = self.weights
        values = self.memo.kind_values(mat, w)
        if view.phase == DISCARDING:
            return self.best_discard(hand, mat, legal, values)
        if view.phase == TRADING:
            return self.trade_step(view, hand, mat, legal, values)
        if view.phase == TAKING:
            return self.take_step(view, hand, mat, legal, values, rng)
        return self.turn_start(view, hand, mat, legal, values, rng)

    # -- decisions --
    def choose_setup(self, legal: Sequence[MachineAction]) -> MachineAction:
        options = {a.tracks: a for a in legal if isinstance(a, Setup)}
        for pair in SETUP_ORDER:
            if pair in options:
                return options[pair]
        return legal[0]

    def play_score(self, a: PlaySet, hand: Sequence[Card], mat: PlayerMat,
                   values: tuple[float, ...]) -> float:
        w = self.weights
        after = apply_set(mat, a)
        rest = [c for c in hand if c not in a.cards]
        gain = mat_value(after, w) - mat_value(mat, w)
        return gain + 0.3 * hand_value(rest, after, w, self.memo)

    def best_play(self, hand: Sequence[Card], mat: PlayerMat, plays: Sequence[PlaySet],
                  values: tuple[float, ...]) -> tuple[PlaySet, float]:
        scored = [(self.play_score(a, hand, mat, values), i) for i, a in enumerate(plays)]
        best, i = max(scored)
        return plays[i], best

    def turn_start(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                   legal: Sequence[MachineAction], values: tuple[float, ...],
                   rng: random.Random) -> MachineAction:
        plays = [a for a in legal if isinstance(a, PlaySet)]
        if plays:
            play, score = self.best_play(hand, mat, plays, values)
            if score > -50:
                return play
        trades = [a for a in legal if isinstance(a, Trade)]
        if trades and self.wants_trade(hand, mat, values):
            return self.best_card_to_give(hand, mat, trades, values)
        return self.take_step(view, hand, mat, legal, values, rng)

    def wants_trade(self, hand: Sequence[Card], mat: PlayerMat,
                    values: tuple[float, ...]) -> bool:
        """Trade when a held set cannot be paid for, or the supply is nearly empty."""
        if len(hand) < 1:
            return False
        for kind in S.KINDS:
            if any(True for _ in S.generate(kind, hand)):
                track = KIND_TRACK.get(kind)
                tracks = [track] if track is not None else [STRAIGHT, FLUSH]
                costs = [c for c in (mat.next_cost(t) for t in tracks) if c is not None]
                if costs and min(costs) > mat.supply and len(hand) > S.KIND_SIZES[kind]:
                    return True
        return mat.supply <= 1 and len(hand) >= 4

    def best_card_to_give(self, hand: list[Card], mat: PlayerMat,
                          options: Sequence[MachineAction], values: tuple[float, ...]
                          ) -> MachineAction:
        """The trade or discard that costs the hand least."""
        w = self.weights
        best: MachineAction | None = None
        best_v = -1e9
        index = {c: i for i, c in enumerate(hand)}
        for a in options:
            if not isinstance(a, (Trade, Discard)):
                continue
            i = index[a.card]
            v = hand_value(hand[:i] + hand[i + 1:], mat, w, self.memo, values)
            if v > best_v:
                best, best_v = a, v
        assert best is not None
        return best

    def best_discard(self, hand: list[Card], mat: PlayerMat, legal: Sequence[MachineAction],
                     values: tuple[float, ...]) -> MachineAction:
        return self.best_card_to_give(hand, mat, legal, values)

    def trade_step(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                   legal: Sequence[MachineAction], values: tuple[float, ...]) -> MachineAction:
        trades = [a for a in legal if isinstance(a, Trade)]
        if not trades:
            return Stop()
        target = self.supply_target(hand, mat)
        if mat.supply >= target:
            return Stop()
        choice = self.best_card_to_give(hand, mat, trades, values)
        rest = [c for c in hand if not (isinstance(choice, Trade) and c == choice.card)]
        # keep cards that form a set we are saving cubes for
        w, memo = self.weights, self.memo
        if hand_value(rest, mat, w, memo, values) < hand_value(hand, mat, w, memo, values) - 0.6:
            return Stop()
        return choice

    def supply_target(self, hand: Sequence[Card], mat: PlayerMat) -> int:
        costs = [c for c in (mat.next_cost(t) for t in range(len(TRACKS))) if c is not None]
        want = max([2, *costs[:]]) if costs else 2
        return min(mat.cube_limit, want, mat.left)

    def take_step(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                  legal: Sequence[MachineAction], values: tuple[float, ...],
                  rng: random.Random) -> MachineAction:
        for a in legal:
            if isinstance(a, Draw):
                return a
        takes = [a for a in legal if isinstance(a, TakeUp)]
        if not takes:
            return Stop() if Stop() in legal else legal[0]
        w = self.weights
        best = max(takes, key=lambda a: (
            hand_value(hand + [_slot(view, a)], mat, w, self.memo, values), -a.slot))
        return best


def _slot(view: MachineView, a: TakeUp) -> Card:
    card = view.display[a.slot]
    assert card is not None
    return card


class StrongBot(StandardBot):
    """Tuned heuristics, plus a Monte Carlo look-ahead over which set to play.

    When the heuristics decide to play a set and the hand holds sets of different kinds (or
    track choices), the best set of each kind (up to ``max_options``) is tried on ``samples``
    full states dealt from the bot's view (hidden cards sampled at random, the same deals for
    every option): the set is played, ``horizon`` more of the bot's own turns are played out
    with the tuned heuristics, and the bot's mat and hand are scored; the best average wins.
    Whether to play at all, and every other decision, is the tuned heuristics' call: in our
    runs, comparing taking or trading against playing by such short look-aheads lost games.
    """

    weights: Weights = STRONG_W
    samples: int = 4
    horizon: int = 4
    max_options: int = 3

    def __init__(self) -> None:
        super().__init__()
        self.policy = StandardBot()
        self.policy.weights = self.weights
        self.policy.memo = self.memo  # one seat: its look-aheads share what it works out

    def turn_start(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                   legal: Sequence[MachineAction], values: tuple[float, ...],
                   rng: random.Random) -> MachineAction:
        first = StandardBot.turn_start(self, view, hand, mat, legal, values, rng)
        if not isinstance(first, PlaySet):
            return first  # whether to play at all is the tuned heuristics' call
        options = self.options(view, hand, mat, legal, values, rng)
        if len(options) <= 1:
            return first

        deals = [GAME.determinize(view, rng) for _ in range(self.samples)]
        seeds = [rng.randrange(2**31) for _ in range(self.samples)]
        best: MachineAction = options[0]
        best_v = -1e18
        for option in options:
            total = 0.0
            for deal, seed in zip(deals, seeds, strict=True):
                total += self.rollout(deal, option, view.player, random.Random(seed))
            if total > best_v:
                best, best_v = option, total
        return best

    def options(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                legal: Sequence[MachineAction], values: tuple[float, ...],
                rng: random.Random) -> list[MachineAction]:
        """The sets worth comparing: the best one per kind, track choice and pile count."""
        out: list[MachineAction] = []
        plays = [a for a in legal if isinstance(a, PlaySet)]
        groups: dict[tuple[str, tuple[int, ...], int], tuple[float, PlaySet]] = {}
        for a in plays:
            key = (a.kind, a.tracks, a.from_pile)
            score = self.play_score(a, hand, mat, values)
            if key not in groups or score > groups[key][0]:
                groups[key] = (score, a)
        ranked = sorted(groups.values(), key=lambda t: -t[0])
        out.extend(a for _, a in ranked[: self.max_options])
        return out

    def rollout(self, state: MachineState, first: MachineAction, me: int,
                rng: random.Random) -> float:
        """Play ``first``, finish the turn, then ``horizon`` more own turns; score the mat."""
        policy = self.policy
        state = GAME._apply(state, first)
        turns = 0
        while True:
            if state.phase == OVER:
                break
            if state.current != me:
                turns += 1
                if turns > self.horizon or state.out[me]:
                    break
                # skip the other players: only this player's plan is looked at
                state = replace(state, current=me, phase=TURN)
            legal = GAME.legal_actions(state)
            action = policy.choose(GAME.view(state, me), legal, rng)
            state = GAME._apply(state, action)
        m = state.mats[me]
        w = self.weights
        return mat_value(m, w) + 0.5 * hand_value(state.hands[me], m, w, self.memo)


# The declared levels (GameInfo.bot_levels, weakest first) paired with their players.
LEVELS: dict[str, Callable[[], BeginnerBot | StandardBot]] = bot_levels(
    GAME.info, BeginnerBot, StandardBot, StrongBot)


def make_bot(level: str) -> BeginnerBot | StandardBot:
    """A new computer player of ``level`` (seated games give every seat its own)."""
    return LEVELS[level]()


__all__ = ["ENGINE_TRACKS", "LEVELS", "TWO_PAIR", "BeginnerBot", "Memo", "StandardBot",
           "StrongBot", "Weights", "hand_value", "make_bot", "mat_value"]
