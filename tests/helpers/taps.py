"""What must hold after every tap of the tables' random-tap tests ("never breaks"), shared by
tests/app/test_cube_farm_table.py, test_machine_table.py and test_machiavelli_table.py.

- :func:`assert_sound`: the state is one the engine accepts as a game: its JSON form reads
  back equal, it holds every card its set-up dealt, someone may act unless it is over.
- :func:`assert_refused`: a refused tap changed nothing: no actions, the state (as its JSON)
  as it was, and the saved game too when there is one.
- :func:`assert_shows`: the table's HTML shows the engine's state: each game's reader below
  reads concrete things back from the page (the hand's cards, the melds, the piles' counts,
  the players' cards and points) and they must equal the same things taken from the state.
- :func:`shell_taps`: random taps on the page the whole app draws (helpers.shell): after each
  one the invariants above on the match the table holds, its page and its save.
"""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from app.seated.seats import Match
from app.storage import save_key

from engine.games.machine.rules import OVER
from engine.registry import get_game
from helpers.markup import parse
from helpers.shell import boot, click, run_async, settle

Shown = dict[str, object]
Tags = list[tuple[str, dict[str, str | None]]]  # helpers.markup's parse(html).tags


# --- the engine's side ---------------------------------------------------------------------------


def snapshot(game: Any, state: Any) -> str:
    """``state`` as JSON text: what a refused tap must leave exactly as it was."""
    return json.dumps(game.state_to_dict(state), sort_keys=True)


def assert_sound(game: Any, state: Any) -> None:
    """``state`` is a game the engine accepts: its JSON form reads back equal (and equal again
    as JSON), it holds every card of its set-up, someone may act unless it is over."""
    data = game.state_to_dict(state)
    back = game.state_from_dict(json.loads(json.dumps(data)))
    assert back == state, "the state does not read back from its JSON form"
    assert game.state_to_dict(back) == data
    assert game.conserved(state) == game.full_set(game.config_of(state)), "cards lost or made"
    over = game.is_over(state)
    assert (game.current_player(state) is None) == over, "a player to move, or none, wrongly"
    assert bool(game.legal_actions(state)) != over, "nobody can act, yet the game goes on"


def assert_refused(game: Any, before: str, state: Any, actions: tuple[Any, ...] = (),
                   saved_before: str | None = None, saved: str | None = None) -> None:
    """A refused tap did nothing: no actions, the state (``before``: its :func:`snapshot`
    before the tap) and the saved game (``saved_before``, ``saved``: the save's text) as they
    were."""
    assert not actions, f"a refusal with actions: {actions}"
    assert snapshot(game, state) == before, "a refused tap changed the state"
    assert saved == saved_before, "a refused tap changed the saved game"


# --- the page's side: each game's reader, and the same taken from the state --------------------


def _with_testid(tags: Tags, testid: str) -> list[dict[str, str | None]]:
    return [a for _t, a in tags if a.get("data-testid") == testid]


def _number(html: str, pattern: str) -> int:
    found = re.findall(pattern, html)
    assert len(found) == 1, (pattern, found)
    return int(found[0])


def cube_farm_shown(html: str, tags: Tags) -> Shown:
    players = []
    for a in _with_testid(tags, "cf-player"):
        m = re.search(r": (\d+) cards? in hand, (-?\d+) points on the table, (-?\d+) before",
                      a.get("aria-label") or "")
        assert m, a
        players.append(tuple(int(x) for x in m.groups()))
    info = re.findall(r'data-testid="cf-info">Hand (\d+) of (\d+) · round \d+ of \d+ · '
                      r"(\d+) set aside<", html)
    assert len(info) == 1, info
    return {
        "hand": [a.get("data-card") for a in _with_testid(tags, "cf-hand-card")],
        "players": players,
        "hand of": tuple(int(x) for x in info[0]),
        "floor": _number(html, r'aria-label="The office floor: (\d+) cards"'),
    }


def cube_farm_held(state: Any, seat: int) -> Shown:
    b = state.board
    live = b.totals(state.players)
    return {
        "hand": sorted(state.hands[seat]),
        "players": [(len(state.hands[p]), live[p], state.totals[p])
                    for p in range(state.players)],
        "hand of": (state.hand, state.hands_total, len(state.deck)),
        "floor": len(b.placements),
    }


def machine_shown(html: str, tags: Tags) -> Shown:
    others = {}
    for a in _with_testid(tags, "mm-opp"):
        m = re.search(r" (\d+) cards?, (\d+) cubes to place[^;]*; (\d+) cubes on the mat\.",
                      a.get("aria-label") or "")
        assert m, a
        others[int(a.get("data-seat") or -1)] = tuple(int(x) for x in m.groups())
    mine = re.findall(r'data-testid="mm-onmat">On the mat <b>(\d+)</b>, (\d+) to place', html)
    assert len(mine) == 1, mine
    shown: Shown = {
        "dock": 'data-testid="mm-dock"' in html,  # the hand and the turn's buttons
        "counts": (_number(html, r'data-testid="mm-round">Round <b>(\d+)</b>'),
                   _number(html, r'data-testid="mm-deck">(\d+)<'),
                   _number(html, r'data-testid="mm-discards">(\d+)<')),
        "mine": tuple(int(x) for x in mine[0]),
        "others": others,
    }
    if shown["dock"]:  # (none once the game is over)
        shown["hand"] = sorted(str(a.get("data-card"))
                               for a in _with_testid(tags, "mm-hand-card"))
    if 'data-testid="mm-choice-take"' in html:  # the display, while cards may be taken
        shown["display"] = [a.get("data-card") for a in _with_testid(tags, "mm-display")]
    return shown


def machine_held(state: Any, seat: int) -> Shown:
    mat = state.mats[seat]
    return {
        "dock": state.phase != OVER,
        "hand": sorted(str(c) for c in state.hands[seat]),
        "counts": (state.round, len(state.deck), len(state.discard)),
        "mine": (mat.on_mat, mat.left),
        "others": {p: (len(state.hands[p]), state.mats[p].left, state.mats[p].on_mat)
                   for p in range(state.players) if p != seat},
        "display": [str(c) for c in state.display if c is not None],
    }


def machiavelli_shown(html: str, tags: Tags) -> Shown:
    melds: dict[int, dict[int, str]] = {}
    helping: dict[int, str] = {}
    for _t, a in tags:
        key, card = a.get("data-key") or "", a.get("data-card") or ""
        if m := re.fullmatch(r"m(\d+)\.(\d+)", key):  # a table card: its data-card "7H-2"
            k, p = int(m[1]), int(m[2])
            assert p not in melds.setdefault(k, {}), f"{key} twice"
            melds[k][p] = card.split("-")[0]
        elif (m := re.fullmatch(r"x(\d+)", key)) and card.startswith(key + "-"):
            assert int(m[1]) not in helping, f"{key} twice"
            helping[int(m[1])] = card.split("-")[1]  # a helping card: "x0-7H"
    assert sorted(melds) == list(range(len(melds))), sorted(melds)
    others = {}
    for m in re.finditer(r'data-testid="m-opponent" data-seat="(\d+)".*?'
                         r'class="mt-opp-count">(\d+)<', html):
        others[int(m[1])] = int(m[2])
    return {
        "hand": sorted(str(a.get("data-card")) for a in _with_testid(tags, "m-hand-card")),
        "melds": [[row[p] for p in sorted(row)] for _k, row in sorted(melds.items())],
        "helping": helping,
        "pile": _number(html, r'data-testid="m-draw-count" aria-hidden="true">(\d+)<'),
        "others": others,
    }


def machiavelli_held(state: Any, seat: int) -> Shown:
    return {
        "hand": sorted(str(c) for c in state.hands[seat]),
        "melds": [[str(tc.card) for tc in meld] for meld in state.table],
        "helping": {s: str(c) for s, c in enumerate(state.helping) if c is not None},
        "pile": len(state.deck),
        "others": {p: len(h) for p, h in enumerate(state.hands) if p != seat},
    }


READERS: dict[str, tuple[Callable[[str, Tags], Shown], Callable[[Any, int], Shown]]] = {
    "cube-farm": (cube_farm_shown, cube_farm_held),
    "machine": (machine_shown, machine_held),
    "machiavelli": (machiavelli_shown, machiavelli_held),
}


def assert_shows(game_id: str, html: str, tags: Tags | None, state: Any, seat: int) -> None:
    """The table's HTML (the board and the dock; ``tags``: its parsed tags, if at hand) shows
    ``state`` as ``seat`` sees it: what the page says of it equals what the state holds. The
    Machine's hand (its dock is gone once the game is over) and its display (drawn while cards
    may be taken) are compared where the page draws them."""
    shown_of, held_of = READERS[game_id]
    shown = shown_of(html, parse(html).tags if tags is None else tags)
    held = {k: v for k, v in held_of(state, seat).items() if k in shown}
    assert shown == held, f"the page shows {shown}, the engine holds {held}"


# --- the whole app, tapped at random -------------------------------------------------------------


def targets(tags: Tags) -> list[tuple[str, dict[str, str]]]:
    """Every enabled element that a tap acts on (of ``tags``, the page's parsed tags): its
    action and its data."""
    out = []
    for _tag, a in tags:
        act = a.get("data-action")
        if act and "disabled" not in a:
            data = {k[5:]: v or "" for k, v in a.items()
                    if k.startswith("data-") and k not in ("data-action", "data-testid")}
            out.append((str(act), data))
    return out


def _refused(batches: list[dict[str, Any]]) -> bool:
    """Whether one of these batches put a refusal on the message line."""
    return any("refusal" in (b.get("texts", {}).get("mt-msg") or ["", ""])[1] or ""
               for b in batches)


async def shell_taps(game_id: str, seed: int, count: int, ours: tuple[str, ...],
                     seats: str = "you,beginner") -> Counter[str]:
    """``count`` random taps on the table of ``game_id`` in the whole app, the computers
    playing their turns between them (deal ``seed``, ``seats``), each on an enabled element of
    the board or the dock whose action starts with one of ``ours`` (or is Undo). After each
    tap: a refusal left the match's state and its save as they were; once the app is idle, the
    page shows the match's state, the state is sound and the save holds it. Returns the taps
    made by action, and how many were refused."""
    rng = random.Random(seed)
    game = get_game(game_id)
    app, page, env = boot(address=f"#/{game_id}/deal/{seed}?seats={seats}")
    await settle(app)
    table: Any = app.tables[game_id]
    m = table.match
    assert m is not None
    key = save_key(game_id)
    done: Counter[str] = Counter()
    for tapped in range(count + 1):
        html = page.regions["mt-board"] + page.regions["mt-dock"]
        tags = parse(html).tags
        assert table.match is m
        assert_sound(game, m.state)
        assert_shows(game_id, html, tags, m.state, m.viewer)
        saved = env.store.get(key)
        assert saved is not None
        assert snapshot(game, Match.from_json(saved, game_id).state) == snapshot(game, m.state)
        if m.over or tapped == count:
            break
        options = [o for o in targets(tags) if o[0].startswith(ours) or o[0] == "mt-undo"]
        assert options, "nothing to tap"
        action = rng.choice(sorted({a for a, _ in options}))  # each action as likely
        data = rng.choice([d for a, d in options if a == action])
        if rng.random() < 0.05:  # stale or garbled data
            data = {k: rng.choice(["-1", "99", "x", ""]) for k in data}
        before, seen = snapshot(game, m.state), len(page.batches)
        click(app, action, **data)
        done[action] += 1
        if _refused(page.batches[seen:]):  # before the computers may play on
            assert_refused(game, before, m.state, (), saved, env.store.get(key))
            done["refused"] += 1
        await settle(app)
    return done


def tap_the_app(game_id: str, seed: int, count: int, ours: tuple[str, ...],
                seats: str = "you,beginner") -> Counter[str]:
    """:func:`shell_taps` on its own event loop (helpers.shell's ``run_async``)."""
    done: Counter[str] = Counter()

    async def scenario() -> None:
        done.update(await shell_taps(game_id, seed, count, ours, seats))

    run_async(scenario())
    return done
