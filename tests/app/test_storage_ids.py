"""app.storage.ids: new game ids fit the links that name them; deal numbers their range."""

from __future__ import annotations

import random
import re

from app.storage.ids import MAX_DEAL, new_gid, random_deal_number

GID = re.compile(r"^[0-9a-z]{1,40}$")  # app.routes takes a finished game's id so


def test_game_ids_fit_the_replay_links_and_differ() -> None:
    gids = {new_gid() for _ in range(50)}
    assert all(GID.match(gid) for gid in gids) and len(gids) == 50


def test_deal_numbers_are_in_range_and_seeded() -> None:
    assert all(1 <= random_deal_number() <= MAX_DEAL for _ in range(100))
    assert random_deal_number(random.Random(4)) == random_deal_number(random.Random(4))
