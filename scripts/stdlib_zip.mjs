// The standard library as the browser gets it: only what the app can import, and what every
// start imports compiled ahead of time. Run by scripts/build_site.py, with Node and Pyodide from
// node_modules: the very Python 3.14 the browser runs, so its bytecode is the browser's.
//
//   node scripts/stdlib_zip.mjs <job.json>
//
// job.json: {"pyodide": folder of Pyodide's files (with its full python_stdlib.zip),
//            "wheel": the engine wheel,
//            "app": {"app/<module>.py": "<file>", ...} (the app's modules, as the browser has them),
//            "pyscript": {"pyscript/<module>.py": "<file>", ...} (PyScript's own package, which
//                        every worker imports), "micropip": micropip's wheel (a start without a
//                        snapshot installs the engine with it; rewritten with its bytecode),
//            "libraries": the wheels of the libraries the app loads when it first needs them
//                         (segno; their imports are kept, none compiled: no start imports them),
//            "start": Python the app's worker runs at start (its imports),
//            "out": the python_stdlib.zip to write, "report": a JSON report to write,
//            "pyscript_map": the source map of PyScript's bundle (core-*.js.map),
//            "pyscript_pycache": the zip of PyScript's package's bytecode to write}
//
// Kept: every module Pyodide imports while it starts, Pyodide's Python API, every codec (looked
// up by name at run time), and every module that any of those, the app, the engine, PyScript's
// package, micropip or a library loaded on first use could import: the static closure
// of their import statements at any depth, in any branch (a module imported only on an error
// path is kept), with the data files of each kept package. Why bytecode: a fresh Pyodide
// compiles every module it imports from source, at every start (its own ~190 included: two
// seconds and more of a start); so the modules a start imports (Pyodide's and the app's) are
// shipped as unchecked-hash .pyc only, compiled with the file name their source would have had
// (tracebacks still name them). The rest of the closure stays source: bytecode is twice the size
// of source once zipped, and those modules are rarely, if ever, imported. The compiled modules
// carry no docstrings and no asserts (as under python -OO), which makes them a third smaller.
// A few packages are never kept (EXCLUDED): they cannot work in a browser's worker.
import { readFileSync, writeFileSync } from "node:fs";
import { loadPyodideFrom, unpackWheel, writeFiles } from "./pyodide_node.mjs";

const job = JSON.parse(readFileSync(process.argv[2], "utf8"));
const py = await loadPyodideFrom(job.pyodide);
// as the app's worker starts: Pyodide, then the wheel unpacked (zipfile, its encodings)
unpackWheel(py, job.wheel, "/build/src");
py.runPython("import sys\nBOOT = sorted(sys.modules)");
unpackWheel(py, job.micropip, "/build/micropip");
for (const wheel of job.libraries ?? []) unpackWheel(py, wheel, "/build/libraries");
py.FS.mkdirTree("/build/libraries");
writeFiles(py, "/build/src/", job.app);
writeFiles(py, "/build/pyscript/", job.pyscript);
// PyScript's package as PyScript writes it (its sources minified, as they are in its bundle): the
// module its build generated, kept in the bundle's source map
const map = JSON.parse(readFileSync(job.pyscript_map, "utf8"));
const at = map.sources.findIndex((s) => s.endsWith("/stdlib/pyscript.js"));
if (at < 0 || !map.sourcesContent?.[at]) throw new Error("PyScript's package is not in " + job.pyscript_map);
const bundled = (await import("data:text/javascript;base64," +
                              Buffer.from(map.sourcesContent[at]).toString("base64"))).default;
// ... and the very text the bundle itself writes (or the bytecode would never be used)
const bundle = readFileSync(job.pyscript_map.replace(/\.map$/, ""), "utf8");
for (const [name, text] of Object.entries(bundled.pyscript)) {
  if (!bundle.includes(JSON.stringify(text))) {
    throw new Error(`PyScript's pyscript/${name} in its source map is not the one it writes`);
  }
}
py.FS.mkdirTree("/build/pyscript-dist/pyscript");
for (const [name, text] of Object.entries(bundled.pyscript)) {
  py.FS.writeFile("/build/pyscript-dist/pyscript/" + name, text);
}
py.globals.set("START", job.start);
py.globals.set("MICROPIP", job.micropip);
py.FS.mkdirTree(job.micropip.slice(0, job.micropip.lastIndexOf("/")));
py.FS.writeFile(job.micropip, readFileSync(job.micropip));
py.runPython(String.raw`
import importlib.util, io, json, modulefinder, os, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

STDLIB = "/lib/python314.zip"
# Never in a browser's worker, whatever imports them: processes, the terminal's REPL and
# debugger, help() and test runners (an import of one fails as it would have failed to work).
EXCLUDED = ["multiprocessing", "_pyrepl", "pdb", "bdb", "pydoc", "pydoc_data", "doctest",
            "unittest", "idlelib", "tkinter", "turtle", "turtledemo", "ensurepip", "venv",
            "lib2to3", "curses", "sqlite3", "dbm", "tty", "pty"]
full = zipfile.ZipFile(STDLIB)
full.extractall("/build/stdlib")


def modules_under(root):
    out = []
    for here, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if f.endswith(".py"):
                name = os.path.relpath(os.path.join(here, f), root)[:-3].replace(os.sep, ".")
                out.append(name.removesuffix(".__init__"))
    return out


ours = [m for m in modules_under("/build/src") if m.split(".")[0] in ("app", "engine")]
pyscript = modules_under("/build/pyscript")
micropip = modules_under("/build/micropip")
libraries = modules_under("/build/libraries")
# Pyodide's own Python API: its JavaScript side may import any of it at any time
api = [m for m in modules_under("/build/stdlib") if m.split(".")[0] in ("pyodide", "_pyodide")]
# imported by a name made at run time, which no import statement shows: every codec
# (bytes.decode("cp437") imports encodings.cp437) and sysconfig's data module
dynamic = [m for m in modules_under("/build/stdlib")
           if m.split(".")[0] == "encodings" or m.startswith("_sysconfigdata")]
_find_module = modulefinder._find_module


def find_module(name, path=None):  # a namespace package (no loader) is none of our business
    try:
        return _find_module(name, path)
    except AttributeError:
        raise ImportError(name) from None


modulefinder._find_module = find_module
finder = modulefinder.ModuleFinder(path=["/build/src", "/build/pyscript", "/build/micropip",
                                         "/build/libraries", "/build/stdlib"],
                                   excludes=EXCLUDED)
for name in BOOT + api + dynamic:
    try:
        finder.import_hook(name)
    except ImportError:
        pass  # a built-in module (no file) or one of Pyodide's JavaScript ones (js, pyodide_js)
for root, names in (("/build/src", ours), ("/build/pyscript", pyscript),
                    ("/build/micropip", micropip), ("/build/libraries", libraries)):
    for name in names:
        try:
            finder.import_hook(name)
        except ImportError:  # in a namespace package (micropip's _vendored): its file itself
            path = os.path.join(root, *name.split("."))
            path = path + ".py" if os.path.exists(path + ".py") else path + "/__init__.py"
            with open(path) as fp:
                finder.load_module(name, fp, path, (".py", "r", modulefinder._PY_SOURCE))

# what a start of the app's worker imports: Pyodide's start, then the worker's own imports, and
# micropip (which installs the wheel at every start without a snapshot)
sys.path.insert(0, "/build/src")
exec(START, {})
sys.path.insert(0, "/build/micropip")
import micropip  # noqa: E402,F401
started = set(sys.modules)


def in_stdlib(path):
    return path is not None and path.startswith("/build/stdlib/")


kept = {}  # name in the zip -> bytes
packages = set()
compiled = []
for name, mod in sorted(finder.modules.items()):
    if not in_stdlib(mod.__file__):
        continue
    rel = os.path.relpath(mod.__file__, "/build/stdlib")
    if rel.endswith("__init__.py"):
        packages.add(os.path.dirname(rel))
    source = full.read(rel)
    if name in started:
        # optimize=2: no docstrings nor asserts (as python -OO): a third smaller
        code = compile(source, STDLIB + "/" + rel, "exec", dont_inherit=True, optimize=2)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), False)
        kept[rel[:-3] + ".pyc"] = bytes(pyc)
        compiled.append(name)
    else:
        kept[rel] = source
for info in full.infolist():  # the data files of a kept package (not its unkept modules)
    if (not info.is_dir() and not info.filename.endswith(".py")
            and os.path.dirname(info.filename) in packages):
        kept[info.filename] = full.read(info)

def put(z, name, data):
    """One entry, with a fixed date: the same input gives the same bytes."""
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    z.writestr(info, data, compresslevel=9)


out = io.BytesIO()
with zipfile.ZipFile(out, "w") as z:
    for name in sorted(kept):  # and a fixed order
        put(z, name, kept[name])
ZIP = out.getvalue()

# PyScript's package, which PyScript writes as source into the worker's working directory and
# imports at every start: its bytecode, checked against that source's hash (a PyScript whose
# package differs just compiles its own), for the __pycache__ beside it (web/pyodide/
# tabletop.mjs's make puts it there, so a restored start compiles none of it)
pycache = io.BytesIO()
with zipfile.ZipFile(pycache, "w") as z:
    for rel in sorted(os.listdir("/build/pyscript-dist/pyscript")):
        if not rel.endswith(".py"):
            continue
        with open("/build/pyscript-dist/pyscript/" + rel, "rb") as f:
            source = f.read()
        code = compile(source, "pyscript/" + rel, "exec", dont_inherit=True)
        pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), True)
        put(z, os.path.basename(importlib.util.cache_from_source(rel)), bytes(pyc))
PYCACHE = pycache.getvalue()

# micropip's wheel with its bytecode beside its sources (unchecked: both come from this wheel),
# so that a start without a snapshot does not compile micropip before it installs anything
compiled_wheel = io.BytesIO()
with zipfile.ZipFile(MICROPIP) as src, zipfile.ZipFile(compiled_wheel, "w") as z:
    for info in src.infolist():
        data = src.read(info)
        z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        if info.filename.endswith(".py"):
            code = compile(data, info.filename, "exec", dont_inherit=True)
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), False)
            put(z, importlib.util.cache_from_source(info.filename), bytes(pyc))
MICROPIP_COMPILED = compiled_wheel.getvalue()
REPORT = json.dumps({
    "modules_full": sum(1 for i in full.infolist() if i.filename.endswith(".py")),
    "kept": sorted(n for n, m in finder.modules.items() if in_stdlib(m.__file__)),
    "compiled": compiled,
}, indent=1)
`);
writeFileSync(job.out, py.globals.get("ZIP").toJs());
writeFileSync(job.pyscript_pycache, py.globals.get("PYCACHE").toJs());
writeFileSync(job.micropip, py.globals.get("MICROPIP_COMPILED").toJs());
writeFileSync(job.report, py.globals.get("REPORT"));
