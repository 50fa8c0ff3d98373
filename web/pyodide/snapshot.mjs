// @ts-check
/* This version's memory snapshot of Python: where it is kept, how it is checked, when it is given
 * up. Shared by the page (web/start.js: is there one to restore?) and the interpreter module
 * beside it (tabletop.mjs: read it, restore it, make it).
 *
 * It is kept in a Cache Storage cache the service worker never clears, under a key that is a
 * digest of everything in it: this module's FORMAT, Pyodide's version, the standard library, the
 * engine wheel and the app's files (the last three as digests the build writes here, so the key
 * is known at once). Beside it: the SHA-256 it was stored with, and the files micropip installed
 * (the heap does not hold the file system). Whatever goes wrong with it (no Cache Storage, a
 * digest that does not match, a restore that throws or never ends) marks this version failed:
 * it is never tried nor made again, so there is no loop.
 */
const FORMAT = "6";  // change when what goes into the snapshot changes
// Written by the build (scripts/build_site.py), as sw.js's VERSION is: Pyodide's version, the
// SHA-256 of pyodide/python_stdlib.zip (the heap keeps zipimport's index of it) and of the wheel
// and the app's files (appDigest's form).
export const PYODIDE = "__PYODIDE_VERSION__";
const STDLIB = "__STDLIB_SHA256__";
export const APP = "__APP_SHA256__";
const STORE = "tabletop-python-snapshot";  // not "card-table-*": sw.js deletes those
const base = new URL("../", import.meta.url);

/** @param {BufferSource} data */
export async function hex(data) {
  const d = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  return Array.from(d, (b) => b.toString(16).padStart(2, "0")).join("");
}

export const PAGE = 65536;  // WebAssembly's page

/** How a kept snapshot is laid out (tabletop.mjs sparse): its first ``given`` bytes are what
 * Pyodide is given at a restore (its header and the heap up to a first page of zeros); after
 * them, each of the heap's ``pages`` (page numbers, rising, all past the given part) in turn;
 * the heap's other pages are zeros, up to ``heap`` bytes.
 * @typedef {{ given: number, heap: number, pages: number[] }} Layout */

/** A layout read back, or null when it does not describe ``length`` bytes of snapshot.
 * @param {string | null} text
 * @param {number} length
 * @returns {Layout | null} */
function layoutOf(text, length) {
  try {
    const { given, heap, pages } = JSON.parse(text || "");
    const head = given % PAGE;  // the header is shorter than a page; the heap is whole pages
    if (!Number.isSafeInteger(given) || !Number.isSafeInteger(heap) || !Array.isArray(pages) ||
        heap % PAGE !== 0 || given - head > heap || length !== given + pages.length * PAGE) {
      return null;
    }
    let last = (given - head) / PAGE - 1;
    for (const p of pages) {
      if (!Number.isSafeInteger(p) || p <= last || (p + 1) * PAGE > heap) return null;
      last = p;
    }
    return { given, heap, pages };
  } catch (e) {
    return null;
  }
}

/** @typedef {{ cache: Cache, entry: (kind: string) => string }} Store */
/** @type {Promise<Store> | null} */
let opened = null;
/** The store and this version's key; other versions' entries dropped (once per thread).
 * @returns {Promise<Store>} */
function open() {
  if (!opened) {
    opened = (async () => {
      const key = await hex(new TextEncoder().encode([FORMAT, PYODIDE, STDLIB, APP].join("\n")));
      const cache = await caches.open(STORE);
      for (const req of await cache.keys()) {
        if (!req.url.endsWith("/" + key)) await cache.delete(req);
      }
      return { cache, entry: (/** @type {string} */ kind) => new URL("__python_snapshot__/" + kind + "/" + key, base).href };
    })();
    opened.catch(() => null);
  }
  return opened;
}

/* What this version's snapshot is: "ready" (stored, never failed, no restore left unfinished),
 * "none" (to be made), "failed" or "unavailable" (no Cache Storage): without reading it. */
export async function state() {
  try {
    const { cache, entry } = await open();
    const [gaveUp, unfinished, snap] = await Promise.all(
      ["failed", "trying", "snap"].map((kind) => cache.match(entry(kind))));
    if (gaveUp) return "failed";
    if (unfinished) {  // the last restore never finished
      await failed("the last restore did not finish");
      return "failed";
    }
    return snap ? "ready" : "none";
  } catch (e) {
    return "unavailable";
  }
}

/** This version is not to be tried again: its snapshot (if any) dropped, a mark left.
 * @param {string} why */
export async function failed(why) {
  console.warn("the app starts without a snapshot: " + why);
  try {
    const { cache, entry } = await open();
    await cache.delete(entry("snap"));
    await cache.delete(entry("files"));
    await cache.delete(entry("trying"));
    await cache.put(entry("failed"), new Response(""));
  } catch (e) { /* nothing more to do */ }
}

/** A restore starts (mark) or has ended well (unmark): a mark left behind means it never ended.
 * @param {boolean} on */
export async function trying(on) {
  try {
    const { cache, entry } = await open();
    if (on) await cache.put(entry("trying"), new Response(""));
    else await cache.delete(entry("trying"));
  } catch (e) { /* no store: nothing was restored */ }
}

/** The stored snapshot and files, checked against their digest; null when there is none.
 * mark(stage) is told when it is read and when it is checked (benchmarks).
 * @param {(stage: string) => void} mark */
export async function read(mark = () => undefined) {
  const { cache, entry } = await open();
  const [snapHit, filesHit] = await Promise.all([cache.match(entry("snap")),
                                                 cache.match(entry("files"))]);
  if (!snapHit || !filesHit) return null;
  const [snap, files] = await Promise.all([snapHit.arrayBuffer(), filesHit.arrayBuffer()]);
  mark("Read snapshot");
  const layout = layoutOf(snapHit.headers.get("x-layout"), snap.byteLength);
  if (!layout || await hex(snap) !== snapHit.headers.get("x-sha256")) {
    await failed("the stored snapshot is damaged");
    return null;
  }
  mark("Checked snapshot");
  return { snap: new Uint8Array(snap), layout, files: new Uint8Array(files) };
}

/** Keep a snapshot made by tabletop.mjs's make() (in its sparse form), with the files it needs
 * beside it.
 * @param {Uint8Array<ArrayBuffer>} snap
 * @param {Layout} layout
 * @param {Uint8Array<ArrayBuffer>} files */
export async function keep(snap, layout, files) {
  const { cache, entry } = await open();
  await cache.put(entry("files"), new Response(files));
  await cache.put(entry("snap"), new Response(snap, { headers: {
    "x-sha256": await hex(snap), "x-layout": JSON.stringify(layout) } }));
}

/** The digest of the wheel and the files, as scripts/build_site.py's app_digest computes it:
 * each part's name, its length and its bytes, the wheel first, then the files in order.
 * @param {Uint8Array} wheel
 * @param {[string, string][]} files */
export async function appDigest(wheel, files) {
  const enc = new TextEncoder();
  /** @type {Uint8Array[]} */
  const pieces = [];
  /** @type {[string, Uint8Array][]} */
  const parts = [["wheel", wheel], ...files.map(([r, t]) => /** @type {[string, Uint8Array]} */ (
    [r, enc.encode(t)]))];
  for (const [name, bytes] of parts) {
    pieces.push(enc.encode(name + "\n" + bytes.length + "\n"), bytes);
  }
  const all = new Uint8Array(pieces.reduce((n, b) => n + b.length, 0));
  let at = 0;
  for (const b of pieces) { all.set(b, at); at += b.length; }
  return hex(all);
}
