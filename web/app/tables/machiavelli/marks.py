"""What the Machiavelli table marks and flies after other players' steps: the melds and cards
that changed, and each card's flight from where it stood."""

from __future__ import annotations

from collections import Counter

from app.tables.machiavelli.melds import table_uids
from engine.cards import Card
from engine.games.machiavelli.rules import OVER, MState, MView, plain


def marked_keys(before: MView, after: MView) -> frozenset[str]:
    """What changed on the table between two views (across one computer's turn or several):
    "m3" for each meld that is not one of the melds before, and in it "m3.2" for each card
    that was not in it before: new on the table, or moved there from another meld (the meld
    before that shares the most cards with it is where it stood)."""
    if after.hand_no != before.hand_no:
        return frozenset()
    old = plain(before.table)
    old_melds = Counter(tuple(sorted(m)) for m in old)
    out: set[str] = set()
    for k, m in enumerate(plain(after.table)):
        key = tuple(sorted(m))
        if old_melds[key] > 0:
            old_melds[key] -= 1
            continue
        out.add(f"m{k}")
        here = Counter(m)
        was = max((here & Counter(o) for o in old), key=lambda c: sum(c.values()),
                  default=Counter[Card]())
        for p, c in enumerate(m):
            if was[c] > 0:
                was[c] -= 1
            else:
                out.add(f"m{k}.{p}")
    return frozenset(out)


def flights(before: MState, after: MState) -> list[tuple[str, str | None]]:
    """The cards one step moved on the table, as the page's card flights: each card laid
    flies from its player's name chip (a helping card from its place), each table card that
    changed place from where it stood (its old ``data-key``). Cards are followed by
    position: a card still at its old place (or, of two equal cards, the nearer) stays put."""
    if after.hand_no != before.hand_no or after.status == OVER:
        return []
    board = "#mt-board "
    old: dict[str, list[tuple[int, int]]] = {}
    for k, m in enumerate(before.table):
        for p, tc in enumerate(m):
            old.setdefault(str(tc.card), []).append((k, p))
    uids = table_uids(after.table)
    todo: list[tuple[int, int, str]] = []
    out: list[tuple[str, str | None]] = []
    for k, m in enumerate(after.table):  # first the cards still where they were
        for p, tc in enumerate(m):
            places = old.get(str(tc.card), [])
            if (k, p) in places:
                places.remove((k, p))
            else:
                todo.append((k, p, str(tc.card)))
    helping = {str(c): s for s, c in enumerate(before.helping) if c is not None}
    seat = before.player
    for k, p, card in todo:
        places = old.get(card, [])
        if places:
            same = [x for x in places if x[0] == k]
            src = (same or places)[0]
            places.remove(src)
            out.append((uids[k][p], f'{board}[data-key="m{src[0]}.{src[1]}"]'))
        elif card in helping:
            out.append((uids[k][p], f'{board}[data-key="x{helping.pop(card)}"]'))
        else:
            # from the player's chip; a watched game shows the player's own hand instead
            out.append((uids[k][p], f'{board}[data-testid=m-opponent][data-seat="{seat}"], '
                                    f'#mt-dock [data-testid=m-hand-card][data-card="{card}"]'))
    return out
