"""This device's storage, as every table uses it: saved games, records, revisions, set-asides.

``Store`` is anything with ``get/set/remove`` of text by key: the browser's localStorage in the
app, a dict in the tests. Every table saves through the same path (:class:`GameSaves`): one
save, one record and one set-up key per game, an envelope every save starts with, an unreadable
save moved aside byte for byte, and a revision stamp so that two tabs never write over each
other's newer game.
"""

from __future__ import annotations

import json
import random
import re
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from engine.errors import InvalidState

MAX_DEAL = 999_999  # new random deals are numbered 1 .. MAX_DEAL


class Store(Protocol):
    def get(self, key: str) -> str | None: ...

    def set(self, key: str, value: str) -> bool | None:
        """Write; False when the value was not kept (a :class:`TabStore` says so; a plain store
        raises instead and answers None)."""

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


def save_key(game_id: str) -> str:
    return f"tabletop.{game_id}.save"


def record_key(game_id: str) -> str:
    return f"tabletop.{game_id}.record"


def setup_key(game_id: str) -> str:
    return f"tabletop.{game_id}.setup"


def broken_prefix(game_id: str) -> str:
    """Where an unreadable save of ``game_id`` is moved (the time in ms follows)."""
    return f"tabletop.{game_id}.unreadable."


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


def set_aside(store: Store, key: str, prefix: str, text: str,
              now_ms: int | None = None) -> str | None:
    """Move an unreadable save from ``key`` to a stamped key (never delete it); the new key.
    None when the copy could not be written (storage refused): then it stays under ``key``."""
    stamp = now_ms if now_ms is not None else int(time.time() * 1000)
    aside = f"{prefix}{stamp}"
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
    if not isinstance(rev, int) or isinstance(rev, bool) or rev <= 0:
        rev = 0
    return rev, (tab if isinstance(tab, str) else "")


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
            self.refuse()
            return False
        return True

    def refuse(self) -> None:
        """The browser refused a write (now, or later: the page says so after trying): the
        player is told the first time only."""
        if not self.refused:
            self.refused = True
            if self.on_refused is not None:
                self.on_refused()

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


# The home tile's line of a saved game, written in its envelope (GameSaves.save) with a checksum
# of the rest, so that the home screen shows it without importing the game (its table reads the
# rest when it is opened), and a save changed by anything but the app is still read at the start.
TILE = "tile"


def tile_of(envelope: dict[str, Any], line: str | None) -> dict[str, Any]:
    """The tile entry of a save whose envelope (without it) is ``envelope``."""
    return {"line": line, "sum": _checksum(envelope)}


def _checksum(envelope: dict[str, Any]) -> str:
    return f"{zlib.crc32(json.dumps(envelope, separators=(',', ':')).encode()):08x}"


def saved_line(store: Store, game_id: str) -> tuple[bool, str | None]:
    """The home tile's line of the saved game of ``game_id``: (True, the line, or None when
    nothing is saved or there is nothing to continue); (False, None) when the save does not
    say (written before saves kept it, changed since, unreadable): only its table can tell."""
    text = store.get(save_key(game_id))
    if text is None:
        return True, None
    try:
        data = loads_stored(unstamped(text))
    except (ValueError, TypeError, RecursionError):
        return False, None
    tile = data.pop(TILE, None) if isinstance(data, dict) else None
    if not isinstance(tile, dict) or tile.get("sum") != _checksum(data):
        return False, None
    line = tile.get("line")
    return (True, line) if line is None or isinstance(line, str) else (False, None)


def write_save(store: Store, key: str, envelope: dict[str, Any]) -> bool:
    """Write a saved game; False when another tab's newer save is there (nothing written)."""
    if isinstance(store, TabStore):
        return store.save(key, envelope)
    store.set(key, json.dumps(envelope, separators=(",", ":")))
    return True


def new_gid() -> str:
    """A game's id: unique enough across this device's tabs and imports."""
    return f"{int(time.time() * 1000):x}{random.getrandbits(24):06x}"


def random_deal_number(rng: random.Random | None = None) -> int:
    return (rng or random.Random()).randint(1, MAX_DEAL)


# --- one game's save, the same for every table -------------------------------------------------


class Saved(Protocol):
    """A game in progress as a table keeps it: what :class:`GameSaves` needs of it."""

    gid: str
    counted: bool  # already added to this device's record
    # a game that is never counted (a guided first game): set it True before it is saved
    practice: bool

    @property
    def over(self) -> bool: ...

    def envelope(self) -> dict[str, Any]: ...

    def played(self) -> dict[str, Any]:
        """A finished game as its record's history keeps it (see :func:`read_played`; ``gid``
        and ``at`` are added here): who sat, the result, and what replays it."""


G = TypeVar("G", bound=Saved)


@dataclass(frozen=True)
class Loaded(Generic[G]):
    game: G | None
    problem: str | None = None  # why a saved game could not be read
    set_aside_as: str | None = None  # the key it was moved to


def load_saved(store: Store, game_id: str, read: Callable[[str], G],
               now_ms: int | None = None) -> Loaded[G]:
    """The saved game of ``game_id``, if any. An unreadable one is moved to another key, never
    deleted; ``read`` raises InvalidState (or anything a damaged save provokes)."""
    key = save_key(game_id)
    text = read_save(store, key)
    if text is None:
        return Loaded(None)
    try:
        return Loaded(read(text))
    except Exception as e:
        aside = set_aside(store, key, broken_prefix(game_id), text, now_ms)
        return Loaded(None, problem=str(e) or type(e).__name__, set_aside_as=aside)


HISTORY = 100  # finished games kept for the statistics' list and replays, per game
MAX_RECORD = 600_000  # characters of one game's record at most (about 100 long games' moves)


def _whole(x: Any) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or x < 0:
        raise ValueError("not a whole number")
    return x


def read_played(data: Any) -> dict[str, Any]:
    """One finished game of a record's history, checked field by field (ValueError): what
    :meth:`Saved.played` gives and :class:`GameSaves` stamps with ``gid`` and ``at``."""
    if not isinstance(data, dict):
        raise ValueError("a finished game is not an object")
    gid, at, result, tag = data.get("gid"), data.get("at"), data.get("result"), data.get("tag")
    if not isinstance(gid, str) or not gid or len(gid) > 40:
        raise ValueError("a finished game has no id")
    levels, winners, score = data.get("levels", []), data.get("winners", []), data.get("score")
    if not isinstance(levels, list) or not all(isinstance(x, str) for x in levels):
        raise ValueError("a finished game's levels cannot be read")
    if score is not None and (not isinstance(score, (int, float)) or isinstance(score, bool)):
        raise ValueError("a finished game's score is not a number")
    replay = data.get("replay")
    if replay is not None and not isinstance(replay, dict):
        raise ValueError("a finished game's replay cannot be read")
    return {"gid": gid, "at": _whole(at), "won": bool(data.get("won")),
            "players": _whole(data.get("players", 1)), "levels": [x[:20] for x in levels][:8],
            "winners": [_whole(w) for w in winners][:8] if isinstance(winners, list) else [],
            "score": score, "result": str(result or "")[:300], "tag": str(tag or "")[:20],
            "deal": data.get("deal") if isinstance(data.get("deal"), int) else None,
            "replay": replay}


def group_keys(entry: dict[str, Any]) -> list[str]:
    """The groups a finished game is counted in: its number of players, and each computer
    level at its table ("players:3", "level:strong")."""
    return [f"players:{entry['players']}"] + [f"level:{lv}" for lv in sorted(set(entry["levels"]))]


@dataclass
class Record:
    """This device's record of one game: games finished and won, the current and best winning
    streaks, results by group (number of players, computer level), the scores, and the last
    :data:`HISTORY` finished games (each with what replays it). The totals count every game;
    older games drop off the history only. A record from before any of these reads with
    zeros and an empty history."""

    played: int = 0
    won: int = 0
    streak: int = 0
    best_streak: int = 0
    groups: dict[str, list[int]] = field(default_factory=dict)  # key -> [played, won]
    scored: int = 0  # games with a score of the player's
    score_sum: float = 0
    best_score: float | None = None
    history: list[dict[str, Any]] = field(default_factory=list)  # oldest first

    def add(self, won: bool, entry: dict[str, Any] | None = None, low: bool = False) -> None:
        """Count one finished game (``entry``: its history line; ``low``: lower scores are
        better)."""
        self.played += 1
        if won:
            self.won += 1
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.streak = 0
        if entry is None:
            return
        for key in group_keys(entry):
            pw = self.groups.setdefault(key, [0, 0])
            pw[0] += 1
            pw[1] += int(won)
        score = entry.get("score")
        if isinstance(score, (int, float)):
            self.scored += 1
            self.score_sum += score
            if self.best_score is None or (score < self.best_score if low
                                           else score > self.best_score):
                self.best_score = score
        self.history = (self.history + [entry])[-HISTORY:]

    def has(self, gid: str) -> bool:
        return any(e["gid"] == gid for e in self.history)

    def find(self, gid: str) -> dict[str, Any] | None:
        return next((e for e in self.history if e["gid"] == gid), None)

    def to_json(self) -> str:
        """The record as stored. One past :data:`MAX_RECORD` characters (very long games) drops
        the moves of its oldest games first: the device's storage is small and shared by every
        game; those games stay in the list, without a replay."""
        text = json.dumps(self.__dict__, separators=(",", ":"))
        for e in self.history:
            if len(text) <= MAX_RECORD:
                break
            if e.get("replay") is not None:
                e["replay"] = None
                text = json.dumps(self.__dict__, separators=(",", ":"))
        return text

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
        record = cls(vals["played"], vals["won"], vals["streak"], vals["best_streak"])
        try:  # what came after the counts: a part that cannot be read starts empty
            groups = data.get("groups") or {}
            record.groups = {str(k)[:40]: [_whole(v[0]), _whole(v[1])]
                             for k, v in groups.items() if isinstance(v, list) and len(v) == 2}
            score_sum, best = data.get("score_sum", 0), data.get("best_score")
            if isinstance(score_sum, (int, float)) and not isinstance(score_sum, bool):
                record.scored = _whole(data.get("scored", 0))
                record.score_sum = score_sum
                record.best_score = best if isinstance(best, (int, float)) and not isinstance(
                    best, bool) else None
        except (ValueError, TypeError, AttributeError, IndexError):
            record.groups, record.scored, record.score_sum, record.best_score = {}, 0, 0, None
        history = data.get("history") or []
        if isinstance(history, list):
            for e in history[-HISTORY:]:
                try:
                    record.history.append(read_played(e))
                except ValueError:
                    continue  # one unreadable game is left out, the others stay
        return record

    @classmethod
    def load(cls, store: Store, game_id: str) -> Record:
        return cls.from_json(store.get(record_key(game_id)))


def merge_records(mine: Record, theirs: Record, low: bool = False) -> Record:
    """Another device's record (an import) merged into this one by game id: every finished
    game in the file's history that this device has not counted is added once, so importing
    the same file twice, or a file of this device's own games, counts nothing twice. Games the
    file counted before its history (older than its last :data:`HISTORY`, or from an app
    without history) are taken only onto a device with no record yet: whether this device has
    them cannot be told."""
    if mine.played == 0 and not mine.history:
        return theirs
    merged = Record.from_json(mine.to_json())
    new = sorted((e for e in theirs.history if not merged.has(e["gid"])),
                 key=lambda e: e["at"])
    last = max((e["at"] for e in mine.history), default=0)
    for e in new:
        streak = merged.streak
        merged.add(bool(e["won"]), e, low)
        if e["at"] < last:  # an older game does not make or break today's streak
            merged.streak = streak
    merged.history.sort(key=lambda e: e["at"])
    merged.history = merged.history[-HISTORY:]
    merged.best_streak = max(merged.best_streak, theirs.best_streak, merged.streak)
    return merged


class GameSaves(Generic[G]):
    """One game's save and record on this device, through this tab's store.

    Every table keeps its game in progress here: ``load`` reads it (an unreadable save is set
    aside and said), ``save`` writes it after every change and counts a finished game in the
    record once, and never writes over a newer game another tab saved (``save`` answers False:
    the table then takes that game).
    """

    def __init__(self, store: Store, game_id: str, name: str, read: Callable[[str], G],
                 won: Callable[[G], bool], low: bool = False,
                 line: Callable[[G], str | None] | None = None) -> None:
        self.store = store
        self.game_id = game_id
        self.name = name
        self.read = read
        self.won = won
        # the home tile's line of a game (None: nothing to continue), kept in its save so that
        # the home screen reads it without the game's code (without it: the table reads the save)
        self.line = line
        self.low = low  # lower scores are better
        self.key = save_key(game_id)
        self.record_key = record_key(game_id)

    def load(self, then: str = "; a new game can start.") -> tuple[G | None, str | None]:
        """The saved game (None: none or unreadable) and what to tell the player."""
        loaded = load_saved(self.store, self.game_id, self.read)
        if loaded.problem:
            return None, unreadable_notice(f"Your saved {self.name} game", loaded.problem,
                                           loaded.set_aside_as, then)
        return loaded.game, None

    def newer(self) -> bool:
        """Another tab saved this game since this tab last read or wrote it."""
        return isinstance(self.store, TabStore) and self.store.newer(self.key)

    def save(self, game: G) -> bool:
        """Write the game; False (nothing written, nothing counted) when another tab saved a
        newer one. A finished game is counted only if this tab's end is the latest game."""
        if game.over and not game.counted:
            if self.newer():
                return False
            self.count(game)
        return write_save(self.store, self.key, self.envelope(game))

    def envelope(self, game: G) -> dict[str, Any]:
        """The game as its save keeps it: its own envelope, and the home tile's line."""
        envelope = game.envelope()
        if self.line is not None:
            envelope[TILE] = tile_of(envelope, self.line(game))
        return envelope

    def text(self, game: G) -> str:
        """The save's text (what an import writes)."""
        return json.dumps(self.envelope(game), separators=(",", ":"))

    def count(self, game: G, now_ms: int | None = None) -> Record:
        """Add a finished game to the record once: the game remembers it was counted, and a
        game whose id the history holds already (counted by another tab) is not counted
        again. A practice game is never counted."""
        record = self.record()
        if game.over and not game.counted and (game.practice or record.has(game.gid)):
            game.counted = True
        if game.over and not game.counted:
            entry = {**game.played(), "gid": game.gid,
                     "at": now_ms if now_ms is not None else int(time.time() * 1000)}
            record.add(self.won(game), read_played(entry), self.low)
            # counted only once the record is kept: a refused write is tried again next save
            game.counted = self.store.set(record_key(self.game_id),
                                          record.to_json()) is not False
        return record

    def record(self) -> Record:
        return Record.load(self.store, self.game_id)
