// Start-up progress: shown from the first paint until the Python app says it is ready
// (document.documentElement.dataset.ready = "1"). Plain script, no dependencies.
(function () {
  "use strict";
  var steps = [
    [/loading pyodide|pyodide/i, "Starting… loading Python"],
    [/loaded pyodide/i, "Starting… Python loaded"],
    [/loading packages|micropip|package/i, "Starting… installing the game engine"],
    [/loaded packages|installed/i, "Starting… engine installed"],
    [/files|fetch/i, "Starting… loading the app"],
  ];
  var count = 0;
  function set(text) {
    var p = document.getElementById("boot-progress");
    var t = document.getElementById("boot-text");
    if (t) t.textContent = text;
    if (p && count < 5) p.value = ++count;
  }
  addEventListener("py:progress", function (e) {
    var detail = String(e.detail || "");
    for (var i = 0; i < steps.length; i++) {
      if (steps[i][0].test(detail)) { set(steps[i][1]); return; }
    }
    set("Starting… " + detail);
  });
  addEventListener("py:ready", function () { set("Starting… running the app"); });
  function failed(message) {
    if (document.documentElement.dataset.ready === "1") return;
    var t = document.getElementById("boot-text");
    var box = document.getElementById("boot");
    if (box) box.classList.add("failed");
    if (t) t.textContent = "The app could not start: " + message +
      ". Reload to try again; if you are offline, open it once while online first.";
  }
  addEventListener("error", function (e) { failed(e.message || "an error occurred"); });
  addEventListener("unhandledrejection", function (e) {
    failed(e.reason && e.reason.message ? e.reason.message : String(e.reason));
  });
  // A slow device: say so rather than sit silent.
  setTimeout(function () {
    if (document.documentElement.dataset.ready !== "1") {
      var t = document.getElementById("boot-text");
      if (t && !/could not/.test(t.textContent)) t.textContent += " (first start can take a while)";
    }
  }, 15000);
})();
