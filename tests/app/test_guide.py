"""The guided first games (app.guide) through the shell in CPython: each followed to its end
by tapping what its steps mark, every step skippable, a wrong action refused with the game
unchanged, the home's offer remembered once dismissed, and the player's saved game and record
byte-for-byte unchanged after a guide (a guided game is never saved nor counted)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from app import guide as guides
from app.guide import GuideRun, Step
from app.kit import Tap
from app.seated.seats import default_setup
from app.storage import DictStore
from helpers.guide import bar, follow, marked, skip_all, tap_element
from helpers.shell import boot, click, run_async, settle

from engine.cards import Card
from engine.registry import get_game

PM = "perpetual-motion"


async def pm_tap(app: Any, page: Any) -> None:
    """Tap what Perpetual Motion's table marks: the Deal button, or the card to move (its
    stack marked as the Hint's) and then the stack it goes to."""
    controls = page.regions["pm-controls"]
    if re.search(r'class="btn[^"]* hint"[^>]*data-action="deal"', controls):
        click(app, "deal")
        await settle(app)
        return
    board = page.regions["pm-board"]
    src = re.search(r'class="stack[^"]*hint-src[^"]*" data-action="stack" data-i="(\d)"', board)
    dst = re.search(r'class="stack[^"]*hint-dst[^"]*" data-action="stack" data-i="(\d)"', board)
    assert src and dst, "nothing marked"
    click(app, "stack", i=src.group(1))
    click(app, "stack", i=dst.group(1))
    await settle(app)


async def machiavelli_tap(app: Any, page: Any) -> None:
    """Tap what Machiavelli's table marks (as its Hint marks a step): the card, opening its
    meld first when it lies on the table, then the meld it goes to; End turn when the step
    says so (nothing to mark there)."""
    if "End turn" in page.texts["mt-msg"]:
        click(app, "m-end")
        return
    found = marked(page.regions["mt-dock"] + page.regions["mt-board"])
    card = next((e for e in found if e.get("data-action") == "m-hand"), None)
    if card is None and not any(e.get("data-key", "").startswith("m") for e in found):
        # the card to move lies in a closed meld: the meld is ringed, to be opened first
        tap_element(app, next(e for e in found if e.get("data-action") == "m-meld"))
        found = marked(page.regions["mt-dock"] + page.regions["mt-board"])
    if card is None:  # a card ringed in an open meld (data-key "m<meld>.<pos>")
        meld, pos = next(e for e in found if e.get("data-key", "").startswith("m")
                         )["data-key"][1:].split(".")
        card = {"data-action": "m-card", "data-meld": meld, "data-pos": pos}
    tap_element(app, card)
    found = marked(page.regions["mt-dock"] + page.regions["mt-board"])
    target = next(e for e in found if e.get("data-action") in ("m-meld", "m-new"))
    tap_element(app, target)
    await settle(app)


async def machine_tap(app: Any, page: Any) -> None:
    """Tap what the Machine's table marks (as its Hint marks its advice): a pair of tracks
    then Place; a display card or Draw; or, the cards selected, the button the step names."""
    found = marked(page.regions["mt-dock"] + page.regions["mt-board"])
    acts = [e for e in found if e.get("data-action") in ("mm-pair", "mm-take", "mm-draw")]
    if acts:
        tap_element(app, acts[0])
        if acts[0]["data-action"] == "mm-pair":
            place = next(e for e in marked(page.regions["mt-dock"], "mm-main")
                         if e.get("data-action") == "mm-setup")
            tap_element(app, place)
    else:
        want = "mm-play" if "tap “Play”" in page.texts["mt-msg"] else "mm-trade"
        button = next(e for e in marked(page.regions["mt-dock"], "btn")
                      if e.get("data-action") == want)
        tap_element(app, button)
    await settle(app)


async def cube_farm_tap(app: Any, page: Any) -> None:
    """Tap what Cube Farm's table marks (as its Hint marks its advice): Confirm under the card
    shown where it goes, or the ringed cubicle."""
    found = marked(page.regions["mt-board"])
    claim = next((e for e in found if e.get("data-action") == "cf-claim"), None)
    if claim is not None:
        tap_element(app, claim)
    else:
        assert any(e.get("data-testid") == "cf-preview" for e in found), "nothing marked"
        click(app, "cf-ok")
    await settle(app)


TAPS = {PM: pm_tap, "machiavelli": machiavelli_tap, "machine": machine_tap,
        "cube-farm": cube_farm_tap}


def played_store(game: str) -> DictStore:
    """A device where the player has a game of ``game`` in progress and a record."""
    store = DictStore()

    async def run() -> None:
        app, _page, env = boot(store, address=f"#/{game}")
        await settle(app)
        if game == PM:
            click(app, "deal")
            await settle(app)
        env.go("#/")
        await settle(app)
    run_async(run())
    store.set(f"tabletop.{game}.record", '{"played": 3, "won": 1, "streak": 1, '
                                          '"best_streak": 1}')
    return store


@pytest.mark.parametrize("game", list(TAPS))
def test_a_guide_followed_by_its_marks_ends_and_leaves_the_players_game_alone(
        game: str) -> None:
    store = played_store(game)
    before = dict(store.data)

    async def run() -> None:
        app, page, env = boot(store, address="#/")
        assert f'data-testid="guide-offer-{game}"' in page.regions["screen"]
        env.go(f"#/{game}/learn")
        await settle(app)
        texts: list[str] = []
        n = await follow(app, page, TAPS[game], texts)
        guide = guides.guide_of(game)
        assert guide is not None and n == len(guide.steps)
        print(f"{game}: {n} steps")
        assert "done" in bar(page)
        click(app, "guide-leave") if 'guide-leave' in bar(page) else env.go(f"#/{game}")
        env.go(f"#/{game}")
        await settle(app)
        env.go("#/")
        await settle(app)
        # the offer was taken: not made again
        assert f'data-testid="guide-offer-{game}"' not in page.regions["screen"]
    run_async(run())
    after = dict(store.data)
    after.pop(guides.GUIDES_KEY)
    assert after == before  # the save and the record, byte for byte


@pytest.mark.parametrize("game", list(TAPS))
def test_every_step_can_be_skipped(game: str) -> None:
    store = played_store(game)
    before = dict(store.data)

    async def run() -> None:
        app, page, env = boot(store, address=f"#/{game}/learn")
        await settle(app)
        n = await skip_all(app, page)
        guide = guides.guide_of(game)
        assert guide is not None and n == len(guide.steps)
        click(app, "guide-again")
        await settle(app)
        assert 'data-step="0"' in bar(page)
        click(app, "guide-leave")
        await settle(app)
        assert env.address == f"#/{game}"
    run_async(run())
    after = dict(store.data)
    after.pop(guides.GUIDES_KEY)
    assert after == before


def test_a_wrong_action_is_refused_kindly_and_changes_nothing() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/learn")
        await settle(app)
        table = app.tables[PM]
        click(app, "guide-next")
        state = table.shown.state
        click(app, "stack", i="1")  # a stack, when the step says Deal
        click(app, "stack", i="0")
        await settle(app)
        assert table.shown.state == state
        # the whole step again, not a fragment of it (issue 35)
        assert page.texts["pm-msg"] == "Not quite. Tap “Deal”: one card goes onto each stack."
        click(app, "deal")
        await settle(app)
        state = table.shown.state
        click(app, "deal")  # Deal, when a forced move waits
        await settle(app)
        assert table.shown.state == state
        assert page.texts["pm-msg"].startswith("Not quite. Tops A 5 A 5.")
        assert page.texts["pm-msg"].endswith("Tap stack 3, then stack 1.")
        click(app, "new-deal")  # nothing leaves the guided deal
        click(app, "autoplay")
        await settle(app)
        assert table.shown.state == state and table.run is not None
        assert 'data-testid="new-deal"' not in page.regions["pm-controls"]
    run_async(run())


def test_not_now_is_remembered() -> None:
    async def run() -> None:
        store = DictStore()
        app, page, _env = boot(store)
        assert f'data-testid="guide-offer-{PM}"' in page.regions["screen"]
        click(app, "guide-not-now", game=PM)
        assert f'data-testid="guide-offer-{PM}"' not in page.regions["screen"]
        _app2, page2, _ = boot(store)
        assert f'data-testid="guide-offer-{PM}"' not in page2.regions["screen"]
    run_async(run())


def test_the_rules_page_links_to_the_guide() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/rules/{PM}")
        await settle(app)
        assert f'href="#/{PM}/learn"' in page.regions["screen"]
    run_async(run())


@pytest.mark.parametrize("game", list(TAPS))
def test_every_step_is_legal_at_its_turn(game: str) -> None:
    """Each step's actions are legal moves of the game where the step comes."""
    guide = guides.guide_of(game)
    assert guide is not None
    rules = get_game(game)
    state = guide.start
    for step in guide.steps:
        for a in step.actions:
            assert a in rules.legal_actions(state) or rules.explain_illegal(state, a) is None, (
                step.text, a)
            state = rules.apply(state, a)


def test_the_runner_checks_order_and_any_order() -> None:
    run = GuideRun(guides.Guide(None, (Step("a then b", ("a", "b")),
                                        Step("c d", ("c", "d"), any_order=True),
                                        Step("read"))))
    assert run.check(["b"]) == "Not quite. a then b"
    assert run.check(["a", "b"]) is None
    assert not run.note(["a"]) and run.note(["b"])
    assert run.check(["d"]) is None and run.check(["e"]) == "Not quite. c d"
    assert run.note(["d", "c"]) and run.next_action() is None and run.step is not None
    assert not run.step.waits


def test_a_seated_guide_refuses_another_move_and_the_tables_own_buttons() -> None:
    """Machiavelli: 4♠ laid where the step says 3♠ is refused, the game as it was; Undo and
    New game (which would reach the player's own game) are set aside."""
    async def run() -> None:
        app, page, _env = boot(address="#/machiavelli/learn")
        await settle(app)
        table = app.tables["machiavelli"]
        click(app, "guide-next")
        m = table.guided
        state, count = m.state, m.actions
        four = next(e for e in marked(page.regions["mt-dock"], "mt-hcard")
                    if e["data-card"] == "4S")
        tap_element(app, four)
        click(app, "m-new")
        await settle(app)
        assert (m.state, m.actions) == (state, count)
        assert page.texts["mt-msg"] == ("Not quite. You hold 3♠ 4♠ 5♠: a run. Tap 3♠ in your "
                                        "hand, then “New meld” (or drag it there).")
        for action in ("m-undo", "mt-again", "m-hint"):
            click(app, action)
            await settle(app)
            assert page.texts["mt-msg"].startswith("Not quite"), action
            assert table.guided is m and (m.state, m.actions) == (state, count)
    run_async(run())


# Another legal move where a step asks for one: (the steps to go through first, the taps).
WRONG = {
    "machine": (2, [("mm-pair", {"tracks": "flush flush"}),
                    ("mm-setup", {"tracks": "flush flush"})]),
    "cube-farm": (2, [("cf-claim", {"x": "4", "y": "0"})]),
}


@pytest.mark.parametrize("game", list(WRONG))
def test_another_legal_move_is_refused_with_the_game_unchanged(game: str) -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{game}/learn")
        await settle(app)
        steps, taps = WRONG[game]
        for _ in range(steps):
            if "guide-next" in bar(page):
                click(app, "guide-next")
            else:
                await TAPS[game](app, page)
            await settle(app)
        m = app.tables[game].guided
        state, count = m.state, m.actions
        for action, data in taps:
            click(app, action, **data)
        await settle(app)
        assert (m.state, m.actions) == (state, count)
        assert page.texts["mt-msg"].startswith("Not quite. "), page.texts["mt-msg"]
        assert f'data-step="{steps}"' in bar(page)
    run_async(run())


# --- guides that cannot trap (issue 35) ----------------------------------------------------------


def test_a_wrong_try_is_answered_with_the_whole_step_and_leaves_nothing_picked() -> None:
    """guided_tap: a tap whose actions the step does not ask for, or that the board refuses,
    comes back with no actions, the fresh UI and the whole step; picking, a right tap, and any
    tap outside a guided game or after its end are left as they are."""
    run = GuideRun(guides.Guide(None, (Step("Tap “Go”, then b.", ("a", "b")),)))
    picked = Tap("picked")
    assert guides.guided_tap(run, picked, "fresh") is picked
    right = Tap("ui", ("a",))
    assert guides.guided_tap(run, right, "fresh") is right
    wrong = guides.guided_tap(run, Tap("ui", ("b",)), "fresh")
    assert wrong == Tap("fresh", (), "Not quite. Tap “Go”, then b.", refusal=True)
    refused = guides.guided_tap(run, Tap("ui", (), "a set is 3, 4 or 5 cards, not 1",
                                         refusal=True), "fresh")
    assert refused == wrong
    assert guides.guided_tap(None, Tap("ui", ("b",)), "fresh") == Tap("ui", ("b",))
    run.k = 1  # the end: the game is played on freely
    assert guides.guided_tap(run, Tap("ui", ("b",)), "fresh") == Tap("ui", ("b",))
    assert guides.controls_named("Tap “Three × 2”, then “Place on Three × 2”.") == [
        "Three × 2", "Place on Three × 2"]


def test_machiavellis_card_picked_by_a_wrong_try_does_not_stay_picked() -> None:
    """Step 3: 8♥ tapped, then the meld: "Not quite." and the whole step; then exactly what
    the step says (4♠, then the meld) closes it."""
    async def run() -> None:
        app, page, _env = boot(address="#/machiavelli/learn")
        await settle(app)
        table = app.tables["machiavelli"]
        click(app, "guide-next")
        await machiavelli_tap(app, page)
        step = table.run.step
        assert table.run.k == 2 and step is not None
        m = table.guided
        state = m.state
        click(app, "m-hand", hand=str(m.state.hands[0].index(Card.parse("8H"))))
        click(app, "m-meld", meld="0")
        await settle(app)
        assert m.state == state and table.run.k == 2
        assert page.texts["mt-msg"] == f"Not quite. {step.text}"
        assert not table.board.ui.picked
        click(app, "m-hand", hand=str(m.state.hands[0].index(Card.parse("4S"))))
        click(app, "m-meld", meld="0")
        await settle(app)
        assert table.run.k == 3
    run_async(run())


def test_the_machines_refusal_in_a_guided_game_says_the_step_again() -> None:
    """Step 8 (the K♣ selected, tap Trade): Play answers with the whole step, not with a bare
    "a set is 3, 4 or 5 cards, not 1"; the K♣ is still the one selected."""
    async def run() -> None:
        app, page, _env = boot(address="#/machine/learn")
        await settle(app)
        table = app.tables["machine"]
        while table.run.k < 7:
            click(app, "guide-next" if 'data-testid="guide-next"' in bar(page)
                  else "guide-skip")
            await settle(app)
        step = table.run.step
        click(app, "mm-play")
        await settle(app)
        assert page.texts["mt-msg"] == f"Not quite. {step.text}"
        assert table.board.ui.picked == ("KC",)
        click(app, "mm-trade")
        await settle(app)
        assert table.run.k == 8
    run_async(run())


@pytest.mark.parametrize("game", ["machiavelli", "machine", "cube-farm"])
def test_the_end_of_a_guide_offers_one_way_on(game: str) -> None:
    """No Play again on the guided game's end (it answered only "Leave the guide first."):
    the guide's Play a real game, and no Next beside the board's own controls."""
    async def run() -> None:
        app, page, _env = boot(address=f"#/{game}/learn")
        await settle(app)
        await skip_all(app, page)
        screen = page.regions["mt-board"] + page.regions["mt-dock"] + bar(page)
        if game != "machine":  # the Machine's guide ends before its game does
            assert 'data-testid="end"' in page.regions["mt-board"]
        assert 'data-action="mt-again"' not in screen
        assert 'data-testid="guide-next"' not in screen
        assert 'data-testid="guide-play"' in screen
        click(app, "m-hint" if game == "machiavelli" else "mt-undo")
        await settle(app)
        assert page.texts["mt-msg"] == f"Not quite. {guides.guide_of(game).done}"
    run_async(run())


def test_cube_farms_guide_says_what_a_real_hand_deals() -> None:
    """The hand of the game the app sets up by default (you and two computers), from its
    engine config, not a number written in the text."""
    guide = guides.guide_of("cube-farm")
    assert guide is not None
    config = default_setup("cube-farm").config()
    words = {5: "five", 6: "six"}
    assert f"A real hand deals {words[config.hand_size]} cards each" in guide.done


def test_perpetual_motions_refusal_keeps_tap_next() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/learn")
        await settle(app)
        click(app, "deal")
        await settle(app)
        text = guides.guide_of(PM).steps[0].text
        assert page.texts["pm-msg"] == f"Not quite. {text}" and text.endswith("Tap “Next”.")
        assert 'class="btn primary' not in page.regions["pm-controls"]  # Next is the one
    run_async(run())


def test_a_guided_tap_keeps_the_steps_words_on_the_line_and_tells_the_ear() -> None:
    """Machiavelli: 3♠ picked at the step that asks for it; the message line still says the
    step, and the live region says what the tap did (a screen reader is not left silent)."""
    async def run() -> None:
        app, page, _env = boot(address="#/machiavelli/learn")
        await settle(app)
        click(app, "guide-next")
        await settle(app)
        step = page.texts["mt-msg"]
        three = next(e for e in marked(page.regions["mt-dock"], "mt-hcard")
                     if e["data-card"] == "3S")
        heard = len(page.announced_all)
        tap_element(app, three)
        await settle(app)
        assert page.texts["mt-msg"] == step
        said = page.announced_all[heard:]
        assert any("three of spades" in s for s in said), said
    run_async(run())
