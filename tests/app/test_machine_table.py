"""CPython tests of the Perpetual-Motion Machine table UI: taps become engine actions the engine
accepts (or refuses with its reason), the HTML is well formed and labelled, selections are
named, log lines read well, and random tapping through whole games never breaks."""

from __future__ import annotations

import itertools
import random
import re
from dataclasses import replace
from typing import Any

import pytest
from app.tables.machine import dock as md
from app.tables.machine import parts as mu
from helpers.markup import buttons_labelled, parse
from helpers.taps import (
    Tags,
    assert_refused,
    assert_shows,
    assert_sound,
    snapshot,
    tap_the_app,
)

from engine.cards import parse_cards, standard_deck
from engine.errors import IllegalAction
from engine.games.machine.bots import make_bot
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
    TakeUp,
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


def do(state: MachineState, ui: mu.MachineTurnUI, action: str, **data: str
       ) -> tuple[MachineState, mu.MachineTurnUI, mu.Tap]:
    """One tap as the shell does it: actions all or nothing, a closing Stop after a trade."""
    t = mu.tap(GAME.view(state, state.current), ui, action, data)
    s = state
    for a in t.actions:
        s = GAME.apply(s, a)
    if t.actions and t.finish and s.current == state.current and s.phase in (TRADING, TAKING):
        s = GAME.apply(s, Stop())
    return s, t.ui, t


def html_of(state: MachineState, ui: mu.MachineTurnUI, seat: int = 0, live: bool = True) -> str:
    """The table (the frame's field) and the dock, as the table draws them."""
    return parsed_html_of(state, ui, seat, live)[0]


def parsed_html_of(state: MachineState, ui: mu.MachineTurnUI, seat: int = 0, live: bool = True
                   ) -> tuple[str, Tags]:
    """:func:`html_of` and its parsed tags."""
    view = GAME.view(state, seat)
    html = (mu.table_html(view, ui, NAMES, interactive=live)
            + mu.dock_html(view, ui, NAMES, interactive=live))
    c = parse(html)
    buttons_labelled(c)
    return html, c.tags


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
    assert words == ("draw 0 cards face down · take 1 card face up · trade 1 card · hand limit 7 "
                     "· supply limit 7")


# --- the three choices ---------------------------------------------------------------------


def test_a_selected_full_house_says_where_it_goes_and_plays() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    ui = mu.MachineTurnUI()
    for c in ("KS", "4D", "KH", "KD", "4C"):
        s, ui, _ = do(s, ui, "mm-card", card=c)
    html = html_of(s, ui)
    assert "Full House, kings over fours" in html
    assert "the Full House track: 1 cube, value from 1 to 2" in html
    s2, ui2, t = do(s, ui, "mm-play", kind="full-house", tracks="full-house", pile="0")
    assert isinstance(t.actions[0], PlaySet) and s2.mats[0].filled[3] == 1
    assert s2.current == 1 and ui2.picked == ()


def test_a_set_that_cannot_be_paid_for_says_exactly_why_and_changes_nothing() -> None:
    s = state_with("5S 6H 7D 8C 9S 2H", PlayerMat((0, 2, 1, 0, 0), 1, 25))
    ui = mu.MachineTurnUI()
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
    ui = mu.MachineTurnUI(picked=("5S", "6H", "9D"))
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
    html = html_of(s, mu.MachineTurnUI(picked=("6S", "6H", "6D", "6C")))
    assert "2 from the pile, 0 from the supply" in html


def test_a_move_that_leaves_you_out_is_warned_about() -> None:
    # three cubes left; Three of a Kind places two, leaving one with no single-cube section
    mat = PlayerMat((3, 3, 4, 3, 4), 3, 0)
    assert mat.on_mat + mat.left == 30
    s = state_with("9S 9H 9D", mat)
    html = html_of(s, mu.MachineTurnUI(picked=("9S", "9H", "9D")))
    assert "you would be out" in html


def test_trade_several_cards_ends_the_turn() -> None:
    s = state_with("2S 3H 4D 9C", PlayerMat((2, 1, 0, 0, 0), 1, 25))  # trade limit 3
    ui = mu.MachineTurnUI(picked=("2S", "3H"))
    s2, _, t = do(s, ui, "mm-trade")
    assert len(t.actions) == 2 and t.finish
    assert s2.mats[0].supply == 3 and s2.current == 1


def test_take_cards_step_by_step_then_discard_down_to_the_limit() -> None:
    s = state_with("2S 3H 4D 9C 9D", PlayerMat((0, 0, 2, 2, 0), 3, 25))  # draw 2, take 3
    ui = mu.MachineTurnUI()
    s, ui, _ = do(s, ui, "mm-draw")
    assert s.phase == TAKING
    assert ("You drew 1 card face down. You may draw 1 more card face down or take 3 cards "
            "face up, or stop.") in html_of(s, ui)
    s, ui, _ = do(s, ui, "mm-take", slot="0")
    s, ui, _ = do(s, ui, "mm-stop")
    assert s.phase == "discarding" and len(s.hands[0]) == 7
    assert "select 2 cards to discard" in html_of(s, ui)
    _, _, t = do(s, mu.MachineTurnUI(picked=("2S", "3H", "4D")), "mm-discard")
    assert t.refusal and "Discard only 2 cards" in (t.message or "")
    s, ui, _ = do(s, mu.MachineTurnUI(picked=("2S", "3H")), "mm-discard")
    assert s.current == 1 and len(s.hands[0]) == 5


# --- set-up -----------------------------------------------------------------------------------


def test_setup_shows_taken_pairs_with_the_reason_and_the_engine_refuses_them() -> None:
    s = GAME.new_game(MachineConfig(3), random.Random(4))
    assert s.phase == SETUP and s.current == 2
    s = GAME.apply(s, Setup((2, 3)))  # seat 3 took Flush + Full House
    html = html_of(s, mu.MachineTurnUI(), seat=1)
    assert "Cy chose Flush + Full House: each player needs a different pair" in html
    assert html.count('data-testid="mm-pair"') == 10  # in the field
    assert html.count('data-testid="mm-setup"') == 1  # Place, in the dock
    view = GAME.view(s, 1)
    t = mu.tap(view, mu.MachineTurnUI(), "mm-pair", {"tracks": "flush full-house"})
    with pytest.raises(IllegalAction) as e:  # a taken pair: the engine says why not
        GAME.apply(s, t.actions[0])
    assert "already chose Flush + Full House" in e.value.reason
    # a free pair is chosen first (nothing placed), then placed by the dock's button
    t = mu.tap(view, mu.MachineTurnUI(), "mm-pair", {"tracks": "flush three"})
    assert t.actions == () and t.ui.pair == "three flush"
    dock = mu.dock_html(view, t.ui, NAMES, interactive=True)
    assert 'data-action="mm-setup" data-testid="mm-setup"' in dock
    assert 'data-tracks="three flush"' in dock and "Place on Three + Flush" in dock
    assert ("<b>Three + Flush</b>: draw 1 card face down · trade 2 cards. Place your cubes "
            "there?") in dock
    placed = mu.tap(view, t.ui, "mm-setup", {"tracks": "three flush"})
    assert [str(a) for a in placed.actions] == ["setup three flush"] and placed.ui.pair is None
    none = mu.tap(view, mu.MachineTurnUI(), "mm-setup", {"tracks": ""})
    assert none.refusal and none.actions == ()


# --- marks, log lines, hints ------------------------------------------------------------------


def test_new_sections_and_changed_limits_are_marked() -> None:
    before = (PlayerMat((0, 1, 1, 0, 0), 3, 25),)
    after = (PlayerMat((0, 2, 1, 0, 0), 2, 25),)
    marks = mu.mat_marks(before, after)
    assert marks == {"p0.t1.s1", "p0.lim.hand", "p0.lim.supply"}
    s = state_with("2S", after[0])
    html = mu.table_html(GAME.view(s, 0), mu.MachineTurnUI(), NAMES, interactive=True,
                         marked=marks)
    assert 'class="mm-sq on new"' in html and "hand limit 7 (new)" in html  # the summary
    html = mu.table_html(GAME.view(s, 0), mu.MachineTurnUI(mat=True), NAMES, interactive=True,
                         marked=marks)
    assert 'class="mm-sec on new' in html  # full size


def test_log_lines_read_well() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    a = PlaySet("full-house", tuple(parse_cards("4D 4C KS KH KD")), (3,))
    after = GAME.apply(s, a)
    line = mu.describe_turn(GAME.view(s, 0), GAME.view(after, 0), [a], "Ana")
    assert line == "Ana played Full House, kings over fours: Full House track now 2"
    view = GAME.view(s, 0)
    assert mu.action_words(view, a).startswith("play Full House, kings over fours")


def test_other_mats_open_full_size_and_out_players_show() -> None:
    s = state_with("2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    html = html_of(s, mu.MachineTurnUI(opp=1))
    assert html.count('data-testid="mm-mat"') == 1  # Bea's; yours is its summary
    assert html.count('data-testid="mm-mat"') == 2 - ('data-testid="mm-tracks"' in html)
    assert "Bea 4 cards, 28 cubes to place; 2 cubes on the mat" in html


# --- robustness -------------------------------------------------------------------------------


def test_random_taps_through_whole_games_never_break() -> None:
    rng = random.Random(7)
    actions = ["mm-card", "mm-draw", "mm-take", "mm-stop", "mm-trade", "mm-discard", "mm-play",
               "mm-sort", "mm-aid", "mm-opp", "mm-clear", "mm-setup", "mm-pick"]
    for game in range(3):
        s = GAME.new_game(MachineConfig(2 + game, max_rounds=12), random.Random(game))
        ui = mu.MachineTurnUI()
        bot_rng = random.Random(game)
        for _ in range(3000):
            if s.phase == OVER:
                break
            if s.current != 0:
                s = GAME.apply(s, make_bot("standard").choose(GAME.view(s, s.current),
                                                          GAME.legal_actions(s), bot_rng))
                continue
            view = GAME.view(s, 0)
            assert_shows("machine", *parsed_html_of(s, ui), s, 0)  # the table shows the state
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
            kept = snapshot(GAME, s)
            try:
                s, ui, t = do(s, ui, name, **data)
            except IllegalAction:
                # the shell shows the reason; the UI state stays as it was
                assert_refused(GAME, kept, s)
            else:
                if t.refusal:
                    assert_refused(GAME, kept, s, t.actions)
            assert_sound(GAME, s)
            if rng.random() < 0.05 and s.current == 0 and s.phase != OVER:
                s = GAME.apply(s, make_bot("beginner").choose(GAME.view(s, 0),
                                                          GAME.legal_actions(s), bot_rng))
        assert_shows("machine", *parsed_html_of(s, ui), s, 0)
    # and on the table in the whole app: its match, its page, its save
    done = tap_the_app("machine", 3, 120, ("mm-",))
    assert done["refused"] and done["mm-setup"] and done["mm-discard"] + done["mm-play"]


def test_keys_draw_stop_play_and_escape() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    view = GAME.view(s, 0)
    ui = mu.MachineTurnUI(picked=("KS", "KH", "KD", "4C", "4D"))
    t = mu.key(view, ui, "p")
    assert t is not None and isinstance(t.actions[0], PlaySet)
    assert t.actions[0].kind == "full-house"  # the grandest legal reading first
    t = mu.key(view, ui, "Escape")
    assert t is not None and t.ui.picked == ()
    assert mu.key(view, mu.MachineTurnUI(), "Escape") is None
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
                html = mu.table_html(game.view(first_turn, seat), mu.MachineTurnUI(),
                                     ["A", "B", "C"], interactive=True)
                assert 'data-testid="mm-setup-panel"' in html
                drawn += 1
    assert drawn == 3 * 90


# --- issue 21: one screen per turn, messages that live as long as they are true --------------


def test_four_cards_over_a_trade_limit_of_two_are_refused_for_the_real_reason() -> None:
    """Issue 21: "Trade 4 cards" with a trade limit of 2 was refused with "you do not hold the
    two of diamonds": the second trade ended the turn and the third was the next player's."""
    s = state_with("2S 3H 4C 2D 9C", PlayerMat((1, 1, 0, 0, 0), 3, 25))  # trade limit 2
    assert s.mats[0].trade_limit == 2
    ui = mu.MachineTurnUI(picked=("2S", "3H", "4C", "2D"))
    naive = s
    with pytest.raises(IllegalAction) as e:  # what the four steps did before
        for card in ("2S", "3H", "4C"):
            naive = GAME.apply(naive, GAME.parse_action(f"trade {card}"))
    assert e.value.reason == "you do not hold the four of clubs"
    s2, ui2, t = do(s, ui, "mm-trade")
    assert t.refusal and t.actions == () and s2 is s and ui2.picked == ui.picked
    assert t.message == ("You may trade 2 more cards: your Three of a Kind track allows "
                         "trading 2 cards a turn")
    dock = mu.dock_html(GAME.view(s, 0), ui, NAMES, interactive=True)
    assert ("Trade: you may trade 2 more cards: your Three of a Kind track allows trading "
            "2 cards a turn.") in dock  # said before the tap, beside the button
    trade = tagged(dock, "mm-trade")
    assert len(trade) == 1 and trade[0].get("aria-disabled") == "true"
    s3, _, _ = do(s, mu.MachineTurnUI(picked=("2S", "3H")), "mm-trade")
    assert s3.current == 1 and s3.mats[0].supply == 5


def test_the_dock_holds_the_display_the_hand_and_the_buttons_together() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    view = GAME.view(s, 0)
    ui = mu.MachineTurnUI(picked=("KS", "KH", "KD", "4C", "4D"))
    field = mu.table_html(view, ui, NAMES, interactive=True)
    dock = mu.dock_html(view, ui, NAMES, interactive=True)
    for testid in ("mm-hand-card", "mm-display", "mm-draw", "mm-trade", "mm-play", "mm-hint"):
        assert f'data-testid="{testid}"' in dock and f'data-testid="{testid}"' not in field
    assert "Full House, kings over fours" in dock
    assert 'data-testid="mm-tracks"' in field and 'data-testid="mm-mat"' not in field
    plays = tagged(dock, "mm-play")
    assert [b.get("class") for b in plays] == ["btn mm-playbtn primary"]


def test_an_opponents_mat_is_headed_with_their_name() -> None:
    s = state_with("2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    html = mu.table_html(GAME.view(s, 0), mu.MachineTurnUI(opp=1), NAMES, interactive=True)
    assert len(tagged(html, "mm-oppmat")) == 1
    assert '<h2 id="mm-oppmat-h">Bea’s mat</h2>' in html
    mats = tagged(html, "mm-mat")
    assert len(mats) == 1 and (mats[0].get("aria-label") or "").startswith("Bea’s mat")
    assert "Bea 4 cards, 28 cubes to place; 2 cubes on the mat. Hide the mat" in html


def tagged(html: str, testid: str) -> list[dict[str, str | None]]:
    """The attributes of every element of ``html`` with this data-testid."""
    return [a for _t, a in parse(html).tags if a.get("data-testid") == testid]


def _game_of(seats: str) -> tuple[Any, Any, Any]:
    from helpers.shell import boot
    app, page, _env = boot(address=f"#/machine/deal/7?seats={seats}")
    return app, page, app.tables["machine"]


def test_a_hint_lives_until_the_next_action_and_a_drawn_card_is_marked() -> None:
    from helpers.shell import click, run_async, settle

    async def run() -> None:
        app, page, table = _game_of("you,standard")
        await settle(app)
        m = table.match
        assert m.state.phase == SETUP and m.current == 0
        click(app, "mm-hint")
        await settle(app)
        hint = table.board.ui.hint
        assert hint is not None and hint.startswith("setup ")
        assert page.texts["mt-msg"].startswith("Hint: the Strong computer would place")
        assert f'data-tracks="{table.board.ui.pair}"' in page.regions["mt-dock"]
        click(app, "mm-sort")  # looking around: the hint is still true, and still said
        assert page.texts["mt-msg"].startswith("Hint:")
        taken = {st for st in m.state.setup if st is not None}
        free = next(f"flush {o}" for o, t in (("full-house", (2, 3)), ("flush", (2, 2)))
                    if t not in taken and f"flush {o}" != hint[6:])
        click(app, "mm-pair", tracks=free)  # choosing is no action: the hint stays
        assert page.texts["mt-msg"].startswith("Hint:")
        click(app, "mm-setup", tracks=free)  # the action: the hint is gone
        await settle(app)
        assert table.board.ui.hint is None and "Hint" not in page.texts["mt-msg"]
        assert m.state.phase == "turn" and m.current == 0
        # a pair with the Flush track: a face-down card may be drawn; it is marked new
        assert m.state.mats[0].face_down_limit >= 1, m.state.mats[0]
        before = set(m.state.hands[0])
        click(app, "mm-draw")
        await settle(app)
        drawn = [c for c in m.state.hands[0] if c not in before]
        assert len(drawn) == 1
        dock = page.regions["mt-dock"]
        assert f'class="card mm-face s-{drawn[0].suit} fresh" data-card="{drawn[0]}"' in dock
        assert "just taken" in dock
    run_async(run())


def test_marks_and_flights_follow_several_computers_turns() -> None:
    """Marks span every computer's step since the person acted: a face-up card taken and a
    set played by either computer are shown beside its chip; each step's flights name the
    cards that moved."""
    from app.seated.seats import Match

    start = GAME.new_game(MachineConfig(3, max_rounds=150), random.Random(2))
    for a in ("setup flush full-house", "setup three straight", "setup three flush"):
        start = GAME.apply(start, GAME.parse_action(a))
    rng = random.Random(3)
    s = start
    while True:  # the person (seat 0) acts; then both computers, until a span shows it all
        while s.current == 0:
            s = GAME.apply(s, make_bot("standard").choose(GAME.view(s, 0), GAME.legal_actions(s),
                                                      rng))
        states = [s]
        took: dict[int, str] = {}
        played: dict[int, list[str]] = {}
        while s.current != 0 and s.phase != OVER:
            p = s.current
            a = make_bot("standard").choose(GAME.view(s, p), GAME.legal_actions(s), rng)
            if isinstance(a, TakeUp):
                took.setdefault(p, str(s.display[a.slot]))
            if isinstance(a, PlaySet):
                played.setdefault(p, [str(c) for c in a.cards])
            s = GAME.apply(s, a)
            states.append(s)
        assert s.phase != OVER
        if took and played and len({st.current for st in states}) == 3:
            break
    from helpers.shell import boot
    app, _page, _env = boot()
    table = app.tables["machine"]
    table.computers.since = states
    marks = table.board.marker.marks(states[0], states[-1])
    for p, card in took.items():
        if not any(card in cs for cs in played.values()):
            assert f"took{p}:{card}" in marks
    for p, cards in played.items():
        assert {f"set{p}:{c}" for c in cards} <= marks
    flights = [f for s0, s1 in itertools.pairwise(states)
               for f in table.board.marker.flights(Match.__new__(Match), s0, s1)]
    for p, cards in played.items():
        for c in cards:
            assert (c, f'[data-testid=mm-opp][data-seat="{p}"]') in flights
    for card in took.values():
        assert (card, None) in flights
    assert any(src == "#mm-pile-down" for _, src in flights)  # the display refilled
    view = GAME.view(states[-1], 0)
    html = mu.table_html(view, mu.MachineTurnUI(), NAMES, interactive=False, marked=marks)
    for p, cards in played.items():
        assert f'data-testid="mm-news" data-seat="{p}"' in html
        assert all(f'data-card="{c}"' in html for c in cards)


# --- issue 35: Draw's count is the player's own; a hand of seven fits beside its count --------


def draw_words(dock: str) -> str:
    (button,) = [b for b in tagged(dock, "mm-draw")]
    return str(button.get("aria-label"))


def test_draws_count_is_the_players_own() -> None:
    none = state_with("KS KH 4C", PlayerMat((0, 1, 0, 0, 0), 3, 25))  # an empty Flush track
    assert GAME.view(none, 0).mats[0].face_down_limit == 0
    dock = html_of(none, mu.MachineTurnUI())
    assert "up to 0" not in dock and "<small>Flush empty</small>" in dock
    assert draw_words(dock).startswith("Draw Flush empty: no face-down cards this turn")
    some = state_with("KS KH 4C", PlayerMat((0, 1, 2, 0, 0), 3, 25))
    limit = GAME.view(some, 0).mats[0].face_down_limit
    assert limit >= 1 and f"<small>up to {limit}</small>" in html_of(some, mu.MachineTurnUI())
    # another's turn, drawing: their cards drawn are not set against this player's limit
    theirs = replace(some, current=1, phase=TAKING, drawn=1)
    dock = html_of(theirs, mu.MachineTurnUI(), seat=0)
    assert "<small>" not in dock.split('data-testid="mm-draw"')[1].split("</button>")[0]
    assert "drawn" not in draw_words(dock) and draw_words(dock).startswith("Draw face down, ")


def test_a_hand_of_up_to_eight_fits_the_strip_on_a_phone() -> None:
    for n in range(1, 9):
        # sorted by suit: at most three gaps; by rank, a gap between any two (seven cards)
        for gaps in range(0, min(n, 4) if n == 8 else n):
            step = md.hand_step(n, gaps)
            assert md.CARD_W + (n - 1) * step + gaps * md.GAP_W <= md.HAND_ROOM, (n, gaps)
            assert step >= 22  # the corner's rank and suit still show
    assert md.hand_step(5, 3) == 34  # a short hand as before
    s = state_with("8C 9C QH KH KD AS AH", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    dock = html_of(s, mu.MachineTurnUI())
    (step,) = re.findall(r'class="mm-hand fit-(\d+)"', dock)
    gaps = dock.split('data-testid="mm-hand"')[1].count("mm-hli gap")
    assert md.CARD_W + 6 * int(step) + gaps * md.GAP_W <= md.HAND_ROOM
    # the count sits beside the strip, not in it (it scrolled away with the cards)
    strip = dock.split('data-testid="mm-hand"')[1].split("</ul>")[0]
    assert "mm-hand-n" not in strip and 'data-testid="mm-hand-n"' in dock
