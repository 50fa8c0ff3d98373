"""app.storage.records: this device's record of a game counts, keeps its last games, and reads
whatever is stored without failing (an unreadable part starts empty)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from app import storage as g
from app.storage import Record


def entry(gid: str, at: int, **more: Any) -> dict[str, Any]:
    return {"gid": gid, "at": at, "won": True, "players": 2, "levels": [], "winners": [0],
            "score": None, "result": "", "tag": "", "deal": None, "replay": None, **more}


def test_an_unreadable_history_line_is_left_out() -> None:
    good = {"gid": "x1", "at": 5, "won": True, "players": 2, "levels": ["strong"],
            "winners": [0], "score": 3, "result": "You won.", "tag": "", "replay": None}
    text = json.dumps({"played": 2, "won": 1, "history": [good, {"gid": 7}, "no"]})
    r = Record.from_json(text)
    assert r.played == 2 and [e["gid"] for e in r.history] == ["x1"]


def test_a_record_too_long_drops_the_oldest_replays_first() -> None:
    r = Record()
    for i in range(5):
        r.add(True, {"gid": f"g{i}", "at": i, "won": True, "players": 2, "levels": [],
                     "winners": [0], "score": None, "result": "", "tag": "", "deal": i,
                     "replay": {"moves": ["x" * 200_000]}})
    kept = Record.from_json(r.to_json())
    assert len(kept.history) == 5 and kept.played == 5
    assert [e["replay"] is not None for e in kept.history] == [False, False, False, True, True]
    assert len(r.to_json()) <= g.MAX_RECORD


def test_counts_streaks_groups_and_scores() -> None:
    r = Record()
    r.add(True, entry("a", 1, players=3, levels=["strong", "beginner", "strong"], score=5))
    r.add(True, entry("b", 2, score=9))
    r.add(False, entry("c", 3, score=2), low=True)
    assert (r.played, r.won, r.streak, r.best_streak) == (3, 2, 0, 2)
    assert r.groups == {"players:3": [1, 1], "level:beginner": [1, 1], "level:strong": [1, 1],
                        "players:2": [2, 1]}
    assert (r.scored, r.score_sum, r.best_score) == (3, 16, 2)
    assert r.has("b") and r.find("c") == r.history[-1] and r.find("z") is None
    assert Record.from_json(r.to_json()) == r


def test_only_the_last_games_are_kept_in_the_history() -> None:
    r = Record()
    for i in range(g.HISTORY + 3):
        r.add(True, entry(f"g{i}", i))
    assert r.played == g.HISTORY + 3 and len(r.history) == g.HISTORY
    assert r.history[0]["gid"] == "g3"


@pytest.mark.parametrize("data", [
    [], {"gid": "", "at": 1}, {"gid": "x" * 41, "at": 1}, {"gid": "x", "at": -1},
    {"gid": "x", "at": True}, {"gid": "x", "at": 1, "levels": [3]},
    {"gid": "x", "at": 1, "score": "9"}, {"gid": "x", "at": 1, "replay": []},
])
def test_a_finished_game_is_read_field_by_field(data: Any) -> None:
    with pytest.raises(ValueError):
        g.read_played(data)


def test_a_finished_game_is_trimmed_to_what_is_kept() -> None:
    read = g.read_played({"gid": "x", "at": 1, "levels": ["y" * 30] * 9, "result": "r" * 400,
                          "deal": "7", "extra": 1})
    assert len(read["levels"]) == 8 and read["levels"][0] == "y" * 20
    assert len(read["result"]) == 300 and read["deal"] is None and "extra" not in read
    assert g.group_keys(read) == ["players:1", "level:" + "y" * 20]


def test_garbage_reads_as_an_empty_record_and_a_bad_part_as_empty() -> None:
    assert Record.from_json(None) == Record() and Record.from_json("[1]") == Record()
    assert Record.from_json('{"played": 1, "won": 2}') == Record()
    r = Record.from_json('{"played": 2, "won": 1, "groups": {"a": [1]}, "score_sum": true}')
    assert (r.played, r.won, r.groups, r.scored) == (2, 1, {}, 0)
