"""The Cube Farm command line and rules page as a new user meets them (issue 13, "Also found"):
option ranges, the tournament's tallies, a closed pipe, help texts, the elevator example, and
the set-up option for joining two players' cubicles."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from engine.errors import ParseError
from engine.games.cube_farm.board import SHAPES, board_from_map
from engine.games.cube_farm.cli import cli_main, tournament
from engine.games.cube_farm.rules import GAME
from engine.seats import play_seeded

ROOT = Path(__file__).resolve().parents[2]
TWO_OWNERS = "this would join cubicles claimed by two different players"


@pytest.mark.parametrize("hands", ["-1", "21", "100"])
def test_tournament_refuses_hands_a_game_cannot_have(hands: str) -> None:
    with pytest.raises(ParseError, match="--hands"):
        cli_main(["tournament", "--games", "1", "--hands", hands])


def test_tournament_of_one_level_against_itself_is_not_always_won() -> None:
    res = tournament("beginner", "beginner", 10, 1, hands=1)
    rate = res["a_win_rate"]
    assert isinstance(rate, float) and 0.0 < rate < 1.0
    assert len(res["mean_score"]) == 2  # type: ignore[arg-type]


@pytest.mark.parametrize("command", [["deck"], ["play", "--seed", "2", "--hands", "1",
                                                "--seats", "beginner,beginner", "--json"]])
def test_output_into_a_closed_pipe_ends_quietly(command: list[str]) -> None:
    p = subprocess.Popen([sys.executable, "-m", "engine", "cube-farm", *command], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()  # as `| head` does once it has its lines
    err = p.stderr.read().decode()
    assert p.wait(timeout=60) == 0
    assert "Traceback" not in err and "BrokenPipeError" not in err


def test_every_flag_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for cmd, flags in (("tournament", ("--seed", "--players", "--hands", "--games")),
                       ("stats", ("--seed", "--players", "--hands"))):
        assert cli_main([cmd, "--help"]) == 0
        out = capsys.readouterr().out
        for flag in flags:
            line = " ".join(out.split(flag.upper().lstrip("-") + " ", 1)[1].split()[:3])
            assert line and not line.startswith("--"), (cmd, flag, out)


def test_rules_page_counts_the_walk_through_the_elevator_as_three_steps() -> None:
    text = " ".join((ROOT / "engine" / "games" / "cube_farm" / "rules.md").read_text().split())
    assert "would be 3 steps away straight through the elevator" in text
    assert "would be 2 steps away" not in text


def test_joining_two_players_cubicles_is_a_named_set_up_option() -> None:
    opt = next(o for o in GAME.info.options if o.id == "join")
    assert opt.default == "no" and [v for v, _ in opt.choices] == ["no", "yes"]
    assert GAME.config_from_dict({"players": 3}).join == "no"
    config = GAME.config_from_dict({"players": 3, "join": "yes"})
    s = GAME.new_game(config, random.Random(1))
    assert s.join and s.board.join_players
    again = GAME.state_from_dict(GAME.state_to_dict(s))
    assert again == s and again.board.join_players and GAME.config_of(again).join == "yes"
    old_save = {k: v for k, v in GAME.state_to_dict(s).items() if k != "join"}
    assert not GAME.state_from_dict(old_save).join  # saves from before the option: "no"
    # C31's corner unit opens north and west: between Ana's cubicle and Bo's
    for join in (False, True):
        b = board_from_map(["#    cs@1 #", "ce@2 #    #"])
        b.join_players = join
        problem = b.join_conflict(SHAPES["C31"][0], 1, 1)
        if not join:
            assert problem == TWO_OWNERS
            continue
        assert problem is None
        b.place("C31", 1, 1, 0)
        joined = b.cubicle_at((1, 1))
        assert joined is not None and set(joined.units) == {(1, 0), (0, 1), (1, 1)}
        assert joined.owner == 0  # a tie: the cubicle first in reading order (Ana's)
        assert {b.stones[u] for u in joined.units} == {0}


def test_the_join_option_reaches_the_command_line() -> None:
    res = play_seeded("cube-farm", 3, ["beginner", "beginner"], {"hands": 1, "join": "yes"})
    assert res.to_dict()["options"]["join"] == "yes"


def test_the_deck_list_names_each_card_as_the_app_does(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main(["deck"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["E0", ".", "E", ".", "|", ".", "E", ".", "Elevator"]
    c39 = next(line for line in lines if line.startswith("C39 "))
    assert c39.endswith(" Printer & Water lounge") and "La . Wa" in c39
