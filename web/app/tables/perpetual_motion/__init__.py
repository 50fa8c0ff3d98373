"""Perpetual Motion's table package: what the shell shows before the game is opened
(``DECLARED``: the home tile, the settings, the rules page's note); the table (:mod:`.table`),
its screens (:mod:`.view`), the game in progress (:mod:`.session`) and the statistics panel's
simulation (:mod:`.sim`), imported when it is."""

from __future__ import annotations

from app.guide import learn_note
from app.kit import button, esc
from app.settings import PACE, Field, Settings, speed_choices
from app.table import Declared
from engine.games.perpetual_motion import INFO

PM = INFO.id
ROUND_COUNT_NOTE = (
    "Rounds are counted until the win, or until the round whose starting deck repeats an "
    "earlier one. Mark Masten's published figures count one more round for lost deals "
    "(the round that reveals the repeat)."
)


def tile_actions(rules: str, line: str | None) -> str:
    """The home tile: Continue (with New deal) or Play, and Rules (its statistics are on the
    home's Statistics page with every game's, as for every game)."""
    if line:
        play = (f'<a class="btn primary" href="#/{PM}" data-testid="continue">'
                f'Continue <small>({esc(line)})</small></a>'
                + button("New deal", "new-deal", testid="home-new-deal", game=PM))
    else:
        play = f'<a class="btn primary" href="#/{PM}" data-testid="play-{PM}">Play</a>'
    return f"{play}{rules}"


# the switch Make moves myself (view.MANUAL_LABEL), as new deals start
MANUAL = Field("manual", "Make moves myself",
               "New deals start with it on: after each deal you tap the card that must move, "
               "then the stack it goes onto.")


def settings_fields(_settings: Settings) -> tuple[Field, ...]:
    return (MANUAL, Field(PACE, "Auto-play speed",
                          "How fast Play to the end plays a deal out for you: Slow, Normal and "
                          "Fast show the cards moving, Instant finishes at once.",
                          choices=speed_choices(), default="normal"))


DECLARED = Declared(
    game_id=PM, name=INFO.name, screens=frozenset({"deal", "stats", "daily", "learn"}),
    credit=f"{INFO.name}, a solitaire by Mark Masten",
    scores="",  # a deal is won or not: no points
    tile=tile_actions, fields=settings_fields,
    rules_note=(f'<aside class="app-note"><h2>In this app</h2><p>{esc(ROUND_COUNT_NOTE)}</p>'
                f'</aside>{learn_note(PM, INFO.name)}'))
