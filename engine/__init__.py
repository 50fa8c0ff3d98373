"""Pure-Python rules engines for four tabletop card games.

Public protocol: :mod:`engine.protocol` (Game, Outcome, GameInfo), :mod:`engine.cards`,
:mod:`engine.errors`, and the registry in :mod:`engine.registry`.
"""

from engine.cards import Card, double_deck, parse_cards, standard_deck
from engine.errors import EngineError, IllegalAction, InvalidConfig, InvalidState, ParseError
from engine.protocol import Game, GameInfo, Outcome
from engine.registry import all_games, get_game

__all__ = [
    "Card",
    "EngineError",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidConfig",
    "InvalidState",
    "Outcome",
    "ParseError",
    "all_games",
    "double_deck",
    "get_game",
    "parse_cards",
    "standard_deck",
]

__version__ = "0.1.0"
