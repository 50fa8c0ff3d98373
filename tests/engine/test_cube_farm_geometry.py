"""Hand-built Cube Farm geometry: rotations, placement, enclosed holes, cubicles, doors, walks.

The starting elevator card E0 (". E ." over ". E .") lies at 0,0 and covers x 0..2, y 0..1.
"""

from __future__ import annotations

import random

import pytest

from engine.games.cube_farm.board import (
    SHAPES,
    Board,
    board_from_map,
    make_shape,
    parse_token,
)
from engine.games.cube_farm.deck import CARDS, DECK_IDS


def lay(b: Board, card: str, x: int, y: int, rot: int = 0) -> None:
    problem = b.placement_problem(card, x, y, rot)
    assert problem is None, problem
    assert (x, y, rot) in b.legal_placements(card)
    b.place(card, x, y, rot)


def tokens(b: Board, row: int, xs: range) -> list[str]:
    return [b.cells[(x, row)].token if (x, row) in b.cells else "#" for x in xs]


# --- cards and rotations ----------------------------------------------------------------


def test_rotations_turn_squares_and_openings() -> None:
    s1 = make_shape("C27", CARDS["C27"], 1)
    assert (s1.width, s1.height) == (2, 3)
    cells = {(dx, dy): sq.token for dx, dy, sq in s1.cells}
    # rot 0: "csw cs ces" over ". . .": a quarter turn clockwise puts the top row on the
    # right, and every opening turns with it (south -> west, west -> north, east -> south)
    assert cells == {(1, 0): "cnw", (1, 1): "cw", (1, 2): "csw",
                     (0, 0): ".", (0, 1): ".", (0, 2): "."}
    for cid in CARDS:
        four = make_shape(cid, CARDS[cid], 4)
        assert four.cells == SHAPES[cid][0].cells


def test_every_card_has_a_safe_edge() -> None:
    """A side with no opening: turned towards the table beyond its last row it joins nothing."""
    for cid in DECK_IDS:
        shape = SHAPES[cid][0]
        sides = {side for _, _, side, _ in shape.edge_openings}
        assert len(sides) < 4, cid


def test_tokens_round_trip() -> None:
    for cid, rows in CARDS.items():
        for row in rows:
            for tok in row.split():
                assert parse_token(tok).token == tok, (cid, tok)


# --- placement ----------------------------------------------------------------------------


def test_placement_refusals_name_their_reason() -> None:
    b = Board.start()
    assert "already built" in (b.placement_problem("C01", 1, 1, 0) or "")
    assert "share an edge" in (b.placement_problem("C01", 3, 2, 0) or "")  # corner only
    assert "share an edge" in (b.placement_problem("C01", 10, 10, 0) or "")
    assert "four rotations" in (b.placement_problem("C01", 3, 0, 4) or "")
    assert b.placement_problem("C01", 3, 0, 1) is None
    assert b.placement_problem("C01", 0, 2, 0) is None


def test_legal_placements_match_placement_problem() -> None:
    rng = random.Random(4)
    b = Board.start()
    for cid in rng.sample(list(DECK_IDS), 12):
        legal = set(b.legal_placements(cid))
        for x in range(b.bbox[0] - 4, b.bbox[2] + 4):
            for y in range(b.bbox[1] - 4, b.bbox[3] + 4):
                for rot in range(4):
                    assert ((x, y, rot) in legal) == (b.placement_problem(cid, x, y, rot) is None)
        b.place(cid, *rng.choice(sorted(legal)))


# --- enclosed regions -----------------------------------------------------------------------


def test_small_enclosed_region_becomes_floor() -> None:
    b = Board.start()
    lay(b, "E1", 3, 0, 1)   # x 3..4, y 0..2
    lay(b, "E2", -2, 0, 1)  # x -2..-1, y 0..2
    lay(b, "E3", -1, 3, 0)  # x -1..1, y 3..4
    assert not b.holes
    lay(b, "C38", 2, 3, 0)  # x 2..4, y 3..4: closes the row y = 2, x 0..2
    assert b.holes == {(0, 2), (1, 2), (2, 2)}
    assert all(p in b.walk for p in b.holes)
    assert not (b.holes & b.frontier)
    # the new floor joins the elevator's floor to the rest: walking goes through it
    assert (1, 2) in b.elevator_reach()


def test_enclosed_region_large_enough_for_a_card_stays_wall_until_filled() -> None:
    b = Board.start()
    lay(b, "E1", -2, 0, 1)  # x -2..-1, y 0..2
    lay(b, "E2", -2, 3, 1)  # x -2..-1, y 3..5
    lay(b, "E3", 3, 0, 1)   # x 3..4, y 0..2
    lay(b, "C38", 3, 3, 1)  # x 3..4, y 3..5
    lay(b, "C39", 0, 5, 0)  # x 0..2, y 5..6: a 3 x 3 room at x 0..2, y 2..4 is closed
    assert not b.holes  # a card still fits in it
    assert (1, 3) not in b.walk
    assert b.placement_problem("C01", 0, 2, 0) is None  # cards may be laid inside
    lay(b, "C01", 0, 2, 0)  # fills y 2..3: the row left at y 4 is too small for a card
    assert b.holes == {(0, 4), (1, 4), (2, 4)}


def test_region_open_to_the_table_is_wall() -> None:
    b = Board.start()
    lay(b, "E1", 3, 0, 1)
    lay(b, "E2", -2, 0, 1)
    lay(b, "E3", -1, 3, 0)  # the row y = 2 is still open at x 2 towards the south-east
    assert not b.holes
    assert (2, 2) not in b.walk


# --- cubicles across card edges, claims, negatives ---------------------------------------


def test_halves_make_a_double_cube_across_card_edges_and_claims_spread() -> None:
    b = Board.start()
    lay(b, "C27", 3, 0, 0)  # "csw cs cse" at y 0, floor at y 1
    single = b.cubicle_at((5, 0))
    assert single is not None and single.units == ((5, 0),)
    # the west half opens onto the elevator card's floor: a door
    assert ((3, 0), (2, 0)) in b.cubicle_at((3, 0)).doors  # type: ignore[union-attr]
    assert b.claim_problem((5, 0)) is None
    b.claim((5, 0), 0)
    lay(b, "C28", 6, 0, 0)  # "csw cs ces" again: its west half meets 5,0
    double = b.cubicle_at((6, 0))
    assert double is not None and double.units == ((5, 0), (6, 0))
    assert double.owner == 0
    assert b.stones[(6, 0)] == 0  # the owner's stone spreads into the new unit at once
    assert b.score_cubicle(double).stones == 2


def test_negative_may_not_join_a_claimed_cubicle() -> None:
    b = Board.start()
    lay(b, "C27", 3, 0, 0)
    # C45 "cs . vse" turned twice: ". . ." over "vnw . cn"; at 6,-1 its Vice President
    # opens west onto the east half at 5,0.
    assert b.placement_problem("C45", 6, -1, 2) is None
    b.claim((5, 0), 1)
    reason = b.placement_problem("C45", 6, -1, 2)
    assert reason == "this would join the Vice President to player 2's claimed cubicle"
    assert (6, -1, 2) not in b.legal_placements("C45")


def test_negative_spreads_into_an_empty_cubicle_which_cannot_be_claimed() -> None:
    b = Board.start()
    lay(b, "C27", 3, 0, 0)
    lay(b, "C45", 6, -1, 2)
    vp = b.cubicle_at((5, 0))
    assert vp is not None and vp.units == ((5, 0), (6, 0)) and vp.value == -3
    assert b.claim_problem((5, 0)) == "the Vice President already occupies this cubicle"
    assert all(c.id != (5, 0) for c in b.claimable())


def test_two_players_cubicles_may_not_be_joined() -> None:
    # C31 "cnw . ." over "csw . So": its corner unit opens north and west over the card's
    # edges, onto player 1's unit above and player 2's unit to the west.
    b = board_from_map([
        "#     cs@1",
        "ce@2  #",
    ])
    reason = b.join_conflict(SHAPES["C31"][0], 1, 1)
    assert reason == "this would join cubicles claimed by two different players"
    same = board_from_map([
        "#     cs@1",
        "ce@1  #",
    ])
    assert same.join_conflict(SHAPES["C31"][0], 1, 1) is None
    same.place("C31", 1, 1, 0)
    joined = same.cubicle_at((1, 1))
    assert joined is not None and joined.units == ((1, 0), (0, 1), (1, 1))
    assert joined.owner == 0 and same.stones[(1, 1)] == 0


# --- doors, walls and walks ---------------------------------------------------------------


def test_openings_facing_walls_or_elevators_are_not_doors() -> None:
    b = board_from_map([
        "cn  #   ce  E",
        "cs  .   #   .",
    ])
    assert b.cubicle_at((0, 0)).doors == ()  # type: ignore[union-attr]
    assert b.claim_problem((0, 0)) == "this cubicle has no door onto the floor"
    assert b.cubicle_at((2, 0)).doors == ()  # type: ignore[union-attr]
    # an opening onto a unit whose facing side is a wall joins nothing
    assert b.cubicle_at((0, 1)).units == ((0, 1),)  # type: ignore[union-attr]


def test_walls_cut_the_elevator_off() -> None:
    b = board_from_map([
        ".   E   .   #   cs",
        "cn  #   cn  #   .",
        "#   #   #   #   .",
    ])
    assert b.claim_problem((2, 1)) is None  # walks onto the elevator from 2,0
    assert b.claim_problem((0, 1)) is None
    assert b.claim_problem((4, 0)) == "no walk from this cubicle reaches an elevator"
    assert [c.id for c in b.claimable()] == [(0, 1), (2, 1)]


def test_distance_counts_through_doors() -> None:
    # The Coffee Machine is right behind the cubicle's back wall, but the walk goes out of the
    # door and around: 1 (out of the door) + 3 around = 4 steps, too far for a 2.
    b = board_from_map([
        ".   Co  .",
        "#   cs@1 .",
        "#   .   .",
    ])
    cub = b.cubicle_at((1, 1))
    assert cub is not None
    d = b.distances(cub)
    assert d[(1, 2)] == 1 and d[(2, 2)] == 2 and d[(2, 1)] == 3 and d[(2, 0)] == 4
    assert (1, 0) not in d  # five steps away
    assert b.score_cubicle(cub).total == 1


def test_items_are_walked_through_elevators_are_not() -> None:
    b = board_from_map([
        "cs@1 #   #   #",
        "Co   So  E   Wa",
        "#    .   .   .",
    ])
    cub = b.cubicle_at((0, 0))
    assert cub is not None
    d = b.distances(cub)
    assert d[(1, 1)] == 2  # through the Coffee Machine
    assert (2, 1) not in d
    assert d[(3, 1)] == 5 if (3, 1) in d else True
    names = [x.name for x in b.score_cubicle(cub).bonuses]
    assert names == ["Coffee Machine", "Soda Machine"]


@pytest.mark.parametrize("seed", range(30))
def test_every_card_has_a_legal_placement_on_random_tables(seed: int) -> None:
    rng = random.Random(seed)
    b = Board.start()
    ids = list(DECK_IDS)
    rng.shuffle(ids)
    for i, cid in enumerate(ids[:40]):
        legal = b.legal_placements(cid)
        assert legal, f"{cid} has nowhere to go"
        b.place(cid, *rng.choice(legal))
        cl = b.claimable()
        if cl and rng.random() < 0.7:
            b.claim(rng.choice(cl).id, i % 3)
    for cid in DECK_IDS:
        assert b.legal_placements(cid), cid
