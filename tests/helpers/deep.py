"""The thinking worker's hardest questions (``think_requests``), for the run in WebKit's worker,
whose stack is much smaller than its page's: the Machiavelli Hint on big late-game tables (60-80
cards, 14-15 cards in hand, every ace option, wrap-around included; the positions of
scripts/bench/machiavelli_big.py), and a Strong computer's choice in every game, mid-game.
From tests/xbrowser/test_webkit.py, which compares the worker's answers with CPython's."""

from __future__ import annotations

import json
import random
from collections import Counter

from engine.cards import double_deck
from engine.games.machiavelli.melds import ACE_OPTIONS
from engine.games.machiavelli.rules import GAME as MACHIAVELLI
from engine.games.machiavelli.rules import MState, TableCard, order_meld
from engine.registry import get_game, playable_ids
from engine.seats import choose, make_bots
from scripts.lib.machiavelli import random_table


def big_table(ace: str, seed: int = 1) -> MState:
    """Player 0 to move with 14-15 cards against a 60-80 card table (``ace``'s melds)."""
    rng = random.Random(f"deep:{seed}:{ace}")
    table = random_table(rng, ace)
    rest = sorted((Counter(double_deck()) - Counter(c for m in table for c in m)).elements())
    rng.shuffle(rest)
    n = rng.randint(14, 15)
    hand, other, deck = rest[:n], rest[n:n + 5], rest[n + 5:]
    cfg = MACHIAVELLI.make_config(players=2, variant="machiavelli", ace=ace)
    melds = tuple(order_meld([TableCard(c) for c in m], ace) for m in table)
    state = MState(config=cfg, deck=tuple(deck),
                   hands=(tuple(sorted(hand)), tuple(sorted(other))), table=melds,
                   start_table=tuple(tuple(tc.card for tc in m) for m in melds), helping=(),
                   player=0)
    return MACHIAVELLI.state_from_dict(MACHIAVELLI.state_to_dict(state))  # validated


def mid_game(game_id: str, steps: int = 40, seed: int = 3) -> tuple[object, int]:
    """A seeded game of Standard computers ``steps`` actions in (or its last position)."""
    game = get_game(game_id)
    state = game.new_game(game.default_config(), random.Random(seed))
    bots = make_bots(game_id, ["standard"] * game.config_of(state).players)
    n = 0
    while n < steps and not game.is_over(state):
        seat = game.current_player(state)
        action = choose(game, state, bots[seat], seed, n)
        after = game.apply(state, action)
        if game.is_over(after):
            break
        state, n = after, n + 1
    return state, n


def think_requests() -> list[str]:
    out = [json.dumps({"kind": "hint", "game": "machiavelli", "player": 0,
                       "view": MACHIAVELLI.view(big_table(ace), 0).to_dict()})
           for ace in ACE_OPTIONS]
    for game_id in playable_ids():
        game = get_game(game_id)
        if "strong" not in game.info.bot_levels:
            continue
        state, n = mid_game(game_id)
        players = game.config_of(state).players
        out.append(json.dumps({"kind": "bot", "game": game_id, "gid": f"deep-{game_id}",
                               "levels": ["strong"] * players,
                               "seat": game.current_player(state), "seed": 3, "actions": n,
                               "state": game.state_to_dict(state)}))
    return out
