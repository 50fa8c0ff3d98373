"""The Machiavelli table's dock as HTML, under the message line: what is picked or the hand's
order, the hand strip, and the turn's buttons (or the one question Draw asks first)."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import board_button as _btn
from app.kit import confirm_html, esc, plural
from app.tables.machiavelli.controls import BUTTON_IDS, HAND_START, card_face, keyed, rove
from app.tables.machiavelli.hand import hand_blocks
from app.tables.machiavelli.melds import DRAG, hint_targets
from app.tables.machiavelli.turn import MTurnUI, sane, table_changed
from app.tables.machiavelli.words import card_name, laid_count
from engine.cards import Card
from engine.games.machiavelli.rules import OVER, EndTurn, MView, turn_problem


def _hand_html(view: MView, ui: MTurnUI, names: Sequence[str], live: bool,
               hinted: set[str], drawn: Card | None) -> str:
    cards: list[str] = []
    shown_drawn = False
    for b, block in enumerate(hand_blocks(view.hand, ui.sort, ui.arrange, view.config.ace)):
        for j, i in enumerate(block):
            c = view.hand[i]
            on = i in ui.picked
            key = f"h{i}"
            new = drawn is not None and c == drawn and not shown_drawn
            shown_drawn = shown_drawn or new
            cls = ("mt-cardbtn mt-hcard" + (" picked" if on else "")
                   + (" hinted" if key in hinted else "")
                   + (" marked drawn" if new else ""))
            # the name is the card in words (the face is a picture: controls.card_face);
            # picked is said by aria-pressed
            label = (card_name(c) + (", just drawn" if new else "")
                     + (", hint: lay this card" if key in hinted else ""))
            # the card just drawn: the strip scrolls to it, once (web/app/drag.js)
            reveal = f"drawn-{view.turns}-{c}" if new else ""
            button = rove(_btn(card_face(c, "mt-card"), "m-hand", cls=cls,
                               testid="m-hand-card", aria_label=label, live=live, pressed=on,
                               hand=i, card=c, drag=DRAG, reveal=reveal), key in hinted)
            if not cards:  # the focus comes here when the person's turn comes back
                button = keyed(button, "m-hand", HAND_START)
            cards.append(f'<li class="mt-hli{" gap" if b and not j else ""}">{button}</li>')
    n = len(view.hand)
    who = "Your hand" if live else (
        names[view.player] if view.player < len(names) else f"Player {view.player + 1}")
    if not cards:
        return f'<p class="mt-hand mt-empty" data-testid="m-hand">{esc(who)}: no cards</p>'
    # one stop of Tab; the arrow keys, Home and End move along it (web/bridge.js)
    return (f'<ul class="mt-hand" data-rove data-testid="m-hand" data-keep-scroll="m-hand" '
            f'aria-label="{esc(who)}, {plural(n, "card")}">{"".join(cards)}</ul>')


def _dock_head(view: MView, ui: MTurnUI, names: Sequence[str], live: bool) -> str:
    n = len(view.hand)
    picked = len(ui.picked) + len(ui.slots)
    if live and picked:
        text = (f"{picked} card{'s' if picked != 1 else ''} picked: tap or drag to a meld or "
                f"<b>New meld</b>")
    elif live and ui.lifted is not None:
        text = "Card lifted: tap a meld or <b>New meld</b>"
    elif live and ui.joining and ui.opened is not None:
        text = f"Tap the meld to join with meld {ui.opened + 1}"
    elif live and not n:
        text = ("Your hand is empty: end your turn to win" if turn_problem(
            view.table, view.config.ace) is None else
            "Your hand is empty: make every meld valid, then end your turn")
    elif live and ui.opened is not None:
        text = (f"Meld {ui.opened + 1} is open: tap one of its cards to move it, or ✂ "
                "between two to split it")
    else:
        who = "Your hand" if live else (
            names[view.player] if view.player < len(names) else f"Player {view.player + 1}")
        text = f"{esc(who)}: {plural(n, 'card')}"
    if live and (picked or ui.lifted is not None or ui.joining):
        right = keyed(_btn("Cancel", "m-cancel", cls="btn small", testid="m-cancel",
                           aria_label="Cancel: put the picked cards back"), "m-cancel")
    else:
        right = "".join(
            _btn(word, "m-arrange", cls="btn small", testid=f"m-arrange-{how}", live=live,
                 pressed=ui.arrange == how, arrange=how,
                 aria_label=f"Arrange the hand: {how} first")
            for how, word in (("runs", "Runs"), ("groups", "Groups")))
        by = "rank" if ui.sort == "suit" else "suit"
        right += keyed(_btn(f"By {by}", "m-sort", cls="btn small", testid="m-sort", live=live,
                            aria_label=f"By {by}: sort the hand by {by}"), "m-sort")
    return (f'<div class="mt-dock-head"><p class="mt-say">{text}</p>'
            f'<div class="mt-head-btns">{right}</div></div>')


def _confirm_html(view: MView, asked: str) -> str:
    """Draw (or Pass), or Reset, would take back what was laid this turn: the dock asks
    first, inline."""
    laid = laid_count(view)
    if asked == "reset":
        what = (f"Take back the {plural(laid, 'card')} you laid and start your turn again?"
                if laid else "Put the table back as your turn found it?")
        yes, yes_action = "Reset anyway", "m-reset-sure"
    else:
        verb = "draw" if view.deck_count else "pass"
        what = (f"Take back the {plural(laid, 'card')} you laid and {verb}?" if laid else
                f"Put the table back as your turn found it and {verb}?")
        yes, yes_action = f"{verb.capitalize()} anyway", "m-draw-sure"
    # the one question of every table (app.kit.confirm_html): the safe choice is the main one
    return ('<div class="mt-controls mt-confirm">'
            + confirm_html(what, yes, yes_action, "Keep playing", "m-keep")
            + "</div>")


def _controls_html(view: MView, ui: MTurnUI, live: bool, can_undo: bool) -> str:
    if live and ui.confirm in ("draw", "reset"):
        return _confirm_html(view, ui.confirm)
    ace = view.config.ace
    problem = turn_problem(view.table, ace)
    can_end = problem is None
    changed = table_changed(view)
    undo = keyed(_btn("Undo", "m-undo", cls="btn small", testid="m-undo", live=live,
                why=None if can_undo else "Nothing to undo this turn",
                aria_label="Undo the last step"), "m-undo")
    reset = keyed(_btn("Reset", "m-reset", cls="btn small", testid="m-reset", live=live,
                       why=None if changed else "Nothing to reset",
                       aria_label="Reset: the table as your turn found it"), "m-reset",
                  BUTTON_IDS["m-reset"])
    hint = keyed(_btn("Hint", "m-hint", cls="btn small", testid="m-hint", live=live,
                      aria_label="Hint: how many cards can I lay?"), "m-hint")
    steps = ui.hint.steps if ui.hint is not None else ()
    left = len(steps)
    # "Next step" makes the hint's next step for the player (the rules page's Hint)
    step = keyed(_btn("Next step" if not left else f"Next step <small>({left})</small>",
                      "m-hint-step", cls="btn small", testid="m-hint-step", live=live,
                      why=None if left else "Tap Hint first",
                      aria_label=(f"Next step of the hint ({left} left): make it" if left
                                  else "Next step of the hint")), "m-hint-step")
    new = keyed(_btn("New meld", "m-new", cls="btn" + (" hinted" if None in hint_targets(
        view, ui)[1] else ""), testid="m-new", live=live,
        aria_label="New meld: put the picked cards down as a new meld", new="1", drop=DRAG,
        drop_action="m-drop"), "m-new")
    draw_word = "Draw" if view.deck_count else "Pass"
    # one primary button: End turn once the table has been changed (Draw would take it back)
    end_first = can_end or changed
    draw = keyed(_btn(draw_word, "m-draw", cls="btn" + ("" if end_first else " primary"),
                      testid="m-draw", live=live,
                      aria_label=(("Draw a card and end your turn" if view.deck_count
                                   else "Pass: lay nothing")
                                  + (", taking back what you laid" if changed else ""))),
                 "m-draw", BUTTON_IDS["m-draw"])
    end_hinted = bool(steps) and isinstance(steps[0], EndTurn)
    end = keyed(_btn("End turn", "m-end", cls="btn" + (" primary" if end_first else "")
                     + (" hinted" if end_hinted else ""),
                     testid="m-end", live=live,
                     why=None if can_end else f"You cannot end your turn yet: {problem}",
                     aria_label="End turn" if can_end else f"End turn, not yet: {problem}"),
                "m-end", BUTTON_IDS["m-end"])
    return (f'<div class="mt-controls"><div class="mt-row mt-tools">{undo}{reset}{hint}{step}'
            f'</div><div class="mt-row mt-main">{new}{draw}{end}</div></div>')


def dock_html(view: MView, ui: MTurnUI, names: Sequence[str], *, interactive: bool,
              drawn: Card | None = None, can_undo: bool | None = None) -> str:
    """The frame's dock under the message line: what is picked (with Cancel) or the hand's
    order buttons, the hand strip (it scrolls sideways and keeps its place across redraws),
    then Undo, Reset, Hint, Step and New meld, Draw/Pass, End turn (or, when Draw or Reset
    would take back what was laid, the question first). ``drawn``: the card just drawn,
    marked. ``can_undo``: whether Undo has a step to go back to (the table's undo points,
    which a Reset adds to as any step does; None: the engine's steps this turn), so that Undo
    looks disabled only when it is."""
    can_undo = view.steps > 0 if can_undo is None else can_undo
    live = interactive and view.status != OVER and view.current == view.player
    ui = sane(view, ui)
    hinted_cards = hint_targets(view, ui)[0] if live else set()
    return ('<section class="mt-dock" aria-label="Your hand and actions" data-testid="m-dock">'
            + _dock_head(view, ui, names, live)
            + _hand_html(view, ui, names, live, hinted_cards, drawn)
            + _controls_html(view, ui, live, can_undo)
            + "</section>")
