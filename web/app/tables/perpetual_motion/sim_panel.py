"""The statistics page's simulator: its boxes (games, seed), Start and Stop, and the run in
batches with its progress shown (:class:`.sim.Simulation` plays the deals)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from app.table import Event, Host
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion.sim import Simulation


class SimPanel:
    """The simulator under the statistics; ``render`` draws the statistics page again."""

    def __init__(self, app: Host, render: Callable[[], None]) -> None:
        self.app = app
        self.page = app.page
        self.render = render
        self.sim: Simulation | None = None
        self.running = False
        self.games = 10000
        self.seed = 1
        self.seed_text = "1"  # the seed box as last changed

    def html(self) -> str:
        return v.sim_html(self.games, self.seed, self.sim, self.running)

    def change(self, ev: Event) -> None:
        """A box was changed: kept for the next Start."""
        if ev.action == "sim-seed":
            self.seed_text = ev.value
        elif ev.action == "sim-games":
            try:
                self.games = int(ev.value)
            except ValueError:
                pass

    def start(self, _ev: Event | None) -> None:
        if self.running:
            return
        try:
            seed = int(self.seed_text.strip() or "1")
            if seed < 0:
                raise ValueError
        except ValueError:
            seed = 1
        self.seed = seed
        self.seed_text = str(seed)
        self.sim = Simulation(self.games, seed)
        self.running = True
        self.render()
        self.app.spawn(self.run(self.sim))

    def stop(self, _ev: Event | None = None) -> None:
        if self.sim is not None:
            self.sim.stop()

    async def run(self, sim: Simulation) -> None:
        try:
            while not sim.finished:
                sim.run_batch(30.0)
                if self.app.route.screen == "stats":
                    self.page.region("sim-progress-box", v.sim_progress_html(sim, True))
                    self.page.flush()
                await asyncio.sleep(0)
        finally:
            self.running = False
            if self.app.route.screen == "stats":
                self.render()
                self.page.focus("sim-start")
