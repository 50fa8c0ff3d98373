"""Cube Farm said as a player says it (issue 45): each place of a card by where the card would
go (its side of the elevator in squares, the cards it lies against, its cubicles' walk to the
elevator), never the same words for two places; the places and the cubicles each one roving
group of the keyboard; every action of the player says what it did; the letter keys on their
buttons; the words a newcomer meets."""

from __future__ import annotations

import random
import re
from dataclasses import replace

from app.tables.cube_farm import parts as cu
from app.tables.cube_farm.guide import guide

from engine.games.cube_farm.rules import CLAIM, GAME, PLACE, CFState, CFView, Claim, Place

NAMES = ("You", "Bea")


def new(seed: int = 3) -> CFState:
    return GAME.new_game(GAME.config_from_dict({"players": 2, "hands": 1}), random.Random(seed))


def view(s: CFState) -> CFView:
    return GAME.view(s, s.to_move)


def play_on(s: CFState, turns: int, seed: int = 1) -> CFState:
    rng = random.Random(seed)
    for _ in range(turns):
        s = GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    return s


def test_every_place_of_a_card_is_said_by_where_it_would_go_and_no_two_alike() -> None:
    for seed in (3, 4):
        s = new(seed)
        for k in range(8):
            if s.phase == PLACE:
                v = view(s)
                for card in v.my_hand:
                    for rot, anchors in cu.positions(v, card).items():
                        said = [cu.place_where(v, Place(card, x, y, rot), NAMES)
                                for x, y in anchors]
                        assert len(set(said)) == len(said), (card, rot)  # told apart by ear
                        for words in said:
                            assert re.match(r"^(\d+½?|½) (north|south|east|west)", words) or \
                                words.startswith("over the elevator"), words
                            assert " of the elevator, against the " in words, words
                            assert not re.search(r"-?\d+,-?\d+", words)  # no coordinates
            s = play_on(s, 1, seed * 10 + k)


def test_a_place_says_its_cubicles_walk_to_the_elevator_and_what_it_joins() -> None:
    s = new()
    v = view(s)
    # a row of cubes over a corridor, laid against the elevator: its cubes can be claimed
    card = next(c for c in v.my_hand if cu.card_words(c).startswith("3 cubes")) \
        if any(cu.card_words(c).startswith("3 cubes") for c in v.my_hand) else None
    found = []
    for c in v.my_hand if card is None else [card]:
        for rot, anchors in cu.positions(v, c).items():
            for x, y in anchors:
                words = cu.place_where(v, Place(c, x, y, rot), NAMES)
                if "to claim" in words:
                    found.append(words)
    assert found
    m = re.search(r"(\d+) cubicles? to claim, (\d+) steps? from the elevator, up to (\d+) "
                  r"points?", found[0])
    assert m, found[0]
    assert "against the Elevator" in "".join(found)


def test_next_and_a_tap_say_the_place_the_places_group_says_each_and_the_keys_move() -> None:
    s = new()
    v = view(s)
    card = sorted(v.my_hand)[0]
    picked = cu.tap(v, cu.CFTurnUI(), "cf-card", {"card": card}, NAMES)
    anchors = cu.positions(v, card)[picked.ui.rot]
    # three Next presses: three places, each said by where the card would go
    ui, heard = picked.ui, []
    for _ in range(3):
        t = cu.tap(v, ui, "cf-next", {}, NAMES)
        ui = t.ui
        heard.append(t.message or "")
    assert len(set(heard)) == 3, heard
    name = cu.place_words(Place(card, 0, 0, 0)).split(",")[0]  # the card's name
    assert all(h.startswith(f"{name} shown at place ") and " of the elevator" in h
               for h in heard), heard
    assert "place 1 of " in heard[0]  # none shown yet: Next shows the first
    # the floor: one button per place, one Tab stop (a roving group), labelled by its words
    svg = cu.board_svg(v, picked.ui, NAMES, True)
    group = re.search(r'<g class="cf-places"[^>]*data-rove[^>]*>', svg)
    assert group is not None
    places = re.findall(r'<g id="cf-at-(-?\d+)_(-?\d+)" class="cf-place" role="button" '
                        r'data-rove-item( tabindex="0" data-rove-current| tabindex="-1") '
                        r'data-action="cf-at"[^>]*aria-label="([^"]+)"', svg)
    assert [(int(x), int(y)) for x, y, _, _ in places] == anchors
    assert [p[2] for p in places].count(' tabindex="0" data-rove-current') == 1
    assert all(label.startswith(f"place {i} of {len(anchors)}: ")
               for i, (_, _, _, label) in enumerate(places, 1))
    # Enter on a place shows the card there, Enter again lays it (said)
    x, y = anchors[-1]
    shown = cu.tap(v, picked.ui, "cf-at", {"x": str(x), "y": str(y)}, NAMES)
    assert shown.ui.at == (x, y) and not shown.actions
    assert f"place {len(anchors)} of {len(anchors)}" in (shown.message or "")
    laid = cu.tap(v, shown.ui, "cf-at", {"x": str(x), "y": str(y)}, NAMES)
    assert laid.actions == (Place(card, x, y, picked.ui.rot),)
    assert (laid.message or "").startswith(f"You laid the {name}, ")
    # a place that is not one of the card's in its turn is refused, said
    bad = cu.tap(v, picked.ui, "cf-at", {"x": "99", "y": "99"}, NAMES)
    assert bad.refusal and not bad.actions


def test_claims_and_passes_say_what_they_did_and_a_hinted_cubicle_is_said() -> None:
    s = new()
    for seed in range(40):
        t = play_on(s, 1, seed)
        if t.phase == CLAIM and t.board.claimable():
            s = t
            break
    assert s.phase == CLAIM
    v = view(s)
    cub = s.board.claimable()[0]
    claim = cu.tap(v, cu.CFTurnUI(), "cf-claim", {"x": str(cub.id[0]), "y": str(cub.id[1])})
    assert claim.actions == (Claim(*cub.id),)
    assert re.match(r"You claimed the cubicle on the .+, \d+ steps from the elevator: \d+ "
                    r"points?", claim.message or ""), claim.message
    passed = cu.tap(v, cu.CFTurnUI(), "cf-pass", {})
    assert passed.message == "You claimed nothing: your turn ends."
    ui, text = cu.advice_ui(v, cu.CFTurnUI(), Claim(*cub.id))
    assert "the cubicle on the " in text and "steps from the elevator" in text
    svg = cu.board_svg(v, ui, NAMES, True)
    hinted = re.search(r'<g class="cf-cub cf-can hinted" id="cf-cub-[^"]+"[^>]*>', svg)
    assert hinted is not None and re.search(r"ringed: the Hint(&#x27;|')s pick",
                                            hinted.group(0))
    assert 'tabindex="0" data-rove-current' in hinted.group(0)
    assert re.search(r'<g class="cf-cubs" role="group" aria-label="Cubicles" data-rove>', svg)
    # a cubicle hinted: Pass is no longer the highlighted button
    dock = cu.controls_html(v, ui, True, False)
    assert 'class="btn primary"' not in dock
    assert 'class="btn primary"' in cu.controls_html(v, replace(ui, hint=None), True, False)


def test_the_letter_keys_are_on_their_buttons_and_the_hand_is_one_stop() -> None:
    s = new()
    v = view(s)
    card = sorted(v.my_hand)[0]
    ui = cu.tap(v, cu.CFTurnUI(), "cf-card", {"card": card}, NAMES).ui
    dock = cu.dock_html(v, ui, NAMES, interactive=True)
    for key, testid in (("R", "cf-rot"), ("P", "cf-prev"), ("N", "cf-next"),
                        ("Escape", "cf-cancel"), ("H", "cf-hint"), ("Enter", "cf-ok")):
        assert re.search(rf'<button aria-keyshortcuts="{key}" [^>]*data-testid="{testid}"',
                         dock), testid
    strip = re.search(r'<div class="cf-hand-strip" data-rove>(.*?)</div>', dock, re.S)
    assert strip is not None
    cards = re.findall(r'<button type="button" id="cf-card-([A-Z0-9]+)"[^>]*data-rove-item'
                       r'( tabindex="0" data-rove-current| tabindex="-1") '
                       r'aria-keyshortcuts="(\d)"', strip.group(1))
    assert [c for c, _, _ in cards] == sorted(v.my_hand)
    assert [c for c, tab, _ in cards if "data-rove-current" in tab] == [card]  # the picked
    assert [k for _, _, k in cards] == [str(i) for i in range(1, len(cards) + 1)]


def test_the_words_a_newcomer_meets() -> None:
    s = new()
    v = view(s)
    html = cu.players_html(v, NAMES)
    assert "▭" not in html
    assert re.search(r'<span class="cf-pcount">6 cards</span><span class="cf-ppts">0 points'
                     r"</span>", html), html
    texts = [step.text for step in guide().steps]
    assert not any(re.search(r"(?<!for )\b1 \+", t) for t in texts)  # the 1 is said
    assert any("1 point for your stone" in t for t in texts)
    assert cu.step_words(v, 0, NAMES).startswith("You: 0 cubicles claimed, 0 points")
    assert cu.step_words(v, 2, NAMES) == "Totals: You 0 points, Bea 0 points."
