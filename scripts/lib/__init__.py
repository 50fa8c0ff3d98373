"""What the tools (scripts/), the benchmarks (scripts/bench/) and the tests (tests/) share, in one
place that each of them imports (the tests import nothing of the benchmarks):

- ``browser``: Debian's Chromium through Playwright, the built site served, the bare Pyodide page
  (``chromium``, ``PHONE``, ``SITE``, ``site_with_bare_page``, ``run_python``).
- ``pages``: driving the app's page in Chromium (``idle``, ``handled``, ``go``, ``tap_el``, ...).
- ``layout``: the phone layout rules and measures (``check_layout``, ``contrast``, ``in_view``,
  ``small_targets``, ``TURNS``, ``open_turn``).
- ``xbrowser``: one phone page in Firefox ESR, WebKitGTK or Chromium, spoken to in JavaScript
  (``Page``, ``BROWSERS``), started through ``webkit`` (the MiniBrowser, WebKitWebDriver, Xvfb)
  and ``firefox.mjs`` / ``firefox_page.mjs`` (puppeteer-core over WebDriver BiDi).
- ``stats``: finished games made the way the app makes them, counted in a record.
- ``link``: a stand-in for the page's bridge around ``app.link.Link``, in CPython (``Device``,
  ``Tab``).
- ``machiavelli``: big random Machiavelli positions; ``machiavelli_milp``: the solver's problem
  as an integer programme (SciPy).
"""
