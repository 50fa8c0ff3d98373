"""The conformance test every registered game must pass (the developers' guide, convention 8).

For each playable game: random seeded playouts that end; the same seed gives the same game;
state and view JSON round-trips; cards are conserved; the view hides exactly what
``determinize`` resamples; every player's view reads back from its JSON text
(``view_from_dict``, what a guest's phone does) and ``determinize`` of it is a possible game;
illegal actions are refused with a reason and change nothing; garbage saved games are
rejected with InvalidState. The checks themselves live in
:mod:`engine.soak`, shared with the soak run (scripts/soak.py) and the saved-game fuzz.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from sample import SAMPLE_ID, registered

from engine.errors import InvalidState, ParseError
from engine.registry import all_games, get_game, playable_ids
from engine.soak import (
    check_conserved,
    check_end,
    check_parse,
    check_public_view,
    check_refused,
    check_roundtrip,
    check_view_json,
    check_views,
    conserved,
    full_set,
    mutate_action,
    mutate_text,
    random_config,
)

GAMES = [*playable_ids(), SAMPLE_ID]  # the test suite's sample game too


@pytest.fixture(autouse=True, scope="module")
def _sample_game() -> Any:
    with registered():
        yield


MAX_STEPS = 20000


def playout(game: Any, seed: int, players: int | None = None,
            config: Any = None) -> list[tuple[Any, Any]]:
    """Play random legal actions from a seeded game (``config``: else the default one for
    ``players``); returns (state, action) pairs."""
    rng = random.Random(seed)
    if config is None:
        config = game.default_config(players)
    state = game.new_game(config, random.Random(seed))
    trail = []
    for _ in range(MAX_STEPS):
        if game.is_over(state):
            trail.append((state, None))
            return trail
        legal = game.legal_actions(state)
        assert legal, "a game that is not over must offer an action"
        action = rng.choice(legal)
        trail.append((state, action))
        state = game.apply(state, action)
    raise AssertionError(f"game did not end within {MAX_STEPS} steps")


def player_counts(game: Any) -> list[int]:
    info = game.info
    return sorted({info.min_players, info.max_players})


@pytest.mark.parametrize("game_id", GAMES)
def test_registry_metadata(game_id: str) -> None:
    game = get_game(game_id)
    info = game.info
    assert info.id == game_id
    assert info.available
    assert 1 <= info.min_players <= info.max_players
    assert info.rules_page, "every playable game has a rules page"
    assert json.loads(json.dumps(info.to_dict()))["id"] == game_id
    assert [g.id for g in all_games()][:4] == ["perpetual-motion", "machiavelli", "machine",
                                              "cube-farm"]


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_same_game(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(3):
        a = [(game.state_to_dict(s), str(x)) for s, x in playout(game, seed)]
        b = [(game.state_to_dict(s), str(x)) for s, x in playout(game, seed)]
        assert a == b


@pytest.mark.parametrize("game_id", GAMES)
def test_playouts_conserve_roundtrip_and_hide(game_id: str) -> None:
    game = get_game(game_id)
    for players in player_counts(game):
        for seed in range(6):
            trail = playout(game, 1000 * players + seed, players)
            first = game.card_multiset(trail[0][0])
            assert sum(first.values()) > 0
            full = full_set(game, trail[0][0])
            assert conserved(game, trail[0][0]) == full
            drng = random.Random(seed)
            for i, (state, action) in enumerate(trail):
                check_conserved(game, state, full)
                check_roundtrip(game, state)
                check_end(game, state)
                if i % 7 and action is not None:
                    continue  # full view checks on a sample of steps keep this quick
                check_views(game, state, game.default_config(players).players, drng, full)
                check_public_view(game, state, game.default_config(players).players, drng, full)


VIEW_STATES = 30  # states a playout checks every view of, through JSON (spread along it)


@pytest.mark.parametrize("game_id", GAMES)
def test_views_read_back_from_json(game_id: str) -> None:
    """What a guest's phone does: every player's view of states along random seeded games
    (default and random set-ups) reads back equal from its JSON text, and ``determinize``
    of it gives a possible game showing that view."""
    game = get_game(game_id)
    for seed in range(4):
        config = None if seed == 0 else random_config(game, random.Random(f"views:{seed}"))
        trail = playout(game, 500 + seed, config=config)
        stride = max(1, len(trail) // VIEW_STATES)
        players = game.config_of(trail[0][0]).players
        rng = random.Random(seed)
        for i, (state, action) in enumerate(trail):
            if i % stride == 0 or action is None:
                check_view_json(game, state, players, rng)


@pytest.mark.parametrize("game_id", GAMES)
def test_public_view_hides_every_hand(game_id: str) -> None:
    """What a big-screen table and a watcher are sent: the public view of states along random
    seeded games (default and random set-ups) is nobody's, holds no card of any hand nor the
    deck's order (dealing those again changes nothing of it), reads back equal from its JSON
    text, and ``determinize`` of it gives a possible game showing it."""
    game = get_game(game_id)
    for seed in range(4):
        config = None if seed == 0 else random_config(game, random.Random(f"public:{seed}"))
        trail = playout(game, 700 + seed, config=config)
        stride = max(1, len(trail) // VIEW_STATES)
        players = game.config_of(trail[0][0]).players
        full = full_set(game, trail[0][0])
        rng = random.Random(seed)
        for i, (state, action) in enumerate(trail):
            if i % stride == 0 or action is None:
                data = check_public_view(game, state, players, rng, full)
                for key in ("hand", "my_hand"):  # the games' own lists of a hand: empty
                    cards = data.get(key)
                    assert not isinstance(cards, list) or not cards, f"the public {key}"


@pytest.mark.parametrize("game_id", GAMES)
def test_actions_text_roundtrip_and_illegal_refused(game_id: str) -> None:
    game = get_game(game_id)
    trail = playout(game, 7)
    pool = {str(a): a for _, a in trail if a is not None}
    rng = random.Random(7)
    for state, action in trail[:400]:
        if action is not None:
            assert check_parse(game, str(action)) == action
        legal = game.legal_actions(state)
        before = game.state_to_dict(state)
        for other in list(pool.values())[:60]:
            check_refused(game, state, other, legal, before)
        for a in legal[:5]:
            other = mutate_action(a, rng)
            if other is not None:
                check_refused(game, state, other, legal, before)
            text = mutate_text(str(a), rng)
            parsed = check_parse(game, text)
            if parsed is not None:
                check_refused(game, state, parsed, legal, before)
    with pytest.raises(ParseError):
        game.parse_action("this is not an action")


def check_accepted(game: Any, restored: Any, state: Any, rng: random.Random) -> None:
    """A damaged save that was accepted is a sound state: it saves and reads back equal, keeps
    every card, offers actions exactly while it goes on, and plays on (a random legal action)."""
    check_roundtrip(game, restored)
    assert game.card_multiset(restored) == game.card_multiset(state)
    if not check_end(game, restored):
        after = game.apply(restored, rng.choice(game.legal_actions(restored)))
        assert game.card_multiset(after) == game.card_multiset(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_broken_saved_games_rejected(game_id: str) -> None:
    game = get_game(game_id)
    state = game.new_game(game.default_config(), random.Random(3))
    data = game.state_to_dict(state)
    for broken in (None, [], "x", 17, {}):
        with pytest.raises(InvalidState):
            game.state_from_dict(broken)
    rng = random.Random(5)
    for key in data:
        damaged = dict(data)
        del damaged[key]
        try:
            restored = game.state_from_dict(damaged)
        except InvalidState:
            pass
        else:
            # accepted without the key (it has a default): then it must be a sound state
            check_accepted(game, restored, state, rng)
        for junk in ("junk", -5, [["??"]], {"a": 1}):
            damaged = dict(data)
            damaged[key] = junk
            try:
                restored = game.state_from_dict(damaged)
            except InvalidState as e:
                assert str(e)
            else:
                # accepted: then it must still be a sound state
                check_accepted(game, restored, state, rng)
