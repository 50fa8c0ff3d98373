"""Hand-made Machiavelli positions (``start``). From tests/engine/test_machiavelli_rules.py."""

from __future__ import annotations

from collections import Counter

from engine.cards import double_deck, parse_cards
from engine.games.machiavelli.rules import GAME, MState, TableCard


def start(hand0: str, table: str = "", deck_top: str = "", players: int = 2,
          variant: str = "machiavelli", helping: str = "") -> MState:
    """A hand-made position: player 0 to move with ``hand0``; the rest of two decks elsewhere."""
    cfg = GAME.make_config(players=players, variant=variant)
    melds = [parse_cards(m) for m in table.split("|") if m.strip()]
    row = parse_cards(helping)
    left = Counter(double_deck())
    left.subtract(parse_cards(hand0))
    left.subtract(c for m in melds for c in m)
    left.subtract(row)
    left.subtract(parse_cards(deck_top))
    rest = sorted(left.elements())
    others = []
    for _ in range(players - 1):
        others.append(tuple(rest[:5]))
        rest = rest[5:]
    state = MState(config=cfg, deck=tuple(parse_cards(deck_top)) + tuple(rest),
                   hands=(tuple(sorted(parse_cards(hand0))), *others),
                   table=tuple(tuple(TableCard(c) for c in m) for m in melds),
                   start_table=tuple(tuple(m) for m in melds), helping=tuple(row), player=0)
    return GAME.state_from_dict(GAME.state_to_dict(state))  # validated
