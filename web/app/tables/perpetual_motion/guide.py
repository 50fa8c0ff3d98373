"""Perpetual Motion's guided first game: a deck laid out so that its first rows are the rule
text's own examples (tops "A 5 A 5", then "6 8 8 8"), then a row of four of one rank, then a
move that uncovers another. The player deals and makes every forced move, as a real deal does
with Make moves myself on."""

from __future__ import annotations

from app.guide import Guide, Step
from engine.cards import CARD_BY_TEXT
from engine.games.perpetual_motion.rules import GAME, Deal, Move, PMConfig

ROWS = ("AS 5H AD 5C", "6S 8H 8D 8C", "7S 7H 7D 7C", "9S 9H 8S QH")


def deck() -> list[str]:
    """The guided deal's deck, first dealt first: the four rows, then the other cards in the
    order of a new deck."""
    first = " ".join(ROWS).split()
    return first + [c for c in CARD_BY_TEXT if c not in first]


# the end: what a real deal adds (its Make moves myself and Play to the end are not on the
# guided table's dock, so they are named unquoted: a quoted name is a control on show)
DONE = ("Guided game done. In a real deal Deal makes the forced moves for you, unless you "
        "turn on Make moves myself (its Hint then shows the next one); Play to the end plays "
        "the rest of a deal out for you. Tap “Play a real game” to deal one.")


def guide() -> Guide:
    start = GAME.new_game_from_deck(PMConfig(), deck())
    deal = (Deal(),)
    return Guide(start, (
        Step("Perpetual Motion deals four cards at a time, one onto each of four stacks, and "
             "every move is forced: you follow the rules, you never choose. Tap “Next”."),
        Step("Tap “Deal”: one card goes onto each stack.", deal),
        Step("Tops A 5 A 5. The leftmost stack whose top rank already shows to its left is "
             "stack 3 (its ace is on stack 1), so its ace moves onto that first ace. Tap stack "
             "3, then stack 1.", (Move(2, 0),)),
        Step("Now stack 4's five shows on stack 2: it moves onto that five. Tap stack 4, then "
             "stack 2.", (Move(3, 1),)),
        Step("Tops A 5 with two empty stacks: no two tops match, so no move is left (an empty "
             "stack takes no card by a move; it waits for the next deal). Tap “Deal”.",
             deal),
        Step("Tops 6 8 8 8: stack 3 is the leftmost whose eight shows to its left. Tap stack "
             "3, then stack 2.", (Move(2, 1),)),
        Step("The other right-hand eight goes onto the first eight too: tap stack 4, then "
             "stack 2.",
             (Move(3, 1),)),
        Step("No two tops match. Tap “Deal” for the next row.", deal),
        Step("Four sevens! A row dealt all of one rank is discarded at once, and the stacks "
             "stay as they were. You win when all 52 cards are discarded. Tap “Next”."),
        Step("Tap “Deal”.", deal),
        Step("Tops 9 9 8 Q: stack 2's nine moves onto the nine on stack 1. Tap stack 2, then "
             "stack 1.", (Move(1, 0),)),
        Step("That move uncovered an eight on stack 2, and stack 3 shows an eight too: keep "
             "going until no two tops match. Tap stack 3, then stack 2.", (Move(2, 1),)),
        Step("That is all there is to it. When the deck is used up, Next round gathers the "
             "stacks (4 onto 3 onto 2 onto 1) into the next deck, never shuffled. A deal is "
             "lost when a round starts with a deck order seen before. Tap “Next”."),
    ), done=DONE)
