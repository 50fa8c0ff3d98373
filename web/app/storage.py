"""The Perpetual Motion session: the game in progress, saving it, and this device's record.

Plain Python over the engine's public protocol; the page layer (:mod:`app.main`) calls these
and renders the result. ``Store`` is anything with ``get/set/remove`` of text by key: the
browser's localStorage in the app, a dict in the tests.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.errors import IllegalAction, InvalidState
from engine.games.perpetual_motion import GAME, Deal, Gather, Move

SAVE_KEY = "tabletop.perpetual-motion.save"
BROKEN_PREFIX = "tabletop.perpetual-motion.unreadable."
RECORD_KEY = "tabletop.perpetual-motion.record"
SETTINGS_KEY = "tabletop.settings"
SAVE_VERSION = 1
MAX_DEAL = 999_999  # new random deals are numbered 1 .. MAX_DEAL


class Store(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> None: ...

    def remove(self, key: str) -> None: ...


class StoreRefused(Exception):
    """The browser did not keep what was written (storage full, private mode, disabled)."""


class DictStore:
    """A Store in memory (tests, and the fallback when localStorage is unavailable)."""

    def __init__(self, data: dict[str, str] | None = None) -> None:
        self.data: dict[str, str] = dict(data or {})

    def get(self, key: str) -> str | None:
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self.data[key] = value

    def remove(self, key: str) -> None:
        self.data.pop(key, None)


# --- saved games: the envelope and the set-aside --------------------------------------------


MAX_JSON_DEPTH = 64  # arrays and objects in one another: saves need fewer than 10
_JSON_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def loads_stored(text: str) -> Any:
    """``json.loads`` for text this app did not just write (a saved game, a record, settings,
    an imported file). Nesting deeper than MAX_JSON_DEPTH is refused with a ValueError first:
    in Pyodide the JSON decoder's recursion exhausts the JavaScript stack long before Python's
    recursion limit, which kills the interpreter for good (not a RecursionError), so a save of
    ``[[[[…`` would stop the app from ever starting again."""
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH:
        depth = 0
        for token in _JSON_TOKENS.finditer(text):
            c = token.group()
            if c == "[" or c == "{":
                depth += 1
                if depth > MAX_JSON_DEPTH:
                    raise ValueError(f"nested more than {MAX_JSON_DEPTH} deep")
            elif c == "]" or c == "}":
                depth -= 1
    return json.loads(text)


def read_envelope(text: str, game_id: str, game_name: str, version: int) -> dict[str, Any]:
    """The JSON object of a saved game of ``game_id`` at ``version``, with its id checked;
    InvalidState says what is wrong. Every game's save starts with these fields."""
    try:
        data = loads_stored(text)
    except (ValueError, TypeError, RecursionError) as e:  # deep nesting: RecursionError
        raise InvalidState(f"the saved text is not JSON ({e})") from None
    if not isinstance(data, dict):
        raise InvalidState("the saved game is not a JSON object")
    if data.get("game") != game_id:
        raise InvalidState(f"the saved game is not a {game_name} game")
    if data.get("version") != version:
        raise InvalidState(f"unknown save version {data.get('version')!r}")
    gid = data.get("gid")
    if not isinstance(gid, str) or not gid:
        raise InvalidState("the saved game has no id")
    return data


def set_aside(store: Store, key: str, broken_prefix: str, text: str,
              now_ms: int | None = None) -> str | None:
    """Move an unreadable save from ``key`` to a stamped key (never delete it); the new key.
    None when the copy could not be written (storage refused): then it stays under ``key``."""
    stamp = now_ms if now_ms is not None else int(time.time() * 1000)
    aside = f"{broken_prefix}{stamp}"
    try:
        store.set(aside, text)
    except Exception:
        return None
    if store.get(aside) != text:
        return None
    store.remove(key)
    return aside


def unreadable_notice(what: str, problem: str, aside: str | None, then: str) -> str:
    """What the player is told about a saved game that could not be read."""
    where = (f"It was set aside under “{aside}”" if aside is not None else
             "It stays where it was (this browser would not keep a copy)")
    return f"{what} could not be read ({problem}). {where}{then}"


# --- two tabs, and a browser that refuses to save -------------------------------------------

REFUSED = ("This browser is refusing to save (storage full or private mode). You can keep "
           "playing, but this game will not survive closing the tab.")
OTHER_TAB = ("This game was played on in another tab, so this tab now shows the latest "
             "position.")


_STAMP = re.compile(r'\{"rev":([1-9][0-9]{0,15}),"tab":"([0-9a-z]{0,40})",?')


def stamped(body: str, rev: int, tab: str) -> str:
    """A saved game's JSON text with its revision and tab first (so reading them is cheap)."""
    return f'{{"rev":{rev},"tab":"{tab}"' + ("," if body != "{}" else "") + body[1:]


def unstamped(text: str) -> str:
    """A saved game's text without the revision and tab this app puts first: the game alone,
    as ``to_json`` writes it (so two tabs' copies of one position compare equal)."""
    head = _STAMP.match(text)
    return text if head is None else "{" + text[head.end():]


def stamp_of(text: str | None) -> tuple[int, str]:
    """A saved game's revision and the tab that wrote it ((0, "") for none, or a save from
    before revisions)."""
    if not text:
        return 0, ""
    head = _STAMP.match(text)  # the app writes them first: no need to read the whole game
    if head is not None:
        return int(head.group(1)), head.group(2)
    try:
        data = loads_stored(text)
    except (ValueError, TypeError, RecursionError):  # deep nesting: RecursionError
        return 0, ""
    if not isinstance(data, dict):
        return 0, ""
    rev, tab = data.get("rev"), data.get("tab")
    ok = isinstance(rev, int) and not isinstance(rev, bool) and rev > 0
    return (rev if ok else 0), (tab if isinstance(tab, str) else "")


class TabStore:
    """This tab's door to the device's storage (the app's only one).

    * A write the browser refuses never stops play: ``set`` answers False, and the first
      refusal calls ``on_refused`` (the shell tells the player once). Nothing already saved is
      removed or overwritten on the way.
    * Every saved game carries a revision and the id of the tab that wrote it. The store
      remembers the revision of each save it last read or wrote (``read``/``save``), so a tab
      never overwrites a newer save another tab made: ``save`` answers False instead and the
      table reloads the game (``newer`` tells whether there is one to reload).
    """

    def __init__(self, inner: Store, tab: str | None = None,
                 on_refused: Callable[[], None] | None = None) -> None:
        self.inner = inner
        self.tab = tab or new_gid()
        self.known: dict[str, int] = {}
        self.on_refused = on_refused
        self.refused = False

    def get(self, key: str) -> str | None:
        try:
            return self.inner.get(key)
        except Exception:
            return None

    def set(self, key: str, value: str) -> bool:
        """Write; False when the browser refused (what was there before is untouched)."""
        try:
            self.inner.set(key, value)
        except Exception:
            if not self.refused:
                self.refused = True
                if self.on_refused is not None:
                    self.on_refused()
            return False
        return True

    def remove(self, key: str) -> None:
        try:
            self.inner.remove(key)
        except Exception:
            pass

    def read(self, key: str) -> str | None:
        """A saved game's text; its revision becomes the one this tab knows."""
        text = self.get(key)
        self.known[key] = stamp_of(text)[0]
        return text

    def newer(self, key: str) -> bool:
        """Another tab saved this game since this tab last read or wrote it."""
        rev, tab = stamp_of(self.get(key))
        return rev > self.known.get(key, 0) and tab != self.tab

    def save(self, key: str, envelope: dict[str, Any], force: bool = False) -> bool:
        """Write a saved game with the next revision; False (nothing written) when another
        tab's newer save is there (``force``: the player chose to replace it, as an import).
        The same game as stored is not written again. A refused write still answers True:
        play goes on."""
        stored = self.get(key)
        rev, tab = stamp_of(stored)
        body = json.dumps(envelope, separators=(",", ":"))
        if stored is not None and unstamped(stored) == body:
            self.known[key] = rev
            return True
        known = self.known.get(key, 0)
        if rev > known and tab != self.tab and not force:
            return False
        new = max(rev, known) + 1
        if self.set(key, stamped(body, new, self.tab)):
            self.known[key] = new
        return True


def read_save(store: Store, key: str) -> str | None:
    """A saved game's text (through a TabStore, remembering its revision)."""
    return store.read(key) if isinstance(store, TabStore) else store.get(key)


def replace_save(store: Store, key: str, text: str) -> None:
    """Write a saved game the player chose over whatever is there (an import): through a
    TabStore with a revision above the stored one, so every other tab takes it."""
    if isinstance(store, TabStore):
        store.save(key, loads_stored(text), force=True)
    else:
        store.set(key, text)


def write_save(store: Store, key: str, envelope: dict[str, Any]) -> bool:
    """Write a saved game; False when another tab's newer save is there (nothing written)."""
    if isinstance(store, TabStore):
        return store.save(key, envelope)
    store.set(key, json.dumps(envelope, separators=(",", ":")))
    return True


# --- the session ------------------------------------------------------------------------------


def new_gid() -> str:
    return f"{int(time.time() * 1000):x}{random.getrandbits(24):06x}"


def random_deal_number(rng: random.Random | None = None) -> int:
    return (rng or random.Random()).randint(1, MAX_DEAL)


@dataclass
class Session:
    """One game at the table: the engine state plus what the app keeps beside it."""

    state: Any
    gid: str = field(default_factory=new_gid)
    counted: bool = False  # already added to this device's record
    manual: bool = False  # the player makes the forced moves by tapping

    @classmethod
    def new(cls, deal: int, manual: bool = False) -> Session:
        return cls(GAME.new_seeded(deal), manual=manual)

    @property
    def deal(self) -> int | None:
        seed: int | None = self.state.seed
        return seed

    @property
    def view(self) -> Any:
        return GAME.view(self.state, 0)

    @property
    def outcome(self) -> Any:
        return GAME.outcome(self.state)

    @property
    def over(self) -> bool:
        return GAME.outcome(self.state) is not None

    def pending(self) -> Move | None:
        move: Move | None = GAME.pending_move(self.state)
        return move

    def restart(self) -> Session:
        if self.deal is None:
            raise IllegalAction("this game has no deal number to restart from")
        return Session.new(self.deal, self.manual)

    # --- actions ---
    def apply(self, action: Any) -> None:
        """Apply one action; IllegalAction (with the engine's reason) changes nothing."""
        self.state = GAME.apply(self.state, action)

    def next_action(self) -> Any | None:
        """What "Deal" does now: the pending forced move, a deal, or the gather; None when over."""
        legal = GAME.legal_actions(self.state)
        return legal[0] if legal else None

    def deal_action(self) -> Deal | Gather:
        """The Deal button: deal the next row, or gather the stacks when the deck is used up.

        Refused (IllegalAction with the engine's reason) while a forced move is pending.
        """
        action: Deal | Gather = Deal() if self.state.deck else Gather()
        reason = GAME.explain_illegal(self.state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return action

    def step_plan(self) -> list[Any]:
        """The actions one press of Deal makes: the deal (or gather) and, unless the player
        makes them, every forced move it causes. Nothing is applied."""
        if self.over:
            return []
        first = self.deal_action()
        plan: list[Any] = [first]
        if self.manual:
            return plan
        state = GAME.apply(self.state, first)
        while (move := GAME.pending_move(state)) is not None:
            plan.append(move)
            state = GAME.apply(state, move)
        return plan

    def tap_move(self, src: int, dst: int) -> Move:
        """A manual move from a tap on ``src`` then ``dst``; IllegalAction with the reason."""
        move = Move(src, dst)
        self.apply(move)
        return move

    # --- saving ---
    def envelope(self) -> dict[str, Any]:
        return {
            "version": SAVE_VERSION,
            "game": "perpetual-motion",
            "gid": self.gid,
            "counted": self.counted,
            "manual": self.manual,
            "state": GAME.state_to_dict(self.state),
        }

    def to_json(self) -> str:
        return json.dumps(self.envelope(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Session:
        """Read a saved game; InvalidState says what is wrong with it."""
        data = read_envelope(text, "perpetual-motion", "Perpetual Motion", SAVE_VERSION)
        state = GAME.state_from_dict(data.get("state"))
        return cls(state, gid=data["gid"], counted=bool(data.get("counted")),
                   manual=bool(data.get("manual")))


@dataclass(frozen=True)
class LoadResult:
    session: Session | None
    problem: str | None = None  # why a saved game could not be read
    set_aside_as: str | None = None  # the key it was moved to


def save(store: Store, session: Session) -> bool:
    """Save the game; False (nothing written) when another tab saved a newer one."""
    return write_save(store, SAVE_KEY, session.envelope())


def load(store: Store, now_ms: int | None = None) -> LoadResult:
    """The saved game, if any. An unreadable one is moved to another key, never deleted."""
    text = read_save(store, SAVE_KEY)
    if text is None:
        return LoadResult(None)
    try:
        return LoadResult(Session.from_json(text))
    except InvalidState as e:
        key = set_aside(store, SAVE_KEY, BROKEN_PREFIX, text, now_ms)
        return LoadResult(None, problem=str(e), set_aside_as=key)


def discard_save(store: Store) -> None:
    store.remove(SAVE_KEY)


# --- this device's record -------------------------------------------------------------------


@dataclass
class Record:
    """Deals finished on this device: played, won, the current and best winning streaks."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0

    def add(self, won: bool) -> None:
        self.played += 1
        if won:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str | None) -> Record:
        if not text:
            return cls()
        try:
            data = loads_stored(text)
            vals = {k: int(data.get(k, 0)) for k in ("played", "won", "streak", "best_streak")}
        except (ValueError, TypeError, AttributeError):
            return cls()
        if any(v < 0 for v in vals.values()) or vals["won"] > vals["played"]:
            return cls()
        return cls(**vals)


def load_record(store: Store) -> Record:
    return Record.from_json(store.get(RECORD_KEY))


def count_finished(store: Store, session: Session) -> Record:
    """Add a finished game to the record once (the session remembers it was counted)."""
    record = load_record(store)
    out = session.outcome
    if out is not None and not session.counted:
        record.add(bool(out.details.get("won")))
        # counted only once the record is kept: a refused write is tried again next save
        session.counted = store.set(RECORD_KEY, record.to_json()) is not False
    return record


# --- settings -------------------------------------------------------------------------------

SPEEDS = {"slow": 900, "normal": 450, "fast": 150, "instant": 0}  # ms between auto-play steps


@dataclass
class Settings:
    four_colour: bool = False
    manual: bool = False  # new games start in manual mode
    speed: str = "normal"

    def to_json(self) -> str:
        return json.dumps(self.__dict__)

    @classmethod
    def from_json(cls, text: str | None) -> Settings:
        s = cls()
        if not text:
            return s
        try:
            data = loads_stored(text)
        except ValueError:
            return s
        if not isinstance(data, dict):
            return s
        if isinstance(data.get("four_colour"), bool):
            s.four_colour = data["four_colour"]
        if isinstance(data.get("manual"), bool):
            s.manual = data["manual"]
        if data.get("speed") in SPEEDS:
            s.speed = data["speed"]
        return s


def load_settings(store: Store) -> Settings:
    return Settings.from_json(store.get(SETTINGS_KEY))


def save_settings(store: Store, settings: Settings) -> None:
    store.set(SETTINGS_KEY, settings.to_json())
