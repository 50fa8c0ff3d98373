// pyscript/core.js of the built site: PyScript's core (scripts/build_site.py copies its dist/
// there), with the package's types.
export * from "@pyscript/core";
