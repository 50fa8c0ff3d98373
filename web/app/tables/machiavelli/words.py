"""What the Machiavelli table says: melds, hint steps and hint answers in words (the screen
reader's names and the message line's sentences), in one place so they read alike."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from app.kit import and_list, plural, rank_word, symbols
from app.tables.machiavelli.turn import HintInfo
from engine.cards import SUIT_NAMES, Card
from engine.games.machiavelli.melds import meld_problem
from engine.games.machiavelli.rules import (
    OLD,
    STEP_TYPES,
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
    _as_old,
    apply_step,
    restore,
)


def card_name(card: Card) -> str:
    """Screen-reader name: "seven of hearts"."""
    return card.name


def cards_words(cards: Sequence[Card]) -> str:
    """"seven of spades and seven of hearts": cards as a screen reader says them."""
    return and_list([card_name(c) for c in cards])


def meld_words(cards: Sequence[Card], ace: str = "both") -> str:
    """"run 5 to 8 of hearts" / "group of sevens" / "seven of spades and seven of hearts"
    (not a meld): in words, for a name or a sentence."""
    if not cards:
        return "empty"
    valid = valid_words(cards, ace)
    return valid if valid is not None else cards_words(cards)


def valid_words(cards: Sequence[Card], ace: str = "both") -> str | None:
    """"run 5 to 8 of hearts" / "group of sevens"; None: not a meld."""
    if not cards or meld_problem(cards, ace) is not None:
        return None
    if len({c.rank for c in cards}) == 1:
        return f"group of {rank_word(cards[0].rank, True)}"
    return (f"run {rank_word(cards[0].rank, digits=True)} to "
            f"{rank_word(cards[-1].rank, digits=True)} "
            f"of {SUIT_NAMES[cards[0].suit]}")


def meld_label(k: int, meld: Meld, ace: str) -> str:
    """"meld 3: run 5 to 8 of hearts, valid" / "meld 4: seven of spades and seven of hearts,
    not valid: group needs 3 cards" (the words the meld shows, its problem, end the name)."""
    cards = [tc.card for tc in meld]
    problem = meld_problem(cards, ace)
    state = "valid" if problem is None else f"not valid: {problem}"
    return f"meld {k + 1}: {meld_words(cards, ace)}, {state}"


def meld_state(k: int, cards: Sequence[Card], ace: str) -> str:
    """"meld 3 is valid" / "meld 3 is not valid yet: run needs 3 cards": what a step left."""
    problem = meld_problem(cards, ace)
    return (f"meld {k + 1} is valid" if problem is None
            else f"meld {k + 1} is not valid yet: {problem}")


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


def step_done(view: MView, step: MAction) -> str:
    """One step of the hint as done, from the table before it: "laid 7♥ on meld 3"."""
    text = step_text(view, step)
    for now, done in (("lay ", "laid "), ("take ", "took "), ("move ", "moved "),
                      ("split ", "split "), ("join ", "joined "), ("reset ", "reset "),
                      ("end ", "ended ")):
        if text.startswith(now):
            return done + text[len(now):]
    return text


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
        return "No more cards to lay: Next step finishes the table."
    if not h.steps and laid:
        return "Nothing more can be laid: end your turn."
    least = "at least " if not h.proven else ""
    out = f"You can lay {least}{plural(left, 'more card' if laid else 'card')}"
    if again:
        out = f"Start again: you can lay {least}{plural(left, 'card')} this turn"
    if not h.proven:
        out += " (the search ran out of time)"
    if h.steps:
        first = step_text(view, h.steps[0]) if view is not None else ""
        out += (f". First: {first}. Next step does it for you, one step at a time." if first
                else ". Next step shows how, one step at a time.")
    else:
        out += "."
    return out


def step_message(before: MView, step: MAction, rest: Sequence[MAction], after: MView | None
                 ) -> str:
    """What Next step says once it has made ``step`` (from the table ``before`` it): the
    step done, then the next one (from the table ``after`` it) or that the turn can end, so
    that the message never speaks of a step already made."""
    done = f"Done: {step_done(before, step)}."
    if not rest:
        return done + " That was the hint's last step: end your turn."
    nxt = step_text(after, rest[0]) if after is not None else ""
    left = plural(len(rest), "step")
    return done + (f" Next: {nxt} ({left} left)." if nxt else f" {left} left.")


def after_view(view: MView, actions: Sequence[MAction]) -> MView | None:
    """The table, hand and helping row of ``view`` after the turn-building ``actions`` (None:
    they are not all steps, or not all possible), to word what they did and what comes next."""
    table, hand, row = view.table, view.hand, view.helping
    try:
        for a in actions:
            if isinstance(a, STEP_TYPES):
                table, hand, row = apply_step(table, hand, row, a, view.config.ace)
            elif isinstance(a, Reset):
                hand, row = restore(table, hand, row)
                table = _as_old(view.start_table)
            else:
                return None
    except (IndexError, AssertionError, ValueError, TypeError):
        return None
    return replace(view, table=table, hand=hand, helping=row)


def where_words(view: MView, to: int | None) -> str:
    """"on meld 3" / "as a new meld" (``to`` None)."""
    return f"on meld {to + 1}" if to is not None else "as a new meld"


def moved_message(before: MView, actions: Sequence[MAction]) -> str | None:
    """What the person's own steps did, said on the message line (so that no tap is silent):
    "Laid 7♥ 8♥ on meld 3: meld 3 is valid." (None: nothing to say)."""
    after = after_view(before, actions)
    steps = [a for a in actions if isinstance(a, STEP_TYPES)]
    if after is None or not steps:
        return None
    ace = before.config.ace
    first = steps[0]
    if isinstance(first, Lay | Take):
        cards = []
        for a in steps:
            if isinstance(a, Lay):
                cards.append(before.hand[a.hand])
            elif isinstance(a, Take):
                c = before.helping[a.slot]
                if c is not None:
                    cards.append(c)
        k = first.to if first.to is not None else len(before.table)
        verb = "Laid" if isinstance(first, Lay) else "Took"
        text = f"{verb} {symbols(sorted(cards, key=lambda c: (c.suit, c.rank)))} " + (
            where_words(before, first.to))
    elif isinstance(first, Move):
        card = before.table[first.meld][first.pos].card
        k = first.to if first.to is not None else len(before.table)
        renumbered = len(before.table[first.meld]) == 1 and first.meld < k
        k -= 1 if renumbered else 0
        text = (f"Moved {card.symbol} from meld {first.meld + 1} "
                + ("to a new meld" if first.to is None else f"to meld {first.to + 1}")
                + (f", now meld {k + 1}" if renumbered and first.to is not None else ""))
    elif isinstance(first, Split):
        k = first.meld
        text = (f"Split meld {k + 1} in two: meld {k + 1} and meld {len(after.table)}")
        return text + "."
    elif isinstance(first, Merge):
        k = first.a
        text = f"Joined meld {first.b + 1} to meld {first.a + 1}"
    else:
        return None
    if 0 <= k < len(after.table):
        text += ": " + meld_state(k, [tc.card for tc in after.table[k]], ace)
    return text + "."
