"""The rules pages' pictures (issue 22): drawn at build time by each game's table package
(``app.tables.<game>.rules_art``, through scripts/build_site.py's ``rules_html``), with the
table's own markup; no ASCII card diagram left; every table in its wrapper. And About: how to
install, and a credit for every game. The pages at 360 x 640 are measured in
tests/e2e/test_rules_pages_app.py."""

from __future__ import annotations

import re

import pytest
from app.figures import still
from app.kit import card_html, esc, face
from app.screens import INSTALL_WAYS, about_html
from app.tables.cube_farm.parts import card_svg
from app.tables.machiavelli.controls import card_face
from helpers.shell import boot

from engine.cards import Card
from engine.games.cube_farm.deck import CARDS, card_name
from engine.registry import all_games, rules_markdown
from scripts import build_site as b

MIN_FIGURES = 2  # pictures on every rules page, at least (each game's worked examples)


def pages() -> dict[str, str]:
    return {g.id: b.rules_html(rules_markdown(g.id), b.rules_art(g.id))
            for g in all_games() if g.rules_page}


PAGES = pages()

# a piece each table draws, as the table draws it (still: not a control): the picture is the
# app's own code, not a copy of it
PIECES = {
    "perpetual-motion": [card_html(Card.parse("AS"), 0, " top"),
                         card_html(Card.parse("8C"), 2, " top")],
    "machiavelli": [still(card_face(Card.parse("7H"), "mt-card")), 'class="mt-meld"',
                    still(card_face(Card.parse("7S"), "mt-card", " new"))],
    "machine": [still(face(Card.parse("9H"), "mm-face")), 'class="mm-mat"',
                'class="mm-sec on new"'],
    "cube-farm": [card_svg("C03"), card_svg("E0"), 'class="cf-svg"', "cf-walk"],
}


def test_every_rules_page_has_pictures_drawn_by_its_table() -> None:
    assert set(PAGES) == set(PIECES)
    for gid, html in PAGES.items():
        figures = html.count('data-testid="rules-figure"')
        assert figures >= MIN_FIGURES, (gid, figures)
        for piece in PIECES[gid]:
            assert piece in html, (gid, piece[:80])


def test_every_picture_has_a_text_alternative_and_a_caption() -> None:
    for gid, html in PAGES.items():
        for fig in re.findall(r'<figure class="rules-fig".*?</figure>', html, re.S):
            label = re.search(r'role="img" aria-label="([^"]+)"', fig)
            assert label and len(label.group(1)) > 20, (gid, fig[:200])
            assert re.search(r"<figcaption>.{10,}</figcaption>", fig, re.S), (gid, fig[-200:])
            # still: nothing in a picture is a control or says its own name
            assert not re.search(r"<button|tabindex=|data-action=|\sid=", fig), (gid, fig[:300])


def test_the_worked_examples_are_played_by_the_engine() -> None:
    pm = PAGES["perpetual-motion"]
    assert "Tops <b>A♠ 5♥ A♦ 5♣</b> become <b>A♦ 5♣ · ·</b>" in pm
    assert "Tops <b>6♠ 8♥ 8♦ 8♣</b> become <b>6♠ 8♣ · ·</b>" in pm
    cf = PAGES["cube-farm"]
    assert "1 for the stone, +2 Coffee Machine at 2 steps = 3" in cf
    machine = PAGES["machine"]
    assert "Straight, five to nine" in machine and "Royal Flush, spades" in machine


def test_no_ascii_card_diagram_is_left() -> None:
    cf = PAGES["cube-farm"]
    for cid, (top, bottom) in CARDS.items():
        for row in (top, bottom):
            if row.replace(".", "").strip():  # a row with something on it
                assert f"<td>{row}</td>" not in cf and f" {row} " not in cf, (cid, row)
    for html in PAGES.values():
        assert "<pre>" not in html


def test_cube_farm_draws_every_card_with_its_name_in_a_folded_list() -> None:
    cf = PAGES["cube-farm"]
    folded = re.search(r'<details class="rules-more" data-testid="rules-cards">.*?</details>',
                       cf, re.S)
    assert folded is not None
    for cid in CARDS:
        assert card_svg(cid) in folded.group(0), cid
        assert f"<b>{esc(card_name(cid))}</b>" in folded.group(0), cid
    assert folded.group(0).count('class="rules-cfcard"') == len(CARDS)


def test_every_table_is_in_its_wrapper() -> None:
    for gid, html in PAGES.items():
        assert html.count("<table>") == html.count('<div class="rules-table"><table>'), gid


def test_a_figure_the_game_does_not_draw_is_an_error() -> None:
    with pytest.raises(ValueError):
        b.rules_html("# X\n\n```figure\nnothing: 1\n```\n", b.rules_art("perpetual-motion"))
    with pytest.raises(SystemExit):
        b.rules_html("# X\n\n```figure\nmoves: AS 5H AD 5C\n```\n", None)


def test_about_says_how_to_install_or_that_it_is_installed() -> None:
    html = about_html("1", "ready", ["A"], "Not installed: you can add it.")
    for kind, who, _how in INSTALL_WAYS:
        assert f'<li data-device="{kind}"><b>{who}:</b>' in html  # the CSS picks by kind
    html = about_html("1", "ready", ["A"], "Installed on this device: it opens from your home")
    assert "Installed: it opens" in html and INSTALL_WAYS[0][1] not in html


def test_about_credits_every_game() -> None:
    app, page, _env = boot(address="#/about")
    app.render()
    text = page.regions["screen"]
    assert "Perpetual Motion, a solitaire by Mark Masten" in text
    assert "Machiavelli, a traditional Italian rummy" in text
    assert "Perpetual-Motion Machine, after its printed rulebook" in text
    assert "Cube Farm, after its printed rulebook" in text
