"""The Cube Farm table's dock as HTML: the hand (each card's floor plan and name) and the turn's
actions, or at a hand's end the scoring and what deals on."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app.kit import board_button as _btn
from app.kit import esc
from app.tables.cube_farm.floor import card_svg, marker_svg, scored
from app.tables.cube_farm.turn import CFTurnUI
from app.tables.cube_farm.words import card_words, score_words
from engine.games.cube_farm.deck import card_name
from engine.games.cube_farm.rules import CLAIM, HAND_OVER, OVER, PLACE, CFView


def hand_html(view: CFView, ui: CFTurnUI, interactive: bool) -> str:
    """The hand: each card's floor plan and its name, in a strip that scrolls sideways."""
    hand = sorted(view.my_hand)
    if not hand:
        return ""
    btns = []
    can = interactive and view.phase == PLACE and view.to_move == view.player
    current = ui.card if ui.card in hand else hand[0]
    for i, card in enumerate(hand):
        picked = ui.card == card
        rot = ui.rot if picked else 0
        words = f": {card_words(card)}" + (", picked" if picked else "")
        dis = "" if can else " disabled"
        size = 26 if rot % 2 == 0 else 17  # the same height turned
        tab = ' tabindex="0" data-rove-current' if card == current else ' tabindex="-1"'
        keys = f' aria-keyshortcuts="{i + 1}"' if i < 6 else ""
        btns.append(f'<button type="button" id="{card_id(card)}" class="cf-hcard" '
                    f'data-action="cf-card" data-card="{esc(card)}" data-testid="cf-hand-card" '
                    f'data-key="{i + 1}" data-rove-item{tab}{keys} '
                    f'aria-pressed="{"true" if picked else "false"}"'
                    f'{dis}><span class="cf-pic">{card_svg(card, rot, size)}</span>'
                    f'<span class="cf-cname">{esc(card_name(card))}</span>'
                    f'<span class="sr-only">{esc(words)}</span></button>')
    return (f'<section class="cf-hand" aria-label="Your cards" data-testid="cf-hand">'
            f'<div class="cf-hand-strip" data-rove>{"".join(btns)}</div></section>')


def card_id(card: str) -> str:
    """A hand card's id: the focus goes back to it (Escape) and to the hand (a turn starts)."""
    return f"cf-card-{card}"


def _kbtn(key: str, label: str, action: str, **kw: Any) -> str:
    """A board button with its letter key (``aria-keyshortcuts``, the rules' "Keys")."""
    return _btn(label, action, **kw).replace("<button ", f'<button aria-keyshortcuts="{key}" ',
                                             1)


def controls_html(view: CFView, ui: CFTurnUI, interactive: bool, undo: bool) -> str:
    """The turn's actions, Confirm (or Pass) the one primary button, at the thumb's end."""
    phase = view.phase
    mine = interactive and view.to_move == view.player
    row: list[str] = []
    if phase == PLACE:
        has = ui.card is not None and mine
        row.append(_kbtn("R", "↻ Turn", "cf-rot", testid="cf-rot", live=has,
                         aria_label="Turn the card"))
        row.append(_kbtn("P", "◀", "cf-prev", testid="cf-prev", live=has,
                         aria_label="Previous place"))
        row.append(_kbtn("N", "▶", "cf-next", testid="cf-next", live=has,
                         aria_label="Next place"))
        row.append(_kbtn("Escape", "✕", "cf-cancel", testid="cf-cancel", live=has,
                         aria_label="Cancel: put the card back"))
        row.append(_kbtn("H", "Hint", "cf-hint", testid="cf-hint", live=mine))
        row.append(_kbtn("Enter", "Confirm", "cf-ok", cls="btn primary", testid="cf-ok",
                         live=has and ui.at is not None,
                         aria_label="Confirm: lay the card here"))
    elif phase == CLAIM:
        row.append(_btn("Undo", "mt-undo", testid="cf-undo", live=mine and undo,
                        aria_label="Undo: take the card back"))
        row.append(_kbtn("H", "Hint", "cf-hint", testid="cf-hint", live=mine))
        # a cubicle hinted (the Hint, a guide's step) is what to do: Pass is then no primary
        claim_hinted = (ui.hint or "").startswith("claim")
        row.append(_btn("Pass", "cf-pass", cls="btn" if claim_hinted else "btn primary",
                        testid="cf-pass", live=mine, aria_label="Pass: claim nothing"))
    if not row:
        return ""
    return f'<div class="cf-controls">{"".join(row)}</div>'


def scoring_html(view: CFView, ui: CFTurnUI, names: Sequence[str], next_hand: str) -> str:
    """At a hand's end, in the dock: each player's claimed cubicles, one line each, numbered
    as on the floor (a tap outlines the cubicle and draws its walks), then the totals; Back,
    Next and ``next_hand`` (the button that deals on, if any)."""
    b = view.board
    n = view.players
    step = min(max(ui.step, 0), n)
    hand_scores = view.history[-1] if view.history else tuple(b.totals(n))
    if step < n:
        rows = []
        for k, sc in enumerate(scored(view, step), 1):
            c = b.cubicle_at(sc.cubicle)
            size = "double cube, " if c is not None and len(c.units) == 2 else ""
            if c is not None and len(c.units) > 2:
                size = f"{len(c.units)} units, "
            on = ui.show == sc.cubicle
            rows.append(f'<li><button type="button" class="cf-sline{" on" if on else ""}" '
                        f'data-action="cf-show" data-x="{sc.cubicle[0]}" '
                        f'data-y="{sc.cubicle[1]}" data-testid="cf-score-line" '
                        f'aria-pressed="{"true" if on else "false"}"><b>{k}</b> '
                        f"{esc(size + score_words(sc))}</button></li>")
        body = (f'<h3>{marker_svg(step)} {esc(names[step])}: {hand_scores[step]} points</h3>'
                + (f'<ol class="cf-scores">{"".join(rows)}</ol>' if rows else
                   '<p class="cf-scores">No cubicle claimed.</p>'))
    else:
        trs = "".join(f"<tr><th scope='row'>{marker_svg(p)} {esc(names[p])}</th>"
                      f"<td>{hand_scores[p]}</td><td>{view.totals[p]}</td></tr>"
                      for p in range(n))
        body = (f'<table class="scores" data-testid="cf-totals"><caption>Points</caption>'
                f'<thead><tr><th></th><th scope="col">Hand {view.hand}</th>'
                f'<th scope="col">Total</th></tr></thead><tbody>{trs}</tbody></table>')
    nav = ('<div class="cf-controls">'
           + _btn("◀ Back", "cf-step", testid="cf-step-back", live=step > 0, d=-1)
           + _btn("Next ▶" if step < n else "Totals", "cf-step", testid="cf-step",
                  live=step < n, d=1)
           + next_hand + "</div>")
    return (f'<section class="cf-scoring" data-testid="cf-scoring" '
            f'aria-labelledby="cf-sc-h"><h2 id="cf-sc-h" class="sr-only">Hand {view.hand} '
            f"scored</h2>{body}{nav}</section>")


def dock_html(view: CFView, ui: CFTurnUI, names: Sequence[str], *, interactive: bool,
              undo: bool = False, hand_over: bool = False) -> str:
    """The dock under the message line: the hand and the turn's actions, or at a hand's end
    the scoring and what deals on."""
    if view.phase in (HAND_OVER, OVER):
        deal = ""
        if view.phase == HAND_OVER and hand_over:
            deal = _btn("Next hand", "mt-next-hand", cls="btn primary", testid="mt-next-hand")
        elif view.phase == HAND_OVER and interactive and view.to_move == view.player:
            deal = _btn("Deal the next hand", "cf-deal", cls="btn primary", testid="cf-deal")
        return f'<div class="cf-dock">{scoring_html(view, ui, names, deal)}</div>'
    return ('<div class="cf-dock">' + hand_html(view, ui, interactive)
            + controls_html(view, ui, interactive, undo) + "</div>")
