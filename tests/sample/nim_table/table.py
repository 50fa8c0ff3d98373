"""The sample game's table: Nim at the shell's seated table, and its board."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.board import BoardClass
from app.kit import Tap, button, esc
from app.seated.plain import PlainBoard
from app.seated.seats import Match
from app.seated.table import SeatedTable
from app.seen import Seen
from app.table import Event, Host, TableClass

from sample.nim.rules import MAX_TAKE, NimState, NimView, Take


@dataclass(frozen=True)
class TurnUI:
    """Nothing is selected between two taps: a tap is a whole move."""


def board_html(view: NimView, interactive: bool) -> str:
    rows = []
    for h, n in enumerate(view.heaps):
        takes = "".join(
            button(f"Take {k}", "nim-take", cls="btn small", disabled=not interactive or k > n,
                   testid=f"take-{h + 1}-{k}", heap=h, count=k,
                   aria_label=f"Take {k} from heap {h + 1}")
            for k in range(1, MAX_TAKE + 1))
        rows.append(f'<li class="nim-heap" data-testid="heap-{h + 1}" data-stones="{n}">'
                    f"<span>Heap {h + 1}: {n} stone{'' if n == 1 else 's'}</span>"
                    f'<span class="row">{takes}</span></li>')
    return f'<ol class="nim-heaps" aria-label="{esc("Heaps")}">{"".join(rows)}</ol>'


class NimBoard(PlainBoard[TurnUI, NimState, Take, NimView]):
    """Nim's board: heaps and their Take buttons; everything else is the plain board's."""

    def fresh_ui(self) -> TurnUI:
        return TurnUI()

    def board_html(self, seen: Seen[TurnUI, Take, NimView]) -> str:
        return board_html(seen.view, seen.interactive)

    def click(self, seen: Seen[TurnUI, Take, NimView], ev: Event) -> Tap[TurnUI, Take] | None:
        if ev.action != "nim-take":
            return None
        try:
            take = Take(int(ev.get("heap")), int(ev.get("count")))
        except ValueError:
            return Tap(self.ui, message="That is not a move.", refusal=True)
        return Tap(self.ui, (take,))

    def describe_turn(self, m: Match[NimState], before: NimState, actions: Sequence[Take],
                      seat: int, you: bool = False) -> str:
        took = sum(a.count for a in actions)
        who = "You" if you else m.names()[seat]
        return f"{who} took {took} stone{'' if took == 1 else 's'}."


BOARD: BoardClass[TurnUI, NimState, Take, NimView] = NimBoard


def Table(app: Host) -> SeatedTable[TurnUI, NimState, Take, NimView]:
    return SeatedTable(app, "nim", BOARD)


TABLE: TableClass = Table
