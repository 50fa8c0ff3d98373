"""The test suite's layout and how its modules find what they import.

- ``tests/engine/``: tests that import only ``engine`` (rules, golden games, properties,
  conformance, soak, save fuzz, command lines, solver).
- ``tests/app/``: tests of the web app's Python (``app.*`` from ``web/``) in CPython.
- ``tests/e2e/``: browser end-to-end tests (headless Chromium via Playwright); their fixtures
  are in ``tests/e2e/conftest.py``.
- ``tests/xbrowser/``: one smoke run per browser engine besides Chromium, each in one test:
  Firefox ESR (``test_firefox.py`` starts ``firefox_smoke.mjs``, puppeteer-core over WebDriver
  BiDi) and WebKitGTK (``test_webkit.py``, Selenium and the MiniBrowser under Xvfb).
- ``tests/helpers/``: the helpers that more than one test module uses and only tests use, as
  the package ``helpers`` (``from helpers.shell import boot``). Test modules import helpers
  only from there or from ``scripts.lib`` (what the tests share with the tools and
  benchmarks: driving the app's page, its layout checks, WebKit and Firefox, made games),
  never from another test module, a conftest or a benchmark.

A module's tests are in the file named after it: its path joined by ``_``, without ``app``
and ``tables`` (``app.routes`` in ``tests/app/test_routes.py``, ``app.seated.computers`` in
``test_seated_computers.py``, ``app.tables.cube_farm.table`` in ``test_cube_farm_table.py``)
and without ``games`` (``engine.games.machine.rules`` in ``tests/engine/test_machine_rules.py``;
``engine.registry`` in ``test_engine_registry.py``). Tests of a scenario across modules (two
tabs sharing a store, damaged input) keep a file named after the scenario.

Nothing here edits ``sys.path``: ``engine``, ``app`` and ``scripts`` are importable because
scripts/setup.sh names this checkout in .venv (a ``.pth`` file), and ``helpers`` because pytest
(its default import mode, ``prepend``) puts the folder of this rootdir conftest, tests/, first
on ``sys.path`` before any test module is imported. The test folders have no ``__init__.py``,
so each test module is imported under its file name with its own folder put first on
``sys.path``: test module names must be unique across all folders (pytest refuses two
``test_x.py``). Before anything else, importing ``scripts`` checks that ``engine`` and ``app``
come from this checkout (a .venv shared with another checkout would test that one's code).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import scripts

ROOT = Path(__file__).resolve().parent.parent
if scripts.wrong_checkout(ROOT):
    pytest.exit(f"this checkout is {ROOT}, but Python would import "
                f"{', '.join(scripts.wrong_checkout(ROOT))}: set PYTHONPATH={ROOT}:{ROOT / 'web'} "
                "(a .venv shared with another checkout names that one)", returncode=4)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--browser-tests", choices=("only", "none"), default=None,
        help="only: run only the tests marked browser; none: leave them out. scripts/test runs "
             "the two parts as two sessions, the one without a browser beside tests/net.")


@pytest.hookimpl(trylast=True)  # after the conftests that mark their folders' tests browser
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    which = config.getoption("browser_tests")
    if which is None:
        return
    keep, drop = [], []
    for item in items:
        browser = item.get_closest_marker("browser") is not None
        (keep if browser == (which == "only") else drop).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep
