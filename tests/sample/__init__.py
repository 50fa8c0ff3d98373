"""A game that lives only in the test suite, proving that a new game costs its own package
and one registry call: :func:`registered` adds it for the tests that ask for it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from engine.registry import register, unregister

SAMPLE_ID = "nim"
SAMPLE_MODULE = "sample.nim"


@contextmanager
def registered() -> Iterator[str]:
    """The sample game registered for the time of the ``with`` block; yields its id."""
    register(SAMPLE_ID, SAMPLE_MODULE)
    try:
        yield SAMPLE_ID
    finally:
        unregister(SAMPLE_ID)
