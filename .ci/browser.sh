#!/usr/bin/env bash
# The browser tests' needs: Debian's Chromium (apt) and Playwright's Python package (pip, into
# .venv). Playwright's own browser download is never used: the tests launch the system
# Chromium by path.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi
if ! .venv/bin/python -c "import playwright" 2>/dev/null; then
  .venv/bin/pip install -q 'playwright>=1.44'
fi
