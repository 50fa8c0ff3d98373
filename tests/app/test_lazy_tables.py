"""A start imports no game: each game's rules and table are imported when it is first opened
(issue 23), and the home screen still shows every saved game's line, from the line its table
keeps in the save. Run in a fresh interpreter each (this process has imported every game).

A save written before saves kept their line, or a damaged one, is read by its table at the
start, as every save was before: its line is shown and its problem said on the home screen.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from app.storage import save_key, tile_of

TESTS = Path(__file__).resolve().parents[1]

# Boots the app over a store, then follows the addresses given; after each step it reports the
# games whose rules (engine.games.<g>.rules) and table (app.tables.<g>.table) are imported.
SCRIPT = r"""
import json, re, sys
from app.storage import DictStore
from helpers.shell import boot, run_async, settle

def imported():
    rules = {m.split(".")[2] for m in sys.modules if re.fullmatch(r"engine\.games\.\w+\.rules", m)}
    tables = {m.split(".")[2] for m in sys.modules if re.fullmatch(r"app\.tables\.\w+\.table", m)}
    return {"rules": sorted(rules), "tables": sorted(tables)}

store = DictStore()
store.data.update(json.loads(sys.argv[1]))
out = []
app, page, env = boot(store)
out.append({"at": "start", "home": page.regions.get("screen", ""), "notice": app.navigator.notice,
            **imported()})
async def run():
    for address in json.loads(sys.argv[2]):
        env.go(address)
        await settle(app)
        out.append({"at": address, "home": page.regions.get("screen", ""),
                    "notice": app.navigator.notice, "texts": dict(page.texts), **imported()})
run_async(run())
print(json.dumps({"steps": out, "store": store.data}))
"""


def run(store: dict[str, str], addresses: list[str]) -> dict[str, Any]:
    # engine and app come from the checkout .venv names (as here), helpers from tests/ (the
    # folder it runs in: sys.path[0] of ``python -c``)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, json.dumps(store), json.dumps(addresses)],
        cwd=TESTS, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def lines(home: str) -> dict[str, str]:
    """The home tiles' Continue lines, by the tile's test id."""
    return dict(re.findall(r'data-testid="(continue[-\w]*)"[^>]*>Continue <small>\(([^)]*)\)',
                           home))


def test_a_start_imports_no_game_and_opening_one_imports_only_it() -> None:
    steps = run({}, ["#/machine", "#/", "#/perpetual-motion/rules"])["steps"]
    start, machine, home, rules = steps
    assert start["rules"] == [] and start["tables"] == []
    assert start["home"].count('data-testid="play-') == 4  # every game's tile, no game imported
    assert machine["rules"] == ["machine"] and machine["tables"] == ["machine"]
    assert home["tables"] == ["machine"]
    # a game's rules page is text from the build: it does not open the game
    assert "Perpetual Motion" in rules["home"] and rules["tables"] == ["machine"]


def test_saved_games_are_shown_from_their_lines_and_read_when_opened() -> None:
    played = run({}, ["#/machiavelli/deal/3", "#/perpetual-motion/deal/12", "#/"])
    store = played["store"]
    shown = lines(played["steps"][-1]["home"])
    assert set(shown) == {"continue-machiavelli", "continue"}  # Perpetual Motion's is "continue"

    again = run(store, ["#/machiavelli"])["steps"]
    assert again[0]["tables"] == [] and again[0]["rules"] == []
    assert lines(again[0]["home"]) == shown
    assert again[1]["tables"] == ["machiavelli"]
    assert 'data-testid="message"' in again[1]["home"]  # the table, with the game read

    key = "tabletop.machiavelli.save"
    envelope = json.loads(re.sub(r'^\{"rev":\d+,"tab":"\w+",', "{", store[key]))
    assert envelope["tile"]["line"] == shown["continue-machiavelli"]
    older = {**store, key: json.dumps({k: x for k, x in envelope.items() if k != "tile"})}
    old = run(older, [])["steps"][0]  # a save from before saves kept their line: read at start
    assert old["tables"] == ["machiavelli"]
    assert lines(old["home"]) == shown

    envelope["deal"] += 1  # a save changed by anything but the app: read at the start
    changed = run({**store, key: json.dumps(envelope)}, [])["steps"][0]
    assert changed["tables"] == ["machiavelli"]


def test_a_damaged_save_is_said_at_the_start() -> None:
    start = run({"tabletop.machine.save": '{"version": 1, "game": "machine", "gid": 3'},
                [])["steps"][0]
    assert start["tables"] == ["machine"]
    assert start["notice"] and "Perpetual-Motion Machine" in start["notice"]
    assert "Perpetual-Motion Machine" in start["home"] and "notice" in start["home"]


def test_a_save_its_game_cannot_read_is_said_when_the_game_is_opened() -> None:
    """A save whose line and checksum are right but whose game the rules refuse (a save of
    another version's rules, say) is only found when the game is opened: it is set aside and
    said on the home screen, as a damaged save is at the start."""
    envelope = {"version": 1, "game": "machine", "gid": "x1", "setup": {"seats": []},
                "deal": 1, "actions": 0, "state": {"broken": True}}
    text = json.dumps({**envelope, "tile": tile_of(envelope, "3 turns played")},
                      separators=(",", ":"))
    got = run({save_key("machine"): text}, ["#/machine", "#/"])
    start, opened, home = got["steps"]
    assert start["tables"] == [] and lines(start["home"]) == {"continue-machine": "3 turns played"}
    assert start["notice"] is None
    assert opened["tables"] == ["machine"] and "could not be read" in opened["notice"]
    assert "could not be read" in home["home"]  # and the tile has the new game's line
    assert lines(home["home"]).get("continue-machine") != "3 turns played"
    aside = [k for k in got["store"] if k.startswith("tabletop.machine.unreadable.")]
    assert len(aside) == 1 and json.loads(got["store"][aside[0]]) == json.loads(text)


def test_a_save_with_no_line_written_by_another_tab_is_shown_on_the_home_screen() -> None:
    """Another tab (of an older version) saves a game with no line while this one shows the
    home screen: its table is made to read it, and the tile offers to continue it."""
    played = run({}, ["#/cube-farm/deal/5", "#/"])
    key = "tabletop.cube-farm.save"
    envelope = json.loads(re.sub(r'^\{"rev":\d+,"tab":"\w+",', "{", played["store"][key]))
    line = envelope.pop("tile")["line"]
    script = SCRIPT.replace("run_async(run())", (
        f"store.data[{key!r}] = {json.dumps(envelope)!r}\n"
        "from app.table import Event\n"
        f"app.handle(Event('storage', key={key!r}))\n"
        "out.append({'at': 'storage', 'home': page.regions.get('screen', ''), **imported()})"))
    done = subprocess.run([sys.executable, "-c", script, "{}", "[]"], cwd=TESTS,
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    start, after = json.loads(done.stdout.strip().splitlines()[-1])["steps"]
    assert start["tables"] == [] and lines(start["home"]) == {}
    assert after["tables"] == ["cube_farm"] and lines(after["home"]) == {"continue-cube-farm": line}
