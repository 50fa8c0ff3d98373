# The browser's global scope as Pyodide gives it (typed as loosely as it is).
from typing import Any

def __getattr__(name: str) -> Any: ...
