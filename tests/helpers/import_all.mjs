// Imports every module of the app, the engine, micropip, PyScript's package and the libraries the
// app loads on first use (segno) in Pyodide (Node)
// with a given python_stdlib.zip, and decodes with every codec of Pyodide's full standard
// library: prints one JSON line {"missing": [...], "codecs": [...], "imported": n}, the standard
// library modules (and codecs) that could not be found. Used by tests/e2e/test_stdlib_trimmed.py
// (the app's trimmed standard library must miss nothing the app can reach).
//
//   node tests/helpers/import_all.mjs <job.json>
//   job.json: {"pyodide": dir, "stdlib": zip, "wheel": engine wheel, "micropip": its wheel,
//              "libraries": {"segno": its wheel, ...},
//              "app": {"app/x.py": file, ...}, "pyscript": {"pyscript/x.py": file, ...},
//              "full": Pyodide's own python_stdlib.zip (what "standard library" means)}
import { readFileSync } from "node:fs";
import { loadPyodideFrom, unpackWheel, writeFiles } from "../../scripts/pyodide_node.mjs";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const py = await loadPyodideFrom(job.pyodide, { stdLibURL: job.stdlib });
unpackWheel(py, job.wheel, "/home/pyodide");
unpackWheel(py, job.micropip, "/home/pyodide");
for (const wheel of Object.values(job.libraries)) unpackWheel(py, wheel, "/home/pyodide");
const tops = ["app", "engine", "micropip", "pyscript", ...Object.keys(job.libraries)];
py.globals.set("TOPS", JSON.stringify(tops));
writeFiles(py, "/home/pyodide/", job.app);
writeFiles(py, "/home/pyodide/", job.pyscript);
py.FS.writeFile("/tmp/full.zip", new Uint8Array(readFileSync(job.full)));
py.runPython(String.raw`
import importlib, json, os, sys, zipfile
sys.path.insert(0, "/home/pyodide")
full = zipfile.ZipFile("/tmp/full.zip")
stdlib = {n[:-3].replace("/", ".").removesuffix(".__init__")
          for n in full.namelist() if n.endswith(".py")}
missing, imported = set(), 0
for here, dirs, files in os.walk("/home/pyodide"):
    dirs.sort()
    for f in sorted(files):
        if not f.endswith(".py"):
            continue
        name = os.path.relpath(os.path.join(here, f), "/home/pyodide")[:-3].replace("/", ".")
        name = name.removesuffix(".__init__")
        if name.split(".")[0] not in json.loads(TOPS):
            continue
        try:
            importlib.import_module(name)
            imported += 1
        except ModuleNotFoundError as e:
            if e.name in stdlib:
                missing.add(e.name)
        except Exception:
            pass  # needs a browser (PyScript's page objects): not a question of files
codecs_missing = []
for n in sorted(stdlib):
    if n.startswith("encodings.") and n not in ("encodings.aliases",):
        try:
            importlib.import_module(n)
        except ModuleNotFoundError as e:
            codecs_missing.append(n)
        except Exception:
            pass  # a codec of another platform (mbcs, oem): no file question either
print(json.dumps({"missing": sorted(missing), "codecs": codecs_missing, "imported": imported}))
`);
