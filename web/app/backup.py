"""Moving to another device without a server: every game of this device in one JSON file, and
that file read back.

The file (``card-table-games-2026-11-30.json``)::

    {"format": "tabletop-games", "version": 1, "exported": "2026-11-30T23:40:00Z",
     "app": "0.1.0",
     "games": {"<solitaire>": {"save": {...}, "record": {...}},
               "<game with seats>": {"save": {...}, "record": {...}, "setup": {...},
                                     "daily": {...}}},
     "settings": {...}}

Each save is the game's own saved object (what ``tabletop.<game>.save`` holds). Reading a file
back checks it the way the app checks what it loads: a save goes through the same readers
(each table's own, :meth:`app.table.Table.describe_save`), records and settings are checked
field by field, and only what the app
itself would write is written (each entry is written again from what was read). A broken entry
is reported and skipped, never written; a file that is not one of these, is too large, or comes
from a newer version of the app is refused whole, and nothing changes.

Importing never replaces a game in progress (or a record) of this device without asking: the
plan lists those conflicts and the shell asks "Replace" or "Keep mine" before writing. A daily
book (:mod:`app.daily`) is merged by date, this device's attempt kept for a date both have: a
date is never counted twice.

Set-aside unreadable saves (``tabletop.<game>.unreadable.<time>``) stay on the device: the
Store protocol has no listing of keys, and they cannot be imported anyway.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from app import daily
from app import settings as cfg
from app import storage as g
from app.seated.seats import Setup
from app.table import Table

FORMAT = "tabletop-games"
VERSION = 1
MAX_CHARS = 4_000_000  # a file larger than this is refused unread (a real one is ~100 kB)
RECORD = ("played", "won", "streak", "best_streak")


class FileRefused(Exception):
    """The whole file is refused (nothing changes); the message is for the player."""


# --- the keys of each kind ------------------------------------------------------------------


Games = Mapping[str, Table]  # the games this app has, by id: their tables


def save_key(game_id: str) -> str:
    return g.save_key(game_id)


def record_key(game_id: str) -> str:
    return g.record_key(game_id)


def setup_key(games: Games, game_id: str) -> str | None:
    """The key of the game's remembered set-up (None: the game has no set-up screen)."""
    return g.setup_key(game_id) if "setup" in games[game_id].screens else None


# --- export ---------------------------------------------------------------------------------


class GameEntry(TypedDict, total=False):
    """What the file keeps of one game: each as stored (a save that is not JSON: its text)."""

    save: g.JSON
    record: g.JSONObject
    setup: g.JSONObject
    daily: g.JSONObject


class Export(TypedDict):
    """The whole file."""

    format: str
    version: int
    exported: str  # when, in UTC
    app: str  # the app's version
    games: dict[str, GameEntry]
    settings: NotRequired[g.JSONObject]


def _parsed(text: str | None) -> g.JSON:
    if text is None:
        return None
    try:
        data: g.JSON = g.loads_stored(text)
        return data
    except (ValueError, RecursionError):
        return None


def export_data(store: g.Store, games: Games, version: str = "",
                now: float | None = None) -> Export:
    """Everything this device keeps of ``games`` and the settings, as one object.
    A save that is not JSON is kept as its text (the import then reports it)."""
    out_games: dict[str, GameEntry] = {}
    for gid in games:
        entry: GameEntry = {}
        text = store.get(save_key(gid))
        if text is not None:
            obj = _parsed(text)
            entry["save"] = obj if isinstance(obj, dict) else text
        record = _parsed(store.get(record_key(gid)))
        if isinstance(record, dict):
            entry["record"] = record
        skey = setup_key(games, gid)
        setup = _parsed(store.get(skey)) if skey else None
        if isinstance(setup, dict):
            entry["setup"] = setup
        book = _parsed(store.get(daily.book_key(gid))) if "daily" in games[gid].screens else None
        if isinstance(book, dict):
            entry["daily"] = book
        if entry:
            out_games[gid] = entry
    data: Export = {
        "format": FORMAT, "version": VERSION,
        "exported": time.strftime("%Y-%m-%dT%H:%M:%SZ",
                                  time.gmtime(time.time() if now is None else now)),
        "app": version, "games": out_games,
    }
    settings = _parsed(store.get(cfg.SETTINGS_KEY))
    if isinstance(settings, dict):
        data["settings"] = settings
    return data


def export_text(store: g.Store, games: Games, version: str = "",
                now: float | None = None) -> str:
    return json.dumps(export_data(store, games, version, now), indent=1, ensure_ascii=False)


def file_name(now: float | None = None) -> str:
    """``card-table-games-2026-11-30.json``: the app's name, as the player knows it, and the
    device's local date (the file's ``format`` inside keeps its own name)."""
    return time.strftime("card-table-games-%Y-%m-%d.json",
                         time.localtime(time.time() if now is None else now))


def export_counts(data: Export) -> str:
    """What a file holds, in words: "2 games, 3 records and your settings"."""
    games = data.get("games", {})
    return counts_text(sum("save" in e for e in games.values()),
                       sum("record" in e for e in games.values()),
                       "settings" in data or any("setup" in e for e in games.values()))


def counts_text(saves: int, records: int, settings: bool) -> str:
    parts = []
    if saves:
        parts.append(f"{saves} game" + ("s" if saves != 1 else ""))
    if records:
        parts.append(f"{records} record" + ("s" if records != 1 else ""))
    if settings:
        parts.append("your settings")
    if not parts:
        return ""
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


# --- reading a file -------------------------------------------------------------------------


@dataclass(frozen=True)
class Item:
    """One entry of the file, checked: the key and the text to write there."""

    key: str
    text: str
    kind: str  # save | record | setup | settings
    game: str | None = None
    about: str = ""  # a save: which game it is ("deal 12, round 3")


@dataclass(frozen=True)
class Conflict:
    key: str
    text: str  # what would be replaced, for the player


@dataclass
class Plan:
    items: list[Item] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # entries skipped, and why
    conflicts: list[Conflict] = field(default_factory=list)

    @property
    def conflict_keys(self) -> set[str]:
        return {c.key for c in self.conflicts}


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10**9:
        raise ValueError("its counts are not whole numbers")
    return value


def _read_record(obj: g.JSON) -> str:
    if not isinstance(obj, dict):
        raise ValueError("it is not an object")
    played, won, streak, best = (_count(obj.get(k, 0)) for k in RECORD)
    r = g.Record(played, won, streak, best)
    if not r.streak <= r.best_streak <= r.won <= r.played:
        raise ValueError("its counts do not add up")
    # its groups, scores and finished games, each checked as the app reads its own record
    return g.Record.from_json(json.dumps(obj)).to_json()


def _all_known(record: g.Record) -> bool:
    """Every game a record counted is in its history: merging it by game id loses nothing."""
    return record.played <= len(record.history)


def _read_settings(obj: g.JSON) -> str:
    if not isinstance(obj, dict):
        raise ValueError("they are not an object")
    s = cfg.Settings()
    for k in ("four_colour", "manual"):
        if k in obj:
            on = obj[k]
            if not isinstance(on, bool):
                raise ValueError(f"“{k}” is not on or off")
            s.put(k, on)
    if cfg.PACE in obj:
        speed = obj[cfg.PACE]
        if speed not in cfg.SPEEDS:
            raise ValueError("the auto-play speed is not one this app has")
        assert isinstance(speed, str)  # one of the speeds' names
        s.put(cfg.PACE, speed)
    return s.to_json()


def _why(e: BaseException) -> str:
    return (str(e) or type(e).__name__)[:200]


def read_file(text: str, games: Games) -> Plan:
    """Check a file; FileRefused (with the reason) when it is not one this app can import."""
    if len(text) > MAX_CHARS:
        raise FileRefused(f"This file is too large to be a file of your games "
                      f"({len(text) / 1e6:.1f} MB; at most {MAX_CHARS // 1_000_000} MB). "
                      "Nothing was imported.")
    text = text.lstrip("\ufeff")
    try:
        data: g.JSON = g.loads_stored(text)  # a file nested deep would kill Pyodide's decoder
    except (ValueError, RecursionError):
        raise FileRefused("This file is not a file of your games: it is not JSON text. "
                      "Nothing was imported.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileRefused("This file is not a file of your games (made by “Export my games”). "
                      "Nothing was imported.")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileRefused("This file has no version number this app understands. "
                      "Nothing was imported.")
    if version > VERSION:
        raise FileRefused(f"This file is from a newer version of the app (file version {version}; "
                      f"this app reads version {VERSION}). Update the app on this device, "
                      "then import it again. Nothing was imported.")
    plan = Plan()
    section = data.get("games", {})
    if not isinstance(section, dict):
        plan.problems.append("the games could not be read")
        section = {}
    for gid, entry in section.items():
        table = games.get(gid)
        if table is None:
            plan.problems.append(f"“{str(gid)[:40]}” is not a game this app has")
            continue
        name = table.name
        if not isinstance(entry, dict):
            plan.problems.append(f"the {name} entry could not be read")
            continue
        if "save" in entry:
            raw = entry["save"]
            try:
                saved = raw if isinstance(raw, str) else json.dumps(raw, separators=(",", ":"))
                read = table.describe_save(saved)
                plan.items.append(Item(save_key(gid), read.text, "save", gid, read.about))
            except Exception as e:  # InvalidState, or anything a damaged save provokes
                plan.problems.append(f"the {name} game could not be read ({_why(e)})")
        if "record" in entry:
            try:
                plan.items.append(Item(record_key(gid), _read_record(entry["record"]),
                                       "record", gid))
            except Exception as e:
                plan.problems.append(f"the {name} record could not be read ({_why(e)})")
        skey = setup_key(games, gid)
        if "setup" in entry and skey:
            try:
                setup = Setup.from_dict(entry["setup"])
                if setup.game != gid:
                    raise ValueError("it is a set-up of another game")
                plan.items.append(Item(skey, json.dumps(setup.to_dict()),
                                       "setup", gid))
            except Exception as e:
                plan.problems.append(f"the {name} set-up could not be read ({_why(e)})")
        if "daily" in entry and "daily" in table.screens:
            book, problem = daily.Book.from_json(json.dumps(entry["daily"]))
            if problem:
                plan.problems.append(f"the {name} daily results could not all be read "
                                     f"({problem})")
            if book.attempts:
                plan.items.append(Item(daily.book_key(gid), book.to_json(), "daily", gid))
    if "settings" in data:
        try:
            plan.items.append(Item(cfg.SETTINGS_KEY, _read_settings(data["settings"]),
                                   "settings"))
        except Exception as e:
            plan.problems.append(f"your settings could not be read ({_why(e)})")
    if not plan.items:
        raise FileRefused("Nothing was imported: " + "; ".join(plan.problems) + "." if plan.problems
                      else "There was nothing to import in this file.")
    return plan


def plan_import(store: g.Store, text: str, games: Games) -> Plan:
    """Check a file and find what it would replace on this device: a different game in
    progress, or a different record of games played here. FileRefused as :func:`read_file`."""
    plan = read_file(text, games)
    for item in plan.items:
        mine = store.get(item.key)
        if mine is None or g.unstamped(mine) == item.text or item.game is None:
            continue
        name = games[item.game].name
        if item.kind == "save":
            try:
                here = games[item.game].describe_save(mine)
            except Exception:
                plan.conflicts.append(Conflict(item.key, f"{name}: a game here that cannot be "
                                                         f"read, replaced by {item.about}"))
                continue
            if not here.over:
                plan.conflicts.append(Conflict(
                    item.key, f"{name}: your game here ({here.about}) would be replaced by "
                              f"the file's ({item.about})"))
        elif item.kind == "record":
            stored = _parsed(mine)
            played = stored.get("played") if isinstance(stored, dict) else None
            if isinstance(played, int) and played > 0 and not _all_known(
                    g.Record.from_json(item.text)):
                theirs = json.loads(item.text)["played"]
                plan.conflicts.append(Conflict(
                    item.key, f"{name}: your record here ({played} played) would be replaced "
                              f"by the file's ({theirs} played)"))
    return plan


@dataclass(frozen=True)
class Imported:
    saves: int
    records: int
    settings: bool  # settings or set-ups
    kept: tuple[str, ...]  # what was left as it was ("Keep mine"): "your <game> game"
    games: frozenset[str]  # games whose save or set-up was written


def apply_plan(store: g.SaveStore, plan: Plan, replace: bool, games: Games) -> Imported:
    """Write the plan's entries; with ``replace`` False, the conflicts are left as they are."""
    skip = set() if replace else plan.conflict_keys
    written = [i for i in plan.items if i.key not in skip]
    for item in written:
        if item.kind == "save":  # with a revision every other open tab takes at once
            g.replace_save(store, item.key, item.text)
        elif item.kind == "record":
            _merge_record(store, item, games, first=item.key in plan.conflict_keys)
        elif item.kind == "daily":
            daily.merge_book(store, item.key, item.text)
        else:
            store.set(item.key, item.text)
    for item in plan.items:
        if item.kind == "record" and item.key in skip:  # "Keep mine": its new games join it
            _merge_record(store, item, games, first=False)
    kept = tuple(f"your {_name(games, i.game)} {'game' if i.kind == 'save' else i.kind}"
                 for i in plan.items if i.key in skip)
    return Imported(
        saves=sum(i.kind == "save" for i in written),
        records=sum(i.kind == "record" for i in written),
        settings=any(i.kind in ("settings", "setup") for i in written),
        kept=kept,
        games=frozenset(i.game for i in written if i.game and i.kind in ("save", "setup")))


def _merge_record(store: g.Store, item: Item, games: Games, first: bool) -> None:
    """A record of the file merged with this device's by game id (:func:`g.merge_records`):
    never a game counted twice. ``first``: the file's counts are the base (the player chose
    to replace this device's); else this device's, with the file's games it has not got."""
    mine_text = store.get(item.key)
    mine, theirs = g.Record.from_json(mine_text), g.Record.from_json(item.text)
    table = games.get(item.game or "")
    low = table is not None and table.scores == "low"
    merged = g.merge_records(theirs, mine, low) if first else g.merge_records(mine, theirs, low)
    if merged != mine or mine_text is None:
        store.set(item.key, merged.to_json())


def _name(games: Games, game_id: str | None) -> str:
    table = games.get(game_id or "")
    return table.name if table is not None else ""


def result_text(plan: Plan, done: Imported) -> str:
    """"Imported 2 games, 3 records and your settings." and what was kept or skipped."""
    parts = []
    if done.kept:
        kept = list(done.kept)
        parts.append("Kept " + (kept[0] if len(kept) == 1 else
                                ", ".join(kept[:-1]) + " and " + kept[-1]) + " here.")
    what = counts_text(done.saves, done.records, done.settings)
    parts.append(f"Imported {what}." if what else "Nothing else was imported.")
    if plan.problems:
        parts.append("Skipped what could not be read: " + "; ".join(plan.problems) + ".")
    return " ".join(parts)
