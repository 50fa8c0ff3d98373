"""The command line: tournament figures and one printed game; bad input exits with 2."""

from __future__ import annotations

import json

import pytest

from engine.__main__ import main
from engine.games.machine.cli import tournament, wilson


def test_tournament_counts_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    res = tournament("standard", "beginner", 4, seed=3)
    assert sum(res.wins.values()) <= 4 and len(res.rounds) == 4
    assert main(["machine", "tournament", "--a", "standard", "--b", "beginner", "--games", "2",
                 "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and set(data["win_rate"]) == {"standard", "beginner"}
    assert "median" in data["turn_ms"]["standard"]
    assert main(["machine", "play", "--bots", "beginner,standard", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("P2 setup")  # the last seat sets up first
    assert out.strip().splitlines()[-1].startswith("result:")


def test_bad_input_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["machine", "tournament", "--games", "0"]) == 2
    assert main(["machine", "play", "--bots", "standard"]) == 2
    assert "error:" in capsys.readouterr().err


def test_wilson_interval() -> None:
    lo, hi = wilson(300, 500)
    assert 0.556 < lo < 0.558 and 0.641 < hi < 0.643
