"""The soak run in CI: a few seeded games of every game with every invariant at every step.

``scripts/soak.py --games 10000`` is the long run; here each game gets a few soak games
(random player counts, options, and a mix of random players and computer levels), the first
steps of some more, and the script itself is run once, in this process and with workers.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from engine.registry import get_game, playable_ids
from engine.soak import RANDOM, InvariantBroken, check_refused, random_legal, soak_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = playable_ids()

# (whole games, games checked for their first steps, steps): sized so the file takes ~20 s
PLAN: dict[str, tuple[int, int, int]] = {
    "perpetual-motion": (2, 0, 0),
    "machiavelli": (2, 2, 60),
    "machine": (4, 0, 0),
    "cube-farm": (1, 3, 30),
}


def _script() -> Any:
    spec = importlib.util.spec_from_file_location("soak_script", ROOT / "scripts" / "soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game_id", GAMES)
def test_soak_games_keep_every_invariant(game_id: str) -> None:
    whole, partial, steps = PLAN.get(game_id, (2, 0, 0))
    results = [soak_game(game_id, seed) for seed in range(whole)]
    results += [soak_game(game_id, seed, stop_after=steps)
                for seed in range(100, 100 + partial)]
    for r in results:
        assert r.failure is None, (f"{game_id} soak seed {r.seed} step {r.failure_step}: "
                                   f"{r.failure} (replay: scripts/soak.py --game {game_id} "
                                   f"--seed {r.seed} --games 1)")
        assert r.steps > 0
    assert all(r.finished for r in results[:whole])


def test_machiavelli_computers_play_a_whole_soak_game() -> None:
    """Computers alone finish a soak game too."""
    r = soak_game("machiavelli", 3, seats=["beginner", "standard"],
                  config=get_game("machiavelli").config_from_dict(
                      {"players": 2, "variant": "manipulation"}))
    assert r.failure is None and r.finished, r.failure


def test_random_players_pick_a_kind_of_action_first() -> None:
    """A random player picks a kind of action, then one of that kind: in Machiavelli it
    ends its turn now and then instead of taking only rearranging steps (of which there are
    hundreds), and every action it picks is legal."""
    game = get_game("machiavelli")
    state = game.new_game(game.default_config(2), random.Random(2))
    legal = game.legal_actions(state)
    rng = random.Random(0)
    picks = [random_legal(legal, rng) for _ in range(600)]
    assert all(a in legal for a in picks)
    kinds = Counter(type(a) for a in picks)
    assert len(kinds) == len({type(a) for a in legal})
    assert min(kinds.values()) > 600 / len(kinds) / 2
    assert random_legal([legal[0]], rng) == legal[0]


def test_same_seed_same_soak_game() -> None:
    a = soak_game("machine", 7, stop_after=80)
    b = soak_game("machine", 7, stop_after=80)
    assert (a.seats, a.config, a.steps, a.illegal_tried) == (b.seats, b.config, b.steps,
                                                              b.illegal_tried)
    assert RANDOM in a.seats or get_game("machine").info.bot_levels


def test_a_broken_invariant_is_reported() -> None:
    game = get_game("machine")
    state = game.new_game(game.default_config(), random.Random(1))
    legal = game.legal_actions(state)
    # pretend the first legal action is not legal: the game gives no reason to refuse it
    with pytest.raises(InvariantBroken, match="no reason"):
        check_refused(game, state, legal[0], legal[1:])


def test_script_prints_figures_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert _script().main(["--games", "2", "--game", "machine", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "machine" in out and "failures" in out and "wall time" in out


def test_script_runs_workers(capsys: pytest.CaptureFixture[str]) -> None:
    assert sys.platform != "emscripten"
    code = _script().main(["--games", "2", "--game", "perpetual-motion", "--jobs", "2",
                           "--seed", "5", "--quiet", "--json"])
    assert code == 0
    out = capsys.readouterr().out
    assert '"games": 2' in out and '"failures": []' in out
