// The worker of scripts/bench/snapshot.py's page (snap.html, served beside it as
// proto-worker.js): raw Pyodide, no PyScript, in the mode of its query (plain, unpack, micropip,
// make, restore); posts {ready, info} when its Python is ready (and {made, ...} for make).
import { loadPyodide } from "./pyodide/pyodide.mjs";
const T0 = performance.now();
const q = new URL(self.location.href).searchParams;
const mode = q.get("mode");
const imports = q.get("imports") || "home";
const base = new URL("./", self.location.href);
const KEY = new URL("__bench_snapshot__", base).href;
const marks = {};
const mark = (k) => { marks[k] = Math.round(performance.now() - T0); };
const cfg = await (await fetch(new URL("pyscript.json", base))).json();
const wheelUrl = new URL(cfg.packages[0], base).href;
const wheelP = fetch(wheelUrl).then((r) => r.arrayBuffer());
const filesP = Promise.all(Object.entries(cfg.files || {}).map(async ([from, to]) =>
  [to.replace(/^\.\//, ""), await (await fetch(new URL(from, base))).text()]));
const indexURL = new URL("pyodide/", base).href;
function writeFiles(py, files) {
  for (const [rel, text] of files) {
    const path = "/home/pyodide/" + rel;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, text);
  }
}
const IMPORT_HOME = "import sys; sys.path.insert(0, '/home/pyodide')\n" +
  "import app.link, app.shell\nfrom engine.registry import all_games\nall_games()";
const IMPORT_ALL = IMPORT_HOME + "\nfrom app import tables\n" +
  "from engine.registry import playable_ids\ntables.import_all(playable_ids())";
const IMPORT_NONE = "import sys; sys.path.insert(0, '/home/pyodide')";
const CODE = { home: IMPORT_HOME, all: IMPORT_ALL, none: IMPORT_NONE }[imports];
let py, info = { mode };
if (mode === "plain") {
  py = await loadPyodide({ indexURL, packages: [wheelUrl] }); mark("loaded");
  writeFiles(py, await filesP); mark("files");
  py.runPython(CODE); mark("imported");
} else if (mode === "micropip") {
  py = await loadPyodide({ indexURL }); mark("loaded");
  await py.loadPackage("micropip"); mark("micropip");
  const mp = py.pyimport("micropip"); await mp.install(wheelUrl); mark("installed");
  writeFiles(py, await filesP); py.runPython(CODE); mark("imported");
} else if (mode === "unpack" || mode === "make") {
  py = await loadPyodide({ indexURL, _makeSnapshot: mode === "make" }); mark("loaded");
  py.unpackArchive(await wheelP, "wheel"); mark("wheel");
  writeFiles(py, await filesP); mark("files");
  py.runPython(CODE); mark("imported");
} else if (mode === "restore") {
  const snapP = caches.open("bench-snapshot").then((c) => c.match(KEY))
    .then((r) => r.arrayBuffer());
  py = await loadPyodide({ indexURL, _loadSnapshot: snapP }); mark("loaded");
  py.unpackArchive(await wheelP, "wheel"); mark("wheel");
  writeFiles(py, await filesP); mark("files");
  py.runPython("import random, os; random.seed(os.urandom(32))"); mark("reseeded");
}
info.heap = py._module.HEAP8.length;
info.marks = marks;
info.modules = py.runPython("import sys; len(sys.modules)");
info.rand = py.runPython("import random; random.randrange(10**9)");
self.postMessage({ ready: true, info });
if (mode === "make") {
  self.postMessage({ stage: 'before-make' });
  const t = performance.now();
  let snap;
  try {
    snap = py.makeMemorySnapshot();
  } catch (err) {
    self.postMessage({ made: true, error: String((err && err.stack) || err) });
    throw err;
  }
  const made = performance.now() - t;
  self.postMessage({ stage: 'made ' + snap.length + ' in ' + made });
  const c = await caches.open("bench-snapshot");
  self.postMessage({ stage: 'opened' });
  await c.put(KEY, new Response(snap));
  const stored = performance.now() - t - made;
  self.postMessage({ made: true, size: snap.length, ms: made, stored });
}
