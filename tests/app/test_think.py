"""app.think: what the thinking worker answers: a watched game played through its ``bot``
requests is the command line's game; a ``hint`` request lays what the solver says."""

from __future__ import annotations

import json

from app.seated import seats as st
from app.think import Thinker

from engine.registry import get_game
from engine.seats import play_seeded

M = "machiavelli"


def test_a_game_played_through_think_requests_is_the_command_lines() -> None:
    """What the page does for a watched game, step by step, without the page."""
    seats = ["standard", "beginner"]
    expected = play_seeded(M, 5, seats, {"variant": "manipulation"}).to_dict()
    setup = st.setup_from_query(M, (("seats", ",".join(seats)), ("variant", "manipulation")),
                                5, watch=True)
    m = st.Match.new(setup, 5, watch=True)
    game = get_game(M)
    think = Thinker().think  # the worker's, for the whole game
    while not m.over:
        answer = json.loads(think(json.dumps({
            "kind": "bot", "game": M, "gid": m.gid, "levels": seats, "seat": m.current,
            "seed": m.deal, "actions": m.actions, "state": game.state_to_dict(m.state)})))
        m.apply_all([game.parse_action(answer["action"])])
    out = m.outcome.to_dict()
    assert out["winners"] == expected["winners"] and out["scores"] == expected["scores"]
    assert m.actions == expected["actions"]


def test_hint_request_lays_what_the_solver_says() -> None:
    game = get_game(M)
    s = st.setup_from_query(M, (("seats", "you,strong"),), 3)
    m = st.Match.new(s, 3)
    answer = json.loads(Thinker().think(json.dumps({
        "kind": "hint", "game": M, "player": 0, "view": game.view(m.state, 0).to_dict()})))
    state = m.state
    for text in answer["steps"]:
        state = game.apply(state, game.parse_action(text))
    laid = len(m.state.hands[0]) - len(state.hands[0])
    assert laid == answer["cards"]
