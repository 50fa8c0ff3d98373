"""Cube Farm as a game: dealing, turns, claims, saving, views, and properties of many games.

The property test plays thousands of seeded one-hand games with random legal actions and checks
the incremental geometry against slow, independent recomputations: enclosed floor, cubicles,
elevator reach at every claim, and every score against its explanation and a fresh walk.
"""

from __future__ import annotations

import json
import random
from collections import Counter, deque
from pathlib import Path

import pytest

from engine.errors import IllegalAction, InvalidState, ParseError
from engine.games.cube_farm.board import (
    DIRS,
    LANDSCAPE,
    PORTRAIT,
    SHAPES,
    Board,
    Pos,
    board_from_map,
)
from engine.games.cube_farm.deck import CARDS, DECK_IDS, START_CARD
from engine.games.cube_farm.rules import (
    GAME,
    CFConfig,
    CFState,
    Claim,
    NextHand,
    Pass,
    Place,
)
from engine.games.cube_farm.rules import (
    CFAction as Action,
)
from engine.registry import get_game, rules_markdown
from engine.seats import play_seeded

# --- set-up and turns ---------------------------------------------------------------------


@pytest.mark.parametrize("players,size,hands", [(2, 6, 4), (3, 5, 3), (4, 5, 4), (5, 5, 5)])
def test_deal_and_game_length(players: int, size: int, hands: int) -> None:
    s = GAME.new_game(GAME.default_config(players), random.Random(players))
    assert [len(h) for h in s.hands] == [size] * players
    assert len(s.deck) == len(DECK_IDS) - size * players
    assert s.hands_total == hands and s.to_move == 0
    assert GAME.card_multiset(s) == Counter(DECK_IDS) + Counter([START_CARD])


def test_registry_and_rules_page() -> None:
    assert get_game("cube-farm") is GAME
    page = rules_markdown("cube-farm")
    assert page.startswith("# Cube Farm")
    for cid, (top, bottom) in CARDS.items():
        assert f"| {cid} | {top} | {bottom} |" in page, cid


def test_action_text_round_trips() -> None:
    for a in (Place("C07", -3, 12, 1), Place("E2", 0, -1, 3), Claim(-4, 0), Pass(), NextHand()):
        assert GAME.parse_action(str(a)) == a
    assert GAME.parse_action("  PLACE c07 at -3, 12 rot 1 ") == Place("C07", -3, 12, 1)
    for bad in ("place C07 at 1 rot 1", "claim", "place at 1,2 rot 0", "deal"):
        with pytest.raises(ParseError):
            GAME.parse_action(bad)


def first_claim_state(seed: int) -> CFState:
    s = GAME.new_game(GAME.default_config(2), random.Random(seed))
    rng = random.Random(seed)
    while s.phase != "claim":
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    return s


def test_turn_is_a_card_then_a_claim_or_pass() -> None:
    s = first_claim_state(1)
    who = s.to_move
    legal = GAME.legal_actions(s)
    assert legal[-1] == Pass() and all(isinstance(a, Claim) for a in legal[:-1])
    assert GAME.claimable(s)
    assert "claim a cubicle or pass" in (GAME.explain_illegal(s, Place(s.hands[who][0] if
                                                                       s.hands[who] else "C01",
                                                                       50, 50, 0)) or "")
    after = GAME.apply(s, legal[0])
    assert after.to_move == (who + 1) % 2 and after.phase == "place"
    assert set(after.board.stones.values()) == {who}
    with pytest.raises(IllegalAction, match="play a card first"):
        GAME.apply(after, Pass())


def test_nothing_to_claim_skips_the_claim_step() -> None:
    s = GAME.new_game_from_deck(CFConfig(2, 1), ["E1", "E2", *[c for c in DECK_IDS
                                                               if c not in ("E1", "E2")]])
    assert s.hands[0][0] == "E1"
    place = next(a for a in GAME.legal_actions(s) if isinstance(a, Place) and a.card == "E1")
    after = GAME.apply(s, place)
    assert after.phase == "place" and after.to_move == 1


def test_refusals_name_reasons() -> None:
    s = GAME.new_game(GAME.default_config(3), random.Random(5))
    mine = s.hands[0][0]
    other = s.hands[1][0]
    assert GAME.explain_illegal(s, Place(other, 3, 0, 1)) == f"{other} is not in your hand"
    assert "share an edge" in (GAME.explain_illegal(s, Place(mine, 30, 30, 0)) or "")
    assert "already built" in (GAME.explain_illegal(s, Place(mine, 0, 0, 0)) or "")
    assert GAME.explain_illegal(s, NextHand()) == "the hand is not over yet"


def test_new_game_from_deck_checks_the_deck() -> None:
    with pytest.raises(ParseError, match="missing: C02"):
        GAME.new_game_from_deck(CFConfig(2), [c for c in DECK_IDS if c != "C02"])
    deck = list(reversed(DECK_IDS))
    s = GAME.new_game_from_deck(CFConfig(3), deck)
    assert s.hands[0] == (deck[0], deck[3], deck[6], deck[9], deck[12])
    assert s == GAME.new_game_from_deck(CFConfig(3), deck)


def test_view_hides_hands_and_deck() -> None:
    s = GAME.new_game(GAME.default_config(3), random.Random(2))
    v = GAME.view(s, 1).to_dict()
    text = json.dumps(v)
    assert v["my_hand"] == list(s.hands[1])
    for c in s.hands[0] + s.hands[2] + s.deck:
        assert f'"{c}"' not in text
    assert v["hand_counts"] == [5, 5, 5] and v["deck_count"] == len(s.deck)
    assert "seed" not in v


def test_broken_log_rejected() -> None:
    s = first_claim_state(3)
    data = GAME.state_to_dict(s)
    bad = json.loads(json.dumps(data))
    bad["log"][0][1] = "place C01 at 40,40 rot 0"
    with pytest.raises(InvalidState, match=r"state\.log\[0\]"):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["log"][0][0] = 1
    with pytest.raises(InvalidState, match="turn"):
        GAME.state_from_dict(bad)
    bad = json.loads(json.dumps(data))
    bad["phase"] = "place"
    with pytest.raises(InvalidState, match="phase"):
        GAME.state_from_dict(bad)
    assert GAME.state_from_dict(data) == s


def test_reloading_in_any_order_rebuilds_the_same_table() -> None:
    """state_from_dict remembers its last replay and goes on from it when a log extends it:
    reloading states out of order, a broken log in between, or another game's states, must
    rebuild each table exactly as a fresh replay would."""
    rng = random.Random(4)
    games = []
    for seed in (1, 2):
        s = GAME.new_game(CFConfig(players=3), random.Random(seed))
        trail = [s]
        while GAME.current_player(s) is not None and len(trail) < 40:
            s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
            trail.append(s)
        games.append(trail)
    order = [(g, i) for g in range(2) for i in range(len(games[g]))]
    rng.shuffle(order)
    order += [(0, i) for i in range(len(games[0]))]  # in playing order: each log extends the last
    for k, (g, i) in enumerate(order):
        state = games[g][i]
        data = json.loads(json.dumps(GAME.state_to_dict(state)))
        if k % 7 == 3 and data["log"]:
            bad = json.loads(json.dumps(data))
            bad["log"][-1][0] = (bad["log"][-1][0] + 1) % 3
            with pytest.raises(InvalidState):
                GAME.state_from_dict(bad)
        loaded = GAME.state_from_dict(data)
        assert loaded == state
        assert GAME.view(loaded, 0).to_dict() == GAME.view(state, 0).to_dict()
        assert GAME.legal_actions(loaded) == GAME.legal_actions(state)


def test_whole_game_with_hand_over_pauses() -> None:
    s = GAME.new_game(GAME.default_config(2), random.Random(11))
    rng = random.Random(11)
    pauses = 0
    firsts = [s.to_move]
    while not GAME.is_over(s):
        legal = GAME.legal_actions(s)
        if s.phase == "hand_over":
            pauses += 1
            assert legal == [NextHand()]
            assert sum(s.history[-1]) == sum(GAME.view(s, 0).to_dict()["hand_scores"])
            s = GAME.apply(s, NextHand())
            firsts.append(s.to_move)
            assert not s.log and s.board.placements == [(START_CARD, 0, 0, 0)]
            continue
        s = GAME.apply(s, rng.choice(legal))
    assert pauses == 3 and firsts == [0, 1, 0, 1]
    out = GAME.outcome(s)
    assert out is not None and out.scores is not None
    assert list(out.scores) == [sum(h[p] for h in s.history) for p in range(2)]
    assert out.winners == tuple(p for p in range(2) if s.totals[p] == max(s.totals))


# --- independent recomputations -----------------------------------------------------------


def slow_holes(b: Board) -> set[Pos]:
    """Enclosed empty regions where no card fits, by a flood from outside the bounding box."""
    minx, miny, maxx, maxy = b.bbox
    cells = set(b.cells)
    outside: set[Pos] = set()
    todo = deque([(minx - 1, miny - 1)])
    outside.add((minx - 1, miny - 1))
    while todo:
        x, y = todo.popleft()
        for dx, dy in DIRS:
            q = (x + dx, y + dy)
            if (minx - 1 <= q[0] <= maxx + 1 and miny - 1 <= q[1] <= maxy + 1
                    and q not in cells and q not in outside):
                outside.add(q)
                todo.append(q)
    empty = {(x, y) for x in range(minx, maxx + 1) for y in range(miny, maxy + 1)
             if (x, y) not in cells and (x, y) not in outside}
    holes: set[Pos] = set()
    while empty:
        start = empty.pop()
        region = {start}
        todo = deque([start])
        while todo:
            x, y = todo.popleft()
            for dx, dy in DIRS:
                q = (x + dx, y + dy)
                if q in empty:
                    empty.discard(q)
                    region.add(q)
                    todo.append(q)
        fits = any(all((x + ox, y + oy) in region for ox, oy in offs)
                   for x, y in region for offs in (LANDSCAPE, PORTRAIT))
        if not fits:
            holes |= region
    return holes


def slow_cubicles(b: Board) -> set[tuple[tuple[Pos, ...], int | None]]:
    seen: set[Pos] = set()
    out = set()
    for p, sq in b.cells.items():
        if not sq.unit or p in seen:
            continue
        comp = {p}
        todo = [p]
        while todo:
            q = todo.pop()
            for side in range(4):
                n = (q[0] + DIRS[side][0], q[1] + DIRS[side][1])
                ns = b.cells.get(n)
                if (b.cells[q].is_open(side) and ns is not None and ns.unit
                        and ns.is_open(side ^ 2) and n not in comp):
                    comp.add(n)
                    todo.append(n)
        seen |= comp
        owners = {b.stones.get(u) for u in comp}
        assert len(owners) == 1, f"a cubicle with mixed stones: {owners}"
        out.add((tuple(sorted(comp, key=lambda u: (u[1], u[0]))), owners.pop()))
    return out


def slow_walk_to_elevator(b: Board, doors: list[Pos]) -> bool:
    todo = deque(doors)
    seen = set(doors)
    while todo:
        x, y = todo.popleft()
        for dx, dy in DIRS:
            q = (x + dx, y + dy)
            if q in b.elevators:
                return True
            if q in b.walk and q not in seen:
                seen.add(q)
                todo.append(q)
    return False


def slow_distance(b: Board, doors: list[Pos], target: Pos) -> int:
    todo = deque((d, 1) for d in doors)
    seen = set(doors)
    while todo:
        q, d = todo.popleft()
        if q == target:
            return d
        for dx, dy in DIRS:
            n = (q[0] + dx, q[1] + dy)
            if n in b.walk and n not in seen:
                seen.add(n)
                todo.append((n, d + 1))
    return 99


def check_table(b: Board, players: int) -> None:
    assert b.holes == slow_holes(b)
    cubs = {(c.units, c.owner) for c in b.cubicles()}
    assert cubs == slow_cubicles(b)
    claimed_units = {u for c in b.cubicles() if c.owner is not None for u in c.units}
    assert set(b.stones) == claimed_units
    totals = [0] * players
    for s in b.scores():
        cub = b.cubicle_at(s.cubicle)
        assert cub is not None and not cub.negative
        doors = [q for _, q in cub.doors]
        assert s.total == s.stones + sum(x.value for x in s.bonuses) == len(cub.units) + sum(
            x.value for x in s.bonuses)
        for bonus in s.bonuses:
            if bonus.value > 0:
                assert slow_distance(b, doors, bonus.at) == bonus.distance <= bonus.value
        totals[s.owner] += s.total
    assert totals == b.totals(players)


def play_checked(seed: int, players: int) -> CFState:
    rng = random.Random(seed)
    s = GAME.new_game(CFConfig(players, 1), random.Random(seed))
    cards = GAME.card_multiset(s)
    for _ in range(500):
        if GAME.is_over(s):
            break
        if s.phase == "place":
            # a random card, then a random legal place for it (cheaper than listing all)
            card = rng.choice(sorted(s.hands[s.to_move]))
            action: Action = rng.choice(GAME.placements_for(s, card))
        else:
            action = rng.choice(GAME.legal_actions(s))
        if isinstance(action, Claim):
            cub = s.board.cubicle_at(action.pos)
            assert cub is not None and cub.owner is None and not cub.negative
            assert slow_walk_to_elevator(s.board, [q for _, q in cub.doors])
        s = GAME.apply(s, action)
        assert GAME.card_multiset(s) == cards
    assert GAME.is_over(s)
    check_table(s.board, players)
    assert list(s.history[-1]) == s.board.totals(players)
    return s


def test_thousands_of_seeded_games_keep_their_invariants() -> None:
    for seed in range(2000):
        play_checked(seed, 2 + seed % 4)


# --- computer players ---------------------------------------------------------------------


@pytest.mark.parametrize("levels", [("beginner", "standard"), ("standard", "strong", "beginner")])
def test_seeded_computer_games_end_and_repeat(levels: tuple[str, ...]) -> None:
    from engine.games.cube_farm.cli import play_game

    a = play_game(list(levels), 7, hands=1)
    b = play_game(list(levels), 7, hands=1)
    assert GAME.is_over(a) and GAME.state_to_dict(a) == GAME.state_to_dict(b)


def test_bots_choose_legal_actions_from_their_view() -> None:
    bots = GAME.bots()
    assert set(bots) == {"beginner", "standard", "strong"}
    for seed in range(12):
        s = GAME.new_game(CFConfig(2 + seed % 3, 1), random.Random(seed))
        rng = random.Random(seed)
        level = ["beginner", "standard", "strong"][seed % 3]
        while not GAME.is_over(s):
            who = GAME.current_player(s)
            assert who is not None
            legal = GAME.legal_actions(s)
            action = bots[level].choose(GAME.view(s, who), legal, rng)
            assert action in legal
            s = GAME.apply(s, action)
        check_table(s.board, s.players)


# --- the rules page, and the set-up option for joining two players' cubicles ------------

ROOT = Path(__file__).resolve().parents[2]
TWO_OWNERS = "this would join cubicles claimed by two different players"


def test_rules_page_counts_the_walk_through_the_elevator_as_three_steps() -> None:
    text = " ".join((ROOT / "engine" / "games" / "cube_farm" / "rules.md").read_text().split())
    assert "would be 3 steps away straight through the elevator" in text
    assert "would be 2 steps away" not in text


def test_joining_two_players_cubicles_is_a_named_set_up_option() -> None:
    opt = next(o for o in GAME.info.options if o.id == "join")
    assert opt.default == "no" and [v for v, _ in opt.choices] == ["no", "yes"]
    assert GAME.config_from_dict({"players": 3}).join == "no"
    config = GAME.config_from_dict({"players": 3, "join": "yes"})
    s = GAME.new_game(config, random.Random(1))
    assert s.join and s.board.join_players
    again = GAME.state_from_dict(GAME.state_to_dict(s))
    assert again == s and again.board.join_players and GAME.config_of(again).join == "yes"
    old_save = {k: v for k, v in GAME.state_to_dict(s).items() if k != "join"}
    assert not GAME.state_from_dict(old_save).join  # saves from before the option: "no"
    # C31's corner unit opens north and west: between Ana's cubicle and Bo's
    for join in (False, True):
        b = board_from_map(["#    cs@1 #", "ce@2 #    #"])
        b.join_players = join
        problem = b.join_conflict(SHAPES["C31"][0], 1, 1)
        if not join:
            assert problem == TWO_OWNERS
            continue
        assert problem is None
        b.place("C31", 1, 1, 0)
        joined = b.cubicle_at((1, 1))
        assert joined is not None and set(joined.units) == {(1, 0), (0, 1), (1, 1)}
        assert joined.owner == 0  # a tie: the cubicle first in reading order (Ana's)
        assert {b.stones[u] for u in joined.units} == {0}


def test_the_join_option_reaches_the_command_line() -> None:
    res = play_seeded("cube-farm", 3, ["beginner", "beginner"], {"hands": 1, "join": "yes"})
    assert res.to_dict()["options"]["join"] == "yes"
