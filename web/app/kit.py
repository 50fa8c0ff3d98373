"""The UI kit every screen and table draws with: escaping, buttons, the top bar, notices, a
card face, and the one answer a table module gives to a tap (:class:`Tap`).

Pure functions from values to HTML text. The page layer puts each result in with one
``innerHTML`` (a few large updates instead of many small bridge calls). Every control is a real
``<button>`` (or form control) carrying ``data-action``; one delegated listener dispatches.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Generic, TypeVar

from engine.cards import Card


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
