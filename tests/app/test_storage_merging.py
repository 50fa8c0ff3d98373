"""app.storage.merging: another device's record is merged by game id, so nothing counts twice."""

from __future__ import annotations

from typing import Any

from app.storage import Record, merge_records


def record(*games: tuple[str, int, bool], played: int = 0) -> Record:
    r = Record()
    for gid, at, won in games:
        r.add(won, {"gid": gid, "at": at, "won": won, "players": 1, "levels": [],
                    "winners": [], "score": None, "result": "", "tag": "", "deal": None,
                    "replay": None})
    r.played += played
    return r


def gids(r: Record) -> list[Any]:
    return [e["gid"] for e in r.history]


def test_a_device_with_no_record_takes_the_file_whole() -> None:
    theirs = record(("a", 1, True), played=4)
    assert merge_records(Record(), theirs) is theirs


def test_the_same_games_merged_twice_count_once() -> None:
    mine = record(("a", 1, True), ("b", 3, False))
    theirs = record(("a", 1, True), ("c", 2, True), played=10)
    merged = merge_records(mine, theirs)
    assert merged.played == 3 and gids(merged) == ["a", "c", "b"]
    assert merge_records(merged, theirs) == merged
    assert mine.played == 2  # this device's record itself is not changed


def test_an_older_game_does_not_make_or_break_todays_streak() -> None:
    mine = record(("a", 5, True))
    merged = merge_records(mine, record(("old", 1, False)))
    assert (merged.played, merged.won, merged.streak) == (2, 1, 1)
    merged = merge_records(mine, record(("new", 9, True)))
    assert (merged.streak, merged.best_streak) == (2, 2)
