"""CPython tests of the Cube Farm table UI: taps become engine actions the engine accepts, a
refused place says why and changes nothing, the HTML is well formed, labelled and escaped, the
scoring walks are the engine's distances, and random tapping never breaks."""

from __future__ import annotations

import random
import re

from app.tables.cube_farm import board as cu
from helpers.markup import parse

from engine.errors import IllegalAction
from engine.games.cube_farm.bots import make_bot
from engine.games.cube_farm.rules import (
    CLAIM,
    GAME,
    HAND_OVER,
    OVER,
    PLACE,
    CFState,
    CFView,
    Claim,
    NextHand,
    Pass,
    Place,
)

NAMES = ("You", "Bea", "Cy")
ACTIONS = {"cf-card", "cf-sq", "cf-rot", "cf-prev", "cf-next", "cf-ok", "cf-cancel",
           "cf-claim", "cf-pass", "cf-deal", "cf-show", "cf-step", "cf-hint", "mt-undo",
           "mt-next-hand"}


def new(players: int = 3, seed: int = 4, hands: int = 0) -> CFState:
    return GAME.new_game(GAME.config_from_dict({"players": players, "hands": hands}),
                         random.Random(seed))


def view(state: CFState, seat: int | None = None) -> CFView:
    """What the board is handed: the view of ``seat`` (default: the player to move)."""
    return GAME.view(state, state.to_move if seat is None else seat)


def run(state: CFState, ui: cu.TurnUI, action: str, **data: object
        ) -> tuple[CFState, cu.TurnTap]:
    t = cu.tap(view(state), ui, action, {k: str(v) for k, v in data.items()})
    for a in t.actions:
        state = GAME.apply(state, a)
    return state, t


def lay_first(state: CFState) -> tuple[CFState, Place]:
    """Pick the first card, tap a square of its first legal place twice."""
    card = sorted(state.hands[state.to_move])[0]
    _, t = run(state, cu.TurnUI(), "cf-card", card=card)
    x, y = cu.positions(view(state), card)[t.ui.rot][0]
    _, t2 = run(state, t.ui, "cf-sq", x=x, y=y)
    assert t2.ui.at is not None and not t2.refusal, t2.message
    ax, ay = t2.ui.at
    after, t3 = run(state, t2.ui, "cf-sq", x=ax, y=ay)
    assert len(t3.actions) == 1 and isinstance(t3.actions[0], Place)
    return after, t3.actions[0]


# --- taps --------------------------------------------------------------------------------------


def test_pick_tap_and_tap_again_lays_a_legal_card() -> None:
    s = new()
    card = sorted(s.hands[0])[0]
    s1, t = run(s, cu.TurnUI(), "cf-card", card=card)
    assert s1 is s and t.ui.card == card and "places" in (t.message or "")
    lit = cu.lit_squares(view(s), t.ui)
    legal = {a for a in GAME.legal_actions(s) if isinstance(a, Place) and a.card == card}
    want = {p for a in legal if a.rot == t.ui.rot for p in cu.footprint(card, a.rot, a.x, a.y)}
    assert lit == want  # the lit squares are exactly the legal places' footprints
    after, place = lay_first(s)
    assert place in legal
    assert card not in after.hands[0]


def test_turn_prev_next_confirm_cancel() -> None:
    s = new(seed=9)
    card = next(c for c in sorted(s.hands[0]) if len(cu._fits_turns(view(s), c)) > 1)
    _, t = run(s, cu.TurnUI(), "cf-card", card=card)
    _, t = run(s, t.ui, "cf-next")
    first = t.ui.at
    assert first == cu.positions(view(s), card)[t.ui.rot][0]
    _, t = run(s, t.ui, "cf-next")
    _, t = run(s, t.ui, "cf-prev")
    assert t.ui.at == first
    rot0 = t.ui.rot
    _, t = run(s, t.ui, "cf-rot")
    # the preview follows
    assert t.ui.rot != rot0 and t.ui.at in cu.positions(view(s), card)[t.ui.rot]
    _, c = run(s, t.ui, "cf-cancel")
    assert c.ui.at is None and c.ui.card == card
    _, c = run(s, c.ui, "cf-cancel")
    assert c.ui.card is None
    after, ok = run(s, t.ui, "cf-ok")
    assert ok.actions == (Place(card, t.ui.at[0], t.ui.at[1], t.ui.rot),)
    assert after.phase in (PLACE, CLAIM)


def test_refusals_explain_and_change_nothing() -> None:
    s = new()
    ui = cu.TurnUI()
    _, t = run(s, ui, "cf-sq", x=5, y=5)
    assert t.refusal and "Pick a card" in (t.message or "") and t.ui == ui
    card = sorted(s.hands[0])[0]
    _, t = run(s, ui, "cf-card", card=card)
    picked = t.ui
    s2, t = run(s, picked, "cf-sq", x=1, y=0)  # the starting elevator
    assert s2 is s and t.refusal and t.ui == picked
    assert "cannot go on square 1,0" in (t.message or "")
    assert "already built" in (t.message or "")
    s2, t = run(s, picked, "cf-sq", x=30, y=30)  # far away on the empty table
    assert t.refusal and "share an edge" in (t.message or "")
    _, t = run(s, picked, "cf-card", card="C99")
    assert t.refusal and "not in your hand" in (t.message or "")
    _, t = run(s, picked, "cf-ok")
    assert t.refusal and "Tap a lit square" in (t.message or "")
    _, t = run(s, picked, "cf-pass")
    assert t.refusal and not t.actions
    _, t = run(s, picked, "cf-sq", x="x", y="")  # garbled data: nothing happens
    assert not t.actions


def claim_state(seed: int = 4) -> CFState:
    rng = random.Random(seed)
    s = new(seed=seed)
    bot = make_bot("beginner")
    for _ in range(200):
        if s.phase == CLAIM and s.to_move == 0:
            return s
        s = GAME.apply(s, bot.choose(GAME.view(s, s.to_move), GAME.legal_actions(s), rng))
    raise AssertionError("no claim phase")


def test_claim_and_pass() -> None:
    s = claim_state()
    cub = s.board.claimable()[0]
    after, t = run(s, cu.TurnUI(), "cf-claim", x=cub.id[0], y=cub.id[1])
    assert t.actions == (Claim(*cub.id),)
    assert after.board.cubicle_at(cub.id).owner == 0
    # a tap on any unit of the cubicle names it by its first unit
    unit = cub.units[-1]
    _, t = run(s, cu.TurnUI(), "cf-sq", x=unit[0], y=unit[1])
    assert t.actions == (Claim(*cub.id),)
    _, t = run(s, cu.TurnUI(), "cf-pass")
    assert t.actions == (Pass(),)
    # an elevator square is no cubicle; cards cannot be picked now
    _, t = run(s, cu.TurnUI(), "cf-sq", x=1, y=0)
    assert t.refusal and "lit cubicle" in (t.message or "")
    _, t = run(s, cu.TurnUI(), "cf-card", card=s.hands[0][0] if s.hands[0] else "C01")
    assert t.refusal and not t.actions


def test_claim_of_a_taken_cubicle_says_why() -> None:
    s = claim_state()
    cub = s.board.claimable()[0]
    s = GAME.apply(s, Claim(*cub.id))
    rng = random.Random(2)
    bot = make_bot("beginner")
    while not (s.phase == CLAIM and s.to_move == 0):
        s = GAME.apply(s, bot.choose(GAME.view(s, s.to_move), GAME.legal_actions(s), rng))
    _, t = run(s, cu.TurnUI(), "cf-sq", x=cub.id[0], y=cub.id[1])
    assert t.refusal and "already taken by player 1" in (t.message or "")


def test_keys() -> None:
    s = new()
    t = cu.key(view(s, 0), cu.TurnUI(), "1")
    assert t is not None and t.ui.card == sorted(s.hands[0])[0]
    t2 = cu.key(view(s, 0), t.ui, "n")
    assert t2 is not None and t2.ui.at is not None
    t3 = cu.key(view(s, 0), t2.ui, "Enter")
    assert t3 is not None and isinstance(t3.actions[0], Place)
    assert cu.key(view(s, 0), cu.TurnUI(), "x") is None


def test_advice_is_shown_as_a_preview() -> None:
    s = new()
    a = GAME.legal_actions(s)[5]
    assert isinstance(a, Place)
    ui, text = cu.advice_ui(view(s), cu.TurnUI(), a)
    assert ui.card == a.card and ui.at == (a.x, a.y) and ui.rot == a.rot
    assert "Strong computer would lay" in text
    html = cu.table_html(view(s, 0), ui, NAMES, interactive=True)
    assert 'class="cf-preview hinted"' in html
    _, t = run(s, ui, "cf-ok")
    assert t.actions == (a,)


# --- HTML --------------------------------------------------------------------------------------


def check_html(html: str) -> None:
    c = parse(html)
    for tag, a in c.tags:
        if tag == "button":
            assert a.get("type") == "button"
        act = a.get("data-action")
        if act is not None:
            assert act in ACTIONS, act
    for m in re.finditer(r"<button([^>]*)>(.*?)</button>", html, re.S):
        at, body = m.groups()
        text = re.sub(r"<[^>]+>", "", body).strip()
        assert "aria-label=" in at or text, m.group(0)[:200]
    for m in re.finditer(r'<g [^>]*role="button"[^>]*>', html):
        assert 'aria-label="' in m.group(0) and 'tabindex="0"' in m.group(0)


def test_html_is_well_formed_labelled_and_escaped() -> None:
    s = claim_state()
    evil = "<img src=x onerror=alert(1)>"
    html = cu.table_html(view(s, 0), cu.TurnUI(), ("You", evil, "Cy"), interactive=True,
                         marked=frozenset({"c:" + s.board.placements[-1][0]}), undo=True)
    check_html(html)
    assert evil not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    for tid in ("cf-table", "cf-svg", "cf-view", "cf-player", "cf-hand-card", "cf-claimable",
                "cf-pass", "cf-undo", "cf-hint", "cf-zoom-in", "cf-zoom-out", "cf-zoom-fit"):
        assert f'data-testid="{tid}"' in html, tid
    assert html.count('data-testid="cf-player"') == 3
    assert "Hand 1 of 3 · round " in html and " of 5 · 35 cards set aside" in html
    assert "free cubicle at" in html and "steps from the elevator" in html
    assert 'class="cf-edge marked"' in html
    # other players' cards are never in the page: only their counts
    for p in (1, 2):
        for card in s.hands[p]:
            assert f'data-card="{card}"' not in html
    # placing: exactly one primary button (Confirm), lit squares, the preview
    s0 = new()
    card = sorted(s0.hands[0])[0]
    _, t = run(s0, cu.TurnUI(), "cf-card", card=card)
    _, t = run(s0, t.ui, "cf-next")
    html = cu.table_html(view(s0, 0), t.ui, NAMES, interactive=True)
    check_html(html)
    assert len(re.findall(r'class="btn primary"', html)) == 1
    assert 'data-testid="cf-preview"' in html and 'class="cf-lit"' in html
    assert 'aria-pressed="true"' in html
    # not interactive: no control of the game is enabled, the plan has no tap targets
    off = cu.table_html(view(s0, 0), t.ui, NAMES, interactive=False)
    check_html(off)
    buttons = [b for b in re.findall(r"<button[^>]*>", off) if "data-cf-zoom" not in b]
    assert buttons and all(" disabled" in b for b in buttons)
    assert 'data-action="cf-sq"' not in off


def finished_hand(players: int = 3, seed: int = 5) -> CFState:
    rng = random.Random(seed)
    s = new(players, seed)
    bot = make_bot("standard")
    while s.phase not in (HAND_OVER, OVER):
        s = GAME.apply(s, bot.choose(GAME.view(s, s.to_move), GAME.legal_actions(s), rng))
    return s


def test_scoring_walks_are_the_engines_distances() -> None:
    s = finished_hand()
    b = s.board
    for sc in b.scores():
        c = b.cubicle_at(sc.cubicle)
        assert c is not None
        for bonus in sc.bonuses:
            assert len(b.bonus_route(c, bonus)) == bonus.distance
    for step in range(s.players + 1):
        html = cu.table_html(view(s, 0), cu.TurnUI(step=step), NAMES, interactive=False)
        check_html(html)
        assert 'data-testid="cf-scoring"' in html
        if step < s.players:
            owned = [sc for sc in b.scores() if sc.owner == step]
            want = sum(1 for sc in owned for _ in sc.bonuses)
            assert len(re.findall(r'<g class="cf-walk[ "]', html)) == want
            assert f"{NAMES[step]}: {s.history[-1][step]} points" in html
        else:
            assert 'data-testid="cf-totals"' in html
    # a claimed cubicle's walks, at any time
    sc = next(sc for sc in b.scores() if sc.bonuses)
    html = cu.table_html(view(s, 0), cu.TurnUI(show=sc.cubicle, step=9), NAMES, interactive=False)
    assert len(re.findall(r'<g class="cf-walk[ "]', html)) == len(sc.bonuses)
    assert "=" in cu.walks_message(view(s, 0), sc.cubicle, NAMES)


def test_next_hand_by_tap() -> None:
    s = finished_hand(2, 3)
    assert s.phase == HAND_OVER
    html = cu.table_html(view(s), cu.TurnUI(), ("A", "B"), interactive=True)
    assert 'data-action="cf-deal"' in html
    after, t = run(s, cu.TurnUI(), "cf-deal")
    assert t.actions == (NextHand(),) and after.hand == 2


def test_describe_turn_and_marks() -> None:
    s = new()
    after, place = lay_first(s)
    text = cu.describe_turn(view(s, 0), view(after, 0), 0, "Ana")
    assert text.startswith(f"Ana laid {place.card}") and text.endswith(".")
    assert cu.marked_keys(view(s, 0), view(after, 0)) == frozenset({f"c:{place.card}"})
    s = claim_state()
    cub = s.board.claimable()[0]
    after = GAME.apply(s, Claim(*cub.id))
    assert "claimed the cubicle at" in cu.describe_turn(view(s, 0), view(after, 0), 0, "Ana")
    assert f"u:{cub.id[0]},{cub.id[1]}" in cu.marked_keys(view(s, 0), view(after, 0))


# --- random tapping ------------------------------------------------------------------------------


def _targets(html: str) -> list[tuple[str, dict[str, str]]]:
    c = parse(html)
    out = []
    for _tag, a in c.tags:
        act = a.get("data-action")
        if act and "disabled" not in a:
            data = {k[5:]: v or "" for k, v in a.items()
                    if k.startswith("data-") and k not in ("data-action", "data-testid")}
            out.append((str(act), data))
    return out


def _random_taps(players: int, seed: int, count: int) -> int:
    rng = random.Random(seed)
    s = new(players, seed, hands=1)
    ui = cu.TurnUI()
    bot = make_bot("beginner")
    laid = 0
    for _ in range(count):
        if s.phase == OVER:
            break
        if s.to_move != 0 or s.phase == HAND_OVER:
            s = GAME.apply(s, bot.choose(GAME.view(s, s.to_move), GAME.legal_actions(s), rng))
            ui = cu.TurnUI()
            continue
        html = cu.table_html(view(s, 0), ui, NAMES[:players], interactive=True)
        options = [o for o in _targets(html) if o[0].startswith("cf-")
                   and o[0] not in ("cf-show", "cf-step", "cf-hint")]
        assert options
        weights = [6 if a in ("cf-card", "cf-ok", "cf-claim", "cf-pass") else 1
                   for a, _ in options]
        action, data = rng.choices(options, weights)[0]
        if rng.random() < 0.05:
            data = {k: rng.choice(["-1", "99", "x", ""]) for k in data}
        t = cu.tap(view(s, 0), ui, action, data)
        before = s
        try:
            for a in t.actions:
                s = GAME.apply(s, a)
        except IllegalAction as e:  # the UI offered only legal actions
            raise AssertionError(f"{action} {data}: {e}") from None
        if t.refusal:
            assert s is before and t.ui == ui and t.message
        laid += sum(isinstance(a, Place) for a in t.actions)
        ui = t.ui if s.phase == before.phase or t.refusal else cu.TurnUI()
    return laid


def test_random_taps_never_break() -> None:
    assert _random_taps(2, 1, 400) > 0
    assert _random_taps(3, 2, 300) > 0
