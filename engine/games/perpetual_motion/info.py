"""Perpetual Motion as the registry lists it: read without importing its rules."""

from __future__ import annotations

from engine.protocol import GameInfo

INFO = GameInfo(
    id="perpetual-motion",
    name="Perpetual Motion",
    pitch="A solitaire of forced moves: clear the deck, or watch it loop forever.",
    min_players=1,
    max_players=1,
    description=(
        "Deal rows of four, let matching ranks slide left, and find out whether this deal "
        "clears all 52 cards or cycles forever."
    ),
    rules_page="rules.md",
    available=True,
)
