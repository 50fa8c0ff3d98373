"""Words a screen reader says for what the page shows as signs: a card shown as ``10♦`` is
said "ten of diamonds" (the page's live region, :meth:`app.page.Page.announce`)."""

from __future__ import annotations

import re

from engine.cards import RANK_NAMES, SUIT_NAMES, SUIT_SYMBOLS

_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}

_CARD = re.compile(r"(?<![\w])(10|[2-9AJQK])([" + "".join(_SUITS) + r"])")


def spoken(text: str) -> str:
    """``text`` with every card sign said in words: "lay 10♦" -> "lay ten of diamonds"."""

    def word(m: re.Match[str]) -> str:
        rank = "T" if m.group(1) == "10" else m.group(1)
        return f"{RANK_NAMES[rank]} of {SUIT_NAMES[_SUITS[m.group(2)]]}"

    return _CARD.sub(word, text)
