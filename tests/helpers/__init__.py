"""Helpers shared by the test modules (see tests/conftest.py for the layout).

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
- ``machiavelli_milp``: the solver's problem as an integer programme (needs SciPy).
- ``browser``: opening the app in the browser tests (``ROOT``, ``PHONE``, ``boot_app``, ...).
- ``pages``: driving the app's page (``idle``, ``go``, ``tap``, ``table``, ...).
- ``layout``: the phone layout rules and screenshots (``check_layout``, ``SHOTS``).
- ``seated``: the seated tables in the browser (``phone_app``, ``fresh``, ``message``, axe).
"""
