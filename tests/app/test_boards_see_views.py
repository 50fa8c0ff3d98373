"""Every board draws from a seat's view and answers a tap from it (issue 44): handed only a
:class:`app.board.Seen` (one seat's view and the table's declared facts), for every game, in
every kind of session — the person to move, a pass-and-play seat not to move, a guest's phone
(no trial of actions: the host decides), a watched game, a replay's earlier step — each board
draws its table and answers every tap its table offers without reaching the game through its
core, and writes nothing into it: the core it holds refuses the match, the shown game and the
seats, and any write, for the whole run.
"""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest
from app.messages import Event
from app.seated.local import MatchSession
from app.seen import Redrawn, Seen
from helpers.shell import boot, run_async, settle

from engine.registry import all_games

GAMES = [g.id for g in all_games() if g.available]
# what a board could read the whole game through, on its core
WHOLE = frozenset({"shown", "match", "guided", "watching", "person_to_move", "since_states",
                   "viewer", "covered", "visiting", "phones", "history", "keeping", "saves"})
# a board whose own taps play its game (Perpetual Motion's Deal and Play to the end, its own
# animated steps of the deal on the table): they move the game, not only what is looked at
PLAYS_ITSELF = frozenset({"perpetual-motion"})
ACTION = re.compile(r'data-action="([^"]+)"((?:\s+data-[a-z-]+="[^"]*")*)')
DATA = re.compile(r'data-([a-z-]+)="([^"]*)"')


class SeenOnly:
    """A board's core that answers everything but the game itself."""

    def __init__(self, core: Any) -> None:
        object.__setattr__(self, "_core", core)

    def __getattr__(self, name: str) -> Any:
        if name in WHOLE:
            raise AssertionError(f"the board reached the whole game through its core: {name}")
        return getattr(object.__getattribute__(self, "_core"), name)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AssertionError(f"the board wrote into its core: {name}")


def taps_in(html: str) -> list[Event]:
    """The taps a drawn board offers: every ``data-action`` with its ``data-*``."""
    out = []
    for action, rest in ACTION.findall(html):
        data = {k.replace("-", "_"): v for k, v in DATA.findall(rest) if k != "testid"}
        out.append(Event("click", action=action, data=data))
    return out


def kinds(core: Any, m: Any, seat: int, rng: random.Random
          ) -> list[tuple[str, Seen[Any, Any, Any]]]:
    """The seat's Seen as each kind of session hands it to the board."""
    local = MatchSession(core, m)
    person = local.seen_at(seat, True)
    earlier = m.start if m.start is not None else m.state
    return [
        ("person", person),
        ("pass-and-play seat", local.seen_at(seat, False)),
        ("guest's phone", replace(person, trial=None)),
        ("watched", replace(local.seen_at(seat, False), watch=True)),
        ("replay", local.seen_at(seat, False, state=earlier,
                             marked=core.board.marker.marks(earlier, m.state))),
    ]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_board_draws_and_answers_from_a_seats_view_alone(game_id: str) -> None:
    async def run() -> None:
        app, _page, _env = boot(address=f"#/{game_id}")
        await settle(app)
        core: Any = app.tables[game_id]
        m = core.shown
        assert m is not None
        game: Any = m.game
        board: Any = core.board
        real = board.t
        board.t = SeenOnly(real)
        rng = random.Random(f"views:{game_id}")
        drawn = tapped = looked = 0
        try:
            for _ in range(25):
                if m.over:
                    break
                for seat in range(len(m.setup.seats)):
                    board.t = real  # the table's facts and marks are the core's to work out
                    sessions = kinds(core, m, seat, rng)
                    board.t = SeenOnly(real)
                    for kind, seen in sessions:
                        assert seen.view == game.view(seen_state(m, kind), seat)
                        html, dock = board.draw(seen)
                        drawn += 1
                        board.heard(Redrawn())  # what it says again after a redraw
                        offered = taps_in(html + dock)
                        for ev in rng.sample(offered, k=min(4, len(offered))):
                            if ev.action in core.actions and ev.action not in board.taps.actions:
                                continue  # the core's own taps (Undo, Share…), not the board's
                            board.tap(seen, ev)
                            tapped += 1
                            own = board.taps.actions.get(ev.action)
                            if own is not None and game_id not in PLAYS_ITSELF and (
                                    "hint" not in ev.action):
                                board.ui = board.fresh_ui()
                                board.draw(seen)
                                own(ev)  # a look around, answered from what it drew
                                looked += 1
                        board.ui = board.fresh_ui()  # a tap's UI is not kept here
                legal = game.legal_actions(m.state)
                m.apply_all([rng.choice(legal)])
        finally:
            board.t = real
        assert drawn >= 25 and tapped > 0
        assert looked > 0 or game_id in PLAYS_ITSELF or not board.taps.actions
    run_async(run())


def seen_state(m: Any, kind: str) -> Any:
    return (m.start if m.start is not None else m.state) if kind == "replay" else m.state
