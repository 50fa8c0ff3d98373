/* Starting the app's Python: in a worker, on every visit, the first included.
 *
 * PyScript starts web/app/main.py in a module worker with its own Pyodide. The worker never
 * reaches the page's window or document, so PyScript needs neither SharedArrayBuffer nor
 * cross-origin isolation: the page calls the three functions the worker exposes (start,
 * handle, next) and only ever awaits their answers (bridge.js). The page's own thread keeps
 * taps, scrolling, animations and storage, and never waits on Python.
 *
 * A worker that cannot start (no module workers, an error while starting, no answer within
 * 90 seconds) is not retried: the same app starts on the page's thread instead, at once and
 * without a reload, and says why. ?thread=page starts there on purpose (benchmarks, tests).
 */
import "./pyscript/core.js";

const root = document.documentElement;
const WATCHDOG_MS = 90000;
const APP = "./app/main.py";
const CONFIG = "./pyscript.json";

/* The app on the page's thread: a <script type="py"> tag, which PyScript runs when it appears;
 * main.py connects itself to the bridge. */
function onPage(why) {
  if (root.dataset.thread === "page") return;
  root.dataset.thread = "page";
  if (why) {
    window.tabletop.workerFailed = why;
    console.warn("the app's Python runs on the page's thread: " + why);
  }
  const script = document.createElement("script");
  script.type = "py";
  script.src = APP;
  // no config attribute: the page's <py-config> (read when PyScript loaded) configures it
  document.body.appendChild(script);
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

/* A <script type="py" worker> tag added here: PyScript starts it in a worker and gives the tag
 * its xworker, whose ready promise settles once main.py has run. */
function inWorker() {
  root.dataset.thread = "worker";
  let settled = false;
  const script = document.createElement("script");
  const fail = (why) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    if (script.xworker) { try { script.xworker.terminate(); } catch (e) { /* gone */ } }
    script.remove();
    onPage(why);
  };
  const timer = setTimeout(() => fail("it did not start within 90 seconds"), WATCHDOG_MS);
  script.type = "py";
  script.src = APP;
  script.setAttribute("config", CONFIG);
  script.setAttribute("worker", "");
  script.setAttribute("name", "tabletop");
  document.body.appendChild(script);
  const begin = (xworker) => {
    // an error while starting (main.py raised, the interpreter would not load)
    xworker.addEventListener("error", (e) => fail(String((e && e.message) || "an error")));
    xworker.ready.then(() => {
      if (settled) return;
      // main.py ran: if it failed half-way its calls are missing and a call is never answered
      // (PyScript reports the error in the console), so the first call has 15 seconds.
      const hello = setTimeout(() => stopped(), 15000);
      const sync = xworker.sync;
      const stopped = () => fail("its Python stopped while starting");
      Promise.resolve(sync.hello()).then(() => {
        clearTimeout(hello);
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        window.tabletop.connect({
          start: (snapshot) => sync.start(snapshot),
          handle: (event) => sync.handle(event),
          next: () => sync.next(),
        }, "worker");
      }, () => { clearTimeout(hello); stopped(); });
    }, (e) => fail(String((e && e.message) || e)));
  };
  const look = () => {
    if (settled) return;
    if (script.xworker) begin(script.xworker); else setTimeout(look, 5);
  };
  look();
}

if (/[?&]thread=page(&|$)/.test(location.search)) onPage("");
else if (!moduleWorkers()) onPage("this browser cannot run it in a worker");
else inWorker();
