"""The Perpetual-Motion Machine's guided first game: you and Ana, a deal where each of your
first turns is one of the three things a turn can be. The set-up pairs (Ana first, then you:
both your cubes on Three of a Kind), Take Cards (a face-up nine), Play a Set (three nines: the
next Three of a Kind section), Trade Cards for Cubes; Ana's turns are played by the guide."""

from __future__ import annotations

from app.guide import Guide, Step
from engine.cards import CARD_BY_TEXT, Card
from engine.games.machine.mat import FLUSH, STRAIGHT, THREE
from engine.games.machine.rules import (
    GAME,
    TAKING,
    TRADING,
    Draw,
    MachineAction,
    MachineConfig,
    MachineState,
    PlaySet,
    Setup,
    Stop,
    TakeUp,
    Trade,
)
from engine.games.machine.sets import sort_cards

YOURS = ("9S", "9H", "KC")
ANAS = ("2D", "5C", "JH")
DISPLAY = ("9D", "4S", "QH", "7C")


def deck() -> list[str]:
    """Dealt one card at a time from you; then the display; then the face-down deck."""
    first = [c for pair in zip(YOURS, ANAS, strict=True) for c in pair] + list(DISPLAY)
    return first + [c for c in CARD_BY_TEXT if c not in first]


class GuidedMachine:
    """The guided game played through, so that each step's actions are the engine's own."""

    def __init__(self, state: MachineState) -> None:
        self.state = state

    def do(self, *actions: MachineAction) -> tuple[MachineAction, ...]:
        """``actions``, and a closing Stop if they leave a trade or a take open (as the
        table's buttons do)."""
        out = list(actions)
        who = GAME.current_player(self.state)
        for a in actions:
            self.state = GAME.apply(self.state, a)
        if GAME.current_player(self.state) == who and self.state.phase in (TRADING, TAKING):
            self.state = GAME.apply(self.state, Stop())
            out.append(Stop())
        return tuple(out)

    def slot(self, card: str) -> int:
        return self.state.display.index(Card.parse(card))


def guide() -> Guide[MachineState, MachineAction]:
    start = GAME.new_game_from_deck(MachineConfig(players=2), deck())
    p = GuidedMachine(start)
    anas_setup = p.do(Setup((STRAIGHT, FLUSH)))
    your_setup = p.do(Setup((THREE, THREE)))
    take = p.do(TakeUp(p.slot("9D")))
    anas_take = p.do(Draw(), TakeUp(0))
    nines = tuple(Card.parse(c) for c in ("9S", "9H", "9D"))
    play = p.do(PlaySet("three", tuple(sort_cards(nines)), (THREE,)))
    anas_trade = p.do(Trade(Card.parse("2D")))
    trade = p.do(Trade(Card.parse("KC")))
    return Guide(start, (
        Step("The Machine: be the first to place every cube on your mat. You play poker "
             "hands (sets) to place cubes, and every cube placed makes your later turns "
             "better. Tap “Next”."),
        Step("Set-up: Ana places two cubes first, on Straight and Flush (a bigger hand, and "
             "one face-down draw a turn). Tap “Next”.", anas_setup, by_guide=True),
        Step("Your two set-up cubes: you hold two nines, so put both on Three of a Kind "
             "(each placed cube raises what that track gives): tap “Three × 2”, then "
             "“Place on Three × 2”.", your_setup),
        Step("Your turn: do one of three things. Take Cards: with Full House empty you may "
             "take one face-up card. Tap the 9♦ in the display.", take),
        Step("Ana takes cards: one face down (her Flush gives one), then one face up. Tap "
             "“Next”.", anas_take, by_guide=True),
        Step("Play a Set: three nines are a Three of a Kind. It fills the next section of "
             "that track with one cube from your supply. The nines are selected: tap “Play”.",
             play),
        Step("Ana trades a card for a cube: her general pile gives one to her supply. Tap "
             "“Next”.", anas_trade, by_guide=True),
        Step("Trade Cards for Cubes: each card traded moves a cube from your general pile to "
             "your supply, ready to place. The K♣ is selected: tap “Trade 1 card”.",
             trade),
        Step("That is a turn of each kind. A set places cubes only if your supply holds the "
             "whole next section. Beware: with exactly one cube left and no one-cube section "
             "free, you are stuck and out. Tap “Next”."),
    ), done="Guided game done. In a real game Hint shows what the Strong computer would do. "
            "Tap “Play a real game”.", query=(("seats", "you,standard"),))
