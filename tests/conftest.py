"""The test suite's layout and how its modules find what they import (set here, once).

- ``tests/engine/``: tests that import only ``engine`` (rules, golden games, properties,
  conformance, soak, save fuzz, command lines, solver).
- ``tests/app/``: tests of the web app's Python (``app.*`` from ``web/``) in CPython.
- ``tests/e2e/``: browser end-to-end tests (headless Chromium via Playwright); their fixtures
  are in ``tests/e2e/conftest.py``.
- ``tests/xbrowser/``: one smoke run per browser engine besides Chromium, each in one test:
  Firefox ESR (``test_firefox.py`` starts ``firefox_smoke.mjs``, puppeteer-core over WebDriver
  BiDi) and WebKitGTK (``test_webkit.py``, Selenium and the MiniBrowser under Xvfb).
- ``tests/helpers/``: the helpers that more than one test module uses, as the package
  ``helpers`` (``from helpers.shell import boot``). Test modules import helpers only from
  there, never from another test module or from a conftest.

A module's tests are in the file named after it: its path joined by ``_``, without ``app``
and ``tables`` (``app.routes`` in ``tests/app/test_routes.py``, ``app.seated.computers`` in
``test_seated_computers.py``, ``app.tables.cube_farm.table`` in ``test_cube_farm_table.py``)
and without ``games`` (``engine.games.machine.rules`` in ``tests/engine/test_machine_rules.py``;
``engine.registry`` in ``test_engine_registry.py``). Tests of a scenario across modules (two
tabs sharing a store, damaged input) keep a file named after the scenario.

Imports use pytest's default import mode (``prepend``): the test folders have no
``__init__.py``, so each test module is imported under its file name with its own folder put
first on ``sys.path``. Test module names must therefore be unique across all folders (pytest
refuses two ``test_x.py``); helper modules are safe because they live in the ``helpers``
package. Below, this file puts ``web/`` (for ``import app``), ``scripts/`` (``serve``,
``build_site``, ``browserlib``) and ``tests/`` (for the ``helpers`` package) on ``sys.path``
before any test module is imported; no test module changes ``sys.path`` itself.
"""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
for folder in (ROOT / "scripts", ROOT / "web", TESTS):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
