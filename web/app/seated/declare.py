"""What a seated game declares before it is opened (:func:`declare`), and the computers' speed
setting: this module imports nothing of the table itself nor of any game's rules."""

from __future__ import annotations

from app.guide import has_guide, learn_note
from app.kit import esc
from app.settings import Field, pace, speed_choices
from app.table import Declared
from engine.registry import game_info

SCREENS = frozenset({"deal", "setup", "watch", "daily", "stats"})


def declare(game_id: str, credit: str, scores: str = "high") -> Declared:
    """A seated game's declaration: its name from the engine's registry, the seated table's
    routes (and ``learn`` if the package has a guide), its tile, the computers' speed.
    ``credit`` may say ``{name}``; ``scores`` is "high" (points) or "low" (penalties)."""
    name = game_info(game_id).name
    learn = has_guide(game_id)
    return Declared(game_id=game_id, name=name, screens=SCREENS | ({"learn"} if learn else set()),
                    credit=credit.format(name=name), scores=scores,
                    tile=lambda rules, line: tile_actions(game_id, rules, line),
                    fields=lambda settings: (speed_field(pace(settings)),),
                    rules_note=learn_note(game_id, name) if learn else "")


def tile_actions(game_id: str, rules: str, line: str | None) -> str:
    """The home tile of a seated game: Continue (with New game) or Play and Set up; Rules."""
    gid = esc(game_id)
    if line:
        return (f'<a class="btn primary" href="#/{gid}" data-testid="continue-{gid}">'
                f'Continue <small>({esc(line)})</small></a>'
                f'<a class="btn" href="#/{gid}/setup" data-testid="setup-{gid}">'
                f'New game</a>{rules}')
    return (f'<a class="btn primary" href="#/{gid}" data-testid="play-{gid}">'
            f'Play</a><a class="btn" href="#/{gid}/setup" '
            f'data-testid="setup-{gid}">Set up</a>{rules}')


def speed_field(auto_play: str) -> Field:
    """The computers' speed, one for every seated game. Not chosen yet, it is the auto-play
    speed (``auto_play``), which paced the computers before they had a speed of their own."""
    return Field("computer_speed", "Computer speed",
                 "How long each step of a computer's turn stays in view.",
                 choices=speed_choices(), default=auto_play, shared=True)

