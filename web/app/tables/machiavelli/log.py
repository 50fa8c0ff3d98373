"""The Machiavelli log line of a whole turn, read from the actions applied (and, for a turn
whose hand is hidden, from the table's difference)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from app.kit import and_list, plural, symbols
from app.tables.machiavelli.words import short_meld
from engine.games.machiavelli.rules import (
    FROM_HAND,
    OLD,
    OVER,
    STEP_TYPES,
    Draw,
    EndTurn,
    MAction,
    Meld,
    Merge,
    Move,
    MView,
    Pass,
    Reset,
    Split,
    TableCard,
    Take,
    _as_old,
    apply_step,
    plain,
    restore,
)


def _final_table(before: MView, actions: Sequence[MAction]) -> tuple[Meld, ...] | None:
    """The table just before the turn ended, with where each card came from (None when the
    actor's hand is not in ``before``)."""
    if before.player != before.current:
        return None
    table, hand, row = before.table, before.hand, before.helping
    ace = before.config.ace
    try:
        for a in actions:
            if isinstance(a, STEP_TYPES):
                table, hand, row = apply_step(table, hand, row, a, ace)
            elif isinstance(a, Reset):
                hand, row = restore(table, hand, row)
                table = _as_old(before.start_table)
    except (IndexError, AssertionError):
        return None
    return table


def _laid_table(before: MView, after: MView, actions: Sequence[MAction],
                actor: int) -> tuple[Meld, ...]:
    """The table the turn ended with, each card marked laid or old: replayed when the hand is
    known, else from the difference of the two tables (nothing when a hand was won)."""
    over = after.status == OVER
    table = _final_table(before, actions)
    if table is not None and after.hand_no == before.hand_no and not over and sum(
            tc.src == FROM_HAND for m in table for tc in m) != (
            before.hand_sizes[actor] - after.hand_sizes[actor]):
        table = None  # ``actions`` are not the whole turn (a person's last tap): the difference
    if table is not None:
        return table
    if after.hand_no != before.hand_no or over:
        return ()
    gone = Counter(c for m in plain(before.table) for c in m)
    marked: list[Meld] = []
    for m in after.table:
        row = []
        for tc in m:
            if gone[tc.card] > 0:
                gone[tc.card] -= 1
                row.append(tc)
            else:
                row.append(TableCard(tc.card, FROM_HAND))
        marked.append(tuple(row))
    return tuple(marked)


def _laid_words(before: MView, after: MView, actions: Sequence[MAction], actor: int,
                name: str) -> str:
    """"Bea laid 4♠ 5♠ on the 3♠–6♠ run" (or, when where is unknown, how many cards)."""
    parts = []
    for m in _laid_table(before, after, actions, actor):
        new = [tc.card for tc in m if tc.src != OLD]
        if not new:
            continue
        old = [tc.card for tc in m if tc.src == OLD]
        if not old:
            parts.append(f"{symbols(new)} as a new meld")
        else:
            parts.append(f"{symbols(new)} on {short_meld(old, before.config.ace)}")
    if parts:
        return f"{name} laid {and_list(parts)}"
    n = before.hand_sizes[actor] - (after.hand_sizes[actor]
                                    if after.hand_no == before.hand_no else 0)
    return f"{name} laid {plural(max(n, 1), 'card')}"


# the steps a turn's line counts, in its order: what was done, to what
COUNTED: tuple[tuple[type[MAction], str, str], ...] = (
    (Move, "moved", "table card"), (Split, "split", "meld"), (Merge, "joined", "meld"))


def _extras(before: MView, actions: Sequence[MAction]) -> list[str]:
    """What else the turn did: "moved 2 table cards", "split 1 meld", "took 7♥ from ..."."""
    taken = [before.helping[a.slot] for a in actions if isinstance(a, Take)
             and 0 <= a.slot < len(before.helping)]
    extras = []
    for kind, did, what in COUNTED:
        n = sum(isinstance(a, kind) for a in actions)
        if n:
            extras.append(f"{did} {plural(n, what)}")
    got = [c for c in taken if c is not None]
    if got:
        extras.append(f"took {symbols(got)} from the helping cards")
    return extras


def describe_turn(before: MView, after: MView, actions: Sequence[MAction], name: str,
                  you: bool = False) -> str:
    """One log line for a whole turn: "Bea laid 4♠ 5♠ on the 3♠–6♠ run and split 1 meld"
    (``you``: told to the seat's own player, "You laid…", "you win")."""
    if you:
        name = "You"
    ended = next((a for a in reversed(actions) if isinstance(a, EndTurn | Draw | Pass)), None)
    over = after.status == OVER
    actor = before.current if before.current is not None else before.player
    if isinstance(ended, Draw):
        line = f"{name} drew a card"
        return line + (". Game over." if over else "")
    if isinstance(ended, Pass):
        return f"{name} passed" + (". Game over: nobody can lay a card." if over else "")
    if ended is None:
        return ("Your" if you else f"{name}'s") + " turn is not over yet"
    line = _laid_words(before, after, actions, actor, name)
    extras = _extras(before, actions)
    if extras:
        line += ", " + and_list(extras)
    went_out = (after.hand_no != before.hand_no or
                (actor < len(after.hand_sizes) and after.hand_sizes[actor] == 0))
    if went_out:
        if over and actor in after.winners:
            line += " and went out: you win" if you else f" and went out: {name} wins"
        elif over:
            line += " and went out. Game over"
        else:
            line += f" and went out, winning hand {before.hand_no}"
    return line
