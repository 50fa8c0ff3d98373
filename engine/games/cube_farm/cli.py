"""Cube Farm's own commands: ``python -m engine cube-farm deck|stats ...``.

``deck`` lists this edition's cards and design counts; ``stats`` gives the score figures of
one-hand games played by one computer level (the rules page's table). Seeded games and
tournaments are the shared commands (``python -m engine play|tournament cube-farm``,
:mod:`engine.cli`).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
from collections.abc import Sequence

from engine.errors import ParseError
from engine.games.cube_farm.bots import LEVELS, make_bot
from engine.games.cube_farm.deck import CARDS, DECK_IDS, DESIGN_COUNTS, card_name, item_counts
from engine.games.cube_farm.rules import GAME, CFConfig, CFState


def play_game(levels: Sequence[str], seed: int, hands: int = 0) -> CFState:
    """One game between the given levels (seat order), dealt and decided as ``stats`` has
    always played its hands: shuffled by ``random.Random(seed)``, every computer choosing with
    one generator for the game (not a seated game's deal, so the rules page's figures stay
    the ones its command gives)."""
    config = CFConfig(players=len(levels), hands=hands)
    state = GAME.new_game(config, random.Random(seed))
    rng = random.Random(f"bots:{seed}")
    bots = [make_bot(lv) for lv in levels]  # every seat its own
    while (who := GAME.current_player(state)) is not None:
        action = bots[who].choose(GAME.view(state, who), GAME.legal_actions(state), rng)
        state = GAME.apply(state, action)
    return state


def hand_stats(level: str, players: int, hands: int, seed: int) -> str:
    """Score figures over ``hands`` one-hand games of ``players`` copies of ``level``."""
    per_player: list[float] = []
    cubicles = 0
    cub_scores: list[int] = []
    negative = 0
    stones = 0
    cards_on_table: list[int] = []
    for h in range(hands):
        state = play_game([level] * players, seed + h, hands=1)
        per_player.extend(state.history[-1])
        cards_on_table.append(len(state.board.placements))
        for sc in state.board.scores():
            cubicles += 1
            stones += sc.stones
            cub_scores.append(sc.total)
            negative += any(b.value < 0 for b in sc.bonuses)
    lines = [
        f"{hands} hands, {players} x {level}, seed {seed}:",
        f"  score per player per hand: mean {statistics.fmean(per_player):.1f}, "
        f"median {statistics.median(per_player):.0f}, range {min(per_player):.0f} to "
        f"{max(per_player):.0f}",
        f"  claimed cubicles per player per hand: {cubicles / (hands * players):.1f} "
        f"({stones / max(1, cubicles):.2f} stones each)",
        f"  score per claimed cubicle: mean {statistics.fmean(cub_scores):.2f}, "
        f"max {max(cub_scores)}; {100 * negative / max(1, cubicles):.0f} % lose points to a "
        "Receptionist or Vice President",
        f"  cards on the table at the end: {statistics.fmean(cards_on_table):.0f}",
    ]
    return "\n".join(lines)


def cli_main(argv: list[str]) -> int:
    """``python -m engine cube-farm deck|stats``."""
    p = argparse.ArgumentParser(prog="python -m engine cube-farm",
                                description="Cube Farm's own commands (besides play and "
                                            "tournament).")
    sub = p.add_subparsers(dest="cmd", required=True)
    sub.add_parser("deck", help="print the deck list and design counts")
    st = sub.add_parser("stats", help="score figures of hands played by one computer level")
    st.add_argument("--level", default="standard", choices=sorted(LEVELS))
    st.add_argument("--players", type=int, default=2, help="seats, 2 to 5 (default 2)")
    st.add_argument("--hands", type=int, default=100,
                    help="one-hand games to play (default 100)")
    st.add_argument("--seed", type=int, default=1,
                    help="deal number of the first hand; hand h plays seed + h (default 1)")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if args.cmd == "deck":
        for cid, (top, bottom) in CARDS.items():  # with the name the app's hand shows
            print(f"{cid:4} {top:16} | {bottom:16} {card_name(cid)}")
        print(json.dumps({"cards_in_deck": len(DECK_IDS), **DESIGN_COUNTS,
                          "items": dict(item_counts())}, indent=1))
        return 0
    if not 2 <= args.players <= 5 or args.hands < 1:
        raise ParseError("--players must be 2 to 5 and --hands at least 1")
    print(hand_stats(args.level, args.players, args.hands, args.seed))
    return 0
