"""app.tables.perpetual_motion.table: a new deal or a restart that would end a deal in progress
asks first (through the shell in CPython)."""

from __future__ import annotations

from app.tables.perpetual_motion import session as pms
from helpers.shell import boot, click, run_async, settle


def test_perpetual_motion_asks_before_a_new_deal_or_restart_ends_a_deal_in_progress() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go("#/perpetual-motion/deal/34")
        await settle(app)
        pm = app.tables["perpetual-motion"]
        click(app, "new-deal")  # nothing played yet: nothing to lose, no question
        await settle(app)
        assert 'data-testid="confirm"' not in page.regions["pm-controls"]
        env.go("#/perpetual-motion/deal/34")
        await settle(app)
        for _ in range(3):
            click(app, "deal")
            await settle(app)
        state = pm.shown.state
        for what in ("new-deal", "restart"):
            click(app, what)
            await settle(app)
            assert 'data-testid="confirm"' in page.regions["pm-controls"]
            assert "Deal 34 is in progress" in page.regions["pm-controls"]
            click(app, "keep-deal")
            await settle(app)
            assert pm.shown.state == state  # kept, and the controls are back
            assert 'data-testid="confirm"' not in page.regions["pm-controls"]
        click(app, "restart")
        click(app, "restart-sure")
        await settle(app)
        assert pms.deal_of(pm.shown) == 34 and pm.shown.state != state
        for _ in range(3):
            click(app, "deal")
            await settle(app)
        click(app, "new-deal")
        click(app, "new-deal-sure")
        await settle(app)
        assert pms.deal_of(pm.shown) != 34
    run_async(run())
