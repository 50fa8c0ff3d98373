"""CPython tests of the HTML views: labels for screen readers, escaping, and what each shows."""

from __future__ import annotations

import re
from pathlib import Path

from app import kit, screens
from app import tables as table_packages
from app.settings import Settings
from app.storage import Record
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion.session import Session
from helpers.markup import buttons_labelled, parse

from engine.cards import Card
from engine.games.perpetual_motion.rules import GAME, Move
from engine.registry import all_games

WEB = Path(__file__).resolve().parents[2] / "web"




def home(lines: dict[str, str | None], tables: frozenset[str] | set[str] = frozenset({v.PM}),
         notice: str | None = None) -> str:
    """The home screen as the shell draws it, with tables for the games in ``tables``."""
    actions = {}
    for g in all_games():
        if g.id in tables:
            rules, line = screens.rules_link(g.id), lines.get(g.id)
            actions[g.id] = table_packages.declared(g.id).tile(rules, line)
    return screens.home_html(all_games(), actions, notice, f"#/{v.PM}/stats")


def test_card_html_is_readable() -> None:
    html = kit.card_html(Card.parse("TD"), 3)
    assert "10" in html and "♦" in html and 'data-card="TD"' in html and "--i:3" in html
    assert "style=" not in html  # the CSP refuses inline styles: data-vars instead
    parse(html)


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


def dealt(seed: int, rows: int, manual: bool = False) -> Session:
    s = Session.new(seed, manual=manual)
    for _ in range(rows):
        for a in s.step_plan():
            s.apply(a)
    return s


def test_stacks_are_labelled_for_screen_readers() -> None:
    s = dealt(16557, 5)
    view = s.view
    html = v.board_html(view, None, v.TableUI())
    c = parse(html)
    labels = [a["aria-label"] for t, a in c.tags
              if t == "button" and a.get("data-action") == "stack"]
    assert len(labels) == 4
    for i, (label, stack) in enumerate(zip(labels, view.stacks, strict=True)):
        if stack:
            n = len(stack)
            assert label == (f"stack {i + 1}, {n} card{'s' if n != 1 else ''}, "
                             f"top: {stack[-1].name}")
        else:
            assert label == f"stack {i + 1}, empty"
    assert f">{view.deck_count}<" in html
    assert "Round 1" in html and "Deal #16557" in html


def test_selection_targets_and_hint_are_shown() -> None:
    s = Session.new(16557, manual=True)
    while s.pending() is None:
        s.apply(s.step_plan()[0])
    move = s.pending()
    assert isinstance(move, Move)
    html = v.stacks_html(s.view, v.TableUI(manual=True, selected=move.src), [move.dst])
    assert re.search(rf'class="stack[^"]*selected[^"]*"[^>]*data-i="{move.src}"', html)
    assert re.search(rf'class="stack[^"]*target[^"]*"[^>]*data-i="{move.dst}"', html)
    html = v.stacks_html(s.view, v.TableUI(manual=True, hint=move))
    assert "hint: move this card" in html and "hint: onto this stack" in html


def test_controls_follow_the_mode() -> None:
    s = dealt(1, 0)
    auto = v.controls_html(s.view, None, v.TableUI())
    manual = v.controls_html(s.view, None, v.TableUI(manual=True))
    playing = v.controls_html(s.view, None, v.TableUI(autoplay=True))
    assert 'data-testid="speed"' in auto and 'data-testid="hint"' not in auto
    assert 'data-testid="hint"' in manual and 'aria-pressed="true"' in manual
    assert 'data-testid="stop"' in playing and "Deal</button>" in playing
    parse(auto)
    parse(manual)


def test_end_panel_reports_the_loop_and_the_record() -> None:
    s = Session.new(16709)
    while not s.over:
        for a in s.step_plan():
            s.apply(a)
    out = s.outcome
    html = v.board_html(s.view, out, v.TableUI(record=Record(3, 1, 0, 1)))
    parse(html)
    assert f"Loops every {out.details['loop_length']} round" in html
    assert f"from round {out.details['loop_start']}" in html
    assert "played <b>3</b>" in html and "current streak <b>0</b>" in html
    assert "Masten" in html
    ctrl = v.controls_html(s.view, out, v.TableUI())
    assert 'data-action="deal"' not in ctrl and 'data-action="autoplay"' not in ctrl
    assert re.search(r'class="btn primary"[^>]*data-action="new-deal"', ctrl)


def test_won_panel() -> None:
    s = Session.new(16557)
    while not s.over:
        for a in s.step_plan():
            s.apply(a)
    html = v.end_html(s.view, s.outcome, None)
    assert "Won!" in html and "11 rounds" in html


def test_other_screens_parse() -> None:
    pm = GAME.info
    for html in (
        screens.rules_html(pm, "<h1>Rules</h1><p>x</p>"),
        screens.rules_html(all_games()[1], None),
        screens.rules_html(pm, None, loading=True),
        v.table_html(),
        v.offer_html(v.SavedSummary(3, 2, False), 9),
        v.stats_html(Record(), 10000, 1, None, False),
        screens.settings_html(Settings(four_colour=True)),
        screens.about_html("0.1.0", "ready"),
        screens.update_bar_html(),
    ):
        buttons_labelled(parse(html))
    assert "coming soon" in screens.rules_html(all_games()[1], None)
    note = table_packages.declared(v.PM).rules_note
    assert "Masten" in screens.rules_html(pm, "<p>x</p>", note=note)


def test_stats_panel_shows_progress_and_results() -> None:
    from app.tables.perpetual_motion.sim import Simulation

    sim = Simulation(200, 1)
    sim.run_batch(budget_ms=10_000)
    html = v.stats_html(Record(), 1000, 1, sim, running=False)
    parse(html)
    assert 'data-state="finished"' in html and "Mean rounds" in html
    sim2 = Simulation(10_000, 1)
    sim2.run_batch(budget_ms=1)
    html = v.stats_html(Record(), 10000, 1, sim2, running=True)
    assert 'data-state="running"' in html and 'data-testid="sim-stop"' in html


def test_index_html_is_relative_and_complete() -> None:
    html = (WEB / "index.html").read_text(encoding="utf-8")
    c = parse(html.replace("<!doctype html>", ""))
    urls = [a.get("href") or a.get("src") for t, a in c.tags if t in ("link", "script")]
    urls = [u for u in urls if u]
    assert urls and all(not u.startswith(("/", "http:", "https:", "//")) for u in urls)
    assert "./pyscript/core.css" in urls and "./start.js" in urls
    assert "manifest.json" in urls and "pwa.js" in urls and "icons/icon-192.png" in urls
    # no <script type="py">: start.js has PyScript start the app in a worker (or adds the tag)
    assert not [a for t, a in c.tags if t == "script" and a.get("type") == "py"]
    start = (WEB / "start.js").read_text(encoding="utf-8")
    assert 'import("./pyscript/core.js")' in start and 'const APP = "./app/main.py"' in start
    assert any(t == "meta" and a.get("name") == "theme-color" for t, a in c.tags)
