"""Statistics and replays (issue 22): a series of seeded games played through the app's tables
counts what the command line's results say, figured here from its JSON alone; a replay of a
finished game ends as the game did, for every game; a game is counted once across two tabs and
an import; an old record still loads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from app import backup
from app import storage as g
from app.messages import Event
from app.seated.seats import Match, MatchCodec
from app.storage import DictStore, GameSaves, Record
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion.session import Session
from helpers.shell import boot, click, run_async, settle
from sample import registered

from engine.registry import get_game
from engine.seats import choose, make_bots
from scripts.lib.stats import finished_match, seated_setup

ROOT = Path(__file__).resolve().parents[2]
PM = "perpetual-motion"

# (game, seed, computer levels by seat: seat 0 is "you", played by a computer of that level)
SERIES: dict[str, list[tuple[int, list[str]]]] = {
    "machiavelli": [(3, ["standard", "beginner"]), (4, ["beginner", "beginner", "standard"]),
                    (7, ["standard", "standard"])],
    "machine": [(3, ["standard", "standard"]), (5, ["beginner", "standard", "beginner"]),
                (8, ["standard", "beginner"])],
    "cube-farm": [(3, ["standard", "beginner"]), (6, ["beginner", "standard"]),
                  (9, ["standard", "beginner", "beginner"])],
}
PM_SEEDS = [3, 16557, 5, 7, 11, 2, 13]


def cli(game: str, *args: str) -> dict[str, Any]:
    """``python -m engine play GAME ... --json``, as a player would run it."""
    out = subprocess.run([sys.executable, "-m", "engine", "play", game, *args, "--json"],
                         cwd=ROOT, capture_output=True, text=True, check=True, timeout=300)
    data: dict[str, Any] = json.loads(out.stdout)
    return data


def expected(results: list[dict[str, Any]], won: list[bool], scores: list[float | None],
             low: bool) -> dict[str, Any]:
    """The figures of a series, counted from the command line's results alone."""
    streak = best = 0
    for w in won:
        streak = streak + 1 if w else 0
        best = max(best, streak)
    groups: dict[str, list[int]] = {}
    for r, w in zip(results, won, strict=True):
        keys = [f"players:{len(r.get('seats', [0]))}"]
        keys += [f"level:{lv}" for lv in sorted(set(r.get("seats", [])[1:]))]
        for k in keys:
            groups.setdefault(k, [0, 0])
            groups[k][0] += 1
            groups[k][1] += int(w)
    got = [s for s in scores if s is not None]
    return {"played": len(results), "won": sum(won), "streak": streak, "best_streak": best,
            "groups": groups, "scored": len(got), "score_sum": sum(got),
            "best_score": (min(got) if low else max(got)) if got else None}


def figures(r: Record) -> dict[str, Any]:
    return {"played": r.played, "won": r.won, "streak": r.streak, "best_streak": r.best_streak,
            "groups": r.groups, "scored": r.scored, "score_sum": r.score_sum,
            "best_score": r.best_score}


def play_at_table(app: Any, game_id: str, seed: int, levels: list[str]) -> Match:
    """One game at the app's table, the way a tab plays it: the table's game, its steps
    applied by the Match, saved by the table after each turn. Seat 0 is played by a computer
    of ``levels[0]`` with the command line's generators, so the game is the command line's."""
    table = app.tables[game_id]
    m = Match.new(seated_setup(game_id, levels), seed)
    table.match = m
    bots = make_bots(game_id, levels)
    while not m.over:
        p = m.current
        assert p is not None
        m.apply_all([choose(m.game, m.state, bots[p], seed, m.actions)])
        if m.current != p:
            table.save()
    table.save()
    assert m.counted
    return m


def play_pm(app: Any, seed: int) -> Session:
    table = app.tables[PM]
    s = table.match = pms.new_session(seed)
    while not s.over:
        for a in pms.step_plan(s):
            pms.apply(s, a)
        table.save()
    return s


@pytest.mark.parametrize("game_id", sorted(SERIES))
def test_a_series_counts_what_the_command_line_says(game_id: str) -> None:
    app, _page, _env = boot(DictStore())
    low = app.tables[game_id].scores == "low"
    results, won, scores = [], [], []
    for seed, levels in SERIES[game_id]:
        r = cli(game_id, "--seed", str(seed), "--seats", ",".join(levels))
        results.append(r)
        won.append(0 in r["winners"])
        scores.append(None if r["scores"] is None else r["scores"][0])
        m = play_at_table(app, game_id, seed, levels)
        assert m.outcome is not None and list(m.outcome.winners) == r["winners"]
    record = Record.load(app.store, game_id)
    assert figures(record) == expected(results, won, scores, low)
    assert [e["winners"] for e in record.history] == [r["winners"] for r in results]
    # the game's page says it, and so does the page of every game
    app.env.go(f"#/{game_id}/stats")
    page = app.page.regions["screen"]
    assert f"<dt>Played</dt><dd>{len(results)}</dd>" in page
    assert page.count('data-testid="replay-') == len(results)
    app.env.go("#/")
    assert 'href="#/stats"' in app.page.regions["screen"]  # the home's Statistics
    app.env.go("#/stats")
    assert f'data-testid="stats-link-{game_id}"' in app.page.regions["screen"]


def test_perpetual_motion_series_counts_what_the_command_line_says() -> None:
    app, _page, _env = boot(DictStore())
    results = [cli(PM, "--seed", str(n)) for n in PM_SEEDS]
    for n in PM_SEEDS:
        play_pm(app, n)
    won = [bool(r["outcome"]["details"]["won"]) for r in results]
    assert any(won) and not all(won)
    assert figures(Record.load(app.store, PM)) == expected(
        [{} for _ in results], won, [None] * len(results), False)


@pytest.mark.parametrize("game_id", [PM, *sorted(SERIES)])
def test_a_replay_ends_as_the_game_did(game_id: str) -> None:
    app, page, env = boot(DictStore())
    if game_id == PM:
        s = play_pm(app, 16557)
        outcome = s.outcome
    else:
        seed, levels = SERIES[game_id][0]
        m = play_at_table(app, game_id, seed, levels)
        outcome = m.outcome
    assert outcome is not None
    entry = Record.load(app.store, game_id).history[-1]
    replay = app.tables[game_id].replay(entry)
    env.go(f"#/{game_id}/replay/{entry['gid']}")
    assert app.navigator.replaying is not None and page.dataset["replayStep"] == "0"
    assert 'data-testid="replay-first"' in page.regions.get(
        "mt-dock" if game_id != PM else "pm-controls", "")
    click(app, "replay-next")
    click(app, "replay-next")
    click(app, "replay-back")
    assert page.dataset["replayStep"] == "1"
    app.handle(Event("key", key="End"))
    assert page.dataset["replayStep"] == str(replay.steps)
    board = page.regions["mt-board" if game_id != PM else "pm-board"]
    assert "the end" in board
    # the same end: the engine's outcome of the replay's last state
    end = replay.states[-1]  # type: ignore[attr-defined]
    again = get_game(game_id).outcome(end)
    assert again is not None
    assert again.winners == outcome.winners and again.scores == outcome.scores
    assert replay.ending() == entry["result"]
    # nothing on the replayed table plays, nothing of the replay is counted
    saved = dict(app.store.inner.data)  # type: ignore[attr-defined]
    for action in ("deal", "stack", "autoplay", "m-draw", "mm-take", "new-deal"):
        click(app, action, i="0")
    assert app.store.inner.data == saved  # type: ignore[attr-defined]
    assert Record.load(app.store, game_id).played == 1


def test_a_replay_that_cannot_be_found_says_so() -> None:
    app, page, env = boot(DictStore())
    env.go(f"#/{PM}/replay/abc123")
    assert app.route.screen == "home"
    assert "cannot be replayed" in page.regions["screen"]


def finished(seed: int = 3) -> Match:
    return finished_match("machine", seed, ["standard", "standard"])


def saves(store: g.Store) -> GameSaves[Match]:
    from app.seated.seats import won
    return GameSaves(store, "machine", "Machine", MatchCodec[Any]("machine"), won)


def test_counted_once_across_two_tabs_of_the_app() -> None:
    """Two tabs of the app over one device play the same deal: one ends it, the other (told
    by the storage event, or not) counts nothing more, even when it plays its own copy on to
    the end."""
    device = DictStore()
    tab_a, _pa, env_a = boot(device)
    tab_b, page_b, env_b = boot(device)
    for env in (env_a, env_b):
        env.go(f"#/{PM}/deal/34")
    stale = pms.CODEC.read(pms.CODEC.to_json(tab_b.tables[PM].shown))
    play_pm(tab_a, 34)
    assert Record.load(device, PM).played == 1
    # tab B plays its older copy to the end before it hears of tab A's
    tab_b.tables[PM].match = stale
    while not stale.over:
        for a in pms.step_plan(stale):
            pms.apply(stale, a)
    tab_b.tables[PM].save()
    assert Record.load(device, PM).played == 1
    tab_b.handle(Event("storage", key=g.save_key(PM)))
    tab_b.tables[PM].save()
    env_b.go(f"#/{PM}/stats")
    assert "<dt>Played</dt><dd>1</dd>" in page_b.regions["screen"]
    assert Record.load(device, PM).played == 1 and len(Record.load(device, PM).history) == 1


def export_text(store: DictStore) -> str:
    app, page, env = boot(store)
    env.go("#/settings")
    click(app, "export-games")
    text: str = page.downloads[-1]["text"]
    return text


def test_counted_once_across_an_import() -> None:
    app, _page, _env = boot(DictStore())
    for seed in (3, 5):
        play_pm(app, seed)
    mine = app.store.inner
    assert isinstance(mine, DictStore)
    text = export_text(mine)
    before = Record.load(mine, PM)
    # this device's own file, twice: nothing counted again
    for _ in range(2):
        plan = backup.plan_import(app.store, text, app.tables)
        assert not plan.conflicts
        backup.apply_plan(app.store, plan, True, app.tables)
        assert Record.load(mine, PM) == before
    # another device with one of these games and one of its own: merged by game id
    other_app, _p, _e = boot(DictStore())
    other = other_app.store.inner
    assert isinstance(other, DictStore)
    other.set(g.record_key(PM), before.to_json())
    play_pm(other_app, 7)
    theirs = export_text(other)
    plan = backup.plan_import(app.store, theirs, app.tables)
    assert not plan.conflicts
    backup.apply_plan(app.store, plan, True, app.tables)
    merged = Record.load(mine, PM)
    assert merged.played == 3 and len(merged.history) == 3
    assert [e["gid"] for e in merged.history] == [e["gid"] for e in Record.load(other, PM).history]


def test_an_old_record_loads_and_counts_on() -> None:
    old = json.dumps({"played": 5, "won": 2, "streak": 1, "best_streak": 2})
    r = Record.from_json(old)
    assert (r.played, r.won, r.streak, r.best_streak, r.history) == (5, 2, 1, 2, [])
    device = DictStore({g.record_key("machine"): old})
    m = finished()
    saved = json.loads(m.to_json())
    del saved["moves"]  # a game saved by the app before moves were kept
    m = Match.from_json(json.dumps(saved), "machine")
    assert m.moves is None
    saves(device).save(m)
    r = Record.load(device, "machine")
    assert r.played == 6 and len(r.history) == 1 and r.history[0]["replay"] is None
    _app, page, env = boot(device)
    env.go("#/machine/stats")
    screen = page.regions["screen"]
    assert "<dt>Played</dt><dd>6</dd>" in screen and 'data-testid="replay-' not in screen
    assert "5 older games" in screen


def test_a_fifth_game_has_statistics_and_replays_with_nothing_of_its_own() -> None:
    """The sample game (Nim, tests/sample/), played by taps at the shared seated table: its
    statistics page and its replay come from the generic code alone."""
    with registered() as nim:
        store = DictStore()

        async def run() -> None:
            app, page, env = boot(store)
            env.go(f"#/{nim}/deal/7?seats=you,random")
            await settle(app)
            game = get_game(nim)
            while not app.tables[nim].match.over:  # type: ignore[attr-defined]
                m = app.tables[nim].match  # type: ignore[attr-defined]
                take = game.legal_actions(m.state)[0]
                click(app, "nim-take", heap=str(take.heap), count=str(take.count))
                await settle(app)
            m = app.tables[nim].match  # type: ignore[attr-defined]
            entry = Record.load(store, nim).history[-1]
            assert entry["replay"]["moves"] == m.moves and len(m.moves) == m.actions
            env.go("#/stats")
            assert f'data-testid="stats-link-{nim}"' in page.regions["screen"]
            env.go(f"#/{nim}/stats")
            assert f'data-testid="replay-{entry["gid"]}"' in page.regions["screen"]
            env.go(f"#/{nim}/replay/{entry['gid']}")
            click(app, "replay-last")
            assert page.dataset["replayStep"] == str(m.actions)
            assert entry["result"] in page.regions["mt-board"]

        run_async(run())
