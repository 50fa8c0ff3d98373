"""Seated games: how a deal number and a row of computer levels become one exact game.

The command line (``python -m engine play GAME --seed N --seats a,b``) and the app (a "watch"
link ``#/GAME/watch/N?seats=a,b&...``, played one action at a time in Pyodide) must play the
very same game. Both go through this module, which fixes the three things a game depends on:

* the deal: :func:`deal_seeded`, the game's deal number ``N``
  (:meth:`~engine.protocol.Game.new_game_numbered`);
* the computer players: :func:`make_bots` gives every seat a new bot of its level (some bots
  remember things between turns, so a seat must never share one with another seat or game);
  a game without computer players is played by :data:`FORCED` seats, which take the one
  action open to them;
* each computer decision: :func:`choose` hands the bot its own view, the legal actions (listed
  lazily, :class:`LazyLegal`) and a generator made for that one action, :func:`bot_rng`. A
  fresh generator per action, named by the seed and the number of actions applied so far, lets
  the app stop, reload and go on from a saved state without replaying the generator's history.

:func:`play_seeded` is the whole game, as the command line runs it (:func:`play_to_end` its
loop); the app runs the same loop a step at a time (deal_seeded, then choose and apply until
the game is over).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

from engine.errors import IllegalAction, InvalidConfig
from engine.protocol import Bot, Config, Game, JSONDict, OptionInfo, Outcome, View
from engine.registry import get_game

S = TypeVar("S")
A = TypeVar("A")
C = TypeVar("C", bound=Config)
V = TypeVar("V")

AnyGame = Game[Any, Any, Any, Any]

# A seated game that runs longer than this is a bug (every game has an end rule well below).
MAX_ACTIONS = 200_000


class LazyLegal(Sequence[A], Generic[S, A]):
    """The legal actions of a state, listed only if someone asks for the list.

    Bots mostly test one action for legality (``a in legal``); that goes through
    ``explain_illegal``, which answers without building every action (a big table in a game
    of rearranging melds has thousands of step actions). Indexing, ``len`` and iteration list
    them once, with ``legal_actions``: one rule book either way.
    """

    def __init__(self, game: Game[Any, S, Any, Any], state: S,
                 legal: Sequence[A] | None = None) -> None:
        self.game = game
        self.state = state
        self._all: list[A] | None = None if legal is None else list(legal)

    def _list(self) -> list[A]:
        if self._all is None:
            self._all = list(self.game.legal_actions(self.state))
        return self._all

    def __contains__(self, action: object) -> bool:
        return self.game.explain_illegal(self.state, action) is None

    @overload
    def __getitem__(self, i: int) -> A: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[A]: ...

    def __getitem__(self, i: int | slice) -> A | Sequence[A]:
        return self._list()[i]

    def __len__(self) -> int:
        return len(self._list())

    def __iter__(self) -> Iterator[A]:
        return iter(self._list())


def deal_seeded(game: Game[C, S, Any, Any], config: C, seed: int) -> S:
    """The one way a deal number becomes a game: :meth:`Game.new_game_numbered` (by default
    the shuffle is seeded with ``deal:<seed>``, a string seed that keeps the deal apart from
    every other generator made from the same number)."""
    return game.new_game_numbered(config, seed)


def bot_rng(seed: int, actions: int) -> random.Random:
    """The generator a computer player gets for the action after ``actions`` applied actions.

    One generator per action (rather than one for the whole game) makes the decision depend
    only on the state and these two numbers, so a game resumed from a saved state goes on
    exactly as it would have, in the app and on the command line alike.
    """
    return random.Random(f"bots:{seed}:{actions}")


def _game(game_id: str) -> AnyGame:
    return get_game(game_id)


FORCED = "forced"  # the level of a seat whose every move is forced


class Forced(Generic[A]):
    """The player of a :data:`FORCED` seat: it takes the one legal action.

    What plays a game without computer players (a solitaire of forced moves) on the command
    line. A choice between several actions is refused: nobody in that seat could make it.
    """

    def choose(self, view: object, legal: Sequence[A], rng: random.Random) -> A:
        if len(legal) != 1:
            raise IllegalAction(f"a {FORCED} seat cannot choose between {len(legal)} actions")
        return legal[0]


def make_bots(game_id: str, levels: Sequence[str]) -> list[Bot[Any, Any]]:
    """One new computer player per seat (``levels[i]`` sits in seat ``i``).

    Bots may keep memory between turns (a plan of steps, remembered hand sizes), so no two
    seats, and no two games, share an instance. An unknown level raises InvalidConfig naming
    it and the known levels, weakest first. :data:`FORCED` seats a :class:`Forced` player.
    """
    game = _game(game_id)
    known = game.info.bot_levels
    for level in levels:
        if level == FORCED:
            continue
        if not known:
            raise InvalidConfig(f"{game_id} has no computer players (its seats can only be "
                                f"{FORCED}: every move taken as the rules force it)")
        if level not in known:
            raise InvalidConfig(f"unknown computer level {level!r} for {game_id}; "
                                f"choose from {', '.join(known)}")
    return [Forced() if level == FORCED else game.bots()[level] for level in levels]


def default_seats(game_id: str) -> list[str]:
    """The seats of a game nobody set up: the strongest computer level in the first seat and
    the next strongest in the others, two seats where the game allows two (else its fewest);
    :data:`FORCED` seats for a game without computer players."""
    info = _game(game_id).info
    players = max(info.min_players, min(2, info.max_players))
    if not info.bot_levels:
        return [FORCED] * players
    levels = info.bot_levels
    return [levels[-1]] + [levels[-2] if len(levels) > 1 else levels[-1]] * (players - 1)


def choose(game: Game[Any, S, A, Any], state: S, bot: Bot[Any, A], seed: int,
           actions: int, legal: Sequence[A] | None = None) -> A:
    """The action ``bot`` takes for the player to move, after ``actions`` applied actions.

    The bot sees only that player's view; its generator is :func:`bot_rng` of the game's seed
    and ``actions``. The action is not applied (the caller applies it, and may show it first).
    ``legal``: the state's legal actions, when the caller has listed them already (the bot
    gets them without listing them again; the decision is the same).
    """
    p = game.current_player(state)
    if p is None:
        raise IllegalAction("the game is over")
    return bot.choose(game.view(state, p), LazyLegal(game, state, legal),
                      bot_rng(seed, actions))


def advise(game: Game[Any, Any, A, Any], view: View, bot: Bot[Any, A], seed: int,
           actions: int) -> A:
    """The action ``bot`` would take in the place of the player whose ``view`` it is, to move
    now: what :func:`choose` gives from any state with that view (the player's legal actions
    are the same in each: a state is sampled for them with ``determinize``)."""
    rng = bot_rng(seed, actions)
    state = game.determinize(view, bot_rng(seed, actions))
    if game.current_player(state) is None:
        raise IllegalAction("the game is over")
    return bot.choose(view, game.legal_actions(state), rng)


def parse_seats(text: str) -> list[str]:
    """``"strong, standard"`` -> ``["strong", "standard"]`` (the form of ``--seats`` and links)."""
    return [s.strip() for s in text.split(",") if s.strip()]


def parse_options(game_id: str, texts: Mapping[str, str]) -> dict[str, object]:
    """Option values written as text (command-line flags, a link's query) as config values.

    Whole-number options are read as numbers; choices stay text (``config_from_dict`` checks
    them). Unknown names raise InvalidConfig listing the game's options.
    """
    infos = _option_infos(game_id)
    out: dict[str, object] = {}
    for key, text in texts.items():
        info = infos.get(key)
        if info is None:
            raise _unknown_option(game_id, key)
        if info.kind == "int":
            try:
                out[key] = int(text.strip())
            except ValueError:
                raise InvalidConfig(f"{key}: expected a whole number, got {text!r}") from None
        else:
            out[key] = text.strip()
    return out


def _option_infos(game_id: str) -> dict[str, OptionInfo]:
    return {o.id: o for o in _game(game_id).info.options}


def _unknown_option(game_id: str, key: str) -> InvalidConfig:
    known = ", ".join(_option_infos(game_id)) or "none"
    return InvalidConfig(f"unknown option {key!r} for {game_id} (options: {known})")


def seated_config(game_id: str, players: int, options: Mapping[str, object] | None = None
                  ) -> Any:
    """The config for ``players`` seats and the set-up ``options`` (missing ones: defaults).

    Only the options of ``GameInfo.options`` are accepted (the player count comes from the
    seats); ``config_from_dict`` checks the values and raises InvalidConfig naming the field.
    """
    game = _game(game_id)
    info = game.info
    if not info.min_players <= players <= info.max_players:
        raise InvalidConfig(f"{info.name} is for {info.min_players} to {info.max_players} "
                            f"players, not {players}")
    opts = dict(options or {})
    known = _option_infos(game_id)
    for key in opts:
        if key not in known:
            raise _unknown_option(game_id, key)
    return game.config_from_dict({"players": players, **opts})


@dataclass(frozen=True)
class PlayResult:
    """One finished seated game: its set-up, end state, length and outcome.

    ``options`` are the set-up options in force (from the config, defaults filled in), so
    that ``options`` and ``seed`` and ``seats`` are enough to play the game again. ``deck``:
    the card order dealt, when the game was dealt from one instead of deal ``seed`` (the
    seed then only names the computers' generators); the JSON form has it only then.
    """

    game: str
    seed: int
    seats: tuple[str, ...]
    options: Mapping[str, object]
    state: Any = field(repr=False)
    actions: int
    outcome: Outcome
    deck: tuple[str, ...] | None = None

    def to_dict(self) -> JSONDict:
        out: JSONDict = {
            "game": self.game,
            "seed": self.seed,
            "seats": list(self.seats),
            "options": dict(self.options),
            "winners": list(self.outcome.winners),
            "scores": None if self.outcome.scores is None else list(self.outcome.scores),
            "actions": self.actions,
            "summary": self.outcome.summary,
            "outcome": self.outcome.to_dict(),
        }
        if self.deck is not None:
            out["deck"] = list(self.deck)
        return out


def config_options(config: Config) -> dict[str, object]:
    """A config's set-up options: its JSON form without the player count."""
    return {k: v for k, v in config.to_dict().items() if k != "players"}


def play_to_end(game: Game[Any, S, A, Any], state: S, bots: Sequence[Bot[Any, A]], seed: int,
                max_actions: int = MAX_ACTIONS,
                on_action: Callable[[int, A], None] | None = None,
                on_decision: Callable[[int, float, float], None] | None = None,
                ) -> tuple[S, int]:
    """Play ``state`` to the end, ``bots[p]`` deciding for player ``p`` through :func:`choose`
    with ``seed``; returns the end state and the number of actions applied.

    ``on_action(player, action)`` is called before each action is applied (the command line
    prints a log with it); ``on_decision(player, wall seconds, processor seconds)`` with how
    long each decision took (tournaments time turns with it). RuntimeError if the game runs
    past ``max_actions``.
    """
    actions = 0
    while True:
        p = game.current_player(state)
        if p is None:
            return state, actions
        if actions >= max_actions:
            raise RuntimeError(f"{game.info.id} game {seed} did not end within {max_actions} "
                               "actions")
        if on_decision is None:
            action = choose(game, state, bots[p], seed, actions)
        else:
            t0, c0 = time.perf_counter(), time.process_time()
            action = choose(game, state, bots[p], seed, actions)
            on_decision(p, time.perf_counter() - t0, time.process_time() - c0)
        if on_action is not None:
            on_action(p, action)
        state = game.apply(state, action)
        actions += 1


def play_seeded(game_id: str, seed: int, levels: Sequence[str],
                options: Mapping[str, object] | None = None,
                max_actions: int = MAX_ACTIONS,
                on_action: Callable[[int, Any], None] | None = None,
                on_decision: Callable[[int, float, float], None] | None = None,
                deck: Sequence[str] | None = None) -> PlayResult:
    """Play deal ``seed`` between computer ``levels`` (one per seat) to the end.

    This is exactly what the app does step by step for a watch link: the same deal, new bots,
    and :func:`choose` for every action (:func:`play_to_end`, which says what ``max_actions``,
    ``on_action`` and ``on_decision`` do). ``deck``: deal this card order (text forms, first
    dealt first) instead of deal ``seed``.
    """
    game = _game(game_id)
    seats = list(levels)
    config = seated_config(game_id, len(seats), options)
    bots = make_bots(game_id, seats)
    if deck is None:
        start = deal_seeded(game, config, seed)
    else:
        start = game.new_game_from_deck(config, deck)
    state, actions = play_to_end(game, start, bots, seed, max_actions, on_action, on_decision)
    outcome = game.outcome(state)
    assert outcome is not None
    return PlayResult(game_id, seed, tuple(seats), config_options(config), state, actions,
                      outcome, None if deck is None else tuple(deck))


__all__ = ["FORCED", "MAX_ACTIONS", "Forced", "LazyLegal", "PlayResult", "bot_rng", "choose",
           "config_options", "deal_seeded", "default_seats", "make_bots", "parse_options",
           "parse_seats", "play_seeded", "play_to_end", "seated_config"]
