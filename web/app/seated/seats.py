"""The multi-player game in progress: plain data the shell saves. A :class:`Match` is one game
at the table with its seats (:mod:`app.seated.setups`, whose names this module gives on), its
log and this device's bookkeeping; each game has its own save key, so a Machiavelli game and a
Perpetual Motion deal coexist.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from app.dates import date_of
from app.seated.setups import COMPUTER_NAMES as COMPUTER_NAMES
from app.seated.setups import MAX_NAME as MAX_NAME
from app.seated.setups import Seat as Seat
from app.seated.setups import Setup as Setup
from app.seated.setups import SetupError as SetupError
from app.seated.setups import check as check
from app.seated.setups import clean_name as clean_name
from app.seated.setups import default_setup as default_setup
from app.seated.setups import level_label as level_label
from app.seated.setups import load_setup as load_setup
from app.seated.setups import name_computers as name_computers
from app.seated.setups import save_setup as save_setup
from app.seated.setups import setup_from_query as setup_from_query
from app.storage import JSON, JSONObject, new_gid, read_envelope
from engine.errors import InvalidState
from engine.protocol import Action, Game, Outcome, outcome_text
from engine.registry import get_game
from engine.seats import deal_seeded

SAVE_VERSION = 1
ENDED = "The host ended the game before its end: nobody wins."


# --- the game in progress ---------------------------------------------------------------------


@dataclass
class LogLine:
    seat: int
    text: str
    hand: int = 1


S = TypeVar("S")  # the game's state


@dataclass
class Match(Generic[S]):
    """One game at the table: the engine state, its seats and what the app keeps beside it."""

    setup: Setup
    deal: int
    state: S
    actions: int = 0  # actions applied (the watch link and the command line compare it)
    gid: str = field(default_factory=new_gid)
    # the log, a line per turn, as the table last read it from the actions
    # (app.seated.history); as a save kept it until a table reads it
    log: list[LogLine] = field(default_factory=list)
    # pass-and-play: the person the cover was lifted for, whose hand the page may show (saved
    # as "shown")
    uncovered: int | None = None
    counted: bool = False
    watch: bool = False
    daily: str = ""  # the local date of the daily deal this game is (app.daily); "" for none
    # every action applied, as text (what a replay applies again); None: not all are known
    # (a game saved before they were kept)
    moves: list[str] | None = field(default_factory=list)
    # the board's own switches of this game, flipped at its table and saved by its codec (a
    # seated board has none: its Match's own envelope does not write them)
    switches: dict[str, bool] = field(default_factory=dict)
    # the state the actions of ``trail`` apply from, the history's origin (app.seated.history):
    # the deal; for a save that did not keep every move, the state it was saved in
    start: S | None = None
    # the log lines of the turns before ``start`` (what such a save kept of them)
    kept: list[LogLine] = field(default_factory=list)
    # the actions applied since ``start`` when ``moves`` are not all known
    later: list[str] = field(default_factory=list)
    # the host of a table of phones ended it before its end (app.net.hosting): over, nobody
    # wins, never counted in the record (docs/table-of-phones.md)
    ended: bool = False
    # the phone seats given to a computer for the rest of this game (app.net.hosting): a next
    # game deals them to phones again (:meth:`setup_again`)
    given: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.start is None and self.actions == 0:
            self.start = self.state

    @property
    def trail(self) -> list[str]:
        """Every action applied since :attr:`start`, as text."""
        return self.moves if self.moves is not None else self.later

    @property
    def you(self) -> int | None:
        """The seat this device's player sits in, when one person plays here (a
        pass-and-play game has several: each reads the game as "you" in turn)."""
        here = self.setup.here
        return here[0] if len(here) == 1 else None

    @classmethod
    def new(cls, setup: Setup, deal: int, watch: bool = False) -> Match[S]:
        game = get_game(setup.game)
        # a table on a big screen (phone seats, none played here) plays no game of this
        # device's: its end is not counted in this device's record, as if counted already
        table = bool(setup.phones) and not setup.here and not watch
        return cls(setup, deal, deal_seeded(game, setup.config(), deal), watch=watch,
                   counted=table)

    @property
    def game(self) -> Game[Any, S, Any, Any]:
        """The registry's game of the set-up: its state is this match's (the registry holds
        every game, so it cannot say which; its config, actions and views are not used here)."""
        return get_game(self.setup.game)

    @property
    def current(self) -> int | None:
        p: int | None = self.game.current_player(self.state)
        return p

    @property
    def outcome(self) -> Outcome | None:
        out: Outcome | None = self.game.outcome(self.state)
        if out is None and self.ended:
            return Outcome((), ENDED)
        return out

    def setup_again(self) -> Setup:
        """The set-up a next game of this table is dealt with (Play again): the seats a
        computer took over for the rest of this game are phones again."""
        if not self.given:
            return self.setup
        return replace(self.setup, seats=tuple(
            Seat("phone", s.name) if i in self.given else s
            for i, s in enumerate(self.setup.seats)))

    def end_here(self) -> None:
        """The host ends this game before its end: it is over, nobody wins, and it is not
        counted in the record (as if counted already: an unfinished game is not a game
        played)."""
        if not self.over:
            self.ended = True
            self.counted = True

    @property
    def over(self) -> bool:
        return self.outcome is not None

    @property
    def viewer(self) -> int:
        """Whose hand the page shows: the person who may see it, or in a watched game the
        player to move."""
        if self.watch:
            cur = self.current
            return cur if cur is not None else 0
        if self.uncovered is not None:
            return self.uncovered
        here = self.setup.here
        return here[0] if here else 0

    @property
    def covered(self) -> bool:
        """Pass-and-play: the next person has not yet taken the device."""
        if self.watch or self.over or len(self.setup.here) < 2:
            return False
        cur = self.current
        return cur is not None and self.setup.seats[cur].here and self.uncovered != cur

    def names(self) -> list[str]:
        return self.setup.names()

    def result_text(self, out: Outcome) -> str:
        """The end sentence with the seats' names, "You win" (not "You wins") for this
        device's one player when the table calls them "You" (in pass-and-play, and at a table
        of phones, every person by name: "Bea wins", not "Bea win")."""
        you, names = self.you, self.names()
        return outcome_text(out, names, [] if you is None or names[you] != "You" else [you])

    def apply_all(self, actions: Sequence[Action], after: S | None = None,
                  trail: bool = True) -> None:
        """Apply steps all-or-nothing: IllegalAction leaves the game exactly as it was.
        ``after``: the state they lead to, when the mover worked it out already (a board's
        own play to the end applies thousands of steps in stretches); ``trail`` False: a
        game whose state alone keeps it (a solitaire's forced moves) keeps no trail of them."""
        state = self.state
        if after is not None:
            state = after
        else:
            for a in actions:
                state = self.game.apply(state, a)
        self.state = state
        self.actions += len(actions)
        if trail:
            self.trail.extend(str(a) for a in actions)

    def rewind(self, state: S, actions: int) -> None:
        """Back to an earlier ``state`` after ``actions`` actions (Undo)."""
        since = actions - (self.actions - len(self.trail))  # the trail's actions still kept
        self.state, self.actions = state, actions
        if since < 0:  # before the trail's start: the game as it is now is the start
            self.start, self.kept, self.later = state, [], []
            self.moves = None if actions else []
        else:
            del self.trail[since:]

    def played(self) -> JSONObject:
        """This finished game as the record's history keeps it (:func:`app.storage.read_played`):
        the seats, the result, the score of the seat that is you, and the set-up, deal and
        moves that replay it."""
        out = self.outcome
        assert out is not None
        you = next((i for i, s in enumerate(self.setup.seats) if s.kind == "you"), None)
        score = (out.scores[you] if out.scores is not None and you is not None else None)
        replay: JSONObject | None = (
            {"setup": self.setup.to_dict(), "deal": self.deal, "moves": list(self.moves)}
            if self.moves is not None and len(self.moves) == self.actions else None)
        return {"won": won(self), "players": len(self.setup.seats),
                "levels": [s.level for s in self.setup.seats if s.kind == "computer"],
                "winners": list(out.winners), "score": score, "deal": self.deal,
                "result": self.result_text(out), "tag": "daily" if self.daily else "",
                "replay": replay}

    def envelope(self) -> JSONObject:
        ended: JSONObject = {"ended": True} if self.ended else {}  # (older saves unchanged)
        if self.given:
            ended["given"] = list(self.given)
        return {
            "version": SAVE_VERSION, "game": self.setup.game, "gid": self.gid,
            "setup": self.setup.to_dict(), "deal": self.deal, "actions": self.actions,
            "log": [[ln.seat, ln.text, ln.hand] for ln in self.log[-200:]],
            # where each person's "since your last turn" started, for the versions before the
            # history was read from the moves (this one reads it from the log's lines)
            "seen": {str(k): v for k, v in self.seen_lines().items()}, "shown": self.uncovered,
            "counted": self.counted,
            "daily": self.daily, "moves": None if self.moves is None else list(self.moves),
            "state": self.game.state_to_dict(self.state),
            **ended,
        }

    def seen_lines(self) -> dict[int, int]:
        """Each person's count of log lines up to their own last line."""
        seen: dict[int, int] = {}
        for i, ln in enumerate(self.log[-200:]):
            if self.setup.seats[ln.seat].human if 0 <= ln.seat < len(self.setup.seats) else False:
                seen[ln.seat] = i + 1
        return seen

    def to_json(self) -> str:
        return json.dumps(self.envelope(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str, game_id: str) -> Match[S]:
        """Read a saved game; InvalidState says what is wrong with it."""
        data = read_envelope(text, game_id, game_id, SAVE_VERSION)
        try:
            setup = Setup.from_dict(data.get("setup"))
        except SetupError as e:
            raise InvalidState(f"its seats cannot be read: {e}") from None
        game = get_game(game_id)
        state = game.state_from_dict(legacy_history(data))
        deal, actions = data.get("deal"), data.get("actions")
        if not isinstance(deal, int) or not isinstance(actions, int) or actions < 0:
            raise InvalidState("the saved game has no deal number or action count")
        if game.config_of(state).players != len(setup.seats):
            raise InvalidState("the saved seats do not match the saved game")
        log_data = data.get("log") or []
        if not isinstance(log_data, list):
            raise InvalidState("the saved game's log cannot be read")
        log = []
        for item in log_data:
            if (not isinstance(item, list) or len(item) != 3 or not isinstance(item[0], int)
                    or not isinstance(item[1], str) or not isinstance(item[2], int)):
                raise InvalidState("a line of the saved game's log cannot be read")
            log.append(LogLine(item[0], item[1][:500], item[2]))
        shown = data.get("shown")
        if shown is not None and (not isinstance(shown, int) or isinstance(shown, bool)
                                  or not 0 <= shown < len(setup.seats)):
            raise InvalidState("the saved game's shown hand cannot be read")
        gid = data["gid"]
        moves = data.get("moves", [] if actions == 0 else None)
        if moves is not None and (not isinstance(moves, list) or len(moves) != actions
                                  or not all(isinstance(x, str) for x in moves)):
            moves = None  # a replay needs every move: without them the game is still played
        # (its "seen", where each person's news started, is read from the log's lines now)
        m: Match[S] = cls(setup, deal, state, actions, gid, log, shown,
                          bool(data.get("counted")), daily=date_of(data), moves=moves)
        m.ended = data.get("ended") is True
        given = data.get("given")
        if isinstance(given, list):
            m.given = sorted({g for g in given if isinstance(g, int) and not isinstance(g, bool)
                              and 0 <= g < len(setup.seats) and setup.seats[g].kind == "computer"})
        m.start = m.replayed(game)
        if m.start is None:  # its moves do not lead to its state: its history is the log kept
            m.start, m.moves, m.kept = state, None, list(log)
        return m

    def replayed(self, game: Game[Any, S, Any, Any]) -> S | None:
        """The deal this game's moves apply from, if they lead from it to the game's state (a
        save before the moves were kept, or an edited one: None)."""
        if self.moves is None:
            return None
        try:
            start: S = deal_seeded(game, self.setup.config(), self.deal)
            state = start
            for text in self.moves:
                state = game.apply(state, game.parse_action(text))
        except Exception:  # any action that does not parse or apply: not this game's moves
            return None
        same = state == self.state or game.state_to_dict(state) == game.state_to_dict(self.state)
        return start if same else None


class MatchCodec(Generic[S]):
    """A seated game's save as :class:`Match` writes it (:class:`app.storage.Codec`)."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    def read(self, text: str) -> Match[S]:
        return Match.from_json(text, self.game_id)

    def envelope(self, game: Match[S]) -> JSONObject:
        return game.envelope()

    def played(self, game: Match[S]) -> JSONObject:
        return game.played()


def legacy_history(data: JSONObject) -> JSON:
    """The saved state, with the points hand by hand that saves before the state kept them
    were written with beside it (``hands``): a game of several hands keeps its finished hands'
    scores in its state, as ``history`` (engine.protocol)."""
    state, hands = data.get("state"), data.get("hands")
    if hands and isinstance(state, dict) and "history" not in state:
        return {**state, "history": hands}
    return state


def won(match: Match[S]) -> bool:
    """A finished game counts as won on this device when a "you" seat won (or shared it)."""
    out = match.outcome
    return out is not None and not match.watch and any(
        match.setup.seats[w].kind == "you" for w in out.winners)
