"""Another device's record (an import) merged into this device's, counting no game twice."""

from __future__ import annotations

from app.storage.records import HISTORY, Record, played_at


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
    new = sorted((e for e in theirs.history if not merged.has(str(e["gid"]))),
                 key=played_at)
    last = max((played_at(e) for e in mine.history), default=0)
    for e in new:
        streak = merged.streak
        merged.add(bool(e["won"]), e, low)
        if played_at(e) < last:  # an older game does not make or break today's streak
            merged.streak = streak
    merged.history.sort(key=played_at)
    merged.history = merged.history[-HISTORY:]
    merged.best_streak = max(merged.best_streak, theirs.best_streak, merged.streak)
    return merged
