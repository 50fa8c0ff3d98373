// Where a start without a snapshot spends its Python time, in Pyodide under Node (the same
// Pyodide as the browser's, no browser): loadPyodide with Pyodide's own python_stdlib.zip against
// the site's (trimmed, what a start imports compiled), and then, with the site's, what a start
// imports (the shell, the games' declarations: app.calls) and what it no longer imports, each
// game's rules and computer players and its table, imported when the game is first opened.
// Medians of --runs fresh processes each.
//
//   node scripts/bench/imports.mjs [--runs 5] [--site build/site]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { loadPyodideFrom, unpackWheel, writeFiles } from "../pyodide_node.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
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
lap("start", "app.calls")
t = time.perf_counter()
from app import tables
from engine.registry import all_games, playable_ids
tables.declarations([g.id for g in all_games() if g.available])
laps["start"] += (time.perf_counter() - t) * 1000
from engine.registry import get_game
for gid in playable_ids():
    t = time.perf_counter()
    get_game(gid)
    laps["engines"] = laps.get("engines", 0) + (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    tables.table_class(gid)
    tables.hint(gid)
    laps["tables"] = laps.get("tables", 0) + (time.perf_counter() - t) * 1000
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
console.log(`imports with the site's library: a start ${ms(ours, "start")} ms; on opening ` +
            `each game, its rules and computers ${ms(ours, "engines")} ms and its table ` +
            `${ms(ours, "tables")} ms, all four together (no longer at the start)`);
