"""Golden scenarios for Perpetual-Motion Machine, built by hand: every set, every mat edge."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from engine.cards import Card, parse_cards, standard_deck
from engine.errors import IllegalAction, InvalidState, ParseError
from engine.games.machine.mat import (
    CUBES_PER_PLAYER,
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
    LIMIT,
    OVER,
    SETUP,
    STUCK,
    TAKING,
    TRADING,
    TURN,
    WON,
    Discard,
    Draw,
    MachineConfig,
    MachineState,
    PlayerMat,
    PlaySet,
    Setup,
    Stop,
    TakeUp,
    trade_problem,
)


def mat(three: int = 0, straight: int = 0, flush: int = 0, fh: int = 0, two: int = 0,
        supply: int = 5, players: int = 2, pile: int | None = None) -> PlayerMat:
    """A mat with these sections filled; the general pile holds the rest of the cubes."""
    filled = (three, straight, flush, fh, two)
    m = PlayerMat(filled, supply, 0)
    rest = CUBES_PER_PLAYER[players] - m.on_mat - supply
    if pile is None:
        pile = rest
    assert pile == rest, "cubes must add up"
    return PlayerMat(filled, supply, pile)


def state(hands: list[str], mats: list[PlayerMat] | None = None, display: str = "",
          deck: str | None = None, discard: str = "", phase: str = TURN, current: int = 0,
          **kw: Any) -> MachineState:
    """A hand-built state; cards not named go to the deck (in standard order) unless given."""
    n = len(hands)
    hs = [tuple(parse_cards(h)) for h in hands]
    disp = parse_cards(display)
    disc = tuple(parse_cards(discard))
    used = {c for h in hs for c in h} | set(disp) | set(disc)
    rest = tuple(c for c in standard_deck() if c not in used)
    if deck is None:
        dk = rest
    else:  # the cards not named go to the bottom of the discard pile
        dk = tuple(parse_cards(deck))
        disc = tuple(c for c in rest if c not in dk) + disc
    slots: list[Card | None] = list(disp) + [None] * (4 - len(disp))
    if mats is None:
        mats = [mat(straight=1, flush=1, supply=3, players=n)] * n
    pairs = [(STRAIGHT, FLUSH), (THREE, FULL_HOUSE), (THREE, STRAIGHT), (FLUSH, FULL_HOUSE)]
    st = MachineState(players=n, max_rounds=kw.pop("max_rounds", 100), deck=dk,
                      display=tuple(slots), discard=disc, hands=tuple(hs), mats=tuple(mats),
                      setup=tuple(pairs[:n]), out=(False,) * n, phase=phase, current=current,
                      **kw)
    return st


def legal_text(st: MachineState) -> list[str]:
    return [str(a) for a in GAME.legal_actions(st)]


def plays(st: MachineState, kind: str | None = None) -> list[str]:
    return [t for t in legal_text(st) if t.startswith("play") and
            (kind is None or t.split()[1] == kind)]


def act(st: MachineState, text: str) -> MachineState:
    return GAME.apply(st, GAME.parse_action(text))


def refused(st: MachineState, text: str) -> str:
    action = GAME.parse_action(text)
    reason = GAME.explain_illegal(st, action)
    assert reason is not None
    with pytest.raises(IllegalAction):
        GAME.apply(st, action)
    return reason


def full_deck_ok(st: MachineState) -> None:
    assert sum(GAME.card_multiset(st).values()) == 52
    assert GAME.state_from_dict(GAME.state_to_dict(st)) == st


# --- the mat as data ------------------------------------------------------------------------


def test_mat_table_matches_rulings() -> None:
    rows = {t.id: ([(s.cubes, s.value) for s in t.sections], t.empty_value, t.cubes)
            for t in TRACKS}
    assert rows["three"] == ([(1, 2), (1, 3), (1, 4), (2, 5), (3, 6)], 1, 8)
    assert rows["straight"] == ([(1, 6), (1, 7), (2, 8), (3, 9), (4, 10)], 5, 11)
    assert rows["flush"] == ([(1, 1), (1, 2), (2, 3), (3, 4)], 0, 7)
    assert rows["full-house"] == ([(1, 2), (1, 3), (3, 4)], 1, 5)
    assert rows["two-pair"] == ([(2, None)] * 6, None, 12)


# --- set-up ---------------------------------------------------------------------------------


def test_setup_reverse_order_distinct_pairs_and_two_in_one_track() -> None:
    deck = [str(c) for c in standard_deck()]
    st = GAME.new_game_from_deck(MachineConfig(players=3), deck)
    assert st.phase == SETUP and st.current == 2
    assert st.hands == tuple(tuple(parse_cards(h)) for h in ("AS 4S 7S", "2S 5S 8S",
                                                             "3S 6S 9S"))
    assert [str(c) for c in st.display] == ["TS", "JS", "QS", "KS"]
    assert len(legal_text(st)) == 10  # unordered pairs of four tracks
    st = act(st, "setup straight straight")
    assert st.mats[2].filled == (0, 2, 0, 0, 0) and st.mats[2].supply == 3
    assert st.mats[2].hand_limit == 7
    assert st.current == 1
    assert "another player already chose Straight + Straight" in refused(
        st, "setup straight straight")
    assert "setup straight straight" not in legal_text(st)
    st = act(st, "setup flush straight")  # order of words does not matter
    assert st.setup[1] == (STRAIGHT, FLUSH) and st.mats[1].filled == (0, 1, 1, 0, 0)
    assert "Straight + Flush" in refused(st, "setup straight flush")
    assert "set-up cubes go on" in refused(st, "setup two-pair two-pair")
    assert "set-up cubes go on" in refused(st, "setup three two-pair")
    assert "first every player places" in refused(st, "draw")
    st = act(st, "setup three full-house")
    assert st.phase == TURN and st.current == 0
    assert st.mats[0].face_up_limit == 2 and st.mats[0].trade_limit == 2
    assert "the set-up is over" in refused(st, "setup flush flush")
    full_deck_ok(st)


# --- every set ------------------------------------------------------------------------------


def test_three_of_a_kind_fills_bottom_up_then_needs_two_cubes() -> None:
    st = state(["9S 9H 9D 2C", "3C"], [mat(three=3, supply=2), mat()])
    assert plays(st) == ["play three 9S 9H 9D"]
    after = act(st, "play three 9S 9H 9D")
    assert after.mats[0].filled[THREE] == 4 and after.mats[0].supply == 0
    assert after.mats[0].trade_limit == 5
    assert after.hands[0] == (Card.parse("2C"),)
    assert after.discard[-3:] == tuple(parse_cards("9S 9H 9D"))
    assert after.current == 1 and after.phase == TURN
    short = state(["9S 9H 9D 2C", "3C"], [mat(three=3, supply=1), mat()])
    assert plays(short) == []
    assert refused(short, "play three 9S 9H 9D") == (
        "the next Three of a Kind section needs 2 cubes and your supply has 1")


def test_straight_ace_low_and_high_but_no_wrap() -> None:
    st = state(["AS 2H 3D 4C 5S TH JH QD KC", "3C"], [mat(), mat()])
    assert plays(st, "straight") == ["play straight AS 2H 3D 4C 5S",
                                     "play straight AS TH JH QD KC"]
    assert "not a Straight" in refused(st, "play straight AS 2H 3D QD KC")
    after = act(st, "play straight AS TH JH QD KC")
    assert after.mats[0].filled[STRAIGHT] == 1 and after.mats[0].hand_limit == 6
    assert after.mats[0].cube_limit == 6 and after.mats[0].supply == 4


def test_flush_full_house_two_pair() -> None:
    st = state(["2H 5H 7H 9H JH", "3C"], [mat(), mat()])
    assert plays(st) == ["play flush 2H 5H 7H 9H JH"]
    after = act(st, "play flush 2H 5H 7H 9H JH")
    assert after.mats[0].face_down_limit == 1
    st = state(["5S 5H 5D KS KH", "3C"], [mat(fh=2, supply=3), mat()])
    assert plays(st, "full-house") == ["play full-house 5S 5H 5D KS KH"]
    after = act(st, "play full-house 5S 5H 5D KS KH")
    assert after.mats[0].filled[FULL_HOUSE] == 3 and after.mats[0].face_up_limit == 4
    assert after.mats[0].supply == 0
    st = state(["4S 4H JS JH", "3C"], [mat(two=5, supply=2), mat()])
    assert plays(st) == ["play two-pair 4S 4H JS JH"]
    after = act(st, "play two-pair 4S 4H JS JH")
    assert after.mats[0].filled[TWO_PAIR] == 6 and after.mats[0].supply == 0
    assert refused(after, "play two-pair 4S 4H JS JH") == "the game is over" or True


def test_two_pair_needs_different_ranks_and_area_full() -> None:
    st = state(["4S 4H 4D 4C 9S 9H", "3C"], [mat(two=6, supply=5), mat()])
    assert plays(st, "two-pair") == []
    assert refused(st, "play two-pair 4S 4H 9S 9H") == "your Two Pair area is full"
    st = state(["4S 4H 4D 4C", "3C"], [mat(), mat()])
    assert "two pairs of two different ranks" in refused(st, "play two-pair 4S 4H 4D 4C")


def test_four_of_a_kind_takes_cubes_from_the_general_pile() -> None:
    st = state(["7S 7H 7D 7C", "3C"], [mat(supply=0), mat()])
    assert plays(st) == ["play four 7S 7H 7D 7C pile 2"]
    after = act(st, "play four 7S 7H 7D 7C pile 2")
    assert after.mats[0].filled[TWO_PAIR] == 1
    assert (after.mats[0].supply, after.mats[0].pile) == (0, 28)
    st = state(["7S 7H 7D 7C", "3C"], [mat(supply=3), mat()])
    assert plays(st, "four") == ["play four 7S 7H 7D 7C pile 0", "play four 7S 7H 7D 7C pile 1",
                         "play four 7S 7H 7D 7C pile 2"]
    after = act(st, "play four 7S 7H 7D 7C pile 1")
    assert (after.mats[0].supply, after.mats[0].pile) == (2, 26)
    # one cube in all: cannot pay the two-cube Two Pair section
    last = state(["7S 7H 7D 7C", "3C"], [mat(three=2, straight=5, flush=4, fh=3, two=2,
                                              supply=0, pile=1), mat()])
    assert plays(last) == []
    assert refused(last, "play four 7S 7H 7D 7C pile 1") == (
        "the next Two Pair section needs 2 cubes and your supply and general pile hold 1")
    st = state(["7S 7H 7D 7C", "3C"], [mat(supply=1), mat()])
    assert "between 1 and 2" in refused(st, "play four 7S 7H 7D 7C pile 0")


def test_straight_flush_both_tracks_one_track_or_choice() -> None:
    cards = "5H 6H 7H 8H 9H"
    # cubes for both: both advance
    st = state([cards, "3C"], [mat(supply=2), mat()])
    assert plays(st, "straight-flush") == [f"play straight-flush {cards} on straight+flush"]
    after = act(st, f"play straight-flush {cards} on straight+flush")
    assert after.mats[0].filled[STRAIGHT] == 1 and after.mats[0].filled[FLUSH] == 1
    assert after.mats[0].supply == 0
    assert "cover both tracks" in refused(st, f"play straight-flush {cards} on straight")
    # as a plain straight or flush it is still playable (a set may be played as any kind)
    assert f"play straight {cards}" in plays(st) and f"play flush {cards}" in plays(st)
    # cubes for one only: the player picks
    st = state([cards, "3C"], [mat(supply=1), mat()])
    assert plays(st, "straight-flush") == [f"play straight-flush {cards} on straight",
                                           f"play straight-flush {cards} on flush"]
    after = act(st, f"play straight-flush {cards} on flush")
    assert after.mats[0].filled[FLUSH] == 1 and after.mats[0].filled[STRAIGHT] == 0
    # next Straight section costs 2, next Flush 1, supply 1: only the Flush track
    st = state([cards, "3C"], [mat(straight=2, supply=1), mat()])
    assert plays(st, "straight-flush") == [f"play straight-flush {cards} on flush"]
    assert "choose Flush" in refused(st, f"play straight-flush {cards} on straight")
    # Straight track full: only the Flush track, even with cubes for more
    st = state([cards, "3C"], [mat(straight=5, supply=5), mat()])
    assert plays(st, "straight-flush") == [f"play straight-flush {cards} on flush"]
    assert "Straight track is full" in refused(
        st, f"play straight-flush {cards} on straight+flush")
    # both full: not playable at all
    st = state([cards, "3C"], [mat(straight=5, flush=4, supply=5), mat()])
    assert plays(st, "straight-flush") == []
    assert refused(st, f"play straight-flush {cards} on flush") == (
        "your Straight and Flush tracks are both full")


def test_royal_flush_from_general_pile_and_as_straight_flush() -> None:
    cards = "AD TD JD QD KD"
    st = state([cards, "3C"], [mat(straight=2, flush=2, supply=0), mat()])
    # next Straight section 2 cubes, next Flush section 2 cubes: 4 from the pile
    assert plays(st) == [f"play royal-flush {cards} on straight+flush pile 4"]
    after = act(st, f"play royal-flush {cards} on straight+flush pile 4")
    assert after.mats[0].filled[STRAIGHT] == 3 and after.mats[0].filled[FLUSH] == 3
    assert (after.mats[0].supply, after.mats[0].pile) == (0, 22)
    st = state([cards, "3C"], [mat(straight=2, flush=2, supply=3), mat()])
    royal = plays(st, "royal-flush")
    assert royal == [f"play royal-flush {cards} on straight+flush pile {k}" for k in
                     range(1, 5)]
    assert plays(st, "straight-flush") == [f"play straight-flush {cards} on straight",
                                           f"play straight-flush {cards} on flush"]
    after = act(st, f"play royal-flush {cards} on straight+flush pile 1")
    assert (after.mats[0].supply, after.mats[0].pile) == (0, 22)


def test_set_reasons_name_the_problem() -> None:
    st = state(["9S 9H 2C", "3C"], [mat(), mat()])
    assert refused(st, "play three 9S 9H 9D") == "you do not hold the nine of diamonds"
    assert "not a Three of a Kind" in refused(st, "play three 9S 9H 2C")
    st = state(["9S 9H 9D", "3C"], [mat(three=5, supply=5), mat()])
    assert refused(st, "play three 9S 9H 9D") == "your Three of a Kind track is full"
    st = state(["AS 2H 3D 4C 5S", "3C"], [mat(straight=2, supply=1), mat()])
    assert refused(st, "play straight AS 2H 3D 4C 5S") == (
        "the next Straight section needs 2 cubes and your supply has 1")


# --- taking cards, hand limit, display ------------------------------------------------------


def test_take_cards_face_down_first_limits_and_auto_end() -> None:
    m = mat(flush=2, fh=1, supply=3)  # 2 face down, 2 face up
    st = state(["2C", "3C"], [m, mat()], display="AS KS QS JS", deck="4D 5D 6D 7D 8D 9D")
    assert legal_text(st)[:5] == ["draw", "take 1", "take 2", "take 3", "take 4"]
    st = act(st, "draw")
    assert st.phase == TAKING and st.hands[0] == tuple(parse_cards("2C 4D"))
    st = act(st, "take 2")
    assert "face-down cards must be drawn before" in refused(st, "draw")
    assert "display slot 2 is empty" in refused(st, "take 2")
    assert legal_text(st) == ["take 1", "take 3", "take 4", "stop"]
    st = act(st, "take 4")  # second face-up card: nothing more may be taken, turn ends
    assert st.phase == TURN and st.current == 1
    assert st.hands[0] == tuple(parse_cards("2C 4D KS JS"))
    assert [str(c) for c in st.display] == ["AS", "5D", "QS", "6D"]
    full_deck_ok(st)


def test_draw_needs_flush_cube_and_take_limit() -> None:
    st = state(["2C", "3C"], [mat(), mat()], display="AS KS QS JS")
    assert "until your Flush track has a cube" in refused(st, "draw")
    st = act(st, "take 1")  # one face-up card is all: the turn ends at once
    assert st.current == 1 and st.hands[0] == tuple(parse_cards("2C AS"))
    st = state(["2C", "3C"], [mat(flush=1, supply=4), mat()], display="AS KS QS JS")
    st = act(st, "draw")
    assert "allows 1 face-down card a turn" in refused(st, "draw")
    st2 = act(st, "stop")  # stopping after one card is allowed
    assert st2.current == 1


def test_hand_limit_discards_then_refill() -> None:
    m = mat(flush=1, fh=2, supply=2)  # 1 down + 3 up, hand limit 5
    st = state(["2C 3C 4C", "3D"], [m, mat()], display="AS KS QS JS", deck="4D 5D 6D 7D 8D")
    for t in ("draw", "take 1", "take 2", "take 3"):
        st = act(st, t)
    assert st.phase == DISCARDING and len(st.hands[0]) == 7
    assert "discard 2 more cards first" in refused(st, "play three 2C 3C 4C")
    assert refused(st, "discard JS") == "you do not hold the jack of spades"
    st = act(st, "discard 2C")
    assert st.phase == DISCARDING and st.display == (None, None, None, Card.parse("JS"))
    st = act(st, "discard 3C")
    assert st.phase == TURN and st.current == 1 and len(st.hands[0]) == 5
    assert [str(c) for c in st.display] == ["5D", "6D", "7D", "JS"]
    assert st.discard[-2:] == tuple(parse_cards("2C 3C"))
    full_deck_ok(st)


def test_reshuffle_when_the_deck_runs_out() -> None:
    st = state(["2C", "3C"], [mat(flush=1, supply=4), mat()], display="AS KS QS JS",
               deck="", seed=7)
    assert len(st.discard) == 52 - 4 - 2
    before = GAME.card_multiset(st)
    after = act(st, "draw")
    assert after.shuffles == 1 and len(after.discard) == 0 and len(after.deck) == 45
    assert GAME.card_multiset(after) == before
    assert act(st, "draw") == after  # same seed, same reshuffle
    other = act(replace(st, seed=8), "draw")
    assert other.deck != after.deck


def test_display_refill_reshuffles_discards_including_the_ones_just_discarded() -> None:
    m = mat(fh=1, supply=4)  # two face-up cards, hand limit 5
    st = state(["2C 3C 4C 5C", "3D"], [m, mat()], display="AS KS QS JS", deck="")
    st = act(st, "take 1")
    st = act(st, "take 2")
    st = act(st, "discard 2C")
    assert st.phase == TURN and st.shuffles == 1
    assert None not in st.display
    assert sum(GAME.card_multiset(st).values()) == 52


# --- trading, cube limit --------------------------------------------------------------------


def test_trade_limits_and_cube_limit() -> None:
    st = state(["2C 3C 4C 5C", "3D"], [mat(three=2, supply=3), mat()])  # trade up to 3
    st = act(st, "trade 2C")
    assert st.phase == TRADING and st.mats[0].supply == 4
    assert "this turn you are trading" in refused(st, "draw")
    st = act(st, "trade 3C")  # supply reaches the cube limit 5: turn ends by itself
    assert st.phase == TURN and st.current == 1 and st.mats[0].supply == 5
    full = state(["2C 3C", "3D"], [mat(supply=5), mat()])
    assert refused(full, "trade 2C") == "your personal supply is at its cube limit of 5"
    one = state(["2C 3C", "3D"], [mat(supply=1), mat()])
    one = act(one, "trade 2C")  # empty Three of a Kind track: one card only
    assert one.current == 1 and one.mats[0].supply == 2
    empty = state(["2C", "3D"], [mat(three=5, straight=5, flush=4, fh=1, supply=3, pile=0),
                                 mat()])
    assert refused(empty, "trade 2C") == "your general pile has no cubes left to trade for"
    assert "trade" not in " ".join(legal_text(empty))


def test_trade_stop_and_limit_reason() -> None:
    st = state(["2C 3C 4C 5C 6C", "3D"], [mat(three=1, straight=2, supply=1), mat()])
    st = act(st, "trade 2C")
    st = act(st, "stop")
    assert st.current == 1 and st.mats[0].supply == 2
    st = state(["2C 3C 4C", "3D"], [mat(supply=1), mat()], phase=TRADING, traded=1)
    with pytest.raises(InvalidState):  # traded more than the mat allows, and a turn boundary
        GAME.state_from_dict(GAME.state_to_dict(replace(st, traded=2)))


def test_a_selection_over_the_trade_limit_is_refused_for_its_real_reason() -> None:
    """Issue 21: four cards selected with a trade limit of 2 were traded one by one; the second
    trade ended the turn and the third was judged against the next player's hand ("you do not
    hold the two of diamonds"). ``trade_problem`` checks the whole selection first."""
    m = mat(three=1, straight=2, supply=1)
    assert m.trade_limit == 2 and m.cube_limit == 7
    st = state(["2C 3C 4C 2D", "3D"], [m, mat()])
    assert trade_problem(m, 0, 2) is None
    assert trade_problem(m, 0, 4) == ("you may trade 2 more cards: your Three of a Kind track "
                                      "allows trading 2 cards a turn")
    after = act(act(st, "trade 2C"), "trade 3C")
    assert after.current == 1  # the limit met: the turn passed
    assert refused(after, "trade 2D") == "you do not hold the two of diamonds"  # Bea's turn
    roomy = mat(three=4, straight=2, supply=5)  # trade limit 5, supply 5 of 7
    assert trade_problem(roomy, 0, 3) == ("you may trade 2 more cards: your personal supply "
                                          "has room for 2 more cubes (cube limit 7)")
    low = PlayerMat((4, 5, 0, 0, 0), 1, 1)  # trade limit 5, one cube in the pile
    assert trade_problem(low, 0, 2) == ("you may trade 1 more card: your general pile has "
                                        "1 cube left")
    assert refused(state(["2C 3C", "3D"], [mat(supply=5), mat()]), "trade 2C") == (
        "your personal supply is at its cube limit of 5")


# --- the end --------------------------------------------------------------------------------


def test_win_when_the_last_cube_is_placed() -> None:
    st = state(["9S 9H 9D", "3C"], [mat(three=4, straight=5, flush=4, fh=2, two=1, supply=3,
                                         pile=0), mat()])
    st = act(st, "play three 9S 9H 9D")
    assert st.phase == OVER and st.result == WON and st.winners == (0,)
    out = GAME.outcome(st)
    assert out is not None and out.winners == (0,) and "wins" in out.summary
    assert GAME.legal_actions(st) == []
    assert refused(st, "draw") == "the game is over"


def test_stuck_player_is_out_and_everybody_loses() -> None:
    # Player 1 places a two-cube section leaving one cube and no single-cube section: out.
    m0 = mat(three=3, straight=3, flush=4, fh=3, two=4, supply=3, pile=0)
    m1 = mat(three=5, straight=4, flush=4, fh=3, two=1, supply=1, pile=0)
    assert m1.stuck
    st = state(["9S 9H 9D", "3C"], [m0, m1])
    st = replace(st, out=(False, True))
    st = act(st, "play three 9S 9H 9D")
    assert st.mats[0].left == 1 and st.mats[0].stuck
    assert st.phase == OVER and st.result == STUCK and st.winners == ()
    out = GAME.outcome(st)
    assert out is not None and out.winners == () and "everybody loses" in out.summary


def test_stuck_player_is_skipped() -> None:
    m0 = mat(three=3, straight=3, flush=3, fh=3, two=3, supply=3, pile=0, players=3)
    st = state(["9S 9H 9D", "3C", "4C"], [m0, mat(players=3), mat(players=3)])
    st = act(st, "play three 9S 9H 9D")
    assert st.out == (True, False, False) and st.current == 1
    st = act(st, "take 1")
    st = act(st, "take 1")
    assert st.current == 1 and st.round == 2  # seat 1 is skipped


def test_round_limit_fewest_cubes_left_wins() -> None:
    st = state(["2C", "3C"], [mat(straight=1, supply=4), mat(supply=5)], display="AS KS QS JS",
               max_rounds=3, round=3, current=1)
    st = act(st, "take 1")
    assert st.phase == OVER and st.result == LIMIT and st.winners == (0,)
    assert st.round == 3
    out = GAME.outcome(st)
    assert out is not None and "fewest cubes" in out.summary


def test_setup_state_checks() -> None:
    st = GAME.new_game(GAME.default_config(4), random.Random(1))
    data = GAME.state_to_dict(st)
    data["current"] = 1  # players 2 and 3 would have placed already
    with pytest.raises(InvalidState):
        GAME.state_from_dict(data)


def test_action_text_round_trip() -> None:
    for text in ["draw", "stop", "take 3", "discard TD", "trade 7H", "setup three flush",
                 "play three 9S 9H 9D", "play four 7S 7H 7D 7C pile 2",
                 "play straight-flush 5H 6H 7H 8H 9H on straight+flush",
                 "play royal-flush AD TD JD QD KD on flush pile 0"]:
        assert str(GAME.parse_action(text)) == text
    assert GAME.parse_action("play three 9D 9S 9H") == PlaySet(
        "three", tuple(parse_cards("9S 9H 9D")), (THREE,), 0)
    assert GAME.parse_action("SETUP Flush Three") == Setup((THREE, FLUSH))
    for bad in ["take 5", "play four 7S 7H 7D 7C", "play straight-flush 5H 6H 7H 8H 9H",
                "discard 1X", "setup flush", "fly"]:
        with pytest.raises(ParseError):
            GAME.parse_action(bad)
    assert isinstance(GAME.parse_action("take 1"), TakeUp)
    assert isinstance(GAME.parse_action("discard 2C"), Discard)
    assert isinstance(GAME.parse_action("draw"), Draw)
    assert isinstance(GAME.parse_action("stop"), Stop)


def test_view_hides_hands_deck_and_discards() -> None:
    st = state(["9S 9H 9D", "3C 4C"], [mat(), mat()], display="AS KS QS JS",
               discard="2D 3D")
    v = GAME.view(st, 0).to_dict()
    assert v["hand"] == ["9S", "9H", "9D"] and v["hand_counts"] == [3, 2]
    assert "deck" not in v and v["deck_count"] == len(st.deck) and v["discard_count"] == 2
    assert "seed" not in v and "3C" not in str(v)


def test_new_game_deal_and_config() -> None:
    for n in (2, 3, 4):
        st = GAME.new_game(GAME.default_config(n), random.Random(n))
        assert all(len(h) == 3 for h in st.hands) and None not in st.display
        assert all(m.supply == 5 and m.pile == CUBES_PER_PLAYER[n] - 5 for m in st.mats)
        assert GAME.cube_count(st)["box"] == 80 - n * CUBES_PER_PLAYER[n]
    with pytest.raises(InvalidState):
        GAME.default_config(5)
    with pytest.raises(InvalidState):
        GAME.config_from_dict({"players": 1})
    assert GAME.config_from_dict({"players": 3, "max_rounds": 0}) == MachineConfig(3, 0)


def test_shared_win_at_the_round_limit_reads_well() -> None:
    from engine.games.machine.rules import GAME, LIMIT, OVER, MachineConfig

    st = GAME.new_game(MachineConfig(2, max_rounds=5), random.Random(1))
    st = replace(st, phase=OVER, result=LIMIT, winners=(0, 1), round=5)
    out = GAME.outcome(st)
    assert out is not None
    assert out.summary == ("After 5 rounds Player 1 and Player 2 have the fewest cubes left "
                           "and share the win.")
