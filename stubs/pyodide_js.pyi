# Pyodide's JavaScript API as Pyodide gives it to Python (only what the app calls).
from typing import Any

async def loadPackage(names: str | list[str], options: Any = ...) -> Any: ...
