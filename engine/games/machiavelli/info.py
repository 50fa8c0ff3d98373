"""Machiavelli as the registry lists it: read without importing its rules (only what a
meld is, for the ace's choices)."""

from __future__ import annotations

from engine.games.machiavelli.melds import ACE_NAMES, ACE_OPTIONS
from engine.protocol import GameInfo, OptionInfo

INFO = GameInfo(
    id="machiavelli",
    name="Machiavelli",
    pitch="Rummy with two decks where the whole table can be rearranged.",
    min_players=2,
    max_players=8,
    description=("Lay melds from your hand, rebuilding everything already on the table; "
                 "the first to empty their hand wins."),
    rules_page="rules.md",
    available=True,
    bot_levels=("beginner", "standard", "strong"),
    options=(
        OptionInfo("variant", "Variant", "choice", "machiavelli",
                   choices=(("machiavelli", "Machiavelli (15 cards each)"),
                            ("manipulation", "Manipulation (7 cards each)"),
                            ("helping", "Helping cards (6 each, 4 face up)"))),
        OptionInfo("hand_size", "Cards in each hand", "int", 0, min=3, max=15,
                   zero="usual for the variant",
                   help=("Empty (or 0): the variant's usual number (15, or 13/11/10 with "
                         "6/7/8 players; 7 in Manipulation; 6 with helping cards); else 3 to "
                         "15.")),
        OptionInfo("ace", "Ace", "choice", "both",
                   choices=tuple((a, ACE_NAMES[a][:1].upper() + ACE_NAMES[a][1:])
                                 for a in ACE_OPTIONS),
                   help="Where an ace may stand in a run."),
        OptionInfo("match_limit", "Match limit", "int", 0, min=1, max=10000,
                   zero="one hand",
                   help=("Empty (or 0): one hand. Else hands are played until somebody has "
                         "this many penalty points; the fewest points win.")),
    ),
)
