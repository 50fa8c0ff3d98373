"""Perpetual Motion's end, through the table in CPython: its own controls only (Restart, New
deal, Share in its dock), not the seated games' Share and "New game" (a link to a set-up
screen a solitaire does not have) drawn a second time under the end card; the end said once,
and the focus on its heading."""

from __future__ import annotations

from helpers.shell import boot, click, run_async, settle

PM = "perpetual-motion"
QUICK_WIN = 16557


def test_the_end_offers_its_own_controls_once_and_is_said_once() -> None:
    async def run() -> None:
        app, page, _env = boot(address=f"#/{PM}/deal/{QUICK_WIN}")
        await settle(app)
        heard = len(page.announced_all)
        click(app, "autoplay")
        await settle(app)
        board = page.regions["pm-board"]
        assert 'data-testid="end"' in board
        assert "mt-share" not in board and "mt-new-game" not in board
        assert page.html().count('data-action="share"') == 1
        said = page.announced_all[heard:]
        ends = [s for s in said if "every card is discarded" in s.lower()]
        assert len(ends) == 1, said
        assert page.texts["pm-msg"] == "Won in 11 rounds: every card is discarded."
        assert any(b.get("focus") == "end-title" for b in page.batches)
    run_async(run())
