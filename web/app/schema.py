"""One reader for every message that crosses an edge of the app (the page's events and the
thinking worker's requests in :mod:`app.messages`, the table of phones' in
:mod:`app.net.protocol`): its shape is declared once, a spec per field, and a broken message is
refused at the edge naming the path of what is wrong (``act.seen: expected a whole number, got
'x'``). A text or a list is measured before anything else is asked of it; an object's fields
are all there unless a spec has a default (:meth:`Spec.or_`), and a closed one has no others.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

from app.storage.stored_json import JSON, JSONObject, loads_stored
from engine.data import check_int
from engine.errors import InvalidState

T = TypeVar("T")
U = TypeVar("U")
T_co = TypeVar("T_co", covariant=True)


class BadMessage(ValueError):
    """A message that is not what its edge expects; says where it broke."""


def show(v: object) -> str:
    """``v`` as a refusal quotes it: its repr, cut short."""
    r = repr(v)
    return r if len(r) <= 40 else r[:37] + "..."


class Spec(Generic[T_co]):
    """How one value is read: :meth:`read` gives it typed, or refuses it naming ``path``.
    ``default`` (a 1-tuple): what a missing or null field reads as; empty: it must be there."""

    def __init__(self, read: Callable[[JSON, str], T_co], default: tuple[T_co, ...] = ()
                 ) -> None:
        self._read = read
        self.default = default

    def read(self, value: JSON, path: str) -> T_co:
        return self._read(value, path)

    def or_(self, default: U) -> Spec[T_co | U]:
        """This spec, a missing or null field reading as ``default``."""
        return Spec[T_co | U](self._read, (default,))


def text(most: int | None = None, pattern: re.Pattern[str] | None = None, what: str = "",
         *, in_bytes: bool = False) -> Spec[str]:
    """A text of at most ``most`` characters (``in_bytes``: UTF-8 bytes), measured first;
    ``pattern``: all of it matches, else it is not ``what``."""
    def read(v: JSON, path: str) -> str:
        if not isinstance(v, str):
            raise BadMessage(f"{path}: expected text, got {show(v)}")
        if most is not None and (len(v.encode("utf-8", "surrogatepass")) if in_bytes
                                 else len(v)) > most:
            raise BadMessage(f"{path}: longer than {most} {'bytes' if in_bytes else 'characters'}")
        if pattern is not None and not pattern.fullmatch(v):
            raise BadMessage(f"{path}: expected {what}, got {show(v)}")
        return v
    return Spec(read)


def choice(*names: str) -> Spec[str]:
    """One of ``names``."""
    def read(v: JSON, path: str) -> str:
        if not isinstance(v, str) or v not in names:
            raise BadMessage(f"{path}: expected one of {', '.join(names)}, got {show(v)}")
        return v
    return Spec(read)


def whole(lo: int | None = None, hi: int | None = None) -> Spec[int]:
    """A whole number (not true or false), from ``lo`` to ``hi``."""
    def read(v: JSON, path: str) -> int:
        try:  # the engine's reader of saved states, its words the same
            return check_int(v, path, lo, hi)
        except InvalidState as e:
            raise BadMessage(str(e)) from None
    return Spec(read)


def _number(v: JSON, path: str) -> float:
    if not isinstance(v, int | float) or isinstance(v, bool):
        raise BadMessage(f"{path}: expected a number, got {show(v)}")
    return float(v)


def _flag(v: JSON, path: str) -> bool:
    if not isinstance(v, bool):
        raise BadMessage(f"{path}: expected true or false, got {show(v)}")
    return v


def _object(v: JSON, path: str) -> JSONObject:
    if not isinstance(v, dict):
        raise BadMessage(f"{path}: expected an object, got {show(v)}")
    return v


number = Spec(_number)
flag = Spec(_flag)
# any object, as it is (a game's state or view: its own reader reads it)
obj = Spec(lambda v, path: dict(_object(v, path)))


def nullable(spec: Spec[T]) -> Spec[T | None]:
    """``spec``'s value, or null (None)."""
    return Spec(lambda v, path: None if v is None else spec.read(v, path))


def listed(item: Spec[T], most: int | None = None, least: int = 0) -> Spec[tuple[T, ...]]:
    """A list of ``least`` to ``most`` items, each read by ``item`` (``path[i]``)."""
    def read(v: JSON, path: str) -> tuple[T, ...]:
        if not isinstance(v, list):
            raise BadMessage(f"{path}: expected a list, got {show(v)}")
        if most is not None and len(v) > most:
            raise BadMessage(f"{path}: longer than {most} items")
        if len(v) < least:
            raise BadMessage(f"{path}: expected at least {least} item{'s' * (least != 1)}")
        return tuple(item.read(x, f"{path}[{i}]") for i, x in enumerate(v))
    return Spec(read)


def pair(first: Spec[T], second: Spec[U]) -> Spec[tuple[T, U]]:
    """A list of two items, each read by its own spec."""
    def read(v: JSON, path: str) -> tuple[T, U]:
        if not isinstance(v, list) or len(v) != 2:
            raise BadMessage(f"{path}: expected a list of two, got {show(v)}")
        return first.read(v[0], f"{path}[0]"), second.read(v[1], f"{path}[1]")
    return Spec(read)


def _field(spec: Spec[T], d: JSONObject, key: str, path: str) -> T:
    v = d.get(key)
    if v is None and spec.default:
        return spec.default[0]
    if key not in d:
        raise BadMessage(f"{path}.{key}: missing")
    return spec.read(v, f"{path}.{key}")


def field(key: str, spec: Spec[T]) -> Spec[T]:
    """The one field ``key`` of an object (any others ignored), read by ``spec``."""
    return Spec(lambda v, path: _field(spec, _object(v, path), key, path))


def mapping(value: Spec[T]) -> Spec[dict[str, T]]:
    """An object of any keys, each value read by ``value``."""
    def read(v: JSON, path: str) -> dict[str, T]:
        d = _object(v, path)
        return {k: _field(value, d, k, path) for k in d}
    return Spec(read)


class Fields(Spec[T_co]):
    """An object read into ``make(**fields)``, each field by its spec (its JSON key:
    ``keys[name]``, else its name), in the order declared; ``closed``: no other key."""

    def __init__(self, make: Callable[..., T_co], fields: Mapping[str, Spec[Any]],
                 keys: Mapping[str, str], closed: bool, what: str) -> None:
        super().__init__(self._record)
        self.make, self.fields, self.keys = make, fields, keys
        self.closed, self.what = closed, what

    def _record(self, v: JSON, path: str) -> T_co:
        d = _object(v, path)
        if self.closed:
            known = {self.keys.get(name, name) for name in self.fields}
            for k in sorted(d):
                if k not in known:
                    raise BadMessage(f"{path}.{k}: not a field of {self.what}")
        return self.make(**{name: _field(spec, d, self.keys.get(name, name), path)
                            for name, spec in self.fields.items()})

    def write(self, value: object) -> JSONObject:
        """``value``'s fields as this record reads them (tuples as lists)."""
        return {self.keys.get(name, name): _written(getattr(value, name))
                for name in self.fields}


def _written(v: Any) -> JSON:
    if isinstance(v, tuple):
        return [_written(x) for x in v]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return {f.name: _written(getattr(v, f.name)) for f in dataclasses.fields(v)}
    result: JSON = v
    return result


def record(make: Callable[..., T], *, keys: Mapping[str, str] | None = None,
           closed: bool = True, what: str = "this message", **fields: Spec[Any]) -> Fields[T]:
    """The spec of an object read into ``make`` (a dataclass), field by field."""
    return Fields(make, fields, keys or {}, closed, what)


class Tagged(Spec[T_co]):
    """One of several records, by the kind its ``tag`` field names; their fields' paths start
    with the kind (``act.seen``) when ``by_kind``, else with the message's (``request.seat``)."""

    def __init__(self, tag: str, kinds: Mapping[str, Fields[T_co]], by_kind: bool = False
                 ) -> None:
        super().__init__(self._tagged)
        self.tag, self.kinds, self.by_kind = tag, kinds, by_kind
        self.names: dict[object, str] = {spec.make: kind for kind, spec in kinds.items()}

    def _tagged(self, v: JSON, path: str) -> T_co:
        d = _object(v, path)
        kind = d.get(self.tag)
        spec = self.kinds.get(kind) if isinstance(kind, str) else None
        if spec is None:
            raise BadMessage(f"{path}.{self.tag}: expected one of {', '.join(self.kinds)}, "
                             f"got {show(kind)}")
        return spec.read({k: x for k, x in d.items() if k != self.tag},
                         str(kind) if self.by_kind else path)

    def write(self, value: object) -> JSONObject:
        """``value`` as the JSON object this spec reads back to it, its kind first."""
        kind = self.names[type(value)]
        return {self.tag: kind, **self.kinds[kind].write(value)}


def parse(text: object, path: str, most: int | None = None) -> JSON:
    """``text`` as JSON, when it is text of at most ``most`` bytes (measured first) nested no
    deeper than a save may be (``app.storage.stored_json``)."""
    if not isinstance(text, str):
        raise BadMessage(f"{path}: expected text, got {type(text).__name__}")
    if most is not None and (len(text) > most
                             or len(text.encode("utf-8", "surrogatepass")) > most):
        raise BadMessage(f"{path}: larger than {most} bytes")
    try:
        data: JSON = loads_stored(text)
        return data
    except (ValueError, RecursionError) as e:
        raise BadMessage(f"{path}: not JSON ({str(e)[:80]})") from None


def read(spec: Spec[T], text: object, path: str, most: int | None = None) -> T:
    """The message ``text`` (JSON) read by ``spec``."""
    return spec.read(parse(text, path, most), path)
