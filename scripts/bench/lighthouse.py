"""Lighthouse (mobile, simulated throttling) on the home page, with the app's Python on the
page's thread and in a worker, first visit and return visit, and the time to ready beside each.

Lighthouse 12.2.3 comes from the npm registry on first use (``npm exec``, cached by npm; it is
not part of the app or of the tests). Chromium is Debian's, started here with a remote
debugging port so that a return visit keeps the profile (service worker, caches).

Designs compared, each in a fresh profile per run:

* ``page``: Python on the page's thread (``?thread=page``, the app's fallback).
* ``worker``: the app as shipped: its Python in a worker on every visit.

(``--site`` measures another build, e.g. an older commit's, with its own meaning of these
queries.)

Time to ready is measured by loading the same page in the same state with Playwright
(unthrottled: Lighthouse's throttling is simulated, so it does not slow a real load).

With ``--screens``: performance, best practices and accessibility of the home screen and of
every table
(``#/<game>``), return visit (the service worker installed), each audit that lost points named.

Usage: .venv/bin/python -m scripts.bench.lighthouse [--runs 3] [--screens]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scripts.lib.browser import ARGS, CHROMIUM, SITE
from scripts.serve import serve_in_thread

LIGHTHOUSE = "lighthouse@12.2.3"
QUERY = {"page": "?thread=page", "worker": ""}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def lighthouse(url: str, port: int, keep_storage: bool, out: Path,
               categories: str = "performance,best-practices",
               config: Path | None = None) -> dict[str, Any]:
    cmd = ["npm", "exec", "--yes", "--", LIGHTHOUSE, url, f"--port={port}",
           f"--only-categories={categories}", "--output=json",
           f"--output-path={out}", "--quiet", "--max-wait-for-load=90000"]
    if config is not None:
        cmd.append(f"--config-path={config}")
    if keep_storage:
        cmd.append("--disable-storage-reset")
    for attempt in range(3):  # Lighthouse now and then loses its connection on a busy machine
        done = subprocess.run(cmd, env={**os.environ, "CHROME_PATH": CHROMIUM},
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                              timeout=600)
        if done.returncode == 0:
            break
        print(f"  (Lighthouse failed, attempt {attempt + 1}: {done.stderr.strip()[-300:]})",
              file=sys.stderr)
    else:
        raise SystemExit("Lighthouse failed three times")
    r = json.loads(out.read_text())
    if categories != "performance,best-practices":
        scores: dict[str, Any] = {k: 100 * (c["score"] or 0) for k, c in r["categories"].items()}
        scores["lost"] = sorted(
            a["id"] for k, c in r["categories"].items() if k != "performance"
            for ref in c["auditRefs"]
            if ref["weight"] > 0 and (a := r["audits"][ref["id"]])["score"] is not None
            and a["score"] < 1)
        # proof that the screen was drawn by the app, not the static start-up skeleton
        scores["dom"] = r["audits"]["dom-size"].get("numericValue", 0)
        return scores
    return {"performance": 100 * (r["categories"]["performance"]["score"] or 0),
            "best": 100 * (r["categories"]["best-practices"]["score"] or 0),
            "tbt": r["audits"]["total-blocking-time"]["numericValue"],
            "failed": sorted(  # the best-practice audits that lost points
                a["id"] for ref in r["categories"]["best-practices"]["auditRefs"]
                if ref["weight"] > 0 and (a := r["audits"][ref["id"]])["score"] is not None
                and a["score"] < 1)}


def ready_ms(pw: Any, port: int, url: str) -> float:
    """Load ``url`` in the running browser (its profile as it is) and time it to data-ready;
    then wait until the service worker is in charge (what a return visit needs)."""
    browser = pw.chromium.connect_over_cdp(f"http://127.0.0.1:{port}")
    page = browser.contexts[0].new_page()
    t0 = time.perf_counter()
    page.goto(url)
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    took = (time.perf_counter() - t0) * 1000
    try:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=90_000)
        page.wait_for_timeout(1000)
    except Exception:
        pass
    page.close()
    browser.close()
    return took


@contextmanager
def chromium() -> Iterator[int]:
    """Debian's Chromium with a fresh profile and a debugging port (what Lighthouse drives)."""
    profile = Path(tempfile.mkdtemp(prefix="lh-profile-"))
    port = free_port()
    proc = subprocess.Popen(
        [CHROMIUM, "--headless=new", f"--remote-debugging-port={port}",
         f"--user-data-dir={profile}", *ARGS, "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(2)
        yield port
    finally:
        proc.terminate()
        proc.wait(timeout=30)
        shutil.rmtree(profile, ignore_errors=True)


def one_run(pw: Any, url: str, design: str, tmp: Path) -> dict[str, dict[str, float]]:
    target = url + QUERY[design]
    with chromium() as port:
        first = lighthouse(target, port, False, tmp / f"{design}-first.json")
        ready_ms(pw, port, target)  # the service worker installed and in charge
        back = lighthouse(target, port, True, tmp / f"{design}-return.json")
        back["ready"] = ready_ms(pw, port, target)
    with chromium() as port:  # a first visit's time to ready, in a fresh profile
        first["ready"] = ready_ms(pw, port, target)
    return {"first": first, "return": back}


SCREENS = ["#/", "#/perpetual-motion", "#/machiavelli", "#/machine", "#/cube-farm",
           "#/settings"]


def screens(pw: Any, url: str, tmp: Path, runs: int) -> None:
    """Best practices and accessibility of every screen, on a return visit."""
    print(f"Lighthouse {LIGHTHOUSE.split('@')[1]}, mobile: performance, best practices and "
          f"accessibility, return visit, medians of {runs}")
    # Lighthouse stops when the page's own thread is quiet; with Python in a worker that is
    # before the app has drawn the screen, so it waits 20 s after the load event first.
    config = tmp / "wait.json"
    config.write_text(json.dumps({"extends": "lighthouse:default",
                                  "settings": {"pauseAfterLoadMs": 20_000}}))
    results: dict[str, list[dict[str, Any]]] = {}
    for run in range(runs):
        with chromium() as port:
            ready_ms(pw, port, url)  # the service worker installed and in charge
            for i, hash_ in enumerate(SCREENS):
                results.setdefault(hash_, []).append(lighthouse(
                    url + hash_, port, True, tmp / f"screen-{run}-{i}.json",
                    "performance,best-practices,accessibility", config))
    for hash_, rows in results.items():
        lost = sorted({a for r in rows for a in r["lost"]})
        print(f"  {hash_:20} performance "
              f"{statistics.median(r['performance'] for r in rows):.0f}, best practices "
              f"{statistics.median(r['best-practices'] for r in rows):.0f}, accessibility "
              f"{statistics.median(r['accessibility'] for r in rows):.0f} (DOM "
              f"{statistics.median(r['dom'] for r in rows):.0f} elements)"
              + (f"; points lost on: {', '.join(lost)}" if lost else ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--screens", action="store_true",
                    help="best practices and accessibility of every screen instead")
    ap.add_argument("--designs", default="page,worker")
    ap.add_argument("--site", type=Path, default=SITE, help="the built site (default build/site)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(args.site)
    tmp = Path(tempfile.mkdtemp(prefix="lh-out-"))
    results: dict[str, list[dict[str, dict[str, float]]]] = {}
    if args.screens:
        with sync_playwright() as pw:
            screens(pw, url, tmp, args.runs)
        server.shutdown()
        return
    with sync_playwright() as pw:
        for _ in range(args.runs):
            for design in args.designs.split(","):
                results.setdefault(design, []).append(one_run(pw, url, design, tmp))
    server.shutdown()
    print(f"Lighthouse {LIGHTHOUSE.split('@')[1]}, mobile, simulated throttling; medians of "
          f"{args.runs}; time to ready unthrottled")
    for design, runs in results.items():
        for visit in ("first", "return"):
            rows = [r[visit] for r in runs]

            def med(k: str, rows: list[dict[str, float]] = rows) -> float:
                return statistics.median(x[k] for x in rows)

            each = ", ".join(f"{x['performance']:.0f}" for x in rows)
            print(f"  {design:7} {visit:6} visit: performance {med('performance'):.0f} "
                  f"({each}), TBT "
                  f"{med('tbt'):.0f} ms, best practices {med('best'):.0f}, ready "
                  f"{med('ready'):.0f} ms")


if __name__ == "__main__":
    main()
