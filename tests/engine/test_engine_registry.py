"""engine.registry: a game registered from outside the engine (the test suite's sample game,
tests/sample/nim) is in effect for its block only, once, under its own id; the engine's own
registry is a value that never changes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from sample import SAMPLE, SAMPLE_ID, SAMPLE_MODULE, registered

from engine.registry import (
    GAMES,
    Entry,
    UnknownGame,
    all_games,
    current,
    get_game,
    playable_ids,
    rules_markdown,
)


@pytest.fixture()
def nim() -> Iterator[str]:
    with registered() as gid:
        yield gid


def test_registered_for_the_block_only(nim: str) -> None:
    assert playable_ids()[-1] == nim and all_games()[-1].name == "Nim"
    assert rules_markdown(nim).startswith("# Nim")
    with pytest.raises(ValueError):
        current().with_game(SAMPLE)  # twice
    with pytest.raises(ValueError):
        GAMES.with_game(Entry("other", SAMPLE_MODULE))  # an id that is not the module's game's
    assert nim not in GAMES.ids()  # the engine's own registry is a value: never changed


def test_gone_after_the_block() -> None:
    with registered():
        pass
    assert SAMPLE_ID not in playable_ids()
    with pytest.raises(UnknownGame):
        get_game(SAMPLE_ID)
    with pytest.raises(UnknownGame):
        current().entry(SAMPLE_ID)
