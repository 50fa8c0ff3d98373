"""Invariants every game keeps at every step, and the soak run that plays games to check them.

The conformance test (``tests/test_conformance.py``), the soak test and ``scripts/soak.py``
share these checks, so "conformant" means one thing everywhere. Each ``check_*`` function
raises :class:`InvariantBroken` with a message naming what went wrong:

* :func:`check_conserved`: every card (and whatever else a game counts, such as cubes) is
  still there, compared with the complete set of the game (:func:`full_set`);
* :func:`check_roundtrip`: ``state_from_dict(state_to_dict(s)) == s``, also through JSON text,
  and the reloaded state shows every player the same view (derived data, such as a table
  rebuilt from the log, is rebuilt identically);
* :func:`check_views`: each player's view is plain JSON, does not change when the cards that
  player cannot see are dealt differently (:func:`redeal_hidden`, an oracle independent of the
  game's own ``determinize``), and ``determinize`` gives a state with the same view, cards and
  legal actions;
* :func:`check_view_json`: each player's view reads back from its JSON text
  (``view_from_dict``), and ``determinize`` of it gives a possible game (it saves and loads);
* :func:`check_refused`: an action outside the legal list is refused with IllegalAction, a
  reason, and the state unchanged; ``explain_illegal`` agrees with ``legal_actions``;
* :func:`check_end`: a state offers actions exactly when the game goes on.

:func:`soak_game` plays one seeded game with a random mix of random-legal players and computer
players of every level, random set-up options, and illegal actions tried at every step.
"""

from __future__ import annotations

import dataclasses
import json
import random
import time
import traceback
from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.errors import EngineError, IllegalAction, ParseError
from engine.protocol import PUBLIC, Game, JSONDict
from engine.registry import get_game
from engine.seats import choose, deal_seeded, make_bots

AnyGame = Game[Any, Any, Any, Any]

# A game that runs longer than this is reported as not ending (random players included).
MAX_STEPS = 60_000
VIEW_JSON_EVERY = 8  # steps between JSON forms of every player's view (else: the mover's)
RANDOM = "random"  # a seat that plays uniformly random legal actions


class InvariantBroken(AssertionError):
    """A game broke one of the shared invariants; the message says which and where."""


def _fail(message: str) -> InvariantBroken:
    return InvariantBroken(message)


# --- conservation -----------------------------------------------------------------------------


def conserved(game: AnyGame, state: Any) -> Counter[str]:
    """What the game must keep (:meth:`~engine.protocol.Game.conserved`: its cards, and
    whatever else the game counts)."""
    return game.conserved(state)


def full_set(game: AnyGame, state: Any) -> Counter[str]:
    """Everything :func:`conserved` must count for a game set up as ``state`` was
    (:meth:`~engine.protocol.Game.full_set` of its config, from the rules, not the state)."""
    return game.full_set(game.config_of(state))


def check_conserved(game: AnyGame, state: Any, full: Counter[str] | None = None) -> None:
    have = conserved(game, state)
    want = full_set(game, state) if full is None else full
    # equal as dicts (compared in C) is equal as counters; else compare as counters
    if not dict.__eq__(have, want) and have != want:
        lost = sorted((want - have).elements())
        made = sorted((have - want).elements())
        raise _fail(f"not conserved: lost {_short(lost)}, created {_short(made)}")


def _short(items: Sequence[object]) -> str:
    text = ", ".join(str(x) for x in items[:8])
    return (text + f" (+{len(items) - 8} more)") if len(items) > 8 else (text or "nothing")


# --- saving -----------------------------------------------------------------------------------


def check_roundtrip(game: AnyGame, state: Any, views: dict[int, JSONDict] | None = None
                    ) -> JSONDict:
    """The saved form reads back equal, through JSON text; returns the saved form.

    With ``views`` (some players' views as dicts), the reloaded state must show them the
    same: derived data (a table rebuilt from the hand's actions) must come back
    identical. Other players' views are compared as values.
    """
    data = game.state_to_dict(state)
    text = json.dumps(data)
    parsed = json.loads(text)
    if parsed != data:
        raise _fail("state_to_dict is not plain JSON data (tuples, non-text keys, NaN?)")
    loaded = game.state_from_dict(parsed)
    if loaded != state:
        raise _fail("state_from_dict(state_to_dict(s)) != s")
    if json.dumps(game.state_to_dict(loaded)) != text:
        raise _fail("state_to_dict changed after a reload")
    if views is not None:
        for p, vd in views.items():
            if game.view(loaded, p).to_dict() != vd:
                raise _fail(f"a reloaded state shows player {p + 1} a different view")
    return data


# --- information ------------------------------------------------------------------------------


def redeal_hidden(game: AnyGame, state: Any, player: int, rng: random.Random) -> Any:
    """``state`` with everything ``player`` cannot see dealt again at random
    (:meth:`~engine.protocol.Game.redeal_hidden`, written from each game's rules, not from its
    ``determinize``, so it checks views independently)."""
    return game.redeal_hidden(state, player, rng)


def _same_legal(game: AnyGame, state: Any, legal: Sequence[Any] | None) -> bool:
    """``state``'s legal actions are ``legal``, in order."""
    return list(game.legal_actions(state)) == list(legal or ())


def same_view(a: Any, b: Any) -> bool:
    """Two views are the same: equal as values, and fields left out of the comparison (a
    derived table) the very same object, else equal JSON forms."""
    if a != b:
        return False
    if dataclasses.is_dataclass(a):
        loose = [f.name for f in dataclasses.fields(a) if not f.compare]
        if all(getattr(a, n) is getattr(b, n) for n in loose):
            return True
    return bool(a.to_dict() == b.to_dict())


def check_views(game: AnyGame, state: Any, players: int, rng: random.Random,
                full: Counter[str] | None = None, legal: Sequence[Any] | None = None,
                as_dicts: Sequence[int] | None = None) -> dict[int, JSONDict]:
    """Every player's view hides what it should.

    For each player: dealing the cards that player cannot see differently
    (:func:`redeal_hidden`) changes neither the view nor, for the player to move, the legal
    actions; ``determinize`` gives a state with the same view, the same cards and the same
    legal actions. ``legal``: the legal actions of ``state``, when the
    caller has them. Returns the JSON forms of the views of the players in ``as_dicts`` (all
    players when None), checked to be JSON text.
    """
    who = game.current_player(state)
    if legal is None and who is not None:
        legal = game.legal_actions(state)
    out: dict[int, JSONDict] = {}
    for p in range(players):
        view = game.view(state, p)
        if as_dicts is None or p in as_dicts:
            vd = view.to_dict()
            json.dumps(vd)
            out[p] = vd
        other = game.redeal_hidden(state, p, rng)
        if not same_view(game.view(other, p), view):
            raise _fail(f"player {p + 1}'s view shows cards that player cannot see")
        if p == who and not _same_legal(game, other, legal):
            raise _fail("the legal actions depend on cards the player cannot see")
        guess = game.determinize(view, rng)
        if not same_view(game.view(guess, p), view):
            raise _fail(f"determinize: player {p + 1}'s view of the sampled state differs")
        check_conserved(game, guess, full)
        if p == who and not _same_legal(game, guess, legal):
            raise _fail("determinize: the sampled state has other legal actions")
    return out


def check_view_json(game: AnyGame, state: Any, players: int, rng: random.Random) -> None:
    """Every player's view comes back from its JSON text (what a guest's phone receives):
    :meth:`~engine.protocol.Game.view_from_dict` reads it back the same view (its derived
    parts, a table rebuilt from the hand's actions, included); and a state ``determinize``
    samples from it is a possible game (it saves and loads back) showing the player that
    view, which is what the guest draws its table from; a finished one ends as the game did
    (the same outcome: the guest's end screen is drawn from it)."""
    for p in range(players):
        view = game.view(state, p)
        try:
            back = game.view_from_dict(json.loads(json.dumps(view.to_dict())))
        except EngineError as e:
            raise _fail(f"view_from_dict refused player {p + 1}'s view: {e}") from None
        if not same_view(back, view):
            raise _fail(f"view_from_dict(to_dict(v)) != v for player {p + 1}")
        guess = game.determinize(back, rng)
        if not same_view(game.view(guess, p), view):
            raise _fail(f"determinize: player {p + 1}'s view of the sampled state differs")
        out, guessed = game.outcome(state), game.outcome(guess)
        if (None if out is None else (out.to_dict(), out.text)) != (
                None if guessed is None else (guessed.to_dict(), guessed.text)):
            raise _fail(f"determinize: the state sampled for player {p + 1} ends otherwise")
        try:
            check_roundtrip(game, guess)
        except (EngineError, InvariantBroken) as e:
            raise _fail(f"determinize: the state sampled for player {p + 1} is not a "
                        f"possible game: {e}") from None


def check_public_view(game: AnyGame, state: Any, players: int, rng: random.Random,
                      full: Counter[str] | None = None) -> JSONDict:
    """The public view (:meth:`~engine.protocol.Game.public_view`, what a big-screen table and
    a watcher are sent) holds no card of any hand nor the order of anything face down: it is
    nobody's (seat :data:`~engine.protocol.PUBLIC`), and dealing again what each player in turn
    cannot see (every hand, the deck) changes nothing of it. It reads back equal from its JSON
    text, and ``determinize`` of it is a possible game (it saves and loads back, holds the
    same cards) showing that public view and ending as the game did. Returns its JSON form."""
    view = game.public_view(state)
    if getattr(view, "player", PUBLIC) != PUBLIC:
        raise _fail("the public view is some seat's (its player is not PUBLIC)")
    data: JSONDict = view.to_dict()
    other = state
    for p in range(players):
        other = game.redeal_hidden(other, p, rng)
        if not same_view(game.public_view(other), view):
            raise _fail(f"the public view shows cards hidden from player {p + 1}")
    try:
        back = game.view_from_dict(json.loads(json.dumps(data)))
    except EngineError as e:
        raise _fail(f"view_from_dict refused the public view: {e}") from None
    if not same_view(back, view):
        raise _fail("view_from_dict(to_dict(v)) != v for the public view")
    guess = game.determinize(back, rng)
    if not same_view(game.public_view(guess), view):
        raise _fail("determinize: the public view of the sampled state differs")
    check_conserved(game, guess, full)
    out, guessed = game.outcome(state), game.outcome(guess)
    if (None if out is None else (out.to_dict(), out.text)) != (
            None if guessed is None else (guessed.to_dict(), guessed.text)):
        raise _fail("determinize: the state sampled from the public view ends otherwise")
    try:
        check_roundtrip(game, guess)
    except (EngineError, InvariantBroken) as e:
        raise _fail(f"determinize: the state sampled from the public view is not a possible "
                    f"game: {e}") from None
    return data


def player_count(game: AnyGame, state: Any) -> int:
    """How many players a state has: its set-up's, which every game gives (``config_of``)."""
    players: int = game.config_of(state).players
    return players


# --- illegal actions --------------------------------------------------------------------------


def check_refused(game: AnyGame, state: Any, action: Any, legal: Collection[Any],
                  before: JSONDict | None = None, unchanged: bool = True) -> bool:
    """``explain_illegal`` agrees with the legal list; an illegal ``action`` is refused with
    IllegalAction and a reason, leaving the state as it was. Returns whether it was illegal.

    ``unchanged=False`` leaves out the comparison of the state's saved form with ``before``
    (a caller that tries several actions on one state compares once, after the last)."""
    try:
        reason = game.explain_illegal(state, action)
    except EngineError as e:
        raise _fail(f"explain_illegal({action}) raised {type(e).__name__}: {e}") from None
    if action in legal:
        if reason is not None:
            raise _fail(f"legal action {action} explained as illegal: {reason}")
        return False
    if not isinstance(reason, str) or not reason:
        raise _fail(f"illegal action {action} has no reason (got {reason!r})")
    data = game.state_to_dict(state) if before is None and unchanged else before
    try:
        game.apply(state, action)
    except IllegalAction as e:
        if not e.reason:
            raise _fail(f"IllegalAction without a reason for {action}") from None
    else:
        raise _fail(f"illegal action {action} was applied ({reason})")
    if unchanged and game.state_to_dict(state) != data:
        raise _fail(f"refusing {action} changed the state")
    return True


def check_parse(game: AnyGame, text: str) -> Any | None:
    """``parse_action`` reads ``text`` or raises ParseError, nothing else; text forms of what
    it reads round-trip."""
    try:
        action = game.parse_action(text)
    except ParseError:
        return None
    except Exception as e:
        raise _fail(f"parse_action({text[:60]!r}) raised {type(e).__name__}: {e}") from None
    if game.parse_action(str(action)) != action:
        raise _fail(f"parse_action(str({action!r})) does not read it back")
    return action


_HUGE = "9" * 5000


def mutate_action(action: Any, rng: random.Random) -> Any | None:
    """A nearby action of the same type: one field changed (numbers off by one or out of
    range, another card, a dropped or repeated part). None when nothing could be changed."""
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return None
    fields = dataclasses.fields(action)
    if not fields:
        return None
    f = rng.choice(fields)
    v = getattr(action, f.name)
    new: object
    if isinstance(v, bool):
        new = not v
    elif isinstance(v, int):
        if "None" in str(f.type) and rng.random() < 0.2:
            new = None
        else:
            new = rng.choice([v + 1, v - 1, -1, 0, 99, 10**9, -(10**9)])
            if new == v:
                new = v + 2
    elif v is None:
        new = rng.choice([0, 1, 5, 99])
    elif isinstance(v, Card):
        new = Card(rng.randint(1, 13), rng.choice("SHDC"))
    elif isinstance(v, str):
        new = rng.choice(["", "ZZ", v + v, v[:-1], v.lower(), "E0", "C01", "A12", "three"])
    elif isinstance(v, tuple):
        if not v:
            return None
        k = rng.randrange(3)
        new = v[:-1] if k == 0 else v + (v[0],) if k == 1 else tuple(reversed(v))
    else:
        return None
    try:
        return dataclasses.replace(action, **{f.name: new})
    except (EngineError, ValueError, TypeError):
        return None


def mutate_text(text: str, rng: random.Random) -> str:
    """An action text with one word changed, dropped, repeated or replaced by junk."""
    words = text.split() or [""]
    i = rng.randrange(len(words))
    k = rng.randrange(7)
    if k == 0:
        del words[i]
    elif k == 1:
        words.insert(i, words[i])
    elif k == 2:
        words[i] = rng.choice(["0", "-1", "99", "1.5", "\u00b2", "\u0663", _HUGE, "new", "->",
                               "x", "", "on", "pile", "at", "rot", ",", "%00", "<b>"])
    elif k == 3:
        words[i] = "".join(rng.choice("0123456789.,-+>") for _ in range(rng.randint(1, 6)))
    elif k == 4:
        words[i] = words[i].upper() if rng.random() < 0.5 else words[i][::-1]
    elif k == 5:
        words.append(rng.choice(["extra", "1", "new", "7H", "pile 0"]))
    else:
        words[i] = "".join(chr(rng.randint(32, 0x2FF)) for _ in range(rng.randint(1, 4)))
    return " ".join(words)


# --- the end ----------------------------------------------------------------------------------


def check_end(game: AnyGame, state: Any, legal: Sequence[Any] | None = None) -> bool:
    """Legal actions exist exactly while the game goes on; returns whether it is over."""
    over = game.is_over(state)
    acts = game.legal_actions(state) if legal is None else legal
    if over:
        if acts:
            raise _fail("a finished game offers actions")
        if game.current_player(state) is not None:
            raise _fail("a finished game has a player to move")
        outcome = game.outcome(state)
        assert outcome is not None
        json.dumps(outcome.to_dict())
        n = player_count(game, state)
        if len(set(outcome.winners)) != len(outcome.winners) or not all(
                0 <= w < n for w in outcome.winners):
            raise _fail(f"the winners {outcome.winners} are not players of this game")
        if outcome.scores is not None and len(outcome.scores) != n:
            raise _fail(f"{len(outcome.scores)} scores for {n} players")
    else:
        if not acts:
            raise _fail("a game that is not over offers no action")
        if game.current_player(state) is None:
            raise _fail("a game that is not over has nobody to move")
    return over


# --- one soak game ----------------------------------------------------------------------------


def random_config(game: AnyGame, rng: random.Random) -> Any:
    """A random player count and random set-up options (within what the game accepts)."""
    info = game.info
    for _ in range(50):
        players = rng.randint(info.min_players, info.max_players)
        opts: dict[str, object] = {"players": players}
        for o in info.options:
            if o.kind == "choice":
                opts[o.id] = rng.choice([v for v, _ in o.choices])
                continue
            fixed = game.soak.option_values.get(o.id)
            lo = o.min if o.min is not None else 0
            hi = o.max if o.max is not None else lo + 10
            if fixed is not None:
                opts[o.id] = rng.choice(fixed)
            else:
                opts[o.id] = rng.choice([o.default, lo, hi, rng.randint(lo, hi)])
        try:
            return game.config_from_dict(opts)
        except EngineError:
            continue  # e.g. too many cards for that many players
    return game.default_config(info.min_players)


@dataclass(frozen=True)
class SoakResult:
    """One soak game: its set-up, how far it got and the first broken invariant, if any."""

    game: str
    seed: int
    seats: tuple[str, ...]
    config: JSONDict
    steps: int
    illegal_tried: int
    seconds: float
    failure: str | None = None
    failure_step: int | None = None
    finished: bool = True  # False: stopped after ``stop_after`` steps (every check passed)
    cpu_seconds: float = 0.0  # processor time (``seconds`` is wall time: the computer may be busy)

    def to_dict(self) -> JSONDict:
        return dataclasses.asdict(self)


def random_legal(legal: Sequence[Any], rng: random.Random) -> Any:
    """A random legal action: first a kind of action (its type) at random among the kinds
    offered, then one action of that kind. Uniform over kinds rather than over actions, so a
    player offered hundreds of rearrangements of the table ends its turn now and then instead
    of spending every step the turn allows on them."""
    kinds: dict[type, list[Any]] = {}
    for a in legal:
        kinds.setdefault(type(a), []).append(a)
    group = rng.choice(list(kinds.values()))
    return group[0] if len(group) == 1 else rng.choice(group)


def _illegal_candidates(game: AnyGame, legal: Sequence[Any], pool: Sequence[Any],
                        rng: random.Random) -> list[Any]:
    out: list[Any] = []
    if pool:
        out.append(rng.choice(pool))
    if legal:
        for _ in range(2):
            m = mutate_action(rng.choice(legal), rng)
            if m is not None:
                out.append(m)
        parsed = check_parse(game, mutate_text(str(rng.choice(legal)), rng))
        if parsed is not None:
            out.append(parsed)
    return out


def soak_game(game_id: str, seed: int, max_steps: int = MAX_STEPS,
              seats: Sequence[str] | None = None, config: Any = None,
              stop_after: int | None = None) -> SoakResult:
    """Play soak game ``seed`` of ``game_id``, checking every invariant at every step.

    The set-up (player count, options, and which seats are random-legal players or computer
    players of which level) comes from ``random.Random(f"soak:{game_id}:{seed}")``; the deal
    from :func:`engine.seats.deal_seeded`; the computers' decisions from
    :func:`engine.seats.choose`. The same arguments replay the same game exactly.
    ``stop_after`` ends the run early (after that many steps, all checked) for quick tests.
    """
    game = get_game(game_id)
    rng = random.Random(f"soak:{game_id}:{seed}")
    checks = random.Random(f"soak-checks:{game_id}:{seed}")
    if config is None:
        config = random_config(game, rng)
    n = config.players
    levels = game.info.bot_levels
    if seats is None:
        share = game.soak.random_seats
        seats = [RANDOM if not levels or rng.random() < share else rng.choice(levels)
                 for _ in range(n)]
    seats = tuple(seats)
    bots: list[Any] = [None] * n
    for p, level in enumerate(seats):
        if level != RANDOM:
            bots[p] = make_bots(game_id, [level])[0]
    start = time.perf_counter()
    cpu = time.process_time()
    steps = 0
    tried = 0
    pool: list[Any] = []
    try:
        state = deal_seeded(game, config, seed)
        full = full_set(game, state)
        while True:
            check_conserved(game, state, full)
            legal = game.legal_actions(state)
            over = check_end(game, state, legal)
            # JSON forms of every view now and then and at the end, else of the player to
            # move (a view's JSON may score the whole table: the slow part)
            mover = game.current_player(state)
            every = mover is None or steps % VIEW_JSON_EVERY == 0
            views = check_views(game, state, n, checks, full, None if over else legal,
                                None if every or mover is None else [mover])
            data = check_roundtrip(game, state, views)
            if over:
                break
            if stop_after is not None and steps >= stop_after:
                return SoakResult(game_id, seed, seats, config.to_dict(), steps, tried,
                                  time.perf_counter() - start, finished=False,
                                  cpu_seconds=time.process_time() - cpu)
            if steps >= max_steps:
                raise _fail(f"the game did not end within {max_steps} steps")
            legal_set = set(legal)
            cands = _illegal_candidates(game, legal, pool, checks)
            for cand in cands:
                tried += check_refused(game, state, cand, legal_set, data, unchanged=False)
            # states are values: one comparison after every refusal covers them all
            if game.state_to_dict(state) != data:
                raise _fail("refusing one of " + ", ".join(str(c) for c in cands)
                            + " changed the state")
            assert mover is not None
            p = mover
            if bots[p] is None:
                action = random_legal(legal, rng)
            else:
                action = choose(game, state, bots[p], seed, steps, legal)
                if action not in legal_set:
                    raise _fail(f"the {seats[p]} computer chose an illegal action {action}")
            if check_parse(game, str(action)) != action:
                raise _fail(f"parse_action(str({action})) is another action")
            if len(pool) < 200:
                pool.append(action)
            elif checks.random() < 0.05:
                pool[checks.randrange(len(pool))] = action
            state = game.apply(state, action)
            steps += 1
    except Exception as e:
        msg = f"{type(e).__name__}: {e}"
        if not isinstance(e, InvariantBroken):
            tb = traceback.extract_tb(e.__traceback__)
            if tb:
                last = tb[-1]
                msg += f" (at {last.filename.rsplit('/', 2)[-2:]}:{last.lineno})"
        return SoakResult(game_id, seed, seats, config.to_dict(), steps, tried,
                          time.perf_counter() - start, msg, steps,
                          cpu_seconds=time.process_time() - cpu)
    return SoakResult(game_id, seed, seats, config.to_dict(), steps, tried,
                      time.perf_counter() - start, cpu_seconds=time.process_time() - cpu)


def soak_chunk(task: tuple[str, Sequence[int]]) -> list[JSONDict]:
    """Soak games ``seeds`` of ``game_id`` (``task = (game_id, seeds)``), as plain data: the
    work item of ``scripts/soak.py``'s worker processes."""
    game_id, seeds = task
    return [soak_game(game_id, s).to_dict() for s in seeds]


__all__ = [
    "MAX_STEPS", "RANDOM", "InvariantBroken", "SoakResult",
    "check_conserved", "check_end", "check_parse", "check_refused", "check_roundtrip",
    "check_view_json", "check_views", "conserved", "full_set", "mutate_action", "mutate_text",
    "player_count", "random_config", "random_legal", "redeal_hidden", "same_view", "soak_chunk",
    "soak_game",
]
