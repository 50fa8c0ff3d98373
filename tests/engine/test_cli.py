"""The command line every game shares: ``python -m engine play GAME`` and ``python -m engine
tournament GAME`` (and the same as ``GAME play|tournament``), run for every registered game
with fixed seeds and pinned outcomes; flags from the game's metadata, every one explained;
bad input exits with 2 and one line; a closed pipe ends quietly; a game's own commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine.__main__ import main
from engine.cli import play_parser, tournament_parser
from engine.registry import GAMES, get_game
from engine.seats import FORCED, default_seats, parse_options, play_seeded
from engine.tournament import report, wilson

ROOT = Path(__file__).resolve().parents[2]
IDS = GAMES.ids()

# A small set-up of each game, as flags (every registered game needs one: see the first test).
SMALL: dict[str, list[str]] = {
    "perpetual-motion": [],
    "machiavelli": ["--variant", "manipulation", "--hand-size", "7"],
    "machine": ["--max-rounds", "20"],
    "cube-farm": ["--hands", "1"],
}
# play GAME --seed 3 (default seats) with the small set-up: as the per-game commands played it
PLAYED: dict[str, dict[str, Any]] = {
    "perpetual-motion": {"seats": [FORCED], "winners": [0], "scores": None, "actions": 1492,
                         "first": "P1 deal"},
    "machiavelli": {"seats": ["strong", "standard"], "winners": [1], "scores": [15.0, 0.0],
                    "actions": 224, "first": "P1 draw"},
    "machine": {"seats": ["strong", "standard"], "winners": [1], "scores": [8.0, 9.0],
                "actions": 94, "first": "P2 setup flush full-house"},  # the last seat first
    "cube-farm": {"seats": ["strong", "standard"], "winners": [0], "scores": [30.0, 29.0],
                  "actions": 23, "first": "P1 place C39 at 3,1 rot 1"},
}
# tournament GAME --games N --seed 1 (default levels and players) with the small set-up
TOURNAMENT: dict[str, tuple[int, dict[str, Any]]] = {
    "perpetual-motion": (20, {"a": FORCED, "players": 1, "a_wins": 0.0, "no_winner": 20,
                              "mean_actions": 1004.1}),
    "machiavelli": (4, {"a": "strong", "b": "standard", "a_wins": 3.0, "b_wins": 1.0,
                        "mean_actions": 262.0, "mean_score": {"a": 15.0, "b": 10.0}}),
    "machine": (4, {"a": "strong", "b": "standard", "a_wins": 2.0, "b_wins": 2.0,
                    "mean_actions": 98.75, "mean_score": {"a": 8.75, "b": 9.0}}),
    "cube-farm": (4, {"a": "strong", "b": "standard", "a_wins": 2.5, "b_wins": 1.5,
                      "mean_actions": 23.75, "mean_score": {"a": 32.25, "b": 30.0}}),
}


def _options(game_id: str) -> dict[str, object]:
    flags = SMALL[game_id]
    return parse_options(game_id, {f[2:].replace("-", "_"): v
                                   for f, v in zip(flags[::2], flags[1::2], strict=True)})


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_every_registered_game_is_run_here() -> None:
    assert set(SMALL) == set(PLAYED) == set(TOURNAMENT) == set(IDS)


@pytest.mark.parametrize("game_id", IDS)
def test_play_json_is_the_seated_game(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "play", game_id, "--seed", "3", *SMALL[game_id], "--json")
    assert code == 0 and err == "" and len(out.splitlines()) == 1
    got = json.loads(out)
    want = PLAYED[game_id]
    assert {k: got[k] for k in ("seats", "winners", "scores", "actions")} == {
        k: want[k] for k in ("seats", "winners", "scores", "actions")}
    again = play_seeded(game_id, 3, default_seats(game_id), _options(game_id))
    assert got == json.loads(json.dumps(again.to_dict()))
    # the older spelling is the same command
    assert _run(capsys, game_id, "play", "--seed", "3", *SMALL[game_id], "--json")[1] == out


@pytest.mark.parametrize("game_id", IDS)
def test_play_says_what_happened(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "play", game_id, "--seed", "3", *SMALL[game_id], "--log",
                        "--show")
    assert code == 0
    lines = out.splitlines()
    played = play_seeded(game_id, 3, default_seats(game_id), _options(game_id))
    assert lines[0] == PLAYED[game_id]["first"]
    assert sum(line.startswith("P") for line in lines) >= played.actions
    table = get_game(game_id).table_text(played.state)
    text = "\n".join(lines[played.actions:])
    assert text.startswith(table)
    summary = text[len(table):].strip().splitlines()
    seats = ", ".join(f"{i + 1} {lv}" for i, lv in enumerate(default_seats(game_id)))
    assert summary[0].startswith(f"{game_id} deal 3; seats: {seats}")
    assert summary[1] == played.outcome.summary
    assert summary[2].endswith(f"; {played.actions} actions")
    assert summary[3:] == [f"{k}: {json.dumps(v)}" for k, v in played.outcome.details.items()]


def test_the_table_is_shown_where_a_game_has_a_text_form(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "play", "cube-farm", "--seed", "3", "--levels",
                        "strong,beginner", "--hands", "1", "--show")
    assert code == 0 and "player 1: cubicle" in out and "@1" in out
    assert "hands: [[" in out


def test_a_long_game_says_it_goes_on(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "play", "perpetual-motion", "--seed", "3", "--progress")
    assert code == 0 and "… 500 actions played" in err and "… 1000 actions played" in err
    assert "…" not in out


@pytest.mark.parametrize("game_id", IDS)
def test_tournament_json_is_pinned(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    games, want = TOURNAMENT[game_id]
    code, out, _ = _run(capsys, "tournament", game_id, "--games", str(games),
                        *SMALL[game_id], "--json")
    assert code == 0
    got = json.loads(out)
    assert got["game"] == game_id and got["games"] == games and got["seed"] == 1
    assert {k: round(got[k], 2) if isinstance(got[k], float) else got[k] for k in want} == want
    lo, hi = wilson(got["a_wins"], games)
    assert got["a_win_ci95"] == [lo, hi] and got["a_win_rate"] == got["a_wins"] / games
    assert got["a_wins"] + got["b_wins"] + got["no_winner"] == pytest.approx(games)
    seats = default_seats(game_id)
    again = report(game_id, seats[0], seats[-1], games, 1, len(seats), _options(game_id))
    mine = again.to_dict()
    assert {k: v for k, v in got.items() if k != "turn_ms"} == json.loads(json.dumps(
        {k: v for k, v in mine.items() if k != "turn_ms"}))
    assert set(got["turn_ms"]) == ({"a"} if len(seats) == 1 else {"a", "b"})


@pytest.mark.parametrize("game_id", IDS)
def test_tournament_report_for_people(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    games, want = TOURNAMENT[game_id]
    code, out, _ = _run(capsys, game_id, "tournament", "--games", str(games),
                        *SMALL[game_id])
    assert code == 0
    text = " ".join(out.split())
    assert f"{want['a']} (a)" in text and f"{games} games" in text and "95 % CI" in text
    assert "mean game length" in text and "turn time" in text


def test_the_a_side_is_counted_apart_when_both_sides_are_one_level() -> None:
    res = report("cube-farm", "beginner", "beginner", 10, 1, 2, {"hands": 1})
    assert 0.0 < res.a_win_rate < 1.0
    assert set(res.mean_score) == {"a", "b"} and res.a_wins + res.b_wins == 10


def test_the_numbers_of_processes_do_not_change_the_results() -> None:
    one = report("machiavelli", "standard", "beginner", 4, 2, 2, {"variant": "manipulation"})
    two = report("machiavelli", "standard", "beginner", 4, 2, 2, {"variant": "manipulation"},
                 jobs=2)
    for k in ("a_wins", "b_wins", "mean_actions", "mean_score", "details"):
        assert getattr(one, k) == getattr(two, k)


def test_wilson_interval() -> None:
    lo, hi = wilson(300, 500)
    assert 0.556 < lo < 0.558 and 0.641 < hi < 0.643
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("game_id", IDS)
@pytest.mark.parametrize("command", ["play", "tournament"])
def test_every_flag_is_explained(game_id: str, command: str,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    """Every flag says what it does and its default; the levels are listed, and each of the
    game's set-up options is a flag."""
    parser = (play_parser if command == "play" else tournament_parser)(game_id)
    for action in parser._actions:
        assert action.help and len(action.help) > 10, (command, action.option_strings)
    info = get_game(game_id).info
    code, out, _ = _run(capsys, command, game_id, "--help")
    text = " ".join(out.split())
    assert code == 0 and "(default 1)" in text
    for level in info.bot_levels or (FORCED,):
        assert level in text
    for o in info.options:
        assert "--" + o.id.replace("_", "-") in text and f"default {o.default}" in text
    if command == "tournament":
        assert "games to play (default 100)" in text and "100003" in text
        assert f"{info.min_players} to {info.max_players}" in text


BAD: list[tuple[list[str], list[str]]] = [
    (["play", "machiavelli", "--seats", "strong,godlike"],
     ["'godlike'", "beginner, standard, strong"]),
    (["play", "machine", "--bots", "beginner,wizard"], ["'wizard'"]),
    (["play", "cube-farm", "--levels", "standard"], ["2 to 5 players"]),
    (["play", "perpetual-motion", "--seats", "standard"], ["no computer players", FORCED]),
    (["play", "machiavelli", "--seats", "forced,forced"], ["cannot choose"]),
    (["play", "machiavelli", "--hand-size", "seven"], ["hand_size", "whole number"]),
    (["play", "perpetual-motion", "--deck", "AS 2S"], ["52"]),
    (["tournament", "machine", "--games", "0"], ["--games"]),
    (["tournament", "machine", "--jobs", "0"], ["--jobs"]),
    (["tournament", "machiavelli", "--a", "godlike"], ["'godlike'"]),
    (["tournament", "cube-farm", "--players", "6"], ["2 to 5 players"]),
    (["tournament", "nonsense"], ["unknown game", "machine"]),
    (["nonsense", "play"], ["unknown game"]),
    (["machine", "nonsense"], ["no command 'nonsense'"]),
]
# every whole-number option, one past its largest value, in both commands
BAD += [([command, g, "--" + o.id.replace("_", "-"), str((o.max or 0) + 1)], [o.id])
        for g in IDS for o in get_game(g).info.options if o.kind == "int"
        for command in ("play", "tournament")]
BAD += [([command, g, "--" + o.id.replace("_", "-"), "nonsense"], [o.id])
        for g in IDS for o in get_game(g).info.options if o.kind == "choice"
        for command in ("play", "tournament")]


@pytest.mark.parametrize(("argv", "words"), BAD)
def test_bad_input_exits_2_with_one_line(argv: list[str], words: list[str],
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, *argv)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("error:"), err
    for w in words:
        assert w in err


def test_a_bad_flag_is_argparses_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(capsys, "play", "machine", "--speed", "3")
    assert code == 2 and out == "" and "unrecognized arguments: --speed" in err


def test_the_front_door_lists_commands_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "--help")
    assert code == 0 and "play" in out and "tournament" in out
    assert all(g in out for g in IDS)
    assert _run(capsys)[0] == 2
    for g in IDS:
        code, out, _ = _run(capsys, g, "--help")
        assert code == 0 and f"python -m engine play {g}" in out


@pytest.mark.parametrize("argv", [*(["play", g, "--seed", "2", *SMALL[g], "--json"]
                                    for g in IDS), ["cube-farm", "deck"]])
def test_output_into_a_closed_pipe_ends_quietly(argv: list[str]) -> None:
    p = subprocess.Popen([sys.executable, "-m", "engine", *argv], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()  # as `| head` does once it has its lines
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 0
    assert "Traceback" not in err and "BrokenPipeError" not in err


# --- a game's own commands -----------------------------------------------------------------


def test_the_deck_list_names_each_card_as_the_app_does(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "cube-farm", "deck")
    lines = out.splitlines()
    assert code == 0
    assert lines[0].split() == ["E0", ".", "E", ".", "|", ".", "E", ".", "Elevator"]
    c39 = next(line for line in lines if line.startswith("C39 "))
    assert c39.endswith(" Printer & Water lounge") and "La . Wa" in c39


def test_the_stats_flags_are_explained(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _run(capsys, "cube-farm", "stats", "--help")
    assert code == 0
    for flag in ("--seed", "--players", "--hands"):
        line = " ".join(out.split(flag.upper().lstrip("-") + " ", 1)[1].split()[:3])
        assert line and not line.startswith("--"), (flag, out)
    code, out, err = _run(capsys, "cube-farm", "stats", "--players", "9")
    assert code == 2 and "--players" in err
