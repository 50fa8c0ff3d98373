"""The Machine table for everyone (issue 45), in CPython: its labels in words a newcomer knows
(the rules page's or plain English; words before a figure), cards named in words in every
accessible name, the player's own steps said on the message line, the roving groups and the
keys (listed on the rules page, given to their buttons), and a dock that keeps its controls in
place while the others play (the keyboard's focus stays on them)."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
from app.tables.machine import parts as mu
from app.tables.machine import words as W
from app.tables.machine.board import MachineBoard
from helpers.markup import parse

from engine.cards import SUIT_SYMBOLS, parse_cards, standard_deck
from engine.games.machine.rules import (
    DISCARDING,
    GAME,
    SETUP,
    TAKING,
    TURN,
    Discard,
    Draw,
    MachineAction,
    MachineConfig,
    MachineState,
    PlayerMat,
    PlaySet,
    Setup,
    TakeUp,
    Trade,
)

NAMES = ("You", "Bea")
RULES = Path(__file__).resolve().parents[2] / "engine" / "games" / "machine" / "rules.md"


def state_with(hand: str, mat: PlayerMat, **kw: object) -> MachineState:
    cards = tuple(parse_cards(hand))
    rest = [c for c in standard_deck() if c not in cards]
    s = MachineState(players=2, max_rounds=150, deck=tuple(rest[8:]),
                     display=tuple(rest[:4]), discard=(),
                     hands=(cards, tuple(rest[4:8])),
                     mats=(mat, PlayerMat((1, 1, 0, 0, 0), 3, 25)),
                     setup=((2, 3), (0, 1)), out=(False, False), phase=TURN, current=0)
    return replace(s, **kw)  # type: ignore[arg-type]


def html(state: MachineState, ui: mu.MachineTurnUI | None = None, live: bool = True) -> str:
    view = GAME.view(state, 0)
    ui = ui or mu.MachineTurnUI()
    return (mu.table_html(view, ui, NAMES, interactive=live)
            + mu.dock_html(view, ui, NAMES, interactive=live))


def visible_text(markup: str) -> str:
    """The text a sighted player reads (screen-reader-only spans left out)."""
    markup = re.sub(r'<span class="sr-only">.*?</span>', " ", markup)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))
    return re.sub(r" ([,.:)])", r"\1", text)


class _Buttons(HTMLParser):
    """Each button's aria-label and the words it shows (aria-hidden parts left out)."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str | None, str]] = []
        self.hidden = 0  # depth inside an aria-hidden element
        self.label: str | None = None
        self.words: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "button":
            self.label, self.words = a.get("aria-label"), []
        elif tag == "br":
            return
        if self.hidden or a.get("aria-hidden") == "true":
            self.hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "button" and self.words is not None:
            self.found.append((self.label, " ".join(" ".join(self.words).split())))
            self.words = None
        elif self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if self.words is not None and not self.hidden:
            self.words.append(data)


def named_buttons(markup: str) -> list[tuple[str | None, str]]:
    p = _Buttons()
    p.feed(markup)
    return p.found


def steps(state: MachineState, *actions: MachineAction) -> str:
    after = state
    for a in actions:
        after = GAME.apply(after, a)
    return mu.own_step_words(GAME.view(state, 0), GAME.view(after, 0), actions)


# --- words a newcomer knows -------------------------------------------------------------------

MID = state_with("KS KH KD 4C 4D 2S", PlayerMat((2, 1, 2, 0, 1), 2, 20))


@pytest.mark.parametrize("figure", [
    r"\d+ on, \d+ to go",  # "3 on, 27 to go"
    r"supply \d+/\d+",  # "supply 2/5"
    r"\bpile \d+",  # "pile 25" (the general pile is named)
    r"\d+ → \d+ for \d+",  # "4 → 5 for 2"
    r"Draw none",
    r"Taken: \d+ of \d+",
    r"\b\d+/\d+\b",  # a hand of "6/5"
    r">Full<",  # a "Full" button beside the Full House row
])
def test_no_figure_without_its_words(figure: str) -> None:
    shown = [html(MID), html(replace(MID, phase=TAKING, drawn=1)),
             html(MID, mu.MachineTurnUI(mat=True)),
             html(state_with("2S 3H", PlayerMat((0, 1, 0, 0, 0), 3, 25)))]
    for markup in shown:
        assert not re.search(figure, markup), (figure, visible_text(markup)[:400])


def test_the_mat_summary_says_its_cubes_and_tracks_in_words() -> None:
    text = visible_text(html(MID))
    mat = MID.mats[0]
    assert f"On the mat {mat.on_mat}, {mat.left} to place" in text
    assert f"Personal supply 2 (limit {mat.cube_limit})" in text
    assert "General pile 20" in text
    assert "Whole mat" in text
    # a track's row: its value, then what the next section costs and gives
    assert W.track_row_words(MID.mats[0], 0) == ("value 3", "1 cube makes it 4")
    assert W.track_row_words(MID.mats[0], 2) == ("value 2", "2 cubes make it 3")
    assert W.track_row_words(PlayerMat((5, 0, 0, 0, 0), 0, 22), 0) == ("value 6", "full")
    assert W.track_row_words(MID.mats[0], 4) == ("1 of 6 filled", "next 2 cubes")


def test_a_hand_says_its_size_and_limit_in_words() -> None:
    assert W.hand_count(6, 5) == "6 cards, 5 allowed"
    over = state_with("2S 3H 4D 5C 9C 9D", PlayerMat((0, 0, 0, 0, 0), 3, 25), phase=DISCARDING)
    markup = html(over)
    assert 'aria-label="Your hand: 6 cards, 5 allowed"' in markup
    assert ">6 cards, 5 allowed</p>" in markup and 'class="mm-hand-n over"' in markup


def test_taking_says_what_was_taken_and_what_may_still_be() -> None:
    mat = PlayerMat((0, 0, 2, 2, 0), 3, 25)  # draw 2, take 3
    view = GAME.view(state_with("2S", mat, phase=TAKING, drawn=1), 0)
    assert W.taking_words(view) == ("You drew 1 card face down. You may draw 1 more card face "
                                    "down or take 3 cards face up, or stop.")
    view = GAME.view(state_with("2S", mat, phase=TAKING, drawn=2, taken=1), 0)
    assert W.taking_words(view) == ("You drew 2 cards face down and took 1 card face up. You "
                                    "may take 2 more cards face up, or stop.")
    assert W.taking_words(view, done=False) == "You may take 2 more cards face up, or stop."


def test_draw_says_why_there_is_none() -> None:
    empty = html(state_with("2S 3H", PlayerMat((0, 1, 0, 0, 0), 3, 25)))
    (draw,) = [a for _, a in parse(empty).tags if a.get("data-testid") == "mm-draw"]
    assert "Flush empty" in visible_text(empty)
    assert (draw.get("aria-label") or "").startswith("Draw Flush empty: no face-down cards")


# --- cards in words ---------------------------------------------------------------------------

def test_no_card_sign_in_any_accessible_name_and_the_visible_words_are_in_it() -> None:
    """Every control's name says its cards in words; a name given to a button begins with the
    words on it (axe: label-content-name-mismatch)."""
    ui = mu.MachineTurnUI(picked=("KS", "KH", "KD", "4C", "4D"), aid=True)
    for markup in (html(MID, ui), html(MID, ui, live=False),
                   html(replace(MID, phase=SETUP, setup=(None, (0, 1))))):
        for _, tag in parse(markup).tags:
            name = tag.get("aria-label") or ""
            assert not any(s in name for s in SUIT_SYMBOLS.values()), name
            assert "→" not in name, name
    for label, words in named_buttons(html(MID, ui)) + named_buttons(
            html(replace(MID, phase=SETUP, setup=(None, (0, 1))))):
        if label is not None and words:
            assert label.startswith(words), (words, label)


def test_the_hint_names_cards_in_words() -> None:
    view = GAME.view(MID, 0)
    assert mu.action_words(view, TakeUp(0)) == (
        f"take the {MID.display[0].name} from the display")  # type: ignore[union-attr]
    two = parse_cards("2S")[0]
    assert mu.action_words(view, Trade(two)) == "trade the two of spades for a cube"
    play = PlaySet("three", tuple(parse_cards("KS KH KD")), (0,))
    assert mu.action_words(view, play) == "play Three of a Kind, kings on Three of a Kind"


# --- the player's own steps, said -------------------------------------------------------------

def test_every_step_of_the_player_says_what_it_did() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 2, 0, 0), 3, 25))
    drawn = GAME.apply(s, Draw()).hands[0][-1]
    assert steps(s, Draw()) == (f"You drew the {drawn.name} face down. You may draw 1 more "
                                "card face down or take 1 card face up, or stop.")
    took = s.display[1]
    assert took is not None
    assert steps(s, TakeUp(1)).startswith(f"You took the {took.name} from the display. "
                                          "Your hand is over its limit of 6: discard 1 card.")
    two = parse_cards("2S")[0]
    assert steps(s, Trade(two)) == "You traded 1 card for 1 cube: 4 in your supply."
    fh = PlaySet("full-house", tuple(parse_cards("4D 4C KS KH KD")), (3,))
    assert steps(s, fh) == ("You played Full House, kings over fours: your Full House track "
                            "is now 2.")
    over = state_with("2S 3H 4D 5C 9C 9D 9H", PlayerMat((0, 0, 0, 0, 0), 3, 25),
                      phase=DISCARDING)
    assert steps(over, Discard(parse_cards("2S")[0]), Discard(parse_cards("3H")[0])) == (
        "You discarded the two of spades and the three of hearts.")
    setup = replace(s, phase=SETUP, setup=(None, (0, 1)), mats=(PlayerMat((0,) * 5, 5, 25),
                                                                 s.mats[1]))
    assert steps(setup, Setup((0, 0))) == (
        "You placed your set-up cubes: both on Three of a Kind.")


def test_log_lines_say_a_set_by_its_words_and_the_set_up_in_words() -> None:
    s = state_with("KS KH KD 4C 4D 2S", PlayerMat((0, 1, 1, 0, 0), 3, 25))
    setup = replace(s, phase=SETUP, setup=(None, None), current=1)
    after = GAME.apply(setup, Setup((2, 3)))
    line = mu.describe_turn(GAME.view(setup, 0), GAME.view(after, 0), [Setup((2, 3))], "Bea")
    assert line == "Bea placed set-up cubes on Flush and Full House"
    two = GAME.apply(setup, Setup((0, 0)))
    line = mu.describe_turn(GAME.view(setup, 0), GAME.view(two, 0), [Setup((0, 0))], "Bea")
    assert line == "Bea placed set-up cubes on Three of a Kind twice"


# --- keys, roving groups, focus kept ------------------------------------------------------------

def test_the_hand_the_display_the_pairs_and_the_players_are_roving_lists() -> None:
    markup = html(MID)
    for group in ("mm-hand", "mm-display", "mm-opps"):
        m = re.search(rf'<ul [^>]*id="{group}"[^>]*>', markup)
        assert m and " data-rove" in m.group(0), group
    hand = markup.split(' id="mm-hand"', 1)[1].split("</ul>")[0]
    assert hand.count("<li") == 6 and hand.count("data-rove-item") == 6
    setup = html(replace(MID, phase=SETUP, setup=(None, (0, 1))))
    pairs = setup.split('class="mm-pairs-list"', 1)[1].split("</ul>")[0]
    assert pairs.count("data-rove-item") == 10


def test_every_key_is_on_the_rules_page_and_given_to_its_buttons() -> None:
    rules = RULES.read_text()
    keys = rules.split("## Keys", 1)[1].split("\n## ", 1)[0]
    board_keys = {k.upper() if len(k) == 1 else k for k in MachineBoard.keys.split()}
    for k in board_keys:
        assert f"| {k} |" in keys, k
    ui = mu.MachineTurnUI(picked=("KS", "KH", "KD"))
    given = set(re.findall(r'aria-keyshortcuts="([^"]+)"', html(MID, ui)))
    given |= set(re.findall(r'aria-keyshortcuts="([^"]+)"',
                            html(replace(MID, phase=TAKING, drawn=1))))
    given |= set(re.findall(r'aria-keyshortcuts="([^"]+)"',
                            html(state_with("2S 3H 4D 5C 9C 9D 9H",
                                            PlayerMat((0, 0, 0, 0, 0), 3, 25),
                                            phase=DISCARDING), ui)))
    assert given == board_keys, given ^ board_keys


def test_escape_clears_the_selection_then_the_pair_then_another_mat_and_says_so() -> None:
    view = GAME.view(MID, 0)
    t = mu.key(view, mu.MachineTurnUI(picked=("KS",), opp=1), "Escape")
    assert t is not None and t.ui.picked == () and t.ui.opp == 1
    assert t.message == "Selection cleared." and not t.actions
    t = mu.key(view, mu.MachineTurnUI(opp=1), "Escape")
    assert t is not None and t.ui.opp is None and t.message == "Mat closed."
    assert mu.key(view, mu.MachineTurnUI(), "Escape") is None
    setup = GAME.view(replace(MID, phase=SETUP, setup=(None, (0, 1))), 0)
    t = mu.key(setup, mu.MachineTurnUI(pair="three flush"), "Escape")
    assert t is not None and t.ui.pair is None
    t = mu.key(setup, mu.MachineTurnUI(pair="three flush"), "p")
    assert t is not None and [str(a) for a in t.actions] == ["setup three flush"]


def test_a_selection_that_is_a_set_is_named() -> None:
    view = GAME.view(MID, 0)
    ui = mu.MachineTurnUI(picked=("KS", "KH"))
    t = mu.tap(view, ui, "mm-card", {"card": "KD"})
    assert t.message == "Three of a Kind, kings."
    assert mu.tap(view, mu.MachineTurnUI(), "mm-card", {"card": "KD"}).message is None


def test_the_dock_keeps_its_controls_while_the_others_play() -> None:
    """The same controls in the same places, focusable, whoever plays: the keyboard's focus
    stays on the one it pressed (aria-disabled, saying why, not disabled)."""
    def controls(markup: str) -> list[str]:
        dock = markup[markup.index('data-testid="mm-dock"'):]
        return re.findall(r'data-action="(mm-[a-z]+)"', dock)

    mine, theirs = html(MID), html(replace(MID, current=1), live=False)
    assert controls(mine) == controls(theirs)
    dock = theirs[theirs.index('data-testid="mm-dock"'):]
    assert " disabled" not in dock and "Wait for your turn" in dock


def test_a_turn_not_ended_reads_right_in_a_finished_games_replay() -> None:
    """A replay's step inside a turn says the turn is not over yet, never "still playing"."""
    view = GAME.view(GAME.new_game(MachineConfig(players=2), random.Random(1)), 0)
    assert mu.describe_turn(view, view, [], "Bea") == "Bea's turn is not over yet"
    assert mu.describe_turn(view, view, [], "Ana", you=True) == "Your turn is not over yet"
