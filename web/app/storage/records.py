"""This device's record of one game: the counts, streaks, groups and scores, and the history of
its last finished games (each with what replays it), read field by field from what is stored."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from app.storage.keys import record_key
from app.storage.store import Store
from app.storage.stored_json import JSON, JSONObject, loads_stored

HISTORY = 100  # finished games kept for the statistics' list and replays, per game
MAX_RECORD = 600_000  # characters of one game's record at most (about 100 long games' moves)


def _whole(x: object) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or x < 0:
        raise ValueError("not a whole number")
    return x


def read_played(data: JSON) -> JSONObject:
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
    read_winners: list[JSON] = [_whole(w) for w in winners] if isinstance(winners, list) else []
    return {"gid": gid, "at": _whole(at), "won": bool(data.get("won")),
            "players": _whole(data.get("players", 1)),
            "levels": [str(x)[:20] for x in levels[:8]],  # text: checked above
            "winners": read_winners[:8],
            "score": score, "result": str(result or "")[:300], "tag": str(tag or "")[:20],
            "deal": data.get("deal") if isinstance(data.get("deal"), int) else None,
            "replay": replay}


def group_keys(entry: JSONObject) -> list[str]:
    """The groups a finished game is counted in: its number of players, and each computer
    level at its table ("players:3", "level:strong")."""
    levels = entry["levels"]
    assert isinstance(levels, list)  # a list of levels: read_played made it
    return [f"players:{entry['players']}"] + [f"level:{lv}" for lv in sorted(
        {str(x) for x in levels})]


def played_at(entry: JSONObject) -> int:
    """When a finished game of the history was counted (milliseconds; read_played checked
    it)."""
    return _whole(entry["at"])


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
    history: list[JSONObject] = field(default_factory=list)  # oldest first

    def add(self, won: bool, entry: JSONObject | None = None, low: bool = False) -> None:
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

    def find(self, gid: str) -> JSONObject | None:
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
