"""Each game's end sentence with the seats' names, as the app's tables word it (pinned from
the tables' own sentences of the same seeded games), filled in by one function,
:func:`engine.protocol.outcome_text`."""

from __future__ import annotations

import random

import pytest

from engine.protocol import outcome_text
from engine.registry import get_game
from engine.seats import play_seeded

NAMES = ["Ana", "Bo", "Cy", "Di"]

CASES = [
    ("machine", 0, ("beginner", "beginner"), {"max_rounds": 150},
     "Ana placed every cube on the mat in 87 rounds."),
    ("machine", 0, ("beginner", "beginner"), {"max_rounds": 3},
     "After 3 rounds Bo has the fewest cubes left and wins."),
    ("machine", 0, ("standard", "standard", "standard"), {"max_rounds": 3},
     "After 3 rounds Ana and Bo and Cy have the fewest cubes left and share the win."),
    ("machiavelli", 0, ("beginner", "standard"), {"variant": "manipulation"},
     "Bo laid every card and won."),
    ("machiavelli", 0, ("beginner", "standard"), {"variant": "manipulation", "match_limit": 30},
     "Bo won the match with 0 penalty points."),
    ("machiavelli", 3, ("beginner", "beginner", "beginner"), {"variant": "helping"},
     "Nobody could lay a card: Bo and Cy won with the fewest cards left."),
    ("cube-farm", 0, ("beginner", "beginner"), {"hands": 1},
     "Bo wins with 13 points after 1 hand."),
    ("cube-farm", 1, ("beginner", "beginner"), {"hands": 1},
     "Ana and Bo share the win with 5 points after 1 hand."),
]


@pytest.mark.parametrize(("game_id", "seed", "seats", "options", "line"), CASES)
def test_end_sentence_with_names(game_id: str, seed: int, seats: tuple[str, ...],
                                 options: dict[str, object], line: str) -> None:
    outcome = play_seeded(game_id, seed, seats, options).outcome
    assert outcome_text(outcome, NAMES[:len(seats)]) == line
    # the names are values: braces in them are printed as written
    odd = ["{winners}", "{0}", "{1}}", "{{"][:len(seats)]
    assert outcome_text(outcome, odd) == line.replace("Ana", "{winners}").replace(
        "Bo", "{0}").replace("Cy", "{1}}").replace("Di", "{{")


ADDRESSED = [
    ("machine", 0, ("beginner", "beginner"), {"max_rounds": 3},
     "After 3 rounds You have the fewest cubes left and win."),
    ("cube-farm", 0, ("beginner", "beginner"), {"hands": 1},
     "You win with 13 points after 1 hand."),
    ("cube-farm", 1, ("beginner", "beginner"), {"hands": 1},
     "Ana and You share the win with 5 points after 1 hand."),
    ("machiavelli", 0, ("beginner", "standard"), {"variant": "manipulation"},
     "You laid every card and won."),
]


@pytest.mark.parametrize(("game_id", "seed", "seats", "options", "line"), ADDRESSED)
def test_a_sole_winner_spoken_to_takes_the_plural_verb(
        game_id: str, seed: int, seats: tuple[str, ...], options: dict[str, object],
        line: str) -> None:
    """The app's player is "You": "You win", never "You wins"; another seat addressed
    changes nothing."""
    outcome = play_seeded(game_id, seed, seats, options).outcome
    assert outcome_text(outcome, ["Ana", "You"], addressed=[1]) == line
    assert outcome_text(outcome, ["Ana", "You"], addressed=[0]) == line.replace(
        " have ", " has ").replace(" win.", " wins.").replace("You win ", "You wins ")


def test_a_solitaire_end_needs_no_name() -> None:
    game = get_game("perpetual-motion")
    lines = set()
    for seed in range(60):
        state = game.new_game(game.default_config(), random.Random(seed))
        while not game.is_over(state):
            state = game.apply(state, game.legal_actions(state)[0])
        out = game.outcome(state)
        assert out is not None
        line = outcome_text(out, ["Ana"])
        if out.details["won"]:
            r = state.round
            assert line == f"Every card is discarded, in {r} round{'s' if r != 1 else ''}."
        else:
            n = state.loop_length
            every = "every round" if n == 1 else f"every {n} rounds"
            assert line == (f"Loops {every} from round "
                            f"{state.loop_start}. ({state.round} rounds played until the "
                            "repeat was found.)")
        lines.add(line.split()[0])
    assert lines == {"Every", "Loops"}
