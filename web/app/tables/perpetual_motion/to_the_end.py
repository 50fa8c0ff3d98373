"""Play to the end: the deal plays itself out at the speed setting, and the player can stop
it at any step.

A step is what one press of Deal shows: a row dealt (or the stacks gathered) with the forced
moves it causes. Each speed has its pace per step (:data:`app.settings.SPEEDS`), but a long
deal (a lost one takes some 400 steps) must still end in seconds, so the pace quickens to fit
the rest of the deal into the speed's limit; Instant plays it at once.
"""

from __future__ import annotations

import asyncio
import math
import time
from typing import Protocol

from app.page import Page
from app.settings import PACE, SPEEDS, pace
from app.table import Event, Host
from app.tables.perpetual_motion import session as pm
from app.tables.perpetual_motion.session import Session
from engine.games.perpetual_motion.rules import GAME, Deal, Move, PMAction, PMState

ROW_STAGGER_MS = 70  # between the four cards of a row
TO_THE_END_S = {"slow": 20.0, "normal": 10.0, "fast": 4.0}  # the longest the rest may take
FRAME_S = 0.15  # the shortest time between two redraws: quicker steps share a redraw
BREATHE_S = 0.01  # the longest stretch of work before the page's events get their turn
FLIGHT_STEP_S = 0.3  # a step shown at least this long has its cards fly


def step_seconds(speed: str, steps_left: int) -> float:
    """How long one step is shown while playing to the end at ``speed`` with ``steps_left``
    steps to go: the speed's own pace, quicker when that would not end the deal within the
    speed's limit; 0 at Instant (at once)."""
    pace = SPEEDS.get(speed, SPEEDS["normal"]) / 1000
    if pace <= 0:
        return 0.0
    return min(pace, TO_THE_END_S.get(speed, TO_THE_END_S["normal"]) / max(steps_left, 1))


def speed_words(speed: str) -> str:
    """Said when the speed is chosen: what Play to the end will do."""
    if speed == "instant":
        return "Speed: Instant. Play to the end finishes the deal at once."
    limit = TO_THE_END_S.get(speed, TO_THE_END_S["normal"])
    return (f"Speed: {speed.capitalize()}. Play to the end shows the cards moving and takes "
            f"at most about {limit:g} seconds.")


class Played(Protocol):
    """What playing to the end needs of the board it plays on."""

    page: Page
    app: Host
    busy: bool  # a Deal is still moving

    @property
    def session(self) -> Session | None: ...

    def played(self, actions: list[PMAction], after: PMState | None = None) -> None:
        """The steps applied, as the table applies every move (saved)."""

    def render_board(self) -> None: ...

    def say(self, text: str, kind: str = "info") -> None: ...

    def tell(self, s: Session, text: str) -> None:
        """``text`` said after a step; at the deal's end, the end shown after it."""

    def ended(self, s: Session) -> None:
        """A deal just ended: the focus goes to its end."""


class ToTheEnd:
    """Playing the table's deal to its end; ``on`` while it plays."""

    def __init__(self, table: Played) -> None:
        self.table = table
        self.page = table.page
        self.on = False

    def start(self) -> None:
        """Play the deal on the table to its end (a Deal still moving finishes first)."""
        self.on = True
        self.table.app.spawn(self.run())

    def stop(self, _ev: Event | None = None) -> None:
        """Stop playing (Stop, Escape, or another deal's question asked)."""
        if self.on:
            self.on = False
            self.table.render_board()
            self.table.say("Stopped.")

    def change_speed(self, ev: Event) -> None:
        """The speed chosen beside Play to the end: the player's setting, kept (a deal playing
        takes it up at its next step)."""
        if ev.value in SPEEDS:
            self.table.app.settings.put(PACE, ev.value)
            self.table.app.save_settings()
            self.table.say(speed_words(ev.value))

    def playing(self, s: Session) -> bool:
        return self.on and self.table.session is s

    async def run(self) -> None:
        t = self.table
        s = t.session
        assert s is not None
        at_once = t.app.env.reduced_motion()  # reduced motion: everything is instant
        try:
            while t.busy and self.playing(s):  # a Deal still moving
                await asyncio.sleep(0.05)
            steps = await self.plan(s)
            k, speed, step_s = 0, "", 0.0
            while k < len(steps) and self.playing(s):
                if pace(t.app.settings) != speed:  # chosen now, or changed midway
                    speed = pace(t.app.settings)
                    step_s = 0.0 if at_once else step_seconds(speed, len(steps) - k)
                k = await self.frame(s, steps, k, step_s)
        finally:
            self.on = False
            if t.session is s:  # (the redraw clears the message line: said again)
                t.render_board()
                out = s.outcome
                if out is None:
                    t.say("Stopped.")
                else:
                    t.tell(s, "")  # the end, shown (the table has said it)
                t.ended(s)

    async def plan(self, s: Session) -> list[list[PMAction]]:
        """The engine's steps to the end of the deal, asked in short stretches."""
        steps: list[list[PMAction]] = []
        breath = time.perf_counter()
        for step in pm.steps_to_the_end(s):
            steps.append(step)
            if time.perf_counter() - breath >= BREATHE_S:
                await asyncio.sleep(0)
                if not self.playing(s):
                    return []
                breath = time.perf_counter()
        return steps

    async def frame(self, s: Session, steps: list[list[PMAction]], k: int, pace: float) -> int:
        """Play the steps one redraw shows, from ``steps[k]``, each shown ``pace`` seconds (0:
        at once), then wait out their time; returns the index of the next step."""
        t = self.table
        start = time.perf_counter()
        first = k
        state, done = s.state, []  # the steps of this redraw, applied as one move
        if pace <= 0:  # at once: work in short stretches, redraw every FRAME_S
            breath = start
            while k < len(steps) and time.perf_counter() - start < FRAME_S:
                for action in steps[k]:
                    state = GAME.apply(state, action)
                    done.append(action)
                k += 1
                if time.perf_counter() - breath >= BREATHE_S:
                    await asyncio.sleep(0)
                    if t.session is not s:
                        return len(steps)
                    if not self.on:
                        break
                    breath = time.perf_counter()
        elif pace >= FLIGHT_STEP_S:  # one step a redraw, slow enough to follow its cards
            state = self.step(s, steps[k])
            done = steps[k]
            k += 1
        else:
            for step in steps[k:k + math.ceil(FRAME_S / pace)]:
                for action in step:
                    state = GAME.apply(state, action)
                    done.append(action)
                k += 1
        t.played(done, state)
        if t.session is not s:  # another tab's newer game is shown instead
            return len(steps)
        if s.over:  # not "playing" in the redraw that shows the end (the table said it)
            self.on = False
        t.render_board()
        self.page.flush()
        await asyncio.sleep(max(0.0, (k - first) * pace - (time.perf_counter() - start)))
        return k

    def step(self, s: Session, step: list[PMAction]) -> PMState:
        """The state one step leads to, its cards sent flying to where the next redraw puts
        them: the row from the deck, one card after another, and each moved card from where it
        lay."""
        from_deck: list[str] = []
        moved: list[str] = []
        state = s.state
        for action in step:
            before = GAME.view(state, 0)
            if isinstance(action, Move) and before.stacks[action.src]:
                name = str(before.stacks[action.src][-1])
                if name not in from_deck and name not in moved:
                    moved.append(name)
            state = GAME.apply(state, action)
            if isinstance(action, Deal):
                after = GAME.view(state, 0)
                from_deck = ([str(after.discarded[-1])]
                             if len(after.discarded) > len(before.discarded)
                             else [str(st[-1]) for st in after.stacks if st])
        for k, name in enumerate(from_deck):
            self.page.flight(name, "#pm-deck", k * ROW_STAGGER_MS)
        for name in moved:
            self.page.flight(name)
        return state
