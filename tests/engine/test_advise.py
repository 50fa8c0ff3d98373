"""A Hint's advice is asked from the seat's view (issue 44): :func:`engine.seats.advise`, given
only the view of the player to move, takes the action :func:`engine.seats.choose` takes from the
whole state, at every level, in random seeded games of every game with computer players."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.registry import all_games, get_game
from engine.seats import advise, choose, make_bots

GAMES = [get_game(g.id) for g in all_games() if g.available and get_game(g.id).bots()]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.id)
def test_advice_from_the_view_is_the_choice_from_the_state(game: Any) -> None:
    rng = random.Random(f"advise:{game.info.id}")
    levels = list(game.bots())
    compared = 0
    for deal in range(4):
        state = game.new_game(game.default_config(), random.Random(deal))
        for actions in range(60):
            p = game.current_player(state)
            if p is None:
                break
            if actions % 7 == 0:
                level = levels[actions % len(levels)]
                chosen = choose(game, state, make_bots(game.info.id, [level])[0], deal, actions)
                advised = advise(game, game.view(state, p), make_bots(game.info.id, [level])[0],
                                 deal, actions)
                assert advised == chosen, (deal, actions, level)
                compared += 1
            state = game.apply(state, rng.choice(game.legal_actions(state)))
    assert compared >= 8
