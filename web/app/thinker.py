"""The thinking worker's entry: PyScript runs it in a worker of its own (``web/start.js``), so
a computer's turn or a Hint never holds up the page nor the app's own worker. The page asks
``think`` (``app/think.py``) through PyScript's worker exports and hands the answer back to the
app as an event.
"""

from __future__ import annotations

try:
    from app.think import Thinker

    THINKER = Thinker()  # this worker's: the computer players it remembers between turns
except Exception as e:  # a heap restored wrong, or a bug: said by hello(), not swallowed
    BROKEN = f"{type(e).__name__}: {e}"
else:
    BROKEN = ""


def hello() -> str:
    """What the page asks first: "" when the thinker's Python is whole, else what went wrong."""
    return BROKEN


def think(request: str) -> str:
    """The page's question, answered by ``app.think``."""
    return THINKER.think(request)


__export__ = ["hello", "think"]
