"""Cube Farm as the registry lists it: read without importing its rules."""

from __future__ import annotations

from engine.protocol import GameInfo, OptionInfo

INFO = GameInfo(
    id="cube-farm",
    name="Cube Farm",
    pitch="Lay office floor plans, claim cubicles, score walking distances.",
    min_players=2,
    max_players=5,
    description=("Build an office one card at a time and put your employees in cubicles "
                 "near the coffee machine and far from the Vice President."),
    rules_page="rules.md",
    available=True,
    bot_levels=("beginner", "standard", "strong"),
    options=(
        OptionInfo("hands", "Hands", "int", 0, min=1, max=20, zero="one per player",
                   help=("Empty (or 0): one hand per player (four with two players); else 1 "
                         "to 20.")),
        OptionInfo("join", "Joining two players' cubicles", "choice", "no",
                   choices=(("no", "Not allowed: one owner each"),
                            ("yes", "Allowed: the bigger claim wins")),
                   help=("Whether two players' cubicles may join into one, the bigger claim "
                         "taking it. The printed rules do not say; this edition does not "
                         "allow it.")),
    ),
)
