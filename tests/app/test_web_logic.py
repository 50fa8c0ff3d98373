"""CPython tests of the app's plain-Python modules (web/app): routes, session, saving, sim."""

from __future__ import annotations

import json

import pytest
from app import settings as cfg
from app import storage as g
from app.routes import Route, parse_deal_number, parse_hash
from app.tables.perpetual_motion.session import Session, won
from app.tables.perpetual_motion.sim import Simulation

from engine.errors import IllegalAction
from engine.games.perpetual_motion.rules import GAME, Deal, Gather, Move, simulate
from engine.registry import all_games

PM = "perpetual-motion"

SAVE_KEY = g.save_key(PM)
RECORD_KEY = g.record_key(PM)


def pm_saves(store: g.Store) -> g.GameSaves[Session]:
    return g.GameSaves(store, PM, "Perpetual Motion", Session.from_json, won)



IDS = tuple(x.id for x in all_games())
TABLES = {PM: frozenset({"deal", "stats"})}  # only this game has a table here


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
    assert parse_hash(hash_, IDS, TABLES) == route


@pytest.mark.parametrize("bad", [
    f"#/{PM}/deal/abc", f"#/{PM}/deal/-3", f"#/{PM}/deal/1e5", f"#/{PM}/deal/" + "9" * 16,
    f"#/{PM}/deal/١٢٣", "#/rules/nope", "#/nowhere/at/all", "#/machiavelli",
    "#/" + "x" * 500,
])
def test_broken_links_go_home_with_a_reason(bad: str) -> None:
    r = parse_hash(bad, IDS, TABLES)
    assert r.screen == "home"
    assert r.error


def test_route_href_round_trips() -> None:
    for r in [Route("home"), Route("table", game=PM, deal=42), Route("table", game=PM),
              Route("stats", game=PM), Route("rules", game="cube-farm"), Route("settings")]:
        assert parse_hash(r.href(), IDS, TABLES) == r


def test_parse_deal_number() -> None:
    assert parse_deal_number(" 77 ") == 77
    assert parse_deal_number("") is None
    assert parse_deal_number("7.5") is None


# --- the session ------------------------------------------------------------------------------


def play_to_end(s: Session) -> None:
    while not s.over:
        for action in s.step_plan():
            s.apply(action)
        while (m := s.pending()) is not None:  # manual sessions
            s.apply(m)


def test_step_plan_deals_and_makes_forced_moves() -> None:
    s = Session.new(16557)
    plan = s.step_plan()
    assert isinstance(plan[0], Deal)
    assert all(isinstance(a, Move) for a in plan[1:])
    for a in plan:
        s.apply(a)
    assert s.pending() is None


def test_manual_plan_is_only_the_deal_and_deal_refused_while_pending() -> None:
    s = Session.new(16557, manual=True)
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
    s = Session.new(3)
    while s.view.deck_count:
        for a in s.step_plan():
            s.apply(a)
    assert isinstance(s.step_plan()[0], Gather)


def test_restart_and_play_to_end_match_the_engine() -> None:
    s = Session.new(16557, manual=True)
    for a in s.step_plan():
        s.apply(a)
    s = s.restart()
    assert s.view.deck_count == 52 and s.manual
    play_to_end(s)
    assert s.outcome.details["won"] is True
    assert s.view.round == 11


# --- saving -----------------------------------------------------------------------------------


def test_tampered_state_is_invalid() -> None:
    s = Session.new(5)
    data = json.loads(s.to_json())
    data["state"]["deck"][0] = data["state"]["deck"][1]  # a card twice
    store = g.DictStore({SAVE_KEY: json.dumps(data)})
    r = g.load_saved(store, PM, Session.from_json, 1)
    assert r.game is None and "more than once" in (r.problem or "")


def test_record_and_settings_survive_garbage() -> None:
    assert g.Record.from_json("{bad") == g.Record()
    assert g.Record.from_json(json.dumps({"played": 1, "won": 5})) == g.Record()
    assert cfg.Settings.from_json("[1]") == cfg.Settings()
    s = cfg.Settings.from_json(json.dumps({"four_colour": True, "speed": "warp", "manual": 1}))
    assert s.four_colour and s.speed == "normal" and not s.manual
    store = g.DictStore()
    cfg.save_settings(store, s)
    assert cfg.load_settings(store) == s


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
