"""Reading plain JSON data back into game values, with errors that name what is wrong.

``from_dict`` functions of every game read through :class:`Reader` so that a broken saved game
or link is reported as ``state.stacks[2]: expected a list, got 'x'`` instead of a stack trace,
and nothing half-read is ever used.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from engine.cards import CARD_BY_TEXT, Card
from engine.errors import InvalidState, ParseError

T = TypeVar("T")
JSON = Any  # a value made of dict, list, str, int, float, bool, None


class Reader:
    """Typed access to one JSON object, remembering the path for error messages."""

    def __init__(self, data: object, path: str = "state") -> None:
        if not isinstance(data, Mapping):
            raise InvalidState(f"{path}: expected an object, got {_show(data)}")
        self.data: Mapping[str, object] = data
        self.path = path

    def _get(self, key: str) -> object:
        if key not in self.data:
            raise InvalidState(f"{self.path}.{key}: missing")
        return self.data[key]

    def has(self, key: str) -> bool:
        return key in self.data

    def integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int:
        return check_int(self._get(key), f"{self.path}.{key}", lo, hi)

    def opt_integer(self, key: str, lo: int | None = None, hi: int | None = None) -> int | None:
        v = self.data.get(key)
        return None if v is None else check_int(v, f"{self.path}.{key}", lo, hi)

    def flag(self, key: str) -> bool:
        v = self._get(key)
        if not isinstance(v, bool):
            raise InvalidState(f"{self.path}.{key}: expected true or false, got {_show(v)}")
        return v

    def text(self, key: str, choices: tuple[str, ...] | None = None) -> str:
        v = self._get(key)
        if not isinstance(v, str):
            raise InvalidState(f"{self.path}.{key}: expected text, got {_show(v)}")
        if choices is not None and v not in choices:
            expected = ", ".join(choices)
            raise InvalidState(f"{self.path}.{key}: expected one of {expected}, got {v!r}")
        return v

    def array(self, key: str) -> list[object]:
        v = self._get(key)
        if not isinstance(v, list):
            raise InvalidState(f"{self.path}.{key}: expected a list, got {_show(v)}")
        return v

    def obj(self, key: str) -> Reader:
        return Reader(self._get(key), f"{self.path}.{key}")

    def items(self, key: str, read: Callable[[object, str], T]) -> list[T]:
        """Read a list, each element through ``read(value, path)``."""
        return [read(v, f"{self.path}.{key}[{i}]") for i, v in enumerate(self.array(key))]

    def card(self, key: str) -> Card:
        return read_card(self._get(key), f"{self.path}.{key}")

    def cards(self, key: str) -> list[Card]:
        fast = _fast_cards(self.array(key))
        return fast if fast is not None else self.items(key, read_card)


def check_int(v: object, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise InvalidState(f"{path}: expected a whole number, got {_show(v)}")
    if lo is not None and v < lo:
        raise InvalidState(f"{path}: must be at least {lo}, got {v}")
    if hi is not None and v > hi:
        raise InvalidState(f"{path}: must be at most {hi}, got {v}")
    return v


def read_card(v: object, path: str) -> Card:
    if not isinstance(v, str):
        raise InvalidState(f"{path}: expected a card like 'TD', got {_show(v)}")
    try:
        return Card.parse(v)
    except ParseError as e:
        raise InvalidState(f"{path}: {e}") from None


def read_cards(v: object, path: str) -> list[Card]:
    if not isinstance(v, list):
        raise InvalidState(f"{path}: expected a list of cards, got {_show(v)}")
    fast = _fast_cards(v)
    if fast is not None:
        return fast
    return [read_card(x, f"{path}[{i}]") for i, x in enumerate(v)]


def _fast_cards(v: list[object]) -> list[Card] | None:
    """The cards of ``v`` when every element is a card's own text form (the usual case,
    read without making a path for each element), else None."""
    get = CARD_BY_TEXT.get
    out = [get(x) if type(x) is str else None for x in v]
    return out if all(out) else None  # type: ignore[return-value]


def _show(v: object) -> str:
    r = repr(v)
    return r if len(r) <= 40 else r[:37] + "..."
