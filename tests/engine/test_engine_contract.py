"""The game protocol's answers must not be trivially true (a check that cannot fail checks
nothing): a hidden-card redeal must deal something anew, the full set must come from the
rules and not from the state checked, a missing card must show, the soak's tuning must be
the game's, levels are listed once, the rules never import the bots, and the engine's own
modules name no game. Every registered game is checked, the test suite's sample game too.
"""

from __future__ import annotations

import ast
import dataclasses
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sample import SAMPLE_ID, registered

from engine.protocol import Outcome, outcome_text
from engine.registry import get_game, playable_ids
from engine.seats import deal_seeded, play_seeded
from engine.soak import InvariantBroken, check_conserved, full_set, random_config

ROOT = Path(__file__).resolve().parents[2]
GAMES = [*playable_ids(), SAMPLE_ID]


@pytest.fixture(autouse=True, scope="module")
def _sample_game() -> Iterator[None]:
    with registered():
        yield


def _states(game: Any, seeds: range, steps: int = 60) -> Iterator[Any]:
    """States of short random playouts, every player count the game allows at its ends."""
    for players in sorted({game.info.min_players, game.info.max_players}):
        for seed in seeds:
            rng = random.Random(seed)
            state = game.new_game(game.default_config(players), random.Random(seed))
            for _ in range(steps):
                yield state
                legal = game.legal_actions(state)
                if not legal:
                    break
                state = game.apply(state, rng.choice(legal))


@pytest.mark.parametrize("game_id", GAMES)
def test_redeal_hidden_deals_something_anew(game_id: str) -> None:
    """A redeal that gave the state back (or drew only a new seed) would make the view check
    vacuous: it must move hidden cards at least sometimes, and keep every card. A game whose
    players see everything must say so (``has_hidden = False``)."""
    game = get_game(game_id)
    rng = random.Random(1)
    moved = 0
    for state in _states(game, range(3)):
        for p in range(game.config_of(state).players):
            other = game.redeal_hidden(state, p, rng)
            assert game.conserved(other) == game.conserved(state)
            a, b = game.state_to_dict(state), game.state_to_dict(other)
            moved += any(a[k] != b[k] for k in a if k != "seed")
    if game.has_hidden:
        assert moved, f"{game_id}: redeal_hidden never dealt a hidden card anew"
    else:
        assert moved == 0, f"{game_id}: declares nothing hidden but redeals"


def _without_one(game: Any, state: Any) -> Any:
    """``state`` with one thing taken away: the first card of the first flat field of cards,
    else one from the first field of counts (heaps of stones)."""
    have = game.conserved(state)
    for f in dataclasses.fields(state):
        v = getattr(state, f.name)
        if not isinstance(v, tuple) or not v:
            continue
        if all(str(x) in have for x in v):
            return dataclasses.replace(state, **{f.name: v[1:]})
        if all(type(x) is int for x in v) and any(v):
            i = next(i for i, x in enumerate(v) if x > 0)
            return dataclasses.replace(state, **{f.name: (*v[:i], v[i] - 1, *v[i + 1:])})
    raise AssertionError(f"{game.info.id}: found nothing to take away from a fresh deal")


@pytest.mark.parametrize("game_id", GAMES)
def test_full_set_comes_from_the_rules_and_a_missing_card_shows(game_id: str) -> None:
    game = get_game(game_id)
    for players in sorted({game.info.min_players, game.info.max_players}):
        config = game.default_config(players)
        for seed in range(3):
            state = deal_seeded(game, config, seed)
            assert full_set(game, state) == game.full_set(config) == game.conserved(state)
            damaged = _without_one(game, state)
            assert game.conserved(damaged) != game.conserved(state)
            # the soak's full set of the damaged state is still the box's contents
            assert full_set(game, damaged) == game.full_set(config)
            with pytest.raises(InvariantBroken, match="not conserved"):
                check_conserved(game, damaged)


@pytest.mark.parametrize("game_id", GAMES)
def test_soak_tuning_is_the_games(game_id: str) -> None:
    game = get_game(game_id)
    profile = game.soak
    assert 0.0 <= profile.random_seats <= 1.0
    ints = {o.id for o in game.info.options if o.kind == "int"}
    assert set(profile.option_values) <= ints, "tuning names an option the game lacks"
    rng = random.Random(0)
    for _ in range(40):
        config = random_config(game, rng).to_dict()
        for key, values in profile.option_values.items():
            assert config[key] in values


@pytest.mark.parametrize("game_id", GAMES)
def test_levels_are_listed_once_and_every_seat_gets_a_new_bot(game_id: str) -> None:
    game = get_game(game_id)
    a, b = game.bots(), game.bots()
    assert tuple(a) == game.info.bot_levels
    assert all(a[k] is not b[k] for k in a)
    if len(a) > 1:  # the levels must be the declared ones, in order
        with pytest.raises(ValueError):
            game.use_bots({level: lambda: None for level in reversed(game.info.bot_levels)})


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
            out |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def test_rules_never_import_the_bots() -> None:
    """Bots import rules, never the reverse: only a game's package (which wires them in
    with ``use_bots``), its command line and its bots module may name a bots module."""
    games = ROOT / "engine" / "games"
    for path in [*games.rglob("*.py"), *(ROOT / "tests" / "sample").rglob("*.py")]:
        if path.name in ("__init__.py", "bots.py", "cli.py"):
            continue
        named = [m for m in _imports(path) if m.split(".")[-1] == "bots" or ".bots." in m]
        assert not named, f"{path.relative_to(ROOT)} imports {named}"


def test_the_engine_names_no_game() -> None:
    out = subprocess.run([sys.executable, "-m", "scripts.count_game_names"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    engine = [line for line in out.splitlines() if line.split()[-1].startswith("engine/")]
    assert engine == [], "\n".join(engine)


def test_outcome_text_fills_in_names_as_written() -> None:
    o = Outcome((1, 2), "Player 2 and Player 3 win.", text="{winners} beat {0}.")
    assert outcome_text(o, ["Ana", "Bo", "Cy"]) == "Bo and Cy beat Ana."
    # a name that looks like a template is a name
    assert outcome_text(o, ["{winners}", "{0}", "{1}}"]) == "{0} and {1}} beat {winners}."
    assert outcome_text(Outcome((), "Nobody won."), ["Ana"]) == "Nobody won."


@pytest.mark.parametrize("game_id", GAMES)
def test_every_end_has_a_template_over_the_seats(game_id: str) -> None:
    game = get_game(game_id)
    levels = game.info.bot_levels
    if not levels:
        pytest.skip("no computer players to play a game to its end")
    n = game.info.min_players
    result = play_seeded(game_id, 2, [levels[0]] * n)
    o = result.outcome
    assert o.text
    names = [f"{{{i}}}<{i}>" for i in range(n)]
    line = outcome_text(o, names)
    for w in o.winners:
        assert names[w] in line
