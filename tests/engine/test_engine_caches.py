"""What a game remembers lives on its instance and can never give a stale answer."""

from __future__ import annotations

import random

from engine.games.cube_farm.rules import CubeFarm, Place
from engine.games.machiavelli.rules import Machiavelli
from engine.games.machine.rules import Machine


def _played(game: object, steps: int, seed: int = 3) -> object:
    g: object = game
    state = g.new_game(g.default_config(), random.Random(seed))  # type: ignore[attr-defined]
    rng = random.Random(seed)
    for _ in range(steps):
        state = g.apply(state, rng.choice(g.legal_actions(state)))  # type: ignore[attr-defined]
    return state


def test_a_changed_board_is_not_replayed_from() -> None:
    game = CubeFarm()
    steps = 12
    while not any(isinstance(a, Place) for a in game.legal_actions(_played(game, steps))):
        steps += 1
    data = game.state_to_dict(_played(game, steps))
    loaded = game.state_from_dict(data)
    place = next(a for a in game.legal_actions(loaded) if isinstance(a, Place))
    loaded.board.place(place.card, place.x, place.y, place.rot)  # spoil the remembered table
    again = game.state_from_dict(data)
    fresh = CubeFarm().state_from_dict(data)
    assert game.view(again, 0).to_dict() == game.view(fresh, 0).to_dict()
    assert len(again.board.placements) == len(loaded.board.placements) - 1


def test_instances_remember_apart() -> None:
    for cls, steps in ((Machine, 30), (Machiavelli, 20)):
        one, two = cls(), cls()
        a, b = _played(one, steps, 1), _played(two, steps, 2)
        assert one.legal_actions(a) == cls().legal_actions(a)  # type: ignore[arg-type]
        assert two.legal_actions(b) == cls().legal_actions(b)  # type: ignore[arg-type]
        assert one.legal_actions(b) == cls().legal_actions(b)  # type: ignore[arg-type]
