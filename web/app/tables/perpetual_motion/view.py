"""Perpetual Motion's screens: the stacks, the deck and discards, the controls, the end, the
offer to open a linked deal, and the statistics panel. Pure functions of values to HTML.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.board import Frame
from app.kit import button, card_html, esc, options_html, plural
from app.routes import shared
from app.settings import SPEEDS
from app.storage import Record
from app.tables.perpetual_motion import PM, ROUND_COUNT_NOTE
from app.tables.perpetual_motion.sim import Simulation
from engine.cards import Card
from engine.games.perpetual_motion.rules import Move, PMView, describe_stack, every_rounds
from engine.protocol import Outcome

# --- home ---


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


# --- the table -------------------------------------------------------------------------------


@dataclass(frozen=True)
class TableUI:
    manual: bool = False
    selected: int | None = None
    hint: Move | None = None  # a Move to show
    autoplay: bool = False  # playing to the end
    busy: bool = False  # an animated deal is running
    pending: bool = False  # a forced move waits for the player's taps (manual mode)
    speed: str = "normal"
    record: Record | None = None  # shown at the end
    can_share: bool = True
    # a daily deal: no Share of its deal as a plain deal (the end's daily note shares its
    # result, as a seated game's daily end does)
    daily: bool = False
    guided: bool = False  # a guided game (app.guide): only Deal and Hint
    deal_hint: bool = False  # the guide asks for Deal (or Next round): it is marked


def stack_label(stack: Sequence[Card], i: int, ui: TableUI, target: bool = False) -> str:
    """A stack as a player says it: "Stack 2, 5 cards, top: queen of spades", then what is
    marked on it (selected, a place the selected card can go, the Hint's)."""
    label = describe_stack(stack, i)
    label = label[0].upper() + label[1:]
    if ui.selected == i:
        label += ", selected"
    if target:
        label += ", the selected card goes here"
    if ui.hint is not None and ui.hint.src == i:
        label += ", hint: move this card"
    if ui.hint is not None and ui.hint.dst == i:
        label += ", hint: onto this stack"
    return label


def stacks_html(view: PMView, ui: TableUI, targets: Sequence[int] = ()) -> str:
    """The four stacks: one stop of Tab, the arrow keys move along them (a roving group),
    each a button named by its words (the cards drawn are hidden from screen readers: their
    corners say "Q♥", the name says "queen of hearts"), its key a digit."""
    cols = []
    for i, stack in enumerate(view.stacks):
        n = len(stack)
        cls = "stack"
        if ui.selected == i:
            cls += " selected"
        if i in targets:
            cls += " target"
        if ui.hint is not None and ui.hint.src == i:
            cls += " hint-src hinted"
        if ui.hint is not None and ui.hint.dst == i:
            cls += " hint-dst hinted"
        if not n:
            cls += " empty"
        cards = "".join(card_html(c, k, " top" if k == n - 1 else "") for k, c in enumerate(stack))
        count = f'<span class="count" aria-hidden="true">{n}</span>'  # sits under the top card
        # named by its content, not by aria-label: the words are the only text a screen reader
        # reads, and no visible text is left out of the name (axe's label-content-name-mismatch)
        name = f'<span class="sr-only">{esc(stack_label(stack, i, ui, i in targets))}</span>'
        current = " data-rove-current" if ui.selected == i else ""
        cols.append(
            f'<button type="button" class="{cls}" data-action="stack" data-i="{i}" '
            f'id="stack-{i}" data-testid="stack-{i + 1}" data-count="{n}" '
            f'data-top="{stack[-1] if n else ""}" data-rove-item{current} '
            f'aria-keyshortcuts="{i + 1}" '
            f'data-vars="--n1:{max(n - 1, 1)};--last:{max(n - 1, 0)}">'
            f'{name}<span class="pile" aria-hidden="true">{cards}{count}</span></button>')
    return (f'<div class="stacks" data-testid="stacks" data-rove role="group" '
            f'aria-label="The four stacks">{"".join(cols)}</div>')


def hud_html(view: PMView, daily: bool = False) -> str:
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
    if daily:  # the table says it is the day's deal (the top bar's title is cut at 360 px)
        deal = f"Daily deal #{view.seed}"
    return (
        '<div class="hud">'
        f'<div class="pile-info">{deck}<span class="pile-label">Deck <b data-testid="deck-count">'
        f'{deck_n}</b></span></div>'
        f'<div class="hud-mid"><span class="round" data-testid="round">Round {view.round}</span>'
        f'<span class="deal-no" data-testid="deal-number">{esc(deal)}</span></div>'
        f'<div class="pile-info">{discard}<span class="pile-label">Discarded '
        f'<b data-testid="discard-count">{len(disc)}</b></span></div>'
        '</div>')


def end_html(view: PMView, outcome: Outcome, record: Record | None, daily: str = "") -> str:
    """The end card: won or how it loops, ``daily`` (a daily deal's note and its Share
    result, under the heading that is brought into view), this device's record."""
    won = bool(outcome.details.get("won"))
    if won:
        title = "Won!"
        line = f"Every card is discarded, in {plural(view.round, 'round')}."
    else:
        title = "No win: this deal loops"
        line = f"Loops {every_rounds(view.loop_length or 0)} from round {view.loop_start}."
        line += f" ({plural(view.round, 'round')} played until the repeat was found.)"
    rec = ""
    if record is not None:
        rec = (f'<p class="record" data-testid="record">On this device: played '
               f'<b>{record.played}</b> · won <b>{record.won}</b> · current streak '
               f'<b>{record.streak}</b></p>')
    return (f'<section class="end {"won" if won else "lost"}" data-testid="end" '
            f'aria-labelledby="end-title"><h2 id="end-title" tabindex="-1" data-into-view>'
            f'{title}</h2>'
            f'<p data-testid="end-summary">{esc(line)}</p>{daily}{rec}'
            f'<p class="fine">{esc(ROUND_COUNT_NOTE)}</p></section>')


def board_html(view: PMView, outcome: Outcome | None, ui: TableUI,
               targets: Sequence[int] = (), daily: str = "") -> str:
    body = end_html(view, outcome, ui.record, daily) if outcome is not None else stacks_html(
        view, ui, targets)
    return hud_html(view, ui.daily) + body


def share_button(view: PMView, ui: TableUI) -> str:
    """Share is done by the page's bridge (it keeps the tap's user activation): the button
    carries the link's hash; the bridge reports back with a ``share-done`` event. None for a
    daily deal: what it shares is its result, once played (the daily note's Share result)."""
    if ui.daily:
        return ""
    return button("Share", "share", id_="pm-share", testid="share",
                  disabled=view.seed is None or not ui.can_share,
                  aria_label="Share a link to this deal",
                  share_hash=shared(f"#/{PM}/deal/{view.seed}"),
                  share_title=f"Perpetual Motion, deal {view.seed}",
                  share_text=f"Try deal {view.seed} of Perpetual Motion")


# The table's keys (the board's ``keys``; the rules page's "Keys" lists them), by action
KEYS = {"deal": "D", "autoplay": "A", "stop": "A Escape", "hint": "H"}
MANUAL_LABEL = "Make moves myself"  # the switch (the rules page and the settings say so too)


def about(ui: TableUI, view: PMView) -> dict[str, str]:
    """What each control of the dock does, in a newcomer's words: its accessible
    description (and its tooltip), each ending with its key."""
    if view.deck_count == 0:
        deal = "Gathers the stacks, 4 onto 3 onto 2 onto 1, into the next round's deck."
    elif ui.manual:
        deal = "Deals the next row, one card onto each stack; then you make the forced moves."
    else:
        deal = "Deals the next row, one card onto each stack; the forced moves follow."
    return {
        "deal": deal + " Key: D.",
        "autoplay": ("Plays the rest of this deal for you, to the win or to the loop, at the "
                     "speed beside it. Key: A."),
        "stop": "Stops playing: the deal is yours again where it is. Key: A or Escape.",
        "speed": ("How fast Play to the end goes: Slow, Normal and Fast show the cards moving; "
                  "Instant finishes at once."),
        "manual": ("On: after each deal you tap the card that must move, then the stack it "
                   "goes onto. Off: Deal makes the forced moves for you."),
        "hint": "Shows the forced move waiting: which card, onto which stack. Key: H.",
    }


def described(html: str, what: str, keys: str = "") -> str:
    """``html``'s button with its description (``pm-about-<what>``) and its keys."""
    extra = f' aria-describedby="pm-about-{what}"'
    if keys:
        extra += f' aria-keyshortcuts="{keys}"'
    return html.replace("<button ", f"<button{extra} ", 1)


def about_html(texts: dict[str, str], shown: Sequence[str]) -> str:
    """The descriptions of the controls ``shown`` (hidden: read only as descriptions)."""
    return ('<div hidden>' + "".join(f'<span id="pm-about-{k}">{esc(texts[k])}</span>'
                                     for k in shown) + "</div>")


def speed_html(ui: TableUI) -> str:
    """The speed of Play to the end, titled "Speed" on the menu itself (not a bare
    "Normal ▾")."""
    opts = options_html(((k, k.capitalize()) for k in SPEEDS), ui.speed)
    return (f'<label class="speed"><span class="speed-cap" aria-hidden="true">Speed</span>'
            f'<select id="pm-speed" data-action="speed" data-testid="speed" '
            f'aria-label="Speed of Play to the end" aria-describedby="pm-about-speed">{opts}'
            f'</select></label>')


def controls_html(view: PMView, outcome: Outcome | None, ui: TableUI) -> str:
    over = outcome is not None
    if over:  # the next thing to do is a new deal: it takes the primary place
        return ('<div class="row main-row">'
                + button("Restart", "restart", id_="pm-restart", testid="restart",
                         disabled=view.seed is None, aria_label="Restart this deal")
                + button("New deal", "new-deal", cls="btn primary", id_="pm-new",
                         testid="new-deal")
                + share_button(view, ui)
                + "</div>")
    texts = about(ui, view)
    shown = ["deal"]
    deal_label = "Next round" if view.deck_count == 0 else "Deal"
    if ui.autoplay:
        auto = described(button("Stop", "stop", cls="btn", id_="pm-auto", testid="stop"),
                         "stop", KEYS["stop"])
        shown.append("stop")
    else:
        auto = described(button("Play to the end", "autoplay", cls="btn", id_="pm-auto",
                                testid="autoplay"), "autoplay", KEYS["autoplay"])
        shown.append("autoplay")
    # Deal is the thing to do next, except while the deal plays itself out, and while a
    # forced move waits for the player's taps (Deal would only be refused): then the stacks
    # are where to act, and no button is the primary one; in a guided game, only when the
    # guide asks for it (else its Next, or the end's Play a real game, is the one way on).
    primary = (not ui.autoplay and not (ui.manual and ui.pending)
               and (ui.deal_hint or not ui.guided))
    deal = described(button(deal_label, "deal", cls=("btn primary" if primary else "btn")
                            + (" hinted hint" if ui.deal_hint else ""), id_="pm-deal",
                            testid="deal", disabled=ui.autoplay), "deal", KEYS["deal"])
    if ui.manual and not ui.autoplay:
        third = described(button("Hint", "hint", id_="pm-hint", testid="hint"), "hint",
                          KEYS["hint"])
        shown.append("hint")
    else:  # while playing to the end the speed can change: Instant finishes it at once
        third = speed_html(ui)
        shown.append("speed")
    if ui.guided:  # nothing that would leave the guided deal
        return (f'<div class="row main-row">{deal}{third}</div>'
                + about_html(texts, [k for k in shown if k in ("deal", "hint", "speed")]))
    row1 = f'<div class="row main-row">{auto}{deal}{third}</div>'
    new = button("New deal", "new-deal", id_="pm-new", testid="new-deal")
    restart = button("Restart", "restart", id_="pm-restart", testid="restart",
                     disabled=view.seed is None, aria_label="Restart this deal")
    share = share_button(view, ui)
    mode = described(button(MANUAL_LABEL, "toggle-manual", id_="pm-manual", testid="manual",
                            pressed=ui.manual), "manual")
    shown.append("manual")
    row2 = f'<div class="row pm-row2">{new}{restart}{share}{mode}</div>'
    return row2 + row1 + about_html(texts, shown)


# The solitaire's frame: the board; the message, then the controls (no log, no Share bar).
FRAME = Frame(board="pm-board", msg="pm-msg", dock="pm-controls", cls="pm", dock_cls="controls",
              dock_at_end=True,
              guide_focus="pm-deal")


def table_html(title: str = "Perpetual Motion") -> str:
    """The table's frame; the board and the controls are filled in by later updates."""
    return FRAME.html(PM, title)


# --- statistics --------------------------------------------------------------------------------


def pct(x: float) -> str:
    return f"{100 * x:.2f} %"


def sim_html(games: int, seed: int, sim: Simulation | None, running: bool) -> str:
    """The simulator's panel and, once run, its results (under the statistics)."""
    choices = options_html(((n, f"{n:,}") for n in (1000, 10000, 50000, 100000)), games)
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
        loop_txt = ", ".join(f"{plural(k, 'round')} ({v:,})" for k, v in loops) or "—"
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
    return form + res


def sim_progress_html(sim: Simulation | None, running: bool) -> str:
    if sim is None:
        return ""
    done, total = sim.done, sim.games
    state = ("running" if running else "stopped" if sim.stopped and done < total
             else "finished")
    return (f'<div class="progress" data-testid="sim-progress" data-state="{state}">'
            f'<progress max="{total}" value="{done}" aria-label="Deals simulated">'
            f"</progress><p>{done:,} of {total:,} deals"
            + (" — stopped" if state == "stopped" else "") + "</p></div>")
