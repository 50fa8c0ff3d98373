"""The sample game's table package: Nim at the shell's seated table.

It lives in the test suite with its engine package (``sample.nim``) and proves what a new game
needs in the app: this package (``DECLARED`` here, ``TABLE`` and its board in :mod:`.table`)
and its registry line (``sample.SAMPLE``, which names this package); the shell, the seated
table, saving, the computers' turns, the end screen and the links come as they are.
"""

from app.seated.declare import declare

DECLARED = declare("nim", "{name}")
