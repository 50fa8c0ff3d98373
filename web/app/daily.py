"""The daily deal of every game: one deal a day, the same for everyone, found from the date alone.

A table that declares the ``daily`` screen (``#/<game>/daily``) gets, from this module:

* the day's deal number, a hash of ``"<game-id>:YYYY-MM-DD"`` (the player's *local* date, from
  the page through the Env) into the app's deal numbers, so two phones on one date deal the
  same cards with no server and nothing random;
* this device's daily book (``tabletop.<game>.daily``): the first finished game of each date
  is that date's counted attempt, kept by its date string. A date already in the book is never
  counted again, whatever the clock did since: a phone set back into a played day is shown
  that day's result, and a replay of the day's deal is played but "not counted";
* the streaks: *playing* the daily deal on consecutive dates keeps the daily streak (a loss
  does not break it, a missed day does); winning on consecutive dates keeps the won streak;
* the daily screen (the day's set-up, result, streaks, Share and Play), and the share text,
  made only of the game's name, the date, the result's words and the streak: never a card.

The table starts the daily game (its own fixed set-up), marks it with its date, saves and
counts it as any game (:class:`app.storage.GameSaves`), and hands a finished one to
:func:`finished`. Nothing here names a game.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Protocol

from app.dates import valid_date
from app.kit import APP_NAME, button, confirm_html, esc, topbar
from app.storage import (
    JSON,
    MAX_DEAL,
    JSONObject,
    Store,
    daily_aside_prefix,
    daily_key,
    loads_stored,
    set_aside,
)
from app.table import Host

BOOK_VERSION = 1
MAX_DAYS = 2000  # dates kept in a book (more than five years of days)
MAX_RESULT = 80  # characters of a result's words


def book_key(game_id: str) -> str:
    return daily_key(game_id)


def aside_prefix(game_id: str) -> str:
    """Where an unreadable daily book is moved (the time in ms follows)."""
    return daily_aside_prefix(game_id)


def day_before(date: str) -> str:
    return (datetime.date.fromisoformat(date) - datetime.timedelta(days=1)).isoformat()


def daily_deal(game_id: str, date: str) -> int:
    """The deal of ``game_id`` on ``date`` (1 .. MAX_DEAL): a hash of the two, nothing else."""
    digest = hashlib.sha256(f"{game_id}:{date}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_DEAL + 1


# --- the book of this device's daily attempts ---------------------------------------------------


@dataclass(frozen=True)
class Attempt:
    """A date's counted attempt: won or not, the result in a few words ("won in 14 turns"),
    the deal and the game's id (its game in the saves and statistics)."""

    won: bool
    result: str
    deal: int
    gid: str

    def to_dict(self) -> JSONObject:
        return {"won": self.won, "result": self.result, "deal": self.deal, "gid": self.gid}

    @classmethod
    def from_dict(cls, data: JSON) -> Attempt | None:
        if not isinstance(data, dict):
            return None
        won, result, deal, gid = (data.get("won"), data.get("result"), data.get("deal"),
                                  data.get("gid"))
        if (not isinstance(won, bool) or not isinstance(result, str)
                or not isinstance(deal, int) or isinstance(deal, bool) or not 0 <= deal <= MAX_DEAL
                or not isinstance(gid, str)):
            return None
        return cls(won, result[:MAX_RESULT], deal, gid[:40])


@dataclass
class Book:
    """A game's daily attempts on this device, by local date."""

    attempts: dict[str, Attempt] = field(default_factory=dict)

    def to_json(self) -> str:
        kept = sorted(self.attempts)[-MAX_DAYS:]
        return json.dumps({"version": BOOK_VERSION,
                           "attempts": {d: self.attempts[d].to_dict() for d in kept}},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> tuple[Book, str | None]:
        """The book, and what could not be read in it (None: all of it was read). A damaged
        date is left out; the rest is kept."""
        try:
            data = loads_stored(text)
        except (ValueError, TypeError, RecursionError) as e:
            return cls(), f"it is not JSON ({e})"
        if not isinstance(data, dict) or not isinstance(data.get("attempts"), dict):
            return cls(), "it is not a daily book"
        if data.get("version") != BOOK_VERSION:
            return cls(), f"unknown version {str(data.get('version'))[:20]!r}"
        attempts: dict[str, Attempt] = {}
        bad = 0
        for date, item in data["attempts"].items():
            attempt = Attempt.from_dict(item)
            if attempt is None or not valid_date(date):
                bad += 1
            else:
                attempts[date] = attempt
        return cls(attempts), (f"{bad} of its days could not be read" if bad else None)


def load_book(store: Store, game_id: str, name: str) -> tuple[Book, str | None]:
    """This device's daily book of ``game_id``, and what to tell the player when it was
    damaged: then its text is set aside (never deleted) and what could be read is kept."""
    key = book_key(game_id)
    text = store.get(key)
    if text is None:
        return Book(), None
    book, problem = Book.from_json(text)
    if problem is None:
        return book, None
    aside = set_aside(store, key, aside_prefix(game_id), text)
    if book.attempts:
        store.set(key, book.to_json())
    where = (f"it was set aside under “{aside}”" if aside is not None else
             "it stays where it was")
    return book, f"Your {name} daily results could not all be read ({problem}): {where}."


def finished(store: Store, game_id: str, name: str, date: str, won: bool, result: str,
             deal: int, gid: str) -> bool:
    """A daily game of ``date`` ended: it is the date's counted attempt if the date has none
    yet (True), else a replay, not counted (False). The book is read afresh, so another tab's
    attempt of the same date is never counted over."""
    if not valid_date(date):
        return False
    book, _ = load_book(store, game_id, name)
    if date in book.attempts:
        return False
    book.attempts[date] = Attempt(won, result[:MAX_RESULT], deal, gid)
    return store.set(book_key(game_id), book.to_json()) is not False


def merge_book(store: Store, key: str, text: str) -> None:
    """An imported daily book joins this device's by date; for a date both have, this
    device's attempt stays (a date is never counted twice)."""
    theirs, _ = Book.from_json(text)
    here = store.get(key)
    mine = Book.from_json(here)[0] if here is not None else Book()
    merged = Book({**theirs.attempts, **mine.attempts})
    if merged.attempts != mine.attempts:
        store.set(key, merged.to_json())


# --- streaks ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Streaks:
    played: int  # consecutive dates with a counted attempt, to today (or yesterday)
    won: int  # consecutive dates with a won attempt, to today (or yesterday)
    best_played: int
    best_won: int


def run_back(dates: set[str], start: str) -> int:
    n, d = 0, start
    while d in dates:
        n += 1
        d = day_before(d)
    return n


def longest(dates: Iterable[str]) -> int:
    best = 0
    have = set(dates)
    for d in have:
        if day_before(d) not in have:  # the first day of a run
            n, e = 0, datetime.date.fromisoformat(d)
            while e.isoformat() in have:
                n += 1
                e += datetime.timedelta(days=1)
            best = max(best, n)
    return best


def streaks(book: Book, today: str) -> Streaks:
    """The streaks on ``today``. A streak still stands on a day not yet played (it ends when a
    whole day passes without a daily game). Dates after ``today`` (a clock set back) do not
    count in the current streaks; they stay in the book and in the best ones."""
    played = {d for d in book.attempts if d <= today}
    won = {d for d in played if book.attempts[d].won}
    start = today if today in played else day_before(today)
    won_start = today if today in played else day_before(today)
    return Streaks(run_back(played, start), run_back(won, won_start),
                   longest(book.attempts), longest(d for d, a in book.attempts.items() if a.won))


# --- what the screen and the share say ----------------------------------------------------------


def share_text(game_name: str, date: str, attempt: Attempt, streak: int) -> str:
    """The result to share: the game, the date, the result's words, the streak. No card: the
    result's words are the table's (turns, rounds), never its hands."""
    return f"{APP_NAME} · {game_name} daily {date} · {attempt.result} · streak {streak}"


class DailyTable(Protocol):
    """What the daily screen needs of a table (:class:`app.table.Table`)."""

    game_id: str
    name: str

    def daily_setup(self) -> str: ...

    def daily_on_table(self) -> tuple[str, bool] | None: ...

    def game_to_lose(self) -> str | None: ...

    def start_daily(self, deal: int, date: str) -> None: ...


def screen_html(table: DailyTable, today: str, book: Book, asking: str | None = None,
                problem: str | None = None) -> str:
    """The daily screen: the date and its deal, who plays, the day's result or Play, the
    streaks, Share. ``asking``: a game in progress that Play would end (the question)."""
    gid = esc(table.game_id)
    deal = daily_deal(table.game_id, today)
    attempt = book.attempts.get(today)
    s = streaks(book, today)
    on_table = table.daily_on_table()
    playing_today = on_table is not None and on_table[0] == today and not on_table[1]
    if attempt is not None:
        counted = "Won" if attempt.won else "Played"
        status = (f'<p class="daily-result" data-testid="daily-result"><b>{counted}:</b> '
                  f"{esc(attempt.result)}. Counted for {esc(today)}.</p>")
        play = ("Continue the replay" if playing_today else "Play it again (not counted)")
    elif playing_today:
        status = ('<p class="daily-result" data-testid="daily-result">In progress: your first '
                  "finished game of the day counts.</p>")
        play = "Continue today's deal"
    else:
        status = ('<p class="daily-result" data-testid="daily-result">Not played yet today. '
                  "Your first finished game of this deal counts.</p>")
        play = "Play today's deal"
    share = ""
    if attempt is not None:
        share = button("Share result", "share", cls="btn", testid="daily-share",
                       share_hash=f"#/{table.game_id}/daily",
                       share_title=f"{table.name} daily {today}",
                       share_text=share_text(table.name, today, attempt, s.played),
                       share_what="result")
    if asking:
        bottom = confirm_html(f"Your game in progress ({asking}) ends if you start the daily "
                              "deal.", "Start the daily deal", "daily-start-anyway",
                              "Keep my game", "daily-keep")
    else:
        bottom = ('<div class="row">'
                  + button(esc(play), "daily-play", cls="btn primary", testid="daily-play",
                           id_="daily-play")
                  + share + "</div>")
    note = (f'<div class="notice warn" role="alert" data-testid="notice"><p>{esc(problem)}'
            "</p></div>" if problem else "")
    return (topbar("Daily deal")
            + f'<main class="page daily" id="main" data-testid="daily" data-deal="{deal}" '
              f'data-date="{esc(today)}">{note}'
            + '<section class="panel" aria-labelledby="daily-h">'
            + f'<h2 id="daily-h">{esc(table.name)}, {esc(today)}</h2>'
            + f'<p>Deal <b data-testid="daily-deal">{deal}</b>: the same for everyone today, '
              "a new one tomorrow.</p>"
            + f'<p class="fine" data-testid="daily-setup">{esc(table.daily_setup())}</p>'
            + status
            + f'<dl class="kv" data-testid="daily-streak">'
              f"<dt>Daily streak</dt><dd>{s.played} (best {s.best_played})</dd>"
              f"<dt>Won streak</dt><dd>{s.won} (best {s.best_won})</dd></dl>"
            + '<p class="fine">Playing the daily deal every day keeps your daily streak, won '
              "or lost; winning every day keeps your won streak.</p>"
            + bottom
            + '<p id="daily-msg" class="msg" role="status" aria-live="polite" '
              'data-testid="message"></p>'
            + f'<p><a class="btn" href="#/{gid}">Back to the table</a></p>'
            + "</section></main>")


def end_note_html(store: Store, game_id: str, name: str, date: str, gid: str) -> str:
    """Under a finished daily game: whether it counted, the streak and the way to the daily
    screen (its result to share, :func:`end_share_html`, is beside Play again)."""
    book, _ = load_book(store, game_id, name)
    attempt = book.attempts.get(date)
    if attempt is None:
        return ""
    counted = ("Counted" if attempt.gid == gid else
               "A replay, not counted (the day's first game counts)")
    s = streaks(book, date)
    return (f'<div class="daily-note" data-testid="daily-note"><p>Daily deal of {esc(date)}: '
            f"{counted}. Daily streak {s.played}. "
            f'<a href="#/{esc(game_id)}/daily" data-testid="daily-link">The daily deal\'s '
            f"page</a></p></div>")


def end_share_html(store: Store, game_id: str, name: str, date: str) -> str:
    """Share result: the day's counted result of ``game_id`` ("": none yet), the Share of a
    daily deal's end (not the primary button: Play again, or a new deal, is)."""
    book, _ = load_book(store, game_id, name)
    attempt = book.attempts.get(date)
    if attempt is None:
        return ""
    return button("Share result", "share", cls="btn",
                  testid="daily-end-share", share_hash=f"#/{game_id}/daily",
                  share_title=f"{name} daily {date}",
                  share_text=share_text(name, date, attempt, streaks(book, date).played),
                  share_what="result")


def tile_link(game_id: str) -> str:
    """The home tile's Daily entry."""
    gid = esc(game_id)
    return f'<a class="btn" href="#/{gid}/daily" data-testid="daily-{gid}">Daily</a>'


class Daily:
    """The daily screen's controller in the shell: opens it, answers Play and the question."""

    def __init__(self, app: Host) -> None:
        self.app = app
        self.asking = False

    def today(self) -> str:
        """The player's local date (from the page); the host's own clock if the page said
        nothing readable."""
        text = self.app.env.today()
        return text if valid_date(text) else datetime.date.today().isoformat()

    def open(self, table: DailyTable, asking: bool = False) -> None:
        self.asking = asking
        self.app.set_title(f"{table.name}: daily deal")  # the tab's title: its game too
        book, problem = load_book(self.app.store, table.game_id, table.name)
        lose = table.game_to_lose() if asking else None
        self.app.page.region("screen", screen_html(table, self.today(), book, lose, problem))
        if lose:
            self.app.page.focus("daily-keep")

    def on_click(self, table: DailyTable, action: str) -> None:
        today = self.today()
        if action == "daily-keep":
            self.open(table)
            return
        on_table = table.daily_on_table()
        if action == "daily-play" and on_table is not None and on_table[0] == today and (
                not on_table[1]):
            self.app.go(f"#/{table.game_id}")  # today's deal in progress: go on with it
            return
        if action == "daily-play" and table.game_to_lose() is not None:
            self.open(table, asking=True)  # a game in progress would end: ask first
            return
        if action in ("daily-play", "daily-start-anyway"):
            self.asking = False
            table.start_daily(daily_deal(table.game_id, today), today)
