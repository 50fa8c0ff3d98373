"""The app's Python side: routes, game session and saving, HTML views, and the page glue.

Everything but :mod:`app.main` is plain Python with no browser imports, so it runs and is
tested under CPython; :mod:`app.main` is the thin layer that touches the page.
"""
