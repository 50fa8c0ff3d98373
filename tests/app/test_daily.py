"""The daily deal (app.daily) in CPython, with the player's local date set by the fake env:
one deal per game and date, one counted attempt a day (the first finished game), the streaks
across midnight, a loss and a clock set back or forward, the question before a game in progress
ends, a damaged book set aside, and a share text with no card of any hand in it."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from app import daily
from app.daily import Attempt, Book, daily_deal, share_text, streaks
from app.messages import Event
from app.seated.seats import Match, default_setup
from app.storage import DictStore, Record
from app.tables.perpetual_motion import session as pms
from helpers.shell import boot, click, run_async, settle

from engine.cards import Card
from engine.errors import ParseError
from engine.games.perpetual_motion.rules import GAME
from engine.registry import get_game

PM = "perpetual-motion"
SEATED = ("machiavelli", "machine", "cube-farm")


def book_of(store: DictStore, game_id: str = PM) -> Book:
    text = store.get(daily.book_key(game_id))
    return Book.from_json(text)[0] if text else Book()


def finish_pm(app: Any) -> None:
    """Play the deal on Perpetual Motion's table to its end, then save it as the table does
    after every step (the path every finished game takes)."""
    t = app.tables[PM]
    s = t.shown
    while not s.over:
        pms.apply(s, GAME.legal_actions(s.state)[0])
    t.save()
    t.render_board()
    app.flush()


def play_daily(app: Any, page: Any, env: Any) -> None:
    env.go(f"#/{PM}/daily")
    click(app, "daily-play")
    finish_pm(app)


def test_the_deal_comes_from_the_game_and_the_date_alone() -> None:
    dates = [f"2026-12-{d:02d}" for d in range(1, 32)]
    for gid in (PM, *SEATED):
        deals = [daily_deal(gid, d) for d in dates]
        assert deals == [daily_deal(gid, d) for d in dates]  # the same on every device
        assert all(1 <= n <= 999_999 for n in deals)
        assert len(set(deals)) == len(deals)  # a new deal every day
    assert daily_deal(PM, "2026-12-02") != daily_deal("machiavelli", "2026-12-02")
    assert daily_deal(PM, "2026-12-02") == 429165  # fixed: a change would split players


def test_streaks_across_midnight_a_loss_and_a_missed_day() -> None:
    book = Book()
    book.attempts["2026-12-01"] = Attempt(True, "won in round 3", 1, "a")
    book.attempts["2026-12-02"] = Attempt(True, "won in round 2", 2, "b")
    # 23:59 on the 2nd and 00:01 on the 3rd: the streak stands until the 3rd is over
    assert streaks(book, "2026-12-02") == daily.Streaks(2, 2, 2, 2)
    assert streaks(book, "2026-12-03").played == 2
    book.attempts["2026-12-03"] = Attempt(False, "lost in round 40", 3, "c")
    s = streaks(book, "2026-12-03")
    assert (s.played, s.won, s.best_played, s.best_won) == (3, 0, 3, 2)  # a loss keeps it
    assert streaks(book, "2026-12-04").played == 3
    assert streaks(book, "2026-12-05") == daily.Streaks(0, 0, 3, 2)  # a day missed
    book.attempts["2026-12-05"] = Attempt(True, "won in round 1", 5, "e")
    assert streaks(book, "2026-12-05") == daily.Streaks(1, 1, 3, 2)
    # across a month and a year
    year = Book({"2026-12-31": Attempt(True, "w", 1, "x"), "2027-01-01": Attempt(True, "w", 1,
                                                                                "y")})
    assert streaks(year, "2027-01-01").played == 2


def test_one_counted_attempt_a_day_and_a_replay_not_counted() -> None:
    async def run() -> None:
        store = DictStore()
        app, page, env = boot(store)
        play_daily(app, page, env)
        first = app.tables[PM].shown
        assert first.daily == "2026-12-02" and pms.deal_of(first) == daily_deal(PM, "2026-12-02")
        assert f"Daily deal #{first.deal}" in page.regions["pm-board"]  # the table says so
        assert "Counted" in page.regions["pm-board"]
        # its one Share is the day's result's (no Share of its deal as a plain deal)
        shares = re.findall(r'data-share-what="(\w+)"|data-testid="(share)"',
                            page.regions["pm-board"] + page.regions["pm-controls"])
        assert shares == [("result", "")], shares
        book = book_of(store)
        assert list(book.attempts) == ["2026-12-02"]
        assert book.attempts["2026-12-02"].gid == first.gid
        # the daily screen: the result, the share, Play again (not counted)
        env.go(f"#/{PM}/daily")
        screen = page.regions["screen"]
        assert 'data-testid="daily-share"' in screen and "not counted" in screen
        click(app, "daily-play")  # the day's deal again
        finish_pm(app)
        second = app.tables[PM].shown
        assert second.gid != first.gid and second.daily == "2026-12-02"
        assert "not counted" in page.regions["pm-board"]
        assert book_of(store).attempts == book.attempts  # the first one stays the day's
        # counted in the statistics like any game, both times
        record = Record.load(store, PM)
        assert record.played == 2
        for game in (first, second):  # marked daily in the record's history
            entry = record.find(game.gid)
            assert entry is not None and entry["tag"] == "daily"
        await settle(app)
    run_async(run())


def test_a_changed_clock_never_counts_a_played_day_twice() -> None:
    async def run() -> None:
        store = DictStore()
        app, page, env = boot(store)
        play_daily(app, page, env)
        env.date = "2026-12-04"  # the clock jumps two days on
        play_daily(app, page, env)
        assert sorted(book_of(store).attempts) == ["2026-12-02", "2026-12-04"]
        env.date = "2026-12-02"  # and back into a played day: that day's result
        env.go("#/")
        env.go(f"#/{PM}/daily")
        screen = page.regions["screen"]
        kept = book_of(store).attempts["2026-12-02"]
        assert 'data-date="2026-12-02"' in screen and kept.result in screen
        assert "Counted for 2026-12-02" in screen and "<dd>1 (best 1)</dd>" in screen
        click(app, "daily-play")
        finish_pm(app)
        assert book_of(store).attempts["2026-12-02"] == kept  # not counted again
        # the next day after the 4th: the streak stands on the 5th, gone on the 6th
        assert streaks(book_of(store), "2026-12-05").played == 1
        assert streaks(book_of(store), "2026-12-06").played == 0
        await settle(app)
    run_async(run())


def test_the_daily_deal_asks_before_ending_a_game_in_progress() -> None:
    async def run() -> None:
        store = DictStore()
        app, page, env = boot(store, f"#/{PM}/deal/34")
        click(app, "deal")
        await settle(app)
        t = app.tables[PM]
        mine = t.shown
        assert t.game_to_lose() is not None
        env.go(f"#/{PM}/daily")
        click(app, "daily-play")
        screen = page.regions["screen"]
        assert 'data-testid="confirm"' in screen and "deal 34" in screen
        assert page.batches[-1].get("focus") == "daily-keep"
        click(app, "daily-keep")
        assert t.shown is mine and 'data-testid="daily-play"' in page.regions["screen"]
        click(app, "daily-play")
        click(app, "daily-start-anyway")
        await settle(app)
        assert t.shown is not mine and t.shown.daily == "2026-12-02"
        assert env.address == f"#/{PM}/deal/{daily_deal(PM, '2026-12-02')}"
        # today's deal in progress: Play goes on with it, nothing asked
        click(app, "deal")
        await settle(app)
        playing = t.shown
        env.go(f"#/{PM}/daily")
        assert "Continue today" in page.regions["screen"]
        click(app, "daily-play")
        assert t.shown is playing and 'data-testid="confirm"' not in page.regions["screen"]
        await settle(app)
    run_async(run())


def test_a_seated_daily_game_is_you_against_the_default_computers() -> None:
    async def run() -> None:
        store = DictStore()
        app, page, env = boot(store, "#/machiavelli/daily")
        screen = page.regions["screen"]
        assert "You against 2 Standard computers (Ana, Bea)" in screen
        assert f'data-deal="{daily_deal("machiavelli", "2026-12-02")}"' in screen
        click(app, "daily-play")
        await settle(app)
        m = app.tables["machiavelli"].match
        assert m.daily == "2026-12-02" and m.deal == daily_deal("machiavelli", "2026-12-02")
        assert m.setup.seats == default_setup("machiavelli").seats and m.setup.options == ()
        assert env.address == "#/machiavelli"
        # the home has a Daily entry on every game's tile
        env.go("#/")
        for gid in (PM, *SEATED):
            assert f'data-testid="daily-{gid}"' in page.regions["screen"]
        # the mark survives the save
        app2, _, _ = boot(store, "#/")
        assert app2.tables["machiavelli"].match.daily == "2026-12-02"
        await settle(app)
    run_async(run())


def test_a_damaged_daily_book_is_set_aside_and_said() -> None:
    async def run() -> None:
        good = Attempt(True, "won in round 2", 5, "g").to_dict()
        for text in ("{not json", '{"version":1,"attempts":[]}', "[[[[" * 40,
                     json.dumps({"version": 1, "attempts": {"2026-12-01": good,
                                                            "2026-13-01": good,
                                                            "2026-12-02": {"won": "yes"}}})):
            store = DictStore({daily.book_key(PM): text})
            app, page, env = boot(store, f"#/{PM}/daily")
            screen = page.regions["screen"]
            assert 'data-testid="notice"' in screen and "could not all be read" in screen
            aside = [k for k in store.data if k.startswith(daily.aside_prefix(PM))]
            assert len(aside) == 1 and store.data[aside[0]] == text
            if "2026-12-01" in text:
                assert list(book_of(store).attempts) == ["2026-12-01"]  # the rest is kept
            play_daily(app, page, env)  # and the day still counts
            assert "2026-12-02" in book_of(store).attempts
            await settle(app)
    run_async(run())


def cards_in(data: Any) -> set[Card]:
    """Every playing card anywhere in a state's JSON (hands, deck, table)."""
    out: set[Card] = set()
    if isinstance(data, dict):
        for x in data.values():
            out |= cards_in(x)
    elif isinstance(data, list):
        for x in data:
            out |= cards_in(x)
    elif isinstance(data, str) and 2 <= len(data) <= 3:
        try:
            out.add(Card.parse(data))
        except (ParseError, ValueError, IndexError):
            pass
    return out


def test_the_share_text_has_no_card_of_any_hand() -> None:
    """Over many dates and every game: the share text of the day's deal, won or lost, names
    no card of the deal (its code or its symbol), in the words of each table's result."""
    app, _, _ = boot()
    checked = 0
    for day in range(150):
        date = f"2026-{1 + day // 28:02d}-{1 + day % 28:02d}"
        for gid in (PM, *SEATED):
            deal = daily_deal(gid, date)
            table = app.tables[gid]
            if gid == PM:

                s = pms.new_session(deal)
                while not s.over:
                    pms.apply(s, GAME.legal_actions(s.state)[0])
                phrase, state = table.board.daily_result(s), GAME.state_to_dict(s.state)
                start = GAME.state_to_dict(GAME.new_seeded(deal))
            else:
                m = Match.new(default_setup(gid), deal)
                phrase, state = table.board.daily_result(m), get_game(gid).state_to_dict(m.state)
                start = state
            cards = cards_in(start) | cards_in(state)
            for won in (True, False):
                text = share_text(table.name, date, Attempt(won, phrase, deal, "g"), day)
                words = set(re.split(r"[\s·]+", text))
                for c in cards:
                    assert str(c) not in words and c.symbol not in text, (gid, date, c, text)
                checked += len(cards)
    assert checked > 10000  # the playing cards of three games' deals were looked for


def test_another_tabs_daily_result_is_shown_at_once() -> None:
    store = DictStore()
    app, page, _ = boot(store, f"#/{PM}/daily")
    assert "Not played yet" in page.regions["screen"]
    book = Book({"2026-12-02": Attempt(True, "won in round 3", 9, "other-tab")})
    store.set(daily.book_key(PM), book.to_json())  # the other tab's write
    app.handle(Event("storage", key=daily.book_key(PM)))
    assert "won in round 3" in page.regions["screen"]


def test_the_daily_book_moves_with_export_and_import_merged_by_date() -> None:
    from app import backup

    there = DictStore()
    app, _, _ = boot(there)
    theirs = Book({"2026-12-01": Attempt(True, "won in round 2", 1, "t1"),
                   "2026-12-02": Attempt(False, "lost in round 9", 2, "t2")})
    there.set(daily.book_key(PM), theirs.to_json())
    text = backup.export_text(there, app.tables)
    here = DictStore()
    mine = Book({"2026-12-02": Attempt(True, "won in round 4", 2, "m2")})
    here.set(daily.book_key(PM), mine.to_json())
    app2, _, _ = boot(here)
    plan = backup.plan_import(here, text, app2.tables)
    assert plan.conflicts == [] and plan.problems == []
    backup.apply_plan(here, plan, True, app2.tables)
    merged = book_of(here).attempts
    assert merged == {"2026-12-01": theirs.attempts["2026-12-01"],
                      "2026-12-02": mine.attempts["2026-12-02"]}  # never a date twice


@pytest.mark.parametrize("game_id", SEATED)
def test_a_seated_daily_game_counts_when_it_ends(game_id: str) -> None:
    """Each seated game's daily deal played to its end (every seat's moves those of a Standard
    computer, as the command line plays the deal): counted, its end says so and its one Share
    is the day's result (Machiavelli's end once left the daily note out)."""
    from engine.seats import play_seeded

    async def run() -> None:
        store = DictStore()
        app, page, _ = boot(store, f"#/{game_id}/daily")
        click(app, "daily-play")
        await settle(app)
        t = app.tables[game_id]
        m = t.match
        t.computers.stop()
        moves: list[Any] = []
        play_seeded(game_id, m.deal, ["standard"] * len(m.setup.seats),
                    on_action=lambda _p, a: moves.append(a))
        m.rewind(Match.new(m.setup, m.deal).state, 0)  # from the deal's start
        m.apply_all(moves)
        t.save()
        t.render_board()
        app.flush()
        attempt = book_of(store, game_id).attempts["2026-12-02"]
        assert attempt.gid == m.gid and attempt.result.startswith(("won in", "lost in"))
        board = page.regions["mt-board"]
        assert "Counted" in board
        assert re.findall(r'data-share-what="(\w+)"', board + page.regions["mt-dock"]) == [
            "result"]
        await settle(app)
    run_async(run())


def test_the_daily_screen_turns_to_the_new_day_when_the_app_comes_back() -> None:
    app, page, env = boot(DictStore(), f"#/{PM}/daily")
    assert 'data-date="2026-12-02"' in page.regions["screen"]
    env.date = "2026-12-03"  # the phone slept past midnight
    app.handle(Event("visible"))
    screen = page.regions["screen"]
    assert 'data-date="2026-12-03"' in screen
    assert f'data-deal="{daily_deal(PM, "2026-12-03")}"' in screen
