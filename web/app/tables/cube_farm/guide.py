"""Cube Farm's guided first game: a short hand of two cards each, built on the rules' own
scoring examples. Your row of cubes over a corridor with a Coffee Machine, laid beside the
elevator (a cube 2 steps from the Coffee Machine scores 1 for its stone + 2); Ana's row on the
other side; your lounge with a Photocopier and a Soda Machine in reach of your cubicles; Ana's
last card; then the hand scored, which the end explains. The guide lays each card as the Hint
shows it (Confirm lays it) and rings each cubicle to claim; Ana's turns are played by the guide."""

from __future__ import annotations

from dataclasses import replace

from app.guide import Guide, Step
from app.seated.seats import default_setup
from engine.games.cube_farm.deck import DECK_IDS
from engine.games.cube_farm.rules import GAME, CFAction, CFConfig, CFState, Claim, Place

YOURS = ("C03", "C40")
ANAS = ("C01", "C02")


def start() -> CFState:
    """The hand: two cards each (a real hand deals more: :func:`real_hand`), the only hand of
    the game."""
    deck = [*YOURS, *ANAS] + [c for c in DECK_IDS if c not in YOURS + ANAS]
    state = GAME.new_game_from_deck(CFConfig(players=2, hands=1), deck)
    return replace(state, hands=(YOURS, ANAS))


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def real_hand() -> str:
    """The cards each player is dealt in a game as the app sets it up by default (you and two
    computers: five), in words."""
    config = default_setup(GAME.info.id).config()
    assert isinstance(config, CFConfig)
    n = config.hand_size
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


class GuidedCubeFarm:
    """The guided game played through, so that each step's actions are the engine's own."""

    def __init__(self, state: CFState) -> None:
        self.state = state

    def do(self, *actions: CFAction) -> tuple[CFAction, ...]:
        for a in actions:
            self.state = GAME.apply(self.state, a)
        return actions


def guide() -> Guide[CFState, CFAction]:
    s = start()
    p = GuidedCubeFarm(s)
    lay1 = p.do(Place("C03", 3, 0, 0))
    claim1 = p.do(Claim(3, 0))
    anas1 = p.do(Place("C01", -3, 0, 0), Claim(-1, 0))
    lay2 = p.do(Place("C40", 3, 2, 0))
    claim2 = p.do(Claim(5, 0))
    anas2 = p.do(Place("C02", -3, 2, 2), Claim(-3, 3))
    return Guide(s, (
        Step("Cube Farm: lay office cards, claim cubicles for your employees, and score for "
             "the coffee machines and photocopiers they can walk to. Tap “Next”."),
        Step("Your Coffee row: three cubes over a corridor with a Coffee Machine. Beside the "
             "elevator card its corridor leads to the elevator. It is shown where to go: tap "
             "“Confirm” to lay it.", lay1),
        Step("A cubicle may be claimed when a walk from its door reaches an elevator. The "
             "ringed cube is 2 steps from the Coffee Machine (out of its door, then onto the "
             "machine): 1 point for your stone in it + 2 for the Coffee Machine = 3 points. "
             "Tap it to claim it.", claim1),
        Step("Ana lays a Cube row on the other side of the elevator and claims a cubicle. "
             "Tap “Next”.", anas1, by_guide=True),
        Step("Your lounge with a Photocopier (4 points, within 4 steps) and a Soda Machine (2, "
             "within 2) goes under your corridor: tap “Confirm”.",
             lay2),
        Step("The ringed cube reaches the Coffee Machine in 2 steps and the Photocopier in 4: "
             "1 for the stone + 2 for the Coffee Machine + 4 for the Photocopier = 7 points. Tap "
             "it to claim it.", claim2),
        Step("Ana lays her last card and claims. With every card played the hand is scored. "
             "Tap “Next”.", anas2, by_guide=True),
        # the hand's scoring is told at the end, under the scoring's own walk through the
        # cubicles (its "Next ▶"): a step to read there would be a second Next beside it
    ), done="Scored: 1 point a stone, plus each item in reach (listed below), minus each "
            "Receptionist within 2 steps and Vice President within 3. A real hand deals "
            f"{real_hand()} cards each: tap “Play a real game”.",
        query=(("seats", "you,standard"),))

