"""The one protocol every game implements, and the values it speaks in.

Modelled on OpenSpiel and boardgame.io:

* states, actions, configs and views are immutable values with a JSON text form;
* :meth:`Game.legal_actions` is the single source of truth: the UI highlights from it, the
  computer players choose from it, and :meth:`Game.apply` refuses anything outside it with an
  :class:`~engine.errors.IllegalAction` that carries a reason for the player;
* randomness comes only from a ``random.Random`` passed in (or an explicit card order), so a
  seed reproduces a whole game; states keep no generator, only plain data;
* :meth:`Game.view` is what one player may see; computer players get only that, and
  :meth:`Game.determinize` turns a view back into a full state by sampling the hidden cards
  (what Monte-Carlo players need; the conformance test checks that it hides nothing more and
  nothing less than the view);
* :meth:`Game.public_view` is what every seat may see (no hand, the deck order hidden): a view
  of seat :data:`PUBLIC`, for a table shown on a big screen and a watcher's phone.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from engine.errors import IllegalAction, InvalidState

JSONDict = dict[str, Any]

# the seat of the public view (:meth:`Game.public_view`): nobody's, so no hand is in it
PUBLIC = -1


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    ``winners`` lists player indices (empty when nobody won, e.g. a solitaire that loops or a
    game where everybody is stuck); ``scores`` is per player when the game scores;
    ``summary`` is one sentence for the command line; ``details`` is game-specific plain data
    (e.g. ``loop_start``). ``text`` is the end screen's sentence as a template over the
    seats: ``{0}``, ``{1}``... stand for seat names and ``{winners}`` for the winners' names
    joined with " and "; :func:`outcome_text` fills it in, so every table words the end of a
    game the way the game does.
    """

    winners: tuple[int, ...]
    summary: str
    scores: tuple[float, ...] | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def to_dict(self) -> JSONDict:
        return {
            "winners": list(self.winners),
            "summary": self.summary,
            "scores": None if self.scores is None else list(self.scores),
            "details": dict(self.details),
        }


def outcome_text(outcome: Outcome, names: Sequence[str],
                 addressed: Collection[int] = ()) -> str:
    """The end sentence of ``outcome`` with the seats called ``names`` (seat order).

    Names are passed to ``str.format`` as values, never as format text, so a name such as
    ``"{0}"`` is printed as written. A template-less outcome gives its ``summary``.
    ``addressed``: the seats spoken to as "you"; a template's ``{wins}`` and ``{has}`` agree
    with its winners, so that a sole winner addressed reads "You win", "You have", not
    "You wins".
    """
    if not outcome.text:
        return outcome.summary
    winners = " and ".join(names[w] for w in outcome.winners)
    plural = len(outcome.winners) != 1 or outcome.winners[0] in addressed
    return outcome.text.format(*names, winners=winners, wins="win" if plural else "wins",
                               has="have" if plural else "has")


@dataclass(frozen=True)
class OptionInfo:
    """One set-up option, described so that the app can draw its set-up screen from it.

    ``id`` is the key :meth:`Game.config_from_dict` reads (so the app passes the chosen values
    straight through, and a watch link's query names the same keys as the command line's
    flags). ``kind`` is ``"choice"`` (``choices`` lists ``(value, label)`` pairs, labels for
    people) or ``"int"`` (between ``min`` and ``max``). ``default`` is what a player gets by
    not touching the option; ``config_from_dict`` accepts it as given, so a set-up screen can
    always send every option. ``help`` is one line shown under the control. ``zero``: for an
    ``"int"`` option whose 0 stands for the game's usual choice, that choice in a player's words
    ("usual for the variant"); ``min`` and ``max`` then bound the other values, and a set-up
    screen shows 0 as an empty field with these words in it.
    """

    id: str
    name: str
    kind: str  # "choice" or "int"
    default: str | int
    choices: tuple[tuple[str, str], ...] = ()
    min: int | None = None
    max: int | None = None
    help: str = ""
    zero: str = ""

    def __post_init__(self) -> None:
        if self.kind not in ("choice", "int"):
            raise ValueError(f"option {self.id}: kind must be 'choice' or 'int'")
        if self.zero and self.kind != "int":
            raise ValueError(f"option {self.id}: only a number option has words for 0")
        if self.kind == "choice" and self.default not in [v for v, _ in self.choices]:
            raise ValueError(f"option {self.id}: the default is not one of the choices")

    def to_dict(self) -> JSONDict:
        return {
            "id": self.id,
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "choices": [{"value": v, "label": label} for v, label in self.choices],
            "min": self.min,
            "max": self.max,
            "help": self.help,
            "zero": self.zero,
        }


@dataclass(frozen=True)
class GameInfo:
    """Registry metadata: enough to build the home screen without importing the rules."""

    id: str  # stable: used in links, saved games, the command line
    name: str
    pitch: str  # one line for the home tile
    min_players: int
    max_players: int
    description: str
    rules_page: str = ""  # file name in the game's package ("rules.md")
    available: bool = True  # False: shown as "coming soon"
    bot_levels: tuple[str, ...] = ()  # weakest first, strongest last
    options: tuple[OptionInfo, ...] = ()  # set-up options besides the player count

    def to_dict(self) -> JSONDict:
        return {
            "id": self.id,
            "name": self.name,
            "pitch": self.pitch,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "description": self.description,
            "rules_page": self.rules_page,
            "available": self.available,
            "bot_levels": list(self.bot_levels),
            "options": [o.to_dict() for o in self.options],
        }


@dataclass(frozen=True)
class SoakProfile:
    """How the soak run (:mod:`engine.soak`) sets a game up, where the defaults do not fit.

    ``option_values``: the values to draw a whole-number option from (by option id), where
    its whole range would make games far too long (a match to thousands of points) or never
    end with random players (no round limit). ``random_seats``: the share of seats given to
    random-legal players, the rest to computer players (slow computers sit in fewer seats).
    """

    option_values: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    random_seats: float = 0.4


class Action(Protocol):
    """Actions are frozen dataclasses whose ``str()`` is their text form (see Game.parse_action)."""

    def __str__(self) -> str: ...


class Config(Protocol):
    """A game's set-up: player count and variant parameters, a frozen dataclass."""

    @property
    def players(self) -> int: ...

    def to_dict(self) -> JSONDict: ...


class View(Protocol):
    """What one player sees; a frozen dataclass with a JSON form."""

    def to_dict(self) -> JSONDict: ...


C = TypeVar("C", bound=Config)
S = TypeVar("S")
A = TypeVar("A", bound=Action)
V = TypeVar("V", bound=View)
V_contra = TypeVar("V_contra", bound=View, contravariant=True)
B = TypeVar("B")


class Bot(Protocol[V_contra, A]):
    """A computer player: chooses one of ``legal`` from its own view only."""

    def choose(self, view: V_contra, legal: Sequence[A], rng: random.Random) -> A: ...


class Game(ABC, Generic[C, S, A, V]):
    """The rules of one game. Every method takes and returns values; what an instance keeps
    is only a cache of answers keyed by immutable values (it can never change an answer)."""

    info: ClassVar[GameInfo]
    soak: ClassVar[SoakProfile] = SoakProfile()
    # False declares that every player sees the whole state (redeal_hidden then returns the
    # state itself, and the conformance test accepts that only with this declared)
    has_hidden: ClassVar[bool] = True
    # the computer players by level (weakest first), wired in by the game's package with
    # use_bots, so that the rules never import the bots
    _bot_makers: Mapping[str, Callable[[], Bot[Any, Any]]] = MappingProxyType({})

    # --- set-up ---------------------------------------------------------------------------
    @abstractmethod
    def default_config(self, players: int | None = None) -> C:
        """Sensible defaults so one tap starts a game."""

    @abstractmethod
    def config_from_dict(self, data: object) -> C:
        """Validate and read a config; raises InvalidConfig naming the bad field."""

    @abstractmethod
    def new_game(self, config: C, rng: random.Random) -> S:
        """A fresh game shuffled with ``rng`` (the only source of randomness)."""

    @abstractmethod
    def new_game_from_deck(self, config: C, deck: Sequence[str]) -> S:
        """A fresh game from an explicit card order (card text forms, first dealt first)."""

    def new_game_numbered(self, config: C, number: int) -> S:
        """Deal number ``number``: what a deal number means in a link and on the command line
        (:func:`engine.seats.deal_seeded`). The shuffle is seeded with ``deal:<number>`` (a
        string seed keeps the deal apart from every other generator made from that number);
        a game whose deals were numbered otherwise before keeps its numbering by overriding
        this."""
        return self.new_game(config, random.Random(f"deal:{number}"))

    # --- play -----------------------------------------------------------------------------
    @abstractmethod
    def current_player(self, state: S) -> int | None:
        """The player to act, or None when the game is over."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[A]:
        """Every action the player to move may take now (empty when over)."""

    def explain_illegal(self, state: S, action: A) -> str | None:
        """None if ``action`` is legal, else a short reason for the player.

        Games override this with specific reasons; it must agree with legal_actions.
        """
        if self.is_over(state):
            return "the game is over"
        return None if action in self.legal_actions(state) else f"{action} is not possible now"

    def apply(self, state: S, action: A) -> S:
        """The state after ``action``; raises IllegalAction (state untouched) if not legal."""
        reason = self.explain_illegal(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._apply(state, action)

    @abstractmethod
    def _apply(self, state: S, action: A) -> S:
        """Apply an action already known to be legal."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the game goes on."""

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    @abstractmethod
    def parse_action(self, text: str) -> A:
        """Inverse of ``str(action)``; raises ParseError."""

    def table_text(self, state: S) -> str:
        """The table of ``state`` as plain text, for the command line (``play --show``);
        "" when the game has no text form of it."""
        return ""

    # --- information ----------------------------------------------------------------------
    @abstractmethod
    def view(self, state: S, player: int) -> V:
        """What ``player`` may see (other hands, the deck order hidden); for :data:`PUBLIC`,
        what every seat may see (no hand at all)."""

    def public_view(self, state: S) -> V:
        """What every seat may see and no more: a view of seat :data:`PUBLIC` (its ``player``
        is -1), with no card of any hand nor the order of anything face down. A table shown
        on a big screen and a watcher's phone are sent only this, so that neither ever holds
        a hidden card. Games give it by answering :meth:`view` for :data:`PUBLIC` (never
        ``hands[-1]``); :meth:`view_from_dict` reads it back and :meth:`determinize` samples
        every hand from it (the conformance test checks all three)."""
        return self.view(state, PUBLIC)

    @abstractmethod
    def determinize(self, view: V, rng: random.Random) -> S:
        """A full state consistent with ``view``, hidden cards sampled with ``rng``: a
        possible state (it saves and loads back), whose view for the viewer is ``view``."""

    @abstractmethod
    def view_from_dict(self, data: object) -> V:
        """The inverse of ``View.to_dict`` (what a guest's phone receives from the host),
        validated as a saved game is: anything that is not what a possible game shows one of
        its players raises InvalidState naming what is wrong. Fields a view's JSON only
        derives for the screen (scores worked out from the table) are not read.

        Games read the fields with the readers their ``state_from_dict`` uses and finish with
        :meth:`possible_view`, which checks the whole with the saved game's own checks."""

    def possible_view(self, view: V, player: int) -> V:
        """``view`` (just read by :meth:`view_from_dict`, every field of the right type and
        ``player`` a seat of its game), checked to be what a possible game shows ``player``:
        a state sampled from it by :meth:`determinize` must pass every check of
        :meth:`state_from_dict` and show ``player`` this very view; else InvalidState.

        ``determinize`` gives a possible state for every possible view (the conformance test
        checks it), so a view is refused exactly when no state could show it; a fixed
        generator keeps the answer reproducible."""
        try:
            state = self.determinize(view, random.Random(0))
            state = self.state_from_dict(self.state_to_dict(state))
        except InvalidState as e:
            raise InvalidState(f"view: no game shows this: {e}") from None
        if self.view(state, player) != view:
            raise InvalidState("view: no game shows this (its counts or the player to move "
                               "do not match its cards)")
        return view

    @abstractmethod
    def card_multiset(self, state: S) -> Counter[str]:
        """Every card of the game wherever it is (hands, table, deck, discards, removed).

        Constant over a whole game: the conformance test checks conservation with it.
        """

    @abstractmethod
    def redeal_hidden(self, state: S, player: int, rng: random.Random) -> S:
        """``state`` with everything ``player`` cannot see dealt again with ``rng``.

        Written from the rules (other hands, the face-down deck, a hidden shuffle seed), not
        with :meth:`determinize`, so that the view check has an independent oracle: the view
        must not change. A game without hidden information declares ``has_hidden = False``
        and returns ``state``.
        """

    # --- conservation ---------------------------------------------------------------------
    @abstractmethod
    def config_of(self, state: S) -> C:
        """The set-up ``state`` was dealt with (what :meth:`full_set` needs)."""

    @abstractmethod
    def full_set(self, config: C) -> Counter[str]:
        """Everything a game of ``config`` must conserve, from the rules alone (the box's
        contents), never from a state: :meth:`conserved` of every state must equal it."""

    def conserved(self, state: S) -> Counter[str]:
        """What ``state`` holds of :meth:`full_set`: its cards, unless a game counts more."""
        return self.card_multiset(state)

    # --- saving ---------------------------------------------------------------------------
    @abstractmethod
    def state_to_dict(self, state: S) -> JSONDict:
        """Plain JSON data; ``state_from_dict`` reads it back equal. A game of several hands
        keeps each finished hand's scores in it as ``history`` (one list per hand, a number per
        player): the end's score sheet, and where the app's older saves' points go."""

    @abstractmethod
    def state_from_dict(self, data: object) -> S:
        """Validate everything read; raises InvalidState naming what is wrong."""

    # --- computer players -----------------------------------------------------------------
    def use_bots(self, makers: Mapping[str, Callable[[], Bot[V, A]]]) -> None:
        """Seat these computer players (a new one per call of ``makers[level]``).

        Called once by the game's package, which imports rules and bots both: the bots
        import the rules, never the other way round. The levels must be
        ``GameInfo.bot_levels``, in that order (weakest first), so they are listed once.
        """
        if tuple(makers) != self.info.bot_levels:
            raise ValueError(f"bot levels {tuple(makers)} are not the declared "
                             f"{self.info.bot_levels}")
        self._bot_makers = MappingProxyType(dict(makers))

    def bots(self) -> Mapping[str, Bot[V, A]]:
        """Computer players by level name (e.g. beginner, standard, strong).

        Every call returns new instances: some bots remember things between turns (a planned
        sequence of steps, hand sizes seen), so each seat of each game needs its own.
        """
        return {level: make() for level, make in self._bot_makers.items()}


def bot_levels(info: GameInfo, *makers: Callable[[], B]) -> dict[str, Callable[[], B]]:
    """``GameInfo.bot_levels`` paired in order with the makers of those bots (weakest first),
    so that a game's bots module names its levels by reusing the declared list."""
    return dict(zip(info.bot_levels, makers, strict=True))
