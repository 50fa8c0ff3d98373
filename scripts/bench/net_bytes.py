"""Benchmark: bytes per message of the table-of-phones protocol (app.net), no browser.

Plays whole seeded games of Machiavelli, the Machine and Cube Farm at a table of four (the
host's player, two guests on in-memory channels, a computer; every seat played by the
engine's beginner computer, scripts/lib/net_table.py) and prints, per game, the size in bytes
(UTF-8) of the ViewUpdates the host sent a guest (median, worst), the same compressed with
zlib's deflate at level 6 (what a WebRTC data channel would carry if the protocol compressed
its messages; it does not yet), the guests' Act messages, and the bytes the host sent per
action over both channels.

    .venv/bin/python -m scripts.bench.net_bytes [--deals 1 2 3]
"""

from __future__ import annotations

import argparse
import statistics
import zlib

from app.net.protocol import Act, ViewUpdate, read_guest, read_host
from app.net.transport import MemoryEnd

from scripts.lib.net_table import open_table, play_out

GAMES = ("machiavelli", "machine", "cube-farm")


def measure(game_id: str, deal: int) -> tuple[list[int], list[int], list[int], int, int]:
    """(ViewUpdate sizes, the same deflated, Act sizes, all host bytes, actions) of one game."""
    t = open_table(game_id, deal)
    moves = play_out(t, deal)
    t.collect()
    acts = [len(text.encode()) for g in t.guests.values() if isinstance(g.transport, MemoryEnd)
            for text in g.transport.sent if isinstance(read_guest(text), Act)]
    updates = [text.encode() for texts in t.sent.values() for text in texts
               if isinstance(read_host(text), ViewUpdate)]
    total = sum(len(text.encode()) for texts in t.sent.values() for text in texts)
    return ([len(u) for u in updates], [len(zlib.compress(u, 6)) for u in updates], acts,
            total, len(moves))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, nargs="+", default=[1, 2, 3])
    args = parser.parse_args()
    print(f"deals {args.deals}; bytes of UTF-8 JSON; a table of 4, two of them guests")
    print(f"{'game':12} {'actions':>7} {'updates':>7} {'update median':>13} {'worst':>6} "
          f"{'deflated median':>15} {'worst':>6} {'act median':>10} {'host bytes/action':>17}")
    for game_id in GAMES:
        sizes, packed, acts, total, actions = [], [], [], 0, 0
        for deal in args.deals:
            s, p, a, b, n = measure(game_id, deal)
            sizes += s
            packed += p
            acts += a
            total += b
            actions += n
        print(f"{game_id:12} {actions:7} {len(sizes):7} {statistics.median(sizes):13.0f} "
              f"{max(sizes):6} {statistics.median(packed):15.0f} {max(packed):6} "
              f"{statistics.median(acts):10.0f} {total / actions:17.0f}")


if __name__ == "__main__":
    main()
