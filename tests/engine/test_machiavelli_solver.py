"""The Machiavelli solver: golden positions, properties, and a cross-check against an
independent integer programme (scipy.optimize.milp) on 1,000 random positions."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter

import pytest

from engine.cards import SUITS, Card, double_deck, parse_cards
from engine.games.machiavelli import solver as solver_mod
from engine.games.machiavelli.melds import meld_problem
from engine.games.machiavelli.solver import can_lay, counts_of, max_laid, solve
from scripts.lib.machiavelli import make_positions

milp_mod = pytest.importorskip("scripts.lib.machiavelli_milp", reason="needs scipy")


def T(text: str) -> list[list[Card]]:
    return [parse_cards(p) for p in text.split("|") if p.strip()]


def check(sol_melds: object, table: list[Card], hand: list[Card], laid: list[Card],
          ace: str) -> None:
    melds = [list(m) for m in sol_melds]  # type: ignore[attr-defined]
    for m in melds:
        assert meld_problem(m, ace) is None, (m, meld_problem(m, ace))
    used = Counter(c for m in melds for c in m)
    assert used == Counter(table) + Counter(laid)
    assert not Counter(laid) - Counter(hand)


GOLDEN = [
    # (table, hand, ace, max cards, laid)
    ("AS 2S 3S | 7H 7D 7C", "4S 7S KD", "both", 2, "4S 7S"),
    ("JC QC KC", "AC", "both", 1, "AC"),  # ace high
    ("JC QC KC", "AC", "high", 1, "AC"),
    ("JC QC KC", "AC", "low", 0, ""),
    ("2D 3D 4D", "AD", "both", 1, "AD"),  # ace low
    ("2D 3D 4D", "AD", "high", 0, ""),
    ("2D 3D 4D", "AD", "low", 1, "AD"),
    ("QS KS AS", "2S", "both", 0, ""),  # never K-A-2 ...
    ("QS KS AS", "2S", "wrap", 1, "2S"),  # ... unless wrap-around
    ("7H 7S 7D", "7H 7C", "both", 1, "7C"),  # two identical cards: the second 7H cannot join
    ("7H 7S 7D | 8H 9H TH", "7H", "both", 1, "7H"),  # ... but it can start 7H-8H-9H-10H
    ("3S 4S 5S 6S 7S 8S", "5S", "both", 1, "5S"),  # a long run split in two
    ("KH KD KC | QH QD QC | JH JD JC", "AC", "both", 1, "AC"),  # groups broken into runs
    ("KH KD KC | QH QD QC | JH JD JC", "AC", "low", 0, ""),
    ("TH TD TS | JH JD JS | QH QD QC", "9S", "both", 0, ""),  # the seed's example 2 ...
    ("TH TD TS | JH JD JS | QH QD QC", "9S QD QS", "both", 3, "9S QD QS"),  # ... fixed
    ("", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "both", 14,
     "AS AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),  # ace low and high in two runs
    ("", "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS", "low", 13,
     "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS"),
    ("", "KS AS 2S", "wrap", 3, "KS AS 2S"),
    ("", "KS AS 2S", "both", 0, ""),
    ("5H 5D 5C | 6H 6D 6C | 7H 7D 7C", "5S 6S 7S 8S", "both", 4, "5S 6S 7S 8S"),
]


@pytest.mark.parametrize("table,hand,ace,best,laid", GOLDEN)
def test_golden(table: str, hand: str, ace: str, best: int, laid: str) -> None:
    t, h = T(table), parse_cards(hand)
    sol = solve(t, h, ace)
    assert sol is not None and sol.proven
    assert sol.max_cards == best
    assert sorted(map(str, sol.laid)) == sorted(laid.split())
    check(sol.melds, [c for m in t for c in m], h, list(sol.laid), ace)
    assert max_laid([c for m in t for c in m], h, ace) == best


def test_untouched_melds_are_kept() -> None:
    sol = solve(T("AS 2S 3S | 7H 7D 7C | 9C TC JC"), parse_cards("QC KD"), "both")
    assert sol is not None and sol.max_cards == 1
    kept = [list(m) for m in sol.melds]
    assert parse_cards("AS 2S 3S") in kept and parse_cards("7H 7D 7C") in kept
    assert sol.kept == (0, 1)


def test_must_lay_and_can_lay() -> None:
    table = T("7H 7D 7C | 4S 5S 6S")
    hand = parse_cards("7S 3S KD")
    sol = solve(table, hand, "both", must_lay=parse_cards("3S"))
    assert sol is not None and "3S" in map(str, sol.laid) and sol.max_cards == 2
    flat = [c for m in table for c in m]
    assert can_lay(flat, parse_cards("7S 3S"))
    assert not can_lay(flat, parse_cards("KD"))
    assert solve(T("7H 7D"), parse_cards("KD"), "both") is None  # cannot be melded
    loose = solve(T("7H 7D"), parse_cards("7S KD"), "both")  # loose cards are re-melded
    assert loose is not None and loose.max_cards == 1 and loose.kept == ()


def test_time_budget_flags_unproven() -> None:
    rng = random.Random(5)
    deck = double_deck()
    rng.shuffle(deck)
    table = _random_table(rng, "both", 80)
    hand = _rest(table, rng, 15)
    sol = solve(table, hand, "both", time_budget_ms=0.001)
    assert sol is not None and not sol.proven  # fell back to new melds from the hand
    check(sol.melds, [c for m in table for c in m], hand, list(sol.laid), "both")


def _random_table(rng: random.Random, ace: str, size: int) -> list[list[Card]]:
    avail = Counter(double_deck())
    melds: list[list[Card]] = []
    n = 0
    for _ in range(400):
        if n >= size:
            break
        if rng.random() < 0.4:
            r = rng.randint(1, 13)
            m = [Card(r, s) for s in rng.sample(SUITS, rng.choice([3, 4]))]
        else:
            s = rng.choice(SUITS)
            length, start = rng.randint(3, 7), rng.randint(1, 13)
            m = [Card((start - 1 + i) % 13 + 1, s) for i in range(length)]
            if meld_problem(m, ace):
                continue
        if any(avail[c] < 1 for c in m) or n + len(m) > size:
            continue
        avail.subtract(m)
        melds.append(m)
        n += len(m)
    return melds


def _rest(table: list[list[Card]], rng: random.Random, k: int) -> list[Card]:
    left = list((Counter(double_deck()) - Counter(c for m in table for c in m)).elements())
    left.sort()
    rng.shuffle(left)
    return left[:k]


def test_cross_check_with_integer_programme() -> None:
    """1,000 random positions, all four ace options, against scipy's milp."""
    rng = random.Random(2024)
    feasible = 0
    for i in range(1000):
        ace = ("both", "low", "high", "wrap")[i % 4]
        table = _random_table(rng, ace, rng.randint(0, 40))
        hand = _rest(table, rng, rng.randint(1, 15))
        flat = [c for m in table for c in m]
        if i % 5 == 4 and hand:  # sometimes a table that cannot be melded
            flat.append(hand.pop())
            table = [*table, [flat[-1]]]
        expect = milp_mod.milp_max(counts_of(flat), counts_of(hand), ace)
        sol = solve(table, hand, ace, least_change=(i % 10 == 0))
        if expect is None:
            assert sol is None, (ace, flat, hand)
            continue
        feasible += 1
        assert sol is not None and sol.max_cards == expect, (ace, table, hand)
        check(sol.melds, flat, hand, list(sol.laid), ace)
    assert feasible > 600


def test_command_line() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "engine", "machiavelli", "solve", *args],
                              capture_output=True, text=True, check=False)

    ok = run("--table", "AS 2S 3S | 7H 7D 7C", "--hand", "4S 7S KD", "--json")
    assert ok.returncode == 0
    import json

    data = json.loads(ok.stdout)
    assert data["max_cards"] == 2 and sorted(data["laid"]) == ["4S", "7S"]
    assert sorted(map(sorted, data["melds"])) == [["2S", "3S", "4S", "AS"],
                                                  ["7C", "7D", "7H", "7S"]]
    assert run("--table", "JC QC KC", "--hand", "AC", "--ace", "low", "--json").returncode == 0
    for bad in (["--table", "AS 2S 3S", "--hand", "ZZ"],
                ["--table", "AS AS 2S 3S", "--hand", "AS"],
                ["--table", "7H 7D", "--hand", "KD"],
                ["--table", "7H 7D", "--hand", "7S"],  # the table alone must be meldable
                ["--table", "AS 2S 3S", "--hand", "4S", "--budget", "-5"],
                ["--table", "AS 2S 3S", "--hand", "4S", "--budget", "nan"]):
        res = run(*bad, "--json")
        assert res.returncode == 2
        assert res.stderr.count("\n") == 1 and res.stderr.startswith("error:")


def test_command_line_help_names_the_choices() -> None:
    def helptext(*argv: str) -> str:
        out = subprocess.run([sys.executable, "-m", "engine", *argv, "--help"],
                             capture_output=True, text=True, check=True).stdout
        return " ".join(out.split())

    out = helptext("tournament", "machiavelli")
    assert "beginner, standard, strong" in out and "low: Ace low only" in out
    out = helptext("machiavelli", "solve")
    assert "ace low only" in out and "as JSON" in out and "not proven" in out


def test_wrap_around_runs_across_the_corner_stay_whole() -> None:
    sol = solve(T("QS KS AS 2S 3S"), parse_cards("4S"), "wrap")
    assert sol is not None and [list(m) for m in sol.melds] == [parse_cards("QS KS AS 2S 3S 4S")]
    sol = solve(T("JH QH KH AH 2H 3H | 7C 8C 9C"), parse_cards("4H TC"), "wrap")
    assert sol is not None and sol.max_cards == 2
    assert parse_cards("JH QH KH AH 2H 3H 4H") in [list(m) for m in sol.melds]


def test_cross_check_with_the_corner_fixed_in_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    """Small positions through the search that fixes what passes the corner (ace low or
    high, wrap-around), which only big ones use by default."""
    monkeypatch.setattr(solver_mod, "CUT_CARDS", 0)
    rng = random.Random(77)
    for i in range(200):
        ace = ("both", "wrap")[i % 2]
        table = _random_table(rng, ace, rng.randint(0, 40))
        hand = _rest(table, rng, rng.randint(1, 15))
        flat = [c for m in table for c in m]
        expect = milp_mod.milp_max(counts_of(flat), counts_of(hand), ace)
        sol = solve(table, hand, ace, least_change=(i % 10 == 0))
        assert sol is not None and sol.max_cards == expect, (ace, table, hand)
        check(sol.melds, flat, hand, list(sol.laid), ace)


def test_cross_check_on_big_late_game_positions() -> None:
    """Positions of scripts/bench/machiavelli_big.py (60-80 table cards, hands of 10-15):
    exact, and fast (the benchmark's goal is a median under 100 ms and worst under 500 ms)."""
    for p in make_positions(3, 2):
        table = [parse_cards(m) for m in p["table"]]  # type: ignore[union-attr]
        hand = parse_cards(p["hand"])  # type: ignore[arg-type]
        ace = str(p["ace"])
        flat = [c for m in table for c in m]
        expect = milp_mod.milp_max(counts_of(flat), counts_of(hand), ace)
        sol = solve(table, hand, ace)
        assert sol is not None and sol.proven and sol.max_cards == expect, (ace, table, hand)
        check(sol.melds, flat, hand, list(sol.laid), ace)
        assert max_laid(flat, hand, ace) == expect
        assert sol.stats["ms"] < 5000  # generous: shared machines; the benchmark times it


def test_least_change_against_every_set_of_kept_melds() -> None:
    """Small random positions: when the least change is said to be proven, no set of melds
    larger than the one kept can stay as it is (checked over every set), the kept melds are
    in the answer as they were, and the count is the integer programme's."""
    from itertools import combinations

    rng = random.Random(11)
    proven = 0
    for i in range(160):
        ace = ("both", "low", "high", "wrap")[i % 4]
        table = _random_table(rng, ace, rng.randint(6, 26))
        hand = _rest(table, rng, rng.randint(2, 10))
        flat = [c for m in table for c in m]
        sol = solve(table, hand, ace)
        assert sol is not None and sol.proven
        assert sol.max_cards == milp_mod.milp_max(counts_of(flat), counts_of(hand), ace)
        check(sol.melds, flat, hand, list(sol.laid), ace)
        left = Counter(tuple(sorted(m)) for m in sol.melds)
        for k in sol.kept:
            key = tuple(sorted(table[k]))
            assert left[key], (table, hand, ace, k)
            left[key] -= 1
        best = 0
        for size in range(len(table), len(sol.kept), -1):
            for keep in combinations(range(len(table)), size):
                rest = [c for j, m in enumerate(table) if j not in keep for c in m]
                if max_laid(rest, hand, ace) == sol.max_cards:
                    best = size
                    break
            if best:
                break
        assert best <= len(sol.kept) or not sol.changes_proven, (table, hand, ace)
        proven += sol.changes_proven
    assert proven > 120
