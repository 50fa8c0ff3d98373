"""Hash routes, so that any static host (and any sub-path) serves every screen.

``#/`` home, ``#/rules/<id>`` a rules page (``#/<game>/rules`` too), ``#/<game>`` its table
(the game in progress, or a new deal / the set-up), and the screens a game's table declares
(``Table.screens``): ``#/<game>/deal/12345`` that deal, ``#/<game>/setup`` the set-up of a
game with seats, ``#/<game>/watch/12345?seats=strong,standard`` a game of computers played
to its end, ``#/<game>/stats`` its statistics, ``#/<game>/learn`` its guided first game,
``#/<game>/daily`` its daily deal, ``#/<game>/replay/<game id>`` a finished game again;
``#/stats`` every game's statistics, ``#/settings``, ``#/about``. Deal and watch links of
multi-player games carry the seats and options in a query (``?seats=you,standard&variant=
helping``): never a hidden card.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from urllib.parse import parse_qsl, quote

# The format of shared deal and watch links. Shared links carry it as ``v=1``; a link without
# ``v`` was shared before links had a version, in the same format, so it is read as version 1.
# A link from a newer app (a higher ``v``) is not guessed at: the player is told to update.
LINK_VERSION = 1
OLDEST_LINK_VERSION = 1  # links older than this could no longer be read (none yet)
MAX_DEAL_DIGITS = 15  # deal numbers are 0 .. 10**15 - 1: short enough to read out


@dataclass(frozen=True)
class Route:
    # home | rules | table | setup | watch | stats | learn | daily | replay | settings | about |
    # join (a table of phones' invitation) | guest (this phone's seat at another's table)
    screen: str
    game: str | None = None
    deal: int | None = None
    error: str | None = None  # a broken link: what to tell the player
    query: tuple[tuple[str, str], ...] = ()  # seats and options of a deal or watch link

    def param(self, key: str, default: str = "") -> str:
        return dict(self.query).get(key, default)

    def href(self) -> str:
        return route_href(self)


def shared(hash_: str) -> str:
    """``hash_`` as a link to share: with this app's link version (``v=1``)."""
    return hash_ + ("&" if "?" in hash_ else "?") + f"v={LINK_VERSION}"


def link_version_problem(query: tuple[tuple[str, str], ...]) -> tuple[
        tuple[tuple[str, str], ...], str | None]:
    """The query without its ``v``, and what to tell the player if this app cannot read a
    link of that version (made by a newer app, or by one too old)."""
    rest = tuple((k, v) for k, v in query if k != "v")
    versions = [v for k, v in query if k == "v"]
    if not versions:
        return rest, None
    text = versions[-1]
    if not (text.isascii() and text.isdigit() and len(text) <= 6):
        return rest, (f"This link's version (“{text[:12]}”) could not be read: it may have been "
                      "changed or come from another app.")
    n = int(text)
    if n > LINK_VERSION:
        return rest, (f"This link was made by a newer version of the app (link version {n}; "
                      f"this one reads version {LINK_VERSION}). Update the app: it updates "
                      "itself when it is online, so close it, open it again, then open the "
                      "link again.")
    if n < OLDEST_LINK_VERSION:
        return rest, (f"This link was made by an older version of the app (link version {n}) "
                      "that this one can no longer read. Ask for a new link.")
    return rest, None


def route_href(r: Route) -> str:
    if r.screen == "rules":
        return f"#/rules/{r.game}"
    q = "?" + "&".join(f"{quote(k)}={quote(v, safe=',')}" for k, v in r.query) if r.query else ""
    if r.screen == "table":
        return f"#/{r.game}/deal/{r.deal}{q}" if r.deal is not None else f"#/{r.game}"
    if r.screen == "watch":
        return f"#/{r.game}/watch/{r.deal}{q}"
    if r.screen == "setup":
        return f"#/{r.game}/setup"
    if r.screen == "stats" and r.game is None:
        return "#/stats"
    if r.screen in ("stats", "learn", "daily", "guest"):
        return f"#/{r.game}/{r.screen}"
    if r.screen == "join":
        return f"#/join/{r.param('code')}" + ("/watch" if r.param("watch") else "")
    if r.screen == "replay":
        return f"#/{r.game}/replay/{r.param('gid')}"
    if r.screen in ("settings", "about"):
        return f"#/{r.screen}"
    return "#/"


_GID = re.compile(r"^[0-9a-z]{1,40}$")  # a finished game's id (app.storage.new_gid)
_ID = re.compile(r"^[a-z0-9][a-z0-9-]{0,40}$")


def parse_deal_number(text: str) -> int | None:
    """A deal number from a link or an input box, or None if it is not one."""
    t = text.strip()
    if not t.isascii() or not t.isdigit() or len(t) > MAX_DEAL_DIGITS:
        return None
    return int(t)


MAX_QUERY = 400  # characters of a link's query read at most
MAX_PARAMS = 16


def parse_query(text: str) -> tuple[tuple[str, str], ...] | None:
    """``seats=you,strong&ace=high`` -> pairs; None when it is not a query this app writes."""
    if len(text) > MAX_QUERY:
        return None
    try:
        pairs = parse_qsl(text, keep_blank_values=True, strict_parsing=False,
                          max_num_fields=MAX_PARAMS)
    except ValueError:
        return None
    out = []
    for k, v in pairs:
        if not _ID.match(k.replace("_", "-")) or len(v) > 200:
            return None
        out.append((k, v))
    return tuple(out)


def parse_hash(hash_: str, known_games: tuple[str, ...],
               tables: Mapping[str, frozenset[str]]) -> Route:
    """Read ``location.hash``; anything unreadable gives the home screen with an ``error``.

    ``tables``: the games this app has a table for, with the screens each declares (the
    other games are "coming soon")."""
    h = hash_.strip()
    if h.startswith("#"):
        h = h[1:]
    h, _, qtext = h.partition("?")
    parts = [p for p in h.split("/") if p]
    if not parts:
        return Route("home")
    head = parts[0]
    if head == "rules" and len(parts) == 2 and _ID.match(parts[1]):
        if parts[1] in known_games:
            return Route("rules", game=parts[1])
        return Route("home", error=f"There is no game called “{parts[1][:40]}”.")
    if head in ("settings", "about", "stats") and len(parts) == 1:
        return Route(head)
    if head == "join" and len(parts) == 2:  # a table of phones' invitation (app.net)
        return Route("join", query=(("code", parts[1]),))
    if head == "join" and len(parts) == 3 and parts[2] == "watch":  # to watch, without a seat
        return Route("join", query=(("code", parts[1]), ("watch", "1")))
    if head in tables:
        query = parse_query(qtext) if qtext else ()
        if query is None:
            return Route("home", error="This link's settings could not be read: it may have "
                                       "been cut short or come from another app.")
        query, problem = link_version_problem(query)
        if problem:
            return Route("home", error=problem)
        if len(parts) == 1:
            return Route("table", game=head)
        if parts[1] == "rules" and len(parts) == 2:  # the address a player would guess
            return Route("rules", game=head)
        screens = tables[head]
        if parts[1] in ("stats", "setup", "learn", "daily") and len(parts) == 2 and (
                parts[1] in screens):
            return Route(parts[1], game=head)
        if parts[1] == "guest" and len(parts) == 2 and "setup" in screens:
            return Route("guest", game=head)  # this phone's seat at another's table
        if parts[1] == "replay" and len(parts) == 3 and "stats" in screens:
            if not _GID.match(parts[2]):
                return Route("home", error="This replay link could not be read: it may have "
                                           "been cut short.")
            return Route("replay", game=head, query=(("gid", parts[2]),))
        if parts[1] in ("deal", "watch") and len(parts) == 3 and parts[1] in screens:
            n = parse_deal_number(parts[2])
            if n is None:
                shown = parts[2][:24]
                return Route("home", error=(
                    f"“{shown}” is not a deal number. A deal link ends in a whole number, "
                    f"like #/{head}/deal/12345."))
            if parts[1] == "watch":
                return Route("watch", game=head, deal=n, query=query)
            return Route("table", game=head, deal=n, query=query)
        return Route("home", error=no_such_page(h))
    if head in known_games:
        return Route("home", error="That game has no screen yet: it is coming soon.")
    return Route("home", error=no_such_page(h))


def no_such_page(address: str) -> str:
    """What the home screen says when an address leads nowhere: the address, and where the
    player now is."""
    return (f"No such page: “#{address[:40]}” does not lead anywhere in the app. Here is the "
            "home screen.")
