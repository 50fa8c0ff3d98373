"""Random damage to JSON data (``mutate``): a value's type flipped, a key dropped or added,
numbers out of range, cards duplicated, dropped, swapped or moved, huge strings. Used on
engine saves (tests/engine/test_save_fuzz.py) and app saves (helpers/hostile.py)."""

from __future__ import annotations

import copy
import random
from typing import Any

Path = tuple[str | int, ...]


# --- mutations of JSON data -------------------------------------------------------------------


def paths(data: Any, here: Path = ()) -> list[Path]:
    """Every place in a JSON tree (the root included)."""
    out = [here]
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*here, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += paths(v, (*here, i))
    return out


def get(data: Any, path: Path) -> Any:
    for k in path:
        data = data[k]
    return data


def put(data: Any, path: Path, value: Any) -> Any:
    if not path:
        return value
    get(data, path[:-1])[path[-1]] = value
    return data


def flip_type(v: Any, rng: random.Random) -> Any:
    choices: list[Any] = [None, True, 0, -1, 1.5, "", "x", [], {}, [v], {"v": v}, str(v)]
    return rng.choice([c for c in choices if type(c) is not type(v)])


CARDS = ["AS", "KH", "7D", "TC", "2S", "QD", "E0", "C01", "as", " 7d", "1S", "ZZ", "AS/h",
         "AS/x9", "7H/x1"]


def mutate(data: Any, rng: random.Random) -> tuple[Any, str]:
    """One random damage to (a copy of) ``data``; returns it and what was done."""
    data = copy.deepcopy(data)
    where = rng.choice(paths(data))
    v = get(data, where)
    kind = rng.randrange(13)
    if kind >= 11:
        # a plausible value: off by one, or another value of the same type from the save
        if isinstance(v, int) and not isinstance(v, bool) and kind == 11:
            return put(data, where, v + rng.choice([-1, 1])), f"off by one at {where}"
        same = [x for x in (get(data, p) for p in paths(data))
                if type(x) is type(v) and x != v and not isinstance(x, dict | list)]
        same += {str: ["setup", "turn", "taking", "discarding", "trading", "over", "playing",
                       "won", "looped", "place", "claim", "hand_over", "everybody-stuck",
                       "round-limit", "three", "straight", "flush", "full-house"],
                 bool: [not v] if isinstance(v, bool) else []}.get(type(v), [])
        if same:
            return put(data, where, rng.choice(same)), f"another value at {where}"
    if kind == 0:
        return put(data, where, flip_type(v, rng)), f"flip type at {where}"
    if kind == 1 and where:
        parent = get(data, where[:-1])
        if isinstance(parent, dict):
            del parent[where[-1]]
            return data, f"drop key {where}"
        del parent[where[-1]]
        return data, f"drop item {where}"
    if kind == 2:
        target = v if isinstance(v, dict) else data
        if isinstance(target, dict):
            target[rng.choice(["extra", "__proto__", "game", "x" * 50, ""])] = rng.choice(
                [1, "junk", None, [], {"a": 1}])
            return data, f"add key near {where}"
    if kind == 3 or (isinstance(v, int) and not isinstance(v, bool) and kind < 6):
        big = rng.choice([-1, -(10**9), 10**9, 10**18, 2**63, 10**400, 0, 1, 2, 3, 4, 5, 99,
                          1.0, 2.5, float("inf")])
        return put(data, where, big), f"number {big!r:.20} at {where}"
    if isinstance(v, list) and v and kind in (4, 5, 6):
        if kind == 4:
            v.append(copy.deepcopy(rng.choice(v)))
            return data, f"duplicate an item of {where}"
        if kind == 5:
            i, j = rng.randrange(len(v)), rng.randrange(len(v))
            v[i], v[j] = v[j], v[i]
            return data, f"swap items of {where}"
        v.insert(rng.randrange(len(v) + 1), rng.choice(CARDS))
        return data, f"insert a card into {where}"
    if kind == 7:
        huge = rng.choice(["A" * 200_000, "AS" * 100_000, "\u202e" * 1000, "7H/" + "x" * 9999,
                           "<script>alert(1)</script>", "\x00", "\ud800"])
        return put(data, where, huge), f"huge or odd string at {where}"
    if kind == 8 and isinstance(v, str):
        return put(data, where, rng.choice(CARDS)), f"another card at {where}"
    if kind == 9:
        # a card moved from one list to another (two places now disagree)
        lists = [p for p in paths(data) if isinstance(get(data, p), list) and get(data, p)
                 and all(isinstance(x, str) for x in get(data, p))]
        if len(lists) >= 2:
            a, b = rng.sample(lists, 2)
            card = get(data, a).pop()
            get(data, b).append(card)
            return data, f"move a card from {a} to {b}"
    if kind == 10 and isinstance(v, list):
        v.clear()
        return data, f"empty the list at {where}"
    return put(data, where, flip_type(v, rng)), f"flip type at {where}"
