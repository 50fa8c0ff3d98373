"""app.seated.history: the log and "since your turn" are read from the game's actions alone.

A seeded game of each seated game, its people's turns played a step at a time as taps play
them, tells the same history with a reload in the middle of a turn, an import of the device's
games, or a second tab taking the game over, as without them; the log read again from the moves
equals the log read as the game was played; pass-and-play covers name the person they are for
and tell the others by name."""

from __future__ import annotations

import random
from typing import Any

import pytest
from app.kit import symbols
from app.messages import Event
from app.seated import seats as st
from app.seated.history import History
from app.seated.table import SeatedTable
from app.storage import DictStore
from helpers.backup import export, import_file
from helpers.shell import FakeEnv, boot, click, run_async, settle

from engine.protocol import Outcome
from engine.registry import get_game
from engine.seats import choose, make_bots

GAMES = [
    ("machiavelli", "seats=you,beginner&variant=manipulation", 12),
    ("machine", "seats=you,beginner", 5),
    ("cube-farm", "seats=you,beginner", 5),
]


def table(app: Any, game_id: str) -> SeatedTable[Any, Any, Any, Any]:
    t: SeatedTable[Any, Any, Any, Any] = app.tables[game_id]
    return t


class Play:
    """One seeded game played in the app: the people's turns by the engine's beginner
    computer, one action a tap (as the board's taps perform them), the computers by the app.
    ``interrupt``: at each of the first three points in the middle of a person's turn, the
    game goes on after a "reload" (the app started again on the same device), an "import" (the
    device's games exported and imported into another device) or in a second "tab"."""

    def __init__(self, game_id: str, query: str, deal: int, interrupt: str | None) -> None:
        self.game_id, self.deal, self.interrupt = game_id, deal, interrupt
        self.address = f"#/{game_id}/deal/{deal}?{query}"
        self.game = get_game(game_id)
        self.env = FakeEnv(DictStore())
        self.app, self.page, _ = boot(env=self.env)
        self.bots: list[Any] = []
        self.seen: list[str] = []  # each person's turn: the "since" box as it is drawn
        self.interrupted = 0

    async def run(self, steps: int = 60) -> list[str]:
        self.env.go(self.address)
        await settle(self.app)
        m = table(self.app, self.game_id).match
        assert m is not None
        self.bots = make_bots(self.game_id, ["beginner"] * len(m.setup.seats))
        done = 0
        while done < steps:
            t = table(self.app, self.game_id)
            m = t.match
            assert m is not None
            if m.over:
                break
            if t.hand_over is not None:
                click(self.app, "mt-next-hand")
                await settle(self.app)
                continue
            seat = m.current
            assert seat is not None and m.setup.seats[seat].human
            if t.history.closed(m):  # the start of the person's turn: what the box says
                self.seen.append(self.since_box())
            action = choose(self.game, m.state, self.bots[seat], m.deal, m.actions)
            t.moves.perform(m, seat, [action], None, False)
            await settle(self.app)
            done += 1
            if (self.interrupt and not t.history.closed(m) and self.interrupted < 3
                    and not m.over):
                self.interrupted += 1
                await self.go_on_elsewhere()
        t = table(self.app, self.game_id)
        assert t.match is not None
        return [ln.text for ln in t.match.log]

    def since_box(self) -> str:
        board = self.page.regions.get("mt-board", "")
        if 'data-testid="since"' not in board:
            return ""
        return board[board.index('data-testid="since"'):].split("</section>")[0]

    async def go_on_elsewhere(self) -> None:
        store = self.env.store
        thinker = self.env.thinker  # the computers decide as they would have
        if self.interrupt == "reload":
            env = FakeEnv(store)
        elif self.interrupt == "import":
            _name, text, _msg = export(store)
            env = FakeEnv(DictStore())
            app, _page, _ = boot(env=env)
            env.go("#/settings")
            import_file(app, text)
            click(app, "import-confirm")
            await settle(app)
        else:  # a second tab opens the game and takes it from here
            env = FakeEnv(store)
        env.thinker = thinker
        old = self.app
        self.env = env
        self.app, self.page, _ = boot(env=env)
        env.go(f"#/{self.game_id}")
        await settle(self.app)
        if self.interrupt == "tab":
            old.handle(Event("storage", key=f"tabletop.{self.game_id}.save"))


@pytest.mark.parametrize(("game_id", "query", "deal"), GAMES)
def test_the_history_is_the_same_after_a_reload_an_import_or_another_tab(
        game_id: str, query: str, deal: int) -> None:
    async def run() -> None:
        plain = Play(game_id, query, deal, None)
        log = await plain.run()
        assert log and plain.seen
        for interrupt in ("reload", "import", "tab"):
            other = Play(game_id, query, deal, interrupt)
            assert await other.run() == log, interrupt
            assert other.interrupted == 3, interrupt
            assert other.seen == plain.seen, interrupt
    run_async(run())


def test_machiavelli_a_turn_reloaded_in_its_middle_is_told_whole() -> None:
    """The issue's case: three cards laid as a new meld, the app started again, End turn:
    the line tells the meld (it said "You laid 1 card")."""
    async def run() -> None:
        store = DictStore()
        app, _page, env = boot(store)
        env.go("#/machiavelli/deal/1?seats=you,beginner&variant=manipulation")
        await settle(app)
        t = table(app, "machiavelli")
        for k, text in enumerate(["lay 2 -> new", "lay 2 -> 1", "lay 2 -> 1", "end"]):
            if k == 3:  # before End turn: the app started again on the same device
                app, _page, env = boot(store)
                env.go("#/machiavelli")
                await settle(app)
                t = table(app, "machiavelli")
            m = t.match
            assert m is not None and m.current == 0 and not m.log
            t.moves.perform(m, 0, [t.game.parse_action(text)], None, False)
            await settle(app)
        m = t.match
        assert m is not None
        assert m.log[0].text.startswith("You laid ") and m.log[0].text.endswith(
            " as a new meld"), m.log[0].text
        assert len(m.log[0].text.split(" as ")[0].split()) == 5  # "You laid" and three cards
    run_async(run())


def test_the_machine_tells_your_set_up() -> None:
    game = get_game("machine")
    setup = st.setup_from_query("machine", (("seats", "beginner,you"),), 5)
    m: st.Match[Any] = st.Match.new(setup, 5)
    history: History[Any, Any] = History(game, table_board("machine"))
    bots = make_bots("machine", ["beginner", "beginner"])
    while len(history.lines(m, 1)) < 2:
        m.apply_all([choose(game, m.state, bots[m.current], 5, m.actions)])
    lines = history.lines(m, 1)
    assert lines[0].text.startswith("You placed set-up cubes on "), lines[0]
    assert lines[1].text.startswith("Ana placed set-up cubes on "), lines[1]
    # the first player's set-up is its own line, though that player plays on
    assert m.current == 0 and history.closed(m)


def table_board(game_id: str) -> Any:
    """The board of ``game_id``'s table in a booted app (the history's teller)."""
    app, _page, _env = boot()
    return table(app, game_id).board


def test_the_machine_tells_every_card_a_turn_took() -> None:
    """Each card taken face up in a turn of several takes and draws is in its line (the line
    was written from the last tap's actions alone: "You took 7♣" after 9♥ then 7♣)."""
    game = get_game("machine")
    board = table_board("machine")
    found = 0
    for deal in range(1, 6):
        setup = st.setup_from_query("machine", (("seats", "you,beginner"),), deal)
        m: st.Match[Any] = st.Match.new(setup, deal)
        history: History[Any, Any] = History(game, board)
        bots = make_bots("machine", ["standard", "standard"])
        while not m.over and m.actions < 300:
            m.apply_all([choose(game, m.state, bots[m.current], deal, m.actions)])
        for turn in history.turns_of(m):
            taken = [turn.start.display[a.slot] for a in turn.actions
                     if str(a).startswith("take")]
            drawn = sum(str(a) == "draw" for a in turn.actions)
            if not turn.closed or len(taken) + drawn < 2:
                continue
            found += 1
            line = history.told(m, turn, turn.seat == 0)
            for card in taken:
                assert symbols([card]) in line, (turn.actions, line)
            if drawn:
                assert f"drew {drawn} face-down card" in line, (turn.actions, line)
    assert found >= 3


@pytest.mark.parametrize("game_id", ["machiavelli", "machine", "cube-farm"])
def test_the_log_read_again_from_the_moves_is_the_log_read_as_it_was_played(
        game_id: str) -> None:
    """For seeded games played to their end (or 400 actions) by the engine's computers, with
    a person's Undo now and then: the history queried after every action equals the history
    read once from the moves, and from a save of them."""
    game = get_game(game_id)
    board = table_board(game_id)
    for seed in range(1, 5):
        rng = random.Random(seed)
        levels = ["beginner"] * (2 + seed % 2)
        setup = st.Setup(game_id, (st.Seat("you", "You"), *(
            st.Seat("computer", n, lv) for n, lv in zip(st.COMPUTER_NAMES, levels[1:],
                                                        strict=False))))
        m: st.Match[Any] = st.Match.new(setup, seed)
        live: History[Any, Any] = History(game, board)
        bots = make_bots(game_id, levels)
        turn: list[tuple[Any, int]] = []  # this turn's undo points
        while not m.over and m.actions < 400:
            seat = m.current
            assert seat is not None
            if turn and rng.random() < 0.1:  # Undo, as the table's
                m.rewind(*turn.pop())
            else:
                before, count = m.state, m.actions
                m.apply_all([choose(game, m.state, bots[seat], seed, m.actions)])
                turn.append((before, count))
            if live.closed(m):
                turn = []
            live.lines(m, 0)
        again: History[Any, Any] = History(game, board)
        assert [(ln.seat, ln.text, ln.hand) for ln in live.lines(m, 0)] == [
            (ln.seat, ln.text, ln.hand) for ln in again.lines(m, 0)]
        back = st.Match.from_json(m.to_json(), game_id)
        assert back.start == m.start and back.moves == m.moves
        assert [ln.text for ln in History(game, board).lines(back, None)] == [
            ln.text for ln in live.lines(m, None)]


def test_an_old_save_without_its_moves_keeps_its_log_and_goes_on_from_it() -> None:
    async def run() -> None:
        store = DictStore()
        app, _page, env = boot(store)
        env.go("#/machiavelli/deal/12?seats=you,beginner&variant=manipulation")
        await settle(app)
        click(app, "m-draw")
        await settle(app)
        m = table(app, "machiavelli").match
        assert m is not None and len(m.log) == 2
        data = m.envelope()
        data.pop("moves")  # as a save before the moves were kept
        data["log"] = [[0, "You drew a card", 1], [1, "Ana did something", 1]]
        import json
        store.set("tabletop.machiavelli.save", json.dumps({**data, "rev": 9, "tab": "x"}))
        app, _page, env = boot(store)
        env.go("#/machiavelli")
        await settle(app)
        t = table(app, "machiavelli")
        m = t.match
        assert m is not None and m.moves is None
        assert [ln.text for ln in m.log] == ["You drew a card", "Ana did something"]
        click(app, "m-draw")
        await settle(app)
        assert [ln.text for ln in m.log][:3] == ["You drew a card", "Ana did something",
                                                 "You drew a card"]
        assert len(m.log) == 4
        # and a save of the new version loads with its log told again from its moves
        plain = st.Match.from_json(m.to_json(), "machiavelli")
        assert plain.moves is None and len(plain.log) == 4
    run_async(run())


def test_pass_and_play_covers_name_their_person_and_tell_the_others_by_name() -> None:
    async def run() -> None:
        store = DictStore()
        app, page, env = boot(store)
        env.go("#/machiavelli/deal/12?seats=you,@Zoe&variant=manipulation")
        await settle(app)
        cover = page.regions["screen"]
        assert "Pass to Player 1" in cover and "I am Player 1: show my cards" in cover
        assert "Nothing yet: you start." in cover
        click(app, "mt-take")
        click(app, "m-draw")
        await settle(app)
        cover = page.regions["screen"]
        assert "Pass to Zoe" in cover and "I am Zoe: show my cards" in cover
        assert "Player 1 drew a card" in cover and "You" not in cover.split("<h3>")[1].split(
            "</ol>")[0]
        click(app, "mt-take")
        await settle(app)
        # a reload while Zoe's cards show: her cover tells her the same
        app, page, env = boot(store)
        env.go("#/machiavelli")
        await settle(app)
        cover = page.regions["screen"]
        assert "Pass to Zoe" in cover and "Player 1 drew a card" in cover
        assert "Nothing yet" not in cover
        # and on another device, from an import of this one's games
        _name, text, _msg = export(store)
        elsewhere, page2, env2 = boot(DictStore())
        env2.go("#/settings")
        import_file(elsewhere, text)
        env2.go("#/machiavelli")
        await settle(elsewhere)
        cover = page2.regions["screen"]
        assert "Pass to Zoe" in cover and "Player 1 drew a card" in cover
        click(app, "mt-take")
        click(app, "m-draw")
        await settle(app)
        cover = page.regions["screen"]
        assert "Pass to Player 1" in cover
        news = cover.split("<h3>")[1].split("</ol>")[0]
        assert "Zoe drew a card" in news and "You drew" not in news and "Player 1" not in news
    run_async(run())


def test_the_seat_that_is_you_in_pass_and_play_is_named() -> None:
    s = st.setup_from_query("machiavelli", (("seats", "you,@Zoe"),), 1)
    assert s.names() == ["Player 1", "Zoe"]
    s = st.Setup("machiavelli", (st.Seat("person", "Zoe"), st.Seat("you", "Max")))
    assert s.names() == ["Zoe", "Max"]
    alone = st.setup_from_query("machiavelli", (("seats", "you,beginner"),), 1)
    assert alone.names()[0] == "You"
    with pytest.raises(st.SetupError, match="two seats are called"):
        st.check(st.Setup("machiavelli", (st.Seat("you", "You"), st.Seat("person",
                                                                          "Player 1"))))


def test_the_end_says_you_win_only_to_a_seat_called_you() -> None:
    """Alone with computers, "You win"; at a table of phones the host's own seat has its name
    (the names are the other phones' too): "Ana wins", not "Ana win"."""
    out = Outcome((0,), "", text="{winners} {wins} with 9 points.")
    alone = st.Match.new(st.setup_from_query("cube-farm", (("seats", "you,beginner"),), 1), 1)
    assert alone.result_text(out) == "You win with 9 points."
    hosting = st.Match.new(st.Setup("cube-farm", (st.Seat("you", "Ana"), st.Seat("phone", "Bea"),
                                                 st.Seat("computer", "Cal", "beginner"))), 1)
    assert hosting.you == 0 and hosting.result_text(out) == "Ana wins with 9 points."


def test_pass_and_play_set_up_asks_your_seat_its_name_too() -> None:
    from app.seated.setup_form import SetupForm
    form = SetupForm(DictStore(), get_game("machiavelli").info)
    form.draft = st.setup_from_query("machiavelli", (("seats", "you,beginner"),), None)
    assert 'id="seat-name-0"' not in form.html()  # you alone: "You"
    form.draft = st.setup_from_query("machiavelli", (("seats", "you,@Zoe"),), None)
    html = form.html()
    assert 'id="seat-name-0"' in html and 'placeholder="Player 1"' in html
    form.change(Event("change", action="setup-name", data={"seat": "0"}, value=" Max "))
    assert form.draft.seats[0] == st.Seat("you", "Max")
    assert form.draft.names() == ["Max", "Zoe"]
    form.change(Event("change", action="setup-name", data={"seat": "0"}, value=""))
    assert form.draft.seats[0].kind == "you" and form.draft.names()[0] == "Player 1"


def test_a_replay_of_your_own_turn_speaks_to_you() -> None:
    from app.tables.machine import parts as mu
    game = get_game("machine")
    s = st.Match.new(st.setup_from_query("machine", (("seats", "you,beginner"),), 5), 5).state
    bots = make_bots("machine", ["beginner", "beginner"])
    while s.phase == "setup":
        s = game.apply(s, choose(game, s, bots[s.current], 5, 0))
    assert s.current == 0
    dock = mu.dock_html(game.view(s, 0), mu.MachineTurnUI(), ["You", "Ana"], interactive=False)
    assert "You is" not in dock and "Your turn." in dock
    first = st.Match.new(st.setup_from_query("machine", (("seats", "beginner,you"),), 5), 5)
    dock = mu.dock_html(game.view(first.state, 1), mu.MachineTurnUI(), ["Ana", "You"],
                        interactive=False)
    assert "You are placing set-up cubes." in dock


def test_your_name_is_you_when_you_play_alone() -> None:
    s = st.Setup("machiavelli", (st.Seat("you", "Max"), st.Seat("computer", "Ana", "beginner")))
    assert s.names() == ["You", "Ana"]


def test_old_saves_keep_their_log_and_a_new_save_of_them_loads() -> None:
    """The saves of the app at 5009543 (no moves kept): each seated game opens with the log
    it kept, plays on telling its new turns after it, and its new save loads again."""
    import json
    from pathlib import Path
    old = json.loads((Path(__file__).parents[1] / "fixtures" / "saves-5009543.json")
                     .read_text(encoding="utf-8"))

    async def run() -> None:
        store = DictStore()
        for k, v in old.items():
            store.set(k, v)
        app, _page, env = boot(store)
        for game_id in ("machiavelli", "machine", "cube-farm"):
            kept = [ln[1] for ln in json.loads(old[f"tabletop.{game_id}.save"])["log"]]
            env.go(f"#/{game_id}")
            await settle(app)
            t = table(app, game_id)
            m = t.match
            assert m is not None and [ln.text for ln in m.log] == kept, game_id
            bots = make_bots(game_id, ["beginner"] * len(m.setup.seats))
            for _ in range(6):
                if t.hand_over is not None or m.over:
                    break
                seat = m.current
                assert seat is not None and m.setup.seats[seat].human
                t.moves.perform(m, seat, [choose(t.game, m.state, bots[seat], m.deal, m.actions)],
                          None, False)
                await settle(app)
            assert [ln.text for ln in m.log][:len(kept)] == kept and len(m.log) > len(kept)
            back = st.Match.from_json(m.to_json(), game_id)
            assert back.state == m.state and [ln.text for ln in back.log] == [
                ln.text for ln in m.log]
            again, _page2, env2 = boot(store)
            env2.go(f"#/{game_id}")
            await settle(again)
            m2 = table(again, game_id).match
            assert m2 is not None and [ln.text for ln in m2.log] == [ln.text for ln in m.log]
    run_async(run())
