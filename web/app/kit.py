"""HTML views: pure functions from engine values and UI flags to HTML text.

The page layer puts each result into the page with one ``innerHTML`` (a few large updates
instead of many small calls across the Python/JavaScript bridge). Every control is a real
``<button>`` (or form control) carrying ``data-action``; one delegated listener dispatches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

from app.game import SPEEDS, Record, Settings
from app.routes import shared
from engine.cards import Card
from engine.games.perpetual_motion import describe_stack

PM = "perpetual-motion"
ROUND_COUNT_NOTE = (
    "Rounds are counted until the win, or until the round whose starting deck repeats an "
    "earlier one. Mark Masten's published figures count one more round for lost deals "
    "(the round that reveals the repeat)."
)


def esc(text: object) -> str:
    return escape(str(text), quote=True)


def attrs(**kw: object) -> str:
    """``data_action="deal"`` -> `` data-action="deal"``; None and False are left out."""
    out = []
    for k, v in kw.items():
        if v is None or v is False:
            continue
        name = k.rstrip("_").replace("_", "-")
        out.append(f" {name}" if v is True else f' {name}="{esc(v)}"')
    return "".join(out)


def button(label: str, action: str, *, cls: str = "btn", id_: str | None = None,
           disabled: bool = False, aria_label: str | None = None, testid: str | None = None,
           pressed: bool | None = None, **data: object) -> str:
    extra = "".join(f' data-{k.replace("_", "-")}="{esc(v)}"' for k, v in data.items())
    return (f'<button type="button" class="{cls}"'
            + attrs(id=id_, data_action=action, disabled=disabled, aria_label=aria_label,
                    data_testid=testid,
                    aria_pressed=None if pressed is None else ("true" if pressed else "false"))
            + f"{extra}>{label}</button>")


def players_text(lo: int, hi: int) -> str:
    if lo == hi:
        return f"{lo} player" + ("s" if lo != 1 else "")
    return f"{lo}–{hi} players"


def topbar(title: str, back: str | None = "#/", right: str = "") -> str:
    back_html = (f'<a class="btn icon" href="{esc(back)}" data-testid="back" '
                 f'aria-label="Back to home">‹</a>' if back else '<span class="icon-space"></span>')
    return (f'<header class="topbar">{back_html}<h1 class="title">{esc(title)}</h1>'
            f'<div class="topbar-right">{right or "<span class=icon-space></span>"}</div></header>')


def notice_html(text: str | None, kind: str = "warn") -> str:
    if not text:
        return ""
    return (f'<div class="notice {kind}" role="alert" data-testid="notice">'
            f'<p>{esc(text)}</p>'
            + button("Dismiss", "dismiss-notice", cls="btn small", testid="dismiss-notice")
            + "</div>")


# --- cards ------------------------------------------------------------------------------------


def card_html(card: Card, index: int = 0, extra: str = "") -> str:
    """A face-up card: a large rank and suit in the corner, a big suit in the middle."""
    sym = card.symbol
    rank, suit = sym[:-1], sym[-1]
    return (f'<div class="card s-{card.suit}{extra}" data-vars="--i:{index}" data-card="{card}" '
            f'aria-hidden="true"><span class="corner"><b>{esc(rank)}</b>{suit}</span>'
            f'<span class="pip">{suit}</span></div>')


# --- home ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SavedSummary:
    deal: int | None
    round: int
    over: bool

    def text(self) -> str | None:
        """The home tile's one line, or None when there is nothing to continue."""
        if self.over:
            return None
        deal = f"deal {self.deal}, " if self.deal is not None else ""
        return f"{deal}round {self.round}"


def home_html(games: Sequence[Any], saved: dict[str, str | None], notice: str | None = None,
              tables: set[str] | frozenset[str] = frozenset({PM})) -> str:
    """One tile per game; ``saved`` has each game's "Continue" line (None: nothing to continue);
    games without a table screen in ``tables`` say "coming soon"."""
    tiles = []
    for g in games:
        gid = esc(g.id)
        playable = bool(g.available) and g.id in tables
        head = (f'<h2 class="tile-name">{esc(g.name)}</h2>'
                f'<p class="tile-pitch">{esc(g.pitch)}</p>'
                f'<p class="tile-meta">{esc(players_text(g.min_players, g.max_players))}'
                + ("" if playable else ' · <span class="badge">Coming soon</span>')
                + "</p>")
        rules = (f'<a class="btn" href="#/rules/{gid}" data-testid="rules-{gid}">Rules</a>')
        line = saved.get(g.id)
        if not playable:
            actions = rules
        elif g.id == PM:
            if line:
                play = (f'<a class="btn primary" href="#/{PM}" data-testid="continue">'
                        f'Continue <small>({esc(line)})</small></a>'
                        + button("New deal", "new-deal", testid="home-new-deal", game=PM))
            else:
                play = (f'<a class="btn primary" href="#/{PM}" data-testid="play-{gid}">'
                        f'Play</a>')
            actions = f'{play}{rules}<a class="btn" href="#/{PM}/stats">Statistics</a>'
        elif line:
            actions = (f'<a class="btn primary" href="#/{gid}" data-testid="continue-{gid}">'
                       f'Continue <small>({esc(line)})</small></a>'
                       f'<a class="btn" href="#/{gid}/setup" data-testid="setup-{gid}">'
                       f'New game</a>{rules}')
        else:
            actions = (f'<a class="btn primary" href="#/{gid}" data-testid="play-{gid}">'
                       f'Play</a><a class="btn" href="#/{gid}/setup" '
                       f'data-testid="setup-{gid}">Set up</a>{rules}')
        cls = "tile" + ("" if playable else " soon")
        tiles.append(f'<li class="{cls}" data-testid="game-{gid}">{head}'
                     f'<div class="tile-actions">{actions}</div></li>')
    return (topbar("Tabletop", back=None,
                   right='<a class="btn icon" href="#/settings" aria-label="Settings" '
                         'data-testid="settings-link">⚙</a>')
            + '<main class="page home" id="main">'
            + notice_html(notice)
            + f'<ul class="tiles" data-testid="game-list">{"".join(tiles)}</ul>'
            + '<nav class="home-links" aria-label="More">'
            + f'<a class="btn" href="#/{PM}/stats">Statistics</a>'
            + '<a class="btn" href="#/settings">Settings</a>'
            + '<a class="btn" href="#/about">About &amp; offline</a></nav></main>')


# --- rules -----------------------------------------------------------------------------------


def rules_html(info: Any, fragment: str | None, loading: bool = False,
               playable: bool = False) -> str:
    if loading:
        body = '<p class="muted">Loading the rules…</p>'
    elif fragment:
        body = fragment  # produced at build time from the engine's Markdown: trusted
    else:
        body = (f"<h2>{esc(info.name)}</h2><p>{esc(info.description)}</p>"
                "<p class='muted'>The full rules page for this game is coming soon.</p>")
    note = ""
    if info.id == PM:
        note = f'<aside class="app-note"><h2>In this app</h2><p>{esc(ROUND_COUNT_NOTE)}</p></aside>'
    play = ""
    if playable:
        play = (f'<div class="bottom-bar"><a class="btn primary wide" href="#/{esc(info.id)}">'
                f'Play</a></div>')
    return (topbar(f"Rules: {info.name}")
            + f'<main class="page rules" id="main"><article class="rules-text" '
              f'data-testid="rules-text">{body}</article>{note}</main>{play}')


# --- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableUI:
    manual: bool = False
    selected: int | None = None
    hint: Any = None  # a Move to show
    autoplay: bool = False
    busy: bool = False  # an animated deal is running
    speed: str = "normal"
    record: Record | None = None  # shown at the end
    can_share: bool = True


def stack_label(stack: Sequence[Card], i: int, ui: TableUI) -> str:
    label = describe_stack(stack, i)
    if ui.selected == i:
        label += ", selected"
    if ui.hint is not None and ui.hint.src == i:
        label += ", hint: move this card"
    if ui.hint is not None and ui.hint.dst == i:
        label += ", hint: onto this stack"
    return label


def stacks_html(view: Any, ui: TableUI, targets: Sequence[int] = ()) -> str:
    cols = []
    for i, stack in enumerate(view.stacks):
        n = len(stack)
        cls = "stack"
        if ui.selected == i:
            cls += " selected"
        if i in targets:
            cls += " target"
        if ui.hint is not None and ui.hint.src == i:
            cls += " hint-src"
        if ui.hint is not None and ui.hint.dst == i:
            cls += " hint-dst"
        if not n:
            cls += " empty"
        cards = "".join(card_html(c, k, " top" if k == n - 1 else "") for k, c in enumerate(stack))
        count = f'<span class="count" aria-hidden="true">{n}</span>'  # sits under the top card
        cols.append(
            f'<button type="button" class="{cls}" data-action="stack" data-i="{i}" '
            f'id="stack-{i}" data-testid="stack-{i + 1}" data-count="{n}" '
            f'data-top="{stack[-1] if n else ""}" '
            f'data-vars="--n1:{max(n - 1, 1)};--last:{max(n - 1, 0)}" '
            f'aria-label="{esc(stack_label(stack, i, ui))}">'
            f'<span class="pile">{cards}{count}</span></button>')
    return f'<div class="stacks" data-testid="stacks">{"".join(cols)}</div>'


def hud_html(view: Any) -> str:
    deck_n = view.deck_count
    disc = view.discarded
    deck = (f'<div class="mini back" id="pm-deck" data-testid="deck" aria-label="deck, '
            f'{deck_n} cards left to deal" role="img">'
            f'<span class="mini-count">{deck_n}</span></div>' if deck_n else
            '<div class="mini slot" id="pm-deck" data-testid="deck" role="img" '
            'aria-label="deck, used up"><span class="mini-count">0</span></div>')
    if disc:
        last = disc[-1]
        top = card_html(last, 0, " mini-face")
        discard = (f'<div class="mini" id="pm-discard" data-testid="discard" role="img" '
                   f'aria-label="discarded, {len(disc)} cards, last: {esc(last.name)}">{top}'
                   f'</div>')
    else:
        discard = ('<div class="mini slot" id="pm-discard" data-testid="discard" role="img" '
                   'aria-label="discarded, none yet"></div>')
    deal = f"Deal #{view.seed}" if view.seed is not None else "Own deck"
    return (
        '<div class="hud">'
        f'<div class="pile-info">{deck}<span class="pile-label">Deck <b data-testid="deck-count">'
        f'{deck_n}</b></span></div>'
        f'<div class="hud-mid"><span class="round" data-testid="round">Round {view.round}</span>'
        f'<span class="deal-no" data-testid="deal-number">{esc(deal)}</span></div>'
        f'<div class="pile-info">{discard}<span class="pile-label">Discarded '
        f'<b data-testid="discard-count">{len(disc)}</b></span></div>'
        '</div>')


def end_html(view: Any, outcome: Any, record: Record | None) -> str:
    won = bool(outcome.details.get("won"))
    if won:
        title = "Won!"
        line = f"Every card is discarded, in {view.round} round{'s' if view.round != 1 else ''}."
    else:
        title = "No win: this deal loops"
        line = (f"Loops every {view.loop_length} round{'s' if view.loop_length != 1 else ''} "
                f"from round {view.loop_start}.")
        line += f" ({view.round} rounds played until the repeat was found.)"
    rec = ""
    if record is not None:
        rec = (f'<p class="record" data-testid="record">On this device: played '
               f'<b>{record.played}</b> · won <b>{record.won}</b> · current streak '
               f'<b>{record.streak}</b></p>')
    return (f'<section class="end {"won" if won else "lost"}" data-testid="end" '
            f'aria-labelledby="end-title"><h2 id="end-title">{title}</h2>'
            f'<p data-testid="end-summary">{esc(line)}</p>{rec}'
            f'<p class="fine">{esc(ROUND_COUNT_NOTE)}</p></section>')


def board_html(view: Any, outcome: Any, ui: TableUI, targets: Sequence[int] = ()) -> str:
    body = end_html(view, outcome, ui.record) if outcome is not None else stacks_html(
        view, ui, targets)
    return hud_html(view) + body


def share_button(view: Any, ui: TableUI) -> str:
    """Share is done by the page's bridge (it keeps the tap's user activation): the button
    carries the link's hash; the bridge reports back with a ``share-done`` event."""
    return button("Share", "share", id_="pm-share", testid="share",
                  disabled=view.seed is None or not ui.can_share,
                  aria_label="Share a link to this deal",
                  share_hash=shared(f"#/{PM}/deal/{view.seed}"),
                  share_title=f"Perpetual Motion, deal {view.seed}",
                  share_text=f"Try deal {view.seed} of Perpetual Motion")


def controls_html(view: Any, outcome: Any, ui: TableUI) -> str:
    over = outcome is not None
    if over:  # the next thing to do is a new deal: it takes the primary place
        return ('<div class="row main-row">'
                + button("Restart", "restart", id_="pm-restart", testid="restart",
                         disabled=view.seed is None, aria_label="Restart this deal")
                + button("New deal", "new-deal", cls="btn primary", id_="pm-new",
                         testid="new-deal")
                + share_button(view, ui)
                + "</div>")
    deck_empty = view.deck_count == 0
    deal_label = "Next round" if deck_empty and not over else "Deal"
    auto = (button("Stop", "stop", cls="btn", id_="pm-auto", testid="stop") if ui.autoplay
            else button("Auto ▶", "autoplay", cls="btn", id_="pm-auto", testid="autoplay",
                        disabled=over, aria_label="Auto-play to the end"))
    deal = button(deal_label, "deal", cls="btn" if over else "btn primary", id_="pm-deal",
                  testid="deal", disabled=over or ui.autoplay)
    if ui.manual and not over:
        third = button("Hint", "hint", id_="pm-hint", testid="hint", disabled=ui.autoplay)
    else:
        opts = "".join(f'<option value="{k}"{" selected" if k == ui.speed else ""}>'
                       f'{k.capitalize()}</option>' for k in SPEEDS)
        third = (f'<label class="speed"><span class="sr-only">Auto-play speed</span>'
                 f'<select id="pm-speed" data-action="speed" data-testid="speed" '
                 f'aria-label="Auto-play speed">{opts}</select></label>')
    row1 = f'<div class="row main-row">{auto}{deal}{third}</div>'
    new = button("New deal", "new-deal", cls="btn primary" if over else "btn", id_="pm-new",
                 testid="new-deal")
    restart = button("Restart", "restart", id_="pm-restart", testid="restart",
                     disabled=view.seed is None, aria_label="Restart this deal")
    share = share_button(view, ui)
    mode = button("Tap moves", "toggle-manual", id_="pm-manual", testid="manual",
                  pressed=ui.manual, aria_label="Tap moves: make the forced moves myself")
    row2 = f'<div class="row">{new}{restart}{share}{mode}</div>'
    return row2 + row1


def table_html(title: str = "Perpetual Motion") -> str:
    """The table's frame; the board and the controls are filled in by later updates."""
    right = (f'<a class="btn icon" href="#/rules/{PM}" aria-label="Rules" '
             f'data-testid="rules-link">?</a>')
    return (topbar(title, right=right)
            + '<main class="page table" id="main">'
            + '<div id="pm-board" class="board"></div>'
            + '<p id="pm-msg" class="msg" role="status" aria-live="polite" '
              'data-testid="message"></p>'
            + '</main><div id="pm-controls" class="bottom-bar controls"></div>')


def offer_html(saved: SavedSummary, deal: int) -> str:
    cur = f"deal {saved.deal}" if saved.deal is not None else "your own deck"
    return (topbar("Perpetual Motion")
            + '<main class="page offer" id="main"><section class="panel" data-testid="offer">'
            + f"<h2>Open deal {deal}?</h2>"
            + f"<p>You have a game in progress: {esc(cur)}, round {saved.round}. Opening the "
              f"link starts deal {deal} in its place.</p>"
            + '<div class="stack-buttons">'
            + button(f"Play deal {deal}", "open-deal", cls="btn primary", testid="open-deal",
                     deal=deal)
            + button(f"Continue {esc(cur)}", "continue", testid="keep-game")
            + "</div></section></main>")


# --- statistics --------------------------------------------------------------------------------


def pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def stats_html(record: Record, games: int, seed: int, sim: Any | None, running: bool) -> str:
    rec = ('<section class="panel" aria-labelledby="rec-h"><h2 id="rec-h">Your deals on this '
           'device</h2><dl class="kv" data-testid="device-record">'
           f"<dt>Played</dt><dd>{record.played}</dd><dt>Won</dt><dd>{record.won}</dd>"
           f"<dt>Current streak</dt><dd>{record.streak}</dd>"
           f"<dt>Best streak</dt><dd>{record.best_streak}</dd></dl></section>")
    choices = "".join(f'<option value="{n}"{" selected" if n == games else ""}>{n:,}</option>'
                      for n in (1000, 10000, 50000, 100000))
    form = (
        '<section class="panel" aria-labelledby="sim-h"><h2 id="sim-h">Simulate deals</h2>'
        '<p class="fine">Plays many deals right here in the browser, by the same rules, to '
        'estimate how often Perpetual Motion comes out.</p>'
        '<div class="form-row"><label for="sim-games">Deals</label>'
        f'<select id="sim-games" data-action="sim-games" data-testid="sim-games"'
        f'{" disabled" if running else ""}>{choices}</select></div>'
        '<div class="form-row"><label for="sim-seed">Seed</label>'
        f'<input id="sim-seed" type="number" inputmode="numeric" min="0" value="{seed}" '
        f'data-action="sim-seed" data-testid="sim-seed"{" disabled" if running else ""}></div>'
        '<div class="row">'
        + (button("Stop", "sim-stop", cls="btn", id_="sim-stop", testid="sim-stop") if running
           else button("Start", "sim-start", cls="btn primary", id_="sim-start",
                       testid="sim-start"))
        + "</div>")
    prog = f'<div id="sim-progress-box">{sim_progress_html(sim, running)}</div>'
    form += prog + "</section>"
    res = ""
    if sim is not None and sim.done:
        d = sim.stats.to_dict()
        loops = sorted((sim.stats.loop_lengths or {}).items(), key=lambda kv: -kv[1])[:5]
        loop_txt = ", ".join(f"{k} rounds ({v:,})" for k, v in loops) or "—"
        res = ('<section class="panel" aria-labelledby="res-h" data-testid="sim-results">'
               '<h2 id="res-h">Results</h2><dl class="kv">'
               f"<dt>Deals</dt><dd>{sim.done:,}</dd>"
               f"<dt>Won</dt><dd>{sim.stats.won:,} ({pct(d['win_rate'])} ± "
               f"{pct(d['win_rate_stderr'])})</dd>"
               f"<dt>Mean rounds</dt><dd>{d['mean_rounds']:.2f}"
               + (f" ± {d['mean_rounds_stderr']:.2f}" if "mean_rounds_stderr" in d else "")
               + "</dd>"
               f"<dt>Mean rounds, Masten's count</dt><dd>{d['mean_rounds_masten_count']:.2f}</dd>"
               f"<dt>Commonest loops</dt><dd>{esc(loop_txt)}</dd></dl>"
               "<p class='fine'>Mark Masten's published analysis: 8.67 % of deals won, "
               "44.7 rounds on average. " + esc(ROUND_COUNT_NOTE) + "</p></section>")
    return (topbar("Statistics") + '<main class="page stats" id="main">' + rec + form + res
            + "</main>")


def sim_progress_html(sim: Any | None, running: bool) -> str:
    if sim is None:
        return ""
    done, total = sim.done, sim.games
    state = ("running" if running else "stopped" if sim.stopped and done < total
             else "finished")
    return (f'<div class="progress" data-testid="sim-progress" data-state="{state}">'
            f'<progress max="{total}" value="{done}" aria-label="Deals simulated">'
            f"</progress><p>{done:,} of {total:,} deals"
            + (" — stopped" if state == "stopped" else "") + "</p></div>")


# --- settings and about ----------------------------------------------------------------------


def toggle(label: str, key: str, on: bool, hint: str = "") -> str:
    return (f'<div class="setting"><div><span class="setting-label" id="lbl-{key}">'
            f'{esc(label)}</span>' + (f'<span class="fine">{esc(hint)}</span>' if hint else "")
            + "</div>"
            + f'<button type="button" class="switch" role="switch" aria-checked='
              f'"{"true" if on else "false"}" aria-labelledby="lbl-{key}" '
              f'data-action="toggle-setting" data-key="{key}" id="set-{key}" '
              f'data-testid="set-{key}"><span class="knob"></span></button></div>')


def settings_html(s: Settings) -> str:
    opts = "".join(f'<option value="{k}"{" selected" if k == s.speed else ""}>'
                   f"{k.capitalize()}</option>" for k in SPEEDS)
    return (topbar("Settings") + '<main class="page settings" id="main"><section class="panel">'
            + toggle("Four-colour deck", "four_colour", s.four_colour,
                     "Spades black, hearts red, diamonds blue, clubs green.")
            + toggle("Make forced moves myself", "manual", s.manual,
                     "New games start with Tap moves on.")
            + '<div class="setting"><label class="setting-label" for="set-speed">'
              'Auto-play speed</label>'
            + f'<select id="set-speed" data-action="setting-speed" data-testid="set-speed">'
              f"{opts}</select></div>"
            + "<p class='fine'>Light and dark follow your device. Animations follow its "
              "reduced-motion setting.</p></section>" + backup_html() + "</main>")


MAX_IMPORT_BYTES = 4_000_000  # the page does not even read a larger file (app.backup refuses)


def backup_html() -> str:
    """Settings' "Move your games" panel: Export downloads a file; Import opens the file
    picker (a hidden file input, read by the page's bridge)."""
    return ('<section class="panel backup" aria-labelledby="backup-h">'
            '<h2 id="backup-h">Move your games</h2>'
            '<p class="fine">Your games in progress, your records and these settings, in one '
            "file to keep or to open on another device.</p>"
            '<div class="row">'
            + button("Export my games", "export-games", testid="export-games")
            + button("Import games", "choose-import", id_="import-choose",
                     testid="import-games", file_input="import-file")
            + "</div>"
            '<input type="file" id="import-file" accept="application/json,.json" hidden '
            'data-action="import-file" aria-label="Import games from a file" '
            f'data-max-bytes="{MAX_IMPORT_BYTES}" data-testid="import-file">'
            '<p id="settings-msg" class="msg" role="status" aria-live="polite" '
            'data-testid="message"></p></section>')


def import_confirm_html(conflicts: Sequence[str]) -> str:
    """Before an import replaces a game in progress (or a record) here: which, and the choice."""
    items = "".join(f"<li>{esc(c)}</li>" for c in conflicts)
    return (topbar("Import games") + '<main class="page settings" id="main">'
            '<section class="panel" aria-labelledby="import-h" data-testid="import-confirm">'
            '<h2 id="import-h">Replace what is on this device?</h2>'
            f'<ul class="conflicts" data-testid="import-conflicts">{items}</ul>'
            '<p class="fine">Keep mine keeps these as they are and imports the rest of the '
            "file.</p>"
            '<div class="row">'
            + button("Replace", "import-replace", cls="btn primary", testid="import-replace")
            + button("Keep mine", "import-keep", id_="import-keep", testid="import-keep")
            + "</div></section></main>")


def about_html(version: str, offline: str) -> str:
    return (topbar("About") + '<main class="page about" id="main"><section class="panel">'
            + "<h2>Tabletop</h2><p>Four card and tile games to play on this device: Perpetual "
              "Motion, a solitaire by Mark Masten; Machiavelli rummy; Perpetual-Motion Machine; "
              "Cube Farm.</p>"
            + f'<p data-testid="offline-status"><b>Offline:</b> {esc(offline)}</p>'
            + f"<p class='fine'>Engine version {esc(version)}. Your games, settings and "
              "statistics are kept in this browser only: Settings, Export my games makes a copy to "
              "keep or to open on another device.</p></section></main>")


def update_bar_html() -> str:
    return ('<p>Update available</p>'
            + button("Reload", "apply-update", cls="btn primary small", testid="apply-update"))
