"""The contract between the shell and the tables: what a table is (:class:`Table`), what it
may use of the shell (:class:`Host`) and of the browser (:class:`Env`), and the events it gets.

The shell speaks to every game's table only through :class:`Table`; a table speaks to the page
only through the host's batched :class:`~app.page.Page`. A table package (``app/tables/<game>/``)
declares in its ``__init__`` what the shell shows of the game before it is opened
(:class:`Declared`, ``DECLARED``), importing nothing of the game's rules; its module ``table``
binds ``TABLE`` (:class:`TableClass`, checked by mypy), which makes the table, imported when
the game is first opened; a module ``hint`` may have ``hint`` (:data:`Hint`), which the
thinking worker calls for that game's Hint.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

# the events tables get, decoded once at the edge (app.link); re-exported for the tables
from app.messages import Event as Event
from app.messages import ThinkRequest
from app.page import Page
from app.routes import Route
from app.seated.remote import RemoteSeats
from app.settings import Field, Settings
from app.storage import JSONObject, Store, TabStore
from engine.protocol import Game


def no_fields(_settings: Settings) -> tuple[Field, ...]:
    return ()


@dataclass(frozen=True)
class Declared:
    """A table as the shell knows it before the game is first opened: the home tile, the routes
    links may open, the game's lines in Settings, About and the statistics. Declared apart from
    the table so that a start imports no game's code (a table package's ``DECLARED``)."""

    game_id: str
    name: str  # the game's name (its GameInfo's)
    # the routes the table has besides its table (``deal``, ``setup``, ``watch``, ``stats``,
    # ``daily``, ``learn``); the shell routes ``#/<game>/<screen>…`` to Table.open for those
    screens: frozenset[str]
    credit: str  # the game in About's list of games: its name, and who made it
    # the player's score in the statistics: "high" (more is better), "low" (fewer is better:
    # penalty points), "" (the game has no score)
    scores: str
    # the home tile's buttons, given the Rules link and the game's line (None: nothing to go on)
    tile: Callable[[str, str | None], str]
    # the game's own settings, shown in Settings under its name (a ``shared`` one once under
    # "Every game"); their values are kept in the one settings object
    fields: Callable[[Settings], tuple[Field, ...]] = no_fields
    rules_note: str = ""  # HTML under the game's rules page


@dataclass(frozen=True)
class SaveInfo:
    """A saved game read by its table's own reader (for an import)."""

    text: str  # the save as this app would write it
    about: str  # a few words about it: "deal 12, round 3" (", finished" at the end)
    over: bool


class Env(Protocol):
    """What the shell needs of the browser (``app.main.BrowserEnv``; a fake in tests)."""

    @property
    def store(self) -> Store: ...

    def hash(self) -> str: ...

    def go(self, hash_: str) -> None: ...

    def base_url(self) -> str: ...

    def reduced_motion(self) -> bool: ...

    def fetch_text(self, url: str) -> Awaitable[str | None]: ...

    def think(self, request: ThinkRequest) -> Awaitable[str]:
        """The thinking worker's answer (JSON text, read with ``app.messages``' readers)."""

    def on_update(self, callback: Callable[[], None]) -> None: ...

    def apply_update(self) -> None: ...

    def offline_status(self) -> str: ...

    def keeping(self) -> str:
        """How this device keeps the games (persistent storage, installed), for About."""

    def today(self) -> str:
        """The player's local date, ``YYYY-MM-DD`` (the page's clock: the daily deal)."""

    @property
    def startup_notice(self) -> str | None:
        """What to tell the player on the home screen after the start (the page's storage
        could not be used), if anything."""


class Task(Protocol):
    """A running task (an ``asyncio`` task): tables only ever cancel one."""

    def cancel(self) -> bool: ...


class Host(Protocol):
    """What a table may use of the shell (:class:`app.shell.App`). A table reads the route
    but never writes the shell's fields: it asks (``go``, ``go_home``, ``settle``)."""

    page: Page
    store: TabStore
    settings: Settings
    @property
    def env(self) -> Env: ...

    @property
    def phones(self) -> RemoteSeats:
        """This phone's part in tables of phones: hosting one, a seat at another phone's."""

    @property
    def route(self) -> Route: ...

    def go_home(self, notice: str | None) -> None:
        """The table has nothing to show (its save was set aside, a link cannot be played):
        the home screen, saying ``notice``, the address replaced (not a step back)."""

    def settle(self, route: Route, hash_: str | None) -> None:
        """The table now shows ``route``: the address says ``hash_`` (None: as it is) without
        routing again."""

    def spawn(self, coro: Awaitable[object]) -> Task:
        """Run ``coro`` on the page's loop (what it gives back is not used)."""

    def go(self, hash_: str) -> None: ...

    def render(self) -> None: ...

    def set_title(self, name: str | None = None) -> None: ...

    def tell(self, text: str, kind: str = "info") -> None: ...

    def save_settings(self) -> None: ...

    def cue(self, name: str) -> None:
        """A sound and vibration for a moment of play (app.settings.CUES), if the player
        turned them on: a card played, your turn again, a game won or lost (a refusal is
        cued by the shell from the message line)."""


class Playing(Protocol):
    """A table's computer players, as the shell sees them."""

    def playing(self) -> bool:
        """Computers of this device play in the game on show, and it is not over: the page
        keeps its thinking worker for them (:class:`app.messages.ThinkerItem`)."""


class Table(Protocol):
    """One game's table, as the shell sees it once the game is opened (before, it sees its
    :class:`Declared`: ``name``, ``screens`` and ``scores`` are the declared ones)."""

    game_id: str
    name: str
    screens: frozenset[str]
    scores: str

    # --- this device's game ---
    def load(self) -> str | None:
        """Read the saved game; what to tell the player when it could not be read."""

    def save(self) -> None: ...

    def summary(self) -> str | None:
        """The home tile's line about the game in progress (None: nothing to continue); the
        table keeps it in its save too (GameSaves' ``line``), for a start that has not opened
        the game."""

    def describe_save(self, text: str) -> SaveInfo:
        """A saved game read by this table's own reader (an import); raises when it cannot be
        read."""

    def changed_elsewhere(self, key: str) -> None:
        """Another tab wrote ``key``."""

    def resume_here(self) -> None:
        """The player is back on this tab."""

    def hidden(self) -> None:
        """The app went to the background (another app, the home screen, a locked phone)."""

    @property
    def computers(self) -> Playing: ...

    # --- the daily deal (app.daily), for a table whose screens have "daily" ---
    def daily_setup(self) -> str:
        """Who plays the daily deal and how, in a sentence for the daily screen."""

    def daily_on_table(self) -> tuple[str, bool] | None:
        """The game on the table, if it is a daily deal: its date and whether it is over."""

    def game_to_lose(self) -> str | None:
        """A game in progress that a new one would end, in a few words ("deal 12, round 3");
        None when there is nothing to lose."""

    def start_daily(self, deal: int, date: str) -> None:
        """Start the daily deal of ``date`` (the table's fixed set-up), marked as such, and
        show it."""

    def replay(self, entry: JSONObject) -> Replay:
        """A finished game of the record's history (:func:`app.storage.read_played`) rebuilt
        from what it kept; raises (ValueError, InvalidState, IllegalAction) when it cannot be."""

    # --- routes and events ---
    def open(self, route: Route) -> None: ...

    def leave(self, route: Route) -> None: ...

    def keys(self) -> str:
        """The keys this table handles (the bridge prevents their default)."""

    def say(self, text: str, kind: str = "info") -> None:
        """Write the table's message line."""

    def on_click(self, ev: Event) -> None: ...

    def on_change(self, ev: Event) -> None: ...

    def on_key(self, key: str) -> None: ...


class Replay(Protocol):
    """A finished game rebuilt from its record's history by its table (:meth:`Table.replay`):
    its states, drawn by the game's own table (:class:`app.stats.ReplayScreen` steps it)."""

    steps: int  # actions applied: states 0 .. steps

    def frame(self, title: str) -> str:
        """The screen: the game's table frame."""

    def draw(self, k: int, head: str, controls: str) -> None:
        """Draw state ``k`` with the game's table and what step ``k`` did in the message line:
        ``head`` above the board, ``controls`` in the dock; nothing on the table plays."""

    def line(self, k: int) -> str:
        """What step ``k`` (1 .. steps) did."""

    def ending(self) -> str:
        """The end of the game, as its table says it."""


class TableClass(Protocol):
    """A table package's ``Table``: built with the shell as its host (each package binds it
    as ``TABLE: TableClass = Table``, which mypy checks)."""

    def __call__(self, app: Host) -> Table: ...


# The thinking worker's Hint of a game: (rules object, the player's view, player) -> plain JSON
# data. The
# worker finds it by the game's id (app.tables.hint), so which game's it is is not known here.
Hint = Callable[[Game[Any, Any, Any, Any], Any, int], JSONObject]
