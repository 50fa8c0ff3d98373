"""CPython tests of the Cube Farm table UI: taps become engine actions the engine accepts, a
refused place says why and changes nothing, the HTML is well formed, labelled and escaped, the
scoring walks are the engine's distances, and random tapping never breaks."""

from __future__ import annotations

import asyncio
import random
import re
from collections import Counter
from dataclasses import replace
from html import unescape

from app.shell import App
from app.tables.cube_farm import parts as cu
from helpers.markup import parse
from helpers.shell import FakeEnv, boot, click, run_async
from helpers.taps import (
    assert_refused,
    assert_shows,
    assert_sound,
    snapshot,
    tap_the_app,
    targets,
)

from engine.errors import IllegalAction
from engine.games.cube_farm.bots import make_bot
from engine.games.cube_farm.deck import DECK_IDS, DESIGN_COUNTS, card_kind, card_name
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
ACTIONS = {"cf-card", "cf-sq", "cf-at", "cf-rot", "cf-prev", "cf-next", "cf-ok", "cf-cancel",
           "cf-claim", "cf-pass", "cf-deal", "cf-show", "cf-step", "cf-hint", "mt-undo",
           "mt-next-hand"}


def new(players: int = 3, seed: int = 4, hands: int = 0) -> CFState:
    return GAME.new_game(GAME.config_from_dict({"players": players, "hands": hands}),
                         random.Random(seed))


def view(state: CFState, seat: int | None = None) -> CFView:
    """What the board is handed: the view of ``seat`` (default: the player to move)."""
    return GAME.view(state, state.to_move if seat is None else seat)


def table_html(v: CFView, ui: cu.CFTurnUI, names: tuple[str, ...], *, interactive: bool,
               marked: frozenset[str] = frozenset(), undo: bool = False) -> str:
    """The board and the dock together, as the table frame shows them."""
    return (cu.board_html(v, ui, names, interactive=interactive, marked=marked)
            + cu.dock_html(v, ui, names, interactive=interactive, undo=undo))


def run(state: CFState, ui: cu.CFTurnUI, action: str, **data: object
        ) -> tuple[CFState, cu.TurnTap]:
    t = cu.tap(view(state), ui, action, {k: str(v) for k, v in data.items()})
    for a in t.actions:
        state = GAME.apply(state, a)
    return state, t


def lay_first(state: CFState) -> tuple[CFState, Place]:
    """Pick the first card, tap a square of its first legal place twice."""
    card = sorted(state.hands[state.to_move])[0]
    _, t = run(state, cu.CFTurnUI(), "cf-card", card=card)
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
    s1, t = run(s, cu.CFTurnUI(), "cf-card", card=card)
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
    _, t = run(s, cu.CFTurnUI(), "cf-card", card=card)
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
    ui = cu.CFTurnUI()
    _, t = run(s, ui, "cf-sq", x=5, y=5)
    assert t.refusal and "Pick a card" in (t.message or "") and t.ui == ui
    card = sorted(s.hands[0])[0]
    _, t = run(s, ui, "cf-card", card=card)
    picked = t.ui
    s2, t = run(s, picked, "cf-sq", x=1, y=0)  # the starting elevator
    assert s2 is s and t.refusal and t.ui == picked
    assert f"The {card_name(card)} cannot go there" in (t.message or "")
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
    after, t = run(s, cu.CFTurnUI(), "cf-claim", x=cub.id[0], y=cub.id[1])
    assert t.actions == (Claim(*cub.id),)
    assert after.board.cubicle_at(cub.id).owner == 0
    # a tap on any unit of the cubicle names it by its first unit
    unit = cub.units[-1]
    _, t = run(s, cu.CFTurnUI(), "cf-sq", x=unit[0], y=unit[1])
    assert t.actions == (Claim(*cub.id),)
    _, t = run(s, cu.CFTurnUI(), "cf-pass")
    assert t.actions == (Pass(),)
    # an elevator square is no cubicle; cards cannot be picked now
    _, t = run(s, cu.CFTurnUI(), "cf-sq", x=1, y=0)
    assert t.refusal and "lit cubicle" in (t.message or "")
    _, t = run(s, cu.CFTurnUI(), "cf-card", card=s.hands[0][0] if s.hands[0] else "C01")
    assert t.refusal and not t.actions


def test_claim_of_a_taken_cubicle_says_why() -> None:
    s = claim_state()
    cub = s.board.claimable()[0]
    s = GAME.apply(s, Claim(*cub.id))
    rng = random.Random(2)
    bot = make_bot("beginner")
    while not (s.phase == CLAIM and s.to_move == 0):
        s = GAME.apply(s, bot.choose(GAME.view(s, s.to_move), GAME.legal_actions(s), rng))
    _, t = run(s, cu.CFTurnUI(), "cf-sq", x=cub.id[0], y=cub.id[1])
    assert t.refusal and "already taken by player 1" in (t.message or "")


def test_keys() -> None:
    s = new()
    t = cu.key(view(s, 0), cu.CFTurnUI(), "1")
    assert t is not None and t.ui.card == sorted(s.hands[0])[0]
    t2 = cu.key(view(s, 0), t.ui, "n")
    assert t2 is not None and t2.ui.at is not None
    t3 = cu.key(view(s, 0), t2.ui, "Enter")
    assert t3 is not None and isinstance(t3.actions[0], Place)
    assert cu.key(view(s, 0), cu.CFTurnUI(), "x") is None


def test_advice_is_shown_as_a_preview() -> None:
    s = new()
    a = GAME.legal_actions(s)[5]
    assert isinstance(a, Place)
    ui, text = cu.advice_ui(view(s), cu.CFTurnUI(), a)
    assert ui.card == a.card and ui.at == (a.x, a.y) and ui.rot == a.rot
    assert "Strong computer would lay" in text
    html = table_html(view(s, 0), ui, NAMES, interactive=True)
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
        # labelled and focusable (a roving group's one Tab stop has tabindex 0)
        assert 'aria-label="' in m.group(0) and 'tabindex="' in m.group(0)


def test_html_is_well_formed_labelled_and_escaped() -> None:
    s = claim_state()
    evil = "<img src=x onerror=alert(1)>"
    html = table_html(view(s, 0), cu.CFTurnUI(), ("You", evil, "Cy"), interactive=True,
                         marked=frozenset({"c:" + s.board.placements[-1][0]}), undo=True)
    check_html(html)
    assert evil not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    for tid in ("cf-table", "cf-svg", "cf-view", "cf-player", "cf-hand-card", "cf-claimable",
                "cf-pass", "cf-undo", "cf-hint", "cf-zoom-in", "cf-zoom-out", "cf-zoom-fit"):
        assert f'data-testid="{tid}"' in html, tid
    assert html.count('data-testid="cf-player"') == 3
    assert "Hand 1 of 3 · round " in html and " of 5 · 35 set aside" in html
    assert "free cubicle on the " in html and "steps from the elevator" in html
    # a square is found on the floor by its card, never by coordinates the floor does not show
    assert not re.findall(r'aria-label="[^"]*-?\d+,-?\d+[^"]*"', html)
    assert 'class="cf-edge marked"' in html
    # other players' cards are never in the page: only their counts
    for p in (1, 2):
        for card in s.hands[p]:
            assert f'data-card="{card}"' not in html
    # placing: exactly one primary button (Confirm), lit squares, the preview
    s0 = new()
    card = sorted(s0.hands[0])[0]
    _, t = run(s0, cu.CFTurnUI(), "cf-card", card=card)
    _, t = run(s0, t.ui, "cf-next")
    html = table_html(view(s0, 0), t.ui, NAMES, interactive=True)
    check_html(html)
    assert len(re.findall(r'class="btn primary"', html)) == 1
    assert 'data-testid="cf-preview"' in html and 'class="cf-lit"' in html
    # the card shown is brought into view (the arrows and the Hint may show it anywhere)
    b = s0.board
    ox, oy = (cu.MARGIN - b.bbox[0]) * cu.S, (cu.MARGIN - b.bbox[1]) * cu.S
    foot = cu.footprint(card, t.ui.rot, *t.ui.at)
    x0, y0 = min(p[0] for p in foot) * cu.S + ox, min(p[1] for p in foot) * cu.S + oy
    assert f'data-spot="{x0},{y0},' in html
    assert 'aria-pressed="true"' in html
    # not interactive: no control of the game is enabled, the plan has no tap targets
    off = table_html(view(s0, 0), t.ui, NAMES, interactive=False)
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
        html = table_html(view(s, 0), cu.CFTurnUI(step=step), NAMES, interactive=False)
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
    html = table_html(view(s, 0), cu.CFTurnUI(show=sc.cubicle, step=9), NAMES, interactive=False)
    assert len(re.findall(r'<g class="cf-walk[ "]', html)) == len(sc.bonuses)
    assert "=" in cu.walks_message(view(s, 0), sc.cubicle, NAMES)


def test_next_hand_by_tap() -> None:
    s = finished_hand(2, 3)
    assert s.phase == HAND_OVER
    html = table_html(view(s), cu.CFTurnUI(), ("A", "B"), interactive=True)
    assert 'data-action="cf-deal"' in html
    after, t = run(s, cu.CFTurnUI(), "cf-deal")
    assert t.actions == (NextHand(),) and after.hand == 2


def test_describe_turn_and_marks() -> None:
    s = new()
    after, place = lay_first(s)
    text = cu.describe_turn(view(s, 0), view(after, 0), 0, "Ana")
    assert text == f"Ana laid {cu.a_card(place.card)}."
    assert cu.marked_keys(view(s, 0), view(after, 0)) == frozenset({f"c:{place.card}"})
    s = claim_state()
    cub = s.board.claimable()[0]
    after = GAME.apply(s, Claim(*cub.id))
    worth = after.board.score_cubicle(after.board.cubicle_at(cub.id)).total
    assert cu.describe_turn(view(s, 0), view(after, 0), 0, "Ana") == (
        f"Ana claimed a cubicle worth {worth} now.")
    assert f"u:{cub.id[0]},{cub.id[1]}" in cu.marked_keys(view(s, 0), view(after, 0))


# --- random tapping ------------------------------------------------------------------------------


def _random_taps(players: int, seed: int, count: int) -> int:
    rng = random.Random(seed)
    s = new(players, seed, hands=1)
    ui = cu.CFTurnUI()
    bot = make_bot("beginner")
    laid = 0
    for _ in range(count):
        if s.phase == OVER:
            break
        if s.to_move != 0 or s.phase == HAND_OVER:
            s = GAME.apply(s, bot.choose(GAME.view(s, s.to_move), GAME.legal_actions(s), rng))
            ui = cu.CFTurnUI()
            continue
        html = table_html(view(s, 0), ui, NAMES[:players], interactive=True)
        tags = parse(html).tags
        assert_shows("cube-farm", html, tags, s, 0)  # what the table shows is the state
        options = [o for o in targets(tags) if o[0].startswith("cf-")
                   and o[0] not in ("cf-show", "cf-step", "cf-hint")]
        assert options
        weights = [6 if a in ("cf-card", "cf-ok", "cf-claim", "cf-pass") else 1
                   for a, _ in options]
        action, data = rng.choices(options, weights)[0]
        if rng.random() < 0.05:
            data = {k: rng.choice(["-1", "99", "x", ""]) for k in data}
        t = cu.tap(view(s, 0), ui, action, data)
        before, kept = s, snapshot(GAME, s)
        try:
            for a in t.actions:
                s = GAME.apply(s, a)
        except IllegalAction as e:  # the UI offered only legal actions
            raise AssertionError(f"{action} {data}: {e}") from None
        if t.refusal:
            assert s is before and t.ui == ui and t.message
            assert_refused(GAME, kept, s, t.actions)
        assert_sound(GAME, s)
        laid += sum(isinstance(a, Place) for a in t.actions)
        ui = t.ui if s.phase == before.phase or t.refusal else cu.CFTurnUI()
    return laid


def test_random_taps_never_break() -> None:
    """Random taps on the table, then on the table in the whole app (its match, page and save),
    with what must hold after each (helpers.taps)."""
    assert _random_taps(2, 1, 400) > 0
    assert _random_taps(3, 2, 300) > 0
    done = tap_the_app("cube-farm", 3, 100, ("cf-",))
    assert done["refused"] and done["cf-ok"] + done["cf-claim"] + done["cf-pass"]


# --- names, the dock, the scoring on the floor (issue 21) ---------------------------------------


def test_card_names_follow_the_rules_kinds() -> None:
    pinned = {"C03": "Coffee row", "C15": "Cube pair", "C23": "Copier aisle",
              "C24": "Back-to-back", "C26": "Water back-to-back", "C30": "Half cubes",
              "C35": "Copier double", "C39": "Printer & Water lounge", "C41": "Reception",
              "C44": "Reception aisle", "C47": "VP office & Supplies", "E2": "Elevator"}
    assert {c: card_name(c) for c in pinned} == pinned
    kinds = Counter(card_kind(c) for c in DECK_IDS)
    # the rules page's kinds of card, as many of each as the deck's design says
    assert [kinds["elevator"], kinds["row"], kinds["pair"], kinds["aisle"],
            kinds["back-to-back"], kinds["halves"], kinds["double"], kinds["lounge"],
            kinds["reception"] + kinds["reception aisle"], kinds["VP office"]] == list(
        DESIGN_COUNTS.values())
    assert [cu.a_card(c) for c in ("C03", "E1", "C34", "C30")] == [
        "a Coffee row", "an Elevator", "a Supplies halves card", "a Half cubes card"]


def test_the_hand_is_floor_plans_with_names_in_the_dock() -> None:
    s = new()
    v = view(s, 0)
    dock = cu.dock_html(v, cu.CFTurnUI(), NAMES, interactive=True)
    board = cu.board_html(v, cu.CFTurnUI(), NAMES, interactive=True)
    c = parse(dock)
    assert 'data-testid="cf-hand-card"' not in board and 'data-testid="cf-ok"' not in board
    hand = sorted(s.hands[0])
    names = re.findall(r'<span class="cf-cname">([^<]*)</span>', dock)
    assert [unescape(n) for n in names] == [card_name(card) for card in hand]
    assert dock.count('class="cf-cardpic"') == len(hand)
    for card in hand:  # the id is never the visible label
        assert f">{card}<" not in dock
    assert [a.get("data-card") for t, a in c.tags if a.get("data-testid") == "cf-hand-card"] == hand
    # the turn's actions are there too, Confirm the one primary button
    assert re.findall(r'class="btn primary"[^>]*data-testid="([^"]+)"', dock) == ["cf-ok"]


def test_prompts_and_messages_say_what_is_true_now() -> None:
    s = new()
    v = view(s, 0)
    assert cu.prompt(v, cu.CFTurnUI(), True) == "Pick a card from your hand to lay."
    assert cu.prompt(v, cu.CFTurnUI(), False) == ""
    card = sorted(s.hands[0])[0]
    _, t = run(s, cu.CFTurnUI(), "cf-card", card=card)
    assert cu.prompt(v, t.ui, True) == f"{card_name(card)}, as printed: tap a lit square."
    x, y = cu.positions(v, card)[t.ui.rot][0]
    _, t = run(s, t.ui, "cf-sq", x=x, y=y)
    where = cu.place_where(v, Place(card, x, y, t.ui.rot))
    assert t.message == f"{card_name(card)} shown at place 1 of " \
        f"{len(cu.positions(v, card)[t.ui.rot])}: {where}. Tap it again or Confirm to lay it."
    assert not re.search(r"-?\d+,-?\d+", t.message or "")  # no coordinates
    after, ok = run(s, t.ui, "cf-ok")
    assert ok.message == f"You laid the {card_name(card)}, {where}. " + (
        "Claim a lit cubicle, or Pass." if after.phase == CLAIM
        else "No cubicle can be claimed: your turn ends.")  # a lay is never silent
    assert ok.ui == cu.CFTurnUI()  # nothing of the laid card is kept
    if after.phase == CLAIM:
        assert cu.prompt(view(after, 0), ok.ui, True) == "Claim a lit cubicle, or Pass."


def test_a_claims_hint_is_not_kept_once_the_card_is_taken_back() -> None:
    s = claim_state()
    cub = s.board.claimable()[0]
    ui = cu.CFTurnUI(hint=f"claim {cub.id[0]},{cub.id[1]}")
    claiming = cu.board_html(view(s, 0), ui, NAMES, interactive=True)
    assert claiming.count('class="cf-cub cf-can hinted"') == 1
    # the same table while laying a card (as after Undo): the claim's hint rings nothing
    placing = cu.board_html(replace(view(s, 0), phase=PLACE), ui, NAMES, interactive=True)
    assert "hinted" not in placing

    async def scenario() -> None:  # and Undo forgets it
        app, page, env = boot()
        env.go("#/cube-farm/deal/7?seats=you,standard")
        await played(app)
        table = app.tables["cube-farm"]
        m = table.match
        assert m is not None
        after, place = lay_first(m.state)
        assert after.phase == CLAIM
        click(app, "cf-card", card=place.card)
        click(app, "cf-sq", x=str(place.x), y=str(place.y))
        click(app, "cf-ok")
        await played(app)
        assert m.state.phase == CLAIM
        claim = after.board.claimable()[0].id
        table.board.ui = cu.CFTurnUI(hint=f"claim {claim[0]},{claim[1]}")
        click(app, "mt-undo")
        await played(app)
        assert m.state.phase == PLACE and table.board.ui == cu.CFTurnUI()
        assert page.texts["mt-msg"] == "Undone." and "hinted" not in page.regions["mt-board"]
    run_async(scenario())


def test_scoring_lines_light_their_cubicles_on_the_floor() -> None:
    s = finished_hand()
    v = view(s, 0)
    mine = cu.scored(v, 0)
    assert len(mine) > 1
    dock = cu.dock_html(v, cu.CFTurnUI(), NAMES, interactive=False)
    lines = re.findall(r'<button type="button" class="cf-sline"[^>]*>(.*?)</button>', dock)
    assert len(lines) == len(mine)
    for k, (line, sc) in enumerate(zip(lines, mine, strict=True), 1):
        text = re.sub(r"<[^>]+>", "", line)
        assert text.startswith(f"{k} ") and text.endswith(f"= {sc.total}")
        assert not re.search(r"-?\d+,-?\d+", text), text  # no coordinates
    board = cu.board_html(v, cu.CFTurnUI(), NAMES, interactive=False)
    # the floor numbers the same cubicles
    assert len(re.findall(r'<g class="cf-badge">', board)) == len(mine)
    # a line tapped: its cubicle outlined, its walks drawn, the view told where to look
    sc = next(sc for sc in mine if sc.bonuses)
    ui = cu.CFTurnUI(show=sc.cubicle)
    board = cu.board_html(v, ui, NAMES, interactive=False)
    dock = cu.dock_html(v, ui, NAMES, interactive=False)
    assert 'class="cf-shown"' in board and 'class="cf-badge lit"' in board
    assert len(re.findall(r'<g class="cf-walk[ "]', board)) == len(sc.bonuses)
    assert "data-spot=" in board and dock.count('aria-pressed="true"') == 1
    assert cu.walks_message(v, sc.cubicle, NAMES).startswith("Your cubicle (outlined): ")


def computers_play(s: CFState, seats: int, seed: int = 1) -> CFState:
    """``seats`` computers' whole turns from ``s``."""
    rng = random.Random(seed)
    bot = make_bot("standard")
    for _ in range(seats):
        who = s.to_move
        while s.to_move == who and s.phase in (PLACE, CLAIM):
            s = GAME.apply(s, bot.choose(GAME.view(s, who), GAME.legal_actions(s), rng))
    return s


def test_marks_and_flights_span_several_computers_turns() -> None:
    s, _ = lay_first(new(3, 6))
    if s.phase == CLAIM:
        s = GAME.apply(s, Pass())
    acted = s  # the person acted here; then two computers play
    after = computers_play(s, 2)
    assert after.to_move == 0 and after.phase == PLACE
    new_log = after.log[len(acted.log):]
    laid = [e.action.card for e in new_log if isinstance(e.action, Place)]
    claims = [e.action for e in new_log if isinstance(e.action, Claim)]
    assert len(laid) == 2
    marks = cu.marked_keys(view(acted, 0), view(after, 0))
    assert marks == frozenset({f"c:{c}" for c in laid}
                              | {f"u:{a.x},{a.y}" for a in claims})
    # one step: the card flies from its player's chip, each new stone too
    step_before = acted
    step_after = GAME.apply(acted, GAME.legal_actions(acted)[0])
    a = step_after.log[-1].action
    assert isinstance(a, Place)
    assert cu.flights(view(step_before, 0), view(step_after, 0)) == [
        (f"floor:{a.card}", "#cf-p1")]
    if step_after.phase == CLAIM and step_after.board.claimable():
        cub = step_after.board.claimable()[0]
        claimed = GAME.apply(step_after, Claim(*cub.id))
        assert cu.flights(view(step_after, 0), view(claimed, 0)) == [
            (f"stone:{u[0]},{u[1]}", "#cf-p1") for u in sorted(cub.units, key=lambda p: p[::-1])]
    # every flight's element and source are on the page the computers' steps draw
    board = cu.board_html(view(after, 0), cu.CFTurnUI(), NAMES, interactive=False, marked=marks)
    for card in laid:  # the last card laid is the one a step flies
        assert board.count(f'data-card="floor:{card}"') == (card == laid[-1])
    for a2 in claims:
        assert f'data-card="stone:{a2.x},{a2.y}"' in board
    assert all(f'id="cf-p{p}"' in board for p in range(3))
    keys = re.findall(r'data-card="([^"]+)"', board)
    assert len(keys) == len(set(keys))  # unique on the page


def test_the_view_keeps_the_players_own_card() -> None:
    s, place = lay_first(new(3, 6))
    if s.phase == CLAIM:
        s = GAME.apply(s, Pass())
    after = computers_play(s, 2)
    board = cu.board_html(view(after, 0), cu.CFTurnUI(), NAMES, interactive=True)
    b = after.board
    minx, miny = b.bbox[0] - cu.MARGIN, b.bbox[1] - cu.MARGIN
    cx, cy = cu._centre(place.card, place.rot, place.x, place.y)
    want = f'data-focus="{(cx - minx) * cu.S + cu.S / 2:.0f},{(cy - miny) * cu.S + cu.S / 2:.0f}"'
    assert want in board  # not the last card laid, a computer's
    assert 'data-testid="cf-mine"' in board and "data-mine=" in board


# --- the table in the shell: the message line, the computers' flights -------------------------


class MovingEnv(FakeEnv):
    """A browser without reduced motion: the computers' steps are paced and animated."""

    def reduced_motion(self) -> bool:
        return False


async def played(app: App) -> None:
    """Wait until the app is idle, the computers' paced steps included (real time)."""
    for _ in range(6000):
        if not app.tasks:
            return
        await asyncio.sleep(0.005)
    raise AssertionError("the computers never finished")


def test_in_the_shell_messages_live_as_long_as_they_are_true_and_computers_fly() -> None:
    async def scenario() -> None:
        env = MovingEnv()
        app, page, _ = boot(env=env)
        app.settings.put("speed", "fast")
        env.go("#/cube-farm/deal/7?seats=you,standard")
        await played(app)
        table = app.tables["cube-farm"]
        m = table.match
        assert m is not None and m.current == 0
        assert page.texts["mt-msg"] == "Pick a card from your hand to lay."
        assert 'data-testid="cf-hand-card"' in page.regions["mt-dock"]
        assert 'data-testid="cf-hand-card"' not in page.regions["mt-board"]
        card = sorted(m.state.hands[0])[0]
        click(app, "cf-card", card=card)
        await played(app)
        v = GAME.view(m.state, 0)
        x, y = cu.positions(v, card)[table.board.ui.rot][0]
        click(app, "cf-sq", x=str(x), y=str(y))
        await played(app)
        assert page.texts["mt-msg"].endswith("Tap it again or Confirm to lay it.")
        click(app, "cf-ok")
        await played(app)
        # the line about the card shown is gone with it: what was laid and the claim's
        # prompt, or the next turn's
        msg = page.texts["mt-msg"]
        assert ((msg.startswith(f"You laid the {card_name(card)}, ")
                 and msg.endswith("Claim a lit cubicle, or Pass."))
                or msg == "Pick a card from your hand to lay."), msg
        if m.state.phase == CLAIM and m.current == 0:
            click(app, "cf-pass")
            await played(app)
        assert m.current == 0 and m.state.phase == PLACE
        assert page.texts["mt-msg"] == "Pick a card from your hand to lay."
        flights = [f for b in page.batches for f in b.get("flights", [])]
        laid = [e.action.card for e in m.state.log if e.player == 1
                and isinstance(e.action, Place)]
        assert [f["card"] for f in flights if f["card"].startswith("floor:")] == [
            f"floor:{c}" for c in laid]
        assert {f["from"] for f in flights} == {"#cf-p1"}
        stones = {f"stone:{p[0]},{p[1]}" for p, who in m.state.board.stones.items()
                  if who == 1}
        assert {f["card"] for f in flights if f["card"].startswith("stone:")} == stones
        # the computer's card is still marked when the person's turn comes
        assert table.marked >= {f"c:{c}" for c in laid}
        assert page.regions["mt-board"].count('class="cf-edge marked"') == len(laid)
        # Replay: the same steps again, the same flights, then the table as it is
        seen = len(page.batches)
        click(app, "mt-replay")
        await played(app)
        again = [f for b in page.batches[seen:] for f in b.get("flights", [])]
        assert again == flights
        assert 'data-testid="replaying"' not in page.regions["mt-board"]
        assert page.texts["mt-msg"] == "Pick a card from your hand to lay."
    run_async(scenario())


def test_places_and_names_are_kept_on_the_table_they_belong_to() -> None:
    """The anchors of a card and the cubicles' spoken names live in the table's own memo
    (never in a module), so another table, another game, is never answered from them."""
    from app.tables.cube_farm import places, words

    def sizes() -> dict[str, int]:
        return {n: len(v) for m in (places, words) for n, v in vars(m).items()
                if isinstance(v, dict | list) and not n.startswith("__")}

    before = sizes()
    s, rng = new(players=2, seed=5), random.Random(5)
    bots = [make_bot("beginner"), make_bot("beginner")]
    while not (s.board.cubicles() and s.phase == PLACE):
        s = GAME.apply(s, bots[s.to_move].choose(view(s), GAME.legal_actions(s), rng))
    v = view(s)
    card = v.my_hand[0]
    got = places.positions(v, card)
    assert any(got.values()) and places.positions(v, card) is got
    assert places.positions(view(new(players=2, seed=6)), card) is not got
    c = v.board.cubicles()[0]
    label = words.cubicle_label(v.board, c, NAMES, False)
    assert words.cubicle_label(v.board, c, NAMES, False) is label
    kinds = {k[0] for k in v.board.memo() if isinstance(k, tuple)}
    assert {"positions", "cubicle label"} <= kinds
    assert sizes() == before


def test_the_count_of_places_is_the_count_next_steps_through() -> None:
    """A picked card says the places lit now, the number "Place 1 of N" counts (issue 35: it
    said 64, every turn of the card, then "Place 1 of 16")."""
    s = new()
    for card in sorted(s.hands[0]):
        _, t = run(s, cu.CFTurnUI(), "cf-card", card=card)
        here = len(cu.positions(view(s), card)[t.ui.rot])
        assert (t.message or "").split(": ", 1)[1].startswith(
            f"{here} place{'s' if here != 1 else ''}")
        _, step = run(s, t.ui, "cf-next")
        assert f" shown at place 1 of {here}: " in (step.message or "")
