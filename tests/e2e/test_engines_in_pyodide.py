"""Every registered engine runs in the browser's Python (Pyodide, Python 3.14), not only in
the CPython the other tests use: a seeded game per game, computer players choosing from their
own views, played to its end, saved and read back — and the very same game in both."""

from __future__ import annotations

import json
from typing import Any

from engine.registry import get_game, playable_ids

# One source for both interpreters: run here with exec, and in the page with runPython.
PLAY = """
import json, random
from engine.registry import get_game

def play(gid):
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
    return [steps, g.state_to_dict(again)]
"""


def test_every_engine_plays_the_same_game_in_pyodide(browser: Any) -> None:
    from scripts.lib.browser import bare_pyodide_page, run_python, site_with_bare_page

    ids = playable_ids()
    code = PLAY + (f"\nimport sys\n"
                   f"json.dumps([sys.version_info[:2], {{g: play(g) for g in {ids!r}}}])")
    with site_with_bare_page() as (_, url):
        ctx = browser.new_context()
        try:
            page = bare_pyodide_page(ctx, url)
            version, result = run_python(page, code)
        finally:
            ctx.close()
    assert version[0] == 3
    here: dict[str, Any] = {}
    exec(PLAY, here)
    assert sorted(result) == sorted(ids)
    for gid, (steps, final) in result.items():
        assert [steps, final] == json.loads(json.dumps(here["play"](gid))), gid
        assert get_game(gid).is_over(get_game(gid).state_from_dict(final)), gid
