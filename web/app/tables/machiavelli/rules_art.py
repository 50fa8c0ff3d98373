"""Machiavelli's pictures for its rules page (see :mod:`app.figures`): melds drawn by the
table's own meld markup (:func:`~app.tables.machiavelli.parts._meld_html`), checked by the
engine's meld rule, so a picture can never show a meld the game would refuse."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from app.figures import figure as frame
from app.figures import still
from app.kit import esc
from app.tables.machiavelli.controls import card_face
from app.tables.machiavelli.parts import MTurnUI, _meld_html, meld_words, table_uids
from app.tables.machiavelli.words import cards_words
from engine.cards import Card
from engine.games.machiavelli.melds import ACE_NAMES, meld_problem
from engine.games.machiavelli.rules import FROM_HAND, GAME, OLD, Meld, MView, TableCard


def _view(ace: str, table: tuple[Meld, ...]) -> MView:
    """A real view of a fresh game, with this table (the meld markup reads its ace option)."""
    config = replace(GAME.default_config(2), ace=ace)
    view = GAME.view(GAME.new_game(config, random.Random(1)), 0)
    return replace(view, table=table)


def _melds(table: tuple[Meld, ...], ace: str = "both", building: bool = False) -> str:
    """The melds as the table shows them, still."""
    view = _view(ace, table)
    uids = table_uids(table)
    items = "".join(_meld_html(view, MTurnUI(), k, m, False, building, frozenset(), set(), set(),
                               [], uids[k]) for k, m in enumerate(table))
    return f'<ul class="mt-meld-list">{still(items)}</ul>'


def _cards(text: str, src: str = OLD) -> Meld:
    return tuple(TableCard(Card.parse(t), src) for t in text.split())


def _row(head: str, body: str) -> str:
    return f'<div class="rules-row"><span class="rules-head">{esc(head)}</span>{body}</div>'


def _valid(meld: Meld, ace: str = "both") -> Meld:
    problem = meld_problem([tc.card for tc in meld], ace)
    if problem is not None:
        raise ValueError(f"not a meld ({problem}): {[str(tc.card) for tc in meld]}")
    return meld


def melds(arg: str) -> str:
    """``7H 7D 7S | 3S 4S 5S 6S``: valid melds side by side, named."""
    table = tuple(_valid(_cards(part)) for part in arg.split("|"))
    words = [meld_words([tc.card for tc in m]) for m in table]
    label = "Melds: " + "; ".join(
        f"{w}: {cards_words([tc.card for tc in m])}" for w, m in zip(words, table, strict=True))
    caption = "; ".join(f"a {esc(w)}" for w in words).capitalize() + "."
    return frame(_row("Table", _melds(table)), label, caption, "rules-felt mt-machiavelli")


def aces(arg: str) -> str:
    """``both: QH KH AH | low: AC 2C 3C | ...``: a run for each ace option, valid under it."""
    rows, said = [], []
    for part in arg.split("|"):
        ace, _, text = part.partition(":")
        ace = ace.strip()
        meld = _valid(_cards(text), ace)
        rows.append(_row(ACE_NAMES[ace].capitalize(), _melds((meld,), ace)))
        said.append(f"{ACE_NAMES[ace]}: {cards_words([tc.card for tc in meld])}")
    body = f'<div class="rules-grid">{"".join(rows)}</div>'
    return frame(body, "Runs with an ace. " + "; ".join(said) + ".",
                 "A run with an ace under each set-up option.", "rules-felt mt-machiavelli")


def turn(arg: str) -> str:
    """``4H 5H 6H 7H + 7S 7D = 4H 5H 6H | 7H 7S 7D``: the table, the cards laid from the hand,
    the table after the turn (every meld valid, every card accounted for)."""
    left, _, after_text = arg.partition("=")
    before_text, _, hand_text = left.partition("+")
    before = tuple(_cards(p) for p in before_text.split("|"))
    hand = [Card.parse(t) for t in hand_text.split()]
    laid = Counter(hand)
    after = []
    for part in after_text.split("|"):
        meld = []
        for t in part.split():
            c = Card.parse(t)
            src = FROM_HAND if laid[c] else OLD
            laid[c] -= 1 if src == FROM_HAND else 0
            meld.append(TableCard(c, src))
        after.append(_valid(tuple(meld)))
    had = Counter(tc.card for m in before for tc in m) + Counter(hand)
    if had != Counter(tc.card for m in after for tc in m):
        raise ValueError(f"turn: the cards before and after differ: {arg!r}")
    hand_html = "".join(still(card_face(c, "mt-card")) for c in hand)
    label = ("Before: " + "; ".join(meld_words([tc.card for tc in m]) for m in before)
             + f"; in the hand {cards_words(hand)}. After: "
             + "; ".join(meld_words([tc.card for tc in m]) for m in after) + ".")
    caption = ("The cards from the hand are raised. Every meld is valid again when the turn "
               "ends: " + esc("; ".join(meld_words([tc.card for tc in m]) for m in after)) + ".")
    body = ('<div class="rules-pair">' + _row("Table", _melds(before))
            + _row("Hand", f'<div class="mt-fan rules-hand">{hand_html}</div>') + "</div>"
            + _row("After the turn", _melds(tuple(after), building=True)))
    return frame(body, label, caption, "rules-felt mt-machiavelli")


def figure(name: str, arg: str) -> str:
    """The picture ``name`` (``melds``, ``aces``, ``turn``) for ``arg``."""
    draw = {"melds": melds, "aces": aces, "turn": turn}.get(name)
    if draw is None:
        raise ValueError(f"Machiavelli draws no figure {name!r}")
    return draw(arg)
