"""app.schema: a declared shape reads a good value into its type, writes it back as the same
JSON, and refuses a broken one naming the path of what is wrong, a text's length first."""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from app import schema as s
from app.schema import BadMessage


@dataclass(frozen=True)
class Seat:
    name: str
    level: int | None
    cards: tuple[tuple[str, str | None], ...]
    shy: bool = False


@dataclass(frozen=True)
class Empty:
    pass


KEY = re.compile("[A-Z0-9]+")
SEAT = s.record(Seat, name=s.text(8), level=s.nullable(s.whole(0, 3)),
                cards=s.listed(s.pair(s.text(2, KEY, "a card"), s.nullable(s.text())), 4),
                shy=s.flag.or_(False), keys={"shy": "isShy"})
ANY: s.Tagged[Seat | Empty] = s.Tagged("t", {"seat": SEAT, "empty": s.record(Empty)},
                                        by_kind=True)


def test_a_declared_value_reads_and_writes_the_same_json() -> None:
    seat = Seat("Ana", None, (("AS", None), ("7H", "#deck")), True)
    data = ANY.write(seat)
    assert data == {"t": "seat", "name": "Ana", "level": None,
                    "cards": [["AS", None], ["7H", "#deck"]], "isShy": True}
    assert ANY.read(data, "m") == seat
    assert s.read(ANY, '{"t": "empty"}', "m") == Empty()
    # a missing or null field with a default reads as it
    assert SEAT.read({"name": "Bo", "level": 2, "cards": [], "isShy": None}, "m").shy is False


A = {"name": "A", "level": 0}


@pytest.mark.parametrize(("data", "said"), [
    ({"name": "A" * 9, "level": 0, "cards": []}, "seat.name: longer than 8 characters"),
    ({"name": 1, "level": 0, "cards": []}, "seat.name: expected text, got 1"),
    ({"name": "A", "cards": []}, "seat.level: missing"),
    ({"name": "A", "level": True, "cards": []}, "seat.level: expected a whole number, got True"),
    ({"name": "A", "level": 4, "cards": []}, "seat.level: must be at most 3, got 4"),
    ({**A, "cards": [["<img>", None]]},
     "seat.cards[0][0]: longer than 2 characters"),
    ({**A, "cards": [["a", None]]}, "seat.cards[0][0]: expected a card, got 'a'"),
    ({**A, "cards": [["AS"]]}, "seat.cards[0]: expected a list of two, got ['AS']"),
    ({**A, "cards": [["AS", None]] * 5}, "seat.cards: longer than 4 items"),
    ({**A, "cards": [], "shy": True}, "seat.shy: not a field of this message"),
    ({**A, "cards": [], "isShy": 1}, "seat.isShy: expected true or false, got 1"),
    ({"t": "sat"}, "m.t: expected one of seat, empty, got 'sat'"),
])
def test_a_broken_value_is_refused_naming_its_path(data: dict[str, object], said: str) -> None:
    with pytest.raises(BadMessage) as refused:
        ANY.read({"t": "seat", **data}, "m")
    assert str(refused.value) == said


def test_a_message_is_measured_before_it_is_parsed() -> None:
    with pytest.raises(BadMessage, match=r"^m: larger than 10 bytes$"):
        s.parse('"' + "é" * 5 + '"', "m", 10)
    with pytest.raises(BadMessage, match=r"^m: not JSON"):
        s.parse("[" * 100 + "]" * 100, "m")
    with pytest.raises(BadMessage, match=r"^m: expected text, got int$"):
        s.parse(3, "m")
    assert s.text(4, in_bytes=True).read("éé", "m") == "éé"
    with pytest.raises(BadMessage, match=r"^m: longer than 3 bytes$"):
        s.text(3, in_bytes=True).read("éé", "m")
