"""A soak of joining a table of phones (issue 36): a Firefox ESR guest joins a Chromium host
again and again (the join link opened, the answer pasted), each time a fresh Firefox and a
fresh host, optionally with both cores kept busy (``--load``: a slow phone, where the host's
welcome and its first view came a read apart). Counts the joins that reached the guest's
table; a failure prints what each phone showed.

    flock /tmp/browser.lock .venv/bin/python -m scripts.soak_phone_joins [--joins 6] [--load]

It runs itself again in a loopback-only network namespace (as scripts.bench.phones does).
"""

from __future__ import annotations

import argparse
import subprocess
import time

from scripts.bench.phones import (
    ARGS,
    CHROMIUM,
    SITE,
    again_in_namespace,
    in_loopback_namespace,
)
from scripts.lib.phones import LOOPBACK, firefox_phone, host_game, invite, phone
from scripts.serve import serve_in_thread


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--joins", type=int, default=6)
    p.add_argument("--load", action="store_true", help="keep both cores busy meanwhile")
    args = p.parse_args()
    if not in_loopback_namespace():
        return again_in_namespace("scripts.soak_phone_joins")
    from playwright.sync_api import sync_playwright

    server, url = serve_in_thread(SITE)
    burners = [subprocess.Popen(["nice", "-n", "5", "sh", "-c", "while :; do :; done"])
               for _ in range(2 if args.load else 0)]
    ok = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[*ARGS, *LOOPBACK])
            for i in range(args.joins):
                bea = firefox_phone(url)
                host = phone(browser, url)
                t0 = time.perf_counter()
                try:
                    host_game(host, "machiavelli", [("you", "Ana"), ("phone", "Bea")],
                              {"hand_size": "5"}, deal=3 + i)
                    invite(host, bea, 1, "Bea")
                    ok += 1
                    print(f"join {i}: at the table in {time.perf_counter() - t0:.1f} s",
                          flush=True)
                except Exception as e:
                    print(f"join {i}: FAILED {e!r}"[:300], flush=True)
                    print("  guest:", bea.evaluate("[location.hash, (document.querySelector("
                                                   "'main') || {}).innerText]"), flush=True)
                    print("  host:", host.evaluate("[location.hash, document.body.innerText"
                                                   ".slice(0, 400)]"), flush=True)
                finally:
                    bea.close()
                    host.context.close()
            browser.close()
    finally:
        for b in burners:
            b.kill()
        server.shutdown()
    print(f"{ok} of {args.joins} joins reached the guest's table"
          f"{' (both cores kept busy)' if args.load else ''}")
    return 0 if ok == args.joins else 1


if __name__ == "__main__":
    raise SystemExit(main())
