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


def test_help_lists_levels_and_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 12: every flag says what it does and its default; the levels are listed."""
    for cmd in ("play", "tournament"):
        assert main(["machine", cmd, "--help"]) == 0
        text = " ".join(capsys.readouterr().out.split())
        assert "beginner" in text and "strong" in text
        assert "default 150" in text and "0: no limit" in text
        assert "(default 1)" in text or "(default 1;" in text or "default 1)" in text
    assert main(["machine", "tournament", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "games to play (default 100)" in text and "players a game, 2 to 4 (default 2)" in text


def test_a_long_quiet_game_says_it_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    import argparse

    from engine.play_cli import run_play

    args = argparse.Namespace(seed=3, seats="beginner,beginner", option_max_rounds="0",
                              json=False)
    result = run_play("machine", args, log=False, progress_every=100)
    captured = capsys.readouterr()
    assert "… 100 actions played" in captured.err and captured.out == ""
    assert result.state.result == "won"


def test_shared_win_at_the_round_limit_reads_well() -> None:
    from dataclasses import replace

    from engine.games.machine.rules import GAME, LIMIT, OVER, MachineConfig

    st = GAME.new_game(MachineConfig(2, max_rounds=5), __import__("random").Random(1))
    st = replace(st, phase=OVER, result=LIMIT, winners=(0, 1), round=5)
    out = GAME.outcome(st)
    assert out is not None
    assert out.summary == ("After 5 rounds Player 1 and Player 2 have the fewest cubes left "
                           "and share the win.")
