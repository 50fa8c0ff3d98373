"""Nim's rules, written against :class:`engine.protocol.Game` and nothing game-specific in
the engine: what a fifth game has to provide."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from engine.data import Reader, check_int
from engine.errors import InvalidConfig, InvalidState, ParseError
from engine.protocol import PUBLIC, Game, GameInfo, JSONDict, Outcome

from .info import INFO

STONE = "stone"
MAX_TAKE = 3


@dataclass(frozen=True)
class NimConfig:
    """Two players and how many heaps (heap ``i`` starts with ``2 i + 1`` stones)."""

    players: int = 2
    heaps: int = 4

    def to_dict(self) -> JSONDict:
        return {"players": self.players, "heaps": self.heaps}

    def start(self) -> tuple[int, ...]:
        return tuple(2 * i + 1 for i in range(self.heaps))


@dataclass(frozen=True)
class Take:
    """Take ``count`` stones from heap ``heap`` (0-based; written 1-based)."""

    heap: int
    count: int

    def __str__(self) -> str:
        return f"take {self.count} from {self.heap + 1}"


@dataclass(frozen=True)
class NimState:
    config: NimConfig
    heaps: tuple[int, ...]
    taken: tuple[int, ...]  # stones each player has taken
    current: int
    last: int | None = None  # who took last


@dataclass(frozen=True)
class NimView:
    """Everything: Nim hides nothing."""

    player: int
    heaps: tuple[int, ...]
    taken: tuple[int, ...]
    current: int | None
    last: int | None

    def to_dict(self) -> JSONDict:
        return {"player": self.player, "heaps": list(self.heaps), "taken": list(self.taken),
                "current": self.current, "last": self.last}


_TAKE = re.compile(r"^take ([0-9]{1,3}) from ([0-9]{1,3})$", re.ASCII)


class Nim(Game[NimConfig, NimState, Take, NimView]):
    info: ClassVar[GameInfo] = INFO
    has_hidden: ClassVar[bool] = False

    def default_config(self, players: int | None = None) -> NimConfig:
        return NimConfig()

    def config_from_dict(self, data: object) -> NimConfig:
        if not isinstance(data, dict):
            raise InvalidConfig("config: expected an object")
        players = data.get("players", 2)
        heaps = data.get("heaps", 4)
        if players != 2:
            raise InvalidConfig("players: Nim is for 2 players")
        if not isinstance(heaps, int) or isinstance(heaps, bool) or not 1 <= heaps <= 8:
            raise InvalidConfig("heaps: expected 1 to 8")
        return NimConfig(2, heaps)

    def new_game(self, config: NimConfig, rng: random.Random) -> NimState:
        """The heaps are fixed by the config; the deal decides who starts."""
        return NimState(config, config.start(), (0, 0), rng.randrange(2))

    def new_game_from_deck(self, config: NimConfig, deck: Sequence[str]) -> NimState:
        """``deck``: the starting player's number, ``"1"`` or ``"2"``."""
        if list(deck) not in (["1"], ["2"]):
            raise InvalidConfig("deck: the starting player, 1 or 2")
        return NimState(config, config.start(), (0, 0), int(deck[0]) - 1)

    def current_player(self, state: NimState) -> int | None:
        return None if not any(state.heaps) else state.current

    def legal_actions(self, state: NimState) -> list[Take]:
        return [Take(h, k) for h, n in enumerate(state.heaps)
                for k in range(1, min(MAX_TAKE, n) + 1)]

    def explain_illegal(self, state: NimState, action: Take) -> str | None:
        if not any(state.heaps):
            return "the game is over"
        if not isinstance(action, Take) or not 0 <= action.heap < len(state.heaps):
            return f"{action} is not a heap"
        if not 1 <= action.count <= MAX_TAKE:
            return "take one, two or three stones"
        if action.count > state.heaps[action.heap]:
            return f"heap {action.heap + 1} has only {state.heaps[action.heap]} stones"
        return None

    def _apply(self, state: NimState, action: Take) -> NimState:
        heaps = list(state.heaps)
        heaps[action.heap] -= action.count
        taken = list(state.taken)
        taken[state.current] += action.count
        return replace(state, heaps=tuple(heaps), taken=tuple(taken),
                       current=1 - state.current, last=state.current)

    def outcome(self, state: NimState) -> Outcome | None:
        if any(state.heaps) or state.last is None:
            return None
        w = state.last
        return Outcome((w,), f"Player {w + 1} took the last stone.",
                       text="{winners} took the last stone.")

    def parse_action(self, text: str) -> Take:
        m = _TAKE.match(text.strip().lower())
        if m is None:
            raise ParseError(f"{text!r}: write take N from HEAP")
        return Take(int(m.group(2)) - 1, int(m.group(1)))

    def view(self, state: NimState, player: int) -> NimView:
        return NimView(player, state.heaps, state.taken, self.current_player(state),
                       state.last)

    def determinize(self, view: NimView, rng: random.Random) -> NimState:
        """The view is the whole state (the config is its number of heaps)."""
        current = view.current if view.current is not None else 1 - (view.last or 0)
        return NimState(NimConfig(2, len(view.heaps)), view.heaps, view.taken, current,
                        view.last)

    def card_multiset(self, state: NimState) -> Counter[str]:
        return Counter({STONE: sum(state.heaps) + sum(state.taken)})

    def redeal_hidden(self, state: NimState, player: int, rng: random.Random) -> NimState:
        return state  # nothing is hidden (has_hidden = False)

    def config_of(self, state: NimState) -> NimConfig:
        return state.config

    def full_set(self, config: NimConfig) -> Counter[str]:
        return Counter({STONE: sum(config.start())})

    def state_to_dict(self, state: NimState) -> JSONDict:
        return {"game": "nim", "config": state.config.to_dict(), "heaps": list(state.heaps),
                "taken": list(state.taken), "current": state.current, "last": state.last}

    def state_from_dict(self, data: object) -> NimState:
        r = Reader(data)
        try:
            config = self.config_from_dict(r.obj("config").data)
        except InvalidConfig as e:
            raise InvalidState(f"state.config: {e}") from None
        heaps, taken, last = _read_piles(r, config)
        state = NimState(config, heaps, taken, r.integer("current", 0, 1), last)
        if last is not None and state.current == last:
            raise InvalidState("state.current: players take turns")
        return state

    def view_from_dict(self, data: object) -> NimView:
        r = Reader(data, "view")
        try:  # a view shows the heaps: their number is the set-up
            config = self.config_from_dict({"players": 2, "heaps": len(r.array("heaps"))})
        except InvalidConfig as e:
            raise InvalidState(f"view.heaps: {e}") from None
        heaps, taken, last = _read_piles(r, config)
        player = r.integer("player", PUBLIC, 1)
        view = NimView(player, heaps, taken, r.opt_integer("current", 0, 1), last)
        return self.possible_view(view, player)


def _read_piles(r: Reader, config: NimConfig) -> tuple[tuple[int, ...], tuple[int, ...],
                                                       int | None]:
    """The heaps, the stones each player took and who took last, of a saved game or a view."""
    heaps = [check_int(v, f"{r.path}.heaps[{i}]", 0, 2 * i + 1)
             for i, v in enumerate(r.array("heaps"))]
    taken = [check_int(v, f"{r.path}.taken[{i}]", 0) for i, v in enumerate(r.array("taken"))]
    if len(heaps) != config.heaps or len(taken) != 2:
        raise InvalidState(f"{r.path}.heaps: one number a heap, {r.path}.taken: two numbers")
    if sum(heaps) + sum(taken) != sum(config.start()):
        raise InvalidState(f"{r.path}.taken: the stones do not add up")
    last = r.opt_integer("last", 0, 1)
    if (last is None) != (sum(taken) == 0):
        raise InvalidState(f"{r.path}.last: who took last, null before the first take")
    return tuple(heaps), tuple(taken), last


GAME = Nim()
