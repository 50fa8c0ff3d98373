"""Perpetual Motion: golden deals checked by hand, the forced-move procedure, loop detection
against a slow re-simulation, and properties over random decks."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, parse_cards, standard_deck
from engine.errors import IllegalAction, InvalidState, ParseError
from engine.games.perpetual_motion.rules import (
    GAME,
    Deal,
    Gather,
    Move,
    PlayResult,
    PMConfig,
    PMState,
    deck_from_seed,
    forced_move,
    play_out,
    simulate,
)

SUITS = "SHDC"


def play_deck(cards: Sequence[Card]) -> PlayResult:
    """The fast play-out of a deal given as cards (suits never matter)."""
    return play_out([c.rank for c in cards])


def row_deck(rows: list[str]) -> list[str]:
    """Cards for rows of ranks like "A234", each rank's suits handed out in order."""
    used: dict[str, int] = {}
    out = []
    for row in rows:
        for r in row:
            i = used.get(r, 0)
            used[r] = i + 1
            out.append(r + SUITS[i])
    return out


# 13 rows using each rank four times; row 4 sets up a two-move cascade
CASCADE_ROWS = ["A234", "5678", "9TJQ", "K5KJ"] + ["A234"] * 3 + ["5678"] * 2 + ["9TJQ"] * 2 + [
    "6789", "TQKK"]


def stacks_of(*tops: str) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(parse_cards(s)) for s in tops)


def play_steps(state: PMState) -> list[tuple[PMState, object]]:
    trail = []
    while not GAME.is_over(state):
        (action,) = GAME.legal_actions(state)
        trail.append((state, action))
        state = GAME.apply(state, action)
    trail.append((state, None))
    return trail


# --- golden: checked by hand -------------------------------------------------------------


def test_seed_examples_of_forced_moves() -> None:
    # The seed: "if the top cards are A 5 A 5, move the Ace on the third column onto the Ace
    # on the first, and the five on the rightmost column onto the five on the second."
    s = stacks_of("AS", "5S", "AH", "5H")
    assert forced_move(s) == Move(2, 0)
    s = stacks_of("AS AH", "5S", "", "5H")
    assert forced_move(s) == Move(3, 1)
    assert forced_move(stacks_of("AS AH", "5S 5H", "", "")) is None
    # "6 8 8 8: move the eights from the third and fourth columns onto the second."
    s = stacks_of("6S", "8S", "8H", "8D")
    assert forced_move(s) == Move(2, 1)
    assert forced_move(stacks_of("6S", "8S 8H", "", "8D")) == Move(3, 1)


def test_cascade_uncovers_further_moves() -> None:
    state = GAME.new_game_from_deck(PMConfig(), row_deck(CASCADE_ROWS))
    # Rows 1-3 leave tops 9 T J Q; row 4 deals K 5 K J: tops K 5 K J.
    for _ in range(4):
        state = GAME.apply(state, Deal())
    assert [s[-1].rank_char for s in state.stacks] == ["K", "5", "K", "J"]
    # Stack 3's king goes onto stack 1 (the leftmost king) and uncovers stack 3's jack,
    # which now matches stack 4's jack: that one moves onto stack 3, uncovering a queen.
    assert GAME.legal_actions(state) == [Move(2, 0)]
    state = GAME.apply(state, Move(2, 0))
    assert [s[-1].rank_char for s in state.stacks] == ["K", "5", "J", "J"]
    assert GAME.legal_actions(state) == [Move(3, 2)]
    state = GAME.apply(state, Move(3, 2))
    assert [s[-1].rank_char for s in state.stacks] == ["K", "5", "J", "Q"]
    assert [len(s) for s in state.stacks] == [5, 4, 4, 3]
    assert GAME.legal_actions(state) == [Deal()]


def test_won_in_two_rounds() -> None:
    # Round 1: four rows of A234, four of 5678, four of 9TJQ (never two equal tops), then
    # KKKK (discarded at once). Stacks: A A A A 5 5 5 5 9 9 9 9 | 2..6..T | 3..7..J | 4..8..Q.
    # Gathered, round 2 deals AAAA, 5555, 9999, 2222, ... one rank per row: all discarded.
    deck = row_deck(["A234"] * 4 + ["5678"] * 4 + ["9TJQ"] * 4 + ["KKKK"])
    result = play_deck(parse_cards(deck))
    assert result.to_dict() == {"won": True, "rounds": 2, "deals": 25,
                                "loop_start": None, "loop_length": None}
    trail = play_steps(GAME.new_game_from_deck(PMConfig(), deck))
    final = trail[-1][0]
    assert GAME.outcome(final) is not None and GAME.outcome(final).winners == (0,)
    assert final.round == 2 and final.deals == 25 and len(final.discarded) == 52
    # round 2's deck is exactly the gathered stacks, bottom of stack 1 first
    gathered = next(s for s, a in trail if s.round == 2)
    assert "".join(c.rank_char for c in gathered.deck) == (
        "AAAA5555999922226666TTTT33337777JJJJ44448888QQQQ")


def test_dealt_row_of_one_rank_is_discarded_and_stacks_stay() -> None:
    deck = row_deck(["A234", "5555"] + ["6789"] * 4 + ["TJQK"] * 4 + ["A234"] * 3)
    state = GAME.new_game_from_deck(PMConfig(), deck)
    state = GAME.apply(state, Deal())
    before = state.stacks
    state = GAME.apply(state, Deal())
    assert state.stacks == before
    assert [str(c) for c in state.discarded] == ["5S", "5H", "5D", "5C"]
    assert state.deals == 2


# --- golden: pinned outcomes of numbered deals (regression) ------------------------------

PINNED = {
    1: {"won": False, "rounds": 29, "deals": 255, "loop_start": 26, "loop_length": 4},
}


@pytest.mark.parametrize("seed", sorted(PINNED))
def test_pinned_deals(seed: int) -> None:
    assert play_deck(deck_from_seed(seed)).to_dict() == PINNED[seed]


def test_first_won_and_looping_deals_agree_with_slow_resimulation() -> None:
    won = [s for s in range(400) if play_deck(deck_from_seed(s)).won]
    assert won, "some deal among the first 400 is won"
    for seed in won[:3] + [0, 1, 2, 3]:
        deck = deck_from_seed(seed)
        assert play_deck(deck) == slow_resimulation(deck)


# --- the slow, obviously-correct re-simulation -------------------------------------------


def slow_resimulation(deck: list[Card]) -> object:
    """Written independently of the engine: literal rules, lists of cards, linear search."""
    from engine.games.perpetual_motion.rules import PlayResult

    starts: list[list[int]] = []
    current = list(deck)
    deals = 0
    rnd = 0
    while True:
        rnd += 1
        ranks = [c.rank for c in current]
        for i, earlier in enumerate(starts):
            if earlier == ranks:
                return PlayResult(False, rnd - 1, deals, i + 1, rnd - 1 - i)
        starts.append(ranks)
        stacks: list[list[Card]] = [[], [], [], []]
        pos = 0
        while pos < len(current):
            row = current[pos:pos + 4]
            pos += 4
            deals += 1
            if all(c.rank == row[0].rank for c in row):
                continue
            for k in range(4):
                stacks[k].append(row[k])
            moved = True
            while moved:
                moved = False
                for j in range(4):
                    if not stacks[j]:
                        continue
                    left = [i for i in range(j) if stacks[i] and
                            stacks[i][-1].rank == stacks[j][-1].rank]
                    if left:
                        stacks[left[0]].append(stacks[j].pop())
                        moved = True
                        break
        current = stacks[0] + stacks[1] + stacks[2] + stacks[3]
        if not current:
            return PlayResult(True, rnd, deals, None, None)


def test_fast_play_out_agrees_with_slow_resimulation_on_many_deals() -> None:
    rng = random.Random(2024)
    for _ in range(600):
        deck = standard_deck()
        rng.shuffle(deck)
        assert play_deck(deck) == slow_resimulation(deck)


# --- properties over random decks --------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.permutations(standard_deck()))
def test_step_protocol_properties(deck: list[Card]) -> None:
    state = GAME.new_game_from_deck(PMConfig(), [str(c) for c in deck])
    everything = sorted(standard_deck())
    for s, action in play_steps(state):
        cards = list(s.deck) + [c for st_ in s.stacks for c in st_] + list(s.discarded)
        assert sorted(cards) == everything, "all 52 cards accounted for"
        if action is None or isinstance(action, (Deal, Gather)):
            tops = [st_[-1].rank for st_ in s.stacks if st_]
            assert len(tops) == len(set(tops)), "no two stacks show one rank after moves"
    final = play_steps(state)[-1][0]
    fast = play_deck(deck)
    out = GAME.outcome(final)
    assert out is not None
    assert dict(out.details) == fast.to_dict()
    assert fast == slow_resimulation(deck)


@settings(max_examples=40, deadline=None)
@given(st.permutations(standard_deck()), st.integers(0, 400))
def test_json_roundtrip_mid_game(deck: list[Card], steps: int) -> None:
    state = GAME.new_game_from_deck(PMConfig(), [str(c) for c in deck])
    for _ in range(steps):
        if GAME.is_over(state):
            break
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    text = json.dumps(GAME.state_to_dict(state))
    assert GAME.state_from_dict(json.loads(text)) == state


# --- refusals ----------------------------------------------------------------------------


def test_refusals_explain_and_change_nothing() -> None:
    state = GAME.new_game_from_deck(PMConfig(), row_deck(CASCADE_ROWS))
    for _ in range(4):
        state = GAME.apply(state, Deal())
    before = GAME.state_to_dict(state)
    cases = {
        Deal(): "forced move is pending",
        Gather(): "forced move is pending",
        Move(3, 0): "does not match",
        Move(1, 0): "does not match",
        Move(0, 2): "cards only move left",
        Move(3, 2): "does not match",
        Move(2, 2): "own stack",
    }
    for action, words in cases.items():
        with pytest.raises(IllegalAction) as err:
            GAME.apply(state, action)
        assert words in err.value.reason
        assert GAME.state_to_dict(state) == before


def test_broken_saves_are_named() -> None:
    data = GAME.state_to_dict(GAME.new_seeded(5))
    data["stacks"][0] = ["AS"]
    with pytest.raises(InvalidState, match="more than once"):
        GAME.state_from_dict(data)
    data = GAME.state_to_dict(GAME.new_seeded(5))
    data["round"] = 0
    with pytest.raises(InvalidState, match=r"state\.round"):
        GAME.state_from_dict(data)


# --- the command line --------------------------------------------------------------------


def run_cli(command: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``play`` is the shared command (``python -m engine play perpetual-motion``); ``stats``
    the game's own (``python -m engine perpetual-motion stats``)."""
    argv = ["play", "perpetual-motion"] if command == "play" else ["perpetual-motion", command]
    return subprocess.run([sys.executable, "-m", "engine", *argv, *args],
                          capture_output=True, text=True, timeout=120)


def test_cli_play_json_seed_and_deck_agree() -> None:
    deck = " ".join(str(c) for c in deck_from_seed(1))
    a = run_cli("play", "--seed", "1", "--json")
    b = run_cli("play", "--deck", deck, "--json")
    assert a.returncode == b.returncode == 0
    one, two = json.loads(a.stdout), json.loads(b.stdout)
    assert one["outcome"]["details"] == two["outcome"]["details"] == PINNED[1]
    assert one["seats"] == ["forced"] and two["deck"] == deck.split() and "deck" not in one


@pytest.mark.parametrize("deck, words", [
    ("AS 2S", "52"),
    (" ".join(["AS"] * 52), "more than once"),
    ("AS ZZ", "not a card"),
])
def test_cli_wrong_deck_one_line_exit_2(deck: str, words: str) -> None:
    r = run_cli("play", "--deck", deck, "--json")
    assert r.returncode == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0]


def test_cli_stats() -> None:
    r = run_cli("stats", "--games", "300", "--seed", "3", "--json")
    assert r.returncode == 0
    data = json.loads(r.stdout)
    assert data == simulate(300, 3).to_dict()
    assert data["games"] == 300 and 0 <= data["won"] <= 300


@pytest.mark.parametrize("seed, summary, rounds, deals", [
    (9411, "Loops every round from round 10.", 10, 105),  # not "every 1 round" (issue 35)
    (7, "Loops every round from round 34.", 34, 285),
    (34, "Loops every 12 rounds from round 31.", 42, 337),
    (16557, "Won in 11 rounds: every card is discarded.", 11, 102),
])
def test_ends_are_worded_in_the_right_number(seed: int, summary: str, rounds: int,
                                             deals: int) -> None:
    """"1 round", never "1 rounds": the outcome's summary, which the command line reports."""
    state = GAME.new_seeded(seed)
    while (out := GAME.outcome(state)) is None:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert out.summary == summary
    r = run_cli("play", "--seed", str(seed))
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and lines[1] == summary
    assert f"rounds: {rounds}" in lines and f"deals: {deals}" in lines


def test_parse_errors() -> None:
    for bad in ("", "deal 2", "move 0 1", "move 1 9", "hop"):
        with pytest.raises(ParseError):
            GAME.parse_action(bad)
    assert play_out([1] * 4 + [2] * 4 + [3] * 4 + [4] * 4 + [5] * 4 + [6] * 4 + [7] * 4
                    + [8] * 4 + [9] * 4 + [10] * 4 + [11] * 4 + [12] * 4 + [13] * 4).won
