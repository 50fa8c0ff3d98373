"""What a game remembers lives on an instance (the rules object, a table, a computer player,
a solver memo), never in a module: two games in one process share no derived data, and what
is remembered can never give a stale answer."""

from __future__ import annotations

import ast
import importlib
import pkgutil
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import engine
from engine.cards import parse_cards
from engine.games.cube_farm.rules import CubeFarm, Place
from engine.games.machiavelli import bots as mbots
from engine.games.machiavelli.rules import Machiavelli
from engine.games.machiavelli.solver import SolverMemo, can_lay, max_laid, solve
from engine.games.machine import bots as machine_bots
from engine.games.machine.rules import Machine
from engine.registry import GAMES
from engine.seats import play_seeded

ENGINE = Path(engine.__file__).resolve().parent
# small seated games, one per game with computer players
SMALL: dict[str, dict[str, object]] = {"machiavelli": {"variant": "manipulation"},
                                       "machine": {"max_rounds": 12}, "cube-farm": {"hands": 1}}


def _modules() -> list[ModuleType]:
    names = ["engine", *(m.name for m in pkgutil.walk_packages([str(ENGINE)], "engine."))]
    return [importlib.import_module(n) for n in names if not n.endswith("__main__")]


def _mutable_globals() -> dict[str, int]:
    """Every module-level dict, list or set of the engine, by name, with its size."""
    out: dict[str, int] = {}
    for mod in _modules():
        for name, value in vars(mod).items():
            if isinstance(value, dict | list | set) and not name.startswith("__"):
                out[f"{mod.__name__}.{name}"] = len(value)
    return out


def test_no_module_keeps_a_cache() -> None:
    """No memoising decorator and no module-level container that starts empty (what only a
    cache filled at run time would be): derived data lives on instances."""
    found = []
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for d in node.decorator_list:
                    name = ast.unparse(d.func if isinstance(d, ast.Call) else d)
                    if name.split(".")[-1] in ("cache", "lru_cache"):
                        found.append(f"{path.name}:{node.lineno} @{name}")
        for node in tree.body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            if value is not None and ast.unparse(value) in ("{}", "[]", "set()", "dict()",
                                                            "list()"):
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    assert found == []


def test_playing_leaves_every_module_as_it_was() -> None:
    """Seeded games of every game with computer players, its solver and set evaluation
    included, change no module-level container of the engine."""
    before = _mutable_globals()
    for game_id, options in SMALL.items():
        levels = GAMES.get_game(game_id).info.bot_levels
        play_seeded(game_id, 3, [levels[-1], levels[0]], options)
    assert _mutable_globals() == before


def test_two_solver_memos_share_nothing() -> None:
    table = [parse_cards(m) for m in ("AS 2S 3S", "7H 7D 7C", "9C TC JC QC")]
    hand = parse_cards("4S 7S KD 8C KC")
    one, two = SolverMemo(), SolverMemo()
    got = solve(table, hand, "both", memo=one)
    assert two._trans == {} and two.deltas == {} and one._trans
    again = solve(table, hand, "both", memo=two)
    assert got == again == solve(table, hand, "both")  # a new memo, the same answer
    assert two._trans == one._trans and two._trans is not one._trans
    flat = [c for m in table for c in m]
    assert max_laid(flat, hand, memo=one) == max_laid(flat, hand) == got.max_cards
    assert can_lay(flat, parse_cards("4S"), memo=two) == can_lay(flat, parse_cards("4S"))


@pytest.mark.parametrize("module", [mbots, machine_bots])
def test_every_computer_player_has_its_own_memo(module: Any) -> None:
    players = [module.make_bot(level) for level in module.LEVELS for _ in range(2)]
    memos = [p.memo for p in players if hasattr(p, "memo")]
    assert len(memos) >= 4 and len({id(m) for m in memos}) == len(memos)


def test_the_strong_machine_players_look_ahead_with_their_own_memo() -> None:
    a, b = machine_bots.StrongBot(), machine_bots.StrongBot()
    assert a.policy.memo is a.memo and b.policy.memo is b.memo and a.memo is not b.memo


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
