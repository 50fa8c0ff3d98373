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


def test_the_home_tiles_new_deal_asks_at_the_table() -> None:
    """A deal in progress, New deal on the home tile: the table opens with the question on
    show (it was drawn into a dock not on the screen, and nothing seemed to happen)."""
    async def run() -> None:
        app, page, env = boot()
        env.go("#/perpetual-motion/deal/34")
        await settle(app)
        click(app, "deal")
        await settle(app)
        state = app.tables["perpetual-motion"].shown.state
        env.go("#/")
        await settle(app)
        assert 'data-testid="home-new-deal"' in page.regions["screen"]
        click(app, "new-deal", game="perpetual-motion")
        await settle(app)
        assert (app.route.screen, app.route.game) == ("table", "perpetual-motion")
        assert "Deal 34 is in progress" in page.regions["pm-controls"]
        assert app.tables["perpetual-motion"].shown.state == state  # nothing lost yet
        click(app, "new-deal-sure")
        await settle(app)
        assert pms.deal_of(app.tables["perpetual-motion"].shown) != 34
    run_async(run())
