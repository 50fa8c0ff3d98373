"""The benchmarks: each module prints figures (medians of several runs, with a baseline measured
in the same run) and is run from the checkout as ``.venv/bin/python -m scripts.bench.<name>``
(``--help`` for its options); ``common`` is what they share (probes in the app's page, medians,
the browser lock, saved games, an earlier commit's site), over scripts/lib/. They are not part
of the test run, and no test imports them.

In Chromium (Debian's, through Playwright; build the site first):
- ``startup``: time to ready of a return visit against a bare Pyodide page, where it went, the
  thinker, tap to table, first-visit bytes; ``snapshot``: the memory snapshot's parts;
- ``runtime``: Lighthouse, the page's longest stall, time to ready, a tap during a Strong turn,
  memory, in the app's two thinking designs; ``lighthouse``: Lighthouse alone (``--screens``);
- ``memory``: the whole browser's memory at home, after a deal, after and 60 s after a watched
  game (over a DevTools pipe, not Playwright: see its docstring); ``turns``: a computer's turn,
  from its start to its first card moving, over whole watched games;
- ``taps``: tap to screen updated; ``game_app --game machiavelli|machine|cube-farm``: a seated
  game's long tasks while computers play, tap to answer (and Cube Farm's pan);
- ``tables``: the four tables at 360 x 640; ``rules``: the rules pages at 360 x 640;
- ``perpetual_motion``, ``machiavelli_browser``: the engines in Pyodide against CPython;
- ``phones``: a table of phones over real data channels (in a loopback-only network namespace):
  the codes' sizes, joining, tap to every phone updated, bytes per action, side-by-side shots.
In Firefox ESR and WebKitGTK: ``startup_xbrowser``, ``stalls_xbrowser`` (with
``stalls_firefox.mjs``; ``--situations taps``: a tap during a Strong computer's turn).
No browser: ``download`` (first-visit bytes, raw, gzip, brotli), ``machiavelli`` and
``machiavelli_big`` (the solver), ``cube_farm`` (legal placements), ``net_bytes`` (bytes per
message of the table-of-phones protocol, app.net), ``history`` (reading a match's log from its
moves, app.seated.history), and ``node scripts/bench/imports.mjs`` (a
start's imports in Pyodide under Node).
"""
