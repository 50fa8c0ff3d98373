"""What a first visit downloads, raw and as a host would send it compressed, before and after.

A first visit fetches exactly the service worker's precache list (and sw.js itself): this
prints, for the site of ``--before COMMIT`` (built once in its own worktree) and for
build/site, the bytes of those files grouped (Pyodide's wasm, its JavaScript, its standard
library, micropip, PyScript, our own files), raw, gzipped (level 9, as a host's gzip at most)
and brotli'd (quality 11, as a host's pre-compressed brotli). Files already compressed (the
zip of the standard library, wheels) gain little. No browser: the bytes are the files'.

Usage: .venv/bin/python -m scripts.bench.download [--before COMMIT]
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from pathlib import Path

from scripts.bench.common import before_site
from scripts.lib.browser import SITE

GROUPS = [("Pyodide wasm", r"^pyodide/.*\.wasm$"), ("Pyodide stdlib", r"^pyodide/.*\.zip$"),
          ("micropip", r"^pyodide/micropip"), ("Pyodide JS", r"^pyodide/"),
          ("PyScript", r"^pyscript/"), ("our own files", r"")]


def first_visit(site: Path) -> list[Path]:
    text = (site / "sw.js").read_text()
    m = re.search(r"const PRECACHE = (\[.*?\]);", text, re.S)
    assert m, "sw.js has no precache list"
    return [site / "sw.js"] + [site / u.removeprefix("./") for u in json.loads(m.group(1))]


def group_of(rel: str) -> str:
    return next(name for name, pattern in GROUPS if re.search(pattern, rel))


def sizes(site: Path) -> dict[str, list[int]]:
    """group -> [files, raw, gzip, brotli] (brotli -1 when the module is missing)."""
    try:
        import brotli
    except ImportError:
        brotli = None
    out: dict[str, list[int]] = {name: [0, 0, 0, 0] for name, _ in GROUPS}
    for f in first_visit(site):
        data = f.read_bytes()
        row = out[group_of(f.relative_to(site).as_posix())]
        row[0] += 1
        row[1] += len(data)
        row[2] += len(gzip.compress(data, 9, mtime=0))
        row[3] += len(brotli.compress(data, quality=11)) if brotli else -10**12
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--before", default="", help="also count the site of this commit")
    args = p.parse_args()
    sites = ([("before " + args.before, before_site(args.before))] if args.before else []) + [
        ("after", SITE)]
    for name, site in sites:
        table = sizes(site)
        total = [sum(r[i] for r in table.values()) for i in range(4)]
        print(f"{name}: {total[0]} files, {total[1]:,} bytes raw, {total[2]:,} gzipped, "
              + (f"{total[3]:,} brotli" if total[3] >= 0 else "brotli not installed"))
        for group, (n, raw, gz, br) in table.items():
            if n:
                print(f"  {group:16} {n:3} files {raw:>12,} raw {gz:>12,} gzip "
                      + (f"{br:>12,} brotli" if br >= 0 else ""))


if __name__ == "__main__":
    main()
