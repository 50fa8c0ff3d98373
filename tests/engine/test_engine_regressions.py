"""Engine bugs found by the soak run (scripts/soak.py) and the saved-game fuzz
(tests/engine/test_save_fuzz.py), each pinned by the case that found it."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.errors import InvalidState, ParseError
from engine.registry import get_game

# --- action texts: str.isdigit() accepts '²' and '٣', int() refuses '²' and 5,000 digits ----


@pytest.mark.parametrize("game_id,text", [
    ("perpetual-motion", "move 4 \u00b2"),
    ("perpetual-motion", "move " + "9" * 5000 + " 1"),
    ("machiavelli", "move \u00b2 -> 2"),
    ("machiavelli", "split " + "9" * 5000),
    ("machiavelli", "lay " + "9" * 5000 + " -> new"),
    ("cube-farm", "claim " + "9" * 5000 + ",1"),
    ("cube-farm", "place C07 at " + "9" * 5000 + ",1 rot 1"),
    ("machine", "take \u00b2"),
    ("machine", "play four 7S 7H 7D 7C pile " + "9" * 5000),
])
def test_odd_digits_in_action_texts_are_parse_errors(game_id: str, text: str) -> None:
    with pytest.raises(ParseError):
        get_game(game_id).parse_action(text)


def test_usual_action_texts_still_read() -> None:
    assert str(get_game("perpetual-motion").parse_action("move 4 1")) == "move 4 1"
    assert str(get_game("machiavelli").parse_action("move 2.11 -> new")) == "move 2.11 -> new"
    cf = get_game("cube-farm")
    assert str(cf.parse_action("place c07 at 3,-2 rot 1")) == "place C07 at 3,-2 rot 1"
    assert str(cf.parse_action("claim -3,12")) == "claim -3,12"


# --- Machiavelli: a helping slot the empty draw pile could not refill ----------------------


def test_machiavelli_saves_an_unrefilled_helping_slot() -> None:
    """Soak seed 105: with 7 players of 6 cards the draw pile ran out; a helping card taken
    in the last turn left its slot empty for good, and that state could not be saved."""
    g = get_game("machiavelli")
    config = g.config_from_dict({"players": 2, "variant": "helping"})
    st = g.new_game(config, random.Random(1))
    # the draw pile is used up (here: moved into player 2's hand) and slot 4 is empty
    assert st.helping[3] is not None
    moved = (*st.hands[1], *st.deck, st.helping[3])
    st = dataclasses.replace(st, deck=(), hands=(st.hands[0], tuple(sorted(moved))),
                             helping=(*st.helping[:3], None))
    assert g.state_from_dict(g.state_to_dict(st)) == st


def test_machiavelli_still_refuses_an_empty_slot_with_cards_to_draw() -> None:
    g = get_game("machiavelli")
    config = g.config_from_dict({"players": 2, "variant": "helping"})
    st = g.new_game(config, random.Random(1))
    assert st.deck and st.helping[0] is not None
    moved = (*st.hands[1], st.helping[0])
    st = dataclasses.replace(st, hands=(st.hands[0], tuple(sorted(moved))),
                             helping=(None, *st.helping[1:]))
    with pytest.raises(InvalidState, match="empty slot"):
        g.state_from_dict(g.state_to_dict(st))


# --- Machiavelli: a finished game's winners and last hand were not checked ----------------


def _finished_machiavelli() -> dict[str, object]:
    g = get_game("machiavelli")
    st = g.new_game(g.default_config(), random.Random(2))
    rng = random.Random(1)
    while not g.is_over(st):
        st = g.apply(st, rng.choice(g.legal_actions(st)))
    data = g.state_to_dict(st)
    assert g.state_from_dict(data) == st
    return data


@pytest.mark.parametrize("field,value", [
    ("last_hand", [5]),  # one score for two players: the end screen's scores were short
    ("last_hand", []),
    ("last_hand", [0, 0]),
    ("winners", [1, 1, 0]),  # "player 2 and player 2 and player 1 won"
    ("winners", [0]),
])
def test_machiavelli_checks_a_finished_games_result(field: str, value: object) -> None:
    data = _finished_machiavelli()
    assert data["winners"] == [0, 1]  # both stuck with 52 points' worth of cards
    data[field] = value
    with pytest.raises(InvalidState):
        get_game("machiavelli").state_from_dict(data)


# --- Perpetual Motion: a looped game's loop was not checked ---------------------------------


def test_perpetual_motion_checks_the_loop_of_a_looped_game() -> None:
    g = get_game("perpetual-motion")
    st = g.new_seeded(1)
    while not g.is_over(st):
        st = g.apply(st, g.legal_actions(st)[0])
    data = g.state_to_dict(st)
    assert data["status"] == "looped" and g.state_from_dict(data) == st
    for key, delta in (("loop_length", 1), ("loop_start", -1), ("round", 1)):
        bad = dict(data)
        bad[key] = data[key] + delta
        if key == "round":
            bad["seen"] = [*data["seen"], data["seen"][-1]]
        with pytest.raises(InvalidState):
            g.state_from_dict(bad)
