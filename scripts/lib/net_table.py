"""A whole seeded game at a table of phones, in one thread over in-memory channels: what the
protocol's tests (tests/app/test_net_protocol.py) and its benchmark
(scripts/bench/net_bytes.py) share.

The table: seat 0 is the host's own player, seats 1 and 2 are people on other phones
(:class:`app.net.guest.Guest` over :func:`app.net.transport.memory_pair`), the other seats
are computers. Every seat's decision is the engine's computer player of ``level`` for that
seat, through :func:`engine.seats.choose`, exactly as :func:`engine.seats.play_seeded` plays
the same deal; a remote seat's decision travels as its text form from its guest's phone to the
host, which checks and applies it. So the game ends exactly as ``play_seeded`` does.

The log lines are told by :class:`ViewTeller`, the same calls the game's Board makes.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from app.net.guest import Guest
from app.net.host import Referee
from app.net.transport import MemoryEnd, memory_pair
from app.seated.seats import Match, Seat, Setup, name_computers
from app.storage.stored_json import JSON
from app.tables.cube_farm import parts as cube_words
from app.tables.machiavelli import parts as machiavelli_words
from app.tables.machine import parts as machine_words

from engine.registry import get_game
from engine.seats import choose, make_bots

REMOTE = (1, 2)
NAMES = {1: "Ana", 2: "Bea"}
# options that keep a game short enough to play in a unit test
OPTIONS: dict[str, dict[str, JSON]] = {
    "machiavelli": {}, "machine": {"max_rounds": 10}, "cube-farm": {"hands": 2}}


class ViewTeller:
    """A turn told as the game's Board tells it (app.tables.<game>.table ``describe_turn``,
    ``hand_of``, ``closes_turn``), without a page."""

    def __init__(self, game_id: str) -> None:
        self.id = game_id
        self.game: Any = get_game(game_id)

    def describe_turn(self, m: Match[Any], before: Any, actions: Sequence[Any], seat: int,
                      you: bool = False) -> str:
        v0, v1, name = self.game.view(before, seat), self.game.view(m.state, seat), m.names()[seat]
        if self.id == "cube-farm":
            text: str = cube_words.describe_turn(v0, v1, seat, name, you)
        elif self.id == "machine":
            text = machine_words.describe_turn(v0, v1, actions, name, you)
        else:
            text = machiavelli_words.describe_turn(v0, v1, actions, name, you)
        return text

    def hand_of(self, state: Any) -> int:
        return int(getattr(state, "hand_no", getattr(state, "hand", 1)))

    def closes_turn(self, before: Any, after: Any) -> bool:
        if self.id == "machiavelli":
            return len(after.history) > len(before.history)
        if self.id == "machine":
            return bool(before.phase == "setup" and after.phase != "setup")
        return before.phase not in ("hand-over", "over") and after.phase in ("hand-over", "over")


def table_setup(game_id: str, players: int = 4, level: str = "beginner") -> Setup:
    seats = [Seat("you", "You")] + [
        Seat("person", NAMES[i]) if i in NAMES else Seat("computer", "", level)
        for i in range(1, players)]
    options = tuple(sorted(OPTIONS.get(game_id, {}).items()))
    return Setup(game_id, tuple(name_computers(seats)), options)


@dataclass
class Table:
    """A host and its two guests, with each channel's host end (what the host sent)."""

    host: Referee[Any, Any]
    guests: dict[int, Guest]
    ends: dict[int, MemoryEnd]  # seat -> the host's end of its current channel
    sent: dict[int, list[str]] = field(default_factory=dict)  # seat -> all the host sent it

    def pump(self) -> None:
        """Deliver everything both ways until nothing moves."""
        for _ in range(10):
            self.host.pump()
            for g in self.guests.values():
                g.pump()

    def reconnect(self, seat: int) -> Guest:
        """The guest of ``seat`` loses its channel and rejoins over a new one with its token."""
        old = self.guests[seat]
        self.collect()
        self.ends[seat].close()
        self.pump()
        host_end, guest_end = memory_pair()
        self.host.connect(host_end)
        guest = Guest(guest_end, old.name, old.token)
        self.guests[seat], self.ends[seat] = guest, host_end
        guest.join()
        self.pump()
        return guest

    def collect(self) -> None:
        """Move what the host sent on the current channels into :attr:`sent`."""
        for seat, end in self.ends.items():
            self.sent.setdefault(seat, []).extend(end.sent)
            end.sent.clear()


def open_table(game_id: str, deal: int, players: int = 4, level: str = "beginner"
               ) -> Table:
    match: Match[Any] = Match.new(table_setup(game_id, players, level), deal)
    host: Referee[Any, Any] = Referee(match, REMOTE, ViewTeller(game_id))
    guests, ends = {}, {}
    for seat in REMOTE:
        host_end, guest_end = memory_pair()
        host.connect(host_end, seat)
        guests[seat], ends[seat] = Guest(guest_end, NAMES[seat]), host_end
        guests[seat].join()
    table = Table(host, guests, ends)
    table.pump()
    return table


def play_out(table: Table, seed: int, level: str = "beginner",
             after: Callable[[Table], None] = lambda t: None,
             max_actions: int = 20_000) -> list[str]:
    """Play the table's game to its end, each seat deciding as ``play_seeded`` would;
    ``after(table)`` after every action. Returns the actions applied, as text."""
    host = table.host
    m = host.match
    game = m.game
    bots = make_bots(m.setup.game, [level] * len(m.setup.seats))
    applied: list[str] = []
    while not m.over:
        assert len(applied) < max_actions, "the game did not end"
        seat = m.current
        assert seat is not None
        action = choose(game, m.state, bots[seat], seed, m.actions)
        if seat in table.guests:
            guest = table.guests[seat]
            assert guest.my_turn, f"seat {seat}'s phone does not know it is its turn"
            before = m.actions
            guest.act(str(action))
            table.pump()
            assert m.actions == before + 1, f"refused: {guest.refusals[-1:]}"
        else:
            host.play(seat, action)
            table.pump()
        applied.append(str(action))
        after(table)
    return applied
