"""What the Machiavelli table says: melds, hint steps and hint answers in words (the screen
reader's names and the message line's sentences), in one place so they read alike."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import plural, rank_word, symbols
from app.tables.machiavelli.turn import HintInfo
from engine.cards import SUIT_NAMES, Card
from engine.games.machiavelli.melds import meld_problem
from engine.games.machiavelli.rules import (
    OLD,
    EndTurn,
    Lay,
    MAction,
    Meld,
    Merge,
    Move,
    MView,
    Reset,
    Split,
    Take,
)


def card_name(card: Card) -> str:
    """Screen-reader name: "seven of hearts"."""
    return card.name


def meld_words(cards: Sequence[Card], ace: str = "both") -> str:
    """"run 5 to 8 of hearts" / "group of sevens" / "7♠ 7♥" (not a meld)."""
    if not cards:
        return "empty"
    if meld_problem(cards, ace) is None:
        if len({c.rank for c in cards}) == 1:
            return f"group of {rank_word(cards[0].rank, True)}"
        return (f"run {rank_word(cards[0].rank, digits=True)} to "
                f"{rank_word(cards[-1].rank, digits=True)} "
                f"of {SUIT_NAMES[cards[0].suit]}")
    return symbols(cards)


def meld_label(k: int, meld: Meld, ace: str) -> str:
    """"meld 3: run 5 to 8 of hearts, valid" / "meld 4: 7♠ 7♥, not valid: group needs 3 cards"."""
    cards = [tc.card for tc in meld]
    problem = meld_problem(cards, ace)
    state = "valid" if problem is None else f"not valid: {problem}"
    return f"meld {k + 1}: {meld_words(cards, ace)}, {state}"


def short_meld(cards: Sequence[Card], ace: str) -> str:
    """For log lines: "the 3♠–6♠ run", "the 7s", "3♠ 7♥"."""
    if not cards:
        return "the table"
    if len(cards) > 1 and len({c.rank for c in cards}) == 1:
        return f"the {rank_word(cards[0].rank, True, digits=True)}"
    if len({c.suit for c in cards}) == 1:
        if len(cards) == 1:
            return f"the {cards[0].symbol}"
        return f"the {cards[0].symbol}–{cards[-1].symbol} run"
    return symbols(cards)


def step_text(view: MView, step: MAction) -> str:
    """One step in words, for the hint: "lay 7♥ on meld 3"."""

    def where(to: int | None) -> str:
        return "as a new meld" if to is None else f"on meld {to + 1}"

    try:
        if isinstance(step, Lay):
            return f"lay {view.hand[step.hand].symbol} {where(step.to)}"
        if isinstance(step, Take):
            c = view.helping[step.slot]
            return f"take the helping {c.symbol if c else 'card'} {where(step.to)}"
        if isinstance(step, Move):
            c = view.table[step.meld][step.pos].card
            dest = "to a new meld" if step.to is None else f"to meld {step.to + 1}"
            return f"move {c.symbol} from meld {step.meld + 1} {dest}"
        if isinstance(step, Split):
            m = view.table[step.meld]
            return (f"split meld {step.meld + 1} between {m[step.at - 1].card.symbol} and "
                    f"{m[step.at].card.symbol}")
        if isinstance(step, Merge):
            return f"join meld {step.b + 1} to meld {step.a + 1}"
    except IndexError:
        pass
    if isinstance(step, Reset):
        return "reset the table and start again"
    if isinstance(step, EndTurn):
        return "end your turn"
    return str(step)


def laid_count(view: MView) -> int:
    """Cards laid this turn from the hand or the helping row (on the table now)."""
    return sum(tc.src != OLD for m in view.table for tc in m)


def hint_message(h: HintInfo, view: MView | None = None) -> str:
    """What the shell says when a hint arrives, counted from the table as it is now: the
    cards still in hand (or in the helping row) that the hint's steps lay, not the turn's
    total, so a hint asked after laying a card does not count that card again."""
    if h.cards == 0:
        if view is not None and view.deck_count == 0:
            return "Nothing can be laid: pass"
        return "Nothing can be laid: draw"
    laid = laid_count(view) if view is not None else 0
    left = sum(isinstance(s, Lay | Take) for s in h.steps) if h.steps else h.cards
    again = bool(h.steps) and isinstance(h.steps[0], Reset)
    if h.steps and left == 0:
        return "No more cards to lay: tap Step to finish the table."
    if not h.steps and laid:
        return "Nothing more can be laid: end your turn."
    least = "at least " if not h.proven else ""
    out = f"You can lay {least}{plural(left, 'more card' if laid else 'card')}"
    if again:
        out = f"Start again: you can lay {least}{plural(left, 'card')} this turn"
    if not h.proven:
        out += " (the search ran out of time)"
    if h.steps:
        out += ". Tap Step to see how, one step at a time."
    else:
        out += "."
    return out
