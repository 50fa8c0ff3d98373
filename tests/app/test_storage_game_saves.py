"""app.storage.game_saves: every table's one path to its save and record: a finished game is
counted once, across tabs too."""

from __future__ import annotations

from app import storage as g
from app.seated.seats import Match, MatchCodec
from app.storage import DictStore, GameSaves, Record, TabStore
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion.session import CODEC, Session, won

from scripts.lib.stats import finished_match

PM = "perpetual-motion"


def pm_saves(store: g.SaveStore) -> g.GameSaves[Session]:
    return g.GameSaves(store, PM, "Perpetual Motion", CODEC, won)


def play_to_end(s: Session) -> None:
    while not s.over:
        for action in pms.step_plan(s):
            pms.apply(s, action)


def finished(seed: int = 3) -> Match:
    return finished_match("machine", seed, ["standard", "standard"])


def saves(store: g.SaveStore) -> GameSaves[Match]:
    from app.seated.seats import won
    return GameSaves(store, "machine", "Machine", MatchCodec("machine"), won)


def test_record_counts_each_finished_game_once() -> None:
    store = g.DictStore()
    s = pms.new_session(16557)
    play_to_end(s)
    rec = pm_saves(store).count(s)
    assert (rec.played, rec.won, rec.streak) == (1, 1, 1)
    rec = pm_saves(store).count(s)
    assert rec.played == 1
    lost = pms.new_session(16709)
    play_to_end(lost)
    rec = pm_saves(store).count(lost)
    assert (rec.played, rec.won, rec.streak, rec.best_streak) == (2, 1, 0, 1)


def test_counted_once_across_two_tabs() -> None:
    device = DictStore()
    tab_a, tab_b = TabStore(device, "a"), TabStore(device, "b")
    m = finished()
    same = Match.from_json(m.to_json(), "machine")  # tab B's copy, not yet counted
    a, b = saves(tab_a), saves(tab_b)
    a.load(), b.load()
    # both tabs hold the same game; tab A ends it first
    assert a.save(m)
    assert Record.load(device, "machine").played == 1
    copy = Match.from_json(same.to_json(), "machine")
    assert not b.save(copy)  # tab B's copy is older: it takes tab A's, counting nothing
    assert not copy.counted
    # even a copy that got past the revisions (same game id) is not counted twice
    b.load()
    copy.counted = False
    b.count(copy)
    assert copy.counted and Record.load(device, "machine").played == 1


def test_a_save_keeps_the_home_tiles_line_and_loads_back() -> None:
    device = DictStore()
    s = pms.new_session(5)
    keeping = g.GameSaves(device, PM, "Perpetual Motion", CODEC, won,
                          line=lambda _s: "Round 1")
    assert keeping.save(s) and g.saved_line(device, PM) == (True, "Round 1")
    assert keeping.text(s) == device.get(g.save_key(PM))
    back, told = keeping.load()
    assert back is not None and back.gid == s.gid and told is None
    assert not keeping.newer()


def test_an_unreadable_save_is_said_and_set_aside() -> None:
    device = DictStore({g.save_key(PM): "{bad"})
    game, told = pm_saves(device).load(then=".")
    assert game is None and told is not None
    assert told.startswith("Your saved Perpetual Motion game could not be read (")
    assert told.endswith(".") and device.get(g.save_key(PM)) is None
