/* The computer players' thinking, off the page's thread.
 *
 * A module worker with its own Pyodide and the engine wheel (both from this site, precached by
 * the service worker). The app's Python (in its own worker) asks through the page, which posts
 * plain JSON requests ({id, request}) here and hands the answers back as events; the worker
 * runs app/think.py's think(request) and answers {id, ok, result} or {id, ok: false, error}.
 * A strong computer's turn can take a second of Python: here it never freezes the page.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const ready = (async () => {
  const base = new URL("./", self.location.href);
  const cfg = await (await fetch(new URL("pyscript.json", base))).json();
  const wheel = cfg.packages.find((p) => /tabletop_engine-.*\.whl$/.test(p));
  const py = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  await py.loadPackage(new URL(wheel, base).href);
  // The app's own modules, as the page has them (pyscript.json's "files").
  for (const [from, to] of Object.entries(cfg.files || {})) {
    const text = await (await fetch(new URL(from, base))).text();
    const path = "/home/pyodide/" + to.replace(/^\.\//, "");
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, text);
  }
  py.runPython("import sys; sys.path.insert(0, '/home/pyodide')");
  return py.pyimport("app.think").think;
})();

self.onmessage = async (e) => {
  const { id, request } = e.data;
  let think;
  try {
    think = await ready;
  } catch (err) {
    self.postMessage({ id, ok: false, error: "the thinking worker could not start: " + err });
    return;
  }
  try {
    self.postMessage({ id, ok: true, result: think(request) });
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err) });
  }
};
self.postMessage({ id: 0, ok: true, result: "hello" });
ready.then(() => self.postMessage({ id: -1, ok: true, result: "ready" }),
           (err) => self.postMessage({ id: -1, ok: false, error: String(err) }));
