"""The set-up being edited: who sits where, the game's options and the deal number, checked
before a game starts and remembered on this device for next time. What is wrong with a field is
said in words under that field, as soon as it is typed."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TypedDict, Unpack

from app.routes import parse_deal_number
from app.seated.screens import setup_html
from app.seated.seats import (
    Seat,
    Setup,
    SetupError,
    check,
    clean_name,
    load_setup,
    name_computers,
    save_setup,
)
from app.storage import JSON, Store
from app.table import Event
from engine.protocol import GameInfo, OptionInfo

# A game's config error about one option ("config.hands: must be at least 0, got -5")
CONFIG_PATH = re.compile(r"^the options cannot be played: config\.(\w+)(?:\[\d+\])?: (.*)$", re.S)


def option_problem(o: OptionInfo, value: int) -> str | None:
    """What is wrong with ``value`` for number option ``o``, in a player's words (None:
    nothing): "Hands cannot be -5: choose 1 to 20, or leave it empty for one per player."."""
    if o.zero and value == 0:
        return None
    lo = o.min if o.min is not None else 0
    if lo <= value and (o.max is None or value <= o.max):
        return None
    choose = f"{lo} to {o.max}" if o.max is not None else f"{lo} or more"
    empty = f", or leave it empty for {o.zero}" if o.zero else ""
    return f"{o.name} cannot be {value}: choose {choose}{empty}."


class DraftChange(TypedDict, total=False):
    """What one change of the form replaces in the draft besides its seats."""

    options: tuple[tuple[str, JSON], ...]
    deal: int | None


class SetupForm:
    def __init__(self, store: Store, info: GameInfo) -> None:
        self.store = store
        self.info = info
        self.draft: Setup = load_setup(store, info.id)
        self.error = ""  # what is wrong with the set-up as a whole
        self.problems: dict[str, str] = {}  # what is wrong with a field: by option id, "deal"

    def html(self, in_progress: str = "", phones: bool = True) -> str:
        """The form; ``in_progress``: the game a Start would end, to confirm first;
        ``phones``: the browser can connect phones."""
        return setup_html(self.draft, self.info, self.error, in_progress, self.problems,
                          phones)

    def focus(self) -> str:
        """Where the focus goes after a Start that cannot be played: the first field with a
        problem (the page scrolls it into view), else Start, above which the reason is said."""
        for o in self.info.options:
            if o.id in self.problems:
                return f"opt-{o.id}"
        return "setup-deal" if "deal" in self.problems else "setup-start"

    def draft_seats(self) -> list[Seat]:
        return list(self.draft.seats)

    def set_draft(self, seats: list[Seat] | None = None, **kw: Unpack[DraftChange]) -> None:
        if seats is not None:
            self.draft = replace(self.draft, seats=tuple(name_computers(seats)))
        self.draft = replace(self.draft, **kw)

    def computer(self) -> Seat:
        """A new computer seat: the middle level when there is one."""
        levels = self.info.bot_levels
        return Seat("computer", "", "standard" if "standard" in levels else levels[0])

    def change(self, ev: Event) -> str | None:
        """A field was changed: the id to focus when the form must be drawn again (None: the
        screen stays as it is)."""
        a = ev.action
        if a == "setup-kind":
            i = int(ev.get("seat"))
            seats = self.draft_seats()
            kind = ev.value
            if kind == "you":  # only one "you": the old one becomes a person
                seats = [Seat("person", f"Player {k + 1}") if s.kind == "you" else s
                         for k, s in enumerate(seats)]
                seats[i] = Seat("you", "You")
            elif kind in ("person", "phone"):
                seats[i] = Seat(kind, f"Player {i + 1}")
            else:
                seats[i] = self.computer()
            self.set_draft(seats)
            return f"seat-kind-{i}"
        elif a == "setup-name":
            i = int(ev.get("seat"))
            seats = self.draft_seats()
            # your own seat keeps being you under the name given to it (pass-and-play), and a
            # phone's a phone's
            kind = seats[i].kind if seats[i].kind in ("you", "phone") else "person"
            seats[i] = Seat(kind, clean_name(ev.value) or ("You" if kind == "you" else ""))
            self.set_draft(seats)
        elif a == "setup-level":
            i = int(ev.get("seat"))
            seats = self.draft_seats()
            seats[i] = Seat("computer", "", ev.value)
            self.set_draft(seats)
            return f"seat-level-{i}"
        elif a == "setup-option":
            key = ev.get("key")
            opt = next((o for o in self.info.options if o.id == key), None)
            if opt is None:
                return None
            val: str | int = ev.value
            self.problems.pop(key, None)
            if opt.kind == "int":
                text = ev.value.strip()
                try:
                    val = 0 if opt.zero and not text else int(text)
                except ValueError:
                    empty = f" (or empty: {opt.zero})" if opt.zero else ""
                    self.problems[key] = (f"{opt.name} must be a whole number{empty}." if text
                                          else f"{opt.name} needs a number.")
                    return f"opt-{key}"
                problem = option_problem(opt, val)
                if problem:  # kept as typed, and said under the field
                    self.problems[key] = problem
            elif not isinstance(opt.default, str):
                val = type(opt.default)(ev.value)
            opts = dict(self.draft.options)
            opts[key] = val
            self.set_draft(options=tuple(sorted(opts.items())))
            return f"opt-{key}"
        elif a == "setup-deal":
            text = ev.value.strip()
            had = self.problems.pop("deal", None)
            if not text:
                self.set_draft(deal=None)
                return "setup-deal" if had else None
            n = parse_deal_number(text)
            if n is None:
                self.problems["deal"] = ("The deal number must be a whole number (or empty: "
                                         "random).")
                return "setup-deal"
            self.set_draft(deal=n)
            return "setup-deal" if had else None
        return None

    def add(self) -> bool:
        seats = self.draft_seats()
        if len(seats) >= self.info.max_players:
            return False
        seats.append(self.computer())
        self.set_draft(seats)
        return True

    def remove(self, seat: int) -> bool:
        seats = self.draft_seats()
        if len(seats) <= self.info.min_players:
            return False
        seats.pop(seat)
        self.set_draft(seats)
        return True

    def ready(self) -> bool:
        """The set-up can be played (and is remembered); else ``problems`` (a field's) or
        ``error`` (the whole set-up's) says why."""
        if self.problems:
            self.error = ""
            return False
        try:
            check(self.draft)
        except SetupError as e:
            said = str(e)
            m = CONFIG_PATH.match(said)
            opt = next((o for o in self.info.options if m and o.id == m.group(1)), None)
            if m and opt is not None:  # one option's problem: said under its field
                value = self.draft.option(opt.id, opt.default)
                problem = (option_problem(opt, value) if isinstance(value, int) else None)
                self.problems[opt.id] = problem or f"{opt.name}: {m.group(2)}."
                self.error = ""
                return False
            said = said.replace("config: ", "")
            self.error = said[:1].upper() + said[1:] + "."
            return False
        self.error = ""
        save_setup(self.store, self.draft)
        return True
