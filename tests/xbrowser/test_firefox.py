"""The cross-browser smoke run in Firefox ESR (Debian's firefox-esr, driven by puppeteer-core
over WebDriver BiDi from firefox_smoke.mjs beside this file): a fresh profile's first visit,
the service worker, the snapshot made by the first visit, an offline return visit (the server
stopped) restored from it, a Perpetual Motion deal by taps, a reload that resumes it, a
Machiavelli turn with the Hint, a Machine set-up and turn by hints, a Cube Farm card placed;
and no console error nor uncaught page error on the way.

scripts/test installs firefox-esr when it is missing (and npm ci brings puppeteer-core); a
missing browser fails this test rather than skipping it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from helpers.browser import ROOT

from scripts.lib.layout import SHOTS
from scripts.serve import serve_in_thread

pytestmark = pytest.mark.browser

FIREFOX = Path("/usr/bin/firefox-esr")
SCRIPT = Path(__file__).with_name("firefox_smoke.mjs")
PUPPETEER = ROOT / "node_modules" / "puppeteer-core"
SITE = ROOT / "build" / "site"
LIMIT_S = 480


def test_firefox_smoke() -> None:
    if not FIREFOX.exists():
        pytest.fail(f"{FIREFOX} is missing: scripts/test installs Debian's firefox-esr")
    if not PUPPETEER.exists() or shutil.which("node") is None:
        pytest.fail("node or node_modules/puppeteer-core is missing: run scripts/test "
                    "(npm ci brings puppeteer-core)")
    if not (SITE / "index.html").exists():
        pytest.fail("build/site is missing: run scripts/test (it builds the site first)")
    server, url = serve_in_thread(SITE)  # a server of its own: it is stopped mid-run
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / "xbrowser-firefox-cube-farm.png"
    t0 = time.monotonic()
    proc = subprocess.Popen(["node", str(SCRIPT), url, str(shot)], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    done: dict[str, Any] | None = None
    others: list[str] = []
    try:
        for line in proc.stdout:
            try:
                event = json.loads(line)
            except json.JSONDecodeError:
                others.append(line.rstrip())
                continue
            if event.get("event") == "offline":  # the return visit finds no server
                server.shutdown()
                server.server_close()
                proc.stdin.write("stopped\n")
                proc.stdin.flush()
            elif event.get("event") == "done":
                done = event
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        server.shutdown()
        server.server_close()
    stderr = proc.stderr.read() if proc.stderr else ""
    elapsed = time.monotonic() - t0
    assert done is not None, f"the smoke run ended without its results:\n{others}\n{stderr}"
    report = "\n".join(f"  {s['seconds']:6.1f} s  {s['name']}  {json.dumps(s['detail'])}"
                       for s in done["steps"])
    print(f"Firefox smoke run, {elapsed:.0f} s:\n{report}")
    assert done["failure"] is None, f"{done['failure']}\nsteps passed:\n{report}"
    assert done["errors"] == [], "console or page errors:\n" + "\n".join(done["errors"])
    assert len(done["steps"]) == 9, report
    # the app's Python in a worker on the first visit and offline on the return visit, which
    # restored the first visit's snapshot
    threads = [(s["detail"] or {}).get("thread") for s in done["steps"]]
    assert threads[0] == "worker" and threads[3] == "worker", report
    assert done["steps"][3]["detail"]["start"] == "snapshot", report
    assert elapsed < LIMIT_S, f"the smoke run took {elapsed:.0f} s"
