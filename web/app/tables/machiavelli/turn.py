"""The turn's UI state on the Machiavelli table (what is picked, lifted, opened, the hand's order,
the hint) and the hint itself: kept apart so that taps, drawing and wording share one state."""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.kit import Tap
from engine.games.machiavelli import plan
from engine.games.machiavelli.rules import EndTurn, MAction, MView, Reset, _as_old, plain, restore


@dataclass(frozen=True)
class HintInfo:
    cards: int  # how many hand cards can be laid this turn (from the turn's start)
    proven: bool  # False: the solver's time budget ran out
    steps: tuple[MAction, ...]  # the remaining steps from the table as it is now (empty: draw)


ARRANGES = ("", "runs", "groups")


@dataclass(frozen=True)
class MTurnUI:
    picked: tuple[int, ...] = ()  # picked hand cards: indices into view.hand
    lifted: tuple[int, int] | None = None  # a lifted table card: (meld, pos)
    opened: int | None = None  # the meld shown open (its cards as buttons, split controls)
    sort: str = "suit"  # "suit" | "rank": hand display order only
    hint: HintInfo | None = None
    slots: tuple[int, ...] = ()  # picked face-up helping cards (helping variant)
    joining: bool = False  # "Join…" pressed on the opened meld: the next meld tapped joins it
    # "runs" | "groups": the cards that make runs (groups) first, the rest in the sort order;
    # a display order only, as ``sort`` (the engine keeps the hand sorted)
    arrange: str = ""
    # the dock asks first: "draw", Draw (or Pass) would take back what was laid this turn;
    # "reset", Reset would (the turn's work is not thrown away on one tap)
    confirm: str = ""

    def cleared(self, opened: int | None = None) -> MTurnUI:
        """Nothing picked, no hint, nothing asked; the hand's order kept."""
        return MTurnUI(sort=self.sort, arrange=self.arrange, opened=opened)


TurnTap = Tap[MTurnUI, MAction]  # a tap's answer on this board


def make_hint(view: MView, budget_ms: float | None = 2000) -> HintInfo:
    """The most cards the player can lay this turn and the steps from the table as it is now
    (slow: the shell runs it in a worker)."""
    sol, _ = plan.hint(view, budget_ms)
    if sol is None or sol.max_cards == 0:
        return HintInfo(0, True if sol is None else sol.proven, ())
    ace = view.config.ace
    target = [list(m) for m in sol.melds]
    left = max(view.step_limit - view.steps, 0)
    steps = plan.steps_to(view.table, view.hand, target, ace, left, view.helping)
    if steps is None:  # off the path: start again from the turn's start
        hand, row = restore(view.table, view.hand, view.helping)
        again = plan.steps_to(_as_old(view.start_table), hand, target, ace, left, row)
        steps = [Reset(), *again] if again is not None else []
    while steps and isinstance(steps[-1], EndTurn):
        steps = steps[:-1]
    return HintInfo(sol.max_cards, sol.proven, tuple(steps))


def table_changed(view: MView) -> bool:
    return plain(view.table) != view.start_table


def sane(view: MView, ui: MTurnUI) -> MTurnUI:
    """Drop indices the view no longer has (a stale UI after the table changed)."""
    n = len(view.table)
    picked = tuple(i for i in dict.fromkeys(ui.picked) if 0 <= i < len(view.hand))
    slots = tuple(s for s in dict.fromkeys(ui.slots)
                  if 0 <= s < len(view.helping) and view.helping[s] is not None)
    lifted = ui.lifted
    if lifted is not None and not (0 <= lifted[0] < n and 0 <= lifted[1] < len(
            view.table[lifted[0]])):
        lifted = None
    opened = ui.opened if ui.opened is not None and 0 <= ui.opened < n else None
    joining = ui.joining and opened is not None
    sort = ui.sort if ui.sort in ("suit", "rank") else "suit"
    arrange = ui.arrange if ui.arrange in ARRANGES else ""
    if (picked, slots, lifted, opened, joining, sort, arrange) == (
            ui.picked, ui.slots, ui.lifted, ui.opened, ui.joining, ui.sort, ui.arrange):
        return ui
    return replace(ui, picked=picked, slots=slots, lifted=lifted, opened=opened,
                   joining=joining, sort=sort, arrange=arrange)
