// pyodide/pyodide.mjs of the built site: Pyodide's own module (scripts/build_site.py copies it
// from the npm package beside web/pyodide/'s modules), with the package's types.
export * from "pyodide";
