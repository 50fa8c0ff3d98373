"""The app's shell driven in CPython: a recording page instead of the browser, the thinking
requests answered by ``app.think`` itself. Routing, one save per game, computer turns,
pass-and-play (nothing of the next hand in the page), refusals that change nothing, watch
links and the end of a game."""

from __future__ import annotations

import json

from app import storage as g
from app.storage import DictStore
from helpers.shell import boot, click, run_async, settle

from engine.seats import play_seeded

M = "machiavelli"




def test_home_offers_machiavelli_and_routes_unknown_links_home() -> None:
    async def run() -> None:
        app, page, env = boot()
        assert page.dataset["ready"] == "1"
        assert 'data-testid="play-machiavelli"' in page.regions["screen"]
        env.go("#/nowhere")
        await settle(app)
        assert 'data-testid="notice"' in page.regions["screen"]
        env.go("#/machiavelli/deal/7?seats=you,wizard")
        await settle(app)
        assert "wizard" in page.regions["screen"] and 'data-testid="notice"' in page.regions[
            "screen"]
    run_async(run())


def test_a_game_against_computers_saves_every_action_and_refuses_cleanly() -> None:
    async def run() -> None:
        store = DictStore()
        app, page, env = boot(store)
        env.go("#/machiavelli/deal/12?seats=you,standard,beginner&variant=manipulation")
        await settle(app)
        assert 'data-testid="m-table"' in page.regions["mt-board"]
        saved = store.get(g.save_key(M))
        assert saved is not None
        table = app.tables[M]
        before = table.match.state
        click(app, "m-end")  # nothing laid: refused, nothing changes
        assert table.match.state == before
        assert page.texts["mt-msg"]
        click(app, "m-hint")  # thought out by the thinking requests, then shown
        await settle(app)
        assert "can lay" in page.texts["mt-msg"] or "Nothing can be laid" in page.texts["mt-msg"]
        click(app, "m-draw")
        await settle(app)
        m = table.match
        assert m.current == 0 and m.actions >= 3  # both computers played
        assert len(m.log) >= 3 and m.log[0].text == "You drew a card"
        assert json.loads(store.get(g.save_key(M)) or "{}")["actions"] == m.actions
        # a reload: the same game comes back from the save
        app2, page2, _ = boot(store)
        assert app2.tables[M].match.state == m.state
        assert "cards in hand" in page2.regions["screen"]
    run_async(run())


def test_pass_and_play_keeps_the_next_hand_out_of_the_page() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go("#/machiavelli/deal/5?seats=@Ana,@Bo&variant=manipulation")
        await settle(app)
        screen = page.regions["screen"]
        assert "Pass to Ana" in screen and "data-card" not in screen
        click(app, "mt-take")
        assert "data-card" in page.regions["mt-dock"]  # Ana's hand, in the dock
        click(app, "m-draw")
        await settle(app)
        screen = page.regions["screen"]
        assert "Pass to Bo" in screen and "Ana drew a card" in screen
        assert "data-card" not in screen
    run_async(run())


def test_watch_link_sets_the_outcome_of_the_command_lines_game() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go("#/machiavelli/watch/3?seats=standard,beginner&variant=manipulation"
               "&speed=fastest")
        await settle(app)
        expected = play_seeded(M, 3, ["standard", "beginner"], {"variant": "manipulation"})
        out = json.loads(page.dataset["outcome"])
        assert out["winners"] == list(expected.outcome.winners)
        assert int(page.dataset["actions"]) == expected.actions
        assert 'data-testid="end"' in page.regions["mt-board"]
    run_async(run())


def test_a_match_keeps_every_hands_points_and_pauses_between_hands() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go("#/machiavelli/watch/2?seats=standard,standard&variant=manipulation"
               "&match_limit=40&speed=fastest")
        await settle(app)
        m = app.tables[M].watching
        assert m is not None and m.over
        assert len(m.state.history) == m.state.hand_no >= 2
        assert [sum(h[i] for h in m.state.history) for i in range(2)] == list(m.state.scores)
        board = page.regions["mt-board"]
        assert "Hand 1" in board and "Total" in board
        # a person's match stops at the hand-over panel until "Next hand"
        env.go("#/machiavelli/deal/2?seats=you,standard&variant=manipulation&match_limit=500")
        await settle(app)
        table = app.tables[M]
        for _ in range(300):
            if table.hand_over is not None or table.match.over:
                break
            click(app, "m-draw")
            await settle(app)
        assert table.hand_over is not None
        assert 'data-testid="hand-over"' in page.regions["mt-board"]
        click(app, "mt-next-hand")
        await settle(app)
        assert table.hand_over is None and table.match.state.hand_no == 2
    run_async(run())


def test_every_seated_game_gives_a_hint_and_plays_computer_turns() -> None:
    async def run() -> None:
        for game, hint in (("machine", "mm-hint"), ("cube-farm", "cf-hint")):
            app, page, env = boot()
            env.go(f"#/{game}/deal/4?seats=you,beginner")
            await settle(app)
            table = app.tables[game]
            m = table.match
            assert m is not None and m.setup.game == game
            while m.current != 0 and not m.over:  # the set-up of the Machine: computers first
                await settle(app)
            click(app, hint)
            await settle(app)
            message = page.texts["mt-msg"]
            assert "Strong computer would" in message and "Thinking" not in message, message
    run_async(run())
