"""Each guided first game's steps followed by their text: per game, per step, the right moves
(a control's label as the step quotes it, or CSS selectors tapped in turn), as
tests/e2e/test_guide_app.py SCRIPTS has them (its wrong moves left out), for scripts that walk
a guide by taps in any browser (scripts/shots_ends_guides.py)."""

from __future__ import annotations

Move = str | tuple[str, ...]  # a control's label, or CSS selectors to tap in turn


def hand(card: str) -> str:
    return f'[data-testid=m-hand-card][data-card="{card}"]'


def meld(k: int) -> str:
    return f'[data-testid=m-meld][data-meld="{k}"]'


def mm_card(card: str) -> str:
    return f'[data-testid=mm-hand-card][data-card="{card}"]'


def stack(n: int) -> str:
    return f'.stack[data-i="{n - 1}"]'


CLAIM_RINGED = "[data-testid=cf-claimable].hinted"

RIGHT: dict[str, list[list[Move]]] = {
    "machiavelli": [
        ["Next"],
        [(hand("3S"),), "New meld"],
        [(hand("4S"), meld(0))],
        [(hand("5S"), meld(0))],
        ["End turn"],
        ["Next"],
        [(meld(1), '[data-testid=m-table-card][data-meld="1"][data-card="7H"]'), "New meld"],
        [(hand("8H"), meld(2))],
        [(hand("9H"), meld(2))],
        ["End turn"],
    ],
    "machine": [
        ["Next"],
        ["Next"],
        ["Three × 2", "Place on Three × 2"],
        [('[data-testid=mm-display][data-card="9D"]',)],
        ["Next"],
        ["Play"],
        ["Next"],
        ["Trade 1 card"],
        ["Next"],
    ],
    "cube-farm": [
        ["Next"],
        ["Confirm"],
        [(CLAIM_RINGED,)],
        ["Next"],
        ["Confirm"],
        [(CLAIM_RINGED,)],
        ["Next"],
    ],
    "perpetual-motion": [
        ["Next"],
        ["Deal"],
        [(stack(3), stack(1))],
        [(stack(4), stack(2))],
        ["Deal"],
        [(stack(3), stack(2))],
        [(stack(4), stack(2))],
        ["Deal"],
        ["Next"],
        ["Deal"],
        [(stack(2), stack(1))],
        [(stack(3), stack(2))],
        ["Next"],
    ],
}


def one_taps(right: list[Move]) -> list[Move]:
    """The taps of a step's right moves, one at a time (a label, or one selector)."""
    return [t for move in right for t in ([move] if isinstance(move, str) else
                                          [(s,) for s in move])]


# what the guide points at next (class "hinted"), each: seen (the element at its centre is
# itself or inside it), what is there instead, and its top (to tell that it stayed put)
MARKS_SEEN = """() => [...document.querySelectorAll('.hinted')].filter(e => {
    const r = e.getBoundingClientRect();
    return r.width > 0 || r.height > 0;
}).map(e => {
    const r = e.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const name = e.dataset.card || e.dataset.testid || e.id || e.getAttribute('aria-label');
    const what = h => h.dataset.testid || h.id || h.getAttribute('class') || h.tagName;
    return {name, seen: !!hit && (hit === e || e.contains(hit)),
            hit: hit ? what(hit) : 'off the screen', top: Math.round(r.top)};
})"""
