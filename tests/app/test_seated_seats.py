"""app.seated.seats: the seats and set-ups of a seated game, and its saved match: links that
carry seats and options (or say what is wrong with them), saves that round-trip or are set
aside."""

from __future__ import annotations

import json

import pytest
from app import storage as g
from app.routes import Route, parse_hash
from app.seated import seats as st
from app.storage import DictStore

from engine.registry import get_game
from engine.seats import choose, make_bots

M = "machiavelli"
TABLES = {"perpetual-motion": frozenset({"deal", "stats"}),
          M: frozenset({"deal", "setup", "watch"})}
IDS = ("perpetual-motion", M, "machine", "cube-farm")


def test_default_setup_is_you_against_two_standard_computers() -> None:
    s = st.default_setup(M)
    assert [x.kind for x in s.seats] == ["you", "computer", "computer"]
    assert [x.level for x in s.seats[1:]] == ["standard", "standard"]
    assert len({x.name for x in s.seats}) == 3
    st.check(s)


def test_share_link_round_trips_seats_and_options() -> None:
    s = st.setup_from_query(M, (("seats", "you,strong,@Ana"), ("variant", "helping"),
                                ("ace", "high")), 42)
    assert [x.token() for x in s.seats] == ["you", "strong", "@Ana"]
    r = Route("table", game=M, deal=42, query=s.query())
    back = parse_hash(r.href(), IDS, TABLES)
    assert back == r
    again = st.setup_from_query(M, back.query, back.deal)
    assert again.seats == s.seats and again.options == s.options


@pytest.mark.parametrize(("query", "words"), [
    ((("seats", "you,wizard"),), "wizard"),
    ((("seats", "you,you"),), "only one seat"),
    ((("seats", "you"),), "players"),
    ((("seats", "you,strong"), ("colour", "red")), "newer version"),
    ((("seats", "you,strong"), ("variant", "poker")), "not one of the choices"),
    ((("seats", "@Ana,@ana"),), "different name"),
])
def test_bad_links_say_what_is_wrong(query: tuple[tuple[str, str], ...], words: str) -> None:
    with pytest.raises(st.SetupError, match=words):
        st.setup_from_query(M, query, 1)


def test_watch_links_take_only_computers() -> None:
    with pytest.raises(st.SetupError):
        st.setup_from_query(M, (("seats", "you,strong"),), 1, watch=True)
    s = st.setup_from_query(M, (("seats", "strong,beginner"),), 1, watch=True)
    assert [x.level for x in s.seats] == ["strong", "beginner"]


def test_saved_match_round_trips_and_a_broken_one_is_set_aside() -> None:
    store = DictStore()
    s = st.setup_from_query(M, (("seats", "you,@Bo"), ("variant", "manipulation")), 9)
    m = st.Match.new(s, 9)
    game = get_game(M)
    m.apply_all([game.legal_actions(m.state)[-1]])
    m.log.append(st.LogLine(0, "You drew a card"))
    g.write_save(store, g.save_key(M), m.envelope())
    back = g.load_saved(store, M, lambda t: st.Match.from_json(t, M))
    assert back.game is not None and back.problem is None
    assert back.game.state == m.state and back.game.actions == 1
    assert back.game.log[0].text == "You drew a card"
    for broken in ("{", "[]", json.dumps({"version": 1, "game": M}),
                   m.to_json().replace('"actions":1', '"actions":-1')):
        store.set(g.save_key(M), broken)
        res = g.load_saved(store, M, lambda t: st.Match.from_json(t, M), 5)
        assert res.game is None and res.problem
        assert store.get(g.save_key(M)) is None
        assert store.get(f"tabletop.{M}.unreadable.5") == broken


def test_a_match_saved_with_its_points_beside_the_state_loads_them_into_it() -> None:
    """Saves before the state kept a match's points hand by hand had them in the envelope
    (``hands``): they load into the state's ``history``, the same score sheet."""
    s = st.setup_from_query(M, (("seats", "standard,standard"), ("variant", "manipulation"),
                                ("match_limit", "500")), 2)
    m = st.Match.new(s, 2, watch=True)
    game = get_game(M)
    bots = make_bots(M, ["standard", "standard"])
    while m.state.hand_no < 3:
        seat = game.current_player(m.state)
        assert seat is not None
        m.apply_all([choose(game, m.state, bots[seat], 2, m.actions)])
    sheet = m.state.history
    assert len(sheet) == 2 and all(len(h) == 2 for h in sheet)
    new = json.loads(m.to_json())
    assert "hands" not in new and new["state"]["history"] == [list(h) for h in sheet]
    old = dict(new, hands=new["state"].pop("history"))  # how the older version wrote it
    back = st.Match.from_json(json.dumps(old), M)
    assert back.state == m.state and back.state.history == sheet


def test_a_shared_pass_and_play_link_keeps_every_persons_name() -> None:
    """Pass-and-play: the first person is named too ("Pass to Ana", not "Player 1")."""
    setup = st.Setup(M, (st.Seat("you", "Ana"), st.Seat("person", "Bea")))
    assert [s.token() for s in setup.seats] == ["you@Ana", "@Bea"]
    r = Route("table", game=M, deal=1, query=setup.query())
    back = parse_hash(r.href(), IDS, TABLES)
    assert back == r
    again = st.setup_from_query(M, back.query, 1)
    assert again.names() == ["Ana", "Bea"] and again.seats[0].kind == "you"
    alone = st.setup_from_query(M, (("seats", "you,strong"),), 1)
    assert alone.names()[0] == "You" and alone.seats[0].token() == "you"
