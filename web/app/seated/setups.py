"""Seats and set-ups: who sits where (*you*, a *person* sharing this device by name, a *phone*:
a person holding their own hand on another phone (:mod:`app.net`), or a *computer* at a level),
the game's options (from the registry's ``OptionInfo``) and the deal number; plain data the
shell saves. A set-up travels in share and watch links as a query
(``seats=you,standard,Ana&variant=helping``), so a link carries the deal and the seats, never a
hidden card.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, replace

from app.routes import parse_deal_number
from app.storage import JSON, JSONObject, Store, loads_stored, setup_key
from engine.protocol import Config
from engine.registry import get_game
from engine.seats import seated_config

COMPUTER_NAMES = ("Ana", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal")
MAX_NAME = 24


class SetupError(ValueError):
    """A set-up (from a form or a link) that cannot be played; the message says why."""


@dataclass(frozen=True)
class Seat:
    kind: str  # "you" | "person" | "phone" | "computer"
    name: str
    level: str = ""  # a computer's level

    @property
    def human(self) -> bool:
        return self.kind != "computer"

    @property
    def here(self) -> bool:
        """A person who plays on this device (not a computer, not a person on their phone)."""
        return self.kind in ("you", "person")

    def token(self) -> str:
        """The seat in a link: ``you`` (``you@Ana``: named, as in pass-and-play), a level, or
        a person's name."""
        if self.kind == "you":
            return "you" if self.name in ("", "You") else "you@" + self.name
        return self.level if self.kind == "computer" else "@" + self.name


BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_name(text: str) -> str:
    """A person's name as typed: trimmed, single spaces, at most MAX_NAME characters.
    It is only ever shown as text (escaped), whatever it holds."""
    # Pairs of UTF-16 surrogates (as JavaScript may send them) become one character; a lone
    # surrogate, which no page can show or encode, becomes U+FFFD; control characters go, and
    # so do the bidirectional embeddings, overrides and isolates: a name never needs them (a
    # Hebrew or Arabic name is right-to-left by its letters) and an unclosed override in one
    # would reverse the words shown after it ("Ana" as "anA", "your turn" backwards).
    joined = str(text).encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    shown = "".join(c for c in joined if c not in BIDI_CONTROLS
                    and (unicodedata.category(c) != "Cc" or c in " \t\n"))
    return " ".join(shown.split())[:MAX_NAME]


def level_label(level: str) -> str:
    return level.capitalize()


@dataclass(frozen=True)
class Setup:
    game: str
    seats: tuple[Seat, ...]
    # the game's options as read (a link's, the form's, a save's): the game's config checks them
    options: tuple[tuple[str, JSON], ...] = ()
    deal: int | None = None  # None: a new random deal each time

    def option(self, key: str, default: JSON = None) -> JSON:
        return dict(self.options).get(key, default)

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def here(self) -> list[int]:
        """The seats of the people who play on this device."""
        return [i for i, s in enumerate(self.seats) if s.here]

    @property
    def phones(self) -> list[int]:
        """The seats played on other phones (:mod:`app.net`)."""
        return [i for i, s in enumerate(self.seats) if s.kind == "phone"]

    def names(self) -> list[str]:
        """The seats' names as the table says them. Your seat is "You" when you are the one
        person here; in pass-and-play it is a person like the others, called by the name given
        to it (by default "Player 1", from its place at the table)."""
        several = len(self.humans) > 1
        return [s.name if s.kind != "you" else "You" if not several else
                s.name if s.name not in ("", "You") else f"Player {i + 1}"
                for i, s in enumerate(self.seats)]

    def config(self) -> Config:
        config: Config = seated_config(self.game, len(self.seats), dict(self.options))
        return config

    def query(self, deal: int | None = None) -> tuple[tuple[str, str], ...]:
        q = [("seats", ",".join(s.token() for s in self.seats))]
        q += [(k, str(v)) for k, v in self.options]
        return tuple(q)

    def to_dict(self) -> JSONObject:
        return {"game": self.game, "deal": self.deal, "options": dict(self.options),
                "seats": [{"kind": s.kind, "name": s.name, "level": s.level}
                          for s in self.seats]}

    @classmethod
    def from_dict(cls, data: object) -> Setup:
        if not isinstance(data, dict):
            raise SetupError("the set-up is not an object")
        game_id = data.get("game")
        seats_data = data.get("seats")
        if not isinstance(game_id, str) or not isinstance(seats_data, list):
            raise SetupError("the set-up has no game or no seats")
        seats = []
        for s in seats_data:
            if not isinstance(s, dict):
                raise SetupError("a seat is not an object")
            kind = str(s.get("kind", ""))
            # only a computer has a level (a person's saved level would reach the computers)
            seats.append(Seat(kind, clean_name(str(s.get("name", ""))),
                              str(s.get("level") or "") if kind == "computer" else ""))
        options = data.get("options") or {}
        if not isinstance(options, dict):
            raise SetupError("the options are not an object")
        deal = data.get("deal")
        if deal is not None and (not isinstance(deal, int) or isinstance(deal, bool)
                                 or deal < 0 or deal >= 10**15):
            raise SetupError("the deal number is not a whole number")
        setup = cls(game_id, tuple(seats), tuple(sorted(options.items())), deal)
        check(setup)
        return setup


def check(setup: Setup) -> None:
    """Raise SetupError with a reason a player understands, or return quietly."""
    try:
        game = get_game(setup.game)
    except Exception:
        raise SetupError(f"there is no game called “{setup.game[:40]}”") from None
    info = game.info
    n = len(setup.seats)
    if not info.min_players <= n <= info.max_players:
        raise SetupError(f"{info.name} is for {info.min_players} to {info.max_players} "
                         f"players, not {n}")
    yous = 0
    names: set[str] = set()
    for s, name in zip(setup.seats, setup.names(), strict=True):
        if s.kind == "you":
            yous += 1
            if yous > 1:
                raise SetupError("only one seat can be you")
        elif s.kind == "computer":
            if s.level not in info.bot_levels:
                raise SetupError(f"there is no computer level “{s.level[:20]}” "
                                 f"(levels: {', '.join(info.bot_levels)})")
        elif s.kind in ("person", "phone"):
            if not s.name:
                raise SetupError("every person at the table needs a name")
        else:
            raise SetupError("a seat must be you, a person, a phone or a computer, not "
                             f"“{s.kind[:20]}”")
        if name.casefold() in names:
            raise SetupError(f"two seats are called “{name}”: give each a different name")
        names.add(name.casefold())
    try:
        setup.config()
    except Exception as e:
        raise SetupError(f"the options cannot be played: {e}") from None


def name_computers(seats: list[Seat]) -> list[Seat]:
    """Computers get friendly names that no person at the table has."""
    taken = {s.name.casefold() for s in seats if s.kind != "computer"}
    free = [n for n in COMPUTER_NAMES if n.casefold() not in taken]
    out: list[Seat] = []
    for s in seats:
        if s.kind == "computer":
            base = free.pop(0) if free else f"Computer {len(out) + 1}"
            out.append(replace(s, name=base))
        else:
            out.append(s)
    return out


def default_setup(game_id: str) -> Setup:
    """One tap starts a game: you against two computers at the middle level (you alone at
    a solitaire)."""
    info = get_game(game_id).info
    levels = info.bot_levels or ("",)
    level = "standard" if "standard" in levels else levels[len(levels) // 2]
    n = max(info.min_players, min(3, info.max_players))
    seats = [Seat("you", "You")] + [Seat("computer", "", level) for _ in range(n - 1)]
    return Setup(game_id, tuple(name_computers(seats)))


def setup_from_query(game_id: str, query: tuple[tuple[str, str], ...],
                     deal: int | None, watch: bool = False) -> Setup:
    """A set-up from a share or watch link; SetupError says what is wrong with the link."""
    info = get_game(game_id).info
    q = dict(query)
    tokens = [t.strip() for t in q.get("seats", "").split(",") if t.strip()]
    if not tokens:
        default = default_setup(game_id)
        tokens = ["strong"] * len(default.seats) if watch else [
            s.token() for s in default.seats]
    seats = []
    for t in tokens:
        if t == "you" and not watch:
            seats.append(Seat("you", "You"))
        elif t.startswith("you@") and not watch and clean_name(t[4:]):
            seats.append(Seat("you", clean_name(t[4:])))
        elif t in info.bot_levels:
            seats.append(Seat("computer", "", t))
        elif t.startswith("@") and not watch and clean_name(t[1:]):
            seats.append(Seat("person", clean_name(t[1:])))
        else:
            what = "a computer level" if watch else "you, a computer level or @name"
            raise SetupError(f"“{t[:20]}” is not a seat this app knows (each seat is {what}; "
                             f"levels: {', '.join(info.bot_levels)})")
    known = {o.id: o for o in info.options}
    options: dict[str, JSON] = {}
    for k, v in query:
        if k in ("seats", "speed"):
            continue
        if k not in known:
            raise SetupError(f"this link has an option “{k[:20]}” that {info.name} does not "
                             "have here; it may come from a newer version of the app")
        o = known[k]
        if o.kind == "int":
            n = parse_deal_number(v)
            if n is None:
                raise SetupError(f"“{v[:20]}” is not a number for {o.name}")
            options[k] = n
        else:
            values = [str(c[0]) for c in o.choices]
            if v not in values:
                raise SetupError(f"“{v[:20]}” is not one of the choices for {o.name} "
                                 f"({', '.join(values)})")
            options[k] = type(o.default)(v) if not isinstance(o.default, str) else v
    setup = Setup(game_id, tuple(name_computers(seats)), tuple(sorted(options.items())), deal)
    check(setup)
    return setup



def load_setup(store: Store, game_id: str) -> Setup:
    text = store.get(setup_key(game_id))
    if text:
        try:
            return Setup.from_dict(loads_stored(text))
        except Exception:
            pass
    return default_setup(game_id)


def save_setup(store: Store, setup: Setup) -> None:
    store.set(setup_key(setup.game), json.dumps(setup.to_dict()))
