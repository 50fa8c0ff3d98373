# What app.main uses of PyScript (https://docs.pyscript.net/): typed loosely, as JavaScript is.
from typing import Any

RUNNING_IN_WORKER: bool
window: Any  # the page's window (on the page's thread only; app.main never uses it in a worker)
document: Any
sync: Any  # in a worker: functions set on it are callable from the page

def __getattr__(name: str) -> Any: ...
