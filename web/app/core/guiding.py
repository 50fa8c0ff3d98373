"""The guided first game, the same at every table: the run of the game's guide, its bar and
the step's text, the guide's own buttons, and the taps a guided game sets aside.

A table owns its guided game (it deals the guide's start and plays the steps); :class:`Guiding`
owns the flow around it, so that every game's guide starts, refuses, steps on and ends alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from app.guide import Guide, GuideRun, dismiss, guide_of, step_on
from app.page import Page
from app.storage import Store


class Allowing(Protocol):
    """A board's taps, as far as a guided game asks: those that only look (they pass every
    step)."""

    @property
    def guide_allows(self) -> frozenset[str]: ...


class Looking(Protocol):
    """A table's board, as far as a guided game asks: its taps."""

    @property
    def taps(self) -> Allowing: ...


class Guided(Protocol):
    """What the guide's buttons ask of the table a guided game is played at."""

    @property
    def board(self) -> Looking: ...

    def guide_play(self, actions: list[Any]) -> None:
        """Next or Skip step: the step's actions, applied for the player (not checked)."""

    def guide_stepped(self, focus: str) -> None:
        """A step was played or skipped: redraw, and put the focus on ``focus``."""

    def start_guide(self) -> None:
        """Play the guided game again from its start."""


class Guiding:
    """The guide of one game at its table: ``run`` while a guided game is played."""

    def __init__(self, page: Page, store: Store, game_id: str, go: Callable[[str], None],
                 say: Callable[[str, str], None]) -> None:
        self.page = page
        self.store = store
        self.game_id = game_id
        self.go = go
        self.say = say
        self.run: GuideRun | None = None

    def begin(self) -> Guide | None:
        """A guided game starts (None: the game has no guide): the home's offer is taken."""
        guide = guide_of(self.game_id)
        if guide is None:
            return None
        self.run = GuideRun(guide)
        dismiss(self.store, self.game_id)
        return guide

    def end(self) -> bool:
        """The guided game is left; True when one was being played."""
        was = self.run is not None
        self.run = None
        return was

    def show(self) -> None:
        """The guide's bar, and the step's text in the message line."""
        run = self.run
        if run is None:
            return
        self.page.region("guide-bar", run.bar_html(self.game_id))
        self.page.data("guideStep", str(run.k))
        self.say(run.text(), "hint")

    def not_quite(self) -> None:
        """A tap the guided game sets aside: the whole step said again (after the last step,
        the way on)."""
        if self.run is not None:
            self.say(self.run.not_quite(), "refusal")

    def refuses(self, actions: Sequence[object]) -> str | None:
        """Why the step refuses ``actions`` (None: they are the step's, or no guide runs)."""
        return self.run.check(actions) if self.run is not None else None

    def noted(self, actions: Sequence[object]) -> None:
        """The step's actions were applied: on to the next step if they closed it."""
        if self.run is not None:
            self.run.note(actions)

    def click(self, action: str, table: Guided, lets_by: Callable[[str], bool],
              next_focus: str) -> bool:
        """A tap during a guided game. True: taken care of here (the guide's own buttons, or
        a tap set aside); False: no guide runs, or a tap ``lets_by`` lets through.
        ``next_focus``: where the focus goes after a step that waits for the player."""
        run = self.run
        if run is None:
            return False
        if action in ("guide-next", "guide-skip"):
            if step_on(run, action, table.guide_play):
                step = run.step
                table.guide_stepped("guide-next" if step is not None and not step.waits
                                    else next_focus)
            return True
        if action == "guide-leave":
            self.go(f"#/{self.game_id}")
            return True
        if action == "guide-again":
            table.start_guide()
            return True
        step = run.step
        # a step to read, or a computer's turn the guide plays on Next: only looking passes
        # (a tap on the board would only be refused, by the step or as not the player's turn)
        allows = table.board.taps.guide_allows
        reading = step is not None and not step.waits and action not in allows
        if reading or not lets_by(action):
            self.not_quite()
            return True
        return False
