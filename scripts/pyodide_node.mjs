// Pyodide in Node with the app's Python put in place: how the build (scripts/stdlib_zip.mjs) and
// the trimmed standard library's test (tests/helpers/import_all.mjs) start it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

// Pyodide from the folder of its files (``options``: loadPyodide's, e.g. stdLibURL).
export async function loadPyodideFrom(dir, options = {}) {
  const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
  return loadPyodide({ indexURL: dir + "/", ...options });
}

// A wheel unpacked into ``dir`` of Pyodide's file system.
export function unpackWheel(py, file, dir) {
  py.unpackArchive(new Uint8Array(readFileSync(file)), "wheel", { extractDir: dir });
}

// Files written under ``root`` (ending in "/"): {"app/x.py": "<file on disk>", ...}.
export function writeFiles(py, root, files) {
  for (const [rel, file] of Object.entries(files)) {
    const path = root + rel;
    py.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    py.FS.writeFile(path, readFileSync(file));
  }
}
