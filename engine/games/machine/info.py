"""Perpetual-Motion Machine as the registry lists it: read without importing its rules."""

from __future__ import annotations

from engine.protocol import GameInfo, OptionInfo

DEFAULT_MAX_ROUNDS = 150
MAX_MAX_ROUNDS = 1000

INFO = GameInfo(
    id="machine",
    name="Perpetual-Motion Machine",
    pitch="Poker hands place cubes on a mat that makes your turns better.",
    min_players=2,
    max_players=4,
    description="Build an engine of cubes with poker hands; first to place every cube wins.",
    rules_page="rules.md",
    available=True,
    bot_levels=("beginner", "standard", "strong"),
    options=(
        OptionInfo("max_rounds", "Round limit", "int", DEFAULT_MAX_ROUNDS, min=1,
                   max=MAX_MAX_ROUNDS, zero="no limit",
                   help=("After this many rounds the player with the fewest cubes off the "
                         "mat wins; empty (or 0): no limit.")),
    ),
)
