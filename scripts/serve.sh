#!/usr/bin/env bash
# Installs what is missing, then serves GMP Explorer at http://127.0.0.1:8080 with the
# COOP/COEP headers that make the page cross-origin isolated (live mode, worker threads).
# Extra arguments go to `trunk serve` (e.g. --port 9000).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
cd "$ROOT"
say "building the page (the first build compiles std for wasm: a minute or two)"
wasm_prebuild
# --offline: Trunk must never try to download tools (GitHub is unreachable here); the
# setup above put the exact versions on PATH. --release: a small, fast page.
exec trunk serve --offline --release "$@"
