"""Where a card may go, from the engine's legal placements: each turn's anchors (kept in the
table's own memo, per card, as a tap redraws the same table), footprints, the lit squares, the
nearest place to a tapped square."""

from __future__ import annotations

from collections.abc import Sequence

from app.tables.cube_farm.turn import CFTurnUI, Pos
from engine.games.cube_farm.board import SHAPES
from engine.games.cube_farm.rules import CFView


def positions(view: CFView, card: str) -> dict[int, list[Pos]]:
    """Turn -> legal anchors (reading order) of ``card`` now, from the engine; kept in the
    table's memo (:meth:`Board.memo`), which goes with the table, so nothing outlives it."""
    memo = view.board.memo()
    key = ("positions", view.phase, view.to_move, view.player, view.my_hand, card)
    got: dict[int, list[Pos]] | None = memo.get(key)
    if got is None:
        got = memo[key] = {r: [] for r in range(4)}
        for a in view.placements_for(card):
            got[a.rot].append((a.x, a.y))
    return got


def footprint(card: str, rot: int, x: int, y: int) -> list[Pos]:
    return [(x + dx, y + dy) for dx, dy, _ in SHAPES[card][rot].cells]


def centre(card: str, rot: int, x: int, y: int) -> tuple[float, float]:
    sh = SHAPES[card][rot]
    return (x + (sh.width - 1) / 2, y + (sh.height - 1) / 2)


def nearest(card: str, rot: int, anchors: Sequence[Pos], p: Pos) -> Pos:
    def d(a: Pos) -> tuple[float, int, int]:
        cx, cy = centre(card, rot, *a)
        return ((cx - p[0]) ** 2 + (cy - p[1]) ** 2, a[1], a[0])

    return min(anchors, key=d)


def lit_squares(view: CFView, ui: CFTurnUI) -> set[Pos]:
    if ui.card is None:
        return set()
    out: set[Pos] = set()
    for x, y in positions(view, ui.card)[ui.rot]:
        out.update(footprint(ui.card, ui.rot, x, y))
    return out


def fits_turns(view: CFView, card: str) -> list[int]:
    return [r for r, a in positions(view, card).items() if a]
