"""A game that lives only in the test suite, proving that a new game costs its own packages
and one registry line: :data:`SAMPLE` is that line, :func:`registered` puts it in effect for
the tests that ask for it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace

from engine.registry import GAMES, Entry

SAMPLE_ID = "nim"
SAMPLE_MODULE = "sample.nim"
SAMPLE = Entry(SAMPLE_ID, SAMPLE_MODULE, "sample.nim_table")


@contextmanager
def registered(table: bool = True) -> Iterator[str]:
    """The engine's games and the sample in effect for the ``with`` block; yields its id.
    ``table=False``: without its table package (the app shows it as "coming soon")."""
    with GAMES.with_game(SAMPLE if table else replace(SAMPLE, table="")).active():
        yield SAMPLE_ID
