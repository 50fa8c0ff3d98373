"""Nim as the registry lists it: read without importing its rules."""

from __future__ import annotations

from engine.protocol import GameInfo, OptionInfo

INFO = GameInfo(
    id="nim", name="Nim", pitch="Take the last stone.", min_players=2, max_players=2,
    description="Take one to three stones from a heap; whoever takes the last one wins.",
    rules_page="rules.md", bot_levels=("random", "perfect"),
    options=(OptionInfo("heaps", "Heaps", "int", 4, min=1, max=8),))
