"""A player's mat as HTML: the tracks filled from the bottom, the Two Pair area, the piles,
what the mat gives in words, and the short line per track."""

from __future__ import annotations

from collections.abc import Sequence

from app.kit import esc
from app.tables.machine.words import (
    limits_words,
    player_name,
    short_track,
    track_label,
    track_row_words,
)
from engine.games.machine.mat import ENGINE_TRACKS, TRACKS, TWO_PAIR
from engine.games.machine.rules import MachineView, PlayerMat


def limits_html(mat: PlayerMat, p: int, marked: frozenset[str], label: str) -> str:
    """The list of what player ``p``'s mat gives now, a limit changed since the last tap
    marked "(new)"; ``label`` names whose mat it is for a screen reader."""
    parts = []
    for k, text in limits_words(mat):
        hot = f"p{p}.lim.{k}" in marked
        parts.append(f'<li class="mm-lim" data-lim="{k}"><span'
                     f'{" class=mm-new" if hot else ""}>{esc(text)}'
                     f"{' (new)' if hot else ''}</span></li>")
    return (f'<ul class="mm-limits" data-testid="mm-limits" aria-label="{esc(label)}">'
            f'{"".join(parts)}</ul>')


def mat_html(view: MachineView, p: int, names: Sequence[str], marked: frozenset[str],
             small: bool = False) -> str:
    """A player's mat: four engine tracks filled from the bottom, the Two Pair area, the
    general pile and the personal supply, and (full size) what the mat gives in words."""
    mat = view.mats[p]
    who = "Your" if p == view.player else f"{player_name(names, p)}’s"
    cols = []
    for t in ENGINE_TRACKS:
        track = TRACKS[t]
        cells = []
        for s, sec in enumerate(track.sections):
            filled = s < mat.filled[t]
            new = f"p{p}.t{t}.s{s}" in marked
            cls = "mm-sec" + (" on" if filled else "") + (" new" if new else "") + (
                " next" if s == mat.filled[t] else "")
            cubes = "".join('<i class="mm-cube"></i>' for _ in range(sec.cubes))
            cells.append(f'<div class="{cls}" data-vars="--c:{sec.cubes}"><span class="mm-cubes">'
                         f'{cubes}</span><span class="mm-val">{sec.value}</span></div>')
        empty = (f'<div class="mm-sec mm-empty">'
                 f'<span class="mm-val">{track.empty_value}</span></div>')
        cols.append(f'<li class="mm-track t-{track.id}"><span class="sr-only">'
                    f'{esc(track_label(mat, t))}</span><div class="mm-col" aria-hidden="true">'
                    f'{empty}{"".join(cells)}</div><span class="mm-tname" aria-hidden="true">'
                    f'{esc(short_track(t))}</span></li>')
    tp = TRACKS[TWO_PAIR]
    pairs = []
    for s, _sec in enumerate(tp.sections):
        filled = s < mat.filled[TWO_PAIR]
        new = f"p{p}.t{TWO_PAIR}.s{s}" in marked
        pairs.append(f'<span class="mm-sec mm-pair{" on" if filled else ""}'
                     f'{" new" if new else ""}"><i class="mm-cube"></i><i class="mm-cube"></i>'
                     f"</span>")
    two = (f'<div class="mm-two"><span class="sr-only">{esc(track_label(mat, TWO_PAIR))}</span>'
           f'<span class="mm-tname" aria-hidden="true">Two Pair</span>'
           f'<span class="mm-pairs" aria-hidden="true">{"".join(pairs)}</span></div>')
    bins = (f'<ul class="mm-bins" aria-label="{esc(who)} cubes">'
            f'<li class="mm-bin" data-testid="mm-pile">General pile <b>{mat.pile}</b></li>'
            f'<li class="mm-bin" data-testid="mm-supply">Personal supply <b>{mat.supply}</b> '
            f'(limit {mat.cube_limit})</li>'
            f'<li class="mm-bin">On the mat <b>{mat.on_mat}</b></li></ul>')
    words = "" if small else limits_html(
        mat, p, marked, f"What {who.lower() if p == view.player else who} mat gives now")
    out = " · out" if view.out[p] else ""
    return (f'<section class="mm-mat{" small" if small else ""}" data-testid="mm-mat" '
            f'data-seat="{p}" aria-label="{esc(who)} mat: {mat.on_mat} cubes placed, '
            f'{mat.left} to go{out}">{bins}<ul class="mm-tracks">{"".join(cols)}</ul>'
            f"{two}{words}</section>")


def tracks_line_html(view: MachineView, p: int, marked: frozenset[str]) -> str:
    """One short row per track: its sections as small squares (filled, new, next) and its
    value now and next."""
    mat = view.mats[p]
    rows = []
    for t, track in enumerate(TRACKS):
        secs = "".join(
            f'<i class="mm-sq{" on" if s < mat.filled[t] else ""}'
            f'{" new" if f"p{p}.t{t}.s{s}" in marked else ""}'
            f'{" next" if s == mat.filled[t] else ""}" data-vars="--c:{sec.cubes}"></i>'
            for s, sec in enumerate(track.sections))
        now, then = track_row_words(mat, t)
        rows.append(f'<li class="mm-tl t-{track.id}"><span class="sr-only">'
                    f'{esc(track_label(mat, t))}</span><span class="mm-tl-name" '
                    f'aria-hidden="true">{esc(short_track(t))}</span><span class="mm-tl-secs" '
                    f'aria-hidden="true">{secs}</span><span class="mm-tl-val" aria-hidden="true">'
                    f"{esc(now)} <small>{esc(then)}</small></span></li>")
    return f'<ul class="mm-tl-list" data-testid="mm-tracks">{"".join(rows)}</ul>'
