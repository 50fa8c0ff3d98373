"""Command line: ``python -m engine cube-farm play|tournament ...``."""

from __future__ import annotations


def cli_main(argv: list[str]) -> int:
    return 0
