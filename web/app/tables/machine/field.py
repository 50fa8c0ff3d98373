"""The Machine table's field as HTML: the other players and their news, the round and the
piles, your mat, and at set-up the pairs to choose from."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement

from app.kit import and_list, attrs, esc, face, plural, symbols
from app.kit import board_button as _btn
from app.tables.machine.marks import news
from app.tables.machine.mats import limits_html, mat_html, tracks_line_html
from app.tables.machine.turn import WAIT, MachineTurnUI, is_live, keyed, sane
from app.tables.machine.words import pair_gains, pair_label, player_name, tracks_words
from engine.games.machine.mat import ENGINE_TRACKS, TRACK_IDS, TRACKS
from engine.games.machine.rules import OVER, SETUP, MachineView
from engine.protocol import PUBLIC


def table_html(view: MachineView, ui: MachineTurnUI, names: Sequence[str], *, interactive: bool,
               marked: frozenset[str] = frozenset()) -> str:
    """The table in the frame's field: the other players (and the mat of the one opened), the
    round and the piles, your mat as a summary (full size on request) and, at set-up, the
    pairs to choose from. The hand and the turn's buttons are the dock's (:func:`dock_html`).
    ``interactive`` False renders the controls disabled (not your turn, watched, over)."""
    ui = sane(view, ui)
    live = is_live(view, interactive)
    body = _players_html(view, ui, names, marked) + _counts_html(view)
    if view.phase == SETUP:  # the choice first, what the mat gives now under it
        body += _pairs_html(view, ui, names, live)
    if view.player != PUBLIC:  # the public view (a big screen, a watcher) has no mat of its own
        body += _my_mat_html(view, ui, names, marked)
    else:
        body += _table_html(view, names, marked)
    root = "mm" + (" live" if live else "")
    return (f'<div class="{root}" data-testid="mm-table" data-phase="{view.phase}"'
            + attrs(data_hint=ui.hint if live else None) + f">{body}</div>")


def _players_html(view: MachineView, ui: MachineTurnUI, names: Sequence[str],
                  marked: frozenset[str]) -> str:
    """A chip per other player (tap: their mat opens below, headed with their name), and
    beside it what they took face up and the sets they played since your last action."""
    shown = {str(c) for c in view.hand} | {str(c) for c in view.display if c is not None}
    items = []
    for p in range(view.players):
        if p == view.player:
            continue
        mat = view.mats[p]
        name = player_name(names, p)
        playing = view.current == p and view.phase != OVER
        won = view.phase == OVER and p in view.winners
        state = (", out" if view.out[p] else ", playing" if playing
                 else ", won" if won else "")
        count = f"{plural(view.hand_counts[p], 'card')}, {mat.left} cubes to place{state}"
        label = (f"{name} {count}; {mat.on_mat} cubes on the mat. "
                 + ("Hide the mat" if ui.opp == p else "Show the mat"))
        cls = "mm-opp" + (" current" if playing else "") + (" out" if view.out[p] else "")
        mini = "".join(
            f'<i class="mm-bar" data-vars="--f:{mat.filled[t] / len(TRACKS[t].sections):.2f}">'
            f"</i>" for t in range(len(TRACKS)))
        chip = _btn(f'<span class="mm-opp-name">{esc(name)}</span> '
                    f'<span class="mm-mini" aria-hidden="true">{mini}</span> '
                    f'<span class="mm-opp-n">{esc(count)}</span>', "mm-opp", cls=cls,
                    testid="mm-opp", aria_label=label, pressed=ui.opp == p, seat=p,
                    rove_item="")
        news = _news_html(p, name, marked, shown, view.player == PUBLIC)
        items.append(f'<li class="mm-opp-row">{chip}{news}</li>')
    big = ""
    if ui.opp is not None and ui.opp != view.player:
        name = player_name(names, ui.opp)
        big = (f'<section class="mm-oppmat" data-testid="mm-oppmat" aria-labelledby="mm-oppmat-h">'
               f'<div class="mm-oppmat-head"><h2 id="mm-oppmat-h">{esc(name)}’s mat</h2>'
               + _btn("Close", "mm-opp", cls="btn small", testid="mm-oppmat-close",
                      aria_label=f"Close {name}’s mat", seat=ui.opp)
               + "</div>" + mat_html(view, ui.opp, names, marked) + "</section>")
    who = "The players" if view.player == PUBLIC else "The other players"
    return (f'<section class="mm-players" aria-label="{who}">'
            f'<ul class="mm-opps" id="mm-opps" data-rove>{"".join(items)}</ul>{big}</section>')


def _table_html(view: MachineView, names: Sequence[str], marked: frozenset[str]) -> str:
    """The public view's display and every player's mat side by side, for the table on a big
    screen (shown only there: table.css, html[data-public] on a landscape screen; a watcher's
    phone keeps the chips, each opening its mat). Nothing of a hand."""
    slots = []
    for i, c in enumerate(view.display):
        if c is None:
            slots.append('<li class="mm-slot empty"><span class="sr-only">empty slot</span></li>')
        else:
            mark = " marked" if f"d{i}" in marked else ""
            slots.append(f"<li>{face(c, 'mm-face', mark)}"
                         f'<span class="sr-only">{esc(c.name)}</span></li>')
    display = (f'<section class="mm-pub-display" aria-label="The display, face up">'
               f'<ul class="mm-display" data-testid="mm-pub-display">{"".join(slots)}</ul>'
               "</section>")
    mats = []
    for p in range(view.players):
        name = player_name(names, p)
        playing = view.current == p and view.phase != OVER
        cls = "mm-pubmat" + (" current" if playing else "") + (" out" if view.out[p] else "")
        mats.append(f'<li class="{cls}" data-testid="mm-pubmat" data-seat="{p}">'
                    f'<h2 class="mm-pubmat-h">{esc(name)}’s mat</h2>'
                    + mat_html(view, p, names, marked) + "</li>")
    return (f'<div class="mm-pub" data-testid="mm-pub">{display}'
            f'<ul class="mm-pubmats" aria-label="The mats">{"".join(mats)}</ul></div>')


def _news_html(p: int, name: str, marked: frozenset[str], shown: set[str],
               public: bool = False) -> str:
    took, played = news(marked, p)
    took = [c for c in took if str(c) not in shown]  # a card is on the page once (flights)
    played = [c for c in played if str(c) not in shown]
    if not took and not played:
        return ""
    words = []
    if took:
        words.append(f"took {symbols(took)}")
    if played:
        words.append(f"played {symbols(played)}")
    faces = "".join(face(c, "mm-face mm-news-card", " marked") for c in took)
    if played:
        faces += ('<span class="mm-news-set">'
                  + "".join(face(c, "mm-face mm-news-card", " marked") for c in played)
                  + "</span>")
    return (f'<p class="mm-news" data-testid="mm-news" data-seat="{p}">'
            f'<span class="sr-only">{esc(name)} {esc(and_list(words))} '
            f'{"on their turn" if public else "since your last move"}</span>{faces}</p>')


def _counts_html(view: MachineView) -> str:
    limit = f"of {view.max_rounds}" if view.max_rounds else "(no round limit)"
    return (f'<p class="mm-counts" data-testid="mm-counts"><span data-testid="mm-round">Round '
            f"<b>{view.round}</b> {limit}</span> · <span>Deck <b data-testid=\"mm-deck\">"
            f"{view.deck_count}</b></span> · <span>Discard pile <b data-testid=\"mm-discards\">"
            f'{view.discard_count}</b><span class="sr-only"> (face down)</span></span></p>')


def _my_mat_html(view: MachineView, ui: MachineTurnUI, names: Sequence[str],
                 marked: frozenset[str]) -> str:
    """Your mat as what it gives (draw, take, trade, the limits) and one line per track;
    the button shows it full size."""
    p = view.player
    mat = view.mats[p]
    gives = limits_html(mat, p, marked, "What your mat gives now")
    out = " · out" if view.out[p] else ""
    head = ('<div class="mm-me-head"><h2 id="mm-me-h">Your mat</h2>'
            + keyed(_btn("Whole mat", "mm-mat", cls="btn small", testid="mm-mat-size",
                         aria_label="Whole mat: show your mat as it is laid out",
                         pressed=ui.mat), "M")
            + "</div>"
            f'<ul class="mm-bins" aria-label="Your cubes">'
            f'<li data-testid="mm-onmat">On the mat <b>{mat.on_mat}</b>, '
            f'{mat.left} to place{out}</li>'
            f'<li data-testid="mm-supply">Personal supply <b>{mat.supply}</b> '
            f'(limit {mat.cube_limit})</li>'
            f'<li data-testid="mm-pile">General pile <b>{mat.pile}</b></li></ul>')
    body = (mat_html(view, p, names, marked, small=True) if ui.mat
            else tracks_line_html(view, p, marked))
    return (f'<section class="mm-me" data-testid="mm-me" aria-labelledby="mm-me-h">'
            f"{head}{gives}{body}</section>")


def _pairs_html(view: MachineView, ui: MachineTurnUI, names: Sequence[str], live: bool) -> str:
    """Set-up: the ten pairs, two to a row, each with what it gives; pairs already chosen say
    by whom. Tapping one chooses it; the dock's button places the cubes."""
    taken = {s: p for p, s in enumerate(view.setup) if s is not None}
    hinted = ui.hint.split(" ", 1)[1] if ui.hint and ui.hint.startswith("setup ") else None
    rows = []
    for a, b in combinations_with_replacement(ENGINE_TRACKS, 2):
        tracks = f"{TRACK_IDS[a]} {TRACK_IDS[b]}"
        why = None
        if (a, b) in taken:
            who = taken[(a, b)]
            whose = "You" if who == view.player else player_name(names, who)
            why = f"{whose} chose {pair_label(a, b)}: each player needs a different pair"
            small = f"{'yours' if who == view.player else f'{player_name(names, who)}’s'}"
        else:
            small = pair_gains(view, a, b)
        cls = "btn mm-pairbtn" + (" taken" if why else "") + (
            " hinted" if hinted == tracks else "")
        body = (f"<b>{esc(pair_label(a, b))}</b>"
                + (f" <small>{esc(small)}</small>" if small else ""))
        rows.append("<li>" + _btn(body, "mm-pair", cls=cls, testid="mm-pair",
                                  why=why or (None if live else WAIT),
                                  pressed=ui.pair == tracks if not why else None,
                                  aria_label=(pair_label(a, b)
                                              + (f" {small}" if small else "")
                                              + f": {tracks_words((a, b))}"
                                              + (f" ({why})" if why else "")),
                                  tracks=tracks, rove_item="") + "</li>")
    cur = view.current
    head = ("Choose a pair for your set-up cubes" if cur == view.player
            else f"{player_name(names, cur)} is placing set-up cubes")
    return (f'<section class="mm-setup" data-testid="mm-setup-panel" '
            f'aria-labelledby="mm-setup-h"><h2 id="mm-setup-h">{esc(head)}</h2>'
            f'<ul class="mm-pairs-list" data-rove>{"".join(rows)}</ul></section>')
