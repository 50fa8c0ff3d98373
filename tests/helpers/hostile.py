"""Hostile input for the app: texts that would inject markup or script (``HOSTILE``, each
carrying ``MARK``), real save texts as the app writes them (``app_saves``) and damaged copies
of them (``damaged``). From tests/app/test_app_input_fuzz.py; the browser tests use them too."""

from __future__ import annotations

import json
import random

from app.seated import seats as st
from app.tables.perpetual_motion import session as pm

from engine.registry import get_game
from helpers.mutate import mutate

MARK = "zq"  # in every hostile text: an element or attribute named with it was injected
HOSTILE = [f"<img src=x onerror=alert(1) {MARK}>", f'"><{MARK}x>', f"' on{MARK}='1",
           f'" onfocus="alert(1)" {MARK}="', f"<script>{MARK}()</script>",
           f"javascript:{MARK}()", "\u202e\u05e9\u05dc\u05d5\u05dd Ana", "%3Cimg%20src%3Dx%3E",
           "&lt;b&gt;", "\u0000", "\ud83c\udccf" * 3, "<!--", "]]>", "{{7*7}}"]


# --- real saves, as the app writes them ----------------------------------------------------


def app_saves(game_id: str, count: int, seed: int) -> list[str]:
    """The save texts of ``count`` real games of ``game_id``, stopped at random points."""
    rng = random.Random(f"app-saves:{game_id}:{seed}")
    game = get_game(game_id)
    out = []
    for _ in range(count):
        if game_id == pm.GAME.info.id:
            s = pm.new_session(rng.randint(1, 10**6), manual=rng.random() < 0.5)
            for _ in range(rng.randrange(300)):
                if s.over:
                    break
                pm.apply(s, rng.choice(game.legal_actions(s.state)))
            out.append(pm.CODEC.to_json(s))
            continue
        info = game.info
        players = rng.randint(info.min_players, info.max_players)
        kinds = [st.Seat("you", "You")] + [
            rng.choice([st.Seat("computer", st.COMPUTER_NAMES[i], "standard"),
                        st.Seat("person", rng.choice(["Ana", "\u05e9\u05e8\u05d4", HOSTILE[0]]))])
            for i in range(players - 1)]
        setup = st.Setup(game_id, tuple(kinds))
        m = st.Match.new(setup, rng.randint(1, 10**6))
        for _ in range(rng.randrange(200)):
            if m.over:
                break
            m.apply_all([rng.choice(game.legal_actions(m.state))])
        out.append(m.to_json())
    return out


def damaged(text: str, rng: random.Random) -> tuple[str, str]:
    """One damaged copy of a save text, and what was done to it."""
    roll = rng.random()
    if roll < 0.1:
        cut = rng.randrange(len(text))
        return text[:cut], f"cut at {cut}"
    if roll < 0.15:
        return rng.choice(["", "null", "[]", "{}", "true", "\"x\"", "1e999", "{" * 5000,
                           "\udcff", "[" * 100000 + "]" * 100000, "x" * 3_000_000]), "junk"
    data, what = mutate(json.loads(text), rng)
    try:
        return json.dumps(data), what
    except (ValueError, TypeError):  # a lone surrogate or similar: as text
        return json.dumps(data, ensure_ascii=True), what
