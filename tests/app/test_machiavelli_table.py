"""CPython tests of the Machiavelli table UI: taps become engine actions the engine accepts,
the HTML is well formed and labelled, the log lines read well, random tapping never breaks."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence

from app.seated import computers as comp
from app.seated.local import MatchSession
from app.tables.machiavelli import parts as mu
from helpers.machiavelli import start
from helpers.markup import parse
from helpers.shell import boot, click, run_async, settle
from helpers.taps import (
    Tags,
    assert_refused,
    assert_shows,
    assert_sound,
    snapshot,
    tap_the_app,
)

from engine.cards import Card
from engine.errors import IllegalAction
from engine.games.machiavelli.bots import make_bot
from engine.games.machiavelli.rules import (
    GAME,
    Draw,
    EndTurn,
    Lay,
    MAction,
    Merge,
    Move,
    MState,
    MView,
    Reset,
    Split,
    Take,
)

NAMES = ("You", "Bea", "Cy")


def view(state: MState) -> MView:
    return GAME.view(state, state.player)


def taps(state: MState, *seq: tuple[str, dict[str, str]], ui: mu.MTurnUI | None = None,
         ) -> tuple[MState, mu.MTurnUI, list[MAction]]:
    """Play taps as the shell does: apply each Tap's actions all or nothing."""
    ui = ui or mu.MTurnUI()
    done: list[MAction] = []
    for action, data in seq:
        t = mu.tap(view(state), ui, action, data)
        assert not t.refusal, (action, data, t.message)
        s = state
        for a in t.actions:
            s = GAME.apply(s, a)
        state, ui = s, t.ui
        done.extend(t.actions)
    return state, ui, done


def whole(v: MView, ui: mu.MTurnUI, names: Sequence[str], *, interactive: bool,
          marked: frozenset[str] = frozenset(), colours: bool = False,
          drawn: Card | None = None) -> str:
    """The table (the frame's field) and the dock (the hand and the actions) together."""
    return (mu.table_html(v, ui, names, interactive=interactive, marked=marked, colours=colours)
            + mu.dock_html(v, ui, names, interactive=interactive, drawn=drawn))


def hand_index(state: MState, card: str) -> str:
    return str([str(c) for c in state.hands[state.player]].index(card))


def table_text(state: MState) -> list[list[str]]:
    return [[str(tc.card) for tc in m] for m in state.table]


# --- taps --------------------------------------------------------------------------------


def test_pick_three_cards_then_new_meld_lays_them_together() -> None:
    s = start("7S 7H 7D 2C 9C")
    seq = [("m-hand", {"hand": hand_index(s, c)}) for c in ("7H", "7S", "7D")]
    s, ui, acts = taps(s, *seq, ("m-new", {}))
    assert table_text(s) == [["7S", "7H", "7D"]]
    assert [str(c) for c in s.hands[0]] == ["2C", "9C"]
    assert isinstance(acts[0], Lay) and acts[0].to is None
    assert all(isinstance(a, Lay) and a.to == 0 for a in acts[1:])
    assert ui.picked == ()
    s = GAME.apply(s, EndTurn())
    assert s.player == 1


def test_hand_indices_stay_right_when_laying_several_cards() -> None:
    """Cards picked out of order and spread over the hand: each Lay names the right card."""
    s = start("2H 4S 5S 9D KC 6S", "3S 3D 3C|7S 8S 9S")
    picked = ("6S", "4S", "5S")
    seq = [("m-hand", {"hand": hand_index(s, c)}) for c in picked]
    s2, _, acts = taps(s, *seq, ("m-meld", {"meld": "1"}))
    assert sorted(table_text(s2)[1]) == sorted(["4S", "5S", "6S", "7S", "8S", "9S"])
    assert [str(c) for c in s2.hands[0]] == ["2H", "9D", "KC"]
    idx = [a.hand for a in acts if isinstance(a, Lay)]
    assert idx == sorted(idx, reverse=True)
    # a card onto a meld that is not the last: it ends that meld, the last meld is untouched
    s3, _, _ = taps(s, ("m-hand", {"hand": hand_index(s, "9D")}), ("m-meld", {"meld": "0"}))
    assert table_text(s3) == [["3S", "3D", "3C", "9D"], ["7S", "8S", "9S"]]


def test_lift_a_table_card_and_move_it() -> None:
    s = start("6H 8H", "7S 7H 7D 7C|5H 6H 7H")
    s, ui, acts = taps(s, ("m-meld", {"meld": "0"}))
    assert acts == [] and ui.opened == 0
    html = whole(view(s), ui, NAMES, interactive=True)
    assert html.count('data-testid="m-table-card"') == 4 and 'data-action="m-split"' in html
    pos = str([str(tc.card) for tc in s.table[0]].index("7H"))
    s, ui, acts = taps(s, ("m-card", {"meld": "0", "pos": pos}), ui=ui)
    assert ui.lifted == (0, int(pos)) and acts == []
    s, ui, acts = taps(s, ("m-meld", {"meld": "1"}), ui=ui)
    assert acts == [Move(0, int(pos), 1)]
    assert sorted(table_text(s)[1]) == sorted(["5H", "6H", "7H", "7H"])
    assert ui.lifted is None and ui.opened == 0  # the source meld stays open
    # the lifted card goes to a new meld instead
    s2 = start("6H", "7S 7H 7D 7C")
    s2, _, acts2 = taps(s2, ("m-meld", {"meld": "0"}), ("m-card", {"meld": "0", "pos": "3"}),
                          ("m-new", {}))
    assert acts2 == [Move(0, 3, None)] and len(s2.table) == 2


def test_split_a_run_and_lay_onto_a_part() -> None:
    s = start("6D 2C", "3D 4D 5D 6D 7D 8D|KS KH KC")
    s, ui, _ = taps(s, ("m-meld", {"meld": "0"}))
    s, ui, acts = taps(s, ("m-split", {"meld": "0", "at": "3"}), ui=ui)
    assert acts == [Split(0, 3)]
    assert table_text(s) == [["3D", "4D", "5D"], ["KS", "KH", "KC"], ["6D", "7D", "8D"]]
    s, ui, _ = taps(s, ("m-hand", {"hand": hand_index(s, "6D")}), ("m-meld", {"meld": "0"}),
                    ui=ui)
    assert table_text(s)[0] == ["3D", "4D", "5D", "6D"]
    assert mu.tap(view(s), ui, "m-end", {}).actions == (EndTurn(),)


def test_join_two_melds() -> None:
    s = start("9H", "3C 4C 5C|6C 7C 8C|KS KH KD")
    s, ui, _ = taps(s, ("m-meld", {"meld": "1"}), ("m-join", {"meld": "1"}))
    assert ui.joining
    html = whole(view(s), ui, NAMES, interactive=True)
    assert html.count("mt-meld target") == 2  # the other two melds are targets
    s, ui, acts = taps(s, ("m-meld", {"meld": "0"}), ui=ui)
    assert acts == [Merge(0, 1)]
    assert table_text(s)[0] == ["3C", "4C", "5C", "6C", "7C", "8C"]
    assert ui.opened == 0 and not ui.joining


def test_take_a_helping_card_with_hand_cards() -> None:
    s = start("7S 7H 2D 3D 4D 9C", helping="7C KD QH 2S", variant="helping")
    html = whole(view(s), mu.MTurnUI(), NAMES, interactive=True)
    assert html.count('data-action="m-help"') == 4
    seq = [("m-hand", {"hand": hand_index(s, c)}) for c in ("7S", "7H")]
    s, ui, acts = taps(s, *seq, ("m-help", {"slot": "0"}), ("m-new", {}))
    assert any(isinstance(a, Take) for a in acts)
    assert sorted(table_text(s)[0]) == ["7C", "7H", "7S"]
    assert s.helping[0] is None
    assert mu.tap(view(s), ui, "m-end", {}).actions == (EndTurn(),)
    # a helping card onto an existing meld
    s2 = start("9C 8C", "5S 6S 7S", helping="8S KD QH 2S", variant="helping")
    s2, _, acts = taps(s2, ("m-help", {"slot": "0"}), ("m-meld", {"meld": "0"}))
    assert acts == [Take(0, 0)] and table_text(s2)[0] == ["5S", "6S", "7S", "8S"]


def test_refusals_explain_themselves() -> None:
    s = start("7S 7H 2C", "3S 4S 5S")
    v = view(s)
    t = mu.tap(v, mu.MTurnUI(), "m-new", {})
    assert t.refusal and "hand first" in (t.message or "")
    t = mu.tap(v, mu.MTurnUI(), "m-end", {})
    assert t.refusal and "lay at least one card" in (t.message or "")
    t = mu.tap(v, mu.MTurnUI(), "m-undo", {})
    assert t.refusal
    t = mu.tap(v, mu.MTurnUI(), "m-hand", {"hand": "99"})
    assert t.refusal
    other = GAME.view(s, 1)
    t = mu.tap(other, mu.MTurnUI(), "m-hand", {"hand": "0"})
    assert t.refusal and "not your turn" in (t.message or "")
    assert mu.tap(v, mu.MTurnUI(), "m-draw", {}).actions == (Draw(),)
    # sort only changes the order shown
    t = mu.tap(v, mu.MTurnUI(), "m-sort", {})
    assert t.ui.sort == "rank" and not t.actions
    assert mu.key(v, mu.MTurnUI(), "q") is None
    k = mu.key(v, mu.MTurnUI(), "d")
    assert k is not None and k.actions == (Draw(),)


def test_hint_and_its_steps() -> None:
    s = start("4S 5S 9D", "6S 7S 8S|2H 2D 2C")
    v = view(s)
    t = mu.tap(v, mu.MTurnUI(), "m-hint", {})
    assert t.actions == () and not t.refusal
    h = mu.make_hint(v, 2000)
    assert h.cards == 2 and h.proven and h.steps
    assert "You can lay 2 cards" in mu.hint_message(h)
    ui = mu.MTurnUI(hint=h)
    html = whole(v, ui, NAMES, interactive=True)
    assert f"Next step <small>({len(h.steps)})</small>" in html
    assert f'aria-label="Next step of the hint ({len(h.steps)} left): make it"' in html
    while ui.hint is not None and ui.hint.steps:
        before = view(s)
        t = mu.tap(before, ui, "m-hint-step", {})
        # the step is said as done (never as advice once made), then what comes next
        assert len(t.actions) == 1 and t.message and t.message.startswith("Done: ")
        done = mu.step_text(before, t.actions[0])
        assert done.split(" ", 1)[1] in t.message and done not in t.message
        s = GAME.apply(s, t.actions[0])
        ui = t.ui
        assert ui.hint is not None
        if ui.hint.steps:
            assert f"Next: {mu.step_text(view(s), ui.hint.steps[0])}" in t.message
        else:
            assert t.message.endswith("That was the hint's last step: end your turn.")
    assert mu.tap(view(s), ui, "m-end", {}).actions == (EndTurn(),)
    assert len(s.hands[0]) == 1
    # off the hint's path: it starts again with Reset
    s2 = start("4S 5S 9D", "6S 7S 8S|2H 2D 2C")
    s2 = GAME.apply(s2, Lay(2, None))
    h2 = mu.make_hint(view(s2), 2000)
    assert h2.steps[0] == Reset()
    nothing = mu.make_hint(view(start("9D KC")), 2000)
    assert nothing.cards == 0 and nothing.steps == ()
    assert mu.hint_message(nothing) == "Nothing can be laid: draw"


# --- HTML ----------------------------------------------------------------------------------


def check_html(html: str) -> None:
    c = parse(html)
    for tag, a in c.tags:
        if tag == "button":
            assert a.get("type") == "button"
            assert (a.get("data-action") or "").startswith("m-"), a
            assert a.get("aria-label") or tag, a
    # every button has a name: an aria-label, or visible text
    for m in re.finditer(r"<button([^>]*)>(.*?)</button>", html, re.S):
        at, body = m.groups()
        text = re.sub(r"<[^>]+>", "", body).strip()
        assert "aria-label=" in at or text, m.group(0)[:200]


def test_html_is_well_formed_labelled_and_has_test_ids() -> None:
    s = start("7S 7H 2C 9D", "3S 4S 5S|KH KD KC", players=3)
    s = GAME.apply(s, Lay(int(hand_index(s, "7S")), None))  # an invalid one-card meld
    v = view(s)
    evil = "<img src=x onerror=alert(1)>"
    html = whole(v, mu.MTurnUI(picked=(0,), opened=1), ("You", evil, "Cy"),
                         interactive=True, marked=frozenset({"m0.1", "m1"}), colours=True)
    check_html(html)
    assert evil not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    for tid in ("m-hand", "m-hand-card", "m-meld", "m-table-card", "m-draw-count",
                "m-opponent", "m-end", "m-draw", "m-reset", "m-undo", "m-hint", "m-hint-step",
                "m-new", "m-new-zone", "m-cancel", "m-dock"):
        assert f'data-testid="{tid}"' in html, tid
    assert html.count('data-testid="m-opponent"') == 2
    assert 'data-card="7H"' in html
    assert "meld 3: seven of spades, not valid: a meld needs 3 cards" in html
    assert "meld 1: run 3 to 5 of spades, valid" in html
    assert re.search(r'aria-label="two of clubs" aria-pressed="true"', html)
    # every name says the cards in words, never by their signs (a screen reader's words)
    names = re.findall(r'aria-label="([^"]*)"', html)
    assert names and not [n for n in names if re.search("[♠♥♦♣]", n)]
    assert "laid this turn" in html
    assert "four-colour" in html and "s-H" in html
    # End turn: focusable but aria-disabled, and the reason is there
    end = re.search(r'<button[^>]*data-action="m-end"[^>]*>', html)
    assert end and 'aria-disabled="true"' in end.group(0) and "disabled " not in end.group(0)
    assert "a meld needs 3 cards" in end.group(0)
    t = mu.tap(v, mu.MTurnUI(), "m-end", {})
    assert t.refusal and "meld 3: a meld needs 3 cards" in (t.message or "")
    # exactly one primary button: End turn once cards are laid, even while it is not possible
    # (Draw would take them back)
    assert len(re.findall(r'class="btn primary"', html)) == 1
    assert re.search(r'class="btn primary"[^>]*data-action="m-end"', html)
    fresh = whole(view(start("7S 7H 2C 9D")), mu.MTurnUI(), NAMES, interactive=True)
    assert re.findall(r'class="btn primary"[^>]*data-action="(m-\w+)"', fresh) == ["m-draw"]
    for tid in ("m-sort", "m-arrange-runs", "m-arrange-groups"):  # nothing picked: the order
        assert f'data-testid="{tid}"' in fresh, tid
    # not interactive: everything disabled
    off = whole(v, mu.MTurnUI(), NAMES, interactive=False)
    check_html(off)
    buttons = re.findall(r"<button[^>]*>", off)
    assert buttons and all(" disabled" in b for b in buttons)


def test_end_turn_enabled_and_primary_when_the_table_is_valid() -> None:
    s = start("6S 2C", "3S 4S 5S")
    s = GAME.apply(s, Lay(1, 0))
    html = whole(view(s), mu.MTurnUI(), NAMES, interactive=True)
    end = re.search(r'<button[^>]*data-action="m-end"[^>]*>', html)
    assert end and "aria-disabled" not in end.group(0) and "primary" in end.group(0)
    assert len(re.findall(r'class="btn primary"', html)) == 1


def test_hand_sort_orders() -> None:
    s = start("KS 2H 2S 5D AC")
    v = view(s)
    def shown(sort: str) -> list[str]:
        html = whole(v, mu.MTurnUI(sort=sort), NAMES, interactive=True)
        return re.findall(r'data-action="m-hand"[^>]*data-card="(\w\w)"', html)
    assert shown("suit") == ["2S", "KS", "2H", "AC", "5D"]
    assert shown("rank") == ["AC", "2S", "2H", "5D", "KS"]


def test_marked_keys_and_describe_turn_from_bot_games() -> None:
    rng = random.Random(3)
    state = GAME.new_game(GAME.make_config(players=2, variant="manipulation"), rng)
    bots = [make_bot("standard"), make_bot("standard")]
    lines: list[str] = []
    laid = 0
    for _ in range(12):
        if state.status != "playing":
            break
        actor = state.player
        before = GAME.view(state, actor)
        watcher_before = GAME.view(state, 1 - actor)
        acts: list[MAction] = []
        while state.player == actor and state.status == "playing":
            v = GAME.view(state, actor)
            a = bots[actor].choose(v, GAME.legal_actions(state), rng)
            acts.append(a)
            state = GAME.apply(state, a)
        after = GAME.view(state, actor)
        line = mu.describe_turn(before, after, acts, NAMES[actor])
        # the same line from a watcher, who cannot see the actor's hand
        seen = mu.describe_turn(watcher_before, GAME.view(state, 1 - actor), acts, NAMES[actor])
        assert line.startswith(NAMES[actor] + " ")
        if isinstance(acts[-1], Draw):
            assert line == f"{NAMES[actor]} drew a card" and seen == line
        else:
            laid += 1
            assert " laid " in line and any(x in line for x in "♠♥♦♣"), line
            assert seen.startswith(f"{NAMES[actor]} laid "), seen
            keys = mu.marked_keys(watcher_before, GAME.view(state, 1 - actor))
            assert keys and all(re.fullmatch(r"m\d+(\.\d+)?", k) for k in keys)
            html = whole(GAME.view(state, 1 - actor), mu.MTurnUI(), NAMES,
                                 interactive=False, marked=keys)
            assert "marked" in html
            check_html(html)
        lines.append(line)
    assert laid >= 1, lines


def test_describe_turn_wording() -> None:
    s = start("6S 7S 7H 7D", "2S 3S 4S 5S|KH KD KC")
    before = view(s)
    acts: list[MAction] = [Split(0, 2), Merge(0, 2)]
    for a in acts:
        s = GAME.apply(s, a)
    for c, to in (("6S", 0), ("7S", None), ("7H", 2), ("7D", 2)):
        a = Lay(int(hand_index(s, c)), to)
        acts.append(a)
        s = GAME.apply(s, a)
    acts.append(EndTurn())
    s = GAME.apply(s, EndTurn())
    line = mu.describe_turn(before, GAME.view(s, 0), acts, "Bea")
    assert line == ("Bea laid 6♠ on the 2♠–5♠ run and 7♠ 7♥ 7♦ as a new meld, "
                    "split 1 meld and joined 1 meld and went out: Bea wins"), line
    drew = start("9D KC")
    after = GAME.apply(drew, Draw())
    assert mu.describe_turn(view(drew), GAME.view(after, 0), [Draw()], "Bea") == "Bea drew a card"


# --- random taps ------------------------------------------------------------------------


def _buttons(tags: Tags) -> list[tuple[str, dict[str, str]]]:
    out = []
    for tag, a in tags:
        if tag == "button" and "disabled" not in a and a.get("data-action"):
            data = {k[5:]: v or "" for k, v in a.items()
                    if k.startswith("data-") and k not in ("data-action", "data-testid")}
            out.append((str(a["data-action"]), data))
    return out


def _random_taps(variant: str, seed: int, count: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_game(GAME.make_config(players=2, variant=variant), rng)
    ui = mu.MTurnUI()
    history: list[MState] = []
    hint_budget = 2
    bot = make_bot("beginner")  # fills the table with melds for the taps to rearrange
    for _ in range(count):
        if state.status != "playing":
            break
        if state.steps == 0 and not state.player and rng.random() < 0.5:
            while state.player == 0 and state.status == "playing":
                state = GAME.apply(state, bot.choose(view(state), GAME.legal_actions(state),
                                                     rng))
            ui, history = mu.MTurnUI(sort=ui.sort), []
            continue
        v = view(state)
        html = whole(v, ui, NAMES, interactive=True)
        tags = parse(html).tags
        assert_shows("machiavelli", html, tags, state, state.player)  # it shows the state
        options = _buttons(tags)
        assert options
        # tap card-ish things more often, as a person would
        weights = [1 if a in ("m-end", "m-draw", "m-reset", "m-undo") else 4
                   for a, _ in options]
        action, data = rng.choices(options, weights)[0]
        if rng.random() < 0.05:  # stale or garbled data
            data = {k: rng.choice(["-1", "99", "x", ""]) for k in data}
        t = mu.tap(v, ui, action, data)
        assert isinstance(t, mu.Tap)
        if action == "m-hint" and hint_budget:
            hint_budget -= 1
            t = mu.Tap(replace_hint(t.ui, mu.make_hint(v, 200)))
        if action == "m-undo" and not t.refusal:
            state = history.pop() if history else state
            ui = t.ui
            continue
        s, kept = state, snapshot(GAME, state)
        try:
            for a in t.actions:
                s = GAME.apply(s, a)
        except IllegalAction:
            assert_refused(GAME, kept, state)
            continue  # the shell shows the reason and keeps the old state and UI
        if t.refusal:
            assert_refused(GAME, kept, s, t.actions)
        assert_sound(GAME, s)
        if t.actions:
            if s.player == state.player and s.steps:
                history.append(state)
            else:
                history = []
        state, ui = s, t.ui
        mu.key(view(state), ui, rng.choice(["Escape", "e", "x", "j", "."]))


def replace_hint(ui: mu.MTurnUI, h: mu.HintInfo) -> mu.MTurnUI:
    from dataclasses import replace

    return replace(ui, hint=h)


def test_random_taps_never_break(seeds: Sequence[int] = (1, 2, 3)) -> None:
    """Random taps on the table, then on the table in the whole app (its match, page and save),
    with what must hold after each (helpers.taps)."""
    for seed in seeds:
        _random_taps("machiavelli", seed, 200)
        _random_taps("helping", seed + 10, 200)
    done = tap_the_app("machiavelli", 3, 120, ("m-",))
    assert done["refused"] and done["m-new"] and done["m-end"]


# --- issue 21: the dock, drops, the hand's order, hints from now, marks and flights -----------


def test_draw_with_cards_laid_asks_first_and_is_not_the_main_button() -> None:
    s = start("6S 2C 9D", "3S 4S 5S")
    s, ui, _ = taps(s, ("m-hand", {"hand": hand_index(s, "6S")}), ("m-meld", {"meld": "0"}))
    v = view(s)
    html = whole(v, ui, NAMES, interactive=True)
    assert re.findall(r'class="btn primary"[^>]*data-action="(m-\w+)"', html) == ["m-end"]
    t = mu.tap(v, ui, "m-draw", {})
    assert t.actions == () and not t.refusal and t.ui.confirm == "draw"
    asked = mu.dock_html(v, t.ui, NAMES, interactive=True)
    assert "Take back the 1 card you laid and draw?" in asked
    assert 'data-testid="m-draw-sure"' in asked and 'data-testid="m-keep"' in asked
    assert 'data-testid="m-end"' not in asked  # the question in place of the actions
    keep = mu.tap(v, t.ui, "m-keep", {})
    assert keep.actions == () and keep.ui.confirm == ""
    assert 'data-testid="m-end"' in mu.dock_html(v, keep.ui, NAMES, interactive=True)
    assert mu.key(v, t.ui, "Escape") is not None and mu.key(v, t.ui, "Escape").ui.confirm == ""
    sure = mu.tap(v, t.ui, "m-draw-sure", {})
    assert sure.actions == (Draw(),) and sure.ui.confirm == ""
    # any other tap sets the question aside
    assert mu.tap(v, t.ui, "m-hand", {"hand": "0"}).ui.confirm == ""
    # a table only rearranged: the question says so; nothing changed: Draw draws at once
    r = GAME.apply(start("9D", "3S 4S 5S 6S 7S 8S"), Split(0, 3))
    rt = mu.tap(view(r), mu.MTurnUI(), "m-draw", {})
    assert rt.ui.confirm == "draw" and "Put the table back as your turn found it and draw?" in (
        mu.dock_html(view(r), rt.ui, NAMES, interactive=True))
    assert mu.tap(view(start("9D")), mu.MTurnUI(), "m-draw", {}).actions == (Draw(),)


def test_drops_are_the_taps_they_stand_for() -> None:
    s = start("6S 7S 9D 7H 7D", "3S 4S 5S|KH KD KC")
    v = view(s)
    # one hand card onto a meld
    t = mu.tap(v, mu.MTurnUI(), "m-drop", {"meld": "0", "fromHand": hand_index(s, "6S")})
    assert t.actions == (Lay(int(hand_index(s, "6S")), 0),)
    # a picked card dragged: every picked card goes
    ui = mu.MTurnUI(picked=(int(hand_index(s, "6S")), int(hand_index(s, "7S"))))
    t = mu.tap(v, ui, "m-drop", {"meld": "0", "fromHand": hand_index(s, "7S")})
    s2 = s
    for a in t.actions:
        s2 = GAME.apply(s2, a)
    assert table_text(s2)[0] == ["3S", "4S", "5S", "6S", "7S"] and t.ui.picked == ()
    # a card not picked, while others are: only that card
    t = mu.tap(v, ui, "m-drop", {"new": "1", "fromHand": hand_index(s, "9D")})
    assert t.actions == (Lay(int(hand_index(s, "9D")), None),)
    # a table card of an opened meld onto another meld, or onto a new meld
    s3 = start("9D", "7S 7H 7D 7C|4H 5H 6H")
    t = mu.tap(view(s3), mu.MTurnUI(opened=0), "m-drop",
               {"meld": "1", "fromMeld": "0", "fromPos": "1"})
    assert t.actions == (Move(0, 1, 1),)
    t = mu.tap(view(s3), mu.MTurnUI(opened=0), "m-drop",
               {"new": "1", "fromMeld": "0", "fromPos": "3"})
    assert t.actions == (Move(0, 3, None),)
    assert mu.tap(view(s3), mu.MTurnUI(), "m-drop",
                  {"meld": "0", "fromMeld": "0", "fromPos": "1"}).actions == ()
    # stale or garbled drops are refused with a reason, nothing done
    for data in ({"meld": "7", "fromHand": "0"}, {"meld": "0", "fromHand": "40"},
                 {"meld": "0"}, {"meld": "x", "fromHand": "0"}):
        bad = mu.tap(v, mu.MTurnUI(), "m-drop", data)
        assert bad.refusal and bad.actions == () and bad.message, data
    # the page's drag.js finds what it needs: draggable cards and drop targets
    html = whole(v, mu.MTurnUI(), NAMES, interactive=True)
    assert html.count('data-drag="card"') == len(v.hand)
    assert html.count('data-drop-action="m-drop"') == len(v.table) + 2  # + New meld (twice)


def test_the_hand_arranged_by_runs_or_groups_keeps_the_rest_in_order() -> None:
    s = start("2S 3S 4S 9S 7H 7D 7C 7S KD 5S AH")
    h = view(s).hand

    def shown(sort: str, arrange: str) -> list[list[str]]:
        return [[str(h[i]) for i in b] for b in mu.hand_blocks(h, sort, arrange, "both")]

    assert shown("suit", "runs") == [["2S", "3S", "4S", "5S"],
                                     ["7S", "9S", "AH", "7H", "7C", "7D", "KD"]]
    assert shown("suit", "groups") == [["7S", "7H", "7C", "7D"],
                                       ["2S", "3S", "4S", "5S", "9S", "AH", "KD"]]
    assert shown("rank", "groups")[1] == ["AH", "2S", "3S", "4S", "5S", "9S", "KD"]
    # an ace high ends a run (Q K A); two equal cards make two runs
    h2 = view(start("QH KH AH QH KH AH 4C")).hand
    runs = [[str(h2[i]) for i in b] for b in mu.hand_blocks(h2, "suit", "runs", "both")]
    assert runs == [["QH", "KH", "AH"], ["QH", "KH", "AH"], ["4C"]]
    low = [[str(h2[i]) for i in b] for b in mu.hand_blocks(h2, "suit", "runs", "low")]
    assert low == [["AH", "AH", "QH", "QH", "KH", "KH", "4C"]]  # ace low only: no run
    # one tap arranges; the same tap again goes back; the HTML shows that order
    v = view(s)
    t = mu.tap(v, mu.MTurnUI(), "m-arrange", {"arrange": "runs"})
    assert t.ui.arrange == "runs" and t.actions == ()
    html = mu.dock_html(v, t.ui, NAMES, interactive=True)
    order = re.findall(r'data-action="m-hand"[^>]*data-card="(\w\w)"', html)
    assert order[:4] == ["2S", "3S", "4S", "5S"]
    assert 'data-testid="m-arrange-runs"' in html and 'aria-pressed="true"' in html
    assert mu.tap(v, t.ui, "m-arrange", {"arrange": "runs"}).ui.arrange == ""
    assert mu.tap(v, t.ui, "m-arrange", {"arrange": "nonsense"}).refusal
    assert mu.tap(v, t.ui, "m-sort", {}).ui == mu.MTurnUI(sort="rank")
    # kept through a turn's actions (a display order, like the sort)
    assert mu.tap(v, t.ui, "m-draw", {}).ui.arrange == "runs"


def test_the_hint_counts_from_the_table_as_it_is_now() -> None:
    s = start("4S 5S 9D", "6S 7S 8S|2H 2D 2C")
    h = mu.make_hint(view(s), 2000)
    assert mu.hint_message(h, view(s)) == (
        "You can lay 2 cards. First: lay 4♠ on meld 1. Next step does it for you, one step "
        "at a time.")
    t = mu.tap(view(s), mu.MTurnUI(hint=h), "m-hint-step", {})
    s = GAME.apply(s, t.actions[0])
    h2 = mu.make_hint(view(s), 2000)
    assert mu.hint_message(h2, view(s)) == (
        "You can lay 1 more card. First: lay 5♠ on meld 1. Next step does it for you, one "
        "step at a time.")
    t = mu.tap(view(s), t.ui, "m-hint-step", {})
    s = GAME.apply(s, t.actions[0])
    done = mu.make_hint(view(s), 2000)
    assert mu.hint_message(done, view(s)) == "Nothing more can be laid: end your turn."
    # off the path: the count is of the whole turn again, from a Reset
    off = GAME.apply(start("4S 5S 9D", "6S 7S 8S|2H 2D 2C"), Lay(2, None))
    again = mu.make_hint(view(off), 2000)
    assert mu.hint_message(again, view(off)).startswith("Start again: you can lay 2 cards")


def test_marks_span_several_turns_and_rearrangements() -> None:
    s = start("9D KC", "3S 4S 5S 6S|7H 7D 7C|JC QC KC", players=3)
    before = view(s)
    # the first computer rearranges (6S to a new meld) ...; the next lays a card
    s1 = GAME.apply(s, Split(0, 3))
    assert plain_table(s1)[3] == ["6S"]
    s2 = GAME.apply(s1, Merge(2, 3))  # 6S JC QC KC: not valid, but a step is a step
    assert plain_table(s2)[2] == ["6S", "JC", "QC", "KC"]
    # meld 0 lost a card, meld 2 gained one from elsewhere: both marked, and the moved card
    assert mu.marked_keys(before, view(s2)) == {"m0", "m2", "m2.0"}
    s3 = GAME.apply(s, Lay(int(hand_index(s, "KC")), 2))
    assert mu.marked_keys(before, view(s3)) == {"m2", "m2.3"}


def plain_table(state: MState) -> list[list[str]]:
    return [[str(tc.card) for tc in m] for m in state.table]


def test_flights_of_one_step() -> None:
    s = start("7S 9D", "3S 4S 5S 6S|7H 7D 7C", players=3)
    # a card laid flies from its player's name chip (or, watched, from the hand shown)
    s1 = GAME.apply(s, Lay(int(hand_index(s, "7S")), 0))
    assert mu.flights(s, s1) == [
        ("7S", '#mt-board [data-testid=m-opponent][data-seat="0"], '
               '#mt-dock [data-testid=m-hand-card][data-card="7S"]')]
    # a split: the cards that changed place fly from where they stood
    s2 = GAME.apply(s, Split(0, 2))
    assert mu.flights(s, s2) == [("5S", '#mt-board [data-key="m0.2"]'),
                                 ("6S", '#mt-board [data-key="m0.3"]')]
    # two equal cards on the table: each has its own data-card
    two = start("9D", "7H 7D 7C|5H 6H 7H")
    assert mu.table_uids(two.table) == [["7H", "7D", "7C"], ["5H", "6H", "7H-2"]]
    html = mu.table_html(view(two), mu.MTurnUI(), NAMES, interactive=True)
    assert html.count('data-card="7H"') == 1 and html.count('data-card="7H-2"') == 1
    moved = GAME.apply(two, Move(0, 0, None))
    assert mu.flights(two, moved) == [("7D", '#mt-board [data-key="m0.1"]'),
                                      ("7C", '#mt-board [data-key="m0.2"]'),
                                      ("7H-2", '#mt-board [data-key="m0.0"]')]
    assert mu.flights(s, GAME.apply(s, Draw())) == []


def test_describe_turn_names_ranks_in_words() -> None:
    s = start("AH 2C", "AS AD AC")
    s1 = GAME.apply(s, Lay(int(hand_index(s, "AH")), 0))
    s1 = GAME.apply(s1, EndTurn())
    line = mu.describe_turn(view(s), GAME.view(s1, 0), [Lay(0, 0), EndTurn()], "Bea")
    assert line == "Bea laid A♥ on the aces"


# --- in the shell: the card drawn, the computers' flights, the end's points -----------------


THREE = "#/machiavelli/deal/7?seats=you,standard,standard&variant=manipulation"


def test_the_card_drawn_is_marked_until_the_next_action() -> None:
    async def run() -> None:
        app, page, env = boot()
        env.go(THREE)
        await settle(app)
        t = app.tables["machiavelli"]
        m = t.match
        hand = Counter(m.state.hands[0])
        click(app, "m-draw")
        await settle(app)
        assert m.current == 0
        (card,) = (Counter(m.state.hands[0]) - hand).elements()
        dock = page.regions["mt-dock"]
        marked = re.findall(r'<button[^>]*class="[^"]*marked drawn[^"]*"[^>]*>', dock)
        assert len(marked) == 1 and f'data-card="{card}"' in marked[0]
        assert "just drawn" in marked[0] and 'data-reveal="drawn-' in marked[0]
        click(app, "m-hand", hand="0")  # picking is not yet an action on the table
        assert "marked drawn" in page.regions["mt-dock"]
        hand = Counter(m.state.hands[0])
        click(app, "m-draw")  # the next action: the mark moves to the card drawn now
        await settle(app)
        (card2,) = (Counter(m.state.hands[0]) - hand).elements()
        marked = re.findall(r'<button[^>]*class="[^"]*marked drawn[^"]*"[^>]*>',
                            page.regions["mt-dock"])
        assert len(marked) == 1 and f'data-card="{card2}"' in marked[0]
        assert t.board.drawn == (0, 1, card2)
        click(app, "m-hand", hand="0")
        click(app, "m-new")  # a step on the table: nothing is marked as drawn any more
        assert "marked drawn" not in page.regions["mt-dock"] and t.board.drawn is None
    run_async(run())


def test_a_computers_step_flies_its_cards() -> None:
    async def run() -> None:
        saved = dict(comp.SPEEDS)
        comp.SPEEDS["normal"] = 1
        try:
            app, page, env = boot()
            env.reduced_motion = lambda: False  # type: ignore[method-assign]
            env.go(THREE)
            await settle(app)
            t = app.tables["machiavelli"]
            for _ in range(6):  # until a computer lays a card
                page.batches.clear()
                click(app, "m-draw")
                await settle(app)
                flown = [f for b in page.batches for f in b.get("flights", [])]
                if flown:
                    break
            assert flown, "no computer laid a card in six rounds"
            for f in flown:
                assert re.fullmatch(r"[2-9TJQKA][SHDC](-2)?", f["card"]), f
                assert f["from"].startswith("#mt-board ")
            assert t.marked  # and the changes are marked
        finally:
            comp.SPEEDS.clear()
            comp.SPEEDS.update(saved)
    run_async(run())


def test_the_end_shows_cards_left_and_their_penalty_points() -> None:
    async def run() -> None:
        app, _page, env = boot()
        env.go("#/machiavelli/deal/7?seats=you,standard")
        await settle(app)
        t = app.tables["machiavelli"]
        m = t.match
        s = start("5S", "2S 3S 4S")
        s = GAME.apply(GAME.apply(s, Lay(0, 0)), EndTurn())
        assert s.status == "over"
        m.state = s
        other = s.hands[1]
        local = MatchSession(t, m)
        html = local.end_html(local.seen_at(0, False))
        assert "Cards left in hand and their penalty points" in html
        rows = re.findall(r"<tr><th scope='row'>([^<]*)</th><td>(\d+)</td><td>(\d+)</td></tr>",
                          html)
        points = sum(15 if c.rank == 1 else 10 if c.rank >= 10 else 5 for c in other)
        assert rows == [("You", "0", "0"), (m.names()[1], str(len(other)), str(points))]
        assert "ace 15, ten to king 10, the others 5" in html
    run_async(run())


def test_a_persons_turn_is_told_from_the_difference_when_only_its_last_tap_is_known() -> None:
    """The shell tells a person's turn from the turn's start and the last tap's actions (End
    turn): the cards laid come from the table's difference, not "laid 1 card"."""
    s = start("6S 2C 9D", "3S 4S 5S")
    s1 = GAME.apply(s, Lay(int(hand_index(s, "6S")), 0))
    s2 = GAME.apply(s1, EndTurn())
    line = mu.describe_turn(view(s), GAME.view(s2, 0), [EndTurn()], "You")
    assert line == "You laid 6♠ on the 3♠–5♠ run"


# --- issue 35: Reset asks first, and Undo looks disabled only when it is ----------------------


def undo_looks_disabled(dock: str) -> bool:
    (undo,) = re.findall(r'<button[^>]*data-testid="m-undo"[^>]*>', dock)
    return "disabled" in undo  # disabled, or aria-disabled with a reason


def test_reset_with_cards_laid_asks_first() -> None:
    s = start("6S 7S 2C 9D", "3S 4S 5S")
    s, ui, _ = taps(s, ("m-hand", {"hand": hand_index(s, "6S")}), ("m-meld", {"meld": "0"}))
    v = view(s)
    t = mu.tap(v, ui, "m-reset", {})
    assert t.actions == () and not t.refusal and t.ui.confirm == "reset"
    asked = mu.dock_html(v, t.ui, NAMES, interactive=True)
    assert "Take back the 1 card you laid and start your turn again?" in asked
    assert 'data-testid="m-reset-sure"' in asked and 'data-testid="m-keep"' in asked
    assert re.findall(r'class="btn primary"[^>]*data-action="(m-[\w-]+)"', asked) == ["m-keep"]
    assert 'data-testid="m-end"' not in asked  # the question in place of the actions
    assert mu.tap(v, t.ui, "m-keep", {}).actions == ()
    assert mu.key(v, ui, "r") is not None and mu.key(v, ui, "r").ui.confirm == "reset"
    sure = mu.tap(v, t.ui, "m-reset-sure", {})
    assert sure.actions == (Reset(),) and sure.ui.confirm == ""
    # a table only rearranged asks too; an unchanged one refuses, as before
    r = GAME.apply(start("9D", "3S 4S 5S 6S 7S 8S"), Split(0, 3))
    rt = mu.tap(view(r), mu.MTurnUI(), "m-reset", {})
    assert rt.ui.confirm == "reset" and "Put the table back as your turn found it?" in (
        mu.dock_html(view(r), rt.ui, NAMES, interactive=True))
    assert mu.tap(view(start("9D")), mu.MTurnUI(), "m-reset", {}).refusal
    assert mu.tap(view(start("9D")), mu.MTurnUI(), "m-reset-sure", {}).refusal


def test_undo_after_reset_looks_as_it_works() -> None:
    """After Reset the engine's turn has no steps, but Undo brings the built turn back: the
    button must not look disabled. Before any step it is."""
    async def run() -> None:
        app, page, env = boot()
        env.go(THREE)
        await settle(app)
        t = app.tables["machiavelli"]
        m = t.match
        assert undo_looks_disabled(page.regions["mt-dock"])
        before = m.state
        click(app, "m-hand", hand="0")
        click(app, "m-new")
        assert not undo_looks_disabled(page.regions["mt-dock"])
        laid = m.state
        click(app, "m-reset")  # asks first: nothing changes yet
        assert m.state == laid and 'data-testid="m-reset-sure"' in page.regions["mt-dock"]
        click(app, "m-reset-sure")
        assert m.state.table == before.table and m.state.steps == 0
        assert not undo_looks_disabled(page.regions["mt-dock"])  # it works: it looks it
        click(app, "m-undo")
        assert m.state == laid
    run_async(run())


def test_a_turn_not_ended_reads_right_in_a_finished_games_replay() -> None:
    """A replay's step inside a turn says the turn is not over yet, never "still playing"
    (which a finished game's replay contradicted)."""
    s = start("6S 7S 7H 7D", "2S 3S 4S 5S|KH KD KC")
    before = view(s)
    assert mu.describe_turn(before, before, [], "Bea") == "Bea's turn is not over yet"
    assert mu.describe_turn(before, before, [], "Ana", you=True) == "Your turn is not over yet"
