"""What the benchmarks share: the browser (scripts/lib/browser.py: Chromium, the served site,
the bare Pyodide page) and, here, the probes put into the app's page (time to ready, to the
thinker, to a table; long tasks; the page's longest stall), a phone page of the app, memory of
one Chromium from /proc, medians, the machine's browser lock, saved games made with the engine's
own computers, and the site of an earlier commit (``--before COMMIT`` of bench.startup,
bench.download and bench.rules).
"""

from __future__ import annotations

import fcntl
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scripts.lib.browser import PHONE, ROOT

# Collects the page's long main-thread tasks (over 50 ms) in window.__long.
LONGTASKS = """
window.__long = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__long.push(e.duration);
}).observe({type: "longtask", buffered: true});
"""
# Makes workers unavailable: the computers then think on the page's thread (the baseline).
NO_WORKER = "window.Worker = function () { throw new Error('workers are off'); };"

# Taps hand card ``i`` (of ``[data-testid=<testid>]``) and times it until the card shows it is
# (un)selected (aria-pressed changed) and the next frame is drawn.
TAP_PRESSED = """async ([testid, i]) => {
  const btn = () => document.querySelectorAll(`[data-testid=${testid}]`)[i];
  const was = btn().getAttribute('aria-pressed');
  const t0 = performance.now();
  btn().click();
  while (!btn() || btn().getAttribute('aria-pressed') === was) {
    await new Promise(r => setTimeout(r, 0));
  }
  await new Promise(r => requestAnimationFrame(() => r()));
  return performance.now() - t0;
}"""

# Records when data-ready is set, from the navigation start (performance.now()).
READY_PROBE = """
new MutationObserver((_, obs) => {
  if (document.documentElement.dataset.ready === "1") {
    window.__readyAt = performance.now(); obs.disconnect();
  }
}).observe(document, {attributes: true, subtree: true, attributeFilter: ["data-ready"]});
"""


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def time_to_ready(context: Any, url: str, timeout: int = 180_000,
                  marks: list[dict[str, float]] | None = None) -> float:
    """Milliseconds from navigation start to data-ready, in a fresh page of ``context``; with
    ``marks``, the page's stages are appended to it (where the time went: see stages_of)."""
    page = context.new_page()
    try:
        page.add_init_script(READY_PROBE)
        page.goto(url)
        page.wait_for_function("window.__readyAt !== undefined", timeout=timeout)
        ms: float = page.evaluate("window.__readyAt")
        if marks is not None:
            marks.append(page.evaluate(STAGES))
        return ms
    finally:
        page.close()


def time_to_thinker(context: Any, url: str, timeout: int = 180_000) -> float:
    """Milliseconds from asking for the thinking worker (web/start.js's window.tabletop.thinker,
    as bridge.js asks on the first computer turn) to its first answer, in a ready page."""
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=timeout)
        ms: float = page.evaluate("""async () => {
          const t0 = performance.now();
          const w = await window.tabletop.thinker();
          await w.think(JSON.stringify({ kind: "forget", gid: "bench" }));
          const t = performance.now() - t0;
          w.end();
          return t;
        }""")
        return ms
    finally:
        page.close()


# Where a start's time went, from navigation start: the navigation's own timings (the service
# worker's start and answer, the document), the page's scripts (start.js's first mark), and the
# marks web/start.js leaves (the worker made, each stage PyScript and our interpreter module
# report, the worker's Python ready), then data-ready.
STAGES = """(() => {
  const n = performance.getEntriesByType("navigation")[0];
  const out = {};
  if (n) {
    if (n.workerStart) out["service worker started"] = n.workerStart;
    out["index.html answered"] = n.responseEnd;
    out["page parsed"] = n.domInteractive;
  }
  for (const m of performance.getEntriesByType("mark")) {
    if (!(m.name in out)) out[m.name] = m.startTime;
  }
  out["ready"] = window.__readyAt;
  return out;
})()"""


def stages_of(marks: list[dict[str, float]]) -> list[tuple[str, float]]:
    """The median time of each stage every run reached, in order."""
    names = [n for n in marks[0] if all(n in m for m in marks)] if marks else []
    return sorted(((n, median([m[n] for m in marks])) for n in names), key=lambda x: x[1])


# Records when the next route has been handled and drawn (data-routed changes), from the tap.
ROUTED_PROBE = """(sel) => new Promise((resolve) => {
  const root = document.documentElement, before = root.dataset.routed;
  const t0 = performance.now();
  new MutationObserver((_, obs) => {
    if (root.dataset.routed !== before) {
      obs.disconnect();
      requestAnimationFrame(() => resolve(performance.now() - t0));
    }
  }).observe(root, {attributes: true, attributeFilter: ["data-routed"]});
  document.querySelector(sel).click();
})"""


def time_to_table(context: Any, url: str, game_id: str, timeout: int = 180_000) -> float:
    """Milliseconds from a tap on the home tile's Play of ``game_id`` to its table drawn (the
    next frame after the route is handled), the first table opened in a fresh page."""
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=timeout)
        page.wait_for_timeout(300)  # the start's own work settles (the snapshot kept, etc.)
        ms: float = page.evaluate(ROUTED_PROBE, f'#main a[href="#/{game_id}"]')
        return ms
    finally:
        page.close()


def open_page(browser: Any, url: str, isolated: bool = False,
              init: tuple[str, ...] = ()) -> Any:
    """A phone page of the app, ready, in a new context (``init``: its init scripts).
    ``isolated`` (a name kept from when only an isolated page had the worker): the app's Python
    in its worker, on a return visit (the service worker installed, then reloaded); else on the
    page's thread (``?thread=page``)."""
    ctx = browser.new_context(**PHONE, reduced_motion="reduce")
    for script in init:
        ctx.add_init_script(script)
    page = ctx.new_page()
    page.goto(url + ("" if isolated else "?thread=page"))
    page.wait_for_function("document.documentElement.dataset.ready === '1'", timeout=180_000)
    if isolated:
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        page.reload()
        page.wait_for_function("document.documentElement.dataset.ready === '1'",
                               timeout=180_000)
    return page


def watch_longtasks(browser: Any, url: str, hash_: str, *, thinking_worker: bool = True,
                    isolated: bool = False, timeout: int = 1_800_000) -> dict[str, Any]:
    """Play a watch link (``#/<game>/watch/N?...&speed=fastest``) to its end and report the
    page's long main-thread tasks: the longest, their count, the total blocking time (beyond
    50 ms each), the wall time, the actions played and where Python ran."""
    init = (LONGTASKS,) if thinking_worker else (LONGTASKS, NO_WORKER)
    page = open_page(browser, url, isolated, init)
    page.evaluate("window.__long = []")
    t0 = time.perf_counter()
    page.evaluate("h => { location.hash = h; }", hash_)
    page.wait_for_function("document.documentElement.dataset.outcome !== undefined",
                           timeout=timeout, polling=500)
    took = time.perf_counter() - t0
    longs: list[float] = page.evaluate("window.__long")
    actions = int(page.evaluate("document.documentElement.dataset.actions"))
    thinker = page.evaluate("document.documentElement.dataset.thinker || 'page'")
    thread = page.evaluate("document.documentElement.dataset.thread")
    page.context.close()
    return {"longest": max(longs, default=0.0), "blocking": sum(max(0, x - 50) for x in longs),
            "tasks": len(longs), "seconds": took, "actions": actions, "thinker": thinker,
            "thread": thread}


# --- a probe in the page from its very start (any browser) ---------------------------------

PROBE_NAME = "__stall.js"


def stall_probe_js(interval_ms: int = 10) -> str:
    """JavaScript that measures the longest stall of the page's own thread: a ``setInterval``
    of ``interval_ms`` whose largest gap between two ticks is kept (the raw gap: an idle page
    shows about ``interval_ms``). Plain script, no module, no browser-specific API, so the same
    file serves Chromium, Firefox and WebKit. ``window.__stall``: ``max`` (ms, since ``since``),
    ``over50`` (gaps over 50 ms), ``ticks``; ``readyAt`` (performance.now() when
    data-ready became "1") and ``readyMax`` (the longest gap from the start to then, the gap
    still open at that moment included); ``reset()`` starts a new window; ``now()`` is the
    longest gap so far, the one still open included."""
    return """(function () {
  "use strict";
  var P = window.__stall = { interval: MS, max: 0, maxAt: 0, over50: 0, ticks: 0,
                             since: performance.now(), last: performance.now(),
                             readyAt: null, readyMax: null };
  P.now = function () { return Math.max(P.max, performance.now() - P.last); };
  P.reset = function () {
    P.max = 0; P.maxAt = 0; P.over50 = 0; P.ticks = 0;
    P.since = performance.now(); P.last = P.since;
  };
  setInterval(function () {
    var t = performance.now(), gap = t - P.last;
    P.last = t; P.ticks += 1;
    if (gap > P.max) { P.max = gap; P.maxAt = t; }
    if (gap > 50) P.over50 += 1;
  }, MS);
  var root = document.documentElement;
  function seen() {
    if (P.readyAt === null && root.dataset.ready === "1") {
      P.readyAt = performance.now(); P.readyMax = P.now(); return true;
    }
    return P.readyAt !== null;
  }
  if (!seen()) {
    new MutationObserver(function (_, obs) { if (seen()) obs.disconnect(); })
      .observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  }
})();
""".replace("MS", str(int(interval_ms)))


def serve_with_probe(site: Path, probe_js: str, name: str = PROBE_NAME,
                     base: str = "/") -> tuple[Any, str]:
    """Serve ``site`` like serve.py, but with ``<script src="NAME"></script>`` right after
    ``<head>`` in index.html (also when asked for as the folder) and ``probe_js`` served as
    ``NAME`` (same origin: the app's Content-Security-Policy refuses inline scripts). The
    service worker precaches the injected index.html, so return visits have the probe too.
    Returns (server, base url); stop it with ``server.shutdown()``."""
    import threading

    from scripts import serve

    html = (site / "index.html").read_text(encoding="utf-8")
    if "<head>" not in html:
        raise SystemExit(f"{site}/index.html has no <head>")
    injected = html.replace("<head>", f'<head>\n<script src="{name}"></script>', 1).encode()
    files = {"index.html": (injected, "text/html; charset=utf-8"),
             "": (injected, "text/html; charset=utf-8"),
             name: (probe_js.encode(), "text/javascript")}

    class ProbeHandler(serve.Handler):
        def special(self) -> tuple[bytes, str] | None:
            clean = self.path.split("?", 1)[0].split("#", 1)[0]
            if not clean.startswith(self.base):
                return None
            return files.get(clean[len(self.base):])

        def answer(self, body: bool) -> bool:
            hit = self.special()
            if hit is None:
                return False
            data, ctype = hit
            self.send_response(200)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-cache")
            super().end_headers()
            if body:
                self.wfile.write(data)
            return True

        def do_GET(self) -> None:
            if not self.answer(True):
                super().do_GET()

        def do_HEAD(self) -> None:
            if not self.answer(False):
                super().do_HEAD()

    norm = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    import functools
    import http.server

    handler = type("BoundProbeHandler", (ProbeHandler,), {"base": norm})
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(site)))
    server.quiet = True  # type: ignore[attr-defined]
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host, port = server.server_address[:2]
    return server, f"http://{host}:{port}{norm}"


# --- memory of one Chromium's renderers, from /proc -----------------------------------------

def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            stat = (proc / "stat").read_text()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(proc.name))
    return kids


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(
            errors="replace")
    except OSError:
        return ""


def _browser_tree(profile: str) -> list[int]:
    """The browser process running with ``--user-data-dir=<profile>`` and all its
    descendants (zygotes, renderers, GPU, network and storage services...)."""
    roots = [int(p.name) for p in Path("/proc").iterdir() if p.name.isdigit()
             and f"--user-data-dir={profile}" in (c := _cmdline(int(p.name)))
             and "--type=" not in c]
    kids = _children()
    todo, found = list(roots), list(roots)
    while todo:
        for k in kids.get(todo.pop(), []):
            todo.append(k)
            found.append(k)
    return found


def _memory_of(pids: list[int]) -> dict[str, Any]:
    each: list[tuple[int, int, int]] = []
    for pid in pids:
        rss = pss = 0
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    rss = int(line.split()[1])
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss = int(line.split()[1])
        except OSError:
            continue
        each.append((pid, rss, pss))
    return {"rss_mb": sum(e[1] for e in each) / 1024, "pss_mb": sum(e[2] for e in each) / 1024,
            "processes": len(each),
            "each_mb": [[e[0], round(e[1] / 1024), round(e[2] / 1024)] for e in each]}


def renderer_memory(profile: str) -> dict[str, Any]:
    """Memory of the renderer processes (workers included: dedicated workers run in their
    page's renderer) of the Chromium whose browser process runs with ``--user-data-dir=
    <profile>``: found as that process's descendants with ``--type=renderer``; resident size
    (VmRSS of /proc/<pid>/status) and proportional set size (Pss of /proc/<pid>/smaps_rollup,
    shared pages split between the processes sharing them), summed, in MB."""
    return _memory_of([p for p in _browser_tree(profile) if "--type=renderer" in _cmdline(p)])


def browser_memory(profile: str) -> dict[str, Any]:
    """The same summed over the whole browser: every process of that Chromium (what a phone
    pays for the app, against the same browser showing about:blank: see bench_runtime)."""
    return _memory_of(_browser_tree(profile))


# --- one browser at a time on this machine; saved games; an earlier commit's site ---------------

@contextmanager
def lock(path: str) -> Iterator[None]:
    """Hold the lock file ``path`` (flock; '' for none): one browser run at a time."""
    if not path:
        yield
        return
    with open(path, "a") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def saved_game(game_id: str, seats: list[tuple[str, str]], bots: list[str], seed: int,
               ready: Callable[[Any], Any], *, options: tuple[tuple[str, Any], ...] = (),
               deals: int = 200, max_actions: int | None = 5000) -> tuple[str, Any]:
    """A saved game of ``game_id`` (the save's JSON) at the first position where ``ready(match)``
    gives a figure (returned beside it): you in seat 0 and ``seats`` (name, level) of computers
    after you, with ``options``; every seat, yours too, played by the engine's computers of
    ``bots`` (one level per seat), deal ``seed``, then the next ones (``deals`` in all)."""
    from app.seated import seats as st

    from engine.registry import get_game
    from engine.seats import choose, make_bots

    game = get_game(game_id)
    setup = st.Setup(game_id, (st.Seat("you", "You"),
                               *(st.Seat("computer", name, level) for name, level in seats)),
                     options)
    for deal in range(seed, seed + deals):
        m = st.Match.new(setup, deal)
        m.shown = 0
        players = make_bots(game_id, bots)
        while not m.over and (max_actions is None or m.actions < max_actions):
            figure = ready(m)
            if figure is not None:
                return m.to_json(), figure
            m.apply_all([choose(game, m.state, players[m.current], deal, m.actions)])
    raise SystemExit(f"{game_id}: no deal from {seed} reached the position asked for")


def before_site(commit: str) -> Path:
    """build/site of ``commit``, built in its own worktree .cache/bench-before-<commit> if
    missing (with this checkout's .venv, node_modules and micropip wheel linked in)."""
    folder = ROOT / ".cache" / f"bench-before-{commit}"
    site = folder / "build" / "site"
    if (site / "index.html").exists():
        return site
    if not folder.exists():
        folder.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(folder),
                        commit], check=True)
    for name in (".venv", "node_modules"):
        if not (folder / name).exists():
            (folder / name).symlink_to((ROOT / name).resolve())
    if not (folder / ".cache" / "wheels").exists():  # the site's wheels (micropip, segno)
        (folder / ".cache").mkdir(exist_ok=True)
        (folder / ".cache" / "wheels").symlink_to((ROOT / ".cache" / "wheels").resolve())
    print(f"building the before-site ({commit}) in {folder}", file=sys.stderr)
    # the commit's own build script in its own folder, importing that folder's code (this
    # checkout's .venv names this checkout)
    path = os.pathsep.join([str(folder), str(folder / "web")])
    subprocess.run([str(ROOT / ".venv" / "bin" / "python"), "scripts/build_site.py"],
                   cwd=folder, check=True, stdout=subprocess.DEVNULL,
                   env={**os.environ, "PYTHONPATH": path})
    return site
