#!/usr/bin/env bash
# Shared set-up for scripts/play and scripts/test: everything a fresh machine needs, cached so
# that a second run needs no network. Sourced, not run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PY="${PYTHON:-python3}"
CACHE="$ROOT/.cache"
mkdir -p "$CACHE"

# 1. Python virtual environment with the dev tools (re-installed only when pyproject changes).
if [ ! -x .venv/bin/python ]; then
  echo "== creating .venv"
  "$PY" -m venv .venv
fi
stamp="$(sha256sum pyproject.toml | cut -c1-16)"
if [ "$(cat .venv/.deps-stamp 2>/dev/null)" != "$stamp" ]; then
  echo "== installing Python dev dependencies"
  .venv/bin/python -m pip install -q --upgrade pip
  # dev extras only: the engine itself is imported from the checkout (step 2; built as a wheel)
  .venv/bin/python - <<'PYEOF' > "$CACHE/dev-requirements.txt"
import tomllib
data = tomllib.load(open("pyproject.toml", "rb"))
print("\n".join(data["project"]["optional-dependencies"]["dev"]))
PYEOF
  .venv/bin/python -m pip install -q -r "$CACHE/dev-requirements.txt"
  echo "$stamp" > .venv/.deps-stamp
fi

# 2. This checkout importable from anywhere in .venv: its root (engine, the tools' package
#    scripts) and web/ (the app's package app), named in a .pth file of site-packages. Not an
#    install of the project: the engine wheel the build makes keeps the engine alone. A .venv
#    that is a link to another checkout's (a git worktree sharing it) is that checkout's to
#    name: this run puts this checkout first on PYTHONPATH instead.
if [ -L .venv ]; then
  export PYTHONPATH="$ROOT:$ROOT/web${PYTHONPATH:+:$PYTHONPATH}"
else
  site_packages=(.venv/lib/python3*/site-packages)
  pth="$ROOT"$'\n'"$ROOT/web"
  if [ "$(cat "${site_packages[0]}/tabletop-checkout.pth" 2>/dev/null)" != "$pth" ]; then
    echo "== naming this checkout in ${site_packages[0]}/tabletop-checkout.pth"
    printf '%s\n' "$pth" > "${site_packages[0]}/tabletop-checkout.pth"
  fi
fi

# 3. Pyodide and PyScript from the npm registry, exact versions, integrity checked by npm ci
#    against package-lock.json (npm's cache makes the second run offline); puppeteer-core
#    (the Firefox smoke test's driver) never downloads a browser: Debian's firefox-esr is used;
#    typescript (tsc, which scripts/test checks the page's JavaScript with) comes with its
#    compiler for this platform as an optional package, so it needs no install script.
export PUPPETEER_SKIP_DOWNLOAD=1
lockstamp="$(sha256sum package-lock.json | cut -c1-16)"
if [ "$(cat node_modules/.lock-stamp 2>/dev/null)" != "$lockstamp" ]; then
  echo "== fetching pyodide, @pyscript/core, axe-core, puppeteer-core and typescript (npm ci)"
  npm ci --ignore-scripts --no-audit --no-fund --prefer-offline --loglevel=error
  echo "$lockstamp" > node_modules/.lock-stamp
fi

# 4. The wheels the site ships from PyPI (micropip, segno), hash pinned (pip refuses a file whose
#    sha256 differs); fetched again only when scripts/requirements-site.txt changes.
wheelstamp="$(sha256sum scripts/requirements-site.txt | cut -c1-16)"
if [ "$(cat "$CACHE"/wheels/.stamp 2>/dev/null)" != "$wheelstamp" ]; then
  echo "== fetching the site's wheels (micropip, segno)"
  .venv/bin/python -m pip download -q --no-deps --only-binary=:all: --python-version 3.14 \
    --require-hashes -r scripts/requirements-site.txt -d "$CACHE/wheels"
  echo "$wheelstamp" > "$CACHE"/wheels/.stamp
fi
