"""The seed rulebook's worked scoring examples, rebuilt as tables and checked.

The rulebook's pictures are lost, so each table is drawn from the text as closely as it allows
(deck tokens, ``#`` = wall, ``@n`` = player n's stones); the scores are the ones the text states.
"""

from __future__ import annotations

from engine.games.cube_farm.board import Board, CubicleScore, board_from_map


def score_of(board: Board, at: tuple[int, int]) -> CubicleScore:
    cub = board.cubicle_at(at)
    assert cub is not None and cub.owner is not None
    return board.score_cubicle(cub)


def test_base_value_only_single() -> None:
    # Player A can't reach anything from this cube: base value 1.
    b = board_from_map([
        "cs@1 #  #  #  #  #  #",
        ".    .  .  .  .  .  Ph",
    ])
    s = score_of(b, (0, 0))
    assert s.bonuses == ()
    assert s.total == 1


def test_base_value_only_double_cube() -> None:
    # Player B's double cube can't reach the Photocopier in 4 steps (it is 5): worth 2.
    b = board_from_map([
        "ces@2 cw@2 #  #  #",
        ".     .    .  .  Ph",
    ])
    s = score_of(b, (0, 0))
    assert s.stones == 2
    assert b.distances(b.cubicle_at((0, 0)), 5)[(4, 1)] == 5  # type: ignore[arg-type]
    assert s.total == 2


def test_two_point_bonus() -> None:
    # C and D are within 2 steps of the Coffee Machine: 3 each. E is 4 steps away: 1.
    b = board_from_map([
        "cs@3 #   cs@4 #  cs@5",
        ".    Co  .    .  .",
    ])
    assert score_of(b, (0, 0)).total == 3
    assert score_of(b, (2, 0)).total == 3
    e = score_of(b, (4, 0))
    assert b.distances(b.cubicle_at((4, 0)))[(1, 1)] == 4  # type: ignore[arg-type]
    assert e.total == 1


def test_the_elevator_is_walked_around() -> None:
    # A is 4 steps from the Photocopier and scores it; B would be 2 steps through the
    # elevator but must walk around it: 5 steps, no bonus.
    b = board_from_map([
        "#     cs@1 #    #",
        "#     .    .    .",
        "ce@2  .    E    Ph",
    ])
    a = score_of(b, (1, 0))
    assert [(x.name, x.distance) for x in a.bonuses] == [("Photocopier", 4)]
    assert a.total == 5
    bb = score_of(b, (0, 2))
    assert bb.bonuses == ()
    assert b.distances(b.cubicle_at((0, 2)), 5)[(3, 2)] == 5  # type: ignore[arg-type]
    assert bb.total == 1


def test_multiple_bonuses() -> None:
    # C gets the Laser Printer (3) and the Photocopier (4): 8. D is 4 steps from the (3), so
    # only the Photocopier: 5.
    b = board_from_map([
        "cs@3 #  #  cs@4",
        ".    .  .  Ph",
        "#    La #  #",
    ])
    c = score_of(b, (0, 0))
    assert {x.name for x in c.bonuses} == {"Laser Printer", "Photocopier"}
    assert c.total == 8
    d = score_of(b, (3, 0))
    assert [x.name for x in d.bonuses] == ["Photocopier"]
    assert b.distances(b.cubicle_at((3, 0)))[(1, 2)] == 4  # type: ignore[arg-type]
    assert d.total == 5


def test_negative_points() -> None:
    # E is 2 steps from the Soda Machine (+2) and the Receptionist (-2): worth 1.
    b = board_from_map([
        "cs@5 #",
        ".    So",
        "rn   #",
    ])
    e = score_of(b, (0, 0))
    assert sorted((x.name, x.value, x.distance) for x in e.bonuses) == [
        ("Receptionist", -2, 2), ("Soda Machine", 2, 2)]
    assert e.total == 1


def test_extended_negative_space() -> None:
    # A loses 3: three steps to the Vice President's cubicle, entered by its door; the Vice
    # President has spread into the neighbouring unit (no stone marks it).
    b = board_from_map([
        "cs@1 ves cw",
        ".    .   #",
    ])
    vp = b.cubicle_at((2, 0))
    assert vp is not None and vp.units == ((1, 0), (2, 0)) and vp.character == "Vice President"
    a = score_of(b, (0, 0))
    assert [(x.name, x.value, x.distance) for x in a.bonuses] == [("Vice President", -3, 3)]
    assert a.total == -2


FIGURE_1 = [
    # A's double cube, B, D and E face the corridor from the north, C from the south; the
    # corridor ends at an elevator.
    "ce@1 csw@1 #  #  #  cs@2 #  #  #    #  cs@4 #  #  #  cs@5 #",
    ".    .     .  Ph .  Co   .  Ph .    .  .    La .  .  .    E",
    "#    #     #  #  #  #    #  #  cn@3 #  #    #  #  #  #    #",
]


def test_scoring_figure_1() -> None:
    b = board_from_map(FIGURE_1)
    by_owner = {s.owner: s for s in b.scores()}
    a, bb, c, d, e = (by_owner[i] for i in range(5))
    assert (a.stones, [x.value for x in a.bonuses], a.total) == (2, [4], 6)
    assert (bb.stones, sorted(x.value for x in bb.bonuses), bb.total) == (1, [2, 4, 4], 11)
    assert ([x.name for x in c.bonuses], c.total) == (["Photocopier"], 5)
    assert (sorted(x.value for x in d.bonuses), d.total) == ([3, 4], 8)
    assert (e.bonuses, e.total) == ((), 1)
    assert b.totals(5) == [6, 11, 5, 8, 1]
    # every cubicle here can walk to the elevator
    assert len(b.cubicles()) == 5
    assert all(b.elevator_route(c) for c in b.cubicles())


def test_explanations_sum_to_the_total() -> None:
    b = board_from_map(FIGURE_1)
    for s in b.scores():
        assert s.total == s.stones + sum(x.value for x in s.bonuses)
        assert s.describe().endswith(f"= {s.total}")
        assert s.to_dict()["total"] == s.total
