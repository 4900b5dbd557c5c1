#!/usr/bin/env bash
# A long batch of the differential test (crates/go/tests/differential.rs): random Go
# programs (crates/go/tests/diff/gen.rs) in the explorer and under real Go 1.27.3,
# whole outputs compared. Not part of the tests (the test command runs a few).
#   scripts/diff-go.sh [PROGRAMS] [FIRST_SEED]     (default 500 programs from seed 1000)
# A function that differs is written to target/diff/seed<N>_f<K>.go.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/setup.sh"
cd /
GMP_DIFF_PROGRAMS="${1:-500}" GMP_DIFF_SEED="${2:-1000}" RUSTUP_TOOLCHAIN="$TOOLCHAIN" \
  CARGO_TARGET_DIR="$ROOT/target/native" \
  cargo test --release --manifest-path "$ROOT/Cargo.toml" -p gmp-go --test differential -- --nocapture
