"""Perpetual Motion's words at the table: a deal in a few words (its save, the home tile, the
daily result), and what the message line says after a Deal, a tap move or a Hint. Pure
functions of the deal: the board says them."""

from __future__ import annotations

from app.kit import plural
from app.tables.perpetual_motion import session as pm
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion.session import Session, won
from engine.cards import Card
from engine.games.perpetual_motion.rules import GAME, Deal, Gather, PMAction, PMView

DAILY_SETUP = "A solitaire: you alone with the deal, played as any deal is."
PLAYING = "Playing to the end… tap Stop to take over."
NOTHING_SELECTED = "Nothing selected."
MANUAL_LABEL = v.MANUAL_LABEL  # the switch: the player makes the forced moves by tapping
NO_HINT = (f"No Hint: Deal makes the forced moves for you. Turn on “{MANUAL_LABEL}” to make "
           "them yourself.")  # H pressed with the switch off (its Hint button is not shown)


def switched(manual: bool) -> str:
    """Said when the switch is flipped: what it now means for the player."""
    if manual:
        return (f"{MANUAL_LABEL}: on. After each deal, tap the card that must move, then the "
                "stack it goes onto.")
    return f"{MANUAL_LABEL}: off. Deal makes the forced moves for you."


def first_words(s: Session) -> str:
    """Said at a deal's first card: what to tap, and what the other buttons do."""
    if pm.is_manual(s):
        return ("Tap Deal to deal the first row, then make the forced moves by tapping the "
                "card that must move and the stack it goes onto.")
    return ("Tap Deal to deal a row: the forced moves follow. Play to the end plays the whole "
            "deal for you.")


def in_progress(s: Session | None) -> bool:
    """A deal played on from its start and not finished: New deal or Restart would throw
    that play away."""
    deal = None if s is None else pm.deal_of(s)
    return (s is not None and not s.over and deal is not None
            and s.state != GAME.new_seeded(deal))


def saved_text(s: Session) -> str:
    """A save's deal in a few words, for a backup's list ("deal 12, round 3, finished")."""
    deal = f"deal {pm.deal_of(s)}, " if pm.deal_of(s) is not None else ""
    return f"{deal}round {pm.view_of(s).round}" + (", finished" if s.over else "")


def to_lose(s: Session) -> str | None:
    """What a new deal would end of ``s``: a deal played on from its start, not finished."""
    if not in_progress(s):
        return None
    return f"deal {pm.deal_of(s)}, round {pm.view_of(s).round}"


def daily_result(s: Session) -> str:
    """A finished daily deal in a few words: won or lost, in which round."""
    return f"{'won' if won(s) else 'lost'} in round {pm.view_of(s).round}"


def line_of(s: Session) -> str | None:
    """The home tile's line of a deal (kept in its save): none once it is over."""
    return v.SavedSummary(pm.deal_of(s), pm.view_of(s).round, s.over).text()


def question(what: str, s: Session) -> tuple[str, str]:
    """The question asked before ``what`` ("new-deal" | "restart") throws the deal ``s`` in
    progress away, and its Yes button's words."""
    lose = f"Deal {pm.deal_of(s)} is in progress (round {pm.view_of(s).round})."
    if what == "new-deal":
        return f"{lose} A new deal ends it.", "New deal anyway"
    return f"{lose} Restarting takes it back to its first card.", "Restart anyway"


def next_step(s: Session) -> str:
    """What to tap once no forced move is waiting: Deal, or Next round."""
    return "deal the next row." if pm.view_of(s).deck_count else "tap Next round to gather."


def after_tap_move(s: Session, card: Card | None = None, dst: int | None = None) -> str:
    """Said after a move the player made by tapping: what moved where, then what is left
    (at the deal's end, only what moved: the end is the table's to say)."""
    moved = (f"The {card.name} went onto stack {dst + 1}. "
             if card is not None and dst is not None else "")
    if s.over:  # the end follows it (the board's tell)
        return moved.strip()
    if pm.pending(s) is None:
        step = next_step(s)
        return f"{moved}No forced move is left: {step}"
    return f"{moved or 'Moved. '}Another forced move is waiting."


def row_text(row: list[Card]) -> str:
    """The row dealt, by its signs ("5♥, A♣, 6♦, J♠"; a screen reader hears them in words)."""
    return ", ".join(c.symbol for c in row)


def plan_done(s: Session, before: PMView, plan: list[PMAction],
              moved: list[tuple[str, int]] | None = None, row: list[Card] | None = None) -> str:
    """Said after a Deal's step (``plan``) has been played from ``before``; ``moved``: the
    name of each moved card and the stack it went onto; ``row``: the cards dealt (each deal
    is said by its cards, so two alike are not one sentence said twice, which a screen
    reader would not hear again). The deal's end is not in it: the table says it, once."""
    after = pm.view_of(s)
    first = plan[0] if plan else None
    if isinstance(first, Gather):
        text = (f"Stacks gathered: round {after.round} starts." if not s.over else "")
    elif isinstance(first, Deal):
        dealt = f"Dealt {row_text(row)}" if row else "Dealt a row"
        if len(after.discarded) > len(before.discarded) and len(plan) == 1:
            text = (f"Four of one rank: {row_text(row)} discarded." if row
                    else "Four of one rank: the row is discarded.")
        else:
            moves = len(plan) - 1
            text = dealt + (f", then {plural(moves, 'forced move')}." if moves
                            else ": no forced move.")
            if moves == 1 and moved:
                name, dst = moved[0]
                text = f"{dealt}; the {name} was moved onto stack {dst + 1}."
            if pm.is_manual(s) and pm.pending(s) is not None:
                text = f"{dealt}: make the forced moves by tapping the stacks."
    elif plan:  # the forced moves left pending when Tap moves was turned off
        text = f"{plural(len(plan), 'forced move').capitalize()} made for you."
    else:
        text = ""
    return text
