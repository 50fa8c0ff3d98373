/* The computer players' thinking, off the page's thread.
 *
 * A module worker with its own Pyodide and the engine wheel (both from this site, precached by
 * the service worker). The page's Python posts plain JSON requests ({id, request}); the worker
 * runs app/think.py's think(request) and answers {id, ok, result} or {id, ok: false, error}.
 * A Strong Machiavelli turn can take a second of Python: here it never freezes the page.
 */
import { loadPyodide } from "./pyodide/pyodide.mjs";

const ready = (async () => {
  const base = new URL("./", self.location.href);
  const cfg = await (await fetch(new URL("pyscript.json", base))).json();
  const wheel = cfg.packages.find((p) => /tabletop_engine-.*\.whl$/.test(p));
  const py = await loadPyodide({ indexURL: new URL("pyodide/", base).href });
  await py.loadPackage(new URL(wheel, base).href);
  const source = await (await fetch(new URL("app/think.py", base))).text();
  const ns = py.globals.get("dict")();
  py.runPython(source, { globals: ns });
  return ns.get("think");
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
