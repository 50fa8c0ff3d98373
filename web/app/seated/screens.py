"""The seated table's screens: its frame, the cover of pass-and-play, the end, the offer to
open a link, the set-up. Pure functions of values to HTML; nothing here names a game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TypeVar

from app.board import Frame
from app.kit import button, confirm_html, esc, options_html, topbar
from app.routes import Route, shared
from app.seated.seats import LogLine, Match, Setup, level_label
from app.seen import Finale
from engine.protocol import GameInfo, Outcome

S = TypeVar("S")  # the game's state: nothing here looks into it


# The seated games' frame: the board, then Share / New game and the log, in the field; the
# message, then the game's hand and actions, in the dock.
SEATED_FRAME = Frame(board="mt-board", msg="mt-msg", dock="mt-dock", cls="mt mt-{game}",
                     extra="mt-extra", log="mt-log")


def extra_html(m: Match[S], name: str, paused: bool) -> str:
    """Under the board: Stop / Resume for a watched game, else Share and New game."""
    game_id = m.setup.game
    if m.watch:
        stop = (button("Resume", "mt-resume", cls="btn primary", testid="mt-resume")
                if paused else button("Stop", "mt-stop", testid="mt-stop"))
        if m.over:
            stop = ""
        return ('<div class="row mt-watch">' + stop
                + f'<a class="btn" href="#/{esc(game_id)}/setup">Set up a game</a>'
                + "</div>")
    return f'<div class="row mt-more">{more_html(m, name)}</div>'


def more_html(m: Match[S], name: str) -> str:
    """Share and New game (at a game's end, beside Play again); a daily deal's end shares its
    result instead (:attr:`app.seen.Finale.share`, before New game)."""
    game_id = m.setup.game
    new = (f'<a class="btn" href="#/{esc(game_id)}/setup" '
           f'data-testid="mt-new-game">New game</a>')
    if m.daily and m.over:
        return new
    return (button("Share", "share", testid="mt-share",
                     aria_label="Share a link to this deal with these seats",
                     share_hash=shared(Route("table", game=game_id, deal=m.deal,
                                             query=m.setup.query()).href()),
                     share_title=f"{name}, deal {m.deal}",
                     share_text=f"Play deal {m.deal} of {name}")
            + new)


def log_html(log: Sequence[LogLine]) -> str:
    """Under the board: the last turns of the log (:mod:`app.seated.history`)."""
    lines = log[-6:]
    if not lines:
        return ""
    items = "".join(f"<li>{esc(ln.text)}</li>" for ln in lines)
    return f'<h2 class="sr-only">What happened</h2><ol class="log-lines">{items}</ol>'


def since_html(since: Sequence[LogLine], can_replay: bool, key: str = "") -> str:
    """The person's turn: one line of what the others did since their last turn (the last
    four turns of it), and Replay, which plays those steps again; ``key``: the turn's own
    (a new key is brought into view once)."""
    since = since[-4:]
    if not since:
        return ""
    text = " · ".join(ln.text for ln in since)
    replay = (button("Replay", "mt-replay", cls="btn small", testid="mt-replay",
                     aria_label="Replay what the others did since your turn")
              if can_replay else "")
    # one line, opened by a tap; brought into view when a new one starts (web/app/attend.js)
    return (f'<section class="since" aria-label="Since your turn" data-testid="since" '
            f'data-attend="since-{esc(key)}"><details><summary><b>Since your turn:</b> '
            f'{esc(text)}</summary></details>{replay}</section>')


def replay_html(k: int, steps: int) -> str:
    """Above the table during a Replay."""
    return (f'<section class="since replaying" aria-label="Replay" data-testid="replaying">'
            f'<p><b>Replay</b>: step {k} of {steps}</p>'
            + button("Stop", "mt-replay-stop", cls="btn small", testid="mt-replay-stop")
            + "</section>")


def cover_html(m: Match[S], title: str, since: Sequence[LogLine]) -> str:
    """Pass-and-play: the next person's cover, named for them, with what happened since their
    last turn (``since``: told to them, the others by name)."""
    cur = m.current
    assert cur is not None
    name = m.names()[cur]
    news = ("".join(f"<li>{esc(ln.text)}</li>" for ln in since[-8:])
            if since else "<li>Nothing yet: you start.</li>")
    return (topbar(title)
            + '<main class="page cover" id="main"><section class="panel cover-panel" '
              'data-testid="cover" aria-labelledby="cover-h">'
            + f'<h2 id="cover-h">Pass to {esc(name)}</h2>'
            + f"<p>{esc(name)}, tap when you hold the device. Your cards stay hidden "
              "until then.</p>"
            + f'<h3>Since your last turn</h3><ol class="log-lines">{news}</ol>'
            + button(f"I am {esc(name)}: show my cards", "mt-take", cls="btn primary wide",
                     id_="cover-go", testid="cover-go")
            + "</section></main>")


# the end's heading: where the focus goes when the game ends, brought into view
END_HEAD = '<h2 id="end-title" tabindex="-1" data-into-view>{}</h2>'


def end_html(names: Sequence[str], out: Outcome, finale: Finale, scores: str) -> str:
    """The end: who won, the sentence of how, the scores, this device's record (not for a
    watched game) and Play again (not on a guest's phone: a new game is the host's). The end
    of a guided game is only who won and how: the guide's bar offers the one way on, and the
    board the card would cover is what its last words speak of."""
    winners = " and ".join(names[w] for w in out.winners) or "Nobody"
    verb = "win" if len(out.winners) != 1 else "wins"
    if finale.you is not None and finale.you in out.winners:
        head = "You win!" if len(out.winners) == 1 else "You share the win!"
    else:
        head = f"{winners} {verb}"
    if finale.guided:
        return (f'<section class="end" data-testid="end" aria-labelledby="end-title">'
                f'{END_HEAD.format(esc(head))}'
                f'<p data-testid="end-summary">{esc(finale.sentence)}</p></section>')
    record = finale.record
    shown = ("" if record is None else
             f'<p class="record" data-testid="record">On this device: played '
             f'<b>{record.played}</b> · won <b>{record.won}</b></p>')
    again = ("" if not finale.again else
             button("Play again", "mt-again", cls="btn primary", testid="mt-again",
                    aria_label="Play again with the same seats"))
    # the ways on before this device's record: in view above a dock that stays (Cube Farm's
    # scoring) with three players' scores over them
    return (f'<section class="end" data-testid="end" aria-labelledby="end-title">'
            f'{END_HEAD.format(esc(head))}'
            f'<p data-testid="end-summary">{esc(finale.sentence)}</p>{scores}'
            f'<div class="row">{again}{finale.share}{finale.more}</div>{shown}</section>'
            f'{finale.note}')


def hands_head(hands: int) -> str:
    """The head of a match's score table: a column per hand played, then the total."""
    return ("<thead><tr><td></td>"
            + "".join(f'<th scope="col">Hand {k + 1}</th>' for k in range(hands))
            + '<th scope="col">Total</th></tr></thead>')


def scores_html(names: Sequence[str], out: Outcome, caption: str) -> str:
    """The end screen's table: each player's points."""
    if out.scores is None:
        return ""
    rows = "".join(
        f"<tr><th scope='row'>{esc(n)}</th><td>{int(s)}</td></tr>"
        for n, s in zip(names, out.scores, strict=False))
    return (f'<div class="scores-wrap"><table class="scores" data-testid="scores"><caption>'
            f'{esc(caption)}</caption><tbody>{rows}</tbody></table>'
            f"</div>")


def offer_html(m: Match[S], name: str, deal: int) -> str:
    """A link to another deal while a game is in progress: open it, or keep playing."""
    return (topbar(name)
            + '<main class="page offer" id="main"><section class="panel" data-testid="offer">'
            + f"<h2>Open deal {deal}?</h2>"
            + f"<p>You have a {esc(name)} game in progress (deal {m.deal}). "
              f"Opening the link starts deal {deal} in its place.</p>"
            + '<div class="stack-buttons">'
            + button(f"Play deal {deal}", "mt-open-link", cls="btn primary",
                     testid="open-deal")
            + button("Continue my game", "mt-keep", testid="keep-game")
            + "</div></section></main>")


def setup_html(d: Setup, info: GameInfo, error: str, in_progress: str = "",
               problems: Mapping[str, str] | None = None, phones: bool = True) -> str:
    """The set-up: who plays (you, a person, a computer and its level), the game's options
    from the registry, the deal number. ``in_progress``: Start was tapped while a game is in
    progress; the bottom bar asks before ending it. ``problems``: what is wrong with a field,
    by option id (or ``"deal"``), said in words under that field; ``error``: what is wrong
    with the set-up as a whole, said above Start (always in view). ``phones``: the browser
    can connect phones (a seat may be a person on their own "Phone")."""
    problems = problems or {}

    def problem_html(key: str, field: str) -> tuple[str, str]:
        """The words under field ``field`` and the attributes that tie the field to them."""
        text = problems.get(key)
        if not text:
            return "", ""
        return (f'<p class="field-error" id="{field}-error" role="alert" '
                f'data-testid="field-error">{esc(text)}</p>',
                f' aria-invalid="true" aria-describedby="{field}-error"')

    rows = []
    for i, s in enumerate(d.seats):
        kinds = "".join(
            f'<option value="{k}"{" selected" if s.kind == k else ""}'
            f'{" disabled" if k == "phone" and not phones and s.kind != k else ""}>{lbl}</option>'
            for k, lbl in (("you", "You"), ("person", "A person"),
                           ("phone", "Phone"), ("computer", "Computer")))
        detail = ""
        # pass-and-play: every person is named, your own seat too ("Player 1" by default)
        if s.kind in ("person", "phone") or (s.kind == "you" and len(d.humans) > 1):
            you = s.kind == "you"
            shown = "" if you and s.name == "You" else s.name
            hint = f"Player {i + 1}" if you else "Name"
            testid = "seat-name-you" if you else "seat-name"
            detail = (f'<label class="sr-only" for="seat-name-{i}">Name of seat {i + 1}'
                      f'</label><input id="seat-name-{i}" type="text" maxlength="24" '
                      f'autocomplete="off" value="{esc(shown)}" data-action="setup-name" '
                      f'data-seat="{i}" data-testid="{testid}" placeholder="{esc(hint)}">')
        elif s.kind == "computer":
            levels = options_html(((lv, level_label(lv)) for lv in info.bot_levels), s.level)
            detail = (f'<label class="sr-only" for="seat-level-{i}">Level of seat {i + 1}'
                      f'</label><select id="seat-level-{i}" data-action="setup-level" '
                      f'data-seat="{i}" data-testid="seat-level">{levels}</select>')
        remove = (button("✕", "setup-remove", cls="btn icon", seat=i,
                         aria_label=f"Remove seat {i + 1}", testid="seat-remove")
                  if len(d.seats) > info.min_players else "")
        rows.append(f'<li class="seat-row" data-testid="seat"><span class="seat-no">'
                    f'{i + 1}</span><label class="sr-only" for="seat-kind-{i}">Seat {i + 1}'
                    f'</label><select id="seat-kind-{i}" data-action="setup-kind" '
                    f'data-seat="{i}" data-testid="seat-kind">{kinds}</select>{detail}'
                    f"{remove}</li>")
    add = (button("Add a seat", "setup-add", testid="seat-add")
           if len(d.seats) < info.max_players else "")
    if not phones:
        add += ('<p class="fine" data-testid="no-phones">This browser cannot connect phones (it '
                "has no WebRTC data channels): everyone plays on this one.</p>")
    elif d.phones:
        add += ('<p class="fine" data-testid="phones-how">Each person on their phone joins once '
                "the game starts: this phone shows them a QR code to scan. All phones on the "
                "same Wi-Fi (or one phone's hotspot); no internet is needed.</p>")
        if not d.here:  # every seat a phone or a computer: this device is the table
            add += ('<p class="fine" data-testid="the-table">No seat is played here: this '
                    "device is the table, shown to everyone (a tablet in the middle, a laptop, "
                    "a TV), with no hand on it.</p>")
    opts = []
    for o in info.options:
        val = d.option(o.id, o.default)
        said, tie = problem_html(o.id, f"opt-{o.id}")
        if o.kind == "choice":
            choices = options_html(o.choices, val)
            ctl = (f'<select id="opt-{esc(o.id)}" data-action="setup-option" '
                   f'data-key="{esc(o.id)}" data-testid="opt-{esc(o.id)}"{tie}>{choices}'
                   "</select>")
        else:
            # an option whose 0 is the game's usual choice: the field empty, with those words
            filled = "" if o.zero and str(val) == "0" else val
            ctl = (f'<input id="opt-{esc(o.id)}" type="number" inputmode="numeric" '
                   f'min="{0 if o.zero or o.min is None else o.min}"'
                   + (f' max="{o.max}"' if o.max is not None else "")
                   + (f' class="opt-zero" placeholder="{esc(o.zero)}"' if o.zero else "")
                   + f' value="{esc(filled)}" data-action="setup-option" data-key="{esc(o.id)}" '
                   f'data-testid="opt-{esc(o.id)}"{tie}>')
        help_ = f'<span class="fine">{esc(o.help)}</span>' if o.help else ""
        opts.append(f'<div class="form-row"><label for="opt-{esc(o.id)}">{esc(o.name)}'
                    f"</label>{ctl}</div>{said}{help_}")
    deal = "" if d.deal is None else str(d.deal)
    deal_said, deal_tie = problem_html("deal", "setup-deal")
    err = (f'<p class="msg refusal" role="alert" data-testid="setup-error">'
           f"{esc(error)}</p>" if error else "")
    return (topbar(f"{info.name}: set-up")
            + '<main class="page setup" id="main"><section class="panel" data-testid="setup" '
              'aria-labelledby="seats-h">'
            + f'<h2 id="seats-h">Who plays</h2><ol class="seats">{"".join(rows)}</ol>{add}'
            + ('<h2>Options</h2>' + "".join(opts) if opts else "")
            + '<div class="form-row"><label for="setup-deal">Deal number</label>'
              f'<input id="setup-deal" type="text" inputmode="numeric" value="{esc(deal)}" '
              f'placeholder="random" data-action="setup-deal" data-testid="setup-deal"'
              f"{deal_tie}></div>{deal_said}"
            + "</section></main>"
            + '<div class="bottom-bar">' + err
            + (confirm_html(f"Your game in progress ({in_progress}) ends if you start a new "
                            "one.", "Start a new game", "setup-start-anyway",
                            "Keep my game", "setup-keep") if in_progress else
               button("Start", "setup-start", cls="btn primary wide", testid="setup-start",
                      id_="setup-start"))
            + "</div>")


# --- a game in a few words -----------------------------------------------------------------------


def played_text(m: Match[S]) -> str:
    """A game in progress that a new one would end: "deal 12, 3 turns played"."""
    turns = len(m.log)
    return f"deal {m.deal}, {turns} turn{'s' if turns != 1 else ''} played"


def daily_setup_text(setup: Setup) -> str:
    """The daily deal's fixed set-up (you against the default computers, the game's default
    options: the same table for every player), in a sentence."""
    computers = [s for s in setup.seats if s.kind == "computer"]
    levels = {s.level for s in computers}
    level = level_label(levels.pop()) + " " if len(levels) == 1 else ""
    names = ", ".join(s.name for s in computers)
    many = f"{len(computers)} {level}computers" if len(computers) != 1 else (
        f"one {level}computer")
    return f"You against {many} ({names}), with the game's usual options."


def daily_result_text(m: Match[S], won: bool) -> str:
    """A finished daily game in a few words: won or lost, in how many of your turns (nothing
    of any hand)."""
    you = [i for i, s in enumerate(m.setup.seats) if s.kind == "you"]
    turns = sum(1 for ln in m.log if ln.seat in you)
    return f"{'won' if won else 'lost'} in {turns} turn{'s' if turns != 1 else ''}"
