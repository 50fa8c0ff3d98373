"""app.kit: the pieces every view is made of, readable and within the page's
Content-Security-Policy."""

from __future__ import annotations

from app import kit
from helpers.markup import parse

from engine.cards import Card


def test_card_html_is_readable() -> None:
    html = kit.card_html(Card.parse("TD"), 3)
    assert "10" in html and "♦" in html and 'data-card="TD"' in html and "--i:3" in html
    assert "style=" not in html  # the CSP refuses inline styles: data-vars instead
    parse(html)
