"""CPython tests of the app's plain-Python modules (web/app): routes, session, saving, sim."""

from __future__ import annotations

import json

import pytest
from app import game as g
from app.routes import PM, Route, parse_deal_number, parse_hash
from app.sim import Simulation

from engine.errors import IllegalAction
from engine.games.perpetual_motion import GAME, Deal, Gather, Move, simulate
from engine.registry import all_games

IDS = tuple(x.id for x in all_games())


# --- routes -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("hash_", "route"), [
    ("", Route("home")),
    ("#/", Route("home")),
    ("#", Route("home")),
    (f"#/{PM}", Route("table", game=PM)),
    (f"#/{PM}/deal/12345", Route("table", game=PM, deal=12345)),
    (f"#/{PM}/deal/0", Route("table", game=PM, deal=0)),
    (f"#/{PM}/stats", Route("stats", game=PM)),
    ("#/rules/perpetual-motion", Route("rules", game=PM)),
    ("#/rules/machiavelli", Route("rules", game="machiavelli")),
    ("#/settings", Route("settings")),
    ("#/about", Route("about")),
])
def test_routes(hash_: str, route: Route) -> None:
    assert parse_hash(hash_, IDS) == route


@pytest.mark.parametrize("bad", [
    f"#/{PM}/deal/abc", f"#/{PM}/deal/-3", f"#/{PM}/deal/1e5", f"#/{PM}/deal/" + "9" * 16,
    f"#/{PM}/deal/١٢٣", "#/rules/nope", "#/nowhere/at/all", "#/machiavelli",
    "#/" + "x" * 500,
])
def test_broken_links_go_home_with_a_reason(bad: str) -> None:
    r = parse_hash(bad, IDS)
    assert r.screen == "home"
    assert r.error


def test_route_href_round_trips() -> None:
    for r in [Route("home"), Route("table", game=PM, deal=42), Route("table", game=PM),
              Route("stats", game=PM), Route("rules", game="cube-farm"), Route("settings")]:
        assert parse_hash(r.href(), IDS) == r


def test_parse_deal_number() -> None:
    assert parse_deal_number(" 77 ") == 77
    assert parse_deal_number("") is None
    assert parse_deal_number("7.5") is None


# --- the session ------------------------------------------------------------------------------


def play_to_end(s: g.Session) -> None:
    while not s.over:
        for action in s.step_plan():
            s.apply(action)
        while (m := s.pending()) is not None:  # manual sessions
            s.apply(m)


def test_step_plan_deals_and_makes_forced_moves() -> None:
    s = g.Session.new(16557)
    plan = s.step_plan()
    assert isinstance(plan[0], Deal)
    assert all(isinstance(a, Move) for a in plan[1:])
    for a in plan:
        s.apply(a)
    assert s.pending() is None


def test_manual_plan_is_only_the_deal_and_deal_refused_while_pending() -> None:
    s = g.Session.new(16557, manual=True)
    while True:
        plan = s.step_plan()
        assert len(plan) == 1
        s.apply(plan[0])
        if s.pending() is not None:
            break
    with pytest.raises(IllegalAction, match="forced move is pending"):
        s.step_plan()
    move = s.pending()
    assert move is not None
    wrong = Move(move.src, (move.dst + 1) % 4 if (move.dst + 1) % 4 != move.src else
                 (move.dst + 2) % 4)
    before = GAME.state_to_dict(s.state)
    with pytest.raises(IllegalAction):
        s.tap_move(wrong.src, wrong.dst)
    assert GAME.state_to_dict(s.state) == before
    s.tap_move(move.src, move.dst)


def test_gather_when_deck_is_used_up() -> None:
    s = g.Session.new(3)
    while s.view.deck_count:
        for a in s.step_plan():
            s.apply(a)
    assert isinstance(s.step_plan()[0], Gather)


def test_restart_and_play_to_end_match_the_engine() -> None:
    s = g.Session.new(16557, manual=True)
    for a in s.step_plan():
        s.apply(a)
    s = s.restart()
    assert s.view.deck_count == 52 and s.manual
    play_to_end(s)
    assert s.outcome.details["won"] is True
    assert s.view.round == 11


# --- saving -----------------------------------------------------------------------------------


def test_save_and_load_round_trip() -> None:
    store = g.DictStore()
    s = g.Session.new(99, manual=True)
    for a in s.step_plan():
        s.apply(a)
    g.save(store, s)
    loaded = g.load(store)
    assert loaded.problem is None and loaded.session is not None
    assert loaded.session.state == s.state
    assert loaded.session.gid == s.gid and loaded.session.manual


def test_no_save_is_not_a_problem() -> None:
    assert g.load(g.DictStore()) == g.LoadResult(None)


@pytest.mark.parametrize("text", [
    "{not json", "[]", "null", json.dumps({"version": 1, "game": "perpetual-motion"}),
    json.dumps({"version": 9, "game": "perpetual-motion", "gid": "x", "state": {}}),
])
def test_unreadable_save_is_set_aside_not_deleted(text: str) -> None:
    store = g.DictStore({g.SAVE_KEY: text})
    r = g.load(store, now_ms=123)
    assert r.session is None and r.problem
    assert r.set_aside_as == g.BROKEN_PREFIX + "123"
    assert store.get(r.set_aside_as) == text
    assert store.get(g.SAVE_KEY) is None


def test_tampered_state_is_invalid() -> None:
    s = g.Session.new(5)
    data = json.loads(s.to_json())
    data["state"]["deck"][0] = data["state"]["deck"][1]  # a card twice
    store = g.DictStore({g.SAVE_KEY: json.dumps(data)})
    r = g.load(store, now_ms=1)
    assert r.session is None and "more than once" in (r.problem or "")


def test_record_counts_each_finished_game_once() -> None:
    store = g.DictStore()
    s = g.Session.new(16557)
    play_to_end(s)
    rec = g.count_finished(store, s)
    assert (rec.played, rec.won, rec.streak) == (1, 1, 1)
    rec = g.count_finished(store, s)
    assert rec.played == 1
    lost = g.Session.new(16709)
    play_to_end(lost)
    rec = g.count_finished(store, lost)
    assert (rec.played, rec.won, rec.streak, rec.best_streak) == (2, 1, 0, 1)


def test_record_and_settings_survive_garbage() -> None:
    assert g.Record.from_json("{bad") == g.Record()
    assert g.Record.from_json(json.dumps({"played": 1, "won": 5})) == g.Record()
    assert g.Settings.from_json("[1]") == g.Settings()
    s = g.Settings.from_json(json.dumps({"four_colour": True, "speed": "warp", "manual": 1}))
    assert s.four_colour and s.speed == "normal" and not s.manual
    store = g.DictStore()
    g.save_settings(store, s)
    assert g.load_settings(store) == s


# --- statistics -------------------------------------------------------------------------------


def test_simulation_in_batches_matches_the_engine() -> None:
    sim = Simulation(300, seed=7)
    ticks = iter(range(10**6))
    while not sim.finished:
        assert sim.run_batch(budget_ms=1.0, clock=lambda: next(ticks) / 1000) > 0
    assert sim.stats.to_dict() == simulate(300, 7).to_dict()


def test_simulation_stops() -> None:
    sim = Simulation(10**6, seed=1)
    sim.run_batch(budget_ms=5)
    sim.stop()
    assert sim.finished and sim.run_batch() == 0 and 0 < sim.done < 10**6
