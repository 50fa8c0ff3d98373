"""Hash routes, so that any static host (and any sub-path) serves every screen.

``#/`` home, ``#/rules/<id>`` a rules page, ``#/perpetual-motion`` the table (the game in
progress, or a new deal), ``#/perpetual-motion/deal/12345`` that deal, ``#/perpetual-motion/stats``
the statistics panel, ``#/settings``, ``#/about``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

PM = "perpetual-motion"
MAX_DEAL_DIGITS = 15  # deal numbers are 0 .. 10**15 - 1: short enough to read out


@dataclass(frozen=True)
class Route:
    screen: str  # home | rules | table | stats | settings | about
    game: str | None = None
    deal: int | None = None
    error: str | None = None  # a broken link: what to tell the player

    def href(self) -> str:
        return route_href(self)


def route_href(r: Route) -> str:
    if r.screen == "rules":
        return f"#/rules/{r.game}"
    if r.screen == "table":
        return f"#/{r.game}/deal/{r.deal}" if r.deal is not None else f"#/{r.game}"
    if r.screen == "stats":
        return f"#/{r.game}/stats"
    if r.screen in ("settings", "about"):
        return f"#/{r.screen}"
    return "#/"


_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


def parse_deal_number(text: str) -> int | None:
    """A deal number from a link or an input box, or None if it is not one."""
    t = text.strip()
    if not t.isascii() or not t.isdigit() or len(t) > MAX_DEAL_DIGITS:
        return None
    return int(t)


def parse_hash(hash_: str, known_games: tuple[str, ...] = (PM,)) -> Route:
    """Read ``location.hash``; anything unreadable gives the home screen with an ``error``."""
    h = hash_.strip()
    if h.startswith("#"):
        h = h[1:]
    parts = [p for p in h.split("/") if p]
    if not parts:
        return Route("home")
    head = parts[0]
    if head == "rules" and len(parts) == 2 and _ID.match(parts[1]):
        if parts[1] in known_games:
            return Route("rules", game=parts[1])
        return Route("home", error=f"There is no game called “{parts[1]}”.")
    if head in ("settings", "about") and len(parts) == 1:
        return Route(head)
    if head == PM:
        if len(parts) == 1:
            return Route("table", game=PM)
        if parts[1] == "stats" and len(parts) == 2:
            return Route("stats", game=PM)
        if parts[1] == "deal" and len(parts) == 3:
            n = parse_deal_number(parts[2])
            if n is None:
                shown = parts[2][:24]
                return Route("home", error=(
                    f"“{shown}” is not a deal number. A deal link ends in a whole number, "
                    f"like #/{PM}/deal/12345."))
            return Route("table", game=PM, deal=n)
    if head in known_games:
        return Route("home", error="That game has no screen yet: it is coming soon.")
    shown = h[:40]
    return Route("home", error=f"This link does not lead anywhere in the app: “#{shown}”.")
