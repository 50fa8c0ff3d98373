"""app.tables.perpetual_motion.sim: the statistics' simulation in batches gives the engine's
figures, and it stops when asked."""

from __future__ import annotations

from app.tables.perpetual_motion.sim import Simulation

from engine.games.perpetual_motion.rules import simulate


def test_simulation_in_batches_matches_the_engine() -> None:
    sim = Simulation(300, seed=7)
    ticks = iter(range(10**6))
    while not sim.finished:
        assert sim.run_batch(budget_ms=1.0, clock=lambda: next(ticks) / 1000) > 0
    assert sim.stats.to_dict() == simulate(300, 7).to_dict()


def test_simulation_stops() -> None:
    sim = Simulation(10**6, seed=1)
    sim.run_batch(budget_ms=5)
    sim.stop()
    assert sim.finished and sim.run_batch() == 0 and 0 < sim.done < 10**6
