"""The UI kit every screen and table draws with: escaping, buttons, the top bar, notices, a
card face, and the one answer a table module gives to a tap (:class:`Tap`).

Pure functions from values to HTML text. The page layer puts each result in with one
``innerHTML`` (a few large updates instead of many small bridge calls). Every control is a real
``<button>`` (or form control) carrying ``data-action``; one delegated listener dispatches.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Generic, TypeVar

from engine.cards import Card, rank_name

# The app's one name: the page's title and top bar, About, the share texts, the build's <title>;
# manifest.json, web/index.html's skeleton and the README say it too (tests/app/test_app_name.py).
APP_NAME = "Card Table"


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


def options_html(choices: Iterable[tuple[object, object]], chosen: object) -> str:
    """A ``<select>``'s options from ``(value, label)`` pairs, the one whose value reads as
    ``chosen`` selected."""
    return "".join(f'<option value="{esc(v)}"{" selected" if str(v) == str(chosen) else ""}>'
                   f"{esc(label)}</option>" for v, label in choices)


def players_text(lo: int, hi: int) -> str:
    if lo == hi:
        return f"{lo} player" + ("s" if lo != 1 else "")
    return f"{lo}–{hi} players"


def topbar(title: str, back: str | None = "#/", right: str = "") -> str:
    back_html = (f'<a class="btn icon" href="{esc(back)}" data-testid="back" '
                 f'aria-label="Back to home">‹</a>' if back else '<span class="icon-space"></span>')
    return (f'<header class="topbar">{back_html}<h1 class="title">{esc(title)}</h1>'
            f'<div class="topbar-right">{right or "<span class=icon-space></span>"}</div></header>')


def table_frame(game_id: str, title: str, *, board: str, msg: str, dock: str, cls: str = "",
                dock_cls: str = "", after: str = "") -> str:
    """Every game's table screen: the top bar; the table (``board``, then ``after``) in a field
    that scrolls or zooms inside itself; and the dock at the bottom, the message line (``msg``)
    right above the hand and the turn's actions (``dock``), under the bar of a guided game
    (``guide-bar``, :mod:`app.guide`; empty otherwise). At 360 x 640 the page itself never
    scrolls: the dock is always in view, so a refusal is read next to the button that caused it.
    """
    right = (f'<a class="btn icon" href="#/rules/{esc(game_id)}" aria-label="Rules" '
             f'data-testid="rules-link">?</a>')
    return (topbar(title, right=right)
            + f'<main class="page table table-frame {cls}" id="main">'
            + f'<div class="table-field" id="{board}-field">'
            + f'<div id="{board}" class="table-board"></div>{after}</div>'
            + '<div class="table-dock"><div id="guide-bar"></div>'
            + f'<p id="{msg}" class="msg" data-testid="message"></p>'
            + f'<div id="{dock}" class="table-actions {dock_cls}"></div></div></main>')


def confirm_html(question: str, yes: str, yes_action: str, no: str, no_action: str) -> str:
    """An action that would throw work away asks first, in place (not a modal dialog): the
    question, then the safe choice as the main button and the other beside it."""
    return (f'<div class="confirm" role="alert" data-testid="confirm">'
            f'<p class="confirm-q">{esc(question)}</p><div class="row">'
            + button(no, no_action, cls="btn primary", testid=no_action, id_=no_action)
            + button(yes, yes_action, testid=yes_action)
            + "</div></div>")


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


# --- a tap on a table ---------------------------------------------------------------------------

U = TypeVar("U")
A = TypeVar("A")


@dataclass(frozen=True)
class Tap(Generic[U, A]):
    """A table module's answer to a tap or a key: the UI it leads to and the engine actions to
    apply, in order, all or nothing; ``message`` to say (``refusal``: it explains why nothing
    happened); ``finish``: end the turn's open step afterwards if the turn goes on."""

    ui: U
    actions: tuple[A, ...] = ()
    message: str | None = None
    refusal: bool = False
    finish: bool = False


# --- for the tables' boards -----------------------------------------------------------------------

SUIT_SORT = "SHCD"  # black, red, black, red: neighbouring suits differ in colour


def board_button(label: str, action: str, *, cls: str = "btn", testid: str | None = None,
                 aria_label: str | None = None, live: bool = True, why: str | None = None,
                 pressed: bool | None = None, **data: object) -> str:
    """A board's button: :func:`button` with a reason. ``live`` False: really disabled (not
    interactive); ``why``: focusable but aria-disabled, the reason the board gives on a tap
    (``data-why``). ``data``: ``data-*`` values, last."""
    extra = "".join(f' data-{k.replace("_", "-")}="{esc(v)}"' for k, v in data.items())
    return ('<button type="button"' + attrs(class_=cls, data_action=action, data_testid=testid,
                                            aria_label=aria_label, disabled=not live)
            + (' aria-disabled="true"' if live and why else "")
            + attrs(data_why=why if live else None)
            + ("" if pressed is None else f' aria-pressed="{"true" if pressed else "false"}"')
            + f"{extra}>{label}</button>")


def face(card: Card, cls: str, extra: str = "", key: str | None = None) -> str:
    """A card face inside a board's button: rank over suit in the corner (readable when
    overlapped), a big pip. ``cls``: the board's card class; ``extra``: more classes (each
    with its leading space); ``key``: ``data-key`` (a marked or hinted place)."""
    sym = card.symbol
    rank, suit = sym[:-1], sym[-1]
    return (f'<span class="card {cls} s-{card.suit}{extra}" data-card="{card}"'
            + attrs(data_key=key)
            + f' aria-hidden="true"><span class="corner"><b>{esc(rank)}</b>'
            f'<span>{suit}</span></span><span class="pip">{suit}</span></span>')


def hand_order(hand: Sequence[Card], sort: str, *, ace_high: bool = False) -> list[int]:
    """The order a hand is shown in, as indices into ``hand``: ``sort`` "suit" (by
    :data:`SUIT_SORT`, then rank) or "rank" (by rank, then suit); equal cards keep their
    order. ``ace_high``: aces after kings."""

    def rank(c: Card) -> int:
        return 14 if ace_high and c.rank == 1 else c.rank

    if sort == "rank":
        return sorted(range(len(hand)), key=lambda i: (rank(hand[i]),
                                                       SUIT_SORT.index(hand[i].suit)))
    return sorted(range(len(hand)), key=lambda i: (SUIT_SORT.index(hand[i].suit),
                                                   rank(hand[i])))


def rank_word(rank: int, plural: bool = False, *, digits: bool = False) -> str:
    """"seven" / "sevens" (``plural``); ``digits``: "7" / "7s" for 2 to 10, words for the
    ace and the court cards ("ace", "kings")."""
    if digits and 2 <= rank <= 10:
        return f"{rank}s" if plural else str(rank)
    return rank_name(rank, plural)


def plural(n: int, word: str) -> str:
    """"1 card" / "3 cards"."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def symbols(cards: Sequence[Card]) -> str:
    """"7♠ 8♠ 9♠"."""
    return " ".join(c.symbol for c in cards)


def and_list(items: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
