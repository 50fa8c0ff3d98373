"""Statistics and replays, the same for every game: a game's page (``#/<game>/stats``), the page
of every game (``#/stats``), and the replay of a finished game from its record's history
(``#/<game>/replay/<gid>``).

What differs per game comes through its table (:class:`app.table.Table`): whether it has a
score and which way is better (``scores``), and :meth:`~app.table.Table.replay`, which rebuilds
a kept game's states from its deal and moves and draws one of them with the game's own table.
Counting lives with the saves (:class:`app.storage.GameSaves`, :class:`app.storage.Record`).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from dataclasses import dataclass

from app.kit import button, esc, topbar
from app.settings import SPEEDS, pace
from app.storage import HISTORY, JSONObject, Record, played_at
from app.table import Host, Replay, Task

REPLAY_KEYS = "ArrowLeft ArrowRight Home End p P Escape"
REPLAY_MIN_MS = 120  # playing a replay: never faster than this a step
SHOWN = HISTORY  # finished games listed on a game's page: every one kept, each replayable


@dataclass(frozen=True)
class GameRecord:
    """One game's record, with what its table says about its scores."""

    game_id: str
    name: str
    record: Record
    scores: str  # "high" | "low" | ""


def pct(won: int, played: int) -> str:
    return f"{round(100 * won / played)} %" if played else "–"


def number(x: float) -> str:
    return f"{x:g}" if x == int(x) else f"{x:.1f}"


def totals_html(g: GameRecord, head: str = "h2") -> str:
    r = g.record
    rows = [("Played", str(r.played)), ("Won", f"{r.won} ({pct(r.won, r.played)})"),
            ("Current streak", str(r.streak)), ("Best streak", str(r.best_streak))]
    if g.scores and r.scored:
        word = "fewest" if g.scores == "low" else "most"
        rows += [(f"Best score ({word} points)", number(r.best_score or 0)),
                 ("Average score", number(r.score_sum / r.scored))]
    cells = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in rows)
    return f'<dl class="kv" data-testid="totals-{esc(g.game_id)}">{cells}</dl>'


def groups_html(r: Record) -> str:
    """Results by number of players and by computer level (games with seats)."""
    out = []
    for prefix, title in (("players:", "By number of players"), ("level:", "By computer level")):
        keys = sorted(k for k in r.groups if k.startswith(prefix))
        if not keys or (prefix == "players:" and keys == ["players:1"]):
            continue
        rows = "".join(
            f"<dt>{esc(label(k))}</dt><dd>{r.groups[k][1]} won of {r.groups[k][0]}</dd>"
            for k in keys)
        out.append(f'<h3 class="stats-h3">{title}</h3><dl class="kv" '
                   f'data-testid="by-{prefix[:-1]}">{rows}</dl>')
    return "".join(out)


def label(key: str) -> str:
    kind, _, value = key.partition(":")
    return f"{value} players" if kind == "players" else value.capitalize()


def when(ms: int) -> str:
    return time.strftime("%d %b %H:%M", time.localtime(ms / 1000))


def entry_html(game_id: str, e: JSONObject, scores: str) -> str:
    """One finished game of the list (as :func:`app.storage.read_played` read it): when, won
    or not, the result, and its Replay."""
    mark = "Won" if e["won"] else "Lost"
    bits = [f'<b class="stats-{"won" if e["won"] else "lost"}">{mark}</b>',
            esc(when(played_at(e)))]
    if e.get("deal") is not None:
        bits.append(f"deal {e['deal']}")
    players, score = e["players"], e.get("score")  # a whole number; a number or None
    if isinstance(players, int) and players > 1:
        bits.append(f"{e['players']} players")
    if scores and isinstance(score, int | float):
        bits.append(f"{number(score)} points")
    tag = f' <span class="badge">{esc(e["tag"])}</span>' if e.get("tag") else ""
    replay = (f'<a class="btn small" href="#/{esc(game_id)}/replay/{esc(e["gid"])}" '
              f'data-testid="replay-{esc(e["gid"])}" aria-label="Replay this game, '
              f'{esc(mark.lower())} {esc(when(played_at(e)))}">Replay</a>'
              if e.get("replay") is not None else "")
    return (f'<li class="stats-game" data-testid="game-{esc(e["gid"])}"><p>'
            + " · ".join(bits) + tag + f'<span class="fine">{esc(e["result"])}</span></p>'
            + replay + "</li>")


def history_html(g: GameRecord) -> str:
    games = list(reversed(g.record.history))[:SHOWN]
    if not games:
        return '<p class="muted">No finished game kept yet: play one and it is listed here.</p>'
    older = g.record.played - len(g.record.history)
    note = (f'<p class="fine">{older} older game{"s" if older != 1 else ""} '
            "counted in the totals above are not kept here.</p>" if older > 0 else "")
    return ('<ol class="stats-games" data-testid="history">'
            + "".join(entry_html(g.game_id, e, g.scores) for e in games) + "</ol>" + note)


def game_html(g: GameRecord, extra: str = "") -> str:
    """A game's statistics page; ``extra``: the game's own panels after the list (HTML)."""
    return (topbar(f"{g.name}: statistics", back="#/stats")
            + f'<main class="page stats" id="main" data-testid="stats-{esc(g.game_id)}">'
            + '<section class="panel" aria-labelledby="tot-h"><h2 id="tot-h">On this device'
              '</h2>' + totals_html(g) + groups_html(g.record) + "</section>"
            + '<section class="panel" aria-labelledby="last-h"><h2 id="last-h">Last games</h2>'
            + history_html(g) + "</section>" + extra + "</main>")


def all_html(games: Sequence[GameRecord]) -> str:
    """Every game's record on one page, each with the way to its own page."""
    parts = []
    for g in games:
        last = g.record.history[-1] if g.record.history else None
        line = (f'<p class="fine">Last: {"won" if last["won"] else "lost"}, '
                f'{esc(when(played_at(last)))}</p>' if last else "")
        parts.append(
            f'<section class="panel" aria-labelledby="st-{esc(g.game_id)}">'
            f'<h2 id="st-{esc(g.game_id)}">{esc(g.name)}</h2>' + totals_html(g) + line
            + f'<div class="row"><a class="btn" href="#/{esc(g.game_id)}/stats" '
              f'data-testid="stats-link-{esc(g.game_id)}">Results and replays</a></div>'
            + "</section>")
    played = sum(g.record.played for g in games)
    won = sum(g.record.won for g in games)
    return (topbar("Statistics")
            + '<main class="page stats" id="main" data-testid="stats-all">'
            + f'<p class="stats-sum" data-testid="stats-sum">{played} game'
              f'{"s" if played != 1 else ""} finished on this device, {won} won.</p>'
            + "".join(parts) + "</main>")


# --- replays ------------------------------------------------------------------------------------


def controls_html(k: int, steps: int, playing: bool) -> str:
    at_start, at_end = k <= 0, k >= steps
    play = (button("Pause", "replay-pause", cls="btn primary", testid="replay-pause",
                   id_="replay-play")
            if playing else
            button("Play", "replay-play", cls="btn primary", testid="replay-play",
                   id_="replay-play", disabled=at_end))
    return ('<div class="row replay-controls" role="group" aria-label="Replay">'
            + button("|◀", "replay-first", testid="replay-first", aria_label="First step",
                     disabled=at_start)
            + button("◀", "replay-back", testid="replay-back", aria_label="Step back",
                     disabled=at_start)
            + play
            + button("▶", "replay-next", testid="replay-next", aria_label="Step forward",
                     disabled=at_end)
            + button("▶|", "replay-last", testid="replay-last", aria_label="Last step",
                     disabled=at_end)
            + "</div>")


def head_html(game_id: str, k: int, steps: int, ending: str) -> str:
    where = (f"<b>Replay</b>: the end, step {steps}. {esc(ending)}" if k >= steps else
             f"<b>Replay</b>: step {k} of {steps}" + (" (the deal)" if k == 0 else ""))
    return (f'<section class="since replaying" aria-label="Replay" data-testid="replay-head" '
            f'data-step="{k}" data-steps="{steps}"><p>{where}</p>'
            f'<a class="btn small" href="#/{esc(game_id)}/stats" data-testid="replay-done">'
            "Statistics</a></section>")


class ReplayScreen:
    """The replay of one finished game: step back and forward, play, first and last, by taps
    and keys (← → Home End, P to play or pause)."""

    def __init__(self, host: Host, game_id: str, replay: Replay) -> None:
        self.host = host
        self.game_id = game_id
        self.replay = replay
        self.k = 0
        self.task: Task | None = None

    def open(self, title: str) -> None:
        self.host.page.region("screen", self.replay.frame(title))
        self.show(0)

    def show(self, k: int) -> None:
        self.k = max(0, min(k, self.replay.steps))
        steps = self.replay.steps
        self.replay.draw(self.k, head_html(self.game_id, self.k, steps, self.replay.ending()),
                         controls_html(self.k, steps, self.task is not None))
        self.host.page.data("replayStep", str(self.k))

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None

    def on_click(self, action: str) -> bool:
        """A tap on a replay control (False: not one)."""
        moves = {"replay-first": 0, "replay-back": self.k - 1, "replay-next": self.k + 1,
                 "replay-last": self.replay.steps}
        if action in moves:
            self.stop()
            self.show(moves[action])
            self.host.page.focus(action if 0 < self.k < self.replay.steps else "replay-play")
        elif action == "replay-play":
            self.play()
        elif action == "replay-pause":
            self.stop()
            self.show(self.k)
            self.host.page.focus("replay-play")
        else:
            return False
        return True

    def on_key(self, key: str) -> None:
        action = {"ArrowLeft": "replay-back", "ArrowRight": "replay-next",
                  "Home": "replay-first", "End": "replay-last",
                  "p": "replay-pause" if self.task else "replay-play"}.get(
            key if key != "P" else "p")
        if key == "Escape":
            action = "replay-pause" if self.task is not None else None
        if action is not None:
            self.on_click(action)

    def play(self) -> None:
        if self.task is not None or self.k >= self.replay.steps:
            return
        self.task = self.host.spawn(self.run())
        self.show(self.k)
        self.host.page.focus("replay-play")

    async def run(self) -> None:
        step_ms = max(SPEEDS[pace(self.host.settings)], REPLAY_MIN_MS)
        try:
            while self.k < self.replay.steps:
                await asyncio.sleep(step_ms / 1000)
                if self.task is None:
                    return
                self.show(self.k + 1)
                self.host.page.flush()
        finally:
            self.task = None
        self.show(self.k)
        self.host.page.flush()
