"""Backup files for the app's tests: a device with games played (``played_store``), exporting
its games (``export``) and importing a file (``import_file``). From tests/app/test_backup.py."""

from __future__ import annotations

from typing import Any

from app import storage as g
from app.messages import Event
from app.seated import seats as st
from app.storage import DictStore

from helpers.shell import boot, click, run_async, settle

PM = "perpetual-motion"
M = "machiavelli"


def import_file(app: Any, text: str, size: int | None = None) -> None:
    """What the page's bridge sends once it has read the chosen file."""
    app.handle(Event("file", action="import-file",
                     data={"name": "games.json",
                           "size": str(len(text) if size is None else size)},
                     value=text))


def played_store() -> DictStore:
    """A device with a Perpetual Motion deal under way, a Machiavelli game started, records,
    settings and a set-up, made the way the app makes them."""
    store = DictStore()

    async def run() -> None:
        app, _page, env = boot(store)
        env.go(f"#/{PM}/deal/5")
        await settle(app)
        for _ in range(3):
            click(app, "deal")
            await settle(app)
        env.go(f"#/{M}/deal/12?seats=you,standard,beginner&variant=manipulation")
        await settle(app)
        click(app, "m-draw")
        await settle(app)
        click(app, "toggle-setting", key="four_colour")
    run_async(run())
    store.set(g.record_key(PM), g.Record(played=7, won=2, streak=1, best_streak=2).to_json())
    store.set(g.record_key(M), g.Record(3, 1).to_json())
    st.save_setup(store, st.setup_from_query(M, (("seats", "you,strong,@Bo"),), None))
    return store


def export(store: DictStore) -> tuple[str, str, str]:
    """Settings → Export my games: (file name, file text, the message shown)."""
    app, page, env = boot(store)
    env.go("#/settings")
    click(app, "export-games")
    d = page.downloads[-1]
    assert d["type"] == "application/json"
    return d["name"], d["text"], page.texts["settings-msg"]
