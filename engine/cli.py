"""The commands every game shares: ``python -m engine play GAME`` and ``python -m engine
tournament GAME`` (``python -m engine GAME play|tournament`` is the same command).

Their flags come from the game's metadata, never from code of the game's own: ``--seats`` (or
``--a``/``--b``) take its computer levels, and each set-up option of ``GameInfo.options`` is a
flag (``hand_size`` becomes ``--hand-size``), so the flags, the app's set-up screen and a watch
link's query all name the same options. Values are read by :func:`engine.seats.parse_options`
(the reader the app uses for a link), games are played by :mod:`engine.seats` and added up by
:func:`engine.tournament.report`. Bad input raises an EngineError, which ``engine.__main__``
turns into one line and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence

from engine.errors import InvalidConfig
from engine.protocol import GameInfo
from engine.registry import get_game
from engine.seats import (
    FORCED,
    PlayResult,
    default_seats,
    make_bots,
    parse_options,
    parse_seats,
    play_seeded,
    seated_config,
)
from engine.tournament import DEALS_APART, TournamentReport, report, wilson

COMMANDS = {"play": "play one seeded game between computer players",
            "tournament": "computer level a against level b over many seeded games"}


def _flag(option_id: str) -> str:
    return "--" + option_id.replace("_", "-")


def _levels_text(info: GameInfo) -> str:
    if not info.bot_levels:
        return f"{FORCED} (no computer players: every move is taken as the rules force it)"
    return ", ".join(info.bot_levels) + " (weakest first)"


def _add_options(p: argparse.ArgumentParser, info: GameInfo) -> None:
    """One flag per set-up option; values are text, checked by the game (one error line)."""
    for o in info.options:
        extra = ("".join(f"; {v}: {label}" for v, label in o.choices) if o.kind == "choice"
                 else f"; {o.min} to {o.max}" + (f", or 0: {o.zero}" if o.zero else ""))
        p.add_argument(_flag(o.id), dest=f"option_{o.id}", default=None,
                       metavar="VALUE" if o.kind == "choice" else "N",
                       help=f"{o.name} (default {o.default}{extra}). {o.help}".strip())


def _options(info: GameInfo, args: argparse.Namespace) -> dict[str, object]:
    texts = {o.id: getattr(args, f"option_{o.id}") for o in info.options
             if getattr(args, f"option_{o.id}") is not None}
    return parse_options(info.id, texts)


def play_parser(game_id: str) -> argparse.ArgumentParser:
    info = get_game(game_id).info
    seats = ",".join(default_seats(game_id))
    p = argparse.ArgumentParser(prog=f"python -m engine play {game_id}",
                                description=f"{info.name}: {COMMANDS['play']}.")
    p.add_argument("--seed", type=int, default=1,
                   help="deal number, the app's watch link N (default 1)")
    p.add_argument("--seats", "--levels", "--bots", dest="seats", default=seats,
                   help=(f"computer levels by seat, comma separated, {info.min_players} to "
                         f"{info.max_players} seats; levels {_levels_text(info)} "
                         f"(default {seats})"))
    p.add_argument("--deck", default=None, metavar="CARDS",
                   help=("deal these cards instead of deal --seed, first dealt first, "
                         "separated by spaces (--seed then only seeds the computers)"))
    _add_options(p, info)
    p.add_argument("--log", action="store_true", help="print every action as it is taken")
    p.add_argument("--show", action="store_true",
                   help="print the table at the end (for a game that has a text form of it)")
    p.add_argument("--progress", action="store_true",
                   help="say on standard error every 500 actions that the game goes on")
    p.add_argument("--json", action="store_true",
                   help="print the result as one JSON line (engine.seats.PlayResult.to_dict)")
    return p


def tournament_parser(game_id: str) -> argparse.ArgumentParser:
    info = get_game(game_id).info
    a, b = default_seats(game_id)[0], default_seats(game_id)[-1]
    players = len(default_seats(game_id))
    p = argparse.ArgumentParser(prog=f"python -m engine tournament {game_id}",
                                description=f"{info.name}: {COMMANDS['tournament']}.")
    p.add_argument("--a", default=a, help=f"level a, one seat of each game: "
                                          f"{_levels_text(info)} (default {a})")
    p.add_argument("--b", default=b, help=f"level b, in every other seat (default {b})")
    p.add_argument("--games", type=int, default=100, metavar="N",
                   help="games to play (default 100)")
    p.add_argument("--seed", type=int, default=1, metavar="S",
                   help=(f"tournament seed; game g is play --seed S*{DEALS_APART}+g//players "
                         "with level a in seat g%%players+1 (default 1)"))
    p.add_argument("--players", type=int, default=players, metavar="N",
                   help=(f"players a game, {info.min_players} to {info.max_players}; level a "
                         f"moves one seat on each game (default {players})"))
    _add_options(p, info)
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help=("processes to share the games out, the same results for any number "
                         "(default 1)"))
    p.add_argument("--progress", action="store_true",
                   help="say on standard error every tenth of the games how far it is")
    p.add_argument("--json", action="store_true",
                   help="print the results as one JSON object (TournamentReport.to_dict)")
    return p


def _parse(p: argparse.ArgumentParser, argv: Sequence[str]) -> argparse.Namespace | int:
    """The parsed flags, or the exit status argparse chose (0 after --help, 2 on an error)."""
    try:
        return p.parse_args(list(argv))
    except SystemExit as e:
        return 0 if e.code in (0, None) else 2


def run_play(game_id: str, argv: Sequence[str]) -> int:
    """``play``: one game, printed as a summary (and the action log, the table) or JSON."""
    info = get_game(game_id).info
    args = _parse(play_parser(game_id), argv)
    if isinstance(args, int):
        return args
    count = 0

    def log(player: int, action: object) -> None:
        print(f"P{player + 1} {action}", flush=True)

    def tick(_player: int, _action: object) -> None:
        nonlocal count
        count += 1
        if count % 500 == 0:
            print(f"… {count} actions played", file=sys.stderr, flush=True)

    on_action = log if args.log and not args.json else tick if args.progress else None
    result = play_seeded(game_id, args.seed, parse_seats(args.seats), _options(info, args),
                         on_action=on_action,
                         deck=None if args.deck is None else args.deck.split())
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    if args.show:
        table = get_game(game_id).table_text(result.state)
        if table:
            print(table)
    print("\n".join(summary_lines(result)))
    return 0


def summary_lines(result: PlayResult) -> list[str]:
    """A short human summary: set-up, the outcome's sentence, winners, scores, length, and
    the outcome's details (one line each)."""
    seats = ", ".join(f"{i + 1} {lv}" for i, lv in enumerate(result.seats))
    opts = ", ".join(f"{k} {v}" for k, v in result.options.items())
    deal = f"deal {result.seed}" if result.deck is None else "dealt from the cards given"
    lines = [f"{result.game} {deal}; seats: {seats}" + (f"; {opts}" if opts else ""),
             result.outcome.summary]
    winners = ", ".join(f"seat {w + 1} ({result.seats[w]})" for w in result.outcome.winners)
    tail = f"winners: {winners or 'none'}"
    if result.outcome.scores is not None:
        tail += f"; scores: {', '.join(f'{s:g}' for s in result.outcome.scores)}"
    lines.append(f"{tail}; {result.actions} actions")
    lines += [f"{k}: {json.dumps(v)}" for k, v in result.outcome.details.items()]
    return lines


def run_tournament(game_id: str, argv: Sequence[str]) -> int:
    """``tournament``: the games of :func:`engine.tournament.play_tournament`, added up."""
    info = get_game(game_id).info
    args = _parse(tournament_parser(game_id), argv)
    if isinstance(args, int):
        return args
    if args.games < 1:
        raise InvalidConfig("--games must be at least 1")
    if args.jobs < 1:
        raise InvalidConfig("--jobs must be at least 1")
    options = _options(info, args)
    seated_config(game_id, args.players, options)  # bad set-ups fail before any game
    make_bots(game_id, [args.a, args.b])
    res = report(game_id, args.a, args.b, args.games, args.seed, args.players, options,
                 args.jobs, args.progress)
    print(json.dumps(res.to_dict()) if args.json else "\n".join(tournament_lines(res)))
    return 0


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def tournament_lines(res: TournamentReport) -> list[str]:
    """The report for people: who won how often, scores, lengths, details, turn times."""
    names = {"a": f"{res.a} (a)", "b": f"{res.b} (b)"}
    lo, hi = wilson(res.a_wins, res.games)
    if res.players == 1:
        lines = [f"{res.game}: {names['a']} alone, {res.games} games, seed {res.seed}"]
    else:
        lines = [f"{res.game}: {names['a']} against {names['b']}, {res.games} games, "
                 f"{res.players} players, seed {res.seed}; level a moves one seat on each game"]
    if res.options:
        lines.append("  set-up: " + ", ".join(f"{k} {v}" for k, v in res.options.items()))
    lines.append(f"  {names['a']} wins {res.a_wins:g} = {_pct(res.a_win_rate)} (95 % CI "
                 f"{_pct(lo)} to {_pct(hi)}; a shared win counts as a share)")
    if res.players > 1:
        per_seat = res.b_wins / (res.players - 1) / res.games
        lines.append(f"  {names['b']} wins {res.b_wins:g}"
                     + (f" = {_pct(per_seat)} per seat" if res.players > 2
                        else f" = {_pct(per_seat)}"))
    if res.no_winner:
        lines.append(f"  nobody won: {res.no_winner} game{'s' if res.no_winner != 1 else ''}"
                     f" = {_pct(res.no_winner / res.games)}")
    if res.mean_score:
        lines.append("  mean score: " + ", ".join(f"{names[s]} {v:.1f}"
                                                   for s, v in res.mean_score.items()))
    lines.append(f"  mean game length: {res.mean_actions:.1f} actions")
    for key, values in res.details.items():
        if set(values) == {"mean", "games"}:
            lines.append(f"  {key}: mean {values['mean']:.1f}")
        else:
            lines.append(f"  {key}: " + ", ".join(f"{k} {_pct(n / res.games)}"
                                                  for k, n in values.items()))
    for s, t in res.turn_ms.items():
        lines.append(f"  turn time, {names[s]}: median {t['median']:.1f} ms, worst "
                     f"{t['worst']:.1f} ms; processor median {t['cpu_median']:.1f} ms, worst "
                     f"{t['cpu_worst']:.1f} ms; {int(t['turns'])} turns")
    return lines


__all__ = ["COMMANDS", "play_parser", "run_play", "run_tournament", "summary_lines",
           "tournament_lines", "tournament_parser"]
