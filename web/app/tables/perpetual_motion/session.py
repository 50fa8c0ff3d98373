"""The solitaire's game in progress: a :class:`~app.seated.seats.Match` of its engine state
with one seat, the player's, and the switch Tap moves; what one press of Deal or playing to
the end applies; its save in its own shape (:data:`CODEC`).

Saved and counted by the shell's one mechanism (:class:`app.storage.GameSaves`), as every
table's game is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from app.dates import date_of
from app.seated.seats import Match, Seat, Setup
from app.storage import Codec, JSONObject, read_envelope
from engine.errors import IllegalAction
from engine.games.perpetual_motion.rules import GAME, Deal, Gather, Move, PMAction, PMState, PMView

SAVE_VERSION = 1


# the solitaire's one seat: the player (the core's Match of a seated game, with no computers)
YOU = Setup(GAME.info.id, (Seat("you", "You"),))
MANUAL = "manual"  # the switch Tap moves: the player makes the forced moves by tapping

Session = Match[PMState]  # one deal at the table (the guided one during a guided game)


def new_session(deal: int, manual: bool = False) -> Session:
    """Deal ``deal``, with Tap moves on or off."""
    return Match(YOU, deal, GAME.new_seeded(deal), moves=None, switches={MANUAL: manual})


def deal_of(s: Session) -> int | None:
    """The deal's number (None: the guided game's deck has none)."""
    seed: int | None = s.state.seed
    return seed


def is_manual(s: Session) -> bool:
    return s.switches.get(MANUAL, False)


def set_manual(s: Session, on: bool) -> None:
    s.switches[MANUAL] = on


def view_of(s: Session) -> PMView:
    return GAME.view(s.state, 0)


def pending(s: Session) -> Move | None:
    move: Move | None = GAME.pending_move(s.state)
    return move


def apply(s: Session, action: PMAction) -> None:
    """Apply one action; IllegalAction (with the engine's reason) changes nothing."""
    s.state = GAME.apply(s.state, action)
    s.actions += 1


def next_action(s: Session) -> PMAction | None:
    """What "Deal" does now: the pending forced move, a deal, or the gather; None when over."""
    legal = GAME.legal_actions(s.state)
    return legal[0] if legal else None


def deal_action(s: Session) -> Deal | Gather:
    """The Deal button: deal the next row, or gather the stacks when the deck is used up.

    Refused (IllegalAction with the engine's reason) while a forced move is pending.
    """
    action: Deal | Gather = Deal() if s.state.deck else Gather()
    reason = GAME.explain_illegal(s.state, action)
    if reason is not None:
        raise IllegalAction(reason)
    return action


def step_plan(s: Session) -> list[PMAction]:
    """The actions one press of Deal makes: the deal (or gather) and, unless the player
    makes them, every forced move it causes. Nothing is applied."""
    if s.over:
        return []
    first = deal_action(s)
    plan: list[PMAction] = [first]
    if is_manual(s):
        return plan
    state = GAME.apply(s.state, first)
    while (move := GAME.pending_move(state)) is not None:
        plan.append(move)
        state = GAME.apply(state, move)
    return plan


def steps_to_the_end(s: Session) -> Iterator[list[PMAction]]:
    """The rest of the deal as presses of Deal with the forced moves made: the pending
    forced moves first, then each deal (or gather) with every forced move it causes, until
    the engine says the deal is over. Nothing is applied; a generator, so that whoever plays
    the deal out can stop and breathe between steps."""
    state = s.state
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


class SessionCodec:
    """The solitaire's save in its own shape (:class:`app.storage.Codec`), as it was written
    before its game was a :class:`Match`: older saves load and are written back the same."""

    def read(self, text: str) -> Session:
        """Read a saved game; InvalidState says what is wrong with it."""
        data = read_envelope(text, GAME.info.id, GAME.info.name, SAVE_VERSION)
        state: PMState = GAME.state_from_dict(data.get("state"))
        return Match(YOU, state.seed or 0, state, gid=data["gid"],
                     counted=bool(data.get("counted")), daily=date_of(data), moves=None,
                     switches={MANUAL: bool(data.get("manual"))})

    def envelope(self, game: Session) -> JSONObject:
        return {
            "version": SAVE_VERSION,
            "game": GAME.info.id,
            "gid": game.gid,
            "counted": game.counted,
            "manual": is_manual(game),
            "daily": game.daily,
            "state": GAME.state_to_dict(game.state),
        }

    def played(self, game: Session) -> JSONObject:
        """This finished deal as the record's history keeps it: a deal has one legal action at
        every step, so its number is all a replay needs (:func:`replay_states`)."""
        out = game.outcome
        assert out is not None
        deal = deal_of(game)
        return {"won": won(game), "players": 1, "levels": [], "winners": list(out.winners),
                "score": None, "deal": deal, "result": out.summary,
                "tag": "daily" if game.daily else "",
                "replay": None if deal is None else {"deal": deal}}

    def to_json(self, game: Session) -> str:
        return json.dumps(self.envelope(game), separators=(",", ":"))


CODEC: Codec[Session] = SessionCodec()  # checked by mypy against the declared protocol

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
    out = GAME.outcome(session.state)
    return out is not None and bool(out.details.get("won"))
