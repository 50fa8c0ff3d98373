"""A fifth game through the app, in CPython: the test suite's sample game (Nim, engine package
``sample.nim``, table package ``sample.nim_table``) registered with one registry line, shown on the
home screen, played at the shared seated table against a computer to its end screen, counted
in this device's record and reloaded from its save."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from app.storage import DictStore, record_key, save_key
from helpers.shell import boot, click, run_async, settle
from sample import registered

from engine.registry import get_game


@pytest.fixture
def nim() -> Iterator[str]:
    with registered() as game_id:
        yield game_id


def test_the_sample_game_plays_through_the_seated_table_to_its_end(nim: str) -> None:
    store = DictStore()
    game = get_game(nim)

    async def run() -> None:
        app, page, env = boot(store)
        assert nim in app.tables
        home = page.html()
        assert f'data-testid="game-{nim}"' in home and f'data-testid="play-{nim}"' in home
        env.go(f"#/{nim}/deal/7?seats=you,perfect")
        await settle(app)
        table = app.tables[nim]
        m = table.match  # type: ignore[attr-defined]
        assert m is not None and m.deal == 7
        taps = 0
        while not m.over:
            assert m.current == 0, "the computer's turn is played before the next tap"
            take = game.legal_actions(m.state)[-1]
            assert f'data-testid="take-{take.heap + 1}-{take.count}"' in page.html()
            click(app, "nim-take", heap=str(take.heap), count=str(take.count))
            await settle(app)
            m = table.match  # type: ignore[attr-defined]
            taps += 1
            assert taps < 40
        html = page.html()
        assert 'data-testid="end"' in html and "took the last stone" in html
        out = m.outcome
        assert out is not None
        winner = m.names()[out.winners[0]]
        assert f"{winner} took the last stone." in html  # the seat's name, not "Player N"
        assert json.loads(store.get(record_key(nim)) or "{}")["played"] == 1
        assert len(m.log) >= taps  # every turn has its line

        again, page2, env2 = boot(store)  # a reload: the finished game and its record
        env2.go(f"#/{nim}")
        await settle(again)
        assert 'data-testid="end"' in page2.html()
        assert json.loads(store.get(record_key(nim)) or "{}")["played"] == 1  # counted once
        assert store.get(save_key(nim)) is not None

    run_async(run())


def test_without_its_table_package_the_sample_game_is_coming_soon() -> None:
    with registered(table=False) as game_id:
        app, page, _env = boot()
        assert game_id not in app.tables
        assert f'data-testid="game-{game_id}"' in page.html() and "Coming soon" in page.html()
