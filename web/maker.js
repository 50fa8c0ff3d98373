// @ts-check
/* The worker that makes this version's memory snapshot (web/pyodide/tabletop.mjs's make()):
 * started by web/start.js once the app shows its first screen and the page is idle, ended by it
 * when it says {done}. It never loads PyScript, so the heap it snapshots holds none of
 * PyScript's objects, and it never runs a player's call. */
import { make } from "./pyodide/tabletop.mjs";

make().then((snapshot) => self.postMessage({ snapshot }),
            (e) => self.postMessage({ snapshot: "not made: " + e }))
  .finally(() => self.postMessage({ done: true }));
