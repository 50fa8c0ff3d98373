"""Typed errors shared by every game.

Every error the engine raises on bad input is an :class:`EngineError`, so the app and the
command line can catch one type and show its message; the subclasses say *what kind* of input
was wrong so callers can react differently (refuse a tap, reject a saved game, exit with 2).
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class: anything wrong with input given to the engine."""


class ParseError(EngineError, ValueError):
    """A text form (card, action, deck, link) could not be read."""


class IllegalAction(EngineError):
    """An action outside the legal actions of the state; the state is left as it was.

    ``reason`` is a short sentence for the player ("a forced move is pending").
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class InvalidState(EngineError, ValueError):
    """A saved state, config or view that does not describe a possible game.

    The message names the field that is wrong (``state.stacks[2][0]: ...``).
    """


class InvalidConfig(InvalidState):
    """A game configuration outside what the game supports."""
