"""app.routes: an address read into the screen it names (a broken one goes home with the
reason), and a route's address read back to it."""

from __future__ import annotations

import pytest
from app.routes import Route, parse_deal_number, parse_hash

from engine.registry import all_games

PM = "perpetual-motion"
IDS = tuple(x.id for x in all_games())
TABLES = {PM: frozenset({"deal", "stats"})}  # only this game has a table here


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


def test_the_routes_of_statistics_and_replays() -> None:
    screens = {PM: frozenset({"deal", "stats"}), "nostats": frozenset({"deal"})}
    games = (PM, "nostats")
    assert parse_hash("#/stats", games, screens) == Route("stats")
    r = parse_hash(f"#/{PM}/replay/18c2f0a1b2c3d4", games, screens)
    assert r == Route("replay", game=PM, query=(("gid", "18c2f0a1b2c3d4"),))
    assert r.href() == f"#/{PM}/replay/18c2f0a1b2c3d4" and Route("stats").href() == "#/stats"
    assert parse_hash(f"#/{PM}/replay/<b>", games, screens).error
    assert parse_hash("#/nostats/replay/abc", games, screens).error


def test_a_games_rules_are_at_the_address_a_player_would_guess() -> None:
    """``#/perpetual-motion/rules`` used to go home: it is that game's rules page."""
    assert parse_hash(f"#/{PM}/rules", IDS, TABLES) == Route("rules", game=PM)
    assert parse_hash(f"#/{PM}/rules/more", IDS, TABLES).screen == "home"


@pytest.mark.parametrize("unknown", ["#/nowhere", "#/nowhere/at/all", f"#/{PM}/rulez",
                                     f"#/{PM}/deal"])
def test_an_unknown_address_says_so(unknown: str) -> None:
    r = parse_hash(unknown, IDS, TABLES)
    assert r.screen == "home" and r.error is not None
    assert r.error.startswith(f"No such page: “{unknown}”")
    assert "home screen" in r.error  # where the player now is
