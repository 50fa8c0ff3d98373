"""The Perpetual-Motion Machine's pictures for its rules page (see :mod:`app.figures`): the
table's own mat (:func:`~app.tables.machine.parts.mat_html`) and cards, with the sets checked by
the engine and the cubes placed by the engine's mat, so a picture always shows the real rule."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from app.figures import figure as frame
from app.figures import still
from app.kit import esc, face
from app.tables.machine.parts import limits_words, mat_html, set_words
from engine.cards import Card
from engine.games.machine import sets as S
from engine.games.machine.mat import TRACK_IDS, TRACKS
from engine.games.machine.rules import GAME, PlayerMat

PLAYERS = 2  # the pictures show a two-player game: 30 cubes each
CUBES = 30
START = 5  # cubes in the personal supply at the start


def _mat(before: PlayerMat, after: PlayerMat) -> str:
    """The mat ``after``, the sections and limits new since ``before`` marked, as the table
    marks them after a turn."""
    view = GAME.view(GAME.new_game(GAME.default_config(PLAYERS), random.Random(1)), 0)
    view = replace(view, mats=(after, *view.mats[1:]))
    marked = {f"p0.t{t}.s{s}" for t in range(len(TRACKS))
              for s in range(before.filled[t], after.filled[t])}
    marked |= {f"p0.lim.{k}" for (k, a), (_, b) in zip(limits_words(after),
                                                        limits_words(before), strict=True)
               if a != b}
    return still(mat_html(view, 0, ["You"], frozenset(marked)))


def _set_up(names: Sequence[str]) -> tuple[PlayerMat, PlayerMat]:
    """The mat before and after the two set-up cubes go on ``names``' tracks."""
    before = PlayerMat((0,) * len(TRACKS), START, CUBES - START)
    after = before
    for name in names:
        after = after.place(TRACK_IDS.index(name), 1, 0)
    return before, after


def _cards(cards: Sequence[Card]) -> str:
    faces = still("".join(face(c, "mm-face") for c in cards))
    return f'<div class="mm-hand rules-hand">{faces}</div>'


def set_up(arg: str) -> str:
    """``straight flush``: the mat after the set-up cubes went on these tracks."""
    names = arg.split()
    before, after = _set_up(names)
    tracks = " + ".join(TRACKS[TRACK_IDS.index(n)].name for n in names)
    gives = ", ".join(w for _, w in limits_words(after))
    label = (f"A mat after set-up on {tracks}: {after.on_mat} cubes on the mat, "
             f"{after.supply} in the supply, {after.pile} in the general pile. It gives: {gives}.")
    caption = (f"Set-up on <b>{esc(tracks)}</b> in a two-player game: the new sections are "
               f"ringed, and what the mat now gives is marked.")
    return frame(_mat(before, after), label, caption, "mm rules-mm")


def play(arg: str) -> str:
    """``straight 5H 6C 7D 8S 9H``: that set played from the Straight + Flush set-up mat; its
    cubes fill the next section of the set's track (the exact-cube rule)."""
    kind, *texts = arg.split()
    cards = [Card.parse(t) for t in texts]
    if not S.is_kind(kind, cards):
        raise ValueError(f"play: not a {kind}: {texts}")
    _, mat = _set_up(["straight", "flush"])
    track = TRACK_IDS.index(kind)
    cost = mat.next_cost(track)
    if cost is None or cost > mat.supply:
        raise ValueError(f"play: {kind} cannot be placed from {mat}")
    after = mat.place(track, cost, 0)
    words = set_words(kind, cards)
    label = (f"{words}: {' '.join(c.symbol for c in cards)}. Its {cost} cube"
             f"{'s' if cost != 1 else ''} fill the next section of the {TRACKS[track].name} "
             f"track, whose value becomes {after.value(track)}.")
    caption = (f"<b>{esc(words)}</b>, played from the mat of the Straight + Flush set-up, "
               f"fills the next {TRACKS[track].name} section with {cost} cube"
               f"{'s' if cost != 1 else ''} from the supply.")
    return frame(_cards(cards) + _mat(mat, after), label, caption, "mm rules-mm")


def sets(arg: str) -> str:
    """``three 9S 9H 9D | straight ...``: each set, checked by the engine, with its name."""
    rows, said = [], []
    for part in arg.split("|"):
        kind, *texts = part.split()
        cards = [Card.parse(t) for t in texts]
        if not S.is_kind(kind, cards):
            raise ValueError(f"sets: not a {kind}: {texts}")
        words = set_words(kind, cards)
        rows.append(f'<div class="rules-row"><span class="rules-head">{esc(words)}</span>'
                    f"{_cards(cards)}</div>")
        said.append(f"{words}: {' '.join(c.symbol for c in cards)}")
    return frame("".join(rows), "Sets. " + "; ".join(said) + ".",
                 "A set of each kind.", "mm rules-mm")


def figure(name: str, arg: str) -> str:
    """The picture ``name`` (``setup``, ``play``, ``sets``) for ``arg``."""
    draw = {"setup": set_up, "play": play, "sets": sets}.get(name)
    if draw is None:
        raise ValueError(f"the Machine draws no figure {name!r}")
    return draw(arg)
