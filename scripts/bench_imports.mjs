// Where a start without a snapshot spends its Python time, in Pyodide under Node (the same
// Pyodide as the browser's, no browser): loadPyodide with Pyodide's own python_stdlib.zip against
// the site's (trimmed, what a start imports compiled), and then, with the site's, the imports of
// a start split into the shell and each game's engine and table packages (what a lazy import
// per game could move out of the start). Medians of --runs fresh processes each.
//
//   node scripts/bench_imports.mjs [--runs 5] [--site build/site]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { loadPyodideFrom, unpackWheel, writeFiles } from "./pyodide_node.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : fallback;
};

// One measurement in this process (a child): prints one JSON line.
async function once(site, stdlib) {
  const t0 = performance.now();
  const py = await loadPyodideFrom(join(site, "pyodide"), stdlib ? { stdLibURL: stdlib } : {});
  const load = performance.now() - t0;
  if (stdlib) return { load };
  const cfg = JSON.parse(readFileSync(join(site, "pyscript.json"), "utf8"));
  unpackWheel(py, join(site, cfg.packages[0]), "/home/pyodide");
  const files = {};
  for (const [from, to] of Object.entries(cfg.files)) files[to.replace(/^\.\//, "")] = join(site, from);
  writeFiles(py, "/home/pyodide/", files);
  const laps = py.runPython(String.raw`
import importlib, json, sys, time
sys.path.insert(0, "/home/pyodide")
laps = {}
def lap(name, module):
    t = time.perf_counter()
    importlib.import_module(module)
    laps[name] = laps.get(name, 0) + (time.perf_counter() - t) * 1000
lap("shell", "app.shell")
lap("shell", "app.link")
from engine.registry import _MODULES
from app import tables
for gid, module in _MODULES.items():
    lap("engines", module)
for gid in _MODULES:
    lap("tables", tables.module_name(gid))
lap("shell", "app.calls")
json.dumps(laps)`);
  return { load, ...JSON.parse(laps) };
}

if (process.argv[2] === "--child") {
  const [site, stdlib] = [process.argv[3], process.argv[4] || ""];
  process.stdout.write(JSON.stringify(await once(site, stdlib)) + "\n");
  process.exit(0);
}

const runs = Number(arg("--runs", "5"));
const site = arg("--site", join(ROOT, "build", "site"));
const full = join(ROOT, "node_modules", "pyodide", "python_stdlib.zip");
const child = (...extra) => JSON.parse(execFileSync(process.execPath,
  [fileURLToPath(import.meta.url), "--child", site, ...extra], { encoding: "utf8" })
  .trim().split("\n").pop());
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const pyodides = [], ours = [];
for (let i = 0; i < runs; i++) { pyodides.push(child(full)); ours.push(child()); }
const ms = (rows, key) => median(rows.map((r) => r[key])).toFixed(0);
console.log(`loadPyodide (median of ${runs}): Pyodide's python_stdlib.zip ${ms(pyodides, "load")} ms, ` +
            `the site's ${ms(ours, "load")} ms`);
const total = median(ours.map((r) => r.shell + r.engines + r.tables));
console.log(`imports of a start with the site's library: ${total.toFixed(0)} ms: shell ` +
            `${ms(ours, "shell")} ms, the games' engines ${ms(ours, "engines")} ms, their tables ` +
            `${ms(ours, "tables")} ms`);
