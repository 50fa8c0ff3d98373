"""Finished games made the way the app makes them, for the statistics' tests and screenshots:
a seated game at its table's Match, seat 0 ("you") played by a computer with the command
line's generators (engine.seats.choose), so the game is the one ``python -m engine play GAME
--seed N --seats ...`` plays; counted in a record by the app's GameSaves."""

from __future__ import annotations

from app.seated.seats import Match, MatchCodec, Seat, Setup, name_computers, won
from app.storage import DictStore, GameSaves, Record, record_key

from engine.seats import choose, make_bots


def seated_setup(game_id: str, levels: list[str]) -> Setup:
    """You in seat 0, computers of ``levels[1:]`` in the others (default options)."""
    seats = [Seat("you", "You")] + [Seat("computer", "", lv) for lv in levels[1:]]
    return Setup(game_id, tuple(name_computers(seats)))


def finished_match(game_id: str, seed: int, levels: list[str]) -> Match:
    """Deal ``seed`` played to its end, one action at a time through the Match."""
    m = Match.new(seated_setup(game_id, levels), seed)
    bots = make_bots(game_id, levels)
    while not m.over:
        p = m.current
        assert p is not None
        m.apply_all([choose(m.game, m.state, bots[p], seed, m.actions)])
    return m


def record_of(game_id: str, games: list[tuple[int, list[str]]], low: bool = False,
              start_ms: int = 1_764_670_000_000) -> tuple[str, list[str]]:
    """The record text (``tabletop.<game>.record``) after ``games`` (seed, levels by seat),
    finished an hour apart, and their game ids."""
    store = DictStore()
    saves = GameSaves(store, game_id, game_id, MatchCodec(game_id), won,
                      low=low)
    gids = []
    for i, (seed, levels) in enumerate(games):
        m = finished_match(game_id, seed, levels)
        saves.count(m, now_ms=start_ms + i * 3_600_000)
        gids.append(m.gid)
    text = store.get(record_key(game_id))
    assert text is not None and Record.from_json(text).played == len(games)
    return text, gids
