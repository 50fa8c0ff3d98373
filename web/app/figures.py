"""The frame of a picture on a rules page, drawn at build time by a table's ``rules_art``.

A rules page is Markdown rendered by scripts/build_site.py; where the text says ``figure``, the
build asks the game's table package (``app.tables.<game>.rules_art.figure(name, arg)``) for the
picture, so the rules show the app's real pieces. The pieces are the tables' own markup, shown
still: one text alternative for the whole picture (``role="img"`` with its ``aria-label``) and
a caption under it, so a screen reader reads the picture once, not card by card.
"""

from __future__ import annotations

import re

from app.kit import esc

# what makes the tables' pieces controls; a picture is still, so it has none of them
_LIVE = re.compile(r'\s(?:id|tabindex|role|type|aria-pressed|aria-label|aria-disabled'
                   r'|data-(?!vars\b|card\b)[a-z-]+)="[^"]*"|\sdisabled(?=[\s>])')


def still(markup: str) -> str:
    """A table's markup as a picture: no ids (a page may show a piece twice), nothing to
    focus or tap, no names of its own (the figure has one)."""
    return _LIVE.sub("", markup).replace("<button", "<span").replace("</button>", "</span>")


def figure(body: str, label: str, caption: str, cls: str = "") -> str:
    """One picture with its text alternative (``label``) and caption (HTML, trusted)."""
    return (f'<figure class="rules-fig" data-testid="rules-figure">'
            f'<div class="rules-pic {esc(cls)}" role="img" aria-label="{esc(label)}">{body}</div>'
            f"<figcaption>{caption}</figcaption></figure>")


def details(summary: str, body: str, testid: str = "rules-details") -> str:
    """A long reference list, folded: the page stays short, the list one tap away."""
    return (f'<details class="rules-more" data-testid="{esc(testid)}"><summary>{esc(summary)}'
            f"</summary>{body}</details>")
