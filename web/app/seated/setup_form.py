"""The set-up being edited: who sits where, the game's options and the deal number, checked
before a game starts and remembered on this device for next time."""

from __future__ import annotations

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
from engine.protocol import GameInfo


class DraftChange(TypedDict, total=False):
    """What one change of the form replaces in the draft besides its seats."""

    options: tuple[tuple[str, JSON], ...]
    deal: int | None


class SetupForm:
    def __init__(self, store: Store, info: GameInfo) -> None:
        self.store = store
        self.info = info
        self.draft: Setup = load_setup(store, info.id)
        self.error = ""

    def html(self, in_progress: str = "") -> str:
        """The form; ``in_progress``: the game a Start would end, to confirm first."""
        return setup_html(self.draft, self.info, self.error, in_progress)

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
            elif kind == "person":
                seats[i] = Seat("person", f"Player {i + 1}")
            else:
                seats[i] = self.computer()
            self.set_draft(seats)
            return f"seat-kind-{i}"
        elif a == "setup-name":
            i = int(ev.get("seat"))
            seats = self.draft_seats()
            # your own seat keeps being you under the name given to it (pass-and-play)
            you = seats[i].kind == "you"
            seats[i] = Seat("you" if you else "person", clean_name(ev.value) or (
                "You" if you else ""))
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
            if opt.kind == "int":
                try:
                    val = int(ev.value)
                except ValueError:
                    self.error = f"{opt.name} must be a whole number."
                    return f"opt-{key}"
            elif not isinstance(opt.default, str):
                val = type(opt.default)(ev.value)
            opts = dict(self.draft.options)
            opts[key] = val
            self.set_draft(options=tuple(sorted(opts.items())))
            return f"opt-{key}"
        elif a == "setup-deal":
            text = ev.value.strip()
            if not text:
                self.set_draft(deal=None)
                return None
            n = parse_deal_number(text)
            if n is None:
                self.error = "The deal number must be a whole number (or empty: random)."
                return "setup-deal"
            self.set_draft(deal=n)
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
        """The set-up can be played (and is remembered); else ``error`` says why."""
        try:
            check(self.draft)
        except SetupError as e:
            self.error = str(e)[:1].upper() + str(e)[1:] + "."
            return False
        self.error = ""
        save_setup(self.store, self.draft)
        return True
