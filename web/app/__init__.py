"""The app's Python side: routes, game session and saving, HTML views, and the page glue.

Everything but :mod:`app.main` and :mod:`app.calls` is plain Python with no browser imports, so
it runs and is tested under CPython; they are the thin layer the page's bridge calls (app.calls,
which app.main exports from the app's worker, a PyScript PyWorker that web/start.js starts on
web/pyodide/tabletop.mjs's interpreter, and hands to the page's thread as a fallback).
"""
