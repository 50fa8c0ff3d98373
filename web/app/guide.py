"""A guided first game: a fixed deal played at the real table, one step at a time.

A :class:`Guide` is a deal (the engine state it starts from) and a list of :class:`Step`: what
to do and why, and the engine actions that complete it. The table draws the guided game as it
draws any game and hands each person's actions to :meth:`GuideRun.check` before applying them:
anything but the step's next action is refused with a gentle "Not quite." and the whole step
said again, the game left as it was and nothing of the wrong try kept picked
(:func:`guided_tap`), so that doing what the step says then works. A step with no action of
the player's is read and closed with Next; the actions of a computer's turn are played by the
guide itself when the player taps Next. Skip step plays the step's actions for the player;
Leave the guide goes back to the table.

The guided game lives in memory only: a table never writes it to its save, and never counts it
in the record (it does not call its :class:`~app.storage.GameSaves` while a guide runs). Only
"the offer was seen" is kept, under :data:`GUIDES_KEY`.

Each game's guide is its table package's ``guide`` module (``guide() -> Guide[S, A]``, in its
game's state and actions, which mypy checks its steps against); nothing here names a game.

A step names each control it asks for by its label on screen, in quotes: 'Tap “Next”.',
'tap “Three × 2”, then “Place on Three × 2”' (:func:`controls_named`; a browser test reads every
step against the page). Cards, stacks and cubicles are named by what they show, unquoted.
"""

from __future__ import annotations

import importlib
import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic

from app import tables as table_packages
from app.kit import Tap, button, esc
from app.storage import GUIDES_KEY, Store

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    # A guide is generic in its game's state and actions; where a guide's game is not said
    # (``Guide`` bare, as app.core.guiding has it, from a table package imported by name) it
    # is any game's. Defaults need typing_extensions, which only the type checker has.
    S = TypeVar("S", default=Any)
    A = TypeVar("A", default=Any)
else:
    from typing import TypeVar

    S = TypeVar("S")
    A = TypeVar("A")

U = TypeVar("U")  # a board's in-turn UI state

# a control named in a step's text: its label on screen, in curly quotes
CONTROL = re.compile(r"“([^”]+)”")
NOT_QUITE = "Not quite."


def controls_named(text: str) -> list[str]:
    """The labels of the controls ``text`` names (each in curly quotes), in order."""
    return CONTROL.findall(text)


@dataclass(frozen=True)
class Step(Generic[A]):
    """One step: ``text`` says what to do and why; ``actions`` complete it, in order (or in any
    order with ``any_order``); none: the player reads it and taps Next. ``by_guide``: the guide
    plays ``actions`` itself on Next (a computer's turn); a wrong try is answered with the whole
    ``text`` again (:meth:`GuideRun.not_quite`). ``marks``: what the table shows marked besides
    the next action (the keys its Hint marks with)."""

    text: str
    actions: tuple[A, ...] = ()
    any_order: bool = False
    by_guide: bool = False
    marks: frozenset[str] = frozenset()

    @property
    def waits(self) -> bool:
        """The step waits for the player's actions (else for Next)."""
        return bool(self.actions) and not self.by_guide


@dataclass(frozen=True)
class Guide(Generic[S, A]):
    """A guided game: the state it starts from (a fixed deal) and its steps."""

    start: S
    steps: tuple[Step[A], ...]
    done: str = "That is the whole guided game. Leave the guide to play a real one."
    # a game with seats: its seats and options as a link's query (("seats", "you,standard"),)
    query: tuple[tuple[str, str], ...] = ()


@dataclass
class GuideRun(Generic[S, A]):
    """A guided game in progress: the step reached and that step's actions still to come."""

    guide: Guide[S, A]
    k: int = 0
    left: list[A] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.left = list(self.step.actions) if self.step is not None else []

    @property
    def step(self) -> Step[A] | None:
        return self.guide.steps[self.k] if self.k < len(self.guide.steps) else None

    @property
    def over(self) -> bool:
        return self.k >= len(self.guide.steps)

    def next_action(self) -> A | None:
        """The action the player is asked for now (the one to mark), if any."""
        step = self.step
        return self.left[0] if step is not None and step.waits and self.left else None

    def expected(self) -> list[A]:
        step = self.step
        return list(self.left) if step is not None and step.waits else []

    def check(self, actions: Sequence[A]) -> str | None:
        """None when ``actions`` are what the step asks for (the table applies them, then
        :meth:`note`); else what to tell the player (nothing is applied)."""
        step = self.step
        if step is None:
            return None  # the guided game is over: the player plays it on freely
        left = list(self.left) if step.waits else []
        for a in actions:
            if a in left and (step.any_order or a == left[0]):
                left.remove(a)
            else:
                return self.not_quite()
        return None

    def not_quite(self) -> str:
        """A wrong try's answer: the whole step said again (what to do and why, and the
        control to tap), never a fragment of it; after the last step, the way on."""
        return f"{NOT_QUITE} {self.text()}"

    def note(self, actions: Sequence[A]) -> bool:
        """The table applied ``actions`` (checked, or the guide's own): True when that closed
        the step (the next one starts)."""
        for a in actions:
            if a in self.left:
                self.left.remove(a)
        step = self.step
        if step is not None and step.actions and not self.left:
            self.advance()
            return True
        return False

    def advance(self) -> None:
        self.k += 1
        step = self.step
        self.left = list(step.actions) if step is not None else []

    def to_play(self) -> list[A]:
        """What Skip step (or Next on a computer's turn) plays: the step's actions not yet
        made."""
        return list(self.left)

    def text(self) -> str:
        step = self.step
        return step.text if step is not None else self.guide.done

    def bar_html(self, game_id: str) -> str:
        """The guide's bar in the table's dock, over the message line (always in view): the
        step reached, Next (a step to read or a computer's turn), Skip step, Leave the guide."""
        n = len(self.guide.steps)
        step = self.step
        if step is None:
            count = "All done"  # short: the count and its two buttons on one row at 360
            buttons = (f'<a class="btn small primary" href="#/{esc(game_id)}" '
                       'data-testid="guide-play">Play a real game</a>'
                       + button("Again", "guide-again", cls="btn small", testid="guide-again"))
        else:
            count = f"Step {self.k + 1} of {n}"
            nxt = (button("Next", "guide-next", cls="btn small primary", testid="guide-next",
                          id_="guide-next") if not step.waits else "")
            skip = (button("Skip step", "guide-skip", cls="btn small", testid="guide-skip")
                    if step.waits else "")
            buttons = (nxt + skip + button("Leave the guide", "guide-leave", cls="btn small",
                                           testid="guide-leave"))
        return (f'<div class="guide-bar" data-testid="guide-bar" data-step="{self.k}" '
                f'data-steps="{n}" role="group" aria-label="Guided game">'
                f'<span class="guide-count">{esc(count)}</span>'
                f'<span class="guide-buttons">{buttons}</span></div>')


# --- the guides of the tables ------------------------------------------------------------------


def guide_of(game_id: str) -> Guide[Any, Any] | None:
    """The game's guide: ``guide()`` of its table package's ``guide`` module (None: none);
    the package is imported by name, so its game's types are not known here."""
    name = table_packages.module_name(game_id) + ".guide"
    try:
        module = importlib.import_module(name)
    except ImportError:
        return None
    found: Guide[Any, Any] = module.guide()
    return found


def has_guide(game_id: str) -> bool:
    import importlib.util

    try:
        return importlib.util.find_spec(table_packages.module_name(game_id) + ".guide") is not None
    except (ImportError, ValueError):
        return False


# --- the offer -----------------------------------------------------------------------------------


def dismissed(store: Store) -> set[str]:
    try:
        data = json.loads(store.get(GUIDES_KEY) or "{}")
        return {str(x) for x in data.get("dismissed", [])} if isinstance(data, dict) else set()
    except (ValueError, TypeError, AttributeError):
        return set()


def dismiss(store: Store, game_id: str) -> None:
    """The offer of this game's guide is not made again (Not now, or the guide was opened)."""
    seen = dismissed(store)
    if game_id not in seen:
        store.set(GUIDES_KEY, json.dumps({"dismissed": sorted(seen | {game_id})}))


def offer_html(game_id: str, name: str) -> str:
    """The home tile's offer, until it is dismissed: never forced."""
    gid = esc(game_id)
    return (f'<p class="guide-offer" data-testid="guide-offer-{gid}">New to {esc(name)}? '
            f'<a class="btn small" href="#/{gid}/learn" data-testid="guide-offer-go">'
            'Play a guided first game</a>'
            + button("Not now", "guide-not-now", cls="btn small", testid="guide-not-now",
                     game=game_id) + "</p>")


def learn_note(game_id: str, name: str) -> str:
    """The link to the guide under the rules page (:meth:`app.table.Table.rules_note`)."""
    return (f'<p class="guide-link"><a class="btn" href="#/{esc(game_id)}/learn" '
            f'data-testid="guide-learn">Play a guided game of {esc(name)}</a></p>')


def guided_tap(run: GuideRun[S, A] | None, tap: Tap[U, A], fresh: U) -> Tap[U, A]:
    """A board's answer to a tap, in a guided game: a tap whose actions the step does not ask
    for, or that the board refuses, is answered with the step's "Not quite." and nothing picked
    (``fresh``: the board's UI at the start of a turn; the guide marks its step on it again), so
    that a wrong try leaves nothing behind that would make the right one fail. Any other tap,
    or any tap outside a guided game or after its last step, is ``tap`` as it is."""
    if run is None or run.over:
        return tap
    if tap.actions and run.check(tap.actions) is None:
        return tap
    if not tap.actions and not (tap.refusal and tap.message):
        return tap  # picking, opening, looking: no try yet
    return Tap(fresh, (), run.not_quite(), refusal=True)


def step_on(run: GuideRun[S, A], action: str, play: Callable[[list[A]], None]) -> bool:
    """Next (``guide-next``) or Skip step (``guide-skip``): the step's actions still to come
    are played by ``play`` (the table applies them without the check and redraws), and the next
    step starts. False: the action is not one of these, or not for this step."""
    step = run.step
    if step is None or action not in ("guide-next", "guide-skip"):
        return False
    if (action == "guide-next") == step.waits:
        return False
    actions = run.to_play()
    if actions:
        play(actions)
        run.note(actions)
    else:
        run.advance()
    return True
