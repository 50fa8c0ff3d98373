"""How often a guest's phone would mark "what the others did" wrongly if it worked the marks
out from its own mirror (issue 36): the Machine's public news of each step (a card taken face
up, a set played: app.tables.machine.marks.step_news) of the true states, against the same
of two mirrors, each the other seats' view determinized as a guest's phone makes it. The
guests now get the marks from the host (app.net.host), where they are the true states' own.

    .venv/bin/python -m scripts.analyse_mirror_marks [--games 30] [--players 3]

Prints the steps compared and how many a mirror would have marked otherwise.
"""

from __future__ import annotations

import argparse
import random

from app.tables.machine.marks import step_news

from engine.registry import get_game
from engine.seats import deal_seeded, seated_config


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=30)
    p.add_argument("--players", type=int, default=3)
    args = p.parse_args()
    game = get_game("machine")
    config = seated_config("machine", args.players, {})
    wrong = compared = 0
    for seed in range(args.games):
        state = deal_seeded(game, config, seed)
        rng = random.Random(seed)
        for k in range(300):
            if game.outcome(state) is not None:
                break
            after = game.apply(state, rng.choice(game.legal_actions(state)))
            true = step_news(state, after)
            for viewer in range(args.players):
                if viewer == game.current_player(state):
                    continue
                mirror = [game.determinize(game.view_from_dict(game.view(s, viewer).to_dict()),
                                           random.Random(k + i))
                          for i, s in enumerate((state, after))]
                wrong += step_news(mirror[0], mirror[1]) != true
                compared += 1
            state = after
    print(f"{compared} steps seen by another seat over {args.games} random games of "
          f"{args.players}: a mirror would mark {wrong} of them otherwise "
          f"({100 * wrong / compared:.0f} %)")


if __name__ == "__main__":
    main()
