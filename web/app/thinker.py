"""The thinking worker's entry: PyScript runs it in a worker of its own (``web/start.js``), so
a computer's turn or a Hint never holds up the page nor the app's own worker. The page asks
``think`` (``app/think.py``) through PyScript's worker exports and hands the answer back to the
app as an event.
"""

from __future__ import annotations

from app.think import think  # noqa: F401 (exported to the page)

__export__ = ["think"]
