"""A screen reader is told, once each, what it cannot see (issue 45): another seat's whole
turn in one sentence, whose turn it is, a refusal and its reason (each time), and the end
with its result; what the table says again after a redraw is not said twice."""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.page import RecordingPage
from app.spoken import spoken
from helpers.shell import boot, click, run_async, settle

from engine.seats import choose, make_bots


def test_a_computers_turn_the_persons_turn_a_refusal_and_the_end_are_each_said_once() -> None:
    async def run() -> None:
        app, page, _env = boot(address="#/machiavelli/deal/1?seats=you,standard")
        await settle(app)
        t: Any = app.tables["machiavelli"]
        m = t.match
        assert m is not None and m.current == 0
        game: Any = m.game
        said = page.announced_all
        start = len(said)
        click(app, "m-end")  # nothing laid: the engine refuses the end of the turn
        click(app, "m-end")
        refusals = [s for s in said[start:] if "cannot end your turn" in s]
        assert len(refusals) == 2, said[start:]  # a refusal repeated is said again
        bots = make_bots("machiavelli", ["standard", "standard"])
        turns = 0
        while not m.over and turns < 400:
            before, lines = len(said), len(m.log)
            if m.current == 0:
                t.moves.perform(m, 0, [choose(game, m.state, bots[0], 1, m.actions)], None,
                                False)
            await settle(app)
            news = said[before:]
            if m.current == 0 and not m.over and len(m.log) > lines and m.log[-1].seat == 1:
                # the computer played a whole turn since: its line, then whose turn it is
                assert spoken(m.log[-1].text) in news, (m.log[-1].text, news)
                assert news[-1] == "Your turn.", news
                turns += 1
            assert len(news) == len(set(news)), news  # nothing said twice in a row
        assert m.over and turns > 3
        out = m.outcome
        assert spoken(m.result_text(out)) in said[-3:], said[-3:]
    run_async(run())


def test_cards_are_said_in_words() -> None:
    assert spoken("Hint: lay 10♦ on the 8♦–9♦ run, then take the A♠.") == (
        "Hint: lay ten of diamonds on the eight of diamonds–nine of diamonds run, then take "
        "the ace of spades.")
    assert spoken("Round 10 of 12: 3 cards") == "Round 10 of 12: 3 cards"  # no card there


def test_a_result_is_said_after_the_rest_of_its_batch() -> None:
    """The move that ends a game is said, then the result (the end was said first, then the
    last row's words)."""
    page = RecordingPage()
    page.announce("Bea wins.", last=True)
    page.announce("Bea laid her last card.")
    page.flush()
    page.announce("Next.")
    page.flush()
    assert page.announced_all == ["Bea laid her last card.", "Bea wins.", "Next."]


def test_a_draw_says_the_card_drawn_to_the_one_person_who_plays_here() -> None:
    """The card just drawn is marked in the hand for the eye and said for the ear; in
    pass-and-play it is not said (the next person may be listening)."""
    async def run() -> None:
        app, page, _env = boot(address="#/machiavelli/deal/1?seats=you,standard")
        await settle(app)
        m: Any = app.tables["machiavelli"].match
        before = Counter(m.state.hands[0])
        start = len(page.announced_all)
        click(app, "m-draw")
        await settle(app)
        new = list((Counter(m.state.hands[0]) - before).elements())
        assert len(new) == 1, (before, m.state.hands[0])
        said = page.announced_all[start:]
        assert said[0] == spoken(f"You drew {new[0].symbol}."), said
        app, page, _env = boot(address="#/machiavelli/deal/1?seats=you,@Zoe")
        await settle(app)
        click(app, "mt-take")
        start = len(page.announced_all)
        click(app, "m-draw")
        await settle(app)
        assert not any("drew" in s for s in page.announced_all[start:])
    run_async(run())
