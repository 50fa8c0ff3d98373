"""What a host tells its guests of each change (issue 36): the board's marks and card flights
of every step of many random seeded games pass the guests' checks of them (plain keys and
selectors, app.net.protocol), so that no real game ever sends a view a guest must refuse."""

from __future__ import annotations

from typing import Any

import pytest
from app.net.protocol import KEY, MAX_FLIGHTS, MAX_MARKS, SOURCE
from helpers.net_apps import host_a_game, table
from helpers.shell import boot, run_async

from engine.seats import choose, deal_seeded, make_bots

GAMES = {"machiavelli": 25, "machine": 25, "cube-farm": 12}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_mark_and_flight_of_random_games_is_one_a_guest_reads(game_id: str) -> None:
    host, _page, env = boot()
    run_async(host_a_game(host, env, game_id, [("you", "Ana"), ("phone", "Bea"),
                                               ("computer", "beginner")]))
    t = table(host, game_id)
    m, board = t.match, t.board
    assert m is not None
    game: Any = m.game
    bots = make_bots(game_id, ["beginner"] * 3)
    steps = marks_seen = flights_seen = 0
    for seed in range(GAMES[game_id]):
        state = deal_seeded(game, m.setup.config(), seed)
        for n in range(2000):
            seat = game.current_player(state)
            if seat is None:
                break
            after = game.apply(state, choose(game, state, bots[seat], seed, n))
            marks, flights = board.marks(state, after), board.flights(m, state, after)
            assert len(marks) <= MAX_MARKS and len(flights) <= MAX_FLIGHTS
            for k in marks:
                assert KEY.fullmatch(k), (game_id, k)
            for card, source in flights:
                assert KEY.fullmatch(card), (game_id, card)
                assert source is None or SOURCE.fullmatch(source), (game_id, source)
            marks_seen += bool(marks)
            flights_seen += bool(flights)
            steps += 1
            state = after
    assert steps > 500 and marks_seen > 50 and flights_seen > 50, (steps, marks_seen,
                                                                   flights_seen)
