"""Machiavelli's guided first game: you and Ana, five cards each. You lay a run from your hand;
Ana lays a group of four sevens; then the rearrangement the game is about: a seven taken from
Ana's group (a group of four can spare one) starts a new run with your 8♥ and 9♥, and your hand
is empty. Every step is one card, tapped and then its meld tapped (or dragged there)."""

from __future__ import annotations

from collections import Counter

from app.guide import Guide, Step
from engine.cards import Card
from engine.games.machiavelli.rules import GAME, EndTurn, Lay, MAction, MConfig, Move, MState

YOURS = ("3S", "4S", "5S", "8H", "9H")
ANAS = ("7H", "7D", "7C", "7S", "KC")


def deck() -> list[str]:
    """Both decks, the two hands first (five cards each), then the draw pile."""
    first = [*YOURS, *ANAS]
    rest = Counter({f"{r}{s}": 2 for r in "A23456789TJQK" for s in "SHDC"})
    rest.subtract(Counter(first))
    return first + [c for c in sorted(rest) for _ in range(rest[c])]


class GuidedMachiavelli:
    """The guided game played through, so that each step's actions are the engine's own (hand
    positions change as cards leave the hand)."""

    def __init__(self, state: MState) -> None:
        self.state = state

    def lay(self, card: str, to: int | None) -> Lay:
        hand = self.state.hands[self.state.player]
        action = Lay(hand.index(Card.parse(card)), to)
        self.do(action)
        return action

    def move(self, card: str, meld: int, to: int | None) -> Move:
        pos = [tc.card for tc in self.state.table[meld]].index(Card.parse(card))
        action = Move(meld, pos, to)
        self.do(action)
        return action

    def do(self, action: MAction) -> MAction:
        self.state = GAME.apply(self.state, action)
        return action


def guide() -> Guide[MState, MAction]:
    start = GAME.new_game_from_deck(MConfig(players=2, hand_size=5), deck())
    p = GuidedMachiavelli(start)
    first = p.lay("3S", None)
    four, five = p.lay("4S", 0), p.lay("5S", 0)
    end = p.do(EndTurn())
    anas = (p.lay("7H", None), p.lay("7D", 1), p.lay("7C", 1), p.lay("7S", 1), p.do(EndTurn()))
    take = p.move("7H", 1, None)
    eight, nine = p.lay("8H", 2), p.lay("9H", 2)
    out = p.do(EndTurn())
    return Guide(start, (
        Step("Machiavelli: be the first to empty your hand. On your turn lay cards in melds, "
             "runs (one suit in sequence) or groups (one rank, every suit different), or draw "
             "a card. Tap “Next”."),
        Step("You hold 3♠ 4♠ 5♠: a run. Tap 3♠ in your hand, then “New meld” (or drag it "
             "there).", (first,)),
        Step("Now tap 4♠, then the new meld.", (four,)),
        Step("A run needs 3 cards: tap 5♠, then the meld.", (five,)),
        Step("Every meld on the table is valid and you laid a card: tap “End turn”.",
             (end,)),
        Step("Ana's turn: she lays four sevens, a group. Tap “Next” to see it.", anas,
             by_guide=True),
        Step("8♥ 9♥ are no meld yet, but everything on the table is everyone's, and a group "
             "of four can spare a card. Tap Ana's group to open it, then 7♥, then “New meld”.",
             (take,)),
        Step("7♥ alone is not a meld yet (the table may be wrong until you end your turn). "
             "Tap 8♥, then the 7♥ meld.", (eight,)),
        Step("Tap 9♥, then the same meld: 7♥ 8♥ 9♥ is a run.", (nine,)),
        Step("Every meld is valid again and your hand is empty: tap “End turn” to win.",
             (out,)),
    ), done="You won the guided game. “Hint” shows the most cards you can lay, step by "
            "step. Tap “Play a real game”.",
        query=(("seats", "you,standard"),))
