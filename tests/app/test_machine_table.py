"""CPython tests of the Perpetual-Motion Machine table UI: taps become engine actions the engine
accepts (or refuses with its reason), the HTML is well formed and labelled, selections are
named, log lines read well, and random tapping through whole games never breaks."""

from __future__ import annotations

import random

import pytest
from app.tables.machine import board as mu
from helpers.markup import buttons_labelled, parse

from engine.cards import parse_cards, standard_deck
from engine.errors import IllegalAction
from engine.games.machine.bots import BOTS
from engine.games.machine.rules import (
    GAME,
    OVER,
    SETUP,
    TAKING,
    TRADING,
    TURN,
    MachineConfig,
    MachineState,
    PlayerMat,
    PlaySet,
    Setup,
    Stop,
)

NAMES = ("You", "Bea", "Cy")


def state_with(hand: str, mat: PlayerMat, other: PlayerMat | None = None) -> MachineState:
    cards = tuple(parse_cards(hand))
    rest = [c for c in standard_deck() if c not in cards]
    other = other or PlayerMat((1, 1, 0, 0, 0), 3, 25)
    return MachineState(players=2, max_rounds=150, deck=tuple(rest[8:]),
                        display=tuple(rest[:4]), discard=(),
                        hands=(cards, tuple(rest[4:8])), mats=(mat, other),
                        setup=((2, 3), (0, 1)), out=(False, False), phase=TURN, current=0)


def do(state: MachineState, ui: mu.TurnUI, action: str, **data: str
       ) -> tuple[MachineState, mu.TurnUI, mu.Tap]:
    """One tap as the shell does it: actions all or nothing, a closing Stop after a trade."""
    t = mu.tap(GAME.view(state, state.current), ui, action, data)
    s = state
    for a in t.actions:
        s = GAME.apply(s, a)
    if t.actions and t.finish and s.current == state.current and s.phase in (TRADING, TAKING):
        s = GAME.apply(s, Stop())
    return s, t.ui, t


def html_of(state: MachineState, ui: mu.TurnUI, seat: int = 0, live: bool = True) -> str:
    html = mu.table_html(GAME.view(state, seat), ui, NAMES, interactive=live)
    buttons_labelled(parse(html))
    return html


# --- words ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("kind", "cards", "words"), [
    ("full-house", "KS KH KD 4C 4D", "Full House, kings over fours"),
    ("full-house", "4C 4D 4S KS KH", "Full House, fours over kings"),
    ("two-pair", "4C 4D KS KH", "Two Pair, kings and fours"),
    ("three", "9S 9H 9D", "Three of a Kind, nines"),
    ("straight", "5S 6H 7D 8C 9S", "Straight, five to nine"),
    ("straight", "TS JH QD KC AS", "Straight, ten to ace"),
    ("straight", "AS 2H 3D 4C 5S", "Straight, ace to five"),
    ("flush", "2H 5H 9H JH KH", "Flush, hearts"),
    ("straight-flush", "5H 6H 7H 8H 9H", "Straight Flush, five to nine of hearts"),
    ("royal-flush", "TS JS QS KS AS", "Royal Flush, spades"),
    ("four", "6S 6H 6D 6C", "Four of a Kind, sixes"),
])
def test_sets_are_named(kind: str, cards: str, words: str) -> None:
    assert mu.set_words(kind, parse_cards(cards)) == words


def test_track_labels_for_screen_readers() -> None:
    mat = PlayerMat((0, 2, 0, 0, 1), 3, 20)
    assert mu.track_label(mat, 1) == (
        "Straight track: 2 of 11 cubes, value 7; next section 2 cubes for value 8")
    assert mu.track_label(mat, 2) == (
        "Flush track: 0 of 7 cubes, value 0; next section 1 cube for value 1")
    assert mu.track_label(mat, 4) == "Two Pair area: 2 of 12 cubes; next section 2 cubes"
    words = " · ".join(t for _, t in mu.limits_words(mat))
    assert words == "draw 0 face-down · take 1 face-up · trade 1 · hand limit 7 · supply limit 7"


# --- the three choices ---------------------------------------------------------------------


def test_a_selected_full_house_says_where_it_goes_and_plays() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    ui = mu.TurnUI()
    for c in ("KS", "4D", "KH", "KD", "4C"):
        s, ui, _ = do(s, ui, "mm-card", card=c)
    html = html_of(s, ui)
    assert "Full House, kings over fours" in html
    assert "Full House track: 1 cube, value 1 → 2" in html
    s2, ui2, t = do(s, ui, "mm-play", kind="full-house", tracks="full-house", pile="0")
    assert isinstance(t.actions[0], PlaySet) and s2.mats[0].filled[3] == 1
    assert s2.current == 1 and ui2.picked == ()


def test_a_set_that_cannot_be_paid_for_says_exactly_why_and_changes_nothing() -> None:
    s = state_with("5S 6H 7D 8C 9S 2H", PlayerMat((0, 2, 1, 0, 0), 1, 25))
    ui = mu.TurnUI()
    for c in ("5S", "6H", "7D", "8C", "9S"):
        s, ui, _ = do(s, ui, "mm-card", card=c)
    html = html_of(s, ui)
    why = "the next Straight section needs 2 cubes and your supply has 1"
    assert why in html and 'aria-disabled="true"' in html
    t = mu.tap(GAME.view(s, 0), ui, "mm-play", {"kind": "straight", "tracks": "straight",
                                                 "pile": "0"})
    with pytest.raises(IllegalAction) as e:
        for a in t.actions:
            GAME.apply(s, a)
    assert e.value.reason == why


def test_not_a_set_is_explained() -> None:
    s = state_with("5S 6H 9D 8C KS 2H", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    ui = mu.TurnUI(picked=("5S", "6H", "9D"))
    html = html_of(s, ui)
    assert "Not a set: those cards are not a Three of a Kind" in html


def test_straight_flush_and_four_of_a_kind_ask_their_questions() -> None:
    # cubes for only one of the Straight and Flush tracks: one button for each
    s = state_with("5H 6H 7H 8H 9H", PlayerMat((0, 2, 2, 0, 0), 2, 25))
    opts = mu.play_options(GAME.view(s, 0), parse_cards("5H 6H 7H 8H 9H"))
    legal = [(a.kind, a.tracks) for a, why in opts if why is None]
    assert ("straight-flush", (1,)) in legal and ("straight-flush", (2,)) in legal
    # Four of a Kind: how many cubes from the general pile
    s = state_with("6S 6H 6D 6C", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    opts = mu.play_options(GAME.view(s, 0), parse_cards("6S 6H 6D 6C"))
    piles = sorted(a.from_pile for a, why in opts if why is None and a.kind == "four")
    assert piles == [0, 1, 2]
    html = html_of(s, mu.TurnUI(picked=("6S", "6H", "6D", "6C")))
    assert "2 from the pile, 0 from the supply" in html


def test_a_move_that_leaves_you_out_is_warned_about() -> None:
    # three cubes left; Three of a Kind places two, leaving one with no single-cube section
    mat = PlayerMat((3, 3, 4, 3, 4), 3, 0)
    assert mat.on_mat + mat.left == 30
    s = state_with("9S 9H 9D", mat)
    html = html_of(s, mu.TurnUI(picked=("9S", "9H", "9D")))
    assert "you would be out" in html


def test_trade_several_cards_ends_the_turn() -> None:
    s = state_with("2S 3H 4D 9C", PlayerMat((2, 1, 0, 0, 0), 1, 25))  # trade limit 3
    ui = mu.TurnUI(picked=("2S", "3H"))
    s2, _, t = do(s, ui, "mm-trade")
    assert len(t.actions) == 2 and t.finish
    assert s2.mats[0].supply == 3 and s2.current == 1


def test_take_cards_step_by_step_then_discard_down_to_the_limit() -> None:
    s = state_with("2S 3H 4D 9C 9D", PlayerMat((0, 0, 2, 2, 0), 3, 25))  # draw 2, take 3
    ui = mu.TurnUI()
    s, ui, _ = do(s, ui, "mm-draw")
    assert s.phase == TAKING
    assert "Taken: 1 of 2 face-down, 0 of 3 face-up" in html_of(s, ui)
    s, ui, _ = do(s, ui, "mm-take", slot="0")
    s, ui, _ = do(s, ui, "mm-stop")
    assert s.phase == "discarding" and len(s.hands[0]) == 7
    assert "select 2 cards to discard" in html_of(s, ui)
    _, _, t = do(s, mu.TurnUI(picked=("2S", "3H", "4D")), "mm-discard")
    assert t.refusal and "Discard only 2 cards" in (t.message or "")
    s, ui, _ = do(s, mu.TurnUI(picked=("2S", "3H")), "mm-discard")
    assert s.current == 1 and len(s.hands[0]) == 5


# --- set-up -----------------------------------------------------------------------------------


def test_setup_shows_taken_pairs_with_the_reason_and_the_engine_refuses_them() -> None:
    s = GAME.new_game(MachineConfig(3), random.Random(4))
    assert s.phase == SETUP and s.current == 2
    s = GAME.apply(s, Setup((2, 3)))  # seat 3 took Flush + Full House
    html = html_of(s, mu.TurnUI(), seat=1)
    assert "Cy chose Flush + Full House: each player needs a different pair" in html
    assert html.count('data-testid="mm-setup"') == 10
    t = mu.tap(GAME.view(s, 1), mu.TurnUI(), "mm-setup", {"tracks": "flush full-house"})
    with pytest.raises(IllegalAction) as e:
        GAME.apply(s, t.actions[0])
    assert "already chose Flush + Full House" in e.value.reason


# --- marks, log lines, hints ------------------------------------------------------------------


def test_new_sections_and_changed_limits_are_marked() -> None:
    before = (PlayerMat((0, 1, 1, 0, 0), 3, 25),)
    after = (PlayerMat((0, 2, 1, 0, 0), 2, 25),)
    marks = mu.mat_marks(before, after)
    assert marks == {"p0.t1.s1", "p0.lim.hand", "p0.lim.supply"}
    s = state_with("2S", after[0])
    html = mu.table_html(GAME.view(s, 0), mu.TurnUI(), NAMES, interactive=True,
                         marked=marks)
    assert 'class="mm-sec on new' in html and "hand limit 7 (new)" in html


def test_log_lines_read_well() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    a = PlaySet("full-house", tuple(parse_cards("4D 4C KS KH KD")), (3,))
    after = GAME.apply(s, a)
    line = mu.describe_turn(GAME.view(s, 0), GAME.view(after, 0), [a], "Ana")
    assert line == "Ana played Full House, kings over fours (4♦ 4♣ K♠ K♥ K♦): Full House now 2"
    view = GAME.view(s, 0)
    assert mu.action_words(view, a).startswith("play Full House, kings over fours")


def test_other_mats_open_full_size_and_out_players_show() -> None:
    s = state_with("2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    html = html_of(s, mu.TurnUI(opp=1))
    assert html.count('data-testid="mm-mat"') == 2
    assert "Bea 4 cards · 28 left; 2 cubes placed" in html


# --- robustness -------------------------------------------------------------------------------


def test_random_taps_through_whole_games_never_break() -> None:
    rng = random.Random(7)
    actions = ["mm-card", "mm-draw", "mm-take", "mm-stop", "mm-trade", "mm-discard", "mm-play",
               "mm-sort", "mm-aid", "mm-opp", "mm-clear", "mm-setup", "mm-pick"]
    for game in range(3):
        s = GAME.new_game(MachineConfig(2 + game, max_rounds=12), random.Random(game))
        ui = mu.TurnUI()
        bot_rng = random.Random(game)
        for _ in range(3000):
            if s.phase == OVER:
                break
            if s.current != 0:
                s = GAME.apply(s, BOTS["standard"].choose(GAME.view(s, s.current),
                                                          GAME.legal_actions(s), bot_rng))
                continue
            view = GAME.view(s, 0)
            html_of(s, ui)
            name = rng.choice(actions)
            data: dict[str, str] = {}
            if name == "mm-card" and view.hand:
                data = {"card": str(rng.choice(view.hand))}
            elif name == "mm-take":
                data = {"slot": str(rng.randrange(4))}
            elif name == "mm-opp":
                data = {"seat": str(rng.randrange(s.players))}
            elif name == "mm-setup":
                data = {"tracks": " ".join(rng.choice(["three", "straight", "flush",
                                                       "full-house"]) for _ in range(2))}
            elif name == "mm-play":
                opts = mu.play_options(view, [c for c in view.hand if str(c) in ui.picked])
                if opts:
                    data = mu._play_data(rng.choice(opts)[0])
            elif name == "mm-pick":
                found = mu.held_sets(view)
                if found:
                    data = {"cards": " ".join(str(c) for c in rng.choice(found)[1])}
            try:
                s, ui, _ = do(s, ui, name, **data)
            except IllegalAction:
                pass  # the shell shows the reason; the UI state stays as it was
            if rng.random() < 0.05 and s.current == 0 and s.phase != OVER:
                s = GAME.apply(s, BOTS["beginner"].choose(GAME.view(s, 0),
                                                          GAME.legal_actions(s), bot_rng))
        html_of(s, ui)


def test_keys_draw_stop_play_and_escape() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    view = GAME.view(s, 0)
    ui = mu.TurnUI(picked=("KS", "KH", "KD", "4C", "4D"))
    t = mu.key(view, ui, "p")
    assert t is not None and isinstance(t.actions[0], PlaySet)
    assert t.actions[0].kind == "full-house"  # the grandest legal reading first
    t = mu.key(view, ui, "Escape")
    assert t is not None and t.ui.picked == ()
    assert mu.key(view, mu.TurnUI(), "Escape") is None
    t = mu.key(view, ui, "D")
    assert t is not None and [str(a) for a in t.actions] == ["draw"]
    assert mu.key(view, ui, "q") is None


def test_the_set_up_panel_draws_for_every_seat_after_any_choices() -> None:
    """A 3-player set-up, every pair for the last seat and then for the middle one: the panel
    draws for each player (a player who has placed their cubes sees no gains of the pairs; it
    used to raise IndexError for a "× 2" that would overfill a track)."""
    from engine.registry import get_game

    game = get_game("machine")
    start = game.new_game(game.default_config(3), random.Random(1))
    drawn = 0
    for last in game.legal_actions(start):
        middle_turn = game.apply(start, last)
        for middle in game.legal_actions(middle_turn):
            first_turn = game.apply(middle_turn, middle)
            for seat in range(3):
                html = mu._setup_html(game.view(first_turn, seat), ["A", "B", "C"], True)
                assert 'data-testid="mm-setup-panel"' in html
                drawn += 1
    assert drawn == 3 * 90
