/* Starting the app's Python: in a worker, on every visit, the first included.
 *
 * web/app-worker.js starts the app's Python in a module worker with its own raw Pyodide, which
 * restores a memory snapshot of a former start when it has one (dataset.start = "snapshot"
 * or "fresh"). The worker never reaches the page's window or document: the page calls the
 * three functions it exposes (start, handle, next) by messages and only ever awaits their
 * answers (bridge.js). The page's own thread keeps taps, scrolling, animations and storage,
 * and never waits on Python. When this version has no snapshot yet, a second worker makes one
 * once the app shows its first screen and the page is idle (the same module, named "maker"),
 * and is ended when it is done: a first visit never waits for it.
 *
 * A worker that cannot start (no module workers, an error while starting, no answer within
 * 90 seconds) is not retried: the same app starts on the page's thread instead, with PyScript,
 * at once and without a reload, and says why. ?thread=page starts there on purpose;
 * ?snapshot=off starts the worker without its snapshot (benchmarks).
 */
const root = document.documentElement;
const WATCHDOG_MS = 90000;
const MAKER_MS = 120000;
const APP = "./app/main.py";

/* The app on the page's thread: PyScript loaded now, and a <script type="py"> tag, which it
 * runs when it appears; main.py connects itself to the bridge. */
function onPage(why) {
  if (root.dataset.thread === "page") return;
  root.dataset.thread = "page";
  root.dataset.start = "page";
  if (why) {
    window.tabletop.workerFailed = why;
    console.warn("the app's Python runs on the page's thread: " + why);
  }
  import("./pyscript/core.js").then(() => {
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
  const probe = { get type() { reads = true; return "module"; } };
  try {
    const url = URL.createObjectURL(new Blob([""], { type: "text/javascript" }));
    new Worker(url, probe).terminate();
    URL.revokeObjectURL(url);
  } catch (e) {
    return false;
  }
  return reads;
}

/* Once the app shows its first screen and the page has a quiet moment. */
function whenIdle(then) {
  const look = () => {
    if (root.dataset.ready !== "1") { setTimeout(look, 200); return; }
    if (window.requestIdleCallback) requestIdleCallback(then, { timeout: 5000 });
    else setTimeout(then, 1000);
  };
  look();
}

/* This version's snapshot, made by a worker of its own (web/app-worker.js says how), which is
 * ended when it says it is done, fails, or has not finished within two minutes. */
function makeSnapshot() {
  let maker;
  try {
    maker = new Worker("app-worker.js", { type: "module", name: "maker" });
  } catch (e) {
    return;
  }
  const end = () => { clearTimeout(timer); maker.terminate(); };
  const timer = setTimeout(end, MAKER_MS);
  addEventListener("pwa:applying", end);
  maker.addEventListener("error", end);
  maker.addEventListener("message", (e) => {
    const m = e.data || {};
    if (m.snapshot) root.dataset.snapshot = m.snapshot;
    if (m.done) end();
  });
}

function inWorker() {
  root.dataset.thread = "worker";
  let settled = false;
  let worker;
  let last = 0;
  const waiting = new Map();
  const fail = (why) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    if (worker) { try { worker.terminate(); } catch (e) { /* gone */ } }
    onPage(why);
  };
  const timer = setTimeout(() => fail("it did not start within 90 seconds"), WATCHDOG_MS);
  const call = (name, arg) => new Promise((resolve, reject) => {
    const id = ++last;
    waiting.set(id, { resolve, reject });
    worker.postMessage({ id, call: name, arg });
  });
  try {
    // the worker's name, not its address: a worker answered by the service worker sees the
    // cached file's address, without a query
    const name = /[?&]snapshot=off(&|$)/.test(location.search) ? "snapshot=off" : "app";
    worker = new Worker("app-worker.js", { type: "module", name });
    performance.mark("py:worker");  // the worker's stages are marked too (benchmarks read them)
  } catch (e) {
    fail(String((e && e.message) || e));
    return;
  }
  // an update being applied: the worker goes (web/pwa.js says why)
  addEventListener("pwa:applying", () => worker.terminate());
  // an error while starting (the module would not load, the interpreter would not start)
  worker.addEventListener("error", (e) => fail(String((e && e.message) || "an error")));
  worker.addEventListener("message", (e) => {
    const m = e.data || {};
    if (m.progress) {
      performance.mark("py:" + m.progress);
      dispatchEvent(new CustomEvent("py:progress", { detail: m.progress }));
      return;
    }
    if (m.snapshot) { root.dataset.snapshot = m.snapshot; return; }
    if (m.id === -1) {
      if (!m.ok) { console.error(m.error); fail("its Python stopped while starting"); return; }
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      root.dataset.start = m.result;
      performance.mark("py:ready");
      window.tabletop.connect({
        start: (snapshot) => call("start", snapshot),
        handle: (event) => call("handle", event),
        next: () => call("next"),
      }, "worker");
      if (m.make) whenIdle(makeSnapshot);
      return;
    }
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.ok) w.resolve(m.result); else w.reject(new Error(m.error));
  });
}

if (/[?&]thread=page(&|$)/.test(location.search)) onPage("");
else if (!moduleWorkers()) onPage("this browser cannot run it in a worker");
else inWorker();
