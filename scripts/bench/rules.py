"""The rules pages at 360 x 640: height, pictures, sideways scroll, contrast (issue 22).

Per game with a rules page, ``#/rules/<game>`` of the built site (build/site, or the site of
``--before COMMIT``, built once by bench.common.before_site) in Debian's Chromium through
Playwright, a phone page (360 x 640, scale 2, touch), light and dark:

- height: document.scrollingElement.scrollHeight in CSS px, the folded lists (<details>) closed,
  as the page opens;
- pictures: elements of the rules text that are pictures (img, svg, figure, role="img", the
  drawn cards inside a folded list included), and the figures among them;
- sideways: the page's scrollWidth beyond its width (0: no sideways scroll); the words of the
  tables broken across two lines ("Thr/ee"), and the table cells whose text does not fit
  (scrollWidth > clientWidth);
- contrast: the lowest text contrast and the texts under 4.5:1 (scripts/lib/layout.py).

Usage: .venv/bin/python -m scripts.bench.rules [--before COMMIT] [--lock /tmp/browser.lock]
       [--json out.json] [--shots DIR]
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from scripts.bench.common import before_site, lock
from scripts.lib.browser import PHONE, SITE, chromium
from scripts.lib.layout import BROKEN_WORDS_JS, contrast
from scripts.serve import serve_in_thread

MEASURE_JS = "() => {" + BROKEN_WORDS_JS + r"""
  const text = document.querySelector('[data-testid=rules-text]');
  const pics = text.querySelectorAll('img, svg, figure, [role=img]');
  const W = document.documentElement.clientWidth;
  const cells = [...text.querySelectorAll('td, th')].filter(c => c.scrollWidth > c.clientWidth);
  const tables = [...text.querySelectorAll('table')]
    .map(t => Math.round(t.getBoundingClientRect().width));
  const broken = brokenWords(text);  // table words split across lines
  return {height: document.scrollingElement.scrollHeight, words_broken: broken,
          pictures: text.querySelectorAll('figure, [role=img], img').length
                    - text.querySelectorAll('figure [role=img]').length,
          figures: text.querySelectorAll('figure').length,
          drawn: pics.length,
          sideways: Math.max(0, document.scrollingElement.scrollWidth - W),
          widest_table: tables.length ? Math.max(...tables) : 0,
          cells_cut: cells.map(c => c.textContent.trim()).slice(0, 5)};
}"""


# the picture each screenshot shows, by its place on the page (the worked example of a turn)
SHOT_FIGURE = {"machiavelli": 2, "cube-farm": 2}
SHOW_FIGURE_JS = """(k) => {
  const figs = document.querySelectorAll('[data-testid=rules-figure]');
  const f = figs[Math.min(k, figs.length - 1)];
  if (!f) return;
  const bar = document.querySelector('header.topbar');
  window.scrollTo(0, f.getBoundingClientRect().top + window.scrollY
                  - (bar ? bar.getBoundingClientRect().height : 0) - 8);
}"""


def games(site: Path) -> list[str]:
    listed = json.loads((site / "games.json").read_text())
    return [g["id"] for g in listed if g.get("has_rules")]


def measure(site: Path, shots: Path | None = None) -> dict[str, Any]:
    """Every rules page of ``site``, light and dark."""
    out: dict[str, Any] = {}
    server, url = serve_in_thread(site)
    with chromium() as browser:
        for scheme in ("light", "dark"):
            ctx = browser.new_context(**PHONE, color_scheme=scheme, reduced_motion="reduce")
            page = ctx.new_page()
            page.goto(url + "?thread=page")
            page.wait_for_function("document.documentElement.dataset.ready === '1'",
                                   timeout=180_000)
            for gid in games(site):
                page.evaluate("(h) => { location.hash = h; }", f"#/rules/{gid}")
                page.wait_for_selector("[data-testid=rules-text] h1", timeout=60_000)
                page.wait_for_timeout(300)
                got = page.evaluate(MEASURE_JS)
                c = contrast(page)
                row = out.setdefault(gid, {})
                if scheme == "light":
                    row.update(got)
                row[f"contrast_{scheme}"] = round(c["lowest"] or 0, 2)
                row[f"fails_{scheme}"] = c["failures"]
                if shots is not None:
                    shots.mkdir(parents=True, exist_ok=True)
                    page.evaluate(SHOW_FIGURE_JS, SHOT_FIGURE.get(gid, 0))
                    page.screenshot(path=str(shots / f"rules-{gid}-{scheme}.png"))
            ctx.close()
    server.shutdown()
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", default="", help="also measure the site of this commit")
    p.add_argument("--lock", default="", help="hold this lock file while a browser runs")
    p.add_argument("--json", default="")
    p.add_argument("--shots", default="", help="a screenshot of each page, light and dark")
    args = p.parse_args()
    result: dict[str, Any] = {}
    for name in (["before"] if args.before else []) + ["after"]:
        with lock(args.lock):  # a build is a browser run's equal: one at a time on the machine
            site = before_site(args.before) if name == "before" else SITE
            result[name] = measure(site, Path(args.shots) if args.shots and name == "after"
                                   else None)
    for name, pages in result.items():
        print(f"{name}:")
        print(f"  {'game':18} {'height':>7} {'pictures':>8} {'figures':>7} {'sideways':>8} "
              f"{'widest table':>12} {'contrast light/dark':>19}  words broken, cells cut")
        for gid, r in pages.items():
            print(f"  {gid:18} {r['height']:>7} {r['pictures']:>8} {r['figures']:>7} "
                  f"{r['sideways']:>8} {r['widest_table']:>12} "
                  f"{r['contrast_light']:>9}/{r['contrast_dark']:<9}  "
                  f"{len(r['words_broken'])} {r['words_broken'][:4]}, "
                  f"{len(r['cells_cut'])} {r['cells_cut']}")
            for scheme in ("light", "dark"):
                for fail in r[f"fails_{scheme}"][:3]:
                    print(f"    {scheme} contrast under 4.5: {fail}")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
