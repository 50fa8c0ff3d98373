"""Perpetual Motion's pictures for its rules page (see :mod:`app.figures`): the rule text's
worked examples of forced moves, played by the engine and drawn with the table's own cards."""

from __future__ import annotations

from collections.abc import Sequence

from app.figures import figure as frame
from app.kit import card_html, esc
from engine.cards import Card
from engine.games.perpetual_motion.rules import Move, forced_move


def _stacks(stacks: Sequence[Sequence[Card]], head: str) -> str:
    """A row of four stacks as the table lays them (app.css's .stacks, .pile, .card)."""
    cols = []
    for stack in stacks:
        n = len(stack)
        cards = "".join(card_html(c, k, " top" if k == n - 1 else "") for k, c in enumerate(stack))
        cols.append(f'<div class="stack{"" if n else " empty"}"><span class="pile" '
                    f'data-vars="--n1:{max(n - 1, 1)};--last:{max(n - 1, 0)}">{cards}</span></div>')
    return (f'<div class="rules-row"><span class="rules-head">{esc(head)}</span>'
            f'<div class="stacks">{"".join(cols)}</div></div>')


def _tops(stacks: Sequence[Sequence[Card]]) -> str:
    return " ".join(s[-1].symbol if s else "·" for s in stacks)


def moves(arg: str) -> str:
    """``AS 5H AD 5C``: four tops, the forced moves they lead to (the engine's), before and
    after."""
    stacks = [[Card.parse(t)] for t in arg.split()]
    if len(stacks) != 4:
        raise ValueError(f"moves: four cards, got {arg!r}")
    before = [list(s) for s in stacks]
    done: list[Move] = []
    while (m := forced_move(stacks)) is not None:
        stacks[m.dst].append(stacks[m.src].pop())
        done.append(m)
    said = "; ".join(f"stack {m.src + 1} onto stack {m.dst + 1}" for m in done)
    label = (f"Four stacks with tops {_tops(before)}. After the forced moves ({said}) the tops "
             f"are {_tops(stacks)}.")
    caption = (f"Tops <b>{esc(_tops(before))}</b> become <b>{esc(_tops(stacks))}</b>: "
               + esc("; ".join(f"the top of stack {m.src + 1} moves onto stack {m.dst + 1}"
                               for m in done)) + ".")
    return frame(_stacks(before, "Before") + _stacks(stacks, "After"), label, caption,
                 "rules-felt pm-fig")


def figure(name: str, arg: str) -> str:
    """The picture ``name`` (``moves``) for ``arg``."""
    if name == "moves":
        return moves(arg)
    raise ValueError(f"Perpetual Motion draws no figure {name!r}")
