"""app.screens: the home screen (every game, its rules, a game to continue, an escaped notice)
and the other screens, well formed and with every button labelled."""

from __future__ import annotations

from app import screens
from app import tables as table_packages
from app.settings import Settings
from app.tables.perpetual_motion import view as v
from helpers.markup import buttons_labelled, parse

from engine.games.perpetual_motion.rules import GAME
from engine.registry import all_games


def home(lines: dict[str, str | None], tables: frozenset[str] | set[str] = frozenset({v.PM}),
         notice: str | None = None) -> str:
    """The home screen as the shell draws it, with tables for the games in ``tables``."""
    actions = {}
    for g in all_games():
        if g.id in tables:
            rules, line = screens.rules_link(g.id), lines.get(g.id)
            actions[g.id] = table_packages.declared(g.id).tile(rules, line)
    return screens.home_html(all_games(), actions, notice, f"#/{v.PM}/stats")


def test_home_lists_every_game_with_rules_and_coming_soon() -> None:
    html = home({})
    c = parse(html)
    buttons_labelled(c)
    ids = [a["data-testid"] for t, a in c.tags if (a.get("data-testid") or "").startswith("game-")
           and a["data-testid"] != "game-list"]
    assert ids == ["game-perpetual-motion", "game-machiavelli", "game-machine", "game-cube-farm"]
    assert html.count("Coming soon") == 3
    for gid in ("perpetual-motion", "machiavelli", "machine", "cube-farm"):
        assert f'href="#/rules/{gid}"' in html


def test_home_offers_to_continue() -> None:
    line = v.SavedSummary(deal=12, round=3, over=False).text()
    html = home({"perpetual-motion": line})
    assert 'data-testid="continue"' in html and "deal 12" in html and "round 3" in html
    assert v.SavedSummary(deal=12, round=3, over=True).text() is None
    html = home({"perpetual-motion": None})
    assert 'data-testid="continue"' not in html
    tables = {"perpetual-motion", "machiavelli", "cube-farm"}
    html = home({"machiavelli": "turn 4, you hold 9 cards"}, tables)
    assert html.count("Coming soon") == 1
    assert 'data-testid="continue-machiavelli"' in html and "you hold 9 cards" in html


def test_notice_is_escaped() -> None:
    html = home({}, notice="<script>x</script>")
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_other_screens_parse() -> None:
    pm = GAME.info
    for html in (
        screens.rules_html(pm, "<h1>Rules</h1><p>x</p>"),
        screens.rules_html(all_games()[1], None),
        screens.rules_html(pm, None, loading=True),
        v.table_html(),
        v.sim_html(10000, 1, None, False),
        screens.settings_html(Settings(four_colour=True)),
        screens.about_html("0.1.0", "ready"),
        screens.update_bar_html(),
    ):
        buttons_labelled(parse(html))
    assert "coming soon" in screens.rules_html(all_games()[1], None)
    note = table_packages.declared(v.PM).rules_note
    assert "Masten" in screens.rules_html(pm, "<p>x</p>", note=note)
