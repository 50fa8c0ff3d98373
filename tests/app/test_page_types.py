"""The page's JavaScript against the Python it talks to (issue 44).

``types/page.d.ts`` is written from ``app.messages`` by ``scripts.page_types``; ``tsc`` checks
the page's scripts with it (``scripts/test`` runs it). Here: the committed file is what the
Python makes now; an item kind or a cue that Python and the page do not both know fails
``tsc`` (a copy of the page's scripts checked against a changed file); and the values both sides
use have one definition.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from app.messages import Batch, Item
from app.page import FLY_MS, Page
from app.settings import CUES

from scripts import page_types

ROOT = Path(__file__).resolve().parents[2]
TSC = ROOT / "node_modules" / ".bin" / "tsc"


def test_the_committed_types_are_the_pythons() -> None:
    assert page_types.OUT.read_text(encoding="utf-8") == page_types.render(), (
        "types/page.d.ts is stale: run python -m scripts.page_types")
    assert page_types.main(["--check"]) == 0


def test_every_item_kind_and_cue_is_written() -> None:
    text = page_types.render()
    kinds = re.search(r"export interface ItemKinds \{\n(.*?)\n\}", text, re.S)
    assert kinds is not None
    written = {line.strip().split(":")[0] for line in kinds.group(1).splitlines()}
    assert written == {"store", "think", "go", "update", "persist", "shared", "net", "thinker"}
    assert len(Item.__args__) == len(written) + 1  # and the batch
    assert f"export type Cue = {' | '.join(f'{c!r}'.replace(chr(39), chr(34)) for c in CUES)};" \
        in text


def _tsc(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TSC), "--noEmit", "-p", str(project)], capture_output=True,
                          text=True, timeout=300)


@pytest.fixture
def page_copy(tmp_path: Path) -> Path:
    """The page's scripts and their types in a folder of their own, to be changed there."""
    if not TSC.exists():
        pytest.fail("no node_modules/.bin/tsc: run scripts/setup.sh (npm ci)")
    for p in [*ROOT.joinpath("web").rglob("*.js"), *ROOT.joinpath("web").rglob("*.mjs"),
              *ROOT.joinpath("types").rglob("*.d.*ts"), ROOT / "tsconfig.json"]:
        dest = tmp_path / p.relative_to(ROOT)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(p, dest)
    (tmp_path / "node_modules").symlink_to(ROOT / "node_modules")
    return tmp_path


def _change(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_tsc_refuses_a_page_that_does_not_know_pythons_items(page_copy: Path) -> None:
    assert _tsc(page_copy).returncode == 0, _tsc(page_copy).stdout  # the copy passes as it is
    # an item kind Python sends that bridge.js has no handler for
    types = page_copy / "types" / "page.d.ts"
    _change(types, "export interface ItemKinds {\n",
            "export interface ItemKinds {\n  vibrate: string;\n")
    out = _tsc(page_copy)
    assert out.returncode != 0 and "bridge.js" in out.stdout and "vibrate" in out.stdout, out.stdout


def test_tsc_refuses_a_handler_of_the_wrong_shape(page_copy: Path) -> None:
    # Python's go item carrying a number instead of the address (ItemKinds: go, then update)
    _change(page_copy / "types" / "page.d.ts", "  go: string;\n  update", "  go: number;\n  update")
    out = _tsc(page_copy)
    assert out.returncode != 0 and "bridge.js" in out.stdout, out.stdout


def test_tsc_refuses_a_cue_the_page_cannot_play(page_copy: Path) -> None:
    _change(page_copy / "types" / "page.d.ts", 'export type Cue = "placed"',
            'export type Cue = "shuffled" | "placed"')
    out = _tsc(page_copy)
    assert out.returncode != 0 and "cues.js" in out.stdout and "shuffled" in out.stdout, out.stdout


def test_tsc_refuses_another_storage_prefix(page_copy: Path) -> None:
    _change(page_copy / "types" / "page.d.ts", 'export type StoragePrefix = "tabletop."',
            'export type StoragePrefix = "cards."')
    out = _tsc(page_copy)
    assert out.returncode != 0 and "bridge.js" in out.stdout, out.stdout


def test_a_cards_flight_lasts_as_python_says() -> None:
    """The flight's length is defined once, in app.page: each flight carries it, and the page
    animates it for as long as the flight says (no length of its own)."""
    sent: list[Batch] = []
    page = Page(sent.append)
    page.flight("AS", "#pile", 40)
    page.flush()
    assert sent[0]["flights"] == [{"card": "AS", "from": "#pile", "delay": 40, "ms": FLY_MS}]
    bridge = (ROOT / "web" / "bridge.js").read_text(encoding="utf-8")
    assert "duration: f.ms," in bridge
    sources = [*ROOT.joinpath("web").rglob("*.py"), *ROOT.joinpath("web").rglob("*.js")]
    defined = [p for p in sources if re.search(r"\bFLY_MS\s*=", p.read_text(encoding="utf-8"))]
    assert defined == [ROOT / "web" / "app" / "page.py"], defined
