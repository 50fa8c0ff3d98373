"""Run the Firefox and WebKit smoke tests (tests/xbrowser/) again and again, and count: a race
that fails one run in ten (issue 33's Firefox one did) shows up here, not in one CI run.

Each run is a fresh pytest process on the built site (build/site: build it first), so each has a
fresh browser profile, as CI's has. Prints one line per run and, at the end, the passes per test
and the first lines of each failure.

Usage: flock /tmp/browser.lock .venv/bin/python scripts/smoke_loop.py [--runs 20]
       [--test firefox|webkit|all]
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = {
    "firefox": "tests/xbrowser/test_firefox.py::test_firefox_smoke",
    "webkit": "tests/xbrowser/test_webkit.py::test_webkit_smoke",
}


def run_once(test: str) -> tuple[bool, float, str]:
    t0 = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test],
                          cwd=ROOT, capture_output=True, text=True)
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith(("E ", "FAILED"))]
    return proc.returncode == 0, time.monotonic() - t0, "\n".join(lines[:12])


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--test", choices=[*TESTS, "all"], default="all")
    args = p.parse_args()
    if not (ROOT / "build" / "site" / "index.html").exists():
        raise SystemExit("build/site is missing: run scripts/build_site.py first")
    names = list(TESTS) if args.test == "all" else [args.test]
    passed = {n: 0 for n in names}
    failures: list[str] = []
    for i in range(args.runs):
        for name in names:
            ok, seconds, why = run_once(TESTS[name])
            passed[name] += ok
            print(f"run {i + 1:2d} {name:8s} {'pass' if ok else 'FAIL'} {seconds:5.0f} s",
                  flush=True)
            if not ok:
                failures.append(f"run {i + 1} {name}:\n{why}")
    for name in names:
        print(f"{name}: {passed[name]} of {args.runs} passed")
    for f in failures:
        print(f)


if __name__ == "__main__":
    main()
