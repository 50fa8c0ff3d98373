"""Computer players for Perpetual-Motion Machine, choosing only from their own view.

* **beginner**: legal and sensible: plays a set whenever it has one (any set), otherwise takes
  cards greedily, trades only when its supply is empty, discards at random.
* **standard**: heuristics: set-up on the engine tracks, plays the set worth most (engine
  tracks early, cubes later), never plays itself into the stuck position, trades when its
  supply cannot pay for the set it holds or is nearly empty, takes the face-up cards that bring
  its hand closest to a set and discards the cards that matter least.
* **strong**: looks ahead: compares the whole turn's options (each set, trading, taking) on one
  value scale of mat, supply and hand, and values face-down draws by sampling the hidden cards
  from its view (Monte Carlo over the unseen cards).

Every bot is deterministic given the ``rng`` it is passed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card, standard_deck
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
    DOUBLE_KINDS,
    KIND_TRACK,
    SETUP,
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
    apply_set,
)

# --- hand evaluation ------------------------------------------------------------------------

# Chance-like weight of a set that is missing 0, 1, 2, ... cards.
CLOSE = (1.0, 0.45, 0.16, 0.05, 0.015, 0.0)


def _missing(hand: Sequence[Card]) -> dict[str, int]:
    """For each kind, the fewest cards the hand lacks to hold a set of that kind."""
    ranks = [0] * 14
    suits: dict[str, list[int]] = {"S": [], "H": [], "D": [], "C": []}
    for c in hand:
        ranks[c.rank] += 1
        suits[c.suit].append(c.rank)
    counts = sorted(ranks[1:], reverse=True)
    c1, c2 = counts[0], counts[1]
    present = [r > 0 for r in ranks]
    present_hi = present[1:] + [present[1]]  # index 13 -> ace high
    best_straight = 5
    for lo in range(1, 11):
        have = sum(1 for r in range(lo, lo + 5) if (present_hi[r - 1] if r > 13 else present[r]))
        best_straight = min(best_straight, 5 - have)
    best_sf = 5
    royal = 5
    for rs in suits.values():
        if len(rs) < 2:
            continue
        rset = set(rs)
        for lo in range(1, 11):
            have = sum(1 for r in range(lo, lo + 5) if (r if r <= 13 else 1) in rset)
            best_sf = min(best_sf, 5 - have)
        royal = min(royal, 5 - sum(1 for r in S.ROYAL_RANKS if r in rset))
    best_flush = 5 - max(len(v) for v in suits.values())
    return {
        S.THREE: max(0, 3 - c1),
        S.FOUR: max(0, 4 - c1),
        S.TWO_PAIR: max(0, 2 - c1) + max(0, 2 - c2),
        S.FULL_HOUSE: max(0, 3 - c1) + max(0, 2 - c2),
        S.STRAIGHT: best_straight,
        S.FLUSH: max(0, best_flush),
        S.STRAIGHT_FLUSH: best_sf,
        S.ROYAL_FLUSH: royal,
    }


@dataclass(frozen=True)
class Weights:
    """The knobs of the evaluation; the standard and strong players use different ones."""

    engine: float = 1.0  # worth of one step of a limit (scaled by the game still ahead)
    supply: float = 0.35  # worth of a cube in the supply (it saves a trade)
    hand: float = 1.2  # worth of the hand's closeness to sets
    cards: float = 0.05  # worth of each card held (options)
    stuck_risk: float = 1.5  # penalty for one cube left with few single sections
    close: tuple[float, ...] = CLOSE  # worth of a set missing 0, 1, 2, ... cards


STANDARD_W = Weights()
STRONG_W = Weights(engine=1.3, supply=0.45, hand=1.0, cards=0.06, stuck_risk=3.0,
                   close=(0.7, 0.35, 0.12, 0.04, 0.01, 0.0))


def engine_value(mat: PlayerMat, w: Weights) -> float:
    """How much the mat's limits are worth while cubes remain to be placed."""
    ahead = mat.left / max(1, mat.left + mat.on_mat)
    v = (mat.trade_limit - 1) * (0.9 if mat.pile > 4 else 0.3)
    v += (mat.hand_limit - 5) * 0.7
    v += mat.face_down_limit * 0.8
    v += (mat.face_up_limit - 1) * 1.0
    return w.engine * v * ahead


def set_value(kind: str, mat: PlayerMat, w: Weights) -> float:
    """What playing a set of ``kind`` now would add (0 when it cannot be placed)."""
    from engine.games.machine.rules import placements

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


def hand_value(hand: Sequence[Card], mat: PlayerMat, w: Weights,
               values: dict[str, float] | None = None) -> float:
    """Closeness of the hand to sets worth playing, weighted by what each set would add."""
    if values is None:
        values = {k: set_value_affordable(k, mat, w) for k in S.KINDS}
    miss = _missing(hand)
    scores = sorted((values[k] * w.close[min(miss[k], 5)] for k in S.KINDS), reverse=True)
    return w.hand * (scores[0] + 0.5 * scores[1]) + w.cards * len(hand)


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
    """Legal and sensible: any set it holds, else take cards; trades only with an empty supply."""

    def choose(self, view: MachineView, legal: Sequence[MachineAction],
               rng: random.Random) -> MachineAction:
        plays = [a for a in legal if isinstance(a, PlaySet)]
        if plays:
            return rng.choice(plays)
        draws = [a for a in legal if isinstance(a, Draw)]
        if draws:
            return draws[0]
        if view.phase == SETUP or view.phase == DISCARDING:
            return rng.choice(list(legal))
        mat = view.mats[view.player]
        trades = [a for a in legal if isinstance(a, Trade)]
        if trades and (view.phase == TRADING or mat.supply == 0):
            if view.phase == TRADING and mat.supply >= 2:
                return Stop()
            return rng.choice(trades)
        takes = [a for a in legal if isinstance(a, TakeUp)]
        if takes:
            return rng.choice(takes)
        return rng.choice(list(legal))


class StandardBot:
    """Good heuristics: plan sets from hand and display, trade when the supply runs low."""

    weights: Weights = STANDARD_W

    def choose(self, view: MachineView, legal: Sequence[MachineAction],
               rng: random.Random) -> MachineAction:
        if len(legal) == 1:
            return legal[0]
        if view.phase == SETUP:
            return self.choose_setup(legal)
        mat = view.mats[view.player]
        hand = list(view.hand)
        w = self.weights
        values = {k: set_value_affordable(k, mat, w) for k in S.KINDS}
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
                   values: dict[str, float]) -> float:
        w = self.weights
        after = apply_set(mat, a)
        rest = [c for c in hand if c not in a.cards]
        gain = mat_value(after, w) - mat_value(mat, w)
        return gain + 0.3 * hand_value(rest, after, w)

    def best_play(self, hand: Sequence[Card], mat: PlayerMat, plays: Sequence[PlaySet],
                  values: dict[str, float]) -> tuple[PlaySet, float]:
        scored = [(self.play_score(a, hand, mat, values), i) for i, a in enumerate(plays)]
        best, i = max(scored)
        return plays[i], best

    def turn_start(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                   legal: Sequence[MachineAction], values: dict[str, float],
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
                    values: dict[str, float]) -> bool:
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

    def best_card_to_give(self, hand: Sequence[Card], mat: PlayerMat,
                          options: Sequence[MachineAction], values: dict[str, float]
                          ) -> MachineAction:
        """The trade or discard that costs the hand least."""
        w = self.weights
        best: MachineAction | None = None
        best_v = -1e9
        for a in options:
            card = a.card if isinstance(a, (Trade, Discard)) else None
            if card is None:
                continue
            rest = [c for c in hand if c != card]
            v = hand_value(rest, mat, w, values)
            if v > best_v:
                best, best_v = a, v
        assert best is not None
        return best

    def best_discard(self, hand: list[Card], mat: PlayerMat, legal: Sequence[MachineAction],
                     values: dict[str, float]) -> MachineAction:
        return self.best_card_to_give(hand, mat, legal, values)

    def trade_step(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                   legal: Sequence[MachineAction], values: dict[str, float]) -> MachineAction:
        trades = [a for a in legal if isinstance(a, Trade)]
        if not trades:
            return Stop()
        target = self.supply_target(hand, mat)
        if mat.supply >= target:
            return Stop()
        choice = self.best_card_to_give(hand, mat, trades, values)
        rest = [c for c in hand if not (isinstance(choice, Trade) and c == choice.card)]
        # keep cards that form a set we are saving cubes for
        if hand_value(rest, mat, self.weights, values) < hand_value(hand, mat, self.weights,
                                                                    values) - 0.6:
            return Stop()
        return choice

    def supply_target(self, hand: Sequence[Card], mat: PlayerMat) -> int:
        costs = [c for c in (mat.next_cost(t) for t in range(len(TRACKS))) if c is not None]
        want = max([2, *costs[:]]) if costs else 2
        return min(mat.cube_limit, want, mat.left)

    def take_step(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                  legal: Sequence[MachineAction], values: dict[str, float],
                  rng: random.Random) -> MachineAction:
        for a in legal:
            if isinstance(a, Draw):
                return a
        takes = [a for a in legal if isinstance(a, TakeUp)]
        if not takes:
            return Stop() if Stop() in legal else legal[0]
        w = self.weights
        best = max(takes, key=lambda a: (hand_value(hand + [_slot(view, a)], mat, w, values),
                                          -a.slot))
        return best


def _slot(view: MachineView, a: TakeUp) -> Card:
    card = view.display[a.slot]
    assert card is not None
    return card


class StrongBot(StandardBot):
    """Looks ahead: compares every option of the turn on one value scale, sampling draws."""

    weights: Weights = STRONG_W
    samples: int = 4

    def turn_start(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                   legal: Sequence[MachineAction], values: dict[str, float],
                   rng: random.Random) -> MachineAction:
        w = self.weights
        base = mat_value(mat, w)
        options: list[tuple[float, MachineAction]] = []
        plays = [a for a in legal if isinstance(a, PlaySet)]
        if plays:
            play, _ = self.best_play(hand, mat, plays, values)
            after = apply_set(mat, play)
            rest = [c for c in hand if c not in play.cards]
            options.append((mat_value(after, w) - base + hand_value(rest, after, w), play))
        trades = [a for a in legal if isinstance(a, Trade)]
        if trades:
            v, first = self.trade_plan(hand, mat, values)
            if first is not None:
                options.append((v, first))
        take_v, take_first = self.take_plan(view, hand, mat, legal, values, rng)
        if take_first is not None:
            options.append((take_v, take_first))
        if not options:
            return legal[0]
        options.sort(key=lambda t: -t[0])
        return options[0][1]

    def trade_plan(self, hand: list[Card], mat: PlayerMat, values: dict[str, float]
                   ) -> tuple[float, MachineAction | None]:
        """Value of trading greedily (least useful cards first) up to the supply target."""
        w = self.weights
        cur = list(hand)
        m = mat
        first: MachineAction | None = None
        n = 0
        target = max(self.supply_target(hand, mat), 1)
        while (n < mat.trade_limit and m.pile > 0 and m.supply < m.cube_limit and cur
               and m.supply < target + 1):
            best_c = max(cur, key=lambda c: hand_value([x for x in cur if x != c], m, w, values))
            if first is None:
                first = Trade(best_c)
            cur.remove(best_c)
            m = PlayerMat(m.filled, m.supply + 1, m.pile - 1)
            n += 1
        if first is None:
            return -1e9, None
        return (mat_value(m, w) - mat_value(mat, w) + hand_value(cur, m, w, values), first)

    def take_plan(self, view: MachineView, hand: list[Card], mat: PlayerMat,
                  legal: Sequence[MachineAction], values: dict[str, float],
                  rng: random.Random) -> tuple[float, MachineAction | None]:
        """Value of taking cards: sampled face-down draws, then the best face-up cards,
        then discarding the least useful cards down to the hand limit."""
        w = self.weights
        draws = mat.face_down_limit if any(isinstance(a, Draw) for a in legal) else 0
        display = [c for c in view.display if c is not None]
        if not draws and not display:
            return -1e9, None
        seen = set(hand) | set(display)
        unknown = [c for c in standard_deck() if c not in seen]
        samples = self.samples if draws else 1
        total = 0.0
        for _ in range(samples):
            cur = list(hand)
            if draws:
                cur += rng.sample(unknown, min(draws, len(unknown)))
            avail = list(display)
            for _ in range(mat.face_up_limit):
                if not avail:
                    break
                pick = max(avail, key=lambda c: hand_value(cur + [c], mat, w, values))
                avail.remove(pick)
                cur.append(pick)
            while len(cur) > mat.hand_limit:
                drop = max(cur, key=lambda c: hand_value([x for x in cur if x != c], mat, w,
                                                         values))
                cur.remove(drop)
            total += hand_value(cur, mat, w, values)
        first: MachineAction
        if draws:
            first = Draw()
        else:
            takes = [a for a in legal if isinstance(a, TakeUp)]
            first = max(takes, key=lambda a: (hand_value(hand + [_slot(view, a)], mat, w,
                                                         values), -a.slot))
        return total / samples, first


BOTS: dict[str, BeginnerBot | StandardBot] = {
    "beginner": BeginnerBot(),
    "standard": StandardBot(),
    "strong": StrongBot(),
}

__all__ = ["BOTS", "ENGINE_TRACKS", "TWO_PAIR", "BeginnerBot", "StandardBot", "StrongBot",
           "Weights", "hand_value", "mat_value"]
