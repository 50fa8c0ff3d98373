"""Seated games (engine.seats): the command line and the app's step-by-step play agree.

A watch link in the app plays a seeded game one action at a time with ``deal_seeded``,
``make_bots`` and ``choose``; ``python -m engine play GAME --json`` plays it with
``play_seeded``. These tests check that both give the same game and that the set-up options
the app shows are the keys ``config_from_dict`` reads (the command line's own tests, bad input
included: test_cli.py).
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest

from engine.__main__ import main
from engine.errors import IllegalAction, InvalidConfig
from engine.registry import get_game
from engine.seats import (
    LazyLegal,
    PlayResult,
    bot_rng,
    choose,
    config_options,
    deal_seeded,
    make_bots,
    parse_options,
    play_seeded,
    seated_config,
)

# Small games: (game, seed, seats, options, the same options as command-line flags).
CASES: dict[str, tuple[int, tuple[str, ...], dict[str, object], list[str]]] = {
    "machiavelli": (3, ("strong", "standard"), {"variant": "manipulation", "hand_size": 7},
                    ["--variant", "manipulation", "--hand-size", "7"]),
    "machine": (3, ("beginner", "standard"), {"max_rounds": 20}, ["--max-rounds", "20"]),
    "cube-farm": (3, ("strong", "beginner"), {"hands": 1}, ["--hands", "1"]),
}
SEATED = tuple(CASES)


@cache
def _played(game_id: str) -> PlayResult:
    seed, seats, options, _ = CASES[game_id]
    return play_seeded(game_id, seed, seats, options)


def _as_json(data: dict[str, Any]) -> Any:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("game_id", SEATED)
def test_cli_json_is_play_seeded(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    seed, seats, _, flags = CASES[game_id]
    argv = ["play", game_id, "--seed", str(seed), "--seats", ",".join(seats), *flags, "--json"]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    got = json.loads(lines[0])
    assert got == _as_json(_played(game_id).to_dict())
    assert got["game"] == game_id and got["seed"] == seed and got["seats"] == list(seats)
    assert set(got) == {"game", "seed", "seats", "options", "winners", "scores", "actions",
                        "summary", "outcome"}


@pytest.mark.parametrize("game_id", SEATED)
def test_same_seed_same_game(game_id: str) -> None:
    seed, seats, options, _ = CASES[game_id]
    again = play_seeded(game_id, seed, seats, options)
    first = _played(game_id)
    game = get_game(game_id)
    assert again.to_dict() == first.to_dict()
    assert game.state_to_dict(again.state) == game.state_to_dict(first.state)


@pytest.mark.parametrize("game_id", SEATED)
def test_step_by_step_replay_is_play_seeded(game_id: str) -> None:
    """What the app does for a watch link: deal, then choose and apply with new bots."""
    seed, seats, options, _ = CASES[game_id]
    game = get_game(game_id)
    config = seated_config(game_id, len(seats), options)
    state = deal_seeded(game, config, seed)
    bots = make_bots(game_id, seats)
    actions = 0
    while (p := game.current_player(state)) is not None:
        state = game.apply(state, choose(game, state, bots[p], seed, actions))
        actions += 1
    played = _played(game_id)
    assert actions == played.actions
    assert game.state_to_dict(state) == game.state_to_dict(played.state)
    with pytest.raises(IllegalAction):
        choose(game, state, bots[0], seed, actions)


@pytest.mark.parametrize("game_id", SEATED)
def test_resume_midway_with_new_bots_ends(game_id: str) -> None:
    """The app reloads mid-game: the saved state goes on with new bots and still ends."""
    seed, seats, options, _ = CASES[game_id]
    game = get_game(game_id)
    state = deal_seeded(game, seated_config(game_id, len(seats), options), seed)
    bots = make_bots(game_id, seats)
    actions = 0
    half = _played(game_id).actions // 2
    while actions < half:
        p = game.current_player(state)
        assert p is not None
        state = game.apply(state, choose(game, state, bots[p], seed, actions))
        actions += 1
    state = game.state_from_dict(_as_json(game.state_to_dict(state)))
    bots = make_bots(game_id, seats)
    while (p := game.current_player(state)) is not None:
        state = game.apply(state, choose(game, state, bots[p], seed, actions))
        actions += 1
        assert actions < 100_000
    assert game.outcome(state) is not None


def test_bot_rng_is_per_action() -> None:
    assert bot_rng(5, 7).random() == bot_rng(5, 7).random()
    assert bot_rng(5, 7).random() != bot_rng(5, 8).random()
    assert bot_rng(5, 7).random() != bot_rng(6, 7).random()


@pytest.mark.parametrize("game_id", SEATED)
def test_bots_are_new_per_seat_and_levels_weakest_first(game_id: str) -> None:
    game = get_game(game_id)
    assert game.info.bot_levels == ("beginner", "standard", "strong")
    assert list(game.bots()) == list(game.info.bot_levels)
    a, b = make_bots(game_id, ["strong", "strong"])
    c, = make_bots(game_id, ["strong"])
    assert a is not b and a is not c and b is not c


def test_lazy_legal_agrees_with_legal_actions() -> None:
    game = get_game("machiavelli")
    state = deal_seeded(game, seated_config("machiavelli", 2, {"variant": "manipulation"}), 1)
    legal: LazyLegal[Any, Any] = LazyLegal(game, state)
    listed = game.legal_actions(state)
    assert all(a in legal for a in listed[:20])
    assert len(legal) == len(listed) and list(legal) == listed and legal[0] == listed[0]
    after = game.apply(state, listed[0])
    later = [a for a in game.legal_actions(after) if a not in listed]
    assert all(a not in legal for a in later[:5])


def test_unknown_option_and_solitaire_refused() -> None:
    with pytest.raises(InvalidConfig, match=r"unknown option 'speed'.*variant, hand_size"):
        play_seeded("machiavelli", 1, ["standard", "standard"], {"speed": 3})
    with pytest.raises(InvalidConfig, match="unknown option 'players'"):
        seated_config("machine", 2, {"players": 3})
    with pytest.raises(InvalidConfig, match="no computer players"):
        make_bots("perpetual-motion", ["standard"])
    assert parse_options("machiavelli", {"hand_size": " 7", "variant": "helping"}) == {
        "hand_size": 7, "variant": "helping"}


@pytest.mark.parametrize("game_id", SEATED)
def test_option_defaults_round_trip(game_id: str) -> None:
    """The set-up screen's defaults give the default game; option ids are the config keys."""
    game = get_game(game_id)
    info = game.info
    assert info.options and _as_json(info.to_dict())["options"]
    ids = [o.id for o in info.options]
    for players in range(info.min_players, info.max_players + 1):
        defaults = {o.id: o.default for o in info.options}
        config = game.config_from_dict({"players": players, **defaults})
        assert config == game.default_config(players)
        assert list(config_options(config)) == ids
        assert game.config_from_dict({"players": players, **config_options(config)}) == config
    for o in info.options:
        values: list[object] = ([v for v, _ in o.choices] if o.kind == "choice"
                                else [o.min, o.max])
        for v in values:
            cfg = game.config_from_dict({"players": info.min_players, o.id: v})
            assert cfg.to_dict()[o.id] == v or (o.id == "hand_size" and v == 0)


def test_machiavelli_hand_size_zero_is_the_variants_size() -> None:
    game = get_game("machiavelli")
    sizes = {v: game.config_from_dict({"players": 2, "variant": v, "hand_size": 0}).hand_size
             for v in ("machiavelli", "manipulation", "helping")}
    assert sizes == {"machiavelli": 15, "manipulation": 7, "helping": 6}
    assert game.config_from_dict({"players": 7, "hand_size": 0}).hand_size == 11
