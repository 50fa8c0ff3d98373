"""Every registered engine runs in the browser's Python (Pyodide, Python 3.14), not only in
the CPython the other tests use: a seeded game per game, computer players choosing from their
own views, played to its end, saved and read back."""

from __future__ import annotations

import json
import random
from typing import Any

from conftest import ROOT  # noqa: F401  (puts scripts/ on sys.path)

from engine.registry import get_game, playable_ids

CODE = """
import json, random, sys
from engine.registry import get_game, playable_ids
out = {"python": sys.version_info[:2]}
for gid in playable_ids():
    g = get_game(gid)
    st = g.new_game(g.default_config(), random.Random(1))
    bots = g.bots()
    bot = bots.get("standard") if bots else None
    rng = random.Random(2)
    steps = 0
    while not g.is_over(st) and steps < 20000:
        legal = g.legal_actions(st)
        a = bot.choose(g.view(st, g.current_player(st)), legal, rng) if bot else legal[0]
        st = g.apply(st, a)
        steps += 1
    again = g.state_from_dict(json.loads(json.dumps(g.state_to_dict(st))))
    out[gid] = [steps, g.state_to_dict(again)]
json.dumps(out)
"""


def play_here(gid: str) -> list[Any]:
    g = get_game(gid)
    st = g.new_game(g.default_config(), random.Random(1))
    bots = g.bots()
    bot = bots.get("standard") if bots else None
    rng = random.Random(2)
    steps = 0
    while not g.is_over(st) and steps < 20000:
        legal = g.legal_actions(st)
        a = bot.choose(g.view(st, g.current_player(st)), legal, rng) if bot else legal[0]
        st = g.apply(st, a)
        steps += 1
    return [steps, json.loads(json.dumps(g.state_to_dict(st)))]


def test_every_engine_plays_the_same_game_in_pyodide(browser: Any) -> None:
    from browserlib import bare_pyodide_page, run_python, site_with_bare_page

    with site_with_bare_page() as (_, url):
        ctx = browser.new_context()
        try:
            page = bare_pyodide_page(ctx, url)
            result = run_python(page, CODE)
        finally:
            ctx.close()
    assert result.pop("python")[0] == 3
    assert sorted(result) == sorted(playable_ids())
    for gid, (steps, final) in result.items():
        # the same seed gives the very same game in the browser as in CPython
        assert [steps, final] == play_here(gid), gid
        assert get_game(gid).is_over(get_game(gid).state_from_dict(final)), gid
