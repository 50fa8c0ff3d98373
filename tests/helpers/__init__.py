"""Helpers shared by the test modules and used by tests only (see tests/conftest.py for the
layout; what the tests share with the tools and benchmarks is in scripts/lib/: driving the
app's page, its layout rules, WebKit and Firefox, games made the app's way, big Machiavelli
positions and their integer programme, the bridge's stand-in).

- ``shell``: the app's shell in CPython (``FakeEnv``, ``boot``, ``click``, ``settle``,
  ``run_async``).
- ``markup``: HTML checks of the views' output (``parse``, ``buttons_labelled``).
- ``taps``: what must hold after every tap of the tables' random-tap tests (``assert_sound``,
  ``assert_refused``, ``assert_shows``), and random taps on a table in the whole app
  (``tap_the_app``).
- ``backup``: backup files (``played_store``, ``export``, ``import_file``).
- ``hostile``: hostile texts (``HOSTILE``, ``MARK``), real app saves and damaged copies.
- ``mutate``: random damage to JSON data (``mutate``).
- ``machiavelli``: hand-made Machiavelli positions (``start``).
- ``guide``: following a guided game in CPython.
- ``deep``: the thinking worker's hardest questions (the WebKit smoke run).
- ``browser``: opening the app in the browser tests (``ROOT``, ``PHONE``, ``boot_app``, ...).
- ``seated``: the seated tables in the browser (``phone_app``, ``fresh``, ``tap``, ``message``,
  axe).
- ``import_all.mjs``: every module imported in Pyodide under Node (the trimmed standard
  library's test).
"""
