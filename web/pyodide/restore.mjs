// @ts-check
/* PyScript's interpreter for a start restored from this version's memory snapshot: see
 * tabletop.mjs, whose restore() is this module's loadPyodide. */
export { version } from "./pyodide.mjs";
export { restore as loadPyodide } from "./tabletop.mjs";
