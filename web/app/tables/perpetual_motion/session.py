"""The solitaire's game in progress: the engine state and what the app keeps beside it.

Saved and counted by the shell's one mechanism (:class:`app.storage.GameSaves`), as every
table's game is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field

from app.daily import date_of
from app.storage import JSONObject, new_gid, read_envelope
from engine.errors import IllegalAction
from engine.games.perpetual_motion.rules import GAME, Deal, Gather, Move, PMAction, PMState, PMView
from engine.protocol import Outcome

SAVE_VERSION = 1


@dataclass
class Session:
    """One game at the table: the engine state plus what the app keeps beside it."""

    state: PMState
    gid: str = field(default_factory=new_gid)
    counted: bool = False  # already added to this device's record
    manual: bool = False  # the player makes the forced moves by tapping
    daily: str = ""  # the local date of the daily deal this game is (app.daily); "" for none

    @classmethod
    def new(cls, deal: int, manual: bool = False) -> Session:
        return cls(GAME.new_seeded(deal), manual=manual)

    @property
    def deal(self) -> int | None:
        seed: int | None = self.state.seed
        return seed

    @property
    def view(self) -> PMView:
        return GAME.view(self.state, 0)

    @property
    def outcome(self) -> Outcome | None:
        return GAME.outcome(self.state)

    @property
    def over(self) -> bool:
        return GAME.outcome(self.state) is not None

    def played(self) -> JSONObject:
        """This finished deal as the record's history keeps it: a deal has one legal action at
        every step, so its number is all a replay needs (:func:`replay_states`)."""
        out = self.outcome
        assert out is not None
        return {"won": won(self), "players": 1, "levels": [], "winners": list(out.winners),
                "score": None, "deal": self.deal, "result": out.summary,
                "tag": "daily" if self.daily else "",
                "replay": None if self.deal is None else {"deal": self.deal}}

    def pending(self) -> Move | None:
        move: Move | None = GAME.pending_move(self.state)
        return move

    def restart(self) -> Session:
        if self.deal is None:
            raise IllegalAction("this game has no deal number to restart from")
        return Session.new(self.deal, self.manual)

    # --- actions ---
    def apply(self, action: PMAction) -> None:
        """Apply one action; IllegalAction (with the engine's reason) changes nothing."""
        self.state = GAME.apply(self.state, action)

    def next_action(self) -> PMAction | None:
        """What "Deal" does now: the pending forced move, a deal, or the gather; None when over."""
        legal = GAME.legal_actions(self.state)
        return legal[0] if legal else None

    def deal_action(self) -> Deal | Gather:
        """The Deal button: deal the next row, or gather the stacks when the deck is used up.

        Refused (IllegalAction with the engine's reason) while a forced move is pending.
        """
        action: Deal | Gather = Deal() if self.state.deck else Gather()
        reason = GAME.explain_illegal(self.state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return action

    def step_plan(self) -> list[PMAction]:
        """The actions one press of Deal makes: the deal (or gather) and, unless the player
        makes them, every forced move it causes. Nothing is applied."""
        if self.over:
            return []
        first = self.deal_action()
        plan: list[PMAction] = [first]
        if self.manual:
            return plan
        state = GAME.apply(self.state, first)
        while (move := GAME.pending_move(state)) is not None:
            plan.append(move)
            state = GAME.apply(state, move)
        return plan

    def steps_to_the_end(self) -> Iterator[list[PMAction]]:
        """The rest of the deal as presses of Deal with the forced moves made: the pending
        forced moves first, then each deal (or gather) with every forced move it causes, until
        the engine says the deal is over. Nothing is applied; a generator, so that whoever plays
        the deal out can stop and breathe between steps."""
        state = self.state
        while GAME.outcome(state) is None:
            step: list[PMAction] = []
            if GAME.pending_move(state) is None:
                legal = GAME.legal_actions(state)
                if not legal:
                    return
                step.append(legal[0])
                state = GAME.apply(state, legal[0])
            while (move := GAME.pending_move(state)) is not None:
                step.append(move)
                state = GAME.apply(state, move)
            yield step

    def tap_move(self, src: int, dst: int) -> Move:
        """A manual move from a tap on ``src`` then ``dst``; IllegalAction with the reason."""
        move = Move(src, dst)
        self.apply(move)
        return move

    # --- saving ---
    def envelope(self) -> JSONObject:
        return {
            "version": SAVE_VERSION,
            "game": GAME.info.id,
            "gid": self.gid,
            "counted": self.counted,
            "manual": self.manual,
            "daily": self.daily,
            "state": GAME.state_to_dict(self.state),
        }

    def to_json(self) -> str:
        return json.dumps(self.envelope(), separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Session:
        """Read a saved game; InvalidState says what is wrong with it."""
        data = read_envelope(text, GAME.info.id, GAME.info.name, SAVE_VERSION)
        state = GAME.state_from_dict(data.get("state"))
        return cls(state, gid=data["gid"], counted=bool(data.get("counted")),
                   daily=date_of(data),
                   manual=bool(data.get("manual")))


class SessionCodec:
    """The solitaire's save as :class:`Session` writes it (:class:`app.storage.Codec`)."""

    def read(self, text: str) -> Session:
        return Session.from_json(text)

    def envelope(self, game: Session) -> JSONObject:
        return game.envelope()

    def played(self, game: Session) -> JSONObject:
        return game.played()


CODEC = SessionCodec()

MAX_REPLAY = 20_000  # actions: every deal ends (won or looped) long before


def replay_states(replay: JSONObject) -> list[PMState]:
    """Every state of a finished deal from its number: the one legal action each time, as
    the game was played (the player's taps only ever make the forced moves). ValueError when
    the replay cannot be read."""
    deal = replay.get("deal")
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 0:
        raise ValueError("the deal number cannot be read")
    states = [GAME.new_seeded(deal)]
    while len(states) < MAX_REPLAY:
        legal = GAME.legal_actions(states[-1])
        if not legal:
            return states
        states.append(GAME.apply(states[-1], legal[0]))
    raise ValueError("the deal did not end")


def won(session: Session) -> bool:
    """A finished deal counts as won when every card was discarded."""
    out = session.outcome
    return out is not None and bool(out.details.get("won"))
