"""Every move takes one path (issue 44): whoever makes it — a person at this device, a guest
on another phone, a computer, the guide, a board's own step — one move is applied, saved once,
drawn once and sent once to each guest of a table of phones, never twice (before, a guest's
step made the host send that guest its view twice: once from the save, once from its own
call)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from app.net.host import Referee
from app.tables.perpetual_motion import session as pms
from helpers.guide import bar
from helpers.net import deliver
from helpers.net_apps import table
from helpers.shell import boot, click, run_async, settle
from test_net_table import bea_steps, seated_pair, to_turn

from engine.seats import choose, make_bots

M = "machiavelli"
PM = "perpetual-motion"


class Tally:
    """Counts, on one table, the core's moves (``advance``), its saves (and the saves that
    wrote the game), its redraws, and the views its host sent each guest."""

    def __init__(self, t: Any) -> None:
        self.counts: Counter[str] = Counter()
        self._wrap(t.moves, "advance", "advance")
        self._wrap(t, "save", "save")
        self._wrap(t.drawing, "draw_board", "draw_board")
        self._wrap(t.keeping, "save", "written")

    def _wrap(self, owner: Any, name: str, key: str) -> None:
        real = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.counts[key] += 1
            return real(*args, **kwargs)

        setattr(owner, name, counted)

    def since(self, mark: Counter[str]) -> dict[str, int]:
        return dict(self.counts - mark)


def count_views(host: Referee[Any, Any]) -> Counter[int]:
    """The view updates ``host`` sends, by seat."""
    views: Counter[int] = Counter()
    real = host._update

    def update(link: Any, seat: int) -> None:
        views[seat] += 1
        real(link, seat)

    host._update = update  # type: ignore[method-assign]
    return views


def test_a_person_a_guest_and_a_computer_each_move_once_through_the_one_path() -> None:
    async def run() -> None:
        _air, (host, _hpage, _henv), (guest, _gpage, _genv) = await seated_pair()
        ht, gt = table(host), table(guest)
        m = ht.match
        assert m is not None and ht.phones.host is not None
        game: Any = m.game
        bots = make_bots(M, ["beginner"] * 3)
        tally = Tally(ht)
        views = count_views(ht.phones.host)
        one = {"advance": 1, "save": 1, "written": 1, "draw_board": 1}

        # the host's own person (Ana, seat 0)
        await to_turn(host, guest, 0)
        mark, seen = Counter(tally.counts), Counter(views)
        ht.moves.perform(m, 0, [choose(game, m.state, bots[0], 1, m.actions)], None, False)
        deliver(host, guest)
        assert tally.since(mark) == one
        assert dict(views - seen) == {1: 1}

        # Bea, on her phone (seat 1): her step goes to the host, which applies it
        await to_turn(host, guest, 1)
        mark, seen = Counter(tally.counts), Counter(views)
        bea_steps(gt, game, choose(game, m.state, bots[1], 1, m.actions))
        deliver(host, guest)
        await settle(host)
        assert tally.since(mark) == one, m.actions
        assert dict(views - seen) == {1: 1}
        g = guest.phones.guest
        assert g is not None and g.version == ht.phones.host.version

        # the computer (seat 2): each of its steps once (held until its turn is reached)
        ht.computers.paused = True
        await to_turn(host, guest, 2)
        ht.computers.paused = False
        ht.computers.pace_ms = lambda _m: 1  # type: ignore[method-assign]  # each step shown
        mark, seen, before = Counter(tally.counts), Counter(views), m.actions
        ht.computers.kick()
        await settle(host)
        deliver(host, guest)
        steps = m.actions - before
        assert steps >= 1 and m.current != 2
        # each step once; and the table once more when it is handed back to the person, the
        # last step's pace over (the board is theirs to play only then)
        assert tally.since(mark) == {**{k: steps for k in one}, "draw_board": steps + 1}
        assert dict(views - seen) == {1: steps}
    run_async(run())


def test_a_guided_step_moves_once_and_writes_nothing() -> None:
    async def run() -> None:
        app, page, env = boot(address=f"#/{M}/learn")
        await settle(app)
        t = table(app)
        tally = Tally(t)
        moved = 0
        for _ in range(40):
            m = t.guided
            if m is None or t.run is None or t.run.step is None:
                break
            mark, before = Counter(tally.counts), m.actions
            click(app, "guide-next" if 'data-testid="guide-next"' in bar(page) else "guide-skip")
            await settle(app)
            counts = tally.since(mark)
            assert counts.get("draw_board") == 1, counts  # every step drawn once
            if m.actions > before:  # a step that played: one move, saved by none
                moved += 1
                assert counts == {"advance": 1, "save": 1, "draw_board": 1}, counts
        assert moved >= 3
        assert env.store.get(f"tabletop.{M}.game") is None
    run_async(run())


def test_a_boards_own_step_moves_once() -> None:
    deal = next(n for n in range(1, 500) if len(pms.step_plan(pms.new_session(n))) == 1)

    async def run() -> None:
        app, _page, _env = boot(address=f"#/{PM}/deal/{deal}")
        await settle(app)
        t = app.tables[PM]
        tally = Tally(t)
        s = t.shown
        assert s is not None and s.actions == 0
        click(app, "deal")
        await settle(app)
        assert s.actions == 1
        assert dict(tally.counts) == {"advance": 1, "save": 1, "written": 1, "draw_board": 1}
    run_async(run())
