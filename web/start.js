// @ts-check
/* Starting the app's Python: PyScript, in a worker, on every visit, the first included.
 *
 * PyScript's PyWorker runs app/main.py in a worker whose interpreter is ours
 * (pyodide/tabletop.mjs, named by the config's "interpreter"): when this version has a
 * memory snapshot (pyodide/snapshot.mjs says so without reading it) that worker restores it and
 * its config installs nothing; otherwise it starts Python afresh and PyScript's "packages" has
 * micropip install the engine wheel. The page calls the three functions main.py exports (start,
 * handle, wait) through PyScript's worker.sync and only ever awaits their answers (bridge.js):
 * no SharedArrayBuffer, and the page's thread never waits on Python. The thinking worker
 * (app/thinker.py) starts the same way when the app first needs it. When this version has no
 * snapshot yet, a third worker (maker.js, which never loads PyScript) makes one once the app
 * shows its first screen and the page is idle, and is ended when it is done.
 *
 * A restore that fails or hangs marks the version failed (never tried again) and starts afresh.
 * A worker that cannot start at all (no module workers, an error, no answer within 90 seconds)
 * is not retried: the same app starts on the page's thread, with PyScript, at once and without a
 * reload, and says why. ?thread=page starts there on purpose; ?snapshot=off starts without the
 * snapshot (benchmarks). document.documentElement.dataset.start says which start ran
 * ("snapshot", "fresh" or "page").
 */
import * as snapshot from "./pyodide/snapshot.mjs";

/** What a PyScript worker's Python exports (app/main.py: hello, start, handle, wait;
 * app/thinker.py: hello, think), each answering a promise.
 * @typedef {{ hello(): Promise<string | null>, start(snapshot: string): Promise<string>,
 *             handle(event: string): Promise<string>, wait(): Promise<string>,
 *             think(request: string): Promise<string> }} PySync */
/** A PyScript worker (polyscript's XWorker).
 * @typedef {Worker & { sync: PySync }} XWorker */
/** @typedef {(xworker: XWorker) => void} OnWorker */

const root = document.documentElement;
const WATCHDOG_MS = 90000;
const RESTORE_MS = 45000;
const MAKER_MS = 120000;
const APP = "./app/main.py";
const THINKER = "./app/thinker.py";
const SNAPSHOT_OFF = /[?&]snapshot=off(&|$)/.test(location.search);

/** What went wrong, in words: an error's message, or what was thrown.
 * @param {unknown} e */
const said = (e) => (e && /** @type {{ message?: unknown }} */ (e).message) || e;

// This module runs as soon as it is loaded (async), while the page is still parsed: what needs
// the whole document waits for it. PyScript reads its <py-config> when it loads, and the app's
// worker is handed the same configuration.
const parsed = /** @type {Promise<void>} */ (new Promise((resolve) => {
  if (document.readyState !== "loading") resolve();
  else document.addEventListener("readystatechange", () => resolve(), { once: true });
}));
// The page's other scripts (deferred: bridge.js's window.tabletop.connect) have run.
const bridged = () => /** @type {Promise<void>} */ (new Promise((resolve) => {
  if (tabletop.connect || document.readyState === "complete") resolve();
  else addEventListener("DOMContentLoaded", () => resolve(), { once: true });
}));
// What this module and bridge.js share (whichever runs first makes it).
const tabletop = window.tabletop || (window.tabletop = {});

/** @type {Promise<typeof import("./pyscript/core.js")> | null} */
let core = null;  // PyScript, loaded once
const pyscript = () => core || (core = parsed.then(async () => {
  const m = await import("./pyscript/core.js");
  m.hooks.main.onWorker.add((/** @type {unknown} */ _wrap, /** @type {XWorker} */ xworker) => {
    const cb = born.shift();
    if (cb) cb(xworker);
  });
  // a stage mark in each worker once its Python is up, before PyScript's own Python package
  // and then the file run (a worker hook is sent to the worker as source: it may use only the
  // worker's globals)
  m.hooks.worker.onBeforeRun.add(() => postMessage({ progress: "Running PyScript's package" }));
  m.hooks.worker.codeBeforeRun.add(pythonMark("Running the app's module"));
  // PyScript defines <py-script> once it has set up its "py" type: a PyWorker made before that
  // would run without PyScript's own Python package
  await customElements.whenDefined("py-script");
  return m;
}));
/** Python that posts a stage mark from a worker (run there after PyScript's own package).
 * @param {string} stage */
const pythonMark = (stage) => {
  const message = JSON.stringify(JSON.stringify({ progress: stage }));  // a Python str literal
  return `import js as _tabletop_js\n_tabletop_js.postMessage(_tabletop_js.JSON.parse(${message}))\n` +
    "del _tabletop_js";
};
/** @type {OnWorker[]} */
const born = [];  // each PyWorker asked for, in order, told of its worker when it is made
// pyscript.json, which the build writes into the page's <py-config>
/** @type {Promise<{ [key: string]: unknown }>} */
const settings = parsed.then(() => {
  const inline = document.querySelector("py-config:not([src])");
  if (inline) return JSON.parse(inline.textContent || "");
  return fetch("pyscript.json").then((r) => r.json());
});

/** A PyScript worker running `file`: restored from the snapshot, or started afresh. Resolves to
 * the worker once its Python has run `file`; onWorker(xworker) is called as soon as the worker
 * exists (for its stage messages, and to end it).
 * @param {string} file
 * @param {boolean} restore
 * @param {OnWorker} onWorker
 * @returns {Promise<XWorker>} */
async function pyWorker(file, restore, onWorker) {
  const [{ PyWorker }, cfg] = await Promise.all([pyscript(), settings]);
  // absolute: the worker imports it from a blob: address
  const interpreter = new URL(restore ? "pyodide/restore.mjs" : "pyodide/tabletop.mjs",
                              location.href).href;
  /** @type {{ [key: string]: unknown }} */
  const config = { ...cfg, interpreter };
  if (restore) {  // installed, written and imported in the snapshot (restore.mjs)
    delete config.packages;
    delete config.files;
  }
  born.push((xworker) => {
    // a failed start rejects: the caller says it (and the page goes on)
    xworker.onerror = () => null;
    xworker.addEventListener("error", (e) => e.preventDefault());
    onWorker(xworker);
  });
  // polyscript's worker options: "version" is the interpreter (PyWorker does not read the
  // config's)
  const options = { config, version: interpreter };
  return /** @type {Promise<XWorker>} */ (PyWorker(file, options));
}

/** The app on the page's thread: a <script type="py">, which PyScript runs when it appears;
 * main.py connects itself to the bridge.
 * @param {string} why */
function onPage(why) {
  if (root.dataset.thread === "page") return;
  root.dataset.thread = "page";
  root.dataset.start = "page";
  if (why) {
    tabletop.workerFailed = why;
    console.warn("the app's Python runs on the page's thread: " + why);
  }
  pyscript().then(() => {
    const script = document.createElement("script");
    script.type = "py";
    script.src = APP;
    // no config attribute: the page's <py-config> (read when PyScript loads) configures it
    document.body.appendChild(script);
  });
}

/* Module workers (Firefox before 114 has none): the browser reads "type" only if it can. */
function moduleWorkers() {
  if (typeof Worker !== "function") return false;
  let reads = false;
  /** @type {WorkerOptions} */
  const probe = { get type() { reads = true; return /** @type {const} */ ("module"); } };
  try {
    const url = URL.createObjectURL(new Blob([""], { type: "text/javascript" }));
    new Worker(url, probe).terminate();
    URL.revokeObjectURL(url);
  } catch (e) {
    return false;
  }
  return reads;
}

/** Once the app shows its first screen and the page has a quiet moment.
 * @param {() => void} then */
function whenIdle(then) {
  const look = () => {
    if (root.dataset.ready !== "1") { setTimeout(look, 200); return; }
    // Safari has none
    if (typeof window.requestIdleCallback === "function") requestIdleCallback(then, { timeout: 5000 });
    else setTimeout(then, 1000);
  };
  look();
}

/* This version's snapshot, made by a worker of its own (maker.js), which is ended when it says
 * it is done, or has not finished within two minutes, or an update is applied. */
function makeSnapshot() {
  let maker;
  try {
    maker = new Worker("maker.js", { type: "module", name: "maker" });
  } catch (e) {
    return;
  }
  const end = () => { clearTimeout(timer); maker.terminate(); };
  const timer = setTimeout(end, MAKER_MS);
  addEventListener("pwa:applying", end);
  maker.addEventListener("error", (e) => { e.preventDefault(); end(); });
  maker.addEventListener("message", (e) => {
    const m = e.data || {};
    // "made", "failed", or why it was not made (not a mark: a later start makes it)
    if (m.snapshot === "made" || m.snapshot === "failed") root.dataset.snapshot = m.snapshot;
    else if (m.snapshot) console.warn("no snapshot: " + m.snapshot);
    if (m.done) end();
  });
}

/** A worker's stage messages: performance marks (the benchmarks read them) and the start-up bar.
 * @type {OnWorker} */
function stages(xworker) {
  xworker.addEventListener("message", (e) => {
    const m = e.data;
    if (!m || typeof m.progress !== "string") return;
    performance.mark("py:" + m.progress);
    dispatchEvent(new CustomEvent("py:progress", { detail: m.progress }));
  });
}

/** One try at starting a PyScript worker running `file` (which exports hello): the worker once
 * its Python has run the file and says it is whole, or an error. A try that does not answer in
 * `ms` is ended. onWorker(xworker) is told of the worker as soon as it exists.
 * @param {string} file
 * @param {boolean} restore
 * @param {number} ms
 * @param {OnWorker} onWorker
 * @returns {Promise<XWorker>} */
function tryWorker(file, restore, ms, onWorker = () => undefined) {
  /** @type {XWorker | null} */
  let xworker = null;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let timer;
  const made = pyWorker(file, restore, (w) => {
    xworker = w;
    addEventListener("pwa:applying", () => w.terminate());  // web/pwa.js says why
    onWorker(w);
  });
  /** @type {Promise<never>} */
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`it did not start within ${ms / 1000} seconds`)),
                       ms);
  });
  const whole = made.then(async (w) => {
    const broken = await w.sync.hello();
    if (broken) throw new Error("its Python stopped while starting: " + broken);
    return w;
  });
  return Promise.race([whole, late]).then((w) => { clearTimeout(timer); return w; },
    (e) => {
      clearTimeout(timer);
      if (xworker) { try { xworker.terminate(); } catch (err) { /* gone */ } }
      throw e;
    });
}

async function inWorker() {
  root.dataset.thread = "worker";
  performance.mark("py:worker");
  pyscript();  // loading meanwhile
  const state = SNAPSHOT_OFF ? "off" : await snapshot.state();
  performance.mark("py:snapshot " + state);
  let sync = null;
  let how = "fresh";
  if (state === "ready") {
    try {
      // marked while the worker starts (a mark left behind: a restore that never ended)
      const marked = snapshot.trying(true);
      sync = (await tryWorker(APP, true, RESTORE_MS, stages)).sync;
      how = "snapshot";
      await marked;
      await snapshot.trying(false);
    } catch (e) {
      await snapshot.failed("the restore failed: " + said(e));
      root.dataset.snapshot = "failed";
    }
  }
  if (!sync) {
    try {
      sync = (await tryWorker(APP, false, WATCHDOG_MS, stages)).sync;
    } catch (e) {
      onPage(String(said(e) || "its Python stopped while starting"));
      return;
    }
  }
  root.dataset.start = how;
  performance.mark("py:ready");
  await bridged();
  const py = sync;
  if (!tabletop.connect) throw new Error("the page's bridge (bridge.js) did not load");
  tabletop.connect({
    start: (snap) => py.start(snap),
    handle: (event) => py.handle(event),
    next: () => py.wait(),
  }, "worker");
  if (state === "none") whenIdle(makeSnapshot);
}

/* The thinking worker, for bridge.js: a promise of its think(request), started as the app's
 * own is (restored from the snapshot when there is one, it holds app.think; afresh if that
 * fails, without marking the snapshot: the app's worker restored from it). */
tabletop.thinker = async () => {
  if (!moduleWorkers()) throw new Error("this browser cannot run it in a worker");
  let worker = null;
  if (!SNAPSHOT_OFF && await snapshot.state() === "ready") {
    try {
      worker = await tryWorker(THINKER, true, RESTORE_MS);
    } catch (e) {
      console.warn("the thinking worker starts afresh: " + said(e));
    }
  }
  const w = worker || await tryWorker(THINKER, false, WATCHDOG_MS);
  return { think: (request) => w.sync.think(request), end: () => w.terminate() };
};

if (/[?&]thread=page(&|$)/.test(location.search)) onPage("");
else if (!moduleWorkers()) onPage("this browser cannot run it in a worker");
else inWorker();
