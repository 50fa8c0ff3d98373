/* The app's Python, in a module worker, restored from a memory snapshot when it can be.
 *
 * Raw Pyodide (PyScript cannot start from a snapshot): the engine wheel unpacked, the app's
 * modules written (pyscript.json's "files"), app.calls imported. The page (start.js) posts
 * {id, call, arg} for the three calls and gets {id, ok, result} or {id, ok: false, error};
 * {progress} messages feed the start-up bar; {id: -1} says the worker is ready ("snapshot" or
 * "fresh", and make: true when this version has no snapshot yet) or could not start;
 * {snapshot} says what became of this version's snapshot.
 *
 * The snapshot: Python's heap right after the imports of a fresh start and every game's (a
 * start without a snapshot imports no game), with no player data and no call ever made. It is
 * made once per version by this same module run as a second, short-lived worker (named
 * "maker"), which the page starts once the app shows its first screen and the page is idle, so
 * a start that has no snapshot (the first visit) never waits for the games' imports nor the
 * making: the maker loads its own Pyodide, imports, makes, stores, says {done} and is ended.
 * It is stored in a Cache Storage cache the service worker never clears, under a key that is a
 * digest of everything in it (this worker's FORMAT, Pyodide's version, its standard library,
 * the wheel and the app's files: the last two as digests the build writes here, so a start
 * restores while it fetches the app's files). Whatever goes wrong with it (no Cache Storage, a
 * snapshot of another version, a digest that does not match, a restore that throws or never
 * ends, a snapshot that cannot be made) drops it and starts normally, and that version is
 * marked failed, so it is never tried nor made again: no loop. The file system is not in the
 * heap, so a restored start unpacks the wheel and writes the files again; Python's random is
 * reseeded.
 */
import { loadPyodide, version } from "./pyodide/pyodide.mjs";

const FORMAT = "3";  // change when what goes into the snapshot changes
// The SHA-256 of pyodide/python_stdlib.zip, written by the build (scripts/build_site.py) as it
// writes sw.js's VERSION: the heap keeps zipimport's index of that zip, so a snapshot belongs to
// one library (a restore over another zip would read the wrong bytes), known without reading it.
const STDLIB = "__STDLIB_SHA256__";
// The SHA-256 of the engine wheel and the app's files (appDigest's form), written by the build
// too: the key is known at once, so a start reads and restores its snapshot while it fetches
// those files. The maker checks the files it fetched against it before it makes a snapshot.
const APP = "__APP_SHA256__";
const STORE = "tabletop-python-snapshot";  // not "card-table-*": sw.js deletes those
const base = new URL("./", self.location.href);
const indexURL = new URL("pyodide/", base).href;
const IMPORTS = "from app.calls import CALLS";
// A start imports no game (each is imported when first opened); a snapshot holds them all, so a
// start restored from it opens any game at once.
const EVERY_GAME = "from app import tables\nfrom engine.registry import playable_ids\n" +
  "tables.import_all(playable_ids())";
const say = (progress) => self.postMessage({ progress });
const MAKER = self.name === "maker";  // start.js names the worker that makes the snapshot so

let py = null;
let cache = null;     // the snapshot store, when the browser has one
let key = "";

function entry(kind) { return new URL("__python_snapshot__/" + kind + "/" + key, base).href; }

async function hex(data) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

/* This version is not to be tried again: its snapshot (if any) dropped, a mark left. */
async function failed(why) {
  console.warn("the app starts without a snapshot: " + why);
  self.postMessage({ snapshot: "failed" });
  if (!cache) return;
  try {
    await cache.delete(entry("snap"));
    await cache.delete(entry("trying"));
    await cache.put(entry("failed"), new Response(""));
  } catch (e) { /* nothing more to do */ }
}

/* The digest of the wheel and the files, as scripts/build_site.py's app_digest computes it:
 * each part's name, its length and its bytes, the wheel first, then the files in order. */
async function appDigest(wheel, files) {
  const enc = new TextEncoder();
  const pieces = [];
  for (const [name, bytes] of [["wheel", wheel], ...files.map(([r, t]) => [r, enc.encode(t)])]) {
    pieces.push(enc.encode(name + "\n" + bytes.length + "\n"), bytes);
  }
  const all = new Uint8Array(pieces.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of pieces) { all.set(b, at); at += b.length; }
  return hex(all);
}

/* The stored snapshot of this version, checked, or null; other versions' entries dropped. */
async function stored() {
  try {
    key = await hex(new TextEncoder().encode([FORMAT, version, STDLIB, APP].join("\n")));
    cache = await caches.open(STORE);
    for (const req of await cache.keys()) {
      if (!req.url.endsWith("/" + key)) await cache.delete(req);
    }
    if (await cache.match(entry("failed"))) return { snap: null, make: false };
    if (await cache.match(entry("trying"))) {  // the last restore never finished
      await failed("the last restore did not finish");
      return { snap: null, make: false };
    }
    const hit = await cache.match(entry("snap"));
    if (!hit) return { snap: null, make: true };
    const snap = new Uint8Array(await hit.arrayBuffer());
    say("Read snapshot");  // a mark
    if (await hex(snap) !== hit.headers.get("x-sha256")) {
      await failed("the stored snapshot is damaged");
      return { snap: null, make: false };
    }
    return { snap, make: false };
  } catch (e) {
    cache = null;
    return { snap: null, make: false };  // no Cache Storage (or no crypto.subtle): start normally
  }
}

function install(py, wheel, files) {
  py.unpackArchive(wheel, "wheel", { extractDir: "/home/pyodide" });
  for (const [rel, text] of files) {
    const path = "/home/pyodide/" + rel;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, text);
  }
  py.runPython("import sys, importlib\nif '/home/pyodide' not in sys.path: " +
               "sys.path.insert(0, '/home/pyodide')\nimportlib.invalidate_caches()");
}

/* The engine wheel and the app's files ([path, text], in a fixed order), as pyscript.json lists. */
async function fetched() {
  const cfg = await (await fetch(new URL("pyscript.json", base))).json();
  const wheelName = cfg.packages.find((p) => /tabletop_engine-.*\.whl$/.test(p));
  const wheelP = fetch(new URL(wheelName, base)).then((r) => r.arrayBuffer());
  const files = await Promise.all(Object.keys(cfg.files || {}).sort().map(async (from) =>
    [cfg.files[from].replace(/^\.\//, ""), await (await fetch(new URL(from, base))).text()]));
  return { wheel: new Uint8Array(await wheelP), files };
}

/* The app's start: restored from this version's snapshot when there is a sound one. The app's
 * files are fetched meanwhile: they are needed only once Python is there. */
async function start() {
  const filesP = fetched();
  // not a stage of the start-up bar: a mark for the benchmarks
  filesP.then(() => say("Fetched files"), () => null);
  // ?snapshot=off in the page's address (start.js names the worker so): neither restore nor make
  const { snap, make } = self.name === "snapshot=off"
    ? { snap: null, make: false } : await stored();
  if (snap) {
    say("Restoring Python");
    let restored = null;
    try {
      await cache.put(entry("trying"), new Response(""));
      restored = await loadPyodide({ indexURL, _loadSnapshot: snap });
      say("Restored Python");  // a mark, as "Fetched files"
    } catch (e) {
      await failed("the restore failed: " + e);
    }
    if (restored) {
      const { wheel, files } = await filesP;
      try {
        install(restored, wheel, files);
        // the heap holds the random state of the start that made it: never deal from it
        restored.runPython("import os, random\nrandom.seed(os.urandom(32))\n" + IMPORTS);
        await cache.delete(entry("trying"));
        py = restored;
        return { how: "snapshot", make: false };
      } catch (e) {
        await failed("the restore failed: " + e);
      }
    }
  }
  say("Loading interpreter");
  py = await loadPyodide({ indexURL });
  say("Loaded interpreter");
  const { wheel, files } = await filesP;
  install(py, wheel, files);
  say("Loaded files");
  py.runPython(IMPORTS);
  say("Loaded Pyodide");
  return { how: "fresh", make };
}

/* The maker: this version's snapshot made from a start of its own, imports only, and stored.
 * Anything that goes wrong marks the version failed (the page ending the maker does not). */
async function makeAndKeep() {
  const { wheel, files } = await fetched();
  if (await appDigest(wheel, files) !== APP) {  // files of another version: a later start makes it
    console.warn("no snapshot is made: the app's files are not those of this version");
    return;
  }
  const { snap, make } = await stored();
  if (snap || !make) return;  // another tab stored it meanwhile, or this version failed
  let snapshot;
  try {
    const made = await loadPyodide({ indexURL, _makeSnapshot: true });
    install(made, wheel, files);
    made.runPython(IMPORTS + "\n" + EVERY_GAME);
    snapshot = made.makeMemorySnapshot();
  } catch (e) {
    await failed("it could not be made: " + e);
    return;
  }
  try {
    const sum = await hex(snapshot);
    await cache.put(entry("snap"), new Response(snapshot, { headers: { "x-sha256": sum } }));
    self.postMessage({ snapshot: "made", bytes: snapshot.length });
  } catch (e) {
    await failed("it could not be stored: " + e);
  }
}

if (MAKER) {
  makeAndKeep().catch((e) => console.warn("no snapshot was made: " + e))
    .finally(() => self.postMessage({ done: true }));
} else {
  const ready = start();
  self.onmessage = async (e) => {
    const { id, call, arg } = e.data;
    try {
      await ready;
      let result;
      if (call === "next") {
        result = await py.runPythonAsync("await CALLS.next()");
      } else {
        py.globals.set("_arg", arg === undefined ? null : arg);
        result = py.runPython("CALLS." + (call === "start" ? "start" : "handle") + "(_arg)");
      }
      self.postMessage({ id, ok: true, result });
    } catch (err) {
      self.postMessage({ id, ok: false, error: String(err) });
    }
  };
  ready.then(({ how, make }) => self.postMessage({ id: -1, ok: true, result: how, make }),
             (err) => self.postMessage({ id: -1, ok: false, error: String(err) }));
}
