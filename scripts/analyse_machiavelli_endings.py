"""How Machiavelli games between two computer players end: who let the winner go out?

    .venv/bin/python scripts/analyse_machiavelli_endings.py --a standard --b standard --games 60

For each seeded two-player game it looks at the winner's last turn and the loser's turn just
before it: if the loser laid cards then, and the winner's final hand could not have been laid
on the table as it was before that play, the loser's play is what let the winner finish. That
share is the room the strong player's guard works in (it holds cards back when an opponent is
close to going out).
"""

from __future__ import annotations

import argparse

from engine.cards import Card
from engine.games.machiavelli.bots import make_bot
from engine.games.machiavelli.rules import GAME, Draw, EndTurn, Pass
from engine.games.machiavelli.solver import can_lay
from engine.seats import choose, deal_seeded


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--a", default="standard")
    ap.add_argument("--b", default="standard")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    cfg = GAME.make_config(players=2)
    went_out = loser_laid = enabled = 0
    final_hands: list[int] = []
    for g in range(args.games):
        levels = (args.a, args.b) if g % 2 == 0 else (args.b, args.a)
        bots = [make_bot(x) for x in levels]
        seed = args.seed * 100003 + g // 2
        state = deal_seeded(GAME, cfg, seed)
        steps = 0
        turns: list[tuple[int, list[Card], tuple[Card, ...], str]] = []
        begun: tuple[int, list[Card], tuple[Card, ...]] | None = None
        while not GAME.is_over(state):
            p = state.player
            if begun is None:  # the table and hand as this turn found them
                begun = (p, [c for m in state.start_table for c in m], state.hands[p])
            action = choose(GAME, state, bots[p], seed, steps)
            steps += 1
            if isinstance(action, EndTurn | Draw | Pass):
                kind = "lay" if isinstance(action, EndTurn) else "draw"
                turns.append((*begun, kind))
                begun = None
            state = GAME.apply(state, action)
        if len(turns) < 2 or state.hands[turns[-1][0]]:
            continue  # ended by passes, not by going out
        went_out += 1
        winner, loser = turns[-1], turns[-2]
        final_hands.append(len(winner[2]))
        if loser[3] == "lay":
            loser_laid += 1
            if not can_lay(loser[1], list(winner[2]), "both"):
                enabled += 1
    print(f"{args.a} vs {args.b}: {args.games} games (seed {args.seed}), {went_out} ended by "
          "going out")
    print(f"  the loser laid cards in the turn before: {loser_laid}")
    print(f"  ... and that play let the winner go out: {enabled} "
          f"({100 * enabled / max(1, went_out):.0f} % of the games)")
    print(f"  winner's hand before going out: mean "
          f"{sum(final_hands) / max(1, len(final_hands)):.2f} cards")


if __name__ == "__main__":
    main()
