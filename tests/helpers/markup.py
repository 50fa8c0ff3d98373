"""HTML checks for the views' output: ``parse`` fails on unbalanced elements and returns the
tags; ``buttons_labelled`` checks every button is ``type=button``."""

from __future__ import annotations

from html.parser import HTMLParser
from typing import ClassVar


class Checker(HTMLParser):
    """Collects tags; fails on unbalanced non-void elements."""

    VOID: ClassVar[set[str]] = {"br", "img", "input", "meta", "link", "hr", "source", "wbr"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag not in self.VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()


def parse(html: str) -> Checker:
    c = Checker()
    c.feed(html)
    c.close()
    assert not c.stack, f"unclosed: {c.stack}"
    return c


def buttons_labelled(c: Checker) -> None:
    for tag, a in c.tags:
        if tag == "button":
            assert a.get("type") == "button"
