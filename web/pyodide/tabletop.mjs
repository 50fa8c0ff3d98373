// @ts-check
/* The interpreter PyScript starts for this app: Pyodide's own, restored from this version's
 * memory snapshot when web/start.js asks for that.
 *
 * PyScript's config "interpreter" may be the URL of a module that exports Pyodide's
 * loadPyodide and version; polyscript imports it, takes Pyodide's files from its folder (so this
 * module lives beside pyodide.mjs) and calls loadPyodide({stdout, stderr, indexURL}), then
 * installs the config's packages with micropip, writes its files and runs the worker's Python.
 * Its twin restore.mjs (start.js names it only when snapshot.mjs says one is ready; not a query
 * string, which the service worker's cached answer would not keep) restores the snapshot
 * instead, puts back the files micropip installed and the app's (the heap does not hold the
 * file system) and reseeds Python's random (the heap holds the random state of the start that
 * made it: never deal from it); that start's config has no packages and no files, as
 * everything is installed and imported already. A snapshot that is not there or not sound
 * makes it throw: the worker then fails to start, and start.js starts a fresh one.
 *
 * make() is the maker (web/maker.js, a plain module worker that never loads PyScript, so the
 * heap holds none of PyScript's objects): a fresh Pyodide, the wheel installed by micropip as
 * PyScript's "packages" does it, the app's files written where PyScript writes them, the app,
 * every game and the thinker imported, and no call ever made; then the snapshot, stored.
 */
import { loadPyodide as load, version } from "./pyodide.mjs";
import * as snapshot from "./snapshot.mjs";

export { version };

/** @typedef {import("pyodide").PyodideAPI} PyodideAPI */
/** @typedef {Parameters<typeof load>[0]} PyodideOptions */

const inWorker = typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope;

// PyScript's stages of a start reach the page only where there is a SharedArrayBuffer: pass
// them on as plain messages (start.js marks them and feeds the start-up bar).
if (inWorker) {
  addEventListener("py:progress",
                   (e) => postMessage({ progress: String(/** @type {CustomEvent} */ (e).detail) }));
}

/** @param {string} progress */
const say = (progress) => { if (inWorker) postMessage({ progress }); };

/* What polyscript calls for a start afresh: Pyodide's own. options: {stdout, stderr, indexURL}
 * (this app's config never has polyscript keep a lock file: packages_cache is "never"). */
/** @param {PyodideOptions} options */
export function loadPyodide(options) {
  return load(options);
}

/** What polyscript calls when the interpreter is restore.mjs: the snapshot restored.
 * @param {PyodideOptions} options */
export async function restore(options) {
  if (version !== snapshot.PYODIDE) throw new Error("the snapshot is of another Pyodide");
  say("Reading snapshot");
  const stored = await snapshot.read(say);
  if (!stored) throw new Error("this version has no sound snapshot");
  say("Restoring Python");
  const { snap, layout } = stored;
  const py = await load({ ...options, _loadSnapshot: snap.subarray(0, layout.given),
                          createPyodideModule: roomFor(snap, layout) });
  say("Restored Python");  // a mark for the benchmarks
  writeFiles(py.FS, stored.files);
  // the heap is in Python's memory and the files in its file system now: their copies go
  release(stored.snap);
  release(stored.files);
  py.runPython("import importlib, os, random\nrandom.seed(os.urandom(32))\n" +
               "importlib.invalidate_caches()");
  return py;
}

/** A buffer's memory given back now, though something still holds it (Pyodide keeps its
 * options, the snapshot among them, for the life of the interpreter): it is sent (transferred)
 * to a port whose other end is closed, which drops the message and the bytes with it. Not
 * structuredClone, whose copy waits for a collection (a worker at rest may not have one for
 * minutes), nor ArrayBuffer.transfer(0), which leaves the bytes with the browser's own record
 * of the buffer for as long as the buffer is held.
 * @param {Uint8Array} bytes */
function release(bytes) {
  try {
    const { port1, port2 } = new MessageChannel();
    port2.close();
    port1.postMessage(null, [bytes.buffer]);
    port1.close();
  } catch (e) { /* kept for as long as its holder lives */ }
}

const PAGE = snapshot.PAGE;  // WebAssembly's page

/** Whether page ``p`` of ``bytes`` (aligned to 4) is all zeros.
 * @param {Uint8Array} bytes
 * @param {number} p */
function zeros(bytes, p) {
  const end = Math.min(bytes.length, (p + 1) * PAGE);
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset + p * PAGE, (end - p * PAGE) >> 2);
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) return false;
  return true;
}

/** Pyodide's snapshot as it is kept (snapshot.mjs Layout): cut at the first page of its heap
 * that is all zeros (the part Pyodide is given at a restore), then only the heap's later pages
 * that are not zeros, one after the other. Of this app's 36 MiB heap, 16 are zeros: the 10 MiB
 * of C stack Python has not used and the free top of the heap.
 * @param {Uint8Array<ArrayBuffer>} snap
 * @returns {{ bytes: Uint8Array<ArrayBuffer>, layout: import("./snapshot.mjs").Layout }} */
function sparse(snap) {
  const head = new Uint32Array(snap.buffer, snap.byteOffset, 4)[1];
  const heap = snap.subarray(head);
  let cut = 0;
  while (cut * PAGE < heap.length && !zeros(heap, cut)) cut++;
  /** @type {number[]} */
  const pages = [];
  for (let p = cut; p * PAGE < heap.length; p++) if (!zeros(heap, p)) pages.push(p);
  const given = head + cut * PAGE;
  const bytes = new Uint8Array(given + pages.length * PAGE);
  bytes.set(snap.subarray(0, given));
  pages.forEach((p, i) => bytes.set(heap.subarray(p * PAGE, (p + 1) * PAGE), given + i * PAGE));
  return { bytes, layout: { given, heap: heap.length, pages } };
}

/** Pyodide's module, made as Pyodide makes it, with a heap the snapshot fits in, and the heap's
 * pages after the part Pyodide is given put in by us.
 *
 * Room: Pyodide 314.0.7 sizes the heap for a snapshot with Emscripten's INITIAL_MEMORY, which
 * its wasm never reads (its memory is its own, 30 MiB): a snapshot of a larger heap, as this
 * app's now is, failed every restore with "offset is out of bounds" (pyodide/pyodide#6254). So
 * the memory is grown to the snapshot's heap as soon as the wasm is instantiated.
 *
 * The rest: Pyodide copies the heap it is given over the memory, so every page of it is written
 * and kept by the system, pages of zeros too. It is given the heap only up to its first page of
 * zeros (sparse), and the kept pages after that are put in here as the runtime is initialized,
 * just before Pyodide copies its part in (Emscripten's onRuntimeInitialized); a page of zeros is
 * left untouched unless the runtime's start wrote to it (then it is zeroed), so the memory ends
 * as the whole heap would have left it, and the pages nobody uses are never the system's to
 * keep. createPyodideModule is Pyodide's own option for making the module.
 * @param {Uint8Array} snap
 * @param {import("./snapshot.mjs").Layout} layout
 * @returns {NonNullable<PyodideOptions>["createPyodideModule"]} */
function roomFor(snap, layout) {
  return async (settings) => {
    /** @type {{ default: NonNullable<PyodideOptions>["createPyodideModule"] & {} }} */
    const { default: create } = await import(new URL("pyodide.asm.mjs", import.meta.url).href);
    const instantiate = settings.instantiateWasm;
    if (!instantiate) throw new Error("Pyodide's module cannot be made with room for the snapshot");
    /** @type {WebAssembly.Memory | null} */
    let memory = null;
    /** @type {{ instantiateWasm: typeof instantiate }} */ (settings).instantiateWasm =
      (imports, receive) => instantiate(imports, (instance, module) => {
        const m = /** @type {WebAssembly.Memory} */ (instance.exports.memory);
        const short = layout.heap - m.buffer.byteLength;
        if (short > 0) m.grow(Math.ceil(short / PAGE));
        memory = m;
        receive(instance, module);
      });
    /** @type {{ onRuntimeInitialized?: () => void }} */ (settings).onRuntimeInitialized = () => {
      if (!memory) throw new Error("Pyodide's memory was not seen");
      const into = new Uint8Array(memory.buffer);
      let k = 0;  // the kept pages put in so far
      // the given part is a header shorter than a page and whole pages of the heap
      for (let p = Math.floor(layout.given / PAGE); p * PAGE < layout.heap; p++) {
        const at = p * PAGE;
        if (layout.pages[k] === p) {
          into.set(snap.subarray(layout.given + k * PAGE, layout.given + (k + 1) * PAGE), at);
          k++;
        } else if (!zeros(into, p)) {
          into.fill(0, at, at + PAGE);
        }
      }
    };
    return create(settings);
  };
}

// What the snapshot holds: the app's calls, every game (a start without a snapshot imports
// none: each is imported when first opened) and the thinker, so a restored start opens any
// game at once and a restored thinker thinks at once.
const IMPORTS = "from app.calls import CALLS\nimport app.think\nfrom app import tables\n" +
  "from engine.registry import playable_ids\ntables.import_all(playable_ids())";
// The wheel installed as PyScript's "packages" installs it; then micropip is let go.
const INSTALL = `
import micropip
await micropip.install(_wheel)
del _wheel, micropip
import gc, sys
for _name in [m for m in sys.modules if m == "micropip" or m.startswith("micropip.")]:
    del sys.modules[_name]
gc.collect()
`;
// The files micropip installed (site-packages) and the app's (in the cwd), written back after a
// restore (a restored start fetches and installs nothing): one after the other, each as its
// absolute path, a NUL, its length in decimal, a NUL and its bytes. Not a zip: Python's
// unpacking of one took a tenth of a second of every restored start; writeFiles writes these
// from JavaScript.
const INSTALLED = `
import os, site
_parts = []
for _dir in [*site.getsitepackages(), os.getcwd()]:
    for _root, _dirs, _files in os.walk(_dir):
        for _name in sorted(_files):
            _path = os.path.join(_root, _name)
            with open(_path, "rb") as _f:
                _data = _f.read()
            _parts += [_path.encode(), b"\\0", str(len(_data)).encode(), b"\\0", _data]
b"".join(_parts)
`;

/** The files of INSTALLED's form written into Pyodide's file system.
 * @param {PyodideAPI["FS"]} FS
 * @param {Uint8Array} bytes */
function writeFiles(FS, bytes) {
  const text = new TextDecoder();
  let at = 0;
  while (at < bytes.length) {
    const end = bytes.indexOf(0, at);
    const path = text.decode(bytes.subarray(at, end));
    const start = bytes.indexOf(0, end + 1) + 1;
    const size = Number(text.decode(bytes.subarray(end + 1, start - 1)));
    if (!path.startsWith("/") || !(start > end) || !Number.isSafeInteger(size) ||
        start + size > bytes.length) {
      throw new Error("the snapshot's files are damaged");
    }
    FS.mkdirTree(path.slice(0, path.lastIndexOf("/")) || "/");
    FS.writeFile(path, bytes.subarray(start, start + size));
    at = start + size;
  }
}

/** The app's modules ([path, text]), the archives PyScript unpacks ([URL, folder]: "<folder>/*"
 * in pyscript.json, PyScript's bytecode) and the wheel's URL, as pyscript.json lists them.
 * @param {URL} base
 * @returns {Promise<{ wheel: string, files: [string, string][], archives: [string, string][] }>} */
async function appFiles(base) {
  /** @type {{ packages: string[], files?: { [from: string]: string } }} */
  const cfg = await (await fetch(new URL("pyscript.json", base))).json();
  const to = cfg.files || {};
  const wheel = new URL(String(cfg.packages.find((p) => /tabletop_engine-.*\.whl$/.test(p))),
                        base).href;
  const sources = Object.keys(to).sort();
  /** @type {[string, string][]} */
  const archives = sources.filter((from) => to[from].endsWith("/*"))
    .map((from) => [new URL(from, base).href, to[from].slice(0, -2).replace(/^\.\//, "")]);
  const files = await Promise.all(sources.filter((from) => !to[from].endsWith("/*"))
    .map(async (from) => /** @type {[string, string]} */ ([to[from].replace(/^\.\//, ""),
                          await (await fetch(new URL(from, base))).text()])));
  return { wheel, files, archives };
}

/* The maker: this version's snapshot made from a start of its own and stored. Returns what
 * became of it ("made", or why not); anything that goes wrong marks the version failed. */
export async function make() {
  const base = new URL("../", import.meta.url);
  const { wheel, files, archives } = await appFiles(base);
  const bytes = new Uint8Array(await (await fetch(wheel)).arrayBuffer());
  const unpacked = Promise.all(archives.map(async ([url, folder]) =>
    /** @type {[string, Uint8Array]} */ ([folder,
                                         new Uint8Array(await (await fetch(url)).arrayBuffer())])));
  unpacked.catch(() => null);  // awaited (and said) where it is used
  if (await snapshot.appDigest(bytes, files) !== snapshot.APP) {
    return "not made: the app's files are not those of this version";  // a later start makes it
  }
  if (version !== snapshot.PYODIDE) return "not made: another Pyodide";
  if (await snapshot.state() !== "none") return "not made: another tab made it, or it failed";
  let made, installed;
  try {
    const py = await load({ indexURL: new URL("./", import.meta.url).href, _makeSnapshot: true });
    await py.loadPackage("micropip");
    // from the file system: a wheel micropip fetches itself leaves JavaScript objects behind
    const local = "/tmp/" + wheel.slice(wheel.lastIndexOf("/") + 1);
    py.FS.writeFile(local, bytes);
    py.globals.set("_wheel", "emfs:" + local);
    await py.runPythonAsync(INSTALL);
    // a snapshot holds no JavaScript object but Pyodide's own: micropip (whose modules keep
    // some) is dropped, and Pyodide's record of the packages it loaded emptied
    for (const name of Object.keys(py.loadedPackages)) delete py.loadedPackages[name];
    for (const [path, text] of files) {  // where PyScript's "files" writes them: the cwd
      const at = "/home/pyodide/" + path;
      py.FS.mkdirTree(at.slice(0, at.lastIndexOf("/")));
      py.FS.writeFile(at, text);
    }
    // and its archives, where PyScript's "files" unpacks them: the bytecode of PyScript's
    // package, beside where PyScript writes its source at every start (checked against it: a
    // restored start imports it without compiling it)
    for (const [folder, zip] of await unpacked) {
      py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/" + folder });
    }
    py.runPython("import importlib\nimportlib.invalidate_caches()\n" + IMPORTS);
    // a copy of the heap, in an ArrayBuffer of its own
    made = sparse(/** @type {Uint8Array<ArrayBuffer>} */ (py.makeMemorySnapshot()));
    installed = py.runPython(INSTALLED).toJs();
  } catch (e) {
    await snapshot.failed("it could not be made: " + e);
    return "failed";
  }
  try {
    await snapshot.keep(made.bytes, made.layout, installed);
  } catch (e) {
    await snapshot.failed("it could not be stored: " + e);
    return "failed";
  }
  return "made";
}
