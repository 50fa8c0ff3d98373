"""The Cube Farm table's field as HTML: the players' strip and the floor in its own viewport."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import esc
from app.tables.cube_farm.floor import board_svg, marker_svg
from app.tables.cube_farm.turn import CFTurnUI
from app.tables.cube_farm.words import SHAPE_NAMES
from engine.games.cube_farm.rules import CLAIM, PLACE, CFView, Place


def players_html(view: CFView, names: Sequence[str]) -> str:
    b = view.board
    live = b.totals(view.players)
    items = []
    for p in range(view.players):
        cur = " current" if view.phase in (PLACE, CLAIM) and p == view.to_move else ""
        you = " (this hand)" if p == view.player else ""
        n = view.hand_counts[p]
        label = (f"{names[p]}, player {p + 1} ({SHAPE_NAMES[p % 5]}){you}: {n} "
                 f"card{'s' if n != 1 else ''} in hand, {live[p]} points on the table, "
                 f"{view.totals[p]} before this hand"
                 + (", to play" if cur else ""))
        items.append(f'<li class="cf-player p{p}{cur}" id="cf-p{p}" data-testid="cf-player" '
                     f'aria-label="{esc(label)}">{marker_svg(p)}'
                     f'<span class="cf-pname">{esc(names[p])}</span>'
                     f'<span class="cf-pcount">{n} card{"s" if n != 1 else ""}</span>'
                     f'<span class="cf-ppts">{live[p]} point{"s" if live[p] != 1 else ""}'
                     + (f", {view.totals[p]} before" if view.totals[p]
                        and view.phase in (PLACE, CLAIM) else "") + "</span></li>")
    size = view.hand_size
    laid = sum(isinstance(e.action, Place) for e in view.log)
    rnd = min(laid // view.players + 1, size)
    info = (f"Hand {view.hand} of {view.hands_total} · round {rnd} of {size} · "
            f"{view.deck_count} set aside")
    return (f'<ul class="cf-players" aria-label="Players">{"".join(items)}</ul>'
            f'<p class="cf-info" data-testid="cf-info">{esc(info)}</p>')


def board_html(view: CFView, ui: CFTurnUI, names: Sequence[str], *, interactive: bool,
               marked: frozenset[str] = frozenset(), key_: str = "") -> str:
    """The table above the dock: the players, the hand's line and the floor (which pans and
    zooms inside its own viewport, so the page never moves)."""
    live = " live" if interactive and view.to_move == view.player and view.phase in (
        PLACE, CLAIM) else ""
    # the view's controls in a column beside the plan, never over a square of it
    zoom = ('<div class="cf-zoom" role="group" aria-label="Zoom">'
            '<button type="button" class="btn icon" data-cf-zoom="in" aria-label="Zoom in" '
            'data-testid="cf-zoom-in">+</button>'
            '<button type="button" class="btn icon" data-cf-zoom="out" aria-label="Zoom out" '
            'data-testid="cf-zoom-out">−</button>'
            '<button type="button" class="btn icon" data-cf-zoom="fit" '
            'aria-label="Fit the whole floor" data-testid="cf-zoom-fit">⤢</button>'
            '<button type="button" class="btn icon cf-mine" data-cf-zoom="mine" '
            'aria-label="Mine: show my cubicles" data-testid="cf-mine">Mine</button></div>')
    return (f'<div class="cf{live}" data-testid="cf-table" data-phase="{view.phase}">'
            + players_html(view, names)
            + '<div class="cf-viewport">'
            + '<div id="cf-view" class="cf-view" tabindex="0" data-testid="cf-view" data-camera '
              'role="group" aria-label="The floor plan: drag to move, pinch or + and − to zoom, '
              'arrow keys pan">'
            + board_svg(view, ui, names, interactive, marked, key_)
            + "</div>" + zoom + "</div></div>")
