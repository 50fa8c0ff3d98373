/* Where the app's Python runs, decided before PyScript starts (this script follows the
 * <script type="py"> tag, so it runs before PyScript's module reads that tag).
 *
 * On a cross-origin isolated page (the service worker adds the headers, from the second visit
 * on) the Python runs in a worker and reaches the page through bridge.js with synchronous
 * calls (SharedArrayBuffer and Atomics): the page's own thread stays free for taps, scrolling
 * and animations. Anywhere else (the very first visit, no service worker, a browser that
 * ignores the headers) it runs on the page's thread, at once. A worker that does not get the
 * app ready in time is noticed: the page reloads once with Python on its own thread, and says
 * why; never twice in one session, so it cannot loop.
 */
(function () {
  "use strict";
  var FIRST_VISIT = "page";  // "page": start at once on the page's thread; "reload": see below
  var root = document.documentElement;
  var script = document.querySelector('script[type="py"]');
  var store = null;
  try { store = window.sessionStorage; store.getItem("x"); } catch (e) { store = null; }
  var forced = null;
  try { forced = (store && store.getItem("tabletop.thread")) || localStorage.getItem("tabletop.thread"); } catch (e) { forced = null; }
  if (/[?&]thread=page(&|$)/.test(location.search)) forced = "page";  // benchmarks, tests
  var can = self.crossOriginIsolated === true && typeof SharedArrayBuffer === "function";
  var worker = !!script && can && forced !== "page";
  root.dataset.thread = worker ? "worker" : "page";
  // The other first-visit design (measured by scripts/bench_lighthouse.py; not the default):
  // hold Python back, install the service worker, reload once isolated.
  var reloadFirst = FIRST_VISIT === "reload" || /[?&]first=reload(&|$)/.test(location.search);
  if (!worker && reloadFirst && script && store && forced !== "page" &&
      "serviceWorker" in navigator && !navigator.serviceWorker.controller &&
      !store.getItem("tabletop.firstReload")) {
    store.setItem("tabletop.firstReload", "1");  // once a session: never a reload loop
    script.setAttribute("type", "text/x-later");
    root.dataset.thread = "waiting";
    var give_up = function () {  // no isolation in sight: start here, on the page's thread
      store.setItem("tabletop.thread", "page");
      location.reload();
    };
    var limit = setTimeout(give_up, 30000);
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      clearTimeout(limit);
      location.reload();
    });
    navigator.serviceWorker.register("sw.js").catch(give_up);
    return;
  }
  if (!worker) return;
  script.setAttribute("worker", "");
  var WATCHDOG_MS = 90000;
  function fallBack(why) {
    if (root.dataset.ready === "1" || !store) return;
    if (store.getItem("tabletop.thread") === "page") return;  // already fell back once
    store.setItem("tabletop.thread", "page");
    store.setItem("tabletop.workerFailed", why);
    location.reload();
  }
  var timer = setTimeout(function () { fallBack("it did not start within 90 seconds"); },
                         WATCHDOG_MS);
  addEventListener("error", function (e) {
    // a failure inside the worker surfaces here as an error without a file of the page
    if (root.dataset.ready !== "1") fallBack(e && e.message ? e.message : "an error");
  });
  new MutationObserver(function (_, obs) {
    if (root.dataset.ready === "1") { clearTimeout(timer); obs.disconnect(); }
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
