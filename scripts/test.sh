#!/usr/bin/env bash
# Installs what is missing, then runs every test GMP Explorer has:
#   1. native: unit, integration and property tests of every crate, and the loom models
#      of the lock-free run queue;
#   2. wasm: wasm-bindgen tests in headless Chromium (worker pool over shared memory);
#   3. end-to-end: the release site built by Trunk, served with and without COOP/COEP,
#      driven in Debian's chromium by playwright-core (screenshots in tests/e2e/artifacts).
# Exits non-zero on the first failure.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
cd "$ROOT"
T0=$SECONDS
step() { printf '\n\033[1;32m== %s (%ss)\033[0m\n' "$*" "$((SECONDS - T0))" >&2; }

# Native cargo runs from outside the repo: .cargo/config.toml (build-std for the wasm
# build) is then not read, so native builds use the prebuilt std instead of rebuilding it.
# They use their own target dir: std built from source (in-repo builds) and the prebuilt
# std must never meet in one deps folder ("duplicate lang item").
ncargo() {
  local sub="$1"; shift
  (cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" CARGO_TARGET_DIR="$ROOT/target/native" \
    cargo "$sub" --manifest-path "$ROOT/Cargo.toml" "$@")
}

step "format check"
ncargo fmt --all -- --check

step "translated text (every language has every key, placeholder and Go name)"
python3 tools/i18n/check_text.py

step "native tests"
ncargo test --workspace --quiet

step "loom model checks of the run queue and the spin lock"
(cd / && RUSTUP_TOOLCHAIN="$TOOLCHAIN" RUSTFLAGS="--cfg loom" CARGO_TARGET_DIR="$ROOT/target/loom" \
  cargo test --manifest-path "$ROOT/Cargo.toml" -p gmp-core --test loom_runq --test loom_global --test loom_spin --release --quiet)

step "wasm tests in headless Chromium"
(cd "$ROOT/web" && cargo test --target wasm32-unknown-unknown)

step "release site (trunk build)"
wasm_prebuild
trunk build --offline --release

step "end-to-end tests in headless Chromium"
node --test --test-concurrency=1 tests/e2e/

step "all tests passed"
