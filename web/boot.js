// @ts-check
// Start-up progress, from the first paint until the Python app says it is ready
// (document.documentElement.dataset.ready = "1"). On the page's thread PyScript reports its
// stages with "py:progress" events, and start.js passes on the app worker's the same way (a
// restore from a snapshot is one stage); between two stages the bar creeps towards the next
// stage's mark, so the long step (compiling Python for WebAssembly) never looks frozen.
// No dependencies.
(function () {
  "use strict";
  // The kind of device, for About's install steps (the CSS shows this device's only):
  // ios | android | firefox (a computer's Firefox: no install) | computer.
  (function () {
    var ua = navigator.userAgent || "";
    var ios = /iPhone|iPad|iPod/.test(ua) ||
      (/Macintosh/.test(ua) && (navigator.maxTouchPoints || 0) > 1);
    document.documentElement.dataset.device = ios ? "ios" : /Android/.test(ua) ? "android"
      : /Firefox\//.test(ua) ? "firefox" : "computer";
  })();
  // An address that is not home (a shared deal link, a table, a rules page): the first paint
  // shows "Opening…" instead of the home screen's skeleton tiles, so the home never flashes up
  // before the screen the link leads to (app.css: [data-opening] .skeleton). This script is
  // not deferred: it runs in the head, before the body is parsed or painted.
  if (location.hash.replace(/^#\/*/, "")) document.documentElement.dataset.opening = "1";
  // [pattern of PyScript's message, text for people, bar value reached, bar creeps up to]
  /** @type {[RegExp, string, number, number][]} */
  var stages = [
    [/^(Reading snapshot|Restoring)/i, "Starting… restoring Python from your last visit", 10, 90],
    [/^Loading Pyodide/i, "Starting… loading Python", 5, 12],
    [/^Loading interpreter/i, "Starting Python… (the longest step)", 12, 70],
    [/^Loaded interpreter/i, "Python is running; loading the app", 72, 76],
    [/^Loaded files/i, "Installing the game engine", 76, 92],
    [/^Loaded Pyodide/i, "Opening the games", 93, 97],
  ];
  /** @type {ReturnType<typeof setInterval> | undefined} */
  var timer;
  var value = 2, cap = 5;
  /** @returns {HTMLProgressElement | null} */
  function bar() {
    return /** @type {HTMLProgressElement | null} */ (document.getElementById("boot-progress"));
  }
  /** @param {string} text */
  function show(text) {
    var t = document.getElementById("boot-text");
    if (t && !/could not/.test(t.textContent || "")) t.textContent = text;
  }
  function tick() {
    if (document.documentElement.dataset.ready === "1") { clearInterval(timer); return; }
    value += (cap - value) * 0.05;
    var b = bar();
    if (b) b.value = value;
  }
  function start() {
    var b = bar();
    if (b) { b.max = 100; b.value = value; }
    timer = setInterval(tick, 200);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
  addEventListener("py:progress", function (e) {
    var detail = String(/** @type {CustomEvent} */ (e).detail || "");
    for (var i = 0; i < stages.length; i++) {
      if (stages[i][0].test(detail)) {
        value = Math.max(value, stages[i][2]);
        cap = stages[i][3];
        show(stages[i][1]);
        return;
      }
    }
  });
  addEventListener("py:ready", function () { show("Opening the games"); });
  /** @param {string} message */
  function failed(message) {
    if (document.documentElement.dataset.ready === "1") return;
    var t = document.getElementById("boot-text");
    var box = document.getElementById("boot");
    if (box) box.classList.add("failed");
    if (t) t.textContent = "The app could not start: " + message +
      ". Reload to try again; if you are offline, open it once while online first.";
    clearInterval(timer);
  }
  addEventListener("error", function (e) { failed(e.message || "an error occurred"); });
  addEventListener("unhandledrejection", function (e) {
    failed(e.reason && e.reason.message ? e.reason.message : String(e.reason));
  });
  // A slow device: say so rather than sit silent.
  setTimeout(function () {
    if (document.documentElement.dataset.ready !== "1") {
      var t = document.getElementById("boot-text");
      if (t && !/could not|while/.test(t.textContent || "")) {
        t.textContent += " (the first start can take a while)";
      }
    }
  }, 20000);
})();
