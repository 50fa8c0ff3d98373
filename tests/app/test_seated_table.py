"""app.seated.table, the table every seated game shares, through the shell in CPython: a
message lives as long as it is true, a pass-and-play hand is covered when the app goes to the
background, and a Start that would end a game in progress asks first. (The computers' marks and
the Replay are test_seated_computers.py's.)"""

from __future__ import annotations

import re
from typing import Any

from app.messages import Event
from app.seated.table import SeatedTable
from helpers.shell import boot, click, run_async, settle

M = "machiavelli"
THREE = f"#/{M}/deal/7?seats=you,standard,standard&variant=manipulation"


def table(app: Any) -> SeatedTable[Any, Any, Any, Any]:
    t: SeatedTable[Any, Any, Any, Any] = app.tables[M]
    return t


def shown(page: Any) -> str:
    return "".join(page.regions.values())


def test_a_refusal_is_said_then_gone_after_the_next_tap() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(THREE)
        await settle(app)
        click(app, "m-end")  # nothing laid: the engine refuses the end of the turn
        await settle(app)
        refusal = page.texts["mt-msg"]
        assert refusal, "a refused End turn says why"
        click(app, "m-hand", hand="0")  # picking a card: the refusal is no longer true
        await settle(app)
        assert page.texts["mt-msg"] != refusal
    run_async(run())


def test_a_hand_on_show_is_covered_when_the_app_goes_to_the_background() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(f"#/{M}/deal/5?seats=@Ana,@Bo&variant=manipulation")
        await settle(app)
        click(app, "mt-take")
        await settle(app)
        assert 'data-testid="m-hand"' in shown(page)
        page.regions.clear()
        app.handle(Event("hidden"))
        await settle(app)
        assert 'data-testid="cover"' in shown(page)
        assert 'data-testid="m-hand"' not in shown(page)
    run_async(run())


def test_starting_a_new_game_over_one_in_progress_asks_first() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(THREE)
        await settle(app)
        click(app, "m-draw")
        await settle(app)
        t = table(app)
        m = t.match
        assert m is not None
        env.go(f"#/{M}/setup")
        await settle(app)
        click(app, "setup-start")
        await settle(app)
        assert 'data-testid="confirm"' in page.regions["screen"]
        assert f"deal {m.deal}, 3 turns played" in page.regions["screen"]
        assert t.match is m  # nothing thrown away yet
        click(app, "setup-keep")
        await settle(app)
        assert env.address == f"#/{M}" and t.match is m
        env.go(f"#/{M}/setup")
        await settle(app)
        click(app, "setup-start")
        click(app, "setup-start-anyway")
        await settle(app)
        assert t.match is not m and t.match is not None and t.match.actions <= 40
    run_async(run())


# --- issue 35: set-up options as a player would say them; a bad one explained by its field ---


def option(app: Any, key: str, value: str, game: str = M) -> None:
    app.handle(Event("change", action="setup-option", data={"key": key}, value=value))


def field(screen: str, field_id: str) -> str:
    (tag,) = re.findall(rf'<input id="{field_id}"[^>]*>', screen)
    return tag


def test_options_whose_zero_is_the_usual_choice_read_as_words() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(f"#/{M}/setup")
        await settle(app)
        screen = page.regions["screen"]
        hand = field(screen, "opt-hand_size")
        assert 'value=""' in hand and 'placeholder="usual for the variant"' in hand
        assert 'placeholder="one hand"' in field(screen, "opt-match_limit")
        assert "Empty (or 0): the variant" in screen
        env.go("#/cube-farm/setup")
        await settle(app)
        assert 'placeholder="one per player"' in field(page.regions["screen"], "opt-hands")
        env.go("#/machine/setup")
        await settle(app)
        rounds = field(page.regions["screen"], "opt-max_rounds")
        assert 'value="150"' in rounds and 'placeholder="no limit"' in rounds
        # typed 7, then emptied: the usual choice again (0 to the game)
        env.go(f"#/{M}/setup")
        await settle(app)
        form = table(app).form
        option(app, "hand_size", "7")
        assert form.draft.option("hand_size") == 7
        assert 'value="7"' in field(page.regions["screen"], "opt-hand_size")
        option(app, "hand_size", "")
        assert form.draft.option("hand_size") == 0 and not form.problems
    run_async(run())


def test_a_bad_option_is_explained_under_its_field_and_start_goes_there() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go("#/cube-farm/setup")
        await settle(app)
        option(app, "hands", "-5")
        screen = page.regions["screen"]
        said = "Hands cannot be -5: choose 1 to 20, or leave it empty for one per player."
        assert said in screen and "config." not in screen
        hands = field(screen, "opt-hands")
        assert 'aria-invalid="true"' in hands and 'aria-describedby="opt-hands-error"' in hands
        # the words sit right under the field, before its help line
        assert screen.index("opt-hands-error") < screen.index("Empty (or 0): one hand")
        click(app, "setup-start")
        await settle(app)
        assert env.address == "#/cube-farm/setup"  # not started
        assert page.batches[-1].get("focus") == "opt-hands"  # the field, scrolled into view
        assert 'data-testid="setup-error"' not in page.regions["screen"]
        option(app, "hands", "3")
        assert "cannot be" not in page.regions["screen"]
        click(app, "setup-start")
        await settle(app)
        assert env.address == "#/cube-farm"
    run_async(run())


def test_a_problem_of_the_whole_set_up_is_said_above_start() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(f"#/{M}/setup")
        await settle(app)
        for _ in range(5):
            click(app, "setup-add")
        option(app, "hand_size", "15")  # 8 hands of 15 cards: more than two decks
        click(app, "setup-start")
        await settle(app)
        screen = page.regions["screen"]
        (bar,) = re.findall(r'<div class="bottom-bar">.*', screen, re.S)
        assert 'data-testid="setup-error"' in bar and "do not fit in 104 cards" in bar
        assert "config" not in bar
    run_async(run())
