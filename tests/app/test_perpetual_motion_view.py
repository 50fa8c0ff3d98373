"""app.tables.perpetual_motion.view: the stacks labelled for screen readers, the selection, its
targets and the hint shown, the controls of each mode, the end and statistics panels."""

from __future__ import annotations

import re

from app.storage import Record
from app.tables.perpetual_motion import session as pms
from app.tables.perpetual_motion import view as v
from app.tables.perpetual_motion.session import Session
from helpers.markup import parse

from engine.games.perpetual_motion.rules import Move


def dealt(seed: int, rows: int, manual: bool = False) -> Session:
    s = pms.new_session(seed, manual=manual)
    for _ in range(rows):
        for a in pms.step_plan(s):
            pms.apply(s, a)
    return s


STACK_NAMES = re.compile(r'<button[^>]*data-action="stack"[^>]*>(.*?)</button>')


def stack_names(html: str) -> list[str]:
    """Each stack button's accessible name: its text outside what is hidden from screen
    readers (the cards drawn and the count are ``aria-hidden``)."""
    out = []
    for inner in STACK_NAMES.findall(html):
        inner = re.sub(r'<span class="pile" aria-hidden="true">.*$', "", inner)
        out.append(re.sub(r"<[^>]+>", "", inner))
    return out


def test_stacks_are_named_for_screen_readers_with_no_visible_text_left_out() -> None:
    """Named by their words, with no aria-label: the cards' corners ("Q♥") and the count are
    drawn but hidden from screen readers, so no visible text is missing from the name (axe's
    label-content-name-mismatch flagged all four stacks). One stop of Tab, digits their keys."""
    s = dealt(16557, 5)
    view = pms.view_of(s)
    html = v.board_html(view, None, v.TableUI())
    c = parse(html)
    buttons = [a for t, a in c.tags if t == "button" and a.get("data-action") == "stack"]
    assert len(buttons) == 4
    assert all("aria-label" not in a and "data-rove-item" in a for a in buttons)
    assert [a["aria-keyshortcuts"] for a in buttons] == ["1", "2", "3", "4"]
    assert 'data-rove role="group" aria-label="The four stacks"' in html
    names = stack_names(html)
    for i, (label, stack) in enumerate(zip(names, view.stacks, strict=True)):
        if stack:
            n = len(stack)
            assert label == (f"Stack {i + 1}, {n} card{'s' if n != 1 else ''}, "
                             f"top: {stack[-1].name}")
        else:
            assert label == f"Stack {i + 1}, empty"
    assert f">{view.deck_count}<" in html
    assert "Round 1" in html and "Deal #16557" in html


def test_selection_targets_and_hint_are_shown() -> None:
    s = pms.new_session(16557, manual=True)
    while pms.pending(s) is None:
        pms.apply(s, pms.step_plan(s)[0])
    move = pms.pending(s)
    assert isinstance(move, Move)
    html = v.stacks_html(pms.view_of(s), v.TableUI(manual=True, selected=move.src), [move.dst])
    assert re.search(rf'class="stack[^"]*selected[^"]*"[^>]*data-i="{move.src}"', html)
    assert re.search(rf'class="stack[^"]*target[^"]*"[^>]*data-i="{move.dst}"', html)
    names = stack_names(html)
    assert names[move.src].endswith(", selected")  # said, not only drawn
    assert names[move.dst].endswith(", the selected card goes here")
    assert re.search(rf'data-i="{move.src}"[^>]*data-rove-current', html)  # where Tab lands
    html = v.stacks_html(pms.view_of(s), v.TableUI(manual=True, hint=move))
    assert "hint: move this card" in html and "hint: onto this stack" in html


def test_controls_follow_the_mode() -> None:
    s = dealt(1, 0)
    auto = v.controls_html(pms.view_of(s), None, v.TableUI())
    manual = v.controls_html(pms.view_of(s), None, v.TableUI(manual=True))
    playing = v.controls_html(pms.view_of(s), None, v.TableUI(autoplay=True))
    assert 'data-testid="speed"' in auto and 'data-testid="hint"' not in auto
    assert 'data-testid="hint"' in manual and 'aria-pressed="true"' in manual
    assert 'data-testid="stop"' in playing and "Deal</button>" in playing
    parse(auto)
    parse(manual)


def test_end_panel_reports_the_loop_and_the_record() -> None:
    s = pms.new_session(16709)
    while not s.over:
        for a in pms.step_plan(s):
            pms.apply(s, a)
    out = s.outcome
    html = v.board_html(pms.view_of(s), out, v.TableUI(record=Record(3, 1, 0, 1)))
    parse(html)
    n = out.details["loop_length"]  # "every round", not "every 1 round" (issue 35)
    assert ("Loops every round" if n == 1 else f"Loops every {n} rounds") in html
    assert f"from round {out.details['loop_start']}" in html
    assert "played <b>3</b>" in html and "current streak <b>0</b>" in html
    assert "Masten" in html
    ctrl = v.controls_html(pms.view_of(s), out, v.TableUI())
    assert 'data-action="deal"' not in ctrl and 'data-action="autoplay"' not in ctrl
    assert re.search(r'class="btn primary"[^>]*data-action="new-deal"', ctrl)


def test_won_panel() -> None:
    s = pms.new_session(16557)
    while not s.over:
        for a in pms.step_plan(s):
            pms.apply(s, a)
    html = v.end_html(pms.view_of(s), s.outcome, None)
    assert "Won!" in html and "11 rounds" in html


def test_stats_panel_shows_progress_and_results() -> None:
    from app.tables.perpetual_motion.sim import Simulation

    sim = Simulation(200, 1)
    sim.run_batch(budget_ms=10_000)
    html = v.sim_html(1000, 1, sim, running=False)
    parse(html)
    assert 'data-state="finished"' in html and "Mean rounds" in html
    sim2 = Simulation(10_000, 1)
    sim2.run_batch(budget_ms=1)
    html = v.sim_html(10000, 1, sim2, running=True)
    assert 'data-state="running"' in html and 'data-testid="sim-stop"' in html
